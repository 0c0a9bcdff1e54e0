package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.List;

/**
 * Constructor calls: {@code float(x)} takes the first component of x converted; a vector
 * from one scalar splats it, from one longer vector takes its first components, and otherwise
 * from components that together exactly fill it; a matrix from one scalar puts it on the
 * diagonal, from a matrix of its type copies it, or takes one column vector per column.
 */
final class Constructors {
    private final ExprChecker exprs;
    private final Checker checker;

    Constructors(ExprChecker exprs, Checker checker) {
        this.exprs = exprs;
        this.checker = checker;
    }

    private Typed.Expr fail(Pos pos, String message) {
        checker.error(pos, message);
        return null;
    }

    /**
     * {@code sampler2D(t, s)}: a texture of the sampler's dimensionality and sampled type and a
     * sampler state, each a uniform named directly, make the sampler that only a texture function
     * may take (GLSL for Vulkan; the constructor's type, not the state, decides whether lookups compare).
     */
    private Typed.Expr pairedSampler(Pos pos, SamplerType s, List<Typed.Expr> args) {
        if (!(args.get(0).type() instanceof dev.csir.types.TextureType t) || !t.pairsWith(s)) {
            return fail(args.get(0).pos(), Messages.SAMPLER_CONSTRUCTOR_TEXTURE);
        }
        if (!(args.get(1).type() instanceof dev.csir.types.SamplerStateType)) {
            return fail(args.get(1).pos(), Messages.SAMPLER_CONSTRUCTOR_STATE);
        }
        if (!(args.get(0) instanceof Typed.VarRef texture) || !(args.get(1) instanceof Typed.VarRef state)) {
            return fail(pos, Messages.SAMPLER_CONSTRUCTOR_PARAMETER);
        }
        Typed.Variable v = checker.pairedSampler(pos, s, texture.variable(), state.variable());
        if (v == null) {
            return null;
        }
        Typed.VarRef ref = new Typed.VarRef(pos, v);
        exprs.constructedSampler(ref);
        return ref;
    }

    Typed.Expr construct(Ast.Construct c) {
        Pos pos = c.pos();
        List<Typed.Expr> args = new ArrayList<>();
        boolean bad = false;
        for (Ast.Expr a : c.args()) {
            Typed.Expr t = exprs.expr(a);
            bad |= t == null;
            args.add(t);
        }
        if (bad) {
            return null;
        }
        Type ty = c.type();
        if (!c.dims().isEmpty()) {
            return array(c, args);
        }
        if (ty instanceof StructType st) {
            return struct(pos, st, args);
        }
        if (ty instanceof SamplerType s && args.size() == 2 && (args.get(0).type() instanceof dev.csir.types.TextureType
                || args.get(1).type() instanceof dev.csir.types.SamplerStateType)) {
            return pairedSampler(pos, s, args);
        }
        if (ty instanceof SamplerType || ty instanceof VoidType || args.isEmpty()) {
            return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
        }
        for (Typed.Expr a : args) {
            if (a.type() instanceof SamplerType) {
                return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
            }
        }
        if (ty instanceof MatrixType m) {
            return matrix(pos, m, args);
        }
        if (ty instanceof ScalarType s) {
            return scalar(pos, s, args);
        }
        if (ty instanceof VectorType v) {
            return vector(pos, v, args);
        }
        return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
    }

    /** {@code T[n](e0, ...)}: exactly n elements of type T ({@code T[]} takes as many as there are). */
    private Typed.Expr array(Ast.Construct c, List<Typed.Expr> args) {
        if (!checker.version().arrayConstructors()) {
            return fail(c.pos(), Messages.ARRAY_CONSTRUCTOR_VERSION);
        }
        if (c.type() instanceof SamplerType || c.type() instanceof VoidType || args.isEmpty()) {
            return fail(c.pos(), Messages.BAD_CONSTRUCTOR_ARGUMENT);
        }
        List<Ast.Expr> dims = new ArrayList<>(c.dims());
        Ast.Expr outer = dims.removeFirst();
        Type element = checker.declaredType(c.type(), dims, null, c.pos());
        if (element == null) {
            return null;
        }
        Type type = checker.declaredType(element, java.util.Collections.singletonList(outer),
                new Typed.Construct(c.pos(), new dev.csir.types.ArrayType(element, args.size()), args, false), c.pos());
        if (type == null) {
            return null;
        }
        if (((dev.csir.types.ArrayType) type).length() != args.size()) {
            return fail(c.pos(), Messages.CONSTRUCTOR_ARGUMENTS);
        }
        List<Typed.Expr> elements = new ArrayList<>();
        for (Typed.Expr a : args) {
            Typed.Expr e = exprs.assignable(element, a, c.pos(), Messages.CONSTRUCTOR_ARGUMENTS);
            if (e == null) {
                return null;
            }
            elements.add(e);
        }
        return new Typed.Construct(c.pos(), type, elements, false);
    }

