/**
 * Control-flow facts about a transform-IR function ({@link dev.csir.ssa.cfg.Cfg}): successors,
 * predecessors, reverse post-order, reachability, dominators and dominance frontiers, for the
 * verifier and for passes such as mem2reg and CSE.
 */
package dev.csir.ssa.cfg;
