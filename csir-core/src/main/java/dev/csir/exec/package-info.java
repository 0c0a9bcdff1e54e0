/**
 * The CSIR software interpreter: precompiled flat code, reusable frames, nearest/clamp textures;
 * and the batch path ({@link dev.csir.exec.BatchShader}), the interpreter's code compiled to a
 * hidden class that runs a batch of invocations with the interpreter's results.
 */
package dev.csir.exec;
