package dev.csir.lower;

import static dev.csir.lower.A.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.BinaryOp;
import dev.csir.lang.Ast.Storage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values computed by lowered shaders, including one case per fixed bug of the original. */
class LoweringValueTest {
    static final float[][] IDENT = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};

    static float[] pos(Ast.Unit u, float[][] attrs, float[][] uniforms) {
        ShaderIr ir = LoweringTest.ok(u, Stage.VERTEX);
        return MiniExec.run(ir, attrs, uniforms);
    }

    static Ast.Decl attrP() {
        return global(Storage.IN, Type.VEC4, "p");
    }

    static final float[][] P = {{1, 2, 3, 1}};

    @Test
    void mvpTimesPosition() {
        float[][] m = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {6, 7, 8, 1}};
        var u = unit(attrP(), global(Storage.UNIFORM, Type.MAT4, "m"), main(set("gl_Position", mul(id("m"), id("p")))));
        assertThat(pos(u, P, m)).containsExactly(7, 9, 11, 1);
    }

    @Test
    void diagonalMatrixConstructorKeepsEveryColumn() {
        var u = unit(attrP(), main(set("gl_Position", mul(ctor(Type.MAT4, lit(2f)), id("p")))));
        assertThat(pos(u, P, null)).containsExactly(2, 4, 6, 2);
    }

    @Test
    void localMatrixCopyKeepsEveryColumn() {
        float[][] m = {{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {1, 1, 1, 1}};
        var u = unit(attrP(), global(Storage.UNIFORM, Type.MAT4, "u"),
                main(local(Type.MAT4, "m", id("u")), set("gl_Position", mul(id("m"), id("p")))));
        assertThat(pos(u, P, m)).containsExactly(3, 7, 13, 1);
    }

    @Test
    void matrixParameterCopiesEveryColumn() {
        float[][] m = {{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {1, 1, 1, 1}};
        var f = fn(Type.VEC4, "f", List.of(param(Type.MAT4, "a"), param(Type.VEC4, "v")), ret(mul(id("a"), id("v"))));
        var u = unit(attrP(), global(Storage.UNIFORM, Type.MAT4, "u"), f,
                main(set("gl_Position", call("f", id("u"), id("p")))));
        assertThat(pos(u, P, m)).containsExactly(3, 7, 13, 1);
    }

    @Test
    void rowVectorTimesMatrixAndScalarMatrixArithmetic() {
        float[][] m = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
        var u = unit(attrP(), global(Storage.UNIFORM, Type.MAT4, "u"), main(set("gl_Position", mul(id("p"), id("u")))));
        // p = (1,2,3,1): dot with each column
        assertThat(pos(u, P, m)).containsExactly(18, 46, 74, 102);
        var s = unit(attrP(), global(Storage.UNIFORM, Type.MAT4, "u"),
                main(set("gl_Position", mul(add(mul(lit(2f), id("u")), id("u")), id("p")))));
        assertThat(pos(s, P, IDENT)).containsExactly(3, 6, 9, 3);
    }

    @Test
    void knownConstantDoesNotLeakOutOfBranches() {
        var u = unit(global(Storage.UNIFORM, Type.FLOAT, "c"),
                main(local(Type.FLOAT, "x", lit(0f)),
                        iff(bin(BinaryOp.GT, id("c"), lit(0.5f)), block(set("x", lit(1f))), null),
                        set("gl_Position", ctor(Type.VEC4, id("x"), lit(0f), lit(0f), lit(1f)))));
        assertThat(pos(u, null, new float[][] {{0, 0, 0, 0}})).containsExactly(0, 0, 0, 1);
        assertThat(pos(u, null, new float[][] {{1, 0, 0, 0}})).containsExactly(1, 0, 0, 1);
    }

    @Test
    void elseBranchDoesNotSeeThenBranchConstants() {
        var u = unit(global(Storage.UNIFORM, Type.FLOAT, "c"),
                main(local(Type.FLOAT, "x", lit(5f)), local(Type.FLOAT, "y", lit(0f)),
                        iff(bin(BinaryOp.GT, id("c"), lit(0.5f)), set("x", lit(1f)), set("y", id("x"))),
                        set("gl_Position", ctor(Type.VEC4, id("x"), id("y"), lit(0f), lit(1f)))));
        assertThat(pos(u, null, new float[][] {{0, 0, 0, 0}})).containsExactly(5, 5, 0, 1);
        assertThat(pos(u, null, new float[][] {{1, 0, 0, 0}})).containsExactly(1, 0, 0, 1);
    }

    @Test
    void calleeSeesOnlyGlobalsAndParameters() {
        var f = fn(Type.FLOAT, "f", List.of(param(Type.FLOAT, "a")), ret(add(id("a"), id("y"))));
        var u = unit(global(Storage.NONE, Type.FLOAT, "y", lit(10f)), f,
                main(local(Type.FLOAT, "y", lit(1f)),
                        set("gl_Position", ctor(Type.VEC4, call("f", lit(2f)), id("y"), lit(0f), lit(1f)))));
        assertThat(pos(u, null, null)).containsExactly(12, 1, 0, 1);
        var g = fn(Type.FLOAT, "g", List.of(param(Type.FLOAT, "a")), ret(add(id("a"), id("z"))));
        var bad = unit(g, main(local(Type.FLOAT, "z", lit(1f)),
                set("gl_Position", ctor(Type.VEC4, call("g", lit(2f)), lit(0f), lit(0f), lit(1f)))));
        assertThat(LoweringTest.firstError(bad, Stage.VERTEX)).isEqualTo("1:1 unknown identifier");
    }

    @Test
    void loopUnrollsAndFunctionsInline() {
        var u = unit(main(local(Type.FLOAT, "s", lit(0f)),
                loop("i", 0, BinaryOp.LT, 4, true, block(set("s", add(id("s"), id("i"))))),
                set("gl_Position", ctor(Type.VEC4, id("s"), lit(0f), lit(0f), lit(1f)))));
        assertThat(pos(u, null, null)).containsExactly(6, 0, 0, 1);
        var nine = unit(main(loop("i", 0, BinaryOp.LT, 9, true, block()), set("gl_Position", vec4(0, 0, 0, 1))));
        assertThat(LoweringTest.firstError(nine, Stage.VERTEX)).isEqualTo("1:1 loop bound exceeds the unroll limit");
        var eight = unit(main(loop("i", 0, BinaryOp.LT, 8, true, block()), set("gl_Position", vec4(0, 0, 0, 1))));
        LoweringTest.ok(eight, Stage.VERTEX);
    }

    @Test
    void returnIsCheckedAndMustBeLast() {
        var f = fn(Type.FLOAT, "f", List.of(), ret(vec4(1, 2, 3, 4)));
        var u = unit(f, main(set("gl_Position", ctor(Type.VEC4, call("f")))));
        assertThat(LoweringTest.firstError(u, Stage.VERTEX)).isEqualTo("1:1 type mismatch in return");
        var g = fn(Type.FLOAT, "g", List.of(param(Type.FLOAT, "x")),
                iff(bin(BinaryOp.GT, id("x"), lit(0f)), ret(lit(5f)), null), ret(lit(7f)));
        var v = unit(g, main(set("gl_Position", ctor(Type.VEC4, call("g", lit(1f))))));
        assertThat(LoweringTest.firstError(v, Stage.VERTEX))
                .isEqualTo("1:1 return must be the last statement of the function");
    }

    @Test
    void addedBuiltinsMatchJavaMath() {
        float[] xs = {-3.75f, -2f, -1.5f, -0.25f, 0f, 0.3f, 1f, 2.5f, 7.9f};
        for (float x : xs) {
            check("floor", x, (float) Math.floor(x));
            check("ceil", x, (float) Math.ceil(x));
            check("fract", x, x - (float) Math.floor(x));
            check("sign", x, Math.signum(x));
            check("trunc", x, (float) (long) x);
            check("sin", x, (float) Math.sin(x));
            check("exp", x, (float) Math.exp(x));
            check("exp2", x, (float) Math.pow(2, x));
            check("radians", x, (float) Math.toRadians(x));
            check("degrees", x, (float) Math.toDegrees(x));
            check("tan", x, (float) Math.tan(x));
            check("abs", x, Math.abs(x));
            if (x >= 0) {
                check("sqrt", x, (float) Math.sqrt(x));
            }
            if (x > 0) {
                check("inversesqrt", x, (float) (1 / Math.sqrt(x)));
            }
        }
    }

    private static void check(String fn, float x, float expected) {
        // vec2(x, -x) exercises the per-component expansion; lane x is compared.
        var u = unit(global(Storage.UNIFORM, Type.FLOAT, "u"),
                main(set("gl_Position", ctor(Type.VEC4, call(fn, ctor(Type.VEC2, id("u"), neg(id("u")))), lit(0f),
                        lit(1f)))));
        float[] r = pos(u, null, new float[][] {{x, 0, 0, 0}});
        assertThat(r[0]).as(fn + "(" + x + ")").isCloseTo(expected, within(Math.abs(expected) * 2e-6f + 1e-6f));
    }
}
