package dev.csir.ssa.verify;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.cfg.Cfg;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One function under verification: its graph, where each of its instructions sits, and the
 * problems found so far. Positions come from walking the block lists, not from parent links,
 * so a broken parent link (a shape problem) does not also confuse ownership and dominance.
 */
final class FunctionScope {
    final ModuleIndex module;
    final Function function;
    final Cfg cfg;
    private final List<Problem> problems;
    /** Block layout index and index in the block, per instruction of the function. */
    private final Map<Instruction, int[]> positions = new IdentityHashMap<>();
    /**
     * Instructions whose operand, target or immediate counts are wrong: the type rules skip
     * them, since they would only restate the count problem in other words.
     */
    final Set<Instruction> malformed = Collections.newSetFromMap(new IdentityHashMap<>());

    FunctionScope(ModuleIndex module, Function function, List<Problem> problems) {
        this.module = module;
        this.function = function;
        this.problems = problems;
        this.cfg = Cfg.of(function);
        List<Block> blocks = cfg.blocks();
        for (int b = 0; b < blocks.size(); b++) {
            List<Instruction> code = blocks.get(b).instructions();
            for (int i = 0; i < code.size(); i++) {
                positions.putIfAbsent(code.get(i), new int[] {b, i});
            }
        }
    }

    String name() {
        return function.name();
    }

    /** True when {@code i} sits in one of this function's blocks. */
    boolean owns(Instruction i) {
        return positions.containsKey(i);
    }

    /** The layout index of the block holding {@code i}, or -1. */
    int blockOf(Instruction i) {
        int[] p = positions.get(i);
        return p == null ? -1 : p[0];
    }

    /** The index of {@code i} in its block, or -1. */
    int indexOf(Instruction i) {
        int[] p = positions.get(i);
        return p == null ? -1 : p[1];
    }

    Block block(int index) {
        return cfg.blocks().get(index);
    }

    /** A problem of the whole function. */
    void report(String template, Object... args) {
        at(-1, -1, template, args);
    }

    /** A problem at block {@code block}, instruction {@code instruction} (-1: the whole block). */
    void at(int block, int instruction, String template, Object... args) {
        problems.add(new Problem(function.name(), block, instruction, VerifierMessages.format(template, args)));
    }

    /** A problem at instruction {@code i} of this function. */
    void at(Instruction i, String template, Object... args) {
        at(blockOf(i), indexOf(i), template, args);
    }
}
