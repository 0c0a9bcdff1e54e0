/** The device API and its backends: the software rasterizer, VirGL over vtest, and Vulkan. */
package dev.csir.gfx;
