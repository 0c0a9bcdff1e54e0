package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.Stage;
import dev.csir.testing.Glslang;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The implementation-dependent constants (gl_MaxDrawBuffers, gl_MaxClipDistances, ...): declared
 * in the versions glslang declares them, in both stages, usable as constant expressions (array
 * sizes included), with csir's values.
 */
class BuiltinConstantsTest {
    private static final List<String> NAMES = List.of("gl_MaxVertexAttribs", "gl_MaxVertexTextureImageUnits",
            "gl_MaxCombinedTextureImageUnits", "gl_MaxTextureImageUnits", "gl_MaxDrawBuffers",
            "gl_MaxVertexUniformVectors", "gl_MaxFragmentUniformVectors", "gl_MaxVaryingVectors",
            "gl_MaxVertexOutputVectors", "gl_MaxFragmentInputVectors", "gl_MinProgramTexelOffset",
            "gl_MaxProgramTexelOffset", "gl_MaxLights", "gl_MaxClipPlanes", "gl_MaxTextureUnits", "gl_MaxTextureCoords",
            "gl_MaxVertexUniformComponents", "gl_MaxFragmentUniformComponents", "gl_MaxVaryingFloats",
            "gl_MaxClipDistances", "gl_MaxVaryingComponents", "gl_MaxVertexOutputComponents",
            "gl_MaxFragmentInputComponents", "gl_MaxViewports",
            "gl_MaxImageSamples", "gl_MaxImageUnits", "gl_MaxCombinedShaderOutputResources", "gl_MaxVertexImageUniforms",
            "gl_MaxFragmentImageUniforms", "gl_MaxCombinedImageUniforms", "gl_MaxTransformFeedbackBuffers",
            "gl_MaxVertexAtomicCounters", "gl_MaxFragmentAtomicCounters",
            "gl_MaxCombinedAtomicCounters", "gl_MaxAtomicCounterBindings", "gl_MaxVertexAtomicCounterBuffers",
            "gl_MaxFragmentAtomicCounterBuffers", "gl_MaxCombinedAtomicCounterBuffers", "gl_MaxAtomicCounterBufferSize",
            "gl_MaxCullDistances", "gl_MaxCombinedClipAndCullDistances", "gl_MaxSamples");
    private static final List<String> VERSIONS = List.of("100", "300 es", "310 es", "320 es", "110", "130", "150",
            "330 core", "400 core", "410 core", "420 core", "420 compatibility", "430 core", "440 core", "450");

    private static String fragment(String version, String name) {
        String head = "#version " + version + "\n" + (version.endsWith("es") || version.equals("100") ? "precision mediump float;\n" : "");
        boolean legacy = version.equals("100") || version.equals("110");
        return head + (legacy ? "" : "out vec4 o;\n") + "void main() { const int n = " + name + "; "
                + (legacy ? "gl_FragColor" : "o") + " = vec4(float(n)); }\n";
    }

    private static String vertex(String version, String name) {
        return "#version " + version + "\nvoid main() { gl_Position = vec4(float(" + name + ")); }\n";
    }

    @Test
    void declaredExactlyWhereGlslangDeclaresThem() throws Exception {
        Glslang.requireTool();
        for (String stage : List.of("frag", "vert")) {
            List<String> sources = new ArrayList<>();
            for (String v : VERSIONS) {
                for (String name : NAMES) {
                    sources.add(stage.equals("frag") ? fragment(v, name) : vertex(v, name));
                }
            }
            boolean[] glslang = Glslang.validateEach(sources, stage);
            List<String> disagreements = new ArrayList<>();
            int declared = 0;
            for (int i = 0; i < sources.size(); i++) {
                CompileResult r = ShaderCompiler.compile(stage.equals("frag") ? Stage.FRAGMENT : Stage.VERTEX, "c." + stage,
                        sources.get(i));
                if (r.ok() != glslang[i]) {
                    disagreements.add((glslang[i] ? "glslang accepts, csir rejects:\n" + r.log() : "glslang rejects, csir accepts:\n")
                            + sources.get(i));
                }
                declared += glslang[i] ? 1 : 0;
            }
            assertThat(disagreements).isEmpty();
            assertThat(declared).isBetween(200, sources.size() - 100);
        }
    }

    @Test
    void theyAreConstantExpressionsWithCsirsValues() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "c.frag", """
                #version 420 core
                out vec4 o;
                float weights[gl_MaxDrawBuffers];
                void main() {
                    const int texel = gl_MaxProgramTexelOffset - gl_MinProgramTexelOffset;
                    o = vec4(float(weights.length()), float(texel), float(gl_MaxTextureImageUnits), float(gl_MaxVertexAttribs));
                }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        Interpreter in = Interpreter.of(r.ir(), null);
        Frame f = in.newFrame();
        assertThat(in.run(f)).isEqualTo(Status.OK);
        assertThat(f.color()).containsExactly(8f, 15f, 32f, 16f);
    }
}
