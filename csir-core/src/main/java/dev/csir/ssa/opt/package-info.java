/**
 * The transform IR's optimizer (spec 002 "Optimizer"): one pass per class, each with a name and
 * a progress result, run by {@link dev.csir.ssa.opt.PassManager}: inlining first, then SROA,
 * mem2reg, combine, CSE, DCE and CFG simplification to a fixed point, with the verifier after
 * every pass when asked (tests always ask). The CSIR pipelines add {@link dev.csir.ssa.opt.Unroll}.
 */
package dev.csir.ssa.opt;