    /** {@code S(m0, ...)}: one argument per member, each of the member's type. */
    private Typed.Expr struct(Pos pos, StructType st, List<Typed.Expr> args) {
        if (args.size() != st.members().size()) {
            return fail(pos, Messages.CONSTRUCTOR_ARGUMENTS);
        }
        List<Typed.Expr> members = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Typed.Expr e = exprs.assignable(st.members().get(i).type(), args.get(i), pos, Messages.CONSTRUCTOR_ARGUMENTS);
            if (e == null) {
                return null;
            }
            members.add(e);
        }
        return new Typed.Construct(pos, st, members, false);
    }

    private Typed.Expr scalar(Pos pos, ScalarType s, List<Typed.Expr> args) {
        Typed.Expr a = args.getFirst();
        if (args.size() != 1 || a.type() instanceof MatrixType) {
            return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
        }
        if (a.type() instanceof VectorType v) {
            a = new Typed.Swizzle(a.pos(), v.component(), a, new int[] {0});
        }
        return a.type().equals(s) ? a : new Typed.Convert(pos, s, a);
    }

    private Typed.Expr vector(Pos pos, VectorType v, List<Typed.Expr> args) {
        ScalarKind k = v.component().kind();
        if (args.size() == 1 && !(args.getFirst().type() instanceof MatrixType)) {
            Typed.Expr a = ExprChecker.toKind(args.getFirst(), k);
            if (a.type() instanceof ScalarType) {
                return new Typed.Splat(pos, v, a);
            }
            int n = a.type().componentCount();
            if (n > v.size()) {
                int[] lanes = new int[v.size()];
                for (int i = 0; i < lanes.length; i++) {
                    lanes[i] = i;
                }
                return new Typed.Swizzle(pos, v, a, lanes);
            }
        }
        int total = 0;
        List<Typed.Expr> parts = new ArrayList<>();
        for (Typed.Expr a : args) {
            if (a.type() instanceof MatrixType) {
                return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
            }
            total += a.type().componentCount();
            parts.add(ExprChecker.toKind(a, k));
        }
        if (total != v.size()) {
            return fail(pos, Messages.CONSTRUCTOR_COUNT);
        }
        return new Typed.Construct(pos, v, parts, false);
    }

    private Typed.Expr matrix(Pos pos, MatrixType m, List<Typed.Expr> args) {
        if (args.size() == 1 && args.getFirst().type() instanceof ScalarType) {
            return new Typed.Construct(pos, m, List.of(ExprChecker.toKind(args.getFirst(), ScalarKind.FLOAT)), true);
        }
        if (args.size() == 1 && args.getFirst().type().equals(m)) {
            return args.getFirst();
        }
        if (args.size() == 1 && args.getFirst().type() instanceof MatrixType from) {
            return fromMatrix(pos, m, from, args.getFirst());
        }
        if (args.size() == m.columns() && args.stream().allMatch(a -> a.type() instanceof VectorType v
                && v.size() == m.rows())) {
            List<Typed.Expr> cols = new ArrayList<>();
            for (Typed.Expr a : args) {
                cols.add(ExprChecker.toKind(a, ScalarKind.FLOAT));
            }
            return new Typed.Construct(pos, m, cols, false);
        }
        return fromComponents(pos, m, args);
    }

    /**
     * A matrix from another: its element (c, r) where the other has one, else the identity's
     * (GLSL 4.60 5.4.2). The other is read once per element, so it must have no effect.
     */
    private Typed.Expr fromMatrix(Pos pos, MatrixType m, MatrixType from, Typed.Expr source) {
        if (!Typed.pure(source)) {
            return fail(pos, Messages.UNSUPPORTED_MATRIX_CONSTRUCTOR);
        }
        List<Typed.Expr> cols = new ArrayList<>();
        for (int c = 0; c < m.columns(); c++) {
            List<Typed.Expr> lanes = new ArrayList<>();
            for (int r = 0; r < m.rows(); r++) {
                if (c < from.columns() && r < from.rows()) {
                    Typed.Expr column = new Typed.Index(pos, from.columnType(), source,
                            new Typed.Literal(pos, ScalarType.INT, c));
                    lanes.add(new Typed.Swizzle(pos, ScalarType.FLOAT, column, new int[] {r}));
                } else {
                    lanes.add(floatLiteral(pos, c == r ? 1f : 0f));
                }
            }
            cols.add(new Typed.Construct(pos, m.columnType(), lanes, false));
        }
        return new Typed.Construct(pos, m, cols, false);
    }

    /** A matrix from scalars and vectors, their components filling it column by column. */
    private Typed.Expr fromComponents(Pos pos, MatrixType m, List<Typed.Expr> args) {
        List<Typed.Expr> scalars = new ArrayList<>();
        for (Typed.Expr a : args) {
            if (a.type() instanceof ScalarType && a.type().scalarKind() != ScalarKind.BOOL) {
                scalars.add(ExprChecker.toKind(a, ScalarKind.FLOAT));
            } else if (a.type() instanceof VectorType v && v.component().kind() != ScalarKind.BOOL && Typed.pure(a)) {
                Typed.Expr f = ExprChecker.toKind(a, ScalarKind.FLOAT);
                for (int i = 0; i < v.size(); i++) {
                    scalars.add(new Typed.Swizzle(pos, ScalarType.FLOAT, f, new int[] {i}));
                }
            } else {
                return fail(pos, Messages.UNSUPPORTED_MATRIX_CONSTRUCTOR);
            }
        }
        if (scalars.size() != m.columns() * m.rows()) {
            return fail(pos, Messages.CONSTRUCTOR_COUNT);
        }
        List<Typed.Expr> cols = new ArrayList<>();
        for (int c = 0; c < m.columns(); c++) {
            cols.add(new Typed.Construct(pos, m.columnType(), scalars.subList(c * m.rows(), (c + 1) * m.rows()), false));
        }
        return new Typed.Construct(pos, m, cols, false);
    }

    private static Typed.Expr floatLiteral(Pos pos, float v) {
        return new Typed.Literal(pos, ScalarType.FLOAT, Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
    }
}
