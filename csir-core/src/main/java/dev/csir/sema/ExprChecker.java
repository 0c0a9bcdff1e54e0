package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.GlslVersion;
import dev.csir.lang.Ast.Pos;
import dev.csir.lang.Swizzles;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks expressions and makes their typing explicit. The language's conversions: a scalar of
 * any kind converts to any other scalar (bool, int, float); in arithmetic and comparisons the
 * operands meet at the wider kind (bool, then int, then float) and a scalar operand of a vector or
 * matrix operation is splat. Every such step becomes a {@link Typed.Convert} or {@link Typed.Splat}.
 */
final class ExprChecker {
    private final Checker checker;

    private final TextureCalls textures;

    ExprChecker(Checker checker) {
        this.checker = checker;
        this.textures = new TextureCalls(this, checker);
    }

    private Typed.Expr fail(Pos pos, String message) {
        checker.error(pos, message);
        return null;
    }

    Typed.Expr expr(Ast.Expr e) {
        return expr(e, false);
    }

    /** {@code statement}: the value is unused, so a void call is fine. */
    Typed.Expr expr(Ast.Expr e, boolean statement) {
        // instanceof rather than a pattern switch: each switch site costs a one-shot compile its
        // invokedynamic linkage at first use (see dev.csir.types.Type)
        // the literals' exact values: real GLSL's, not the documented subset's accumulation
        if (e instanceof Ast.IntLit l) {
            return new Typed.Literal(l.pos(), ScalarType.INT, l.exact() & 0xFFFF_FFFFL);
        }
        if (e instanceof Ast.UintLit l) {
            return new Typed.Literal(l.pos(), ScalarType.UINT, l.value());
        }
        if (e instanceof Ast.FloatLit l) {
            return new Typed.Literal(l.pos(), ScalarType.FLOAT,
                    Float.floatToRawIntBits(l.exact()) & 0xFFFF_FFFFL);
        }
        if (e instanceof Ast.BoolLit l) {
            return new Typed.Literal(l.pos(), ScalarType.BOOL, l.value() ? 1 : 0);
        }
        if (e instanceof Ast.Ident id) {
            return ident(id);
        }
        if (e instanceof Ast.Swizzle s) {
            return splitSampler(s) instanceof Typed.Expr x ? orNull(x) : swizzle(s);
        }
        if (e instanceof Ast.Field f) {
            return splitSampler(f) instanceof Typed.Expr x ? orNull(x) : field(f);
        }
        if (e instanceof Ast.Length l) {
            return length(l);
        }
        if (e instanceof Ast.Index ix) {
            return splitSampler(ix) instanceof Typed.Expr x ? orNull(x) : index(ix);
        }
        if (e instanceof Ast.Unary u) {
            return unary(u);
        }
        if (e instanceof Ast.Binary b) {
            return binary(b);
        }
        if (e instanceof Ast.Step st) {
            return increment(st);
        }
        if (e instanceof Ast.Conditional c) {
            return conditional(c);
        }
        if (e instanceof Ast.Assign a) {
            return assign(a);
        }
        if (e instanceof Ast.Comma c) {
            return comma(c, statement);
        }
        if (e instanceof Ast.Construct c) {
            return new Constructors(this, checker).construct(c);
        }
        if (e instanceof Ast.Call c) {
            return call(c, statement);
        }
        throw new IllegalArgumentException(String.valueOf(e));
    }

    // ---- conversions -------------------------------------------------------------------------

    static boolean isScalar(Type t) {
        return t instanceof ScalarType;
    }

    /** {@code v} as a value of {@code target}: itself, or a scalar converted; null (reported) otherwise. */
    Typed.Expr assignable(Type target, Typed.Expr v, Pos pos, String message) {
        if (v == null) {
            return null;
        }
        if (v.type().equals(target)) {
            return v;
        }
        // a shader that names its version gets GLSL's implicit conversions (int and uint to float,
        // int to uint from 4.00; from 1.20, never in ES); the documented subset without #version
        // converts any scalar, and an int vector to the float vector of its size
        GlslVersion version = checker.version();
        boolean converts = version.explicit() ? implicitlyConverts(v.type(), target, version)
                : isScalar(target) && isScalar(v.type()) || target instanceof VectorType && intToFloat(v.type(), target);
        if (converts) {
            return new Typed.Convert(v.pos(), target, v);
        }
        return fail(pos, message);
    }

    /** {@code v} with its components converted to {@code kind} (a scalar, vector or matrix keeps its shape). */
    static Typed.Expr toKind(Typed.Expr v, ScalarKind kind) {
        Type t = v.type();
        if (t.scalarKind() == kind) {
            return v;
        }
        Type to;
        if (t instanceof ScalarType) {
            to = ScalarType.of(kind);
        } else if (t instanceof VectorType vt) {
            to = new VectorType(ScalarType.of(kind), vt.size());
        } else {
            to = t;
        }
        return to.equals(t) ? v : new Typed.Convert(v.pos(), to, v);
    }

    private static int rank(ScalarKind k) {
        return switch (k) {
            case BOOL -> 0;
            case INT, UINT -> 1;
            case FLOAT, DOUBLE -> 2;
        };
    }

    static ScalarKind wider(ScalarKind a, ScalarKind b) {
        return rank(a) >= rank(b) ? a : b;
    }

    /** A condition of if, for, while or do: a bool, as GLSL has it (no other scalar converts). */
    Typed.Expr condition(Ast.Expr e, Pos pos) {
        Typed.Expr c = expr(e);
        if (c == null) {
            return null;
        }
        if (!c.type().equals(ScalarType.BOOL)) {
            return fail(pos, Messages.CONDITION_NOT_BOOL);
        }
        return c;
    }

