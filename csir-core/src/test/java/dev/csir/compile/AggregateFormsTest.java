package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.AggregateForms;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Arrays and structs: the interpreter computes the evaluator's values, uniform arrays and structs
 * are CSIR uniforms named as OpenGL names them, and csir accepts or rejects each form where
 * glslang does.
 */
class AggregateFormsTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        List<String> sources = AggregateForms.BODIES.stream().map(AggregateForms::shader).toList();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 100, new Random(14))).isEmpty();
    }

    @Test
    void uniformArraysAndStructsAreCsirUniformsByTheirOpenGlNames() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "s.frag", AggregateForms.shader("c = ls[1].c;"));
        assertThat(r.ok()).as(r.log()).isTrue();
        List<String> names = r.ir().iface().vars().stream()
                .filter(v -> v.kind() == dev.csir.ir.InterfaceVar.Kind.UNIFORM && !v.isSampler()).map(v -> v.name() + "@" + v.slot()).toList();
        assertThat(names).containsExactly("k@0", "j@1", "w[0]@2", "w[1]@3", "w[2]@4", "ls[0].p@5", "ls[0].c@6",
                "ls[1].p@7", "ls[1].c@8");
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> bodies = new ArrayList<>(AggregateForms.BODIES);
        bodies.addAll(AggregateForms.DYNAMIC);
        bodies.addAll(List.of(
                "float a[3]; a[3] = 1.0; c = vec4(a[0]);",
                "float a[2] = float[3](1.0, 2.0, 3.0); c = vec4(a[0]);",
                "float a[0]; c = vec4(1.0);",
                "float a[-1]; c = vec4(1.0);",
                "int n = 2; float a[n]; c = vec4(1.0);",
                "const int n = 2; float a[n * 2]; a[3] = 1.0; c = vec4(a[3]);",
                "float a[2] = float[](1.0); c = vec4(a[0]);",
                "L l = L(k.xyz); c = l.c;",
                "L l = L(k, j); c = l.c;",
                "L l; l.q = 1.0; c = l.c;",
                "L l; c = l.c.x;",
                "float f = 1.0; f[0] = 2.0; c = vec4(f);",
                "L l; l[0] = 1.0; c = l.c;",
                "c = vec4(k.length());",
                "float a[2]; c = vec4(a.length() + 0.5);",
                "float a[2]; float b[3] = a; c = vec4(b[0]);",
                "ls[0].c = k; c = k;",
                "w[1] = 1.0; c = k;",
                "struct M { float x; }; M m = M(1.0); c = vec4(m.x);",
                "float[2] a = float[2](k.x, k.y); c = vec4(a[1]);",
                "float a[2][3]; a[1][2] = k.x; c = vec4(a[1][2], float(a.length()), float(a[0].length()), 0.0);",
                // the texture lookup with a bias, a fragment shader's
                "c = texture(t, k.xy, k.z) + texture(t, j.xy, 1);",
                "c = texture(t, k.xy, true);",
                "c = texture(t, k.xy, k.zw);",
                "c = texture(t, k.xy, 1.0, 2.0);",
                // == and != of whole values; < of vectors stays an error
                "c = vec4(k == j.xyz);",
                "c = vec4(t == t);",
                "c = vec4(k < j);",
                "bvec2 b = bvec2(true); c = vec4(b == bvec2(k.xy));",
                "c = vec4(ivec2(k.xy) == vec2(1.0));"));
        List<String> disagreements = new ArrayList<>();
        // the version decides: arrays of arrays and the length of a vector from 4.30, array constructors from 1.20
        for (String body : List.of("float a[2][3]; a[1][2] = k.x; c = vec4(a[1][2], float(a.length()), float(a[0].length()), 0.0);",
                "c = vec4(k.length());", "float[3] a = float[3](1.0, 2.0, 3.0); c = vec4(a[2]);")) {
            for (String version : List.of("#version 120", "#version 430", "#version 300 es", "#version 310 es", "#version 320 es")) {
                String es = version.endsWith("es") ? "precision mediump float;\n" : "";
                String src = version + "\n" + es + "uniform vec4 k;\nvoid main() {\nvec4 c;\n" + body + "\n}\n";
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, src);
            }
        }
        for (String body : bodies) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, AggregateForms.shader(body));
        }
        assertThat(disagreements).isEmpty();
    }
}
