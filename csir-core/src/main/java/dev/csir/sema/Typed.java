package dev.csir.sema;

import dev.csir.lang.Ast;

import dev.csir.lang.Ast.Pos;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import java.util.List;
import java.util.Objects;

/**
 * The checked, typed tree: what semantic analysis proves about a shader. Every expression has
 * its type; implicit conversions are {@link Convert} nodes; names are resolved to immutable
 * {@link Variable}s and {@link Function}s; the language's vector-scalar broadcasts are
 * {@link Splat} nodes, so the operands of every arithmetic node have the same type.
 */
public final class Typed {
    private Typed() {
    }

    /** A checked shader: its globals and functions in source order, and which one is main. */
    /**
     * A checked shader. {@code pairs} gives each sampler a GLSL for Vulkan sampler constructor made
     * ({@code sampler2D(t, s)}, a uniform of the unit's globals) its texture and sampler state;
     * {@code earlyFragmentTests}: a fragment shader's {@code layout(early_fragment_tests) in;}.
     */
    public record Unit(ShaderStage stage, List<Variable> globals, List<Function> functions, Function main,
            java.util.Map<Variable, List<Variable>> pairs, boolean earlyFragmentTests) {
        public Unit {
            globals = List.copyOf(globals);
            functions = List.copyOf(functions);
            pairs = java.util.Map.copyOf(pairs);
        }

        public Unit(ShaderStage stage, List<Variable> globals, List<Function> functions, Function main) {
            this(stage, globals, functions, main, java.util.Map.of(), false);
        }
    }

    /** What a variable is to the shader. */
    public enum Storage { INPUT, OUTPUT, UNIFORM, GLOBAL, CONST, LOCAL, PARAM }

    /** A built-in variable a variable stands for. */
    public enum BuiltinVar { NONE, POSITION, FRAG_COORD, VERTEX_INDEX, INSTANCE_INDEX, FRONT_FACING, FRAG_DEPTH, POINT_COORD, CLIP_DISTANCE, VIEW_INDEX, SHADING_RATE,
        PRIMITIVE_SHADING_RATE }

    /**
     * A declared (or built-in) variable. {@code id} is unique within a unit, so two locals of the
     * same name in different scopes are different variables; {@code init} is a global's or
     * constant's initializer (locals initialise in their {@link Declare}).
     */
    public record Variable(int id, String name, Type type, Storage storage, BuiltinVar builtin, int location,
            Pos pos, Expr init, Decoration decoration) {
        public Variable {
            decoration = decoration == null ? Decoration.NONE : decoration;
        }

        public Variable(int id, String name, Type type, Storage storage, BuiltinVar builtin, int location, Pos pos,
                Expr init) {
            this(id, name, type, storage, builtin, location, pos, init, Decoration.NONE);
        }

        /** The block this variable is a member of, or null. */
        public Member member() {
            return decoration.member();
        }

        public boolean readOnly() {
            return storage == Storage.INPUT || storage == Storage.UNIFORM || storage == Storage.CONST
                    || builtin == BuiltinVar.FRAG_COORD;
        }

        // Written out rather than the record's own, whose first use links an invokedynamic call
        // site (milliseconds of a one-shot compile) and which compares a variable with itself
        // through its whole initializer. Equal as the record's would be; the hash leaves the
        // initializer and position out, which equal variables share anyway.
        @Override
        public boolean equals(Object other) {
            return this == other || other instanceof Variable o && o.id == id && Objects.equals(o.name, name)
                    && Objects.equals(o.type, type) && o.storage == storage && o.builtin == builtin
                    && o.location == location && Objects.equals(o.pos, pos) && Objects.equals(o.init, init)
                    && o.decoration.equals(decoration);
        }

        @Override
        public int hashCode() {
            return 31 * id + Objects.hashCode(name);
        }
    }

