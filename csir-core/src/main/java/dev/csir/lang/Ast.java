package dev.csir.lang;

import dev.csir.types.Type;
import java.util.List;

/**
 * The syntax tree of the GLSL-like language: plain records, each carrying the source position of
 * the token that diagnostics point at (an operator for a binary expression, the {@code =} of an
 * assignment, the name of a declaration).
 */
public final class Ast {
    private Ast() {
    }

    /**
     * Where a node is in the source: the 1-based line and column diagnostics show, and the span of
     * the token they point at as a UTF-8 byte offset and length (-1 and 0 when made without one).
     * Positions are equal when they name the same line and column: the span rides along, so trees
     * written by hand in tests compare equal to parsed ones.
     */
    public record Pos(int line, int column, int offset, int length) {
        public static final Pos NONE = new Pos(1, 1);

        public Pos(int line, int column) {
            this(line, column, -1, 0);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pos p && p.line == line && p.column == column;
        }

        @Override
        public int hashCode() {
            return line * 31 + column;
        }
    }

    /**
     * A translation unit: its global declarations, the {@code #version} it asked for, and for
     * GLSL ES's rule that some types need a precision, the first declaration of a float type and
     * the first of a sampler other than sampler2D and samplerCube with neither a precision
     * qualifier nor a default precision in scope (each null when there is none). Whether the rule
     * applies (ES; floats only in the fragment stage) is the checker's to say. {@code extensions}
     * are those {@code #extension} enabled, which give some built-ins before their version.
     */
    public record Unit(List<Decl> globals, GlslVersion version, Pos floatWithoutPrecision, Pos samplerWithoutPrecision,
            String samplerName, java.util.Set<String> extensions) {
        public Unit {
            globals = List.copyOf(globals);
            version = version == null ? GlslVersion.DEFAULT : version;
            extensions = extensions == null ? java.util.Set.of() : java.util.Set.copyOf(extensions);
        }

        public Unit(List<Decl> globals, GlslVersion version) {
            this(globals, version, null, null, null, null);
        }

        public Unit(List<Decl> globals) {
            this(globals, GlslVersion.DEFAULT);
        }
    }

    /** Storage qualifier of a declaration. */
    /** Storage qualifier of a declaration; ATTRIBUTE and VARYING are GLSL 1.10's and ES 1.00's. */
    public enum Storage { NONE, IN, OUT, UNIFORM, CONST, ATTRIBUTE, VARYING }

    /** One {@code name} or {@code name = value} of a layout qualifier, as written ({@code value} -1 when none). */
    public record LayoutId(Pos pos, String name, int value, boolean hasValue) {
    }

    /**
     * The ids of every {@code layout(...)} of a declaration, in source order (several qualifiers
     * and several ids in one are one list). Where an id is given twice the last one counts, as in
     * glslang.
     */
    public record Layout(List<LayoutId> ids) {
        public static final Layout NONE = new Layout(List.of());

        public Layout {
            ids = List.copyOf(ids);
        }

        /** The last {@code name} given, or null. */
        public LayoutId id(String name) {
            for (int i = ids.size() - 1; i >= 0; i--) {
                if (ids.get(i).name().equals(name)) {
                    return ids.get(i);
                }
            }
            return null;
        }

        /** The value of the last {@code name = value}, or -1. */
        public int value(String name) {
            LayoutId id = id(name);
            return id == null ? -1 : id.value();
        }

        public boolean has(String name) {
            return id(name) != null;
        }
    }

    /**
     * Qualifiers as written: the layout ids, the interpolation qualifier ({@code smooth},
     * {@code flat}, {@code noperspective}; NONE when not written), {@code centroid}, the storage
     * word, and a trailing {@code const} after it.
     */
    /** The interpolation qualifier as written (GLSL 4.60 section 4.5). */
    public enum Interp { NONE, SMOOTH, FLAT, NOPERSPECTIVE }

    public record Qualifiers(Layout layout, Interp interp, boolean centroid, Storage storage, boolean isConst) {
        public static final Qualifiers NONE = new Qualifiers(Layout.NONE, Interp.NONE, false, Storage.NONE, false);

        public Qualifiers {
            layout = layout == null ? Layout.NONE : layout;
            interp = interp == null ? Interp.NONE : interp;
        }

        public Qualifiers(Layout layout, Storage storage, boolean isConst) {
            this(layout, Interp.NONE, false, storage, isConst);
        }

        /** Whether an interpolation or auxiliary qualifier was written. */
        public boolean interpolated() {
            return interp != Interp.NONE || centroid;
        }

        /** {@code layout(location = N)}, or -1. */
        public int location() {
            return layout.value("location");
        }
    }

    /** A declaration, global or local. */
    public sealed interface Decl permits VarDecl, FuncDecl, BlockDecl, DefaultLayout, StructDecl {
        Pos pos();

        String name();
    }

