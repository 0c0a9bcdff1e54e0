package dev.csir.exec;

import dev.csir.ir.ShaderIr;

/** Test access to an interpreter that runs every instruction (no {@code Simplifier}). */
public final class LiteralInterpreter {
    private LiteralInterpreter() {
    }

    public static Interpreter of(ShaderIr ir) {
        return Interpreter.literal(ir, null);
    }
}