    /**
     * What a variable's layout says beyond its location (-1 where it says nothing): the descriptor
     * set and binding of a sampler, the component of an input or output, the specialization
     * constant id of a constant, the interface block the variable is a member of (null: none), its
     * interpolation, and an input attachment's index.
     */
    public record Decoration(int set, int binding, int component, int constantId, Member member,
            Ast.Interp interp, boolean centroid, int inputAttachment) {
        public static final Decoration NONE = new Decoration(-1, -1, -1, -1, null);

        public Decoration {
            interp = interp == null ? Ast.Interp.NONE : interp;
        }

        public Decoration(int set, int binding, int component, int constantId, Member member) {
            this(set, binding, component, constantId, member, Ast.Interp.NONE, false, -1);
        }

        /** This decoration with the interpolation qualifiers of {@code q}. */
        public Decoration interpolated(Ast.Qualifiers q) {
            return new Decoration(set, binding, component, constantId, member, q.interp(), q.centroid(), inputAttachment);
        }

        /** This decoration with input attachment index {@code index}. */
        public Decoration withInputAttachment(int index) {
            return new Decoration(set, binding, component, constantId, member, interp, centroid, index);
        }

        // equals and hashCode as the record's own would be, written out: see Variable
        @Override
        public boolean equals(Object other) {
            return this == other || other instanceof Decoration o && o.set == set && o.binding == binding
                    && o.component == component && o.constantId == constantId && Objects.equals(o.member, member)
                    && o.interp == interp && o.centroid == centroid && o.inputAttachment == inputAttachment;
        }

        @Override
        public int hashCode() {
            int h = set;
            h = 31 * h + binding;
            h = 31 * h + component;
            h = 31 * h + constantId;
            h = 31 * h + Objects.hashCode(member);
            h = 31 * h + interp.hashCode();
            h = 31 * h + inputAttachment;
            return 31 * h + Boolean.hashCode(centroid);
        }
    }

    /** Member {@code index} of {@code block}. */
    public record Member(InterfaceBlock block, int index) {
    }

    /** What an interface block is: a uniform block, a push-constant block, or a stage's inputs or outputs. */
    public enum BlockKind { UNIFORM, PUSH_CONSTANT, INPUT, OUTPUT }

    /** The memory layout of a uniform or push-constant block (GLSL 4.60 section 7.6.2.2). */
    public enum Packing { STD140, STD430 }

    /**
     * One member of a block: its name and type; in a uniform or push-constant block its byte
     * offset (the layout's, resolved), in a stage block the location it declared (-1: none).
     */
    public record BlockMember(String name, Type type, int offset, int location) {
    }

    /**
     * An interface block: its block name, instance name (null: none), kind, packing, descriptor
     * set and binding (-1: not given), members in declaration order, and how many blocks an
     * instance array of it declares ({@code ubo[2]}; 0 when the instance is no array). The members
     * of an array of blocks are variables of arrays over its elements: {@code ubo[k].m} is element
     * k of the variable of member m.
     */
    public record InterfaceBlock(String name, String instance, BlockKind kind, Packing packing, int set, int binding,
            List<BlockMember> members, int elements) {
        public InterfaceBlock {
            members = List.copyOf(members);
        }

        /** The struct a uniform or push-constant block is in memory, each member at its resolved offset. */
        public dev.csir.types.StructType struct() {
            List<dev.csir.types.StructType.Member> out = new java.util.ArrayList<>();
            for (BlockMember m : members) {
                out.add(new dev.csir.types.StructType.Member(m.name(), m.type(), m.offset()));
            }
            return new dev.csir.types.StructType(name, out);
        }
    }