    static Typed.Expr literalOne(Pos pos, Type t) {
        long bits = t.scalarKind() == ScalarKind.FLOAT ? Float.floatToRawIntBits(1f) & 0xFFFF_FFFFL : 1;
        return new Typed.Literal(pos, t, bits);
    }

    // ---- names, swizzles, indexes ------------------------------------------------------------

    /** {@code gl_FragData[0]}: the colour output; any other element is one no target of csir's has. */
    private Typed.Expr fragData(Ast.Index ix) {
        Typed.Expr i = expr(ix.index());
        if (i == null) {
            return null;
        }
        Long k = Constants.intValue(i);
        if (k == null || k != 0) {
            return fail(ix.pos(), Messages.FRAG_DATA_INDEX);
        }
        checker.used(checker.fragData());
        return new Typed.VarRef(ix.pos(), checker.fragData());
    }

    /**
     * Where a path of members and indexes into a split uniform has reached: its type so far, and
     * its steps, each a member's name or an index expression (checked only once the path is known
     * to end at a sampler, so that any other path checks its indexes once, as usual).
     */
    private record SplitPath(OpaqueUniforms.Split split, Type type, List<Object> steps) {
        SplitPath then(Type next, Object step) {
            List<Object> more = new ArrayList<>(steps);
            more.add(step);
            return new SplitPath(split, next, more);
        }
    }

    /** The answer of {@link #splitSampler} after it reported an error. */
    private static final Typed.Expr REPORTED = new Typed.Literal(Pos.NONE, ScalarType.INT, 0);

    private static Typed.Expr orNull(Typed.Expr x) {
        return x == REPORTED ? null : x;
    }

    /**
     * {@code e} when it names one sampler of a split uniform ({@code material.diffuse},
     * {@code ts[2]}): a reference to that sampler's own uniform ({@link #REPORTED} after an error);
     * null when {@code e} is anything else, which then checks as usual (the data of a split
     * uniform is a variable of the struct without its samplers).
     */
    private Typed.Expr splitSampler(Ast.Expr e) {
        SplitPath p = splitPath(e);
        if (p == null || !(p.type() instanceof SamplerType)) {
            return null;
        }
        // the paths the steps may lead to: one, or one per element at a run-time index
        List<StringBuilder> paths = new ArrayList<>(List.of(new StringBuilder()));
        Typed.Expr dynamic = null;
        Type t = p.split().declared();
        for (Object step : p.steps()) {
            if (step instanceof String name) {
                paths.forEach(path -> path.append('.').append(name));
                StructType st = (StructType) t;
                t = st.members().get(st.indexOf(name)).type();
                continue;
            }
            Typed.Expr i = expr((Ast.Expr) step);
            if (i == null) {
                return REPORTED;
            }
            ArrayType a = (ArrayType) t;
            boolean integer = i.type() instanceof ScalarType st && st.kind().isInteger();
            Long k = integer ? Constants.intValue(i) : null;
            if (k == null) {
                if (!integer || dynamic != null || !checker.version().dynamicSamplerIndex()
                        || !Typed.pure(i)) {
                    checker.error(((Ast.Expr) step).pos(), !integer ? Messages.TYPE_MISMATCH
                            : checker.version().dynamicSamplerIndex()
                                    ? Messages.SAMPLER_INDEX_CONSTANT : Messages.SAMPLER_INDEX_VERSION);
                    return REPORTED;
                }
                dynamic = i;
                List<StringBuilder> each = new ArrayList<>();
                for (StringBuilder path : paths) {
                    for (int n = 0; n < a.length(); n++) {
                        each.add(new StringBuilder(path).append('[').append(n).append(']'));
                    }
                }
                paths = each;
                t = a.element();
                continue;
            }
            if (k < 0 || k >= a.length()) {
                checker.error(((Ast.Expr) step).pos(), Messages.INDEX_OUT_OF_RANGE);
                return REPORTED;
            }
            long at = k;
            paths.forEach(path -> path.append('[').append(at).append(']'));
            t = a.element();
        }
        List<Typed.VarRef> refs = new ArrayList<>();
        for (StringBuilder path : paths) {
            refs.add(new Typed.VarRef(e.pos(), p.split().samplers().get(path.toString())));
        }
        if (dynamic != null) {
            // only a texture function takes this choice (TextureCalls makes one call per sampler)
            choices.add(new Pending(refs.getFirst(), new SamplerChoice(dynamic, refs)));
        }
        return refs.getFirst();
    }

    /** A sampler of an array chosen at run time: the index, and each sampler it may choose. */
    record SamplerChoice(Typed.Expr index, List<Typed.VarRef> samplers) {
    }

    /** A choice not yet taken by a texture function, and the reference that stands for it. */
    private record Pending(Typed.VarRef ref, SamplerChoice choice) {
    }

    /** The sampler choices not yet taken, in source order (so that stray ones are reported in it). */
    private final List<Pending> choices = new ArrayList<>();

    /** The choice {@code ref} stands for, taken (a texture function's first argument), or null. */
    SamplerChoice takeChoice(Typed.Expr ref) {
        for (int k = 0; k < choices.size(); k++) {
            if (choices.get(k).ref() == ref) {
                return choices.remove(k).choice();
            }
        }
        return null;
    }

    /** The samplers sampler constructors made that no texture function has taken yet. */
    private final java.util.Set<Typed.Expr> constructed = java.util.Collections.newSetFromMap(new java.util.LinkedHashMap<>());

    void constructedSampler(Typed.VarRef ref) {
        constructed.add(ref);
    }

    /** Whether {@code ref} is a constructor's sampler (taken now by a texture function). */
    boolean takeConstructed(Typed.Expr ref) {
        return constructed.remove(ref);
    }

