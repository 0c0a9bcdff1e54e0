/**
 * The evaluator of the transform IR: {@link dev.csir.ssa.eval.Evaluator#run} runs a module's entry
 * point for one invocation on the CPU and is the reference every optimizer pass, and every back
 * end, is compared against. It depends on {@code dev.csir.ssa} and {@code dev.csir.types} only.
 *
 * <h2>Values</h2>
 * A {@link dev.csir.ssa.eval.Val} is immutable: scalars, vectors and matrices hold one exact bit
 * pattern per component (matrices column-major), arrays and structs their elements, pointers a
 * storage cell plus an access path. {@code undef}, allocas and globals without an initializer or
 * an invocation value read as zero bits. A spec constant is its default unless the invocation
 * overrides its id.
 *
 * <h2>Exactness</h2>
 * int and uint arithmetic wraps at 32 bits; shift counts are masked to 5 bits (as the optimizer
 * folds them); signedness of division, remainder, shifts, comparisons, min/max and conversions
 * comes from the operand type. float arithmetic is IEEE single precision (Java float: round to
 * nearest even, subnormals kept, no fused multiply-add), double is double. {@code neg} of a
 * float flips the sign bit. NaN compares unequal to everything: only {@code ne} holds. Matrix
 * products and {@code dot} sum k = 0, 1, ... in the operand precision starting from the first
 * product. GLSL's formula-defined functions (mix, mod, fract, smoothstep, reflect, refract, ...)
 * are evaluated step by step in the operand precision; transcendentals, {@code determinant} and
 * {@code inverse} are computed in double and rounded once (the GPU is only approximately equal
 * there, so back-end comparisons need a tolerance; optimizer comparisons do not, since the
 * optimizer does not fold them).
 *
 * <h2>The cases the GPU leaves undefined</h2>
 * Each resolution below is reported in {@link dev.csir.ssa.eval.Result#undefined}, so a
 * comparison can tell a run whose outputs depend on them.
 * <ul>
 * <li>Integer {@code x / 0} is 0 and {@code x % 0} is 0; {@code INT_MIN / -1} is INT_MIN and
 *     {@code INT_MIN % -1} is 0 (signed only; uint has no such case).</li>
 * <li>float or double to int truncates toward zero and saturates at INT_MIN / INT_MAX; to uint it
 *     saturates at 0 / UINT_MAX; NaN converts to 0. A numeric to bool conversion is {@code != 0}
 *     (NaN is true, -0.0 false); bool converts to 1 / 0.</li>
 * <li>An access-chain index out of range for the value it selects from (including a negative int
 *     and anything past a run-time sized array's actual length): loads through the pointer read
 *     zero and stores through it are dropped. {@code extractdyn} out of range yields 0,
 *     {@code insertdyn} out of range yields the vector unchanged, so memory code and its
 *     mem2reg form agree. Constant out-of-range paths ({@code extract}, {@code insert}, shuffle
 *     lanes) are verifier errors and trap; a shuffle lane of -1 reads 0.</li>
 * <li>{@code bitfieldExtract} with offset/count outside 0..32 yields 0, {@code bitfieldInsert}
 *     yields the base unchanged.</li>
 * </ul>
 * Other choices, not reported: {@code round} takes halfway cases away from zero; min/max/clamp
 * are GLSL's {@code y < x ? y : x} forms (so their NaN behaviour follows); {@code sign} keeps the
 * sign of a zero and NaN; {@code abs(INT_MIN)} is INT_MIN; {@code normalize} of a zero vector
 * gives NaN; {@code frexp} of 0, an infinity or NaN yields it with exponent 0 and {@code modf} of
 * an infinity yields a zero fraction; the packing functions round halfway cases to even and pack
 * NaN as 0.
 *
 * <h2>One invocation</h2>
 * Derivatives ({@code dFdx}, {@code dFdy}, {@code fwidth}) are 0: a single invocation has no
 * neighbours. {@code barrier} is a no-op; atomics read, modify and write at once and yield the old
 * value. Textures are read through the invocation's {@link dev.csir.ssa.eval.TextureSampler}
 * (none given: everything reads 0); storage images ({@code imageload}, {@code imagestore}) are
 * not modelled and trap.
 *
 * <h2>Ending</h2>
 * {@link dev.csir.ssa.eval.Result.Status#RETURNED} when the entry returns,
 * {@link dev.csir.ssa.eval.Result.Status#KILLED} at a {@code kill} (the outputs are as written so
 * far), {@link dev.csir.ssa.eval.Result.Status#LIMIT} when the instruction budget (default
 * 1,000,000 executed instructions, phis and terminators included) or the call depth limit
 * (default 64) is reached, {@link dev.csir.ssa.eval.Result.Status#TRAP} with a message for what
 * the verifier rejects (an undefined or mistyped operand, a missing phi edge, a store to an input
 * or uniform, a block without a terminator, ...), for an executed {@code unreachable}, and for a
 * wrong invocation (an unknown global, a value of the wrong type). Phis of a block are evaluated on
 * entry, all reading their incoming values before any is set.
 */
package dev.csir.ssa.eval;