    /**
     * What a call needs of a user function: its name, result, parameters (storage PARAM) and the
     * direction of each. Overloads share a name; signatures are told apart by identity.
     */
    public record Signature(String name, Type returnType, List<Variable> params, Pos pos,
            List<dev.csir.lang.Ast.Direction> directions) {
        public Signature {
            params = List.copyOf(params);
            directions = directions == null
                    ? java.util.Collections.nCopies(params.size(), dev.csir.lang.Ast.Direction.IN) : List.copyOf(directions);
        }

        public Signature(String name, Type returnType, List<Variable> params, Pos pos) {
            this(name, returnType, params, pos, null);
        }

        /** Whether parameter {@code i} passes a value back (out or inout). */
        public boolean writesBack(int i) {
            return directions.get(i) != dev.csir.lang.Ast.Direction.IN;
        }

        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A user function: its signature and checked body. */
    public record Function(Signature signature, Block body) {
        public String name() {
            return signature.name();
        }
    }

    // ---- statements ----------------------------------------------------------------------------

    public sealed interface Stmt permits Block, ExprStmt, Declare, If, For, DoWhile, Switch, Return,
            Discard, Break, Continue {
        Pos pos();
    }

    public record Block(Pos pos, List<Stmt> stmts) implements Stmt {
        public Block {
            stmts = List.copyOf(stmts);
        }
    }

    public record ExprStmt(Pos pos, Expr expr) implements Stmt {
    }

    /** A local comes into scope, initialised when {@code init} is not null. */
    public record Declare(Pos pos, Variable variable, Expr init) implements Stmt {
    }

    /** {@code variable = value;} as a statement (a null value zeroes it). */
    public static Stmt assign(Pos pos, Variable variable, Expr value) {
        return new ExprStmt(pos, new Assign(pos, new VarRef(pos, variable), value));
    }

    /** The variable an l-value is part of. */
    public static Variable root(Expr lvalue) {
        if (lvalue instanceof VarRef r) {
            return r.variable();
        }
        if (lvalue instanceof Field m) {
            return root(m.base());
        }
        if (lvalue instanceof Index ix) {
            return root(ix.base());
        }
        if (lvalue instanceof Swizzle s) {
            return root(s.base());
        }
        throw new IllegalArgumentException("not an l-value: " + lvalue);
    }

    /** {@code if}; otherwise may be null. The condition is a bool. */
    public record If(Pos pos, Expr cond, Stmt then, Stmt otherwise) implements Stmt {
    }

    /** {@code for (init; cond; step) body}; init and step may be null, cond is a bool or null. */
    public record For(Pos pos, Stmt init, Expr cond, Stmt step, Stmt body) implements Stmt {
    }

    /** {@code do body while (cond);}: the test after each run of the body. */
    public record DoWhile(Pos pos, Stmt body, Expr cond) implements Stmt {
    }

    /**
     * {@code switch (selector)} over an int: control enters the first case whose labels hold
     * the selector's value, else the default one, else none, and falls through the cases after it
     * until a break. Labels are distinct across the cases; at most one case is the default.
     */
    public record Switch(Pos pos, Expr selector, List<Case> cases) implements Stmt {
        public Switch {
            cases = List.copyOf(cases);
        }
    }

    /** One run of labels ({@code case 1: case 2: default:}) and the statements after them, up to the next labels. */
    public record Case(Pos pos, List<Integer> values, boolean isDefault, List<Stmt> body) {
        public Case {
            values = List.copyOf(values);
            body = List.copyOf(body);
        }
    }

    /** {@code return [value]}; value has the function's return type, or is null. */

    public record Return(Pos pos, Expr value) implements Stmt {
    }

    public record Break(Pos pos) implements Stmt {
    }

    public record Continue(Pos pos) implements Stmt {
    }

    public record Discard(Pos pos) implements Stmt {
    }

    // ---- expressions ---------------------------------------------------------------------------

    public sealed interface Expr permits Literal, VarRef, Call, BuiltinCall, Construct, Convert, Splat, Unary,
            Binary, Swizzle, Index, Field, Texture, Conditional, Increment, Assign, Comma, Current {
        Pos pos();

        Type type();
    }

    /**
     * A scalar literal of type bool, int or float: {@code bits} as the transform IR keeps
     * constants (the 32-bit pattern; bool 0 or 1).
     */
    public record Literal(Pos pos, Type type, long bits) implements Expr {
    }

    public record VarRef(Pos pos, Variable variable) implements Expr {
        @Override
        public Type type() {
            return variable.type();
        }

        // equals and hashCode as the record's own would be, written out: see Variable (a texture
        // call finds its constructed sampler's reference in a set)
        @Override
        public boolean equals(Object other) {
            return other instanceof VarRef o && Objects.equals(o.pos, pos) && Objects.equals(o.variable, variable);
        }

        @Override
        public int hashCode() {
            return 31 * Objects.hashCode(pos) + Objects.hashCode(variable);
        }
    }

    /** A call of a user function; the arguments have the parameters' types. */
    public record Call(Pos pos, Signature function, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }

        @Override
        public Type type() {
            return function.returnType();
        }
    }

