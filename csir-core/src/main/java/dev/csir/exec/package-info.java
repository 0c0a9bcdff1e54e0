/** The CSIR software interpreter: precompiled flat code, reusable frames, nearest/clamp textures. */
package dev.csir.exec;