    /** Reports each sampler chosen at run time, and each constructed one, that went anywhere but a texture function. */
    void reportStrayChoices() {
        for (Pending p : choices) {
            checker.error(p.ref().pos(), Messages.SAMPLER_INDEX_CONSTANT);
        }
        choices.clear();
        for (Typed.Expr ref : constructed) {
            checker.error(ref.pos(), Messages.SAMPLER_CONSTRUCTOR_USE);
        }
        constructed.clear();
    }

    private SplitPath splitPath(Ast.Expr e) {
        if (e instanceof Ast.Ident id) {
            OpaqueUniforms.Split s = checker.split(id.name());
            return s == null ? null : new SplitPath(s, s.declared(), List.of());
        }
        if (e instanceof Ast.Field f) {
            return member(splitPath(f.base()), f.name());
        }
        if (e instanceof Ast.Swizzle s) {
            return member(splitPath(s.base()), s.letters());
        }
        if (e instanceof Ast.Index ix) {
            SplitPath p = splitPath(ix.base());
            return p != null && p.type() instanceof ArrayType a ? p.then(a.element(), ix.index()) : null;
        }
        return null;
    }

    private static SplitPath member(SplitPath p, String name) {
        if (p == null || !(p.type() instanceof StructType st) || st.indexOf(name) < 0) {
            return null;
        }
        return p.then(st.members().get(st.indexOf(name)).type(), name);
    }

    private Typed.Expr ident(Ast.Ident id) {
        OpaqueUniforms.Split split = checker.split(id.name());
        if (split != null && split.data() == null) {
            return fail(id.pos(), Messages.SAMPLERS_BY_ELEMENT);
        }
        Typed.Variable v = checker.variable(id.name());
        if (v == null && id.name().equals(Checker.FRAG_DATA) && checker.fragData() != null) {
            return fail(id.pos(), Messages.FRAG_DATA_INDEX);
        }
        if (v == null) {
            return fail(id.pos(), checker.isFunctionName(id.name()) ? Messages.FUNCTION_AS_VALUE
                    : checker.instance(id.name()) != null && !checker.isLocal(id.name()) ? Messages.BLOCK_NOT_A_VALUE
                    : Messages.UNKNOWN_IDENTIFIER);
        }
        if (v.builtin() == Typed.BuiltinVar.POSITION && checker.stage() != ShaderStage.VERTEX) {
            return fail(id.pos(), Messages.POSITION_STAGE);
        }
        if (v.builtin() == Typed.BuiltinVar.FRAG_COORD && checker.stage() != ShaderStage.FRAGMENT) {
            return fail(id.pos(), Messages.FRAGCOORD_STAGE);
        }
        if (unsizedClipDistances(v)) {
            return fail(id.pos(), Messages.CLIP_DISTANCE_UNSIZED); // whole; index() takes the elements
        }
        checker.used(v);
        return new Typed.VarRef(id.pos(), v);
    }

    /** Whether {@code v} is gl_ClipDistance while it has no size yet. */
    private boolean unsizedClipDistances(Typed.Variable v) {
        ClipDistances clip = checker.clipDistances();
        return clip != null && clip.is(v) && !clip.sized();
    }

    /** {@code gl_ClipDistance[i]} before the array has a size: a constant index, which sizes it. */
    private Typed.Expr unsizedClipDistance(Ast.Index ix, Typed.Variable v) {
        Typed.Expr i = expr(ix.index());
        if (i == null) {
            return null;
        }
        if (!(i.type() instanceof ScalarType st) || !st.kind().isInteger()) {
            return fail(ix.pos(), Messages.TYPE_MISMATCH);
        }
        String error = checker.clipDistances().indexUnsized(Constants.intValue(i));
        if (error != null) {
            return fail(ix.pos(), error);
        }
        checker.used(v);
        return new Typed.Index(ix.pos(), ScalarType.FLOAT, new Typed.VarRef(ix.base().pos(), v), i);
    }

    /**
     * {@code base.name}: a member of a block instance (unless a local hides the instance), of a
     * struct, or letters that are a bad swizzle of a vector or scalar.
     */
    private Typed.Expr field(Ast.Field f) {
        if (f.base() instanceof Ast.Index ix && blockArray(ix.base())) {
            return blockArrayMember(ix, f.name(), f.pos());
        }
        if (blockArray(f.base())) {
            return fail(f.pos(), Messages.BLOCK_ARRAY_NOT_INDEXED);
        }
        if (f.base() instanceof Ast.Ident id && !checker.isLocal(id.name()) && checker.instance(id.name()) != null) {
            Typed.Variable m = checker.instance(id.name()).get(f.name());
            return m == null ? fail(f.pos(), Messages.UNKNOWN_MEMBER) : new Typed.VarRef(f.pos(), m);
        }
        Typed.Expr base = value(expr(f.base()), f.pos());
        if (base == null) {
            return null;
        }
        if (base.type() instanceof StructType st) {
            return member(f.namePos(), base, st, f.name());
        }
        int mask = Swizzles.mask(f.name());
        if (mask < 0) {
            return fail(f.namePos(), mask == Swizzles.MIXED ? Messages.MIXED_SWIZZLE_SETS : Messages.INVALID_SWIZZLE_LETTERS);
        }
        return swizzle(new Ast.Swizzle(f.pos(), f.base(), f.name(), mask, f.name().length()), base);
    }

    /** Whether {@code e} names an array of blocks ({@code ubo} of {@code uniform UBO {...} ubo[2];}) no local hides. */
    private boolean blockArray(Ast.Expr e) {
        return e instanceof Ast.Ident id && !checker.isLocal(id.name()) && checker.instanceArray(id.name()) != null;
    }

