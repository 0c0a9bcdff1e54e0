/**
 * The transform IR's verifier ({@link dev.csir.ssa.verify.Verifier}): every rule the passes and
 * back ends rely on, split by family (module, block shape, operands, types, structure, SSA),
 * reported as {@link dev.csir.ssa.verify.Problem}s with their location. Messages are the
 * constants of {@link dev.csir.ssa.verify.VerifierMessages}.
 */
package dev.csir.ssa.verify;
