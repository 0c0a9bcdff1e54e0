package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.StructureKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Walks the entry function's structured control flow and lays it out linearly: a selection
 * header becomes IF / ELSE / ENDIF around its arms up to the merge block, a loop header LOOP /
 * ENDLOOP around the header, body and continue construct, a branch to the innermost loop's merge
 * BREAK, and a branch to its continue target from inside the body the continue construct
 * followed by CONTINUE. Phis leave SSA as parallel copies on each edge into their block, placed
 * where the edge is taken (in the arm of an IF for a header's direct edge to its merge).
 *
 * <p>A {@code ret} ends the shader after the outputs are stored; one inside a construct is
 * reached through an outer LOOP that runs once, so it can BREAK to the stores (inside a real
 * loop the lowering gives up with a message).
 */
final class Structurizer {
    /**
     * An open loop; {@code selections} counts the IFs opened inside it so far and not yet closed.
     * A switch is laid out as a LOOP that runs once, so that its breaks are BREAKs: then
     * {@code isSwitch} is set, and {@code continued} is the register (else -1) that a continue
     * of the loop around sets before it BREAKs out of the switch.
     */
    private static final class Loop {
        final Block header;
        final Block merge;
        final Block continueTarget;
        int selections;
        boolean isSwitch;
        int continued = -1;
        boolean continues;

        Loop(Block header, Block merge, Block continueTarget) {
            this.header = header;
            this.merge = merge;
            this.continueTarget = continueTarget;
        }

        Block header() {
            return header;
        }

        Block merge() {
            return merge;
        }
    }

    private final Selector s;
    private final Runnable storeOutputs;
    private final Deque<Loop> loops = new ArrayDeque<>();
    private int depth;
    private final int maxDepth;
    private final boolean wrapped;
    /** Set when a ret was found inside a construct with no once-loop around: lay out again, wrapped. */
    boolean needsWrapper;
    /** Set when that ret was inside a loop: the wrapped layout breaks out of the loops on a flag. */
    boolean returnsFromLoop;
    /** In a wrapped layout with returns from loops: the register that says main has returned, else -1. */
    private int returned = -1;

    Structurizer(Selector s, Runnable storeOutputs, int maxDepth, boolean wrapped, boolean returnFlag) {
        this.s = s;
        this.storeOutputs = storeOutputs;
        this.maxDepth = maxDepth;
        this.wrapped = wrapped;
        this.returnsFromLoop = returnFlag;
    }

    Selector selector() {
        return s;
    }

    /** The function laid out: its block order is the source order of a switch's cases. */
    private Function function;

    void run(Function f) {
        function = f;
        if (wrapped) {
            if (returnsFromLoop) {
                returned = s.code.newRegister(1);
                s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, returned, s.floats(1, 0f), -1, 0, 0);
            }
            loops.push(new Loop(null, null, null));
            open(Opcode.LOOP, -1);
        }
        region(f.entry(), null);
        if (wrapped) {
            s.control(Opcode.BREAK, -1);
            close(Opcode.ENDLOOP);
            loops.pop();
            storeOutputs.run();
        }
    }

    private void open(Opcode op, int a) {
        if (++depth > maxDepth) {
            s.error(dev.csir.diag.Messages.NESTING_LIMIT);
        }
        s.control(op, a);
    }

    private void close(Opcode op) {
        depth--;
        s.control(op, -1);
    }

    /** Lays out the blocks from {@code b} until {@code stop} is reached (or control leaves). */
    private void region(Block b, Block stop) {
        while (b != null && b != stop) {
            if (b.structure() == StructureKind.LOOP && (loops.isEmpty() || loops.peek().header() != b)) {
                loop(b);
                b = b.merge();
                continue;
            }
            b = block(b);
        }
    }

    /** Lays out one block's instructions and its terminator; returns the block control goes on to, or null. */
    private Block block(Block b) {
        for (Instruction i : b.instructions()) {
            if (i.op() != dev.csir.ssa.Opcode.PHI && !i.op().isTerminator()) {
                s.select(i);
            }
        }
        Instruction t = b.terminator();
        s.from(t);
        switch (t.op()) {
            case BR -> {
                return edge(b, t.targets().getFirst());
            }
            case COND_BR -> {
                return condBr(b, t);
            }
            case SWITCH -> {
                return switchOn(b, t);
            }
            case RET -> {
                ret();
                return null;
            }
            case KILL -> {
                s.control(Opcode.DISCARD, -1);
                return null;
            }
            case UNREACHABLE -> {
                return null;
            }
            default -> {
                s.unsupported("a " + t.op().mnemonic() + " terminator");
                return null;
            }
        }
    }

    private void ret() {
        if (depth == 0 && !wrapped) {
            storeOutputs.run();
        } else if (!wrapped) {
            needsWrapper = true;
            returnsFromLoop |= loops.stream().anyMatch(l -> l.header() != null);
        } else {
            if (returned >= 0 && loops.peek().header() != null) {
                // out of this loop now, and out of each one around it on the flag
                s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, returned, s.floats(1, 1f), -1, 0, 0);
            }
            s.control(Opcode.BREAK, -1);
        }
    }

    /**
     * Takes the edge {@code from -> to}: the copies into {@code to}'s phis, then what the edge
     * means: a BREAK to the loop's merge, the continue construct and CONTINUE from inside the
     * body; else control goes on to {@code to}.
     */
    private Block edge(Block from, Block to) {
        phiCopies(from, to);
        Loop loop = loops.peek();
        if (loop != null && loop.isSwitch && to != loop.merge()) {
            Loop outer = loops.stream().filter(l -> !l.isSwitch).findFirst().orElse(null);
            if (outer != null && outer.header() != null && loop.continued >= 0
                    && (to == outer.continueTarget || to == outer.header)) {
                // a continue of the loop around: out of the switch on a flag, which it tests after
                loop.continues = true;
                s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, loop.continued, s.floats(1, 1f), -1, 0, 0);
                s.control(Opcode.BREAK, -1);
                return null;
            }
        }
        if (loop != null && loop.header() != null) {
            if (to == loop.merge()) {
                s.control(Opcode.BREAK, -1);
                return null;
            }
            if (to == loop.continueTarget && to != loop.header && loop.selections > 0) {
                // a continue from inside an IF: the continue construct here, then back to the LOOP
                region(to, loop.header);
                s.control(Opcode.CONTINUE, -1);
                return null;
            }
        }
        return to;
    }

    private Block condBr(Block b, Instruction t) {
        int cond = s.operand(t.operand(0));
        Block yes = t.targets().get(0);
        Block no = t.targets().get(1);
        Block merge = b.structure() == StructureKind.SELECTION ? b.merge() : null;
        Loop loop = loops.peek();
        if (merge == null && loop != null && loop.header() != null && (yes == loop.merge() || no == loop.merge())) {
            // a loop's exit test: leave on one side, go on with the other
            boolean exitOnYes = yes == loop.merge();
            open(Opcode.IF, cond);
            if (!exitOnYes) {
                s.control(Opcode.ELSE, -1);
            }
            edge(b, loop.merge());
            close(Opcode.ENDIF);
            return edge(b, exitOnYes ? no : yes);
        }
        if (merge == null) {
            s.unsupported("a conditional branch outside a structured construct");
            return null;
        }
        boolean exits = loop != null && loop.header() != null && merge == loop.merge();
        // the header's own edge to the merge (an arm with no blocks): its phi copies go before
        // the IF, where their sources are known too; the arm that runs overwrites them at its end
        boolean hoisted = !exits && (yes == merge) != (no == merge);
        if (hoisted) {
            phiCopies(b, merge);
        }
        open(Opcode.IF, cond);
        if (loop != null) {
            loop.selections++;
        }
        if (yes != merge || !hoisted) {
            arm(b, yes, merge);
        }
        int elseAt = s.code.items.size();
        s.control(Opcode.ELSE, -1);
        if (no != merge || !hoisted) {
            arm(b, no, merge);
        }
        if (s.code.items.size() == elseAt + 1) {
            s.code.items.remove(elseAt); // an empty ELSE
        }
        if (loop != null) {
            loop.selections--;
        }
        close(Opcode.ENDIF);
        // a selection that merges at the loop's exit left it on every path that got there
        return exits ? null : merge;
    }

    private void arm(Block header, Block target, Block merge) {
        if (target == merge) {
            edge(header, merge);
        } else {
            region(target, merge);
        }
    }

    /**
     * A switch: a LOOP that runs once (its breaks BREAK), in which each case block, in source
     * order, runs under an IF when the selector matches one of its values (or none, for the
     * default) or when the case before it fell through into it, which a flag says.
     */
    private Block switchOn(Block b, Instruction t) {
        Block merge = b.merge();
        int selector = s.operand(t.operand(0));
        Block otherwise = t.targets().getFirst();
        // each case block's match, 1.0 or 0.0: equal to one of its values, or to none for the default
        java.util.Map<Block, Integer> matches = new java.util.LinkedHashMap<>();
        int any = -1;
        for (int k = 0; k < t.immediateCount(); k++) {
            Block target = t.targets().get(k + 1);
            int eq = s.caseIs(selector, t.immediate(k));
            matches.merge(target, eq, (x, y) -> s.op(Opcode.MAX, 1, x, y));
            any = any < 0 ? eq : s.op(Opcode.MAX, 1, any, eq);
        }
        if (otherwise != merge) {
            int none = any < 0 ? s.floats(1, 1f) : s.op(Opcode.SUB, 1, s.floats(1, 1f), any);
            matches.merge(otherwise, none, (x, y) -> s.op(Opcode.MAX, 1, x, y));
        }
        matches.remove(merge);
        // where no case runs control goes straight to the merge: its copies first, as for an if
        phiCopies(b, merge);
        if (matches.isEmpty()) {
            return merge;
        }
        List<Block> cases = new ArrayList<>(matches.keySet());
        // a plain lambda: Comparator.comparingInt's is serializable, which the AOT cache does not keep linked
        cases.sort((x, y) -> Integer.compare(function.blocks().indexOf(x), function.blocks().indexOf(y)));
        // only the case the selector picks is entered from the header: its copies before any case runs
        for (Block c : cases) {
            if (!c.phis().isEmpty()) {
                open(Opcode.IF, matches.get(c));
                phiCopies(b, c);
                close(Opcode.ENDIF);
            }
        }
        Loop sw = new Loop(b, merge, null);
        sw.isSwitch = true;
        int fell = s.code.newRegister(1);
        s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, fell, s.floats(1, 0f), -1, 0, 0);
        if (loops.stream().anyMatch(l -> !l.isSwitch && l.header() != null)) {
            sw.continued = s.code.newRegister(1);
            s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, sw.continued, s.floats(1, 0f), -1, 0, 0);
        }
        loops.push(sw);
        open(Opcode.LOOP, -1);
        for (int k = 0; k < cases.size(); k++) {
            open(Opcode.IF, s.op(Opcode.MAX, 1, matches.get(cases.get(k)), fell));
            sw.selections++;
            s.emit(Opcode.MOV, dev.csir.ir.Type.BOOL, 1, fell, s.floats(1, 1f), -1, 0, 0);
            // up to the next case (a fall through) or out of the switch (a BREAK)
            region(cases.get(k), k + 1 < cases.size() ? cases.get(k + 1) : merge);
            sw.selections--;
            close(Opcode.ENDIF);
        }
        s.control(Opcode.BREAK, -1);
        close(Opcode.ENDLOOP);
        loops.pop();
        breakIfReturned();
        Loop outer = loops.peek();
        if (sw.continues) {
            Loop around = loops.stream().filter(l -> !l.isSwitch).findFirst().orElseThrow();
            open(Opcode.IF, sw.continued);
            if (outer != null) {
                outer.selections++;
            }
            edge(b, around.continueTarget);
            if (outer != null) {
                outer.selections--;
            }
            close(Opcode.ENDIF);
        }
        if (outer != null && outer.header() != null && merge == outer.merge()) {
            s.control(Opcode.BREAK, -1); // the switch merges at the loop's exit
            return null;
        }
        return merge;
    }

    /** After a loop or switch: leave the loop around it too when the invocation returned inside. */
    private void breakIfReturned() {
        if (returned >= 0) {
            open(Opcode.IF, returned);
            s.control(Opcode.BREAK, -1);
            close(Opcode.ENDIF);
        }
    }

    private void loop(Block header) {
        Block merge = header.merge();
        Block cont = header.continueTarget();
        loops.push(new Loop(header, merge, cont));
        open(Opcode.LOOP, -1);
        Block next = block(header);
        region(next, cont == header ? header : cont);
        if (cont != header && next != null) {
            region(cont, header);
        }
        close(Opcode.ENDLOOP);
        loops.pop();
        breakIfReturned();
    }

    /** The copies into {@code to}'s phis for the edge from {@code from}: all at once. */
    private void phiCopies(Block from, Block to) {
        List<Instruction> phis = to.phis();
        if (phis.isEmpty()) {
            return;
        }
        List<Integer> dsts = new ArrayList<>();
        List<Integer> srcs = new ArrayList<>();
        for (Instruction phi : phis) {
            int k = phi.targets().indexOf(from);
            if (k < 0) {
                continue;
            }
            dsts.add(s.operand(phi));
            srcs.add(s.operand(phi.operand(k)));
        }
        s.copies(dsts.stream().mapToInt(Integer::intValue).toArray(), srcs.stream().mapToInt(Integer::intValue).toArray());
    }
}
