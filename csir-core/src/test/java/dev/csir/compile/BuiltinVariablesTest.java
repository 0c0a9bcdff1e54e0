package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.GlobalVariable;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gl_FrontFacing, gl_FragDepth and gl_PointSize: declared in their stage and versions as glslang
 * has them (gl_FragDepth from ES 3.00; gl_FrontFacing read-only), the first two the transform
 * IR's FrontFacing and FragDepth built-ins, gl_PointSize a private variable (points are never
 * drawn, and to a triangle the size is nothing).
 */
class BuiltinVariablesTest {
    private static final List<String> VERSIONS = List.of("110", "120", "130", "150", "330", "450", "100", "300 es",
            "310 es");

    private static boolean legacy(String v) {
        return v.equals("100") || v.equals("110") || v.equals("120");
    }

    private static String fragment(String v, String body) {
        String head = "#version " + v + "\n" + (v.endsWith("es") || v.equals("100") ? "precision mediump float;\n" : "");
        return legacy(v) ? head + "void main() { " + body + " gl_FragColor = vec4(1.0); }\n"
                : head + "out vec4 o;\nvoid main() { " + body + " o = vec4(1.0); }\n";
    }

    private static String vertex(String v, String body) {
        return "#version " + v + "\nvoid main() { " + body + " gl_Position = vec4(0.0); }\n";
    }

    @Test
    void declaredExactlyWhereGlslangDeclaresThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String v : VERSIONS) {
            for (String body : List.of("bool f = gl_FrontFacing;", "gl_FrontFacing = true;", "gl_FragDepth = 0.5;",
                    "float d = gl_FragDepth;", "gl_PointSize = 2.0;")) {
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, fragment(v, body));
                GlslangAgreement.check(disagreements, ShaderStage.VERTEX, vertex(v, body));
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void theyReachTheTransformIr() {
        ModuleResult f = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "b.frag",
                fragment("330", "gl_FragDepth = gl_FrontFacing ? 0.25 : 0.75;"));
        assertThat(f.ok()).as(f.log()).isTrue();
        List<String> seen = new ArrayList<>();
        for (GlobalVariable g : f.module().globals()) {
            if (g.builtIn() == BuiltIn.FRONT_FACING || g.builtIn() == BuiltIn.FRAG_DEPTH) {
                seen.add(g.builtIn() + " " + g.space());
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("FRONT_FACING " + AddressSpace.INPUT, "FRAG_DEPTH " + AddressSpace.OUTPUT);
        // unoptimized, as the optimizer drops a private variable nothing reads
        ModuleResult v = ShaderCompiler.compileModule(ShaderStage.VERTEX, "b.vert", vertex("330", "gl_PointSize = 4.0;"),
                dev.csir.CompileOptions.DEFAULT.withOptimize(false));
        assertThat(v.ok()).as(v.log()).isTrue();
        assertThat(v.module().globals().stream().filter(g -> g.name().equals("gl_PointSize")).map(GlobalVariable::space)
                .toList()).containsExactly(AddressSpace.PRIVATE);
    }
}
