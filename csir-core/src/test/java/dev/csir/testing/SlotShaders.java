package dev.csir.testing;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;

/**
 * A vertex and fragment pair at every interface maximum of a profile: {@code attributes} vec4
 * inputs (a0 the position), {@code varyings} vec4 varyings, float pads filling the uniform slots
 * up to a vec4 {@code top} at the last one in both stages, and {@code samplers} samplers, all
 * sampled. Every value is a small integer, so sums are exact whatever their order:
 * <pre>
 * v_k   = a_(k mod attributes) + vec4(k) + top
 * color = sum of v_k + sum of texture(s_j, (0.5, 0.5)) + top + vec4(gl_FragCoord.x, 0, 0, 0)
 * </pre>
 */
public record SlotShaders(int attributes, int varyings, int uniforms, int samplers) {

    public static SlotShaders of(Limits limits) {
        return new SlotShaders(limits.attributeSlots(), limits.varyingSlots(), limits.uniformSlots(),
                limits.samplerSlots());
    }

    public String vertex() {
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < attributes; j++) {
            s.append("in vec4 a").append(j).append(";\n");
        }
        uniforms(s);
        for (int k = 0; k < varyings; k++) {
            s.append("out vec4 v").append(k).append(";\n");
        }
        s.append("void main() {\n    gl_Position = a0;\n");
        for (int k = 0; k < varyings; k++) {
            s.append("    v").append(k).append(" = a").append(k % attributes).append(" + vec4(").append(k)
                    .append(".0) + top;\n");
        }
        return s.append("}\n").toString();
    }

    /** The fragment shader; {@code reversed} declares the varyings last to first (a remap then links them). */
    public String fragment(boolean reversed) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < varyings; i++) {
            s.append("in vec4 v").append(reversed ? varyings - 1 - i : i).append(";\n");
        }
        uniforms(s);
        for (int j = 0; j < samplers; j++) {
            s.append("uniform sampler2D s").append(j).append(";\n");
        }
        s.append("out vec4 color;\nvoid main() {\n    vec4 c = top + vec4(gl_FragCoord.x, 0.0, 0.0, 0.0);\n");
        for (int k = 0; k < varyings; k++) {
            s.append("    c = c + v").append(k).append(";\n");
        }
        for (int j = 0; j < samplers; j++) {
            s.append("    c = c + texture(s").append(j).append(", vec2(0.5, 0.5));\n");
        }
        return s.append("    color = c;\n}\n").toString();
    }

    private void uniforms(StringBuilder s) {
        for (int i = 0; i < uniforms - 1; i++) {
            s.append("uniform float pad").append(i).append(";\n");
        }
        s.append("uniform vec4 top;\n");
    }

    public ShaderIr compile(Stage stage, Limits limits, boolean reversed) {
        String source = stage == Stage.VERTEX ? vertex() : fragment(reversed);
        CompileResult r = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "slots.vert" : "slots.frag", source,
                CompileOptions.DEFAULT.withLimits(limits));
        if (!r.ok()) {
            throw new AssertionError("does not compile:\n" + r.log());
        }
        return r.ir();
    }

    /** The pair compiled and linked under {@code limits}. */
    public LinkedProgram link(Limits limits, boolean reversed) {
        Program p = new Program(limits);
        p.attach(compile(Stage.VERTEX, limits, false));
        p.attach(compile(Stage.FRAGMENT, limits, reversed));
        if (!p.link()) {
            throw new AssertionError("does not link: " + p.log());
        }
        return p.linked().orElseThrow();
    }
}
