/**
 * The software backend: vertex shading, homogeneous clipping, edge-function rasterization with a
 * top-left fill rule, perspective-correct varyings, depth, discard and RGBA8 output, spread
 * over row bands on every core.
 */
package dev.csir.gfx.soft;
