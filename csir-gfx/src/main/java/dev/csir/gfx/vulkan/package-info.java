/** The Vulkan device: SPIR-V pipelines through LWJGL on the system's Vulkan loader (lavapipe or a GPU). */
package dev.csir.gfx.vulkan;