    /**
     * {@code [qualifiers] type name [dims] [= init];} — pos is the name's. {@code type} is the
     * element type; {@code dims} are the array sizes, outermost first (those after the name, then
     * those after the type), a null one written {@code []}; empty when the variable is no array.
     */
    public record VarDecl(Pos pos, Qualifiers qualifiers, Type type, Pos typePos, String name, Expr init,
            List<Expr> dims) implements Decl {
        public VarDecl {
            dims = dims == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(dims));
        }

        public VarDecl(Pos pos, Qualifiers qualifiers, Type type, Pos typePos, String name, Expr init) {
            this(pos, qualifiers, type, typePos, name, init, List.of());
        }
    }

    /** {@code struct Name { members };} — pos is the name's; the parser resolved the members' types. */
    public record StructDecl(Pos pos, dev.csir.types.StructType type) implements Decl {
        @Override
        public String name() {
            return type.name();
        }
    }

    /**
     * An interface block, {@code [layout] uniform|in|out Name { members } [instance];} — pos is
     * the block name's; {@code instance} is null when the block has no instance name (its members
     * are then names of their own). {@code dims} are the instance's array sizes ({@code ubo[2]}),
     * outermost first, a null one for {@code []}; empty when the instance is no array.
     */
    public record BlockDecl(Pos pos, Qualifiers qualifiers, String name, List<VarDecl> members, String instance,
            Pos instancePos, List<Expr> dims) implements Decl {
        public BlockDecl {
            members = List.copyOf(members);
            dims = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(dims));
        }
    }

    /** {@code layout(...) uniform;}: the default layout of the blocks declared after it — pos is the storage word's. */
    public record DefaultLayout(Pos pos, Qualifiers qualifiers) implements Decl {
        @Override
        public String name() {
            return "";
        }
    }

    /** Which way a parameter passes its value: in (copied in), out (copied out at return), or both. */
    public enum Direction { IN, OUT, INOUT }

    /**
     * A parameter {@code [in|out|inout] type name}; {@code type} already an array type for
     * {@code float w[3]}.
     */
    public record Param(Pos pos, Type type, String name, Direction direction) {
        public Param(Pos pos, Type type, String name) {
            this(pos, type, name, Direction.IN);
        }
    }

    /** {@code type name(params) { body }}, or a prototype {@code type name(params);} with a null body — pos is the name's. */
    public record FuncDecl(Pos pos, Type returnType, String name, List<Param> params, Block body)
            implements Decl {
        public FuncDecl {
            params = List.copyOf(params);
        }
    }

    /** Statements. */
    public sealed interface Stmt permits Empty, Block, ExprStmt, DeclStmt, Decls, If, For, DoWhile, Switch, Case,
            Return, Discard, Break, Continue {
        Pos pos();
    }

    /** A lone {@code ;}. */
    public record Empty(Pos pos) implements Stmt {
    }

    /** {@code { stmts }} — pos is the {@code {}'s. */
    public record Block(Pos pos, List<Stmt> stmts) implements Stmt {
        public Block {
            stmts = List.copyOf(stmts);
        }
    }

    /** An expression evaluated for effect. */
    public record ExprStmt(Pos pos, Expr expr) implements Stmt {
    }

    /** A declaration in statement position. */
    public record DeclStmt(Pos pos, Decl decl) implements Stmt {
    }

    /**
     * {@code float a = 1.0, b;}: several declarators of one type and qualifiers, in order (after
     * the {@link StructDecl} of {@code struct S { ... } a, b;}).
     */
    public record Decls(Pos pos, List<Decl> decls) implements Stmt {
        public Decls {
            decls = List.copyOf(decls);
        }
    }

    /** {@code if (cond) then [else otherwise]}; otherwise may be null. */
    public record If(Pos pos, Expr cond, Stmt then, Stmt otherwise) implements Stmt {
    }

    /** {@code do body while (cond);}: the body runs once before the first test. */
    public record DoWhile(Pos pos, Stmt body, Expr cond) implements Stmt {
    }

    /**
     * {@code for (init cond; step) body}: init is a {@link DeclStmt}, an {@link ExprStmt} or null;
     * cond and step may be null.
     */
    public record For(Pos pos, Stmt init, Expr cond, Expr step, Stmt body) implements Stmt {
    }

    /**
     * {@code switch (selector) { body }}: the body is a statement list in which {@link Case}
     * labels mark where control may enter, as GLSL's grammar has it (GLSL 4.60 6.2).
     */
    public record Switch(Pos pos, Expr selector, List<Stmt> body) implements Stmt {
        public Switch {
            body = List.copyOf(body);
        }
    }

    /** {@code case value:}, or {@code default:} with a null value: a label, valid only in a switch's body. */
    public record Case(Pos pos, Expr value) implements Stmt {
    }

    /** {@code return [value];}; value may be null. */
    public record Return(Pos pos, Expr value) implements Stmt {
    }

    /** {@code break;}: leaves the innermost loop. */
    public record Break(Pos pos) implements Stmt {
    }

    /** {@code continue;}: goes on with the innermost loop's next iteration. */
    public record Continue(Pos pos) implements Stmt {
    }

    /** {@code discard;} */
    public record Discard(Pos pos) implements Stmt {
    }

    /** Expressions. */
    public sealed interface Expr permits IntLit, UintLit, FloatLit, BoolLit, Ident, Call, Construct, Unary, Binary,
            Swizzle, Index, Field, Length, Step, Assign, Comma, Conditional {
        Pos pos();
    }

    /**
     * An integer literal: {@code value} is what the documented subset's lexer accumulated (in
     * float arithmetic, then converted as C does; {@code floatValue} the float itself), {@code exact}
     * the value of its digits (saturating at {@link Long#MAX_VALUE}), which the real-GLSL path uses.
     */
    /** An unsigned integer literal ({@code 3u}, {@code 0xFFu}, GLSL 1.30 and ES 3.00 on): its 32 bits. */
    public record UintLit(Pos pos, long value) implements Expr {
    }

    public record IntLit(Pos pos, long value, float floatValue, long exact) implements Expr {
        /** A literal whose digits give the accumulated value exactly. */
        public IntLit(Pos pos, long value, float floatValue) {
            this(pos, value, floatValue, value);
        }
    }

    /**
     * A float literal: {@code value} as the documented subset accumulates it (digit by digit in
     * float arithmetic, so {@code 0.9} is 0.90000004), {@code exact} the correctly rounded value of
     * its text, which the real-GLSL path uses.
     */
    public record FloatLit(Pos pos, float value, float exact) implements Expr {
        public FloatLit(Pos pos, float value) {
            this(pos, value, value);
        }
    }

    public record BoolLit(Pos pos, boolean value) implements Expr {
    }

    public record Ident(Pos pos, String name) implements Expr {
    }

    /** {@code name(args)}: a built-in or user function call — pos is the name's. */
    public record Call(Pos pos, String name, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /**
     * {@code type(args)}: a constructor — pos is the type keyword's. For an array constructor
     * {@code float[3](...)} {@code type} is the element type and {@code dims} the sizes as for a
     * {@link VarDecl}; empty otherwise.
     */
    public record Construct(Pos pos, Type type, List<Expr> args, List<Expr> dims) implements Expr {
        public Construct {
            args = List.copyOf(args);
            dims = dims == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(dims));
        }

        public Construct(Pos pos, Type type, List<Expr> args) {
            this(pos, type, args, List.of());
        }
    }

    /** Prefix operators. */
    public enum UnaryOp { NEG, NOT, BIT_NOT }

    public record Unary(Pos pos, UnaryOp op, Expr operand) implements Expr {
    }

    /** Binary operators with their precedence (higher binds tighter). */
    public enum BinaryOp {
        OR("||", 1), XOR("^^", 2), AND("&&", 3), BIT_OR("|", 4), BIT_XOR("^", 5), BIT_AND("&", 6),
        EQ("==", 7), NE("!=", 7), LT("<", 8), GT(">", 8), LE("<=", 8), GE(">=", 8), SHL("<<", 9), SHR(">>", 9),
        ADD("+", 10), SUB("-", 10), MUL("*", 11), DIV("/", 11), MOD("%", 11);

        private final String symbol;
        private final int precedence;

        BinaryOp(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        public String symbol() {
            return symbol;
        }

        public int precedence() {
            return precedence;
        }
    }

    /** {@code left op right} — pos is the operator's. */
    public record Binary(Pos pos, BinaryOp op, Expr left, Expr right) implements Expr {
    }

    /**
     * {@code base.letters}: mask packs two bits per lane (lane i at bits 2i..2i+1), count is 1..4.
     * pos is the {@code .}'s.
     */
    public record Swizzle(Pos pos, Expr base, String letters, int mask, int count) implements Expr {
    }

    /**
     * {@code base.name} where name is no swizzle: a struct's member, a block instance's member, or
     * bad swizzle letters — pos is the {@code .}'s, namePos the name's.
     */
    public record Field(Pos pos, Expr base, String name, Pos namePos) implements Expr {
    }

    /** {@code base.length()}: an array's element count (or a vector's, a matrix's columns). */
    public record Length(Pos pos, Expr base) implements Expr {
    }

    /** {@code base[index]} — pos is the {@code [}'s. */
    public record Index(Pos pos, Expr base, Expr index) implements Expr {
    }

    /** {@code cond ? then : otherwise}. */
    public record Conditional(Pos pos, Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    /** {@code ++e}, {@code --e}, {@code e++}, {@code e--}. */
    public record Step(Pos pos, Expr target, boolean increment, boolean prefix) implements Expr {
    }

    /**
     * {@code target = value}, a compound one already expanded ({@code a += b} is {@code a = a + b}):
     * an expression whose value is the stored one — pos is the operator's.
     */
    public record Assign(Pos pos, Expr target, Expr value) implements Expr {
    }

    /** {@code left, right}: left evaluated for effect, then right, whose type and value it has — pos is the comma's. */
    public record Comma(Pos pos, Expr left, Expr right) implements Expr {
    }
}
