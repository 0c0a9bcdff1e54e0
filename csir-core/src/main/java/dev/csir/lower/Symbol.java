package dev.csir.lower;

import dev.csir.ir.Type;
import dev.csir.lang.Ast;

/**
 * A named entity of one compile: a built-in or declared variable, a parameter, a loop variable or a
 * user function. Identity is fixed at creation; storage and known-constant state change as lowering
 * proceeds, so those fields are mutable and owned by the single compile that created the symbol.
 */
public final class Symbol {
    /** What the name denotes. */
    public enum Kind { VARIABLE, FUNCTION, POSITION, FRAG_COORD }

    public final String name;
    public final Kind kind;
    public final Ast.Storage storage;
    public final Type type;
    public final boolean isConst;
    /** Explicit {@code layout(location = N)}, or -1. */
    public final int location;
    public final Ast.Pos pos;
    /** The declaration of a function, else null. */
    public final Ast.FuncDecl function;
    /** The declaration of a global variable, else null. */
    public final Ast.VarDecl declaration;

    /** First temporary holding the value, -1 while the symbol has no storage. */
    public int temp = -1;
    /** Interface slot (attribute location, varying slot, uniform vec4 slot, sampler slot), or -1. */
    public int slot = -1;
    /** True while the variable is a scalar whose value is known at compile time. */
    public boolean known;
    public float knownValue;
    /** Set when an assignment targets the symbol (used by the loop unroller). */
    public boolean assigned;

    public Symbol(String name, Kind kind, Ast.Storage storage, Type type, boolean isConst, int location,
            Ast.Pos pos, Ast.FuncDecl function, Ast.VarDecl declaration) {
        this.name = name;
        this.kind = kind;
        this.storage = storage;
        this.type = type;
        this.isConst = isConst;
        this.location = location;
        this.pos = pos;
        this.function = function;
        this.declaration = declaration;
    }

    /** A local variable or parameter. */
    public static Symbol local(String name, Type type, boolean isConst, Ast.Pos pos) {
        return new Symbol(name, Kind.VARIABLE, Ast.Storage.NONE, type, isConst, -1, pos, null, null);
    }

    public boolean isSampler() {
        return type == Type.SAMPLER2D;
    }

    public boolean isFunction() {
        return kind == Kind.FUNCTION;
    }
}
