package dev.csir.ssa.build;

import dev.csir.sema.Typed;
import dev.csir.ssa.Constant;
import dev.csir.ssa.eval.Evaluator;
import dev.csir.ssa.eval.Invocation;
import dev.csir.ssa.eval.Result;
import dev.csir.ssa.eval.Val;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The value of a constant expression (one {@link dev.csir.sema.Constants#isConstant} accepts, a
 * uniform's initializer) as a transform-IR constant: lowered as any initializer is, with the
 * constants it names, and run by the evaluator, so that it has exactly the value the same
 * expression has at run time.
 */
final class Folding {
    private static final String VALUE = "value";

    private Folding() {
    }

    static Constant fold(Typed.Expr e) {
        Map<Integer, Typed.Variable> named = new LinkedHashMap<>();
        constantsOf(e, named);
        List<Typed.Variable> globals = new ArrayList<>(named.values());
        globals.add(new Typed.Variable(Integer.MAX_VALUE, VALUE, e.type(), Typed.Storage.GLOBAL, Typed.BuiltinVar.NONE,
                -1, e.pos(), e));
        Typed.Function main = new Typed.Function(new Typed.Signature("main", VoidType.VOID, List.of(), e.pos()),
                new Typed.Block(e.pos(), List.of()));
        Result r = Evaluator.run(ModuleBuilder.build(new Typed.Unit(ShaderStage.FRAGMENT, globals, List.of(main), main)),
                new Invocation());
        if (r.status() != Result.Status.RETURNED) {
            throw new IllegalStateException("a constant expression did not evaluate: " + r);
        }
        return constant(r.global(VALUE));
    }

    /** The constants {@code e} names, those their initializers name first. */
    private static void constantsOf(Typed.Expr e, Map<Integer, Typed.Variable> out) {
        switch (e) {
            case Typed.VarRef r -> {
                if (!out.containsKey(r.variable().id())) {
                    constantsOf(r.variable().init(), out);
                    out.put(r.variable().id(), r.variable());
                }
            }
            case Typed.Construct c -> c.args().forEach(a -> constantsOf(a, out));
            case Typed.BuiltinCall c -> c.args().forEach(a -> constantsOf(a, out));
            case Typed.Convert c -> constantsOf(c.value(), out);
            case Typed.Splat s -> constantsOf(s.value(), out);
            case Typed.Unary u -> constantsOf(u.operand(), out);
            case Typed.Swizzle s -> constantsOf(s.base(), out);
            case Typed.Field f -> constantsOf(f.base(), out);
            case Typed.Index ix -> {
                constantsOf(ix.base(), out);
                constantsOf(ix.index(), out);
            }
            case Typed.Binary b -> {
                constantsOf(b.left(), out);
                constantsOf(b.right(), out);
            }
            default -> {
            }
        }
    }

    private static Constant constant(Val v) {
        return switch (v) {
            case Val.Agg a -> {
                List<Constant> elements = new ArrayList<>();
                for (Val e : a.elements()) {
                    elements.add(constant(e));
                }
                yield new Constant.Composite(a.type(), elements);
            }
            case Val.Num n -> numeric(n.type(), n, 0);
            default -> throw new IllegalStateException("no constant of " + v);
        };
    }

    /** The scalar, vector or matrix of {@code t} whose components start at {@code at} in {@code n}. */
    private static Constant numeric(Type t, Val.Num n, int at) {
        return switch (t) {
            case ScalarType s -> Constant.ofBits(s, n.bits(at));
            case VectorType vt -> {
                List<Constant> lanes = new ArrayList<>();
                for (int i = 0; i < vt.size(); i++) {
                    lanes.add(Constant.ofBits(vt.component(), n.bits(at + i)));
                }
                yield new Constant.Composite(vt, lanes);
            }
            case MatrixType m -> {
                List<Constant> columns = new ArrayList<>();
                for (int c = 0; c < m.columns(); c++) {
                    columns.add(numeric(m.columnType(), n, at + c * m.rows()));
                }
                yield new Constant.Composite(m, columns);
            }
            case ArrayType a -> throw new IllegalStateException(a.name());
            case StructType s -> throw new IllegalStateException(s.name());
            default -> throw new IllegalStateException(t.name());
        };
    }
}
