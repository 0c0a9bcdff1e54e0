package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.GlobalVariable;
import dev.csir.testing.Glslang;
import dev.csir.types.ArrayType;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gl_ClipDistance: the vertex stage's output and the fragment stage's input from GLSL 1.30 on
 * (never in GLSL ES), sized by a redeclaration or by the largest constant index, with glslang's
 * errors for a variable index while unsized, an index or size past gl_MaxClipDistances and a
 * changed qualification.
 */
class ClipDistanceTest {
    private static final List<String> VERSIONS = List.of("110", "120", "130", "140", "150", "330", "450", "100",
            "300 es", "310 es", "320 es");

    private static final List<String> VERTEX = List.of(
            "void main() { gl_ClipDistance[0] = 1.0; gl_Position = vec4(0.0); }",
            "void main() { gl_ClipDistance[7] = 1.0; }",
            "void main() { gl_ClipDistance[8] = 1.0; }",
            "void main() { gl_ClipDistance[-1] = 1.0; }",
            "uniform int i;\nvoid main() { gl_ClipDistance[i] = 1.0; }",
            "out float gl_ClipDistance[2];\nuniform int i;\nvoid main() { gl_ClipDistance[i] = 1.0; }",
            "out float gl_ClipDistance[];\nuniform int i;\nvoid main() { gl_ClipDistance[i] = 1.0; }",
            "out float gl_ClipDistance[];\nvoid main() { gl_ClipDistance[3] = 1.0; }",
            "out float gl_ClipDistance[8];\nvoid main() { gl_ClipDistance[7] = 1.0; }",
            "out float gl_ClipDistance[9];\nvoid main() { gl_ClipDistance[0] = 1.0; }",
            "out float gl_ClipDistance[2];\nvoid main() { gl_ClipDistance[2] = 1.0; }",
            "out float gl_ClipDistance[2];\nout float gl_ClipDistance[2];\nvoid main() { }",
            "out float gl_ClipDistance[0];\nvoid main() { }",
            "out vec2 gl_ClipDistance[2];\nvoid main() { }",
            "in float gl_ClipDistance[2];\nvoid main() { }",
            "float gl_ClipDistance[2];\nvoid main() { }",
            "out float gl_ClipDistance[2];\nvoid main() { gl_ClipDistance = float[2](1.0, 2.0); }",
            "void main() { float a[8] = gl_ClipDistance; }",
            "out float gl_ClipDistance[3];\nvoid main() { int n = gl_ClipDistance.length(); }",
            "void main() { const int k = 2; gl_ClipDistance[k + 1] = 1.0; gl_Position = vec4(gl_ClipDistance[1]); }",
            "void f() { gl_ClipDistance[5] = 1.0; }\nvoid main() { gl_ClipDistance[1] = 1.0; f(); }",
            "out float gl_ClipDistance[gl_MaxClipDistances];\nvoid main() { gl_ClipDistance[7] = 1.0; }",
            "void main() { gl_ClipDistance[1] = 1.0; }\nout float gl_ClipDistance[4];",
            "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[3]; };\nvoid main() { gl_ClipDistance[2] = 1.0; }",
            "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[2]; };\nvoid main() { gl_ClipDistance[2] = 1.0; }",
            "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[9]; };\nvoid main() { }",
            "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\nvoid main() { gl_ClipDistance[5] = 1.0; }",
            "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\nuniform int i;\n"
                    + "void main() { gl_ClipDistance[i] = 1.0; }");

    private static final List<String> FRAGMENT = List.of(
            "void main() { COLOR = vec4(gl_ClipDistance[1]); }",
            "void main() { gl_ClipDistance[0] = 1.0; COLOR = vec4(1.0); }",
            "uniform int i;\nvoid main() { COLOR = vec4(gl_ClipDistance[i]); }",
            "in float gl_ClipDistance[3];\nuniform int i;\nvoid main() { COLOR = vec4(gl_ClipDistance[i]); }",
            "in float gl_ClipDistance[3];\nvoid main() { COLOR = vec4(gl_ClipDistance[3]); }",
            "out float gl_ClipDistance[2];\nvoid main() { COLOR = vec4(1.0); }",
            "void main() { COLOR = vec4(gl_ClipDistance[8]); }");