    /**
     * A built-in function matched in {@link BuiltinTable}; arguments converted to its signature,
     * except those of its out parameters (bit k of {@code outs} for argument k), which are
     * l-values of the parameter's type that the call writes.
     */
    public record BuiltinCall(Pos pos, BuiltinTable.Builtin builtin, Type type, List<Expr> args, int outs)
            implements Expr {
        public BuiltinCall {
            args = List.copyOf(args);
        }

        public BuiltinCall(Pos pos, BuiltinTable.Builtin builtin, Type type, List<Expr> args) {
            this(pos, builtin, type, args, 0);
        }

        /** Whether argument k is an out argument. */
        public boolean out(int k) {
            return (outs >> k & 1) != 0;
        }
    }

    /**
     * A constructor: a vector or scalar from components (each argument a scalar or vector of the
     * result's component type, together exactly the result's components), a matrix from columns,
     * a matrix with {@code diagonal} set from one scalar, an array from its elements or a struct
     * from its members (each argument of the element's or member's type).
     */
    public record Construct(Pos pos, Type type, List<Expr> args, boolean diagonal) implements Expr {
        public Construct {
            args = List.copyOf(args);
        }
    }

    /** A value conversion between scalar kinds, component-wise for vectors. */
    public record Convert(Pos pos, Type type, Expr value) implements Expr {
    }

    /** A scalar repeated into every component of a vector (or matrix column). */
    public record Splat(Pos pos, Type type, Expr value) implements Expr {
    }

    public enum UnaryOp { NEG, NOT, BIT_NOT }

    /** {@code -x}, or {@code !x} on a bool. */
    public record Unary(Pos pos, UnaryOp op, Expr operand) implements Expr {
        @Override
        public Type type() {
            return operand.type();
        }
    }

    /** Binary operators as the tree distinguishes them: arithmetic is component-wise except MAT_MUL. */
    public enum BinaryOp { ADD, SUB, MUL, DIV, REM, MAT_MUL, LT, LE, GT, GE, EQ, NE, AND, OR, BIT_AND, BIT_OR, BIT_XOR,
        SHL, SHR }

    /**
     * A binary operation. Arithmetic operands have the same type as the result (scalars already
     * splat); comparisons of scalars yield bool; {@code &&} and {@code ||} take and yield bools and
     * evaluate the right operand only when needed; MAT_MUL is the linear-algebra product.
     */
    public record Binary(Pos pos, BinaryOp op, Type type, Expr left, Expr right) implements Expr {
    }

    /** Lanes of a vector (or scalar): one lane yields a scalar. Also a constant index {@code v[i]}. */
    public record Swizzle(Pos pos, Type type, Expr base, int[] lanes) implements Expr {
        public Swizzle {
            lanes = lanes.clone();
        }

        @Override
        public int[] lanes() {
            return lanes.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Swizzle s && pos.equals(s.pos) && type.equals(s.type) && base.equals(s.base)
                    && java.util.Arrays.equals(lanes, s.lanes);
        }

        @Override
        public int hashCode() {
            return base.hashCode() * 31 + java.util.Arrays.hashCode(lanes);
        }
    }

    /**
     * {@code base[index]} with a run-time index into a vector, or any index into a matrix (a
     * column) or an array (an element).
     */
    public record Index(Pos pos, Type type, Expr base, Expr index) implements Expr {
    }

    /** {@code base.name}: member {@code index} of a struct value. */
    public record Field(Pos pos, Type type, Expr base, int index) implements Expr {
    }

