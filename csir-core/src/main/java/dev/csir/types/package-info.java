/**
 * The vocabulary the front end and the transform IR share: the type model (scalars, vectors,
 * matrices, arrays, structs, samplers, images, logical pointers) and the shader stages. Every
 * type is a record compared by value, so lowering never translates types.
 */
package dev.csir.types;