    private static String source(String version, ShaderStage stage, String body) {
        boolean es = version.endsWith("es") || version.equals("100");
        boolean legacy = version.equals("100") || version.equals("110") || version.equals("120");
        String head = "#version " + version + "\n" + (es ? "precision mediump float;\n" : "");
        if (stage == ShaderStage.FRAGMENT) {
            return head + (legacy ? "" : "out vec4 o;\n") + body.replace("COLOR", legacy ? "gl_FragColor" : "o") + "\n";
        }
        return head + body + "\n";
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsIt() throws Exception {
        Glslang.requireTool();
        int accepted = 0;
        List<String> disagreements = new ArrayList<>();
        for (ShaderStage stage : List.of(ShaderStage.VERTEX, ShaderStage.FRAGMENT)) {
            List<String> sources = new ArrayList<>();
            for (String v : VERSIONS) {
                for (String body : stage == ShaderStage.VERTEX ? VERTEX : FRAGMENT) {
                    sources.add(source(v, stage, body));
                }
            }
            String ext = stage == ShaderStage.VERTEX ? "vert" : "frag";
            boolean[] glslang = Glslang.validateEach(sources, ext);
            for (int i = 0; i < sources.size(); i++) {
                ModuleResult r = ShaderCompiler.compileModule(stage, "c." + ext, sources.get(i));
                if (r.ok() != glslang[i]) {
                    disagreements.add(sources.get(i) + ": glslang " + (glslang[i] ? "accepts" : "rejects") + ", csir "
                            + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                } else if (!r.ok()) {
                    assertThat(r.diagnostics().getFirst().line()).as(sources.get(i)).isGreaterThan(0);
                }
                accepted += glslang[i] ? 1 : 0;
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(accepted).isBetween(40, 120);
    }

    @Test
    void sizedByRedeclarationOrLargestIndex() {
        assertThat(size(ShaderStage.VERTEX, "void main() { gl_ClipDistance[0] = 1.0; }")).isEqualTo(1);
        assertThat(size(ShaderStage.VERTEX, "void f() { gl_ClipDistance[5] = 1.0; }\n"
                + "void main() { gl_ClipDistance[1] = 1.0; f(); }")).isEqualTo(6);
        assertThat(size(ShaderStage.VERTEX, "out float gl_ClipDistance[3];\nuniform int i;\n"
                + "void main() { gl_ClipDistance[i] = 1.0; }")).isEqualTo(3);
        assertThat(size(ShaderStage.VERTEX, "void main() { gl_ClipDistance[1] = 1.0; }\nout float gl_ClipDistance[4];"))
                .isEqualTo(4);
        assertThat(size(ShaderStage.VERTEX, "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[5]; };\n"
                + "void main() { gl_ClipDistance[0] = 1.0; }")).isEqualTo(5);
        assertThat(size(ShaderStage.VERTEX, "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\n"
                + "void main() { gl_ClipDistance[3] = 1.0; }")).isEqualTo(4);
        assertThat(size(ShaderStage.FRAGMENT, "out vec4 o;\nvoid main() { o = vec4(gl_ClipDistance[2]); }"))
                .isEqualTo(3);
        // declared but never used: no part of the interface
        assertThat(size(ShaderStage.VERTEX, "void main() { gl_Position = vec4(0.0); }")).isZero();
    }

    @Test
    void errorsAreLocatedWhereGlslangPutsThem() {
        ModuleResult r = ShaderCompiler.compileModule(ShaderStage.VERTEX, "c.vert",
                "#version 450\nuniform int i;\nvoid main() {\n    gl_ClipDistance[i] = 1.0;\n}\n");
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(4);
        assertThat(r.log()).contains("redeclared with a size");
        r = ShaderCompiler.compileModule(ShaderStage.VERTEX, "c.vert",
                "#version 450\n\nout float gl_ClipDistance[9];\nvoid main() { }\n");
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(3);
        assertThat(r.log()).contains("gl_MaxClipDistances");
    }

    /** The length of the transform IR's ClipDistance built-in, 0 when there is none. */
    private static int size(ShaderStage stage, String body) {
        ModuleResult r = ShaderCompiler.compileModule(stage, "c." + (stage == ShaderStage.VERTEX ? "vert" : "frag"),
                "#version 450\n" + body + "\n");
        assertThat(r.ok()).as(r.log()).isTrue();
        for (GlobalVariable g : r.module().globals()) {
            if (g.builtIn() == BuiltIn.CLIP_DISTANCE) {
                return ((ArrayType) g.valueType()).length();
            }
        }
        return 0;
    }
}
