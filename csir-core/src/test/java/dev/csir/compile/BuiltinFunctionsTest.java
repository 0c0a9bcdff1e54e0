package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.BuiltinCalls;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The built-in functions of GLSL section 8 beyond the first ones: the same values (within
 * {@link Differential#TOLERANCE}) from the CSIR interpreter as from the transform-IR evaluator,
 * whose functions are Java's double-precision ones, and calls accepted or rejected where glslang
 * accepts or rejects them, per version.
 */
class BuiltinFunctionsTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        Random random = new Random(14);
        List<String> wrong = new ArrayList<>();
        for (String e : BuiltinCalls.EXPRESSIONS) {
            String src = BuiltinCalls.shader(e);
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "b.frag", src);
            assertThat(r.ok()).as(e + "\n" + r.log()).isTrue();
            ModuleResult m = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag", src);
            for (int run = 0; run < 200; run++) {
                String d = Differential.compare(ShaderStage.FRAGMENT, r.ir(), m.module(), random);
                if (d != null) {
                    wrong.add(e + ": " + d);
                    break;
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void knownValues() {
        // exact cases the random inputs rarely reach, through the interpreter
        String[][] cases = {
            {"vec4(round(2.5), round(-2.5), round(0.5), round(-0.49))", "3.0,-3.0,1.0,0.0"},
            {"vec4(roundEven(2.5), roundEven(3.5), roundEven(-2.5), roundEven(-0.5))", "2.0,4.0,-2.0,0.0"},
            {"vec4(determinant(mat3(2.0)), determinant(mat4(3.0)), inverse(mat4(4.0))[2][2], transpose(mat3(vec3(1.0, 2.0, "
                + "3.0), vec3(4.0, 5.0, 6.0), vec3(7.0, 8.0, 9.0)))[0][1])", "8.0,81.0,0.25,4.0"},
            // k = (NaN, -inf, 1e38, 1): CSIR divides by multiplying with rcp, and its rcp(0) is 0
            {"vec4(isnan(k.x), isinf(k.y), isinf(k.z), isnan(k.w))", "1.0,1.0,0.0,0.0"},
            {"vec4(isnan(k).yzw, isinf(k).y)", "0.0,0.0,0.0,1.0"},
        };
        for (String[] c : cases) {
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "v.frag", BuiltinCalls.shader(c[0]));
            assertThat(r.ok()).as(c[0] + "\n" + r.log()).isTrue();
            dev.csir.exec.Interpreter exec = dev.csir.exec.Interpreter.of(r.ir(), null);
            dev.csir.exec.Frame frame = exec.newFrame();
            for (dev.csir.ir.InterfaceVar v : r.ir().iface().vars()) {
                if (v.name().equals("k")) {
                    frame.uniform(v.slot(), Float.NaN, Float.NEGATIVE_INFINITY, 1e38f, 1f);
                }
            }
            exec.run(frame);
            float[] color = frame.color();
            StringBuilder got = new StringBuilder();
            for (int i = 0; i < 4; i++) {
                got.append(i > 0 ? "," : "").append(Math.abs(color[i] - Math.round(color[i])) < 1e-5f
                        && color[i] != 0 ? (float) Math.round(color[i]) : color[i]);
            }
            assertThat(got.toString()).as(c[0]).isEqualTo(c[1]);
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        String[] calls = {"atan(x, y)", "atan(x)", "sinh(x)", "round(v)", "roundEven(x)", "isnan(x)", "isinf(v).x",
            "fma(x, x, x)", "ldexp(x, 2)", "faceforward(v, v, v)", "refract(v, v, x)", "refract(v, v, v)",
            "lessThan(v, v).x", "lessThan(x, x)", "equal(bvec3(true), bvec3(false)).y", "any(bvec2(true))",
            "all(x)", "not(true)", "mix(x, x, true)", "mix(v, v, bvec3(true))", "mix(v, v, bvec2(true))",
            "determinant(m3)", "inverse(m3)[0].x", "transpose(m3)[1].y", "outerProduct(v, v)[0].x",
            "matrixCompMult(m3, m3)[0].x", "abs(1)", "min(1, 2)", "min(1, 2.0)", "clamp(v, 0, 1)",
            "max(ivec2(1), 2).x", "sin(1)", "sin(true)", "pow(x)", "dot(x, v)", "length(2)", "cross(v, v.xy)",
            "bitCount(3)", "dFdx(x)", "fwidth(v).x", "dFdxFine(x)", "dFdyCoarse(v).y", "fwidthFine(x)",
            "fwidthCoarse(v).z"};
        // (1.10 and 1.20 fragment shaders write gl_FragColor, which waits for the legacy forms,
        // so those versions are tried as vertex shaders)
        String[] versions = {"#version 330 core", "#version 110", "#version 120", "#version 130", "#version 400",
            "#version 300 es", "#version 310 es", "#version 450", "#version 400\n#extension GL_ARB_derivative_control : enable"};
        List<String> disagreements = new ArrayList<>();
        int tried = 0;
        for (String version : versions) {
            for (String call : calls) {
                boolean legacy = version.contains("110") || version.contains("120");
                for (String stage : legacy ? new String[] {"vert"} : new String[] {"frag", "vert"}) {
                    String src = source(version, call, stage);
                    boolean glslang = Glslang.validate("a." + stage, src) == null;
                    boolean csir = ShaderCompiler.compileModule(stage.equals("frag") ? ShaderStage.FRAGMENT
                            : ShaderStage.VERTEX, "a." + stage, src).ok();
                    tried++;
                    if (glslang != csir) {
                        disagreements.add(version.lines().findFirst().orElseThrow() + " " + stage + " " + call
                                + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                                + (csir ? "accepts" : "rejects"));
                    }
                }
            }
        }
        assertThat(tried).isEqualTo(calls.length * (2 * 7 + 2));
        assertThat(disagreements).isEmpty();
    }

    private static String source(String version, String call, String stage) {
        boolean old = version.contains("110") || version.contains("120");
        boolean es = version.contains("es");
        String out = stage.equals("frag") ? (old ? "" : "out vec4 color;\n") : "";
        String write = stage.equals("frag") ? (old ? "gl_FragColor" : "color") : "gl_Position";
        String mat = es ? "" : "    mat3 m3 = mat3(1.0);\n";
        String precision = es && stage.equals("frag") ? "precision mediump float;\n" : "";
        return version + "\n" + precision + out + "void main() {\n    float x = 0.5;\n    vec3 v = vec3(0.25);\n" + mat
                + "    float r = float(" + call + ");\n    " + write + " = vec4(r);\n}\n";
    }
}
