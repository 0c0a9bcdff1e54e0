package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import dev.csir.types.MatrixType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
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
        if (ty instanceof SamplerType || ty instanceof VoidType || args.isEmpty()) {
            return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
        }
        for (Typed.Expr a : args) {
            if (a.type() instanceof SamplerType) {
                return fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
            }
        }
        return switch (ty) {
            case MatrixType m -> matrix(pos, m, args);
            case ScalarType s -> scalar(pos, s, args);
            case VectorType v -> vector(pos, v, args);
            default -> fail(pos, Messages.BAD_CONSTRUCTOR_ARGUMENT);
        };
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
        if (args.size() == m.columns()) {
            List<Typed.Expr> cols = new ArrayList<>();
            for (Typed.Expr a : args) {
                if (!(a.type() instanceof VectorType v) || v.size() != m.rows()) {
                    return fail(pos, Messages.BAD_MATRIX_COLUMN);
                }
                cols.add(ExprChecker.toKind(a, ScalarKind.FLOAT));
            }
            return new Typed.Construct(pos, m, cols, false);
        }
        return fail(pos, Messages.UNSUPPORTED_MATRIX_CONSTRUCTOR);
    }
}
