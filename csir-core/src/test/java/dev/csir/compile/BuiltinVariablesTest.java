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
 * gl_FrontFacing, gl_FragDepth, gl_PointSize and gl_PointCoord: declared in their stage and versions
 * as glslang has them (gl_FragDepth from ES 3.00, gl_PointCoord from GLSL 1.20; gl_FrontFacing and
 * gl_PointCoord read-only), gl_FrontFacing, gl_FragDepth and gl_PointCoord the transform IR's
 * built-ins, gl_PointSize a private variable (points are never drawn, and to a triangle the size
 * is nothing). On CSIR gl_PointCoord, which GLSL leaves undefined off a point, reads as zero.
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
                    "float d = gl_FragDepth;", "gl_PointSize = 2.0;", "vec2 p = gl_PointCoord.yx;",
                    "gl_PointCoord = vec2(0.0);")) {
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
        ModuleResult p = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "p.frag", fragment("120", "gl_FragDepth = gl_PointCoord.y;"));
        assertThat(p.ok()).as(p.log()).isTrue();
        assertThat(p.module().globals().stream().filter(g -> g.builtIn() == BuiltIn.POINT_COORD).map(GlobalVariable::space)
                .toList()).containsExactly(AddressSpace.INPUT);
        dev.csir.CompileResult csir = ShaderCompiler.compile(dev.csir.ir.Stage.FRAGMENT, "p.frag",
                fragment("330", "o = vec4(gl_PointCoord, gl_PointCoord.y + 0.5, 1.0); return;"));
        assertThat(csir.ok()).as(csir.log()).isTrue();
        dev.csir.exec.Interpreter in = dev.csir.exec.Interpreter.of(csir.ir(), null);
        dev.csir.exec.Frame frame = in.newFrame();
        assertThat(in.run(frame)).isEqualTo(dev.csir.exec.Status.OK);
        assertThat(frame.color()).containsExactly(0f, 0f, 0.5f, 1f);
        // unoptimized, as the optimizer drops a private variable nothing reads
        ModuleResult v = ShaderCompiler.compileModule(ShaderStage.VERTEX, "b.vert", vertex("330", "gl_PointSize = 4.0;"),
                dev.csir.CompileOptions.DEFAULT.withOptimize(false));
        assertThat(v.ok()).as(v.log()).isTrue();
        assertThat(v.module().globals().stream().filter(g -> g.name().equals("gl_PointSize")).map(GlobalVariable::space)
                .toList()).containsExactly(AddressSpace.PRIVATE);
    }
}