    /**
     * Whether evaluating {@code e} has no effect but its value (no call of a user function, no
     * ++ or --), so that it may be evaluated twice or not at all.
     */
    public static boolean pure(Expr e) {
        if (e instanceof Call || e instanceof Increment || e instanceof Assign) {
            return false;
        }
        if (e instanceof Comma c) {
            return pure(c.left()) && pure(c.right());
        }
        if (e instanceof Current || e instanceof Literal || e instanceof VarRef) {
            return true;
        }
        if (e instanceof BuiltinCall c) {
            return c.outs() == 0 && c.args().stream().allMatch(Typed::pure);
        }
        if (e instanceof Construct c) {
            return c.args().stream().allMatch(Typed::pure);
        }
        if (e instanceof Convert c) {
            return pure(c.value());
        }
        if (e instanceof Splat s) {
            return pure(s.value());
        }
        if (e instanceof Unary u) {
            return pure(u.operand());
        }
        if (e instanceof Binary b) {
            return pure(b.left()) && pure(b.right());
        }
        if (e instanceof Swizzle s) {
            return pure(s.base());
        }
        if (e instanceof Index ix) {
            return pure(ix.base()) && pure(ix.index());
        }
        if (e instanceof Field m) {
            return pure(m.base());
        }
        if (e instanceof Texture t) {
            return (t.coord() == null || pure(t.coord())) && t.operands().stream().allMatch(Typed::pure)
                    && t.offsets().stream().allMatch(Typed::pure);
        }
        if (e instanceof Conditional c) {
            return pure(c.cond()) && pure(c.then()) && pure(c.otherwise());
        }
        throw new IllegalArgumentException(String.valueOf(e));
    }

    /** {@code cond ? then : otherwise}: one of the two evaluated, as the bool says. */
    public record Conditional(Pos pos, Type type, Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    /**
     * {@code ++v}, {@code v--} and their kin as a value: the l-value (as an {@link Assign}'s
     * target) steps by one (each component), and the value is the new one for a prefix, the old
     * one for a postfix.
     */
    public record Increment(Pos pos, Expr target, boolean increment, boolean prefix) implements Expr {
        @Override
        public Type type() {
            return target.type();
        }
    }

    /**
     * {@code target = value} as a value: the target is an l-value (a {@link VarRef}, a
     * {@link Field} or {@link Index} of one, or a {@link Swizzle} of distinct lanes of one, which
     * take the value's components in order); value already has its type and is what the
     * expression yields. A null value zeroes the target (outputs, at the start of main).
     */
    public record Assign(Pos pos, Expr target, Expr value) implements Expr {
        @Override
        public Type type() {
            return target.type();
        }
    }

    /**
     * The value a compound assignment's target holds before it ({@code a} in {@code a += b},
     * typed as {@code a = current + b}): the target is evaluated once, its index expressions too.
     */
    public record Current(Pos pos, Type type) implements Expr {
    }

    /** {@code left, right}: left for its effect (it may be void), then right, the value. */
    public record Comma(Pos pos, Expr left, Expr right) implements Expr {
        @Override
        public Type type() {
            return right.type();
        }
    }

    /** What a texture built-in does (the transform IR has an instruction for each). */
    public enum TextureOp { SAMPLE, SAMPLE_LOD, SAMPLE_GRAD, SAMPLE_COMPARE, FETCH, SIZE, GATHER, GATHER_COMPARE, QUERY_LEVELS, QUERY_LOD,
        /** {@code subpassLoad}: an input attachment's texel at the fragment (its operand the sample index, if multisampled). */
        SUBPASS_LOAD }

    /**
     * A texture built-in on {@code sampler}: {@code coord} is the coordinate as written (null for
     * SIZE), with a shadow sampler's reference in its last lane but one when {@code projective}
     * and in its last lane otherwise; a projective coordinate's last lane divides the rest.
     * {@code operands} follow in the transform IR's order: the bias, lod or gradients, a gather's
     * component (an int literal) or its reference (GATHER_COMPARE's coordinate holds none).
     * {@code offsets} are none, one texel offset, or a gather's four.
     */
    public record Texture(Pos pos, Type type, Variable sampler, TextureOp op, boolean projective, Expr coord,
            List<Expr> operands, List<Expr> offsets) implements Expr {
    }
}
