/**
 * From the transform IR to CSIR: the optimized module's structured control flow becomes CSIR's
 * IF/ELSE/ENDIF and LOOP/ENDLOOP with phi copies on the edges ({@link dev.csir.tocsir.Structurizer}),
 * its instructions become CSIR operations on virtual registers ({@link dev.csir.tocsir.Selector},
 * with {@link dev.csir.tocsir.Intrinsics}, {@link dev.csir.tocsir.Composites} and
 * {@link dev.csir.tocsir.MemoryAccess}), and liveness over the structured code, copy coalescing
 * and a greedy colouring map those onto CSIR's vec4 temporaries ({@link dev.csir.tocsir.Interference},
 * {@link dev.csir.tocsir.Allocator}).
 */
package dev.csir.tocsir;