    /**
     * {@code ubo[k].name}: element k of the variable of member {@code name} of the array of blocks
     * {@code ubo}. A run-time index is taken where glslang takes one: in every desktop version
     * (GLSL asks it to be dynamically uniform, which no compiler can check) and from ES 3.20.
     */
    private Typed.Expr blockArrayMember(Ast.Index ix, String name, Pos pos) {
        Typed.Variable m = checker.instance(((Ast.Ident) ix.base()).name()).get(name);
        Typed.Expr i = expr(ix.index());
        if (i == null) {
            return null;
        }
        if (!(i.type() instanceof ScalarType st) || !st.kind().isInteger()) {
            return fail(ix.pos(), Messages.TYPE_MISMATCH);
        }
        if (m == null) {
            return fail(pos, Messages.UNKNOWN_MEMBER);
        }
        ArrayType blocks = (ArrayType) m.type();
        Long k = Constants.intValue(i);
        if (k != null && (k < 0 || k >= blocks.length())) {
            return fail(ix.pos(), Messages.INDEX_OUT_OF_RANGE);
        }
        if (k == null && checker.version().es() && checker.version().number() < 320) {
            return fail(ix.pos(), Messages.BLOCK_INDEX_VERSION);
        }
        checker.used(m);
        return new Typed.Index(pos, blocks.element(), new Typed.VarRef(ix.base().pos(), m), i);
    }

    private Typed.Expr member(Pos pos, Typed.Expr base, StructType st, String name) {
        int k = st.indexOf(name);
        if (k < 0) {
            return fail(pos, Messages.NO_SUCH_FIELD);
        }
        return new Typed.Field(pos, st.members().get(k).type(), base, k);
    }

    /** {@code base.length()}: a constant int, the element count of an array (a vector's size, a matrix's columns). */
    private Typed.Expr length(Ast.Length l) {
        if (blockArray(l.base())) {
            return new Typed.Literal(l.pos(), ScalarType.INT, checker.instanceArray(((Ast.Ident) l.base()).name()));
        }
        Typed.Expr base = expr(l.base());
        if (base == null) {
            return null;
        }
        int n;
        if (base.type() instanceof ArrayType a) {
            n = a.length();
        } else if (base.type() instanceof VectorType v) {
            n = v.size();
        } else if (base.type() instanceof MatrixType m) {
            n = m.columns();
        } else {
            n = 0;
        }
        boolean array = base.type() instanceof ArrayType;
        if (n == 0 || !(array ? checker.version().arrayConstructors() : checker.version().lengthOfVectors())) {
            return fail(l.pos(), Messages.NOT_INDEXABLE);
        }
        return new Typed.Literal(l.pos(), ScalarType.INT, n);
    }

    private Typed.Expr swizzle(Ast.Swizzle s) {
        if (s.base() instanceof Ast.Index ix && blockArray(ix.base())) {
            return blockArrayMember(ix, s.letters(), s.pos());
        }
        if (s.base() instanceof Ast.Ident id && !checker.isLocal(id.name()) && checker.instance(id.name()) != null) {
            return field(new Ast.Field(s.pos(), s.base(), s.letters(), s.pos()));
        }
        Typed.Expr base = value(expr(s.base()), s.pos());
        if (base == null) {
            return null;
        }
        if (base.type() instanceof StructType st) {
            return member(s.pos(), base, st, s.letters());
        }
        return swizzle(s, base);
    }

