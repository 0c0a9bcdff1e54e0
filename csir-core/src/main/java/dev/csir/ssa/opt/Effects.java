package dev.csir.ssa.opt;

import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;

/** What the passes must know of an instruction beyond its opcode's purity. */
final class Effects {
    private Effects() {
    }

    /**
     * Writes memory (modf and frexp write through their pointer), ends a block, waits or may do
     * either (a call): never removed for being unused.
     */
    static boolean hasSideEffect(Instruction i) {
        return switch (i.op()) {
            case STORE, IMAGE_STORE, CALL, ATOMIC_RMW, ATOMIC_COMPARE_EXCHANGE, BARRIER -> true;
            case CALL_INTRINSIC -> i.operands().stream().anyMatch(v -> v.type() instanceof dev.csir.types.PointerType);
            default -> i.op().isTerminator();
        };
    }

    /** Same operands, same result, no effect: CSE may merge two of them, combine may fold one. */
    static boolean isPure(Instruction i) {
        if (i.op() == Opcode.CALL_INTRINSIC) {
            return i.immediateCount() > 0 && i.immediate(0) >= 0
                    && i.immediate(0) < Intrinsic.count() && i.intrinsic().pure();
        }
        return i.op().isPure();
    }
}
