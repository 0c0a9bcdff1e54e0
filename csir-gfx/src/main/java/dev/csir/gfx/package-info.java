/** The device API and its backends: the software rasterizer and VirGL over vtest. */
package dev.csir.gfx;
