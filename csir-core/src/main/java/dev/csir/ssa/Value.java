package dev.csir.ssa;

import dev.csir.types.Type;

/** An SSA value: what an operand can be. */
public sealed interface Value permits Constant, Argument, GlobalVariable, Instruction, SpecConstant {
    Type type();
}