    private Typed.Expr swizzle(Ast.Swizzle s, Typed.Expr base) {
        if (base.type() instanceof MatrixType || !base.type().isNumericOrBool()) {
            fail(s.pos(), base.type() instanceof MatrixType ? Messages.CANNOT_SWIZZLE_MATRIX : Messages.TYPE_MISMATCH);
            return null;
        }
        int size = base.type().componentCount();
        int[] lanes = new int[s.count()];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = (s.mask() >> (2 * i)) & 3;
            if (lanes[i] >= size) {
                // located at the swizzle, where the original, having no position, said 1:1
                fail(s.pos(), Messages.INVALID_SWIZZLE);
                return null;
            }
        }
        ScalarType c = ScalarType.of(base.type().scalarKind());
        return new Typed.Swizzle(s.pos(), VectorType.of(c, lanes.length), base, lanes);
    }

    private Typed.Expr index(Ast.Index ix) {
        if (ix.base() instanceof Ast.Ident id && id.name().equals(Checker.FRAG_DATA) && checker.fragData() != null
                && checker.variable(id.name()) == null) {
            return fragData(ix);
        }
        if (ix.base() instanceof Ast.Ident id && unsizedClipDistances(checker.variable(id.name()))) {
            return unsizedClipDistance(ix, checker.variable(id.name()));
        }
        Typed.Expr base = value(expr(ix.base()), ix.pos());
        Typed.Expr i = expr(ix.index());
        if (base == null || i == null) {
            return null;
        }
        if (!(i.type() instanceof ScalarType st) || !st.kind().isInteger()) {
            return fail(ix.pos(), Messages.TYPE_MISMATCH);
        }
        int size;
        if (base.type() instanceof VectorType v) {
            size = v.size();
        } else if (base.type() instanceof MatrixType m) {
            size = m.columns();
        } else if (base.type() instanceof ArrayType a) {
            size = a.length();
        } else {
            size = 0;
        }
        if (size == 0) {
            return fail(ix.pos(), Messages.TYPE_MISMATCH);
        }
        Long k = Constants.intValue(i);
        if (k != null && (k < 0 || k >= size)) {
            return fail(ix.pos(), Messages.INDEX_OUT_OF_RANGE);
        }
        if (base.type() instanceof ArrayType a) {
            return new Typed.Index(ix.pos(), a.element(), base, i);
        }
        if (base.type() instanceof VectorType v) {
            if (k != null) {
                return new Typed.Swizzle(ix.pos(), v.component(), base, new int[] {(int) (long) k});
            }
            return new Typed.Index(ix.pos(), v.component(), base, i);
        }
        return new Typed.Index(ix.pos(), ((MatrixType) base.type()).columnType(), base, i);
    }

    /** {@code v} unless it is an opaque value (a sampler) used where data is needed. */
    Typed.Expr value(Typed.Expr v, Pos pos) {
        if (v != null && v.type().isOpaque()) {
            return fail(pos, Messages.TYPE_MISMATCH);
        }
        return v;
    }

    // ---- operators ---------------------------------------------------------------------------

    private Typed.Expr unary(Ast.Unary u) {
        Typed.Expr v = value(expr(u.operand()), u.pos());
        if (v == null) {
            return null;
        }
        if (u.op() == Ast.UnaryOp.NEG) {
            if (v.type().scalarKind() == null || v.type().scalarKind() == ScalarKind.BOOL) {
                return fail(u.pos(), Messages.TYPE_MISMATCH);
            }
            return new Typed.Unary(u.pos(), Typed.UnaryOp.NEG, v);
        }
        if (u.op() == Ast.UnaryOp.BIT_NOT) {
            if (!integers(v.type()) || !checker.version().glsl130()) {
                return fail(u.pos(), Messages.TYPE_MISMATCH);
            }
            return new Typed.Unary(u.pos(), Typed.UnaryOp.BIT_NOT, v);
        }
        if (!isScalar(v.type())) {
            return fail(u.pos(), Messages.TYPE_MISMATCH);
        }
        return new Typed.Unary(u.pos(), Typed.UnaryOp.NOT, toKind(v, ScalarKind.BOOL));
    }

    private Typed.Expr binary(Ast.Binary b) {
        return binary(b.pos(), b.op(), value(expr(b.left()), b.pos()), value(expr(b.right()), b.pos()));
    }

    /** {@code l op r} of typed operands (null after a reported error). */
    private Typed.Expr binary(Pos pos, Ast.BinaryOp op, Typed.Expr l, Typed.Expr r) {
        if (l == null || r == null) {
            return null;
        }
        if ((op == Ast.BinaryOp.EQ || op == Ast.BinaryOp.NE) && (!isScalar(l.type()) || !isScalar(r.type()))) {
            // == and != compare whole vectors, matrices, arrays and structs of one type
            if (operandConverts(l.type(), r.type())) {
                l = toKind(l, r.type().scalarKind());
            } else if (operandConverts(r.type(), l.type())) {
                r = toKind(r, l.type().scalarKind());
            }
            if (!l.type().equals(r.type()) || l.type().isOpaque()) {
                return fail(pos, Messages.TYPE_MISMATCH);
            }
            return new Typed.Binary(pos, op == Ast.BinaryOp.EQ ? Typed.BinaryOp.EQ : Typed.BinaryOp.NE,
                    ScalarType.BOOL, l, r);
        }
        return switch (op) {
            case AND, OR -> {
                if (!isScalar(l.type()) || !isScalar(r.type())) {
                    yield fail(pos, Messages.TYPE_MISMATCH);
                }
                yield new Typed.Binary(pos, op == Ast.BinaryOp.AND ? Typed.BinaryOp.AND : Typed.BinaryOp.OR,
                        ScalarType.BOOL, toKind(l, ScalarKind.BOOL), toKind(r, ScalarKind.BOOL));
            }
            case EQ, NE, LT, GT, LE, GE -> {
                if (!isScalar(l.type()) || !isScalar(r.type())) {
                    yield fail(pos, Messages.VECTOR_COMPARISON);
                }
                ScalarKind k = operandKind(l, r);
                boolean ordered = op != Ast.BinaryOp.EQ && op != Ast.BinaryOp.NE;
                if (k == null || ordered && k == ScalarKind.BOOL && checker.version().explicit()) {
                    yield fail(pos, Messages.TYPE_MISMATCH);
                }
                yield new Typed.Binary(pos, comparison(op), ScalarType.BOOL, toKind(l, k), toKind(r, k));
            }
            case XOR -> {
                // a ^^ b on bools is a != b
                if (!l.type().equals(ScalarType.BOOL) || !r.type().equals(ScalarType.BOOL)) {
                    yield fail(pos, Messages.TYPE_MISMATCH);
                }
                yield new Typed.Binary(pos, Typed.BinaryOp.NE, ScalarType.BOOL, l, r);
            }
            case BIT_AND, BIT_OR, BIT_XOR, SHL, SHR -> bits(pos, op, l, r);
            case MUL -> multiply(pos, l, r);
            case ADD -> arithmetic(pos, Typed.BinaryOp.ADD, l, r);
            case SUB -> arithmetic(pos, Typed.BinaryOp.SUB, l, r);
            case DIV -> arithmetic(pos, Typed.BinaryOp.DIV, l, r);
            case MOD -> {
                if (!l.type().scalarKind().isInteger() || !r.type().scalarKind().isInteger()) {
                    yield fail(pos, Messages.TYPE_MISMATCH);
                }
                yield arithmetic(pos, Typed.BinaryOp.REM, l, r);
            }
        };
    }

    /** Whether {@code t} is an int scalar or vector (the bit operators' operands). */
    private static boolean integers(Type t) {
        return t.scalarKind() != null && t.scalarKind().isInteger() && !(t instanceof MatrixType);
    }

    /**
     * {@code & | ^ << >>} (GLSL 1.30 and ES 3.00 on): int operands; a scalar with a vector of the
     * bitwise operators is splat, a shift shifts each component of its left operand by a scalar
     * or by the matching component.
     */
    private Typed.Expr bits(Pos pos, Ast.BinaryOp op, Typed.Expr l, Typed.Expr r) {
        if (!checker.version().glsl130() || !integers(l.type()) || !integers(r.type())) {
            return fail(pos, Messages.TYPE_MISMATCH);
        }
        Typed.BinaryOp t = switch (op) {
            case BIT_AND -> Typed.BinaryOp.BIT_AND;
            case BIT_OR -> Typed.BinaryOp.BIT_OR;
            case BIT_XOR -> Typed.BinaryOp.BIT_XOR;
            case SHL -> Typed.BinaryOp.SHL;
            default -> Typed.BinaryOp.SHR;
        };
        boolean shift = t == Typed.BinaryOp.SHL || t == Typed.BinaryOp.SHR;
        if (!shift && l.type().scalarKind() != r.type().scalarKind()) {
            // & | ^ want one signedness; a shift's count may have either
            ScalarKind k = checker.version().explicit() ? operandKind(l, r) : ScalarKind.INT;
            if (k == null) {
                return fail(pos, Messages.TYPE_MISMATCH);
            }
            l = toKind(l, k);
            r = toKind(r, k);
        }
        if (shift && l.type().scalarKind() != r.type().scalarKind()) {
            r = toKind(r, l.type().scalarKind());
        }
        if (l.type().equals(r.type())) {
            return new Typed.Binary(pos, t, l.type(), l, r);
        }
        if (isScalar(r.type())) {
            return new Typed.Binary(pos, t, l.type(), l, splat(r, l.type()));
        }
        if (isScalar(l.type()) && !shift) {
            return new Typed.Binary(pos, t, r.type(), splat(l, r.type()), r);
        }
        return fail(pos, Messages.TYPE_MISMATCH);
    }

    private static Typed.BinaryOp comparison(Ast.BinaryOp op) {
        return switch (op) {
            case EQ -> Typed.BinaryOp.EQ;
            case NE -> Typed.BinaryOp.NE;
            case LT -> Typed.BinaryOp.LT;
            case GT -> Typed.BinaryOp.GT;
            case LE -> Typed.BinaryOp.LE;
            default -> Typed.BinaryOp.GE;
        };
    }

    /**
     * Component-wise arithmetic: equal shapes, or a scalar with a vector or matrix (splat). Bool
     * operands count as numbers of their kind's rank, as the language has always allowed.
     */
    private Typed.Expr arithmetic(Pos pos, Typed.BinaryOp op, Typed.Expr l, Typed.Expr r) {
        ScalarKind k = operandKind(l, r);
        if (k == null || k == ScalarKind.BOOL && checker.version().explicit()) {
            return fail(pos, Messages.TYPE_MISMATCH);
        }
        if (k == ScalarKind.BOOL) {
            k = ScalarKind.FLOAT;
        }
        l = toKind(l, k);
        r = toKind(r, k);
        Type lt = l.type();
        Type rt = r.type();
        if (lt.equals(rt)) {
            return new Typed.Binary(pos, op, lt, l, r);
        }
        if (isScalar(lt) && !(rt instanceof MatrixType && op == Typed.BinaryOp.DIV)) {
            return new Typed.Binary(pos, op, rt, splat(l, rt), r);
        }
        if (isScalar(rt)) {
            return new Typed.Binary(pos, op, lt, l, splat(r, lt));
        }
        if (lt instanceof MatrixType && rt instanceof MatrixType) {
            return fail(pos, Messages.MATRIX_SIZE_MISMATCH);
        }
        return fail(pos, Messages.TYPE_MISMATCH);
    }

    /**
     * The component kind both operands of an arithmetic or comparison operator take: in a shader
     * that names its version, their own when they agree, else the one the other converts to
     * implicitly (null when neither does); without #version, the wider of the two.
     */
    private ScalarKind operandKind(Typed.Expr l, Typed.Expr r) {
        ScalarKind a = l.type().scalarKind();
        ScalarKind b = r.type().scalarKind();
        GlslVersion v = checker.version();
        if (!v.explicit() || a == b) {
            return wider(a, b);
        }
        if (implicitlyConverts(ScalarType.of(a), ScalarType.of(b), v)) {
            return b;
        }
        return implicitlyConverts(ScalarType.of(b), ScalarType.of(a), v) ? a : null;
    }

    private static Typed.Expr splat(Typed.Expr scalar, Type to) {
        return new Typed.Splat(scalar.pos(), to, scalar);
    }

    /** {@code *}: the linear-algebra product when a matrix meets a vector or matrix, else component-wise. */
    private Typed.Expr multiply(Pos pos, Typed.Expr l, Typed.Expr r) {
        Type lt = l.type();
        Type rt = r.type();
        boolean lm = lt instanceof MatrixType;
        boolean rm = rt instanceof MatrixType;
        if ((lm && (rm || rt instanceof VectorType)) || (rm && lt instanceof VectorType)) {
            l = toKind(l, ScalarKind.FLOAT);
            r = toKind(r, ScalarKind.FLOAT);
            Type product = productType(l.type(), r.type());
            if (product == null) {
                return fail(pos, lm && rm ? Messages.MATRIX_SIZE_MISMATCH : Messages.MATRIX_VECTOR_MISMATCH);
            }
            return new Typed.Binary(pos, Typed.BinaryOp.MAT_MUL, product, l, r);
        }
        return arithmetic(pos, Typed.BinaryOp.MUL, l, r);
    }

    static Type productType(Type a, Type b) {
        if (a instanceof MatrixType ma && b instanceof MatrixType mb) {
            return ma.columns() == mb.rows() ? MatrixType.of(mb.columns(), ma.rows()) : null;
        }
        if (a instanceof MatrixType ma && b instanceof VectorType vb) {
            return ma.columns() == vb.size() ? ma.columnType() : null;
        }
        if (a instanceof VectorType va && b instanceof MatrixType mb) {
            return va.size() == mb.rows() ? mb.rowType() : null;
        }
        return null;
    }

    // ---- ++ -- and ?: ------------------------------------------------------------------------

    /** {@code ++v} or {@code v--} as a value: v a variable that can be assigned, of numeric scalar or vector type. */
    private Typed.Expr increment(Ast.Step st) {
        Typed.Expr target = expr(st.target());
        if (target == null) {
            return null;
        }
        if (!Checker.steppable(target.type())) {
            return fail(st.pos(), Messages.TYPE_MISMATCH);
        }
        if (checker.assignTo(st.pos(), target, target, st.pos()) == null) {
            return null; // no l-value, const, read-only or in the wrong stage (reported)
        }
        return new Typed.Increment(st.pos(), target, st.increment(), st.prefix());
    }

    /** {@code target = value}: what the checker's l-value rules allow, yielding the stored value. */
    private Typed.Expr assign(Ast.Assign a) {
        if (a.target() instanceof Ast.Ident id && checker.variable(id.name()) == null
                && checker.isFunctionName(id.name())) {
            expr(a.value());
            return fail(id.pos(), Messages.INVALID_ASSIGNMENT);
        }
        Typed.Expr target = expr(a.target());
        // a += b arrives as a = a + b with the one target node: its value is the target's current one
        Typed.Expr value = a.value() instanceof Ast.Binary op && op.left() == a.target()
                ? target == null ? null : binary(op.pos(), op.op(), new Typed.Current(target.pos(), target.type()),
                        value(expr(op.right()), op.pos()))
                : expr(a.value());
        if (target == null) {
            return null;
        }
        return checker.assignTo(a.pos(), target, value, a.target().pos());
    }

    /** {@code a, b}: a for its effect (a void call too), b the value; never a constant expression. */
    private Typed.Expr comma(Ast.Comma c, boolean statement) {
        Typed.Expr left = expr(c.left(), true);
        Typed.Expr right = expr(c.right(), statement);
        return left == null || right == null ? null : new Typed.Comma(c.pos(), left, right);
    }

    /**
     * {@code c ? a : b}: c a bool, a and b of one type, or an int (vector) and the float one of
     * its size, which it converts to.
     */
    private Typed.Expr conditional(Ast.Conditional c) {
        Typed.Expr cond = expr(c.cond());
        Typed.Expr a = expr(c.then());
        Typed.Expr b = expr(c.otherwise());
        if (cond == null || a == null || b == null || value(a, c.pos()) == null || value(b, c.pos()) == null) {
            return null;
        }
        if (!cond.type().equals(ScalarType.BOOL)) {
            return fail(c.cond().pos(), Messages.CONDITION_NOT_BOOL);
        }
        if (!a.type().equals(b.type())) {
            if (operandConverts(a.type(), b.type())) {
                a = toKind(a, b.type().scalarKind());
            } else if (operandConverts(b.type(), a.type())) {
                b = toKind(b, a.type().scalarKind());
            } else {
                return fail(c.pos(), Messages.TYPE_MISMATCH);
            }
        }
        return new Typed.Conditional(c.pos(), a.type(), cond, a, b);
    }

    /**
     * GLSL's implicit conversions in a shader of version {@code v} (section 4.1.10, as glslang
     * has them): of a scalar or a vector to the one of its size, int and uint to float and, from
     * 4.00, int to uint; desktop GLSL from 1.20 only, never ES.
     */
    static boolean implicitlyConverts(Type from, Type to, GlslVersion v) {
        if (!v.implicitConversions() || !sameShape(from, to)) {
            return false;
        }
        ScalarKind f = from.scalarKind();
        ScalarKind t = to.scalarKind();
        return t == ScalarKind.FLOAT && (f == ScalarKind.INT || f == ScalarKind.UINT)
                || t == ScalarKind.UINT && f == ScalarKind.INT && v.number() >= 400;
    }

    /**
     * Whether an operand of {@code ?:} or of {@code ==} on vectors converts to the other's type:
     * as {@link #implicitlyConverts} in a shader that names its version, else int to float only.
     */
    private boolean operandConverts(Type from, Type to) {
        GlslVersion v = checker.version();
        return v.explicit() ? implicitlyConverts(from, to, v) : intToFloat(from, to);
    }

    private static boolean sameShape(Type a, Type b) {
        return a instanceof ScalarType && b instanceof ScalarType
                || a instanceof VectorType va && b instanceof VectorType vb && va.size() == vb.size();
    }

    /** Whether {@code from} is an int scalar or vector and {@code to} the float one of its size. */
    static boolean intToFloat(Type from, Type to) {
        return from.scalarKind() == ScalarKind.INT && to.scalarKind() == ScalarKind.FLOAT
                && (from instanceof ScalarType && to instanceof ScalarType
                        || from instanceof VectorType f && to instanceof VectorType t && f.size() == t.size());
    }

    // ---- calls -------------------------------------------------------------------------------

    private Typed.Expr call(Ast.Call c, boolean statement) {
        Pos pos = c.pos();
        String name = c.name();
        List<Typed.Signature> overloads = checker.functions(name);
        if (textures.has(name) && overloads.isEmpty()) {
            return textures.call(c);
        }
        List<Typed.Expr> args = new ArrayList<>();
        boolean bad = false;
        for (Ast.Expr a : c.args()) {
            Typed.Expr t = expr(a);
            bad |= t == null;
            args.add(t);
        }
        // a user function may overload a texture built-in; every one of those takes a sampler first
        if (textures.has(name) && !args.isEmpty() && args.getFirst() != null && (args.getFirst().type() instanceof SamplerType
                || args.getFirst().type() instanceof dev.csir.types.SubpassInputType)) {
            return bad ? null : textures.call(c, args);
        }
        BuiltinTable.Builtin builtin = available(BuiltinTable.named(name));
        // a user function of a built-in's name shadows it, except for the language's first 14
        if (builtin != null && (overloads.isEmpty() || builtin.shadowsUserFunctions())) {
            return bad ? null : builtinCall(pos, builtin, args, statement);
        }
        if (overloads.isEmpty()) {
            return fail(pos, NOT_YET.contains(name) ? Messages.unsupportedBuiltin(name) : Messages.UNKNOWN_FUNCTION);
        }
        checker.called(name);
        if (bad) {
            return null;
        }
        Typed.Signature fn = resolve(pos, overloads, args);
        if (fn == null) {
            return null;
        }
        if (fn.returnType() instanceof VoidType && !statement) {
            return fail(pos, Messages.VOID_FUNCTION_VALUE);
        }
        if (!checker.isDefined(fn)) {
            return fail(pos, Messages.FUNCTION_NOT_DEFINED);
        }
        List<Typed.Expr> converted = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Type want = fn.params().get(i).type();
            Typed.Expr a = args.get(i);
            if (want.isOpaque() != a.type().isOpaque() || (want.isOpaque() && !(a instanceof Typed.VarRef))) {
                return fail(pos, Messages.ARGUMENT_TYPE_MISMATCH);
            }
            if (fn.writesBack(i)) {
                // out and inout pass an l-value of the parameter's own type, written at return
                if (!a.type().equals(want)) {
                    return fail(pos, Messages.ARGUMENT_TYPE_MISMATCH);
                }
                if (!checker.writable(a, pos, Messages.OUT_ARGUMENT)) {
                    return null;
                }
                converted.add(a);
                continue;
            }
            // a shader that names its version gets GLSL's conversions of arguments (int to float,
            // from 1.20, never in ES); the documented subset without #version converts any scalar
            boolean glsl = checker.version().explicit();
            if (glsl && !a.type().equals(want) && !implicitlyConverts(a.type(), want, checker.version())) {
                return fail(pos, Messages.ARGUMENT_TYPE_MISMATCH);
            }
            Typed.Expr v = assignable(want, a, pos, Messages.ARGUMENT_TYPE_MISMATCH);
            if (v == null) {
                return null;
            }
            converted.add(v);
        }
        return new Typed.Call(pos, fn, converted);
    }

    /**
     * The overload a call of {@code args} reaches: the one of their exact types, else the one
     * they convert to (GLSL 6.1), or null after reporting that none or several do. A function
     * without overloads keeps the plain messages: the wrong count, a mismatching argument.
     */
    private Typed.Signature resolve(Pos pos, List<Typed.Signature> overloads, List<Typed.Expr> args) {
        List<Typed.Signature> sized = overloads.stream().filter(o -> o.params().size() == args.size()).toList();
        if (sized.isEmpty()) {
            checker.error(pos, overloads.size() == 1 ? Messages.WRONG_ARGUMENT_COUNT : Messages.NO_MATCHING_OVERLOAD);
            return null;
        }
        if (sized.size() == 1) {
            return sized.getFirst(); // its arguments are checked one by one, with their messages
        }
        List<Typed.Signature> exact = sized.stream().filter(o -> matches(o, args, true)).toList();
        if (exact.size() == 1) {
            return exact.getFirst();
        }
        List<Typed.Signature> converting = sized.stream().filter(o -> matches(o, args, false)).toList();
        if (converting.size() == 1) {
            return converting.getFirst();
        }
        checker.error(pos, converting.isEmpty() ? Messages.NO_MATCHING_OVERLOAD : Messages.AMBIGUOUS_CALL);
        return null;
    }

    /** Whether each argument has its parameter's type ({@code exact}) or converts to it implicitly. */
    private boolean matches(Typed.Signature s, List<Typed.Expr> args, boolean exact) {
        for (int i = 0; i < args.size(); i++) {
            Type want = s.params().get(i).type();
            Type have = args.get(i).type();
            boolean ok = have.equals(want) || !exact && !s.writesBack(i) && !want.isOpaque()
                    && implicitlyConverts(have, want, checker.version());
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** GLSL built-ins the language does not have yet: a call gets "unsupported built-in function". */
    private static final Set<String> NOT_YET = Set.of("shadow2D", "shadow2DProj",
            "packDouble2x32", "unpackDouble2x32");

    /** The built-in when this shader's version and stage have it, else null (the name is then free). */
    private BuiltinTable.Builtin available(BuiltinTable.Builtin b) {
        if (b == null || !b.availableIn(checker.version(), checker.extensions())) {
            return null;
        }
        return b.fragmentOnly() && checker.stage() != ShaderStage.FRAGMENT ? null : b;
    }

    private Typed.Expr builtinCall(Pos pos, BuiltinTable.Builtin builtin, List<Typed.Expr> args, boolean statement) {
        List<Type> types = new ArrayList<>();
        for (Typed.Expr a : args) {
            if (value(a, pos) == null) {
                return null;
            }
            types.add(a.type());
        }
        BuiltinTable.Match m = BuiltinTable.match(builtin, types, checker.version());
        if (m == null) {
            return fail(pos, Messages.WRONG_ARGUMENTS);
        }
        if (m.result() instanceof VoidType && !statement) {
            return fail(pos, Messages.VOID_FUNCTION_VALUE);
        }
        List<Typed.Expr> converted = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Typed.Expr a = args.get(i);
            // an out argument is written, as a user function's out argument is
            if (m.out(i) && !checker.writable(a, pos, Messages.OUT_ARGUMENT)) {
                return null;
            }
            // the match converts int to float, and int to uint from 4.00; an out argument's
            // value is converted when it is written
            Type want = m.params().get(i);
            converted.add(a.type().equals(want) || m.out(i) ? a : toKind(a, want.scalarKind()));
        }
        return new Typed.BuiltinCall(pos, builtin, m.result(), converted, m.outs());
    }
}
