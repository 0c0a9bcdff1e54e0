/**
 * Jazzer fuzz targets, one per input boundary: CSI blobs, shader source text, source pairs for
 * linking, and random CSIR through the verifier into the TGSI emitter and the interpreter. Run
 * as plain tests they replay their committed seeds; with {@code JAZZER_FUZZ=1} (the Maven
 * profile {@code fuzz}, on for {@code ./test}) each one fuzzes for {@code csir.fuzz.duration}.
 */
package dev.csir.fuzz;
