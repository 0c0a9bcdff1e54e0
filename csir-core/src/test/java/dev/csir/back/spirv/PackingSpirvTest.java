package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * modf, frexp, the pack and unpack functions, the carry and extended multiplies and mix over
 * ints, uints and bools become valid SPIR-V (spirv-val), the first ones as their GLSL.std.450
 * instructions, the others as core integer operations, in both stages.
 */
class PackingSpirvTest {
    static final String[][] CALLS = {
        {"vec4 w; vec4 f = modf(p, w); o = f + w;", "Modf"},
        {"ivec2 e; vec2 m = frexp(p.xy, e); o = vec4(m, vec2(e));", "Frexp"},
        {"float e; float m = frexp(p.x, e); o = vec4(m, e, 0.0, 1.0);", "Frexp"},
        {"o = vec4(float(packHalf2x16(p.xy)), float(packUnorm2x16(p.zw)), float(packSnorm2x16(p.xy)), 1.0);",
            "PackHalf2x16"},
        {"o = vec4(float(packUnorm4x8(p)), float(packSnorm4x8(p)), 0.0, 1.0);", "PackUnorm4x8"},
        {"uint u = uint(p.x * 1000.0); o = vec4(unpackHalf2x16(u), unpackUnorm2x16(u));", "UnpackHalf2x16"},
        {"uint u = uint(p.x * 1000.0); o = unpackUnorm4x8(u) + unpackSnorm4x8(u) + vec4(unpackSnorm2x16(u), 0.0, 0.0);",
            "UnpackSnorm4x8"},
        {"uvec2 u = uvec2(p.xy * 100.0); uvec2 c; uvec2 s = uaddCarry(u, u.yx, c); uvec2 b; uvec2 d = usubBorrow(u, s, b);"
            + " o = vec4(vec2(s + c), vec2(d + b));", "IAdd"},
        {"uvec3 u = uvec3(p.xyz * 100.0); uvec3 h; uvec3 l; umulExtended(u, u, h, l); ivec2 i = ivec2(p.xy * 9.0);"
            + " ivec2 hi; ivec2 lo; imulExtended(i, i.yx, hi, lo); o = vec4(vec3(h ^ l), float(hi.x + lo.y));", "IMul"},
        {"ivec2 i = ivec2(p.xy); o = vec4(vec2(mix(i, i.yx, lessThan(p.xy, p.zw))), mix(false, true, p.z > 0.0) ? 1.0 : 0.0,"
            + " float(mix(uint(i.x), 3u, p.w > 0.0)));", "Select"},
    };

    @Test
    void eachValidatesWithItsInstruction() throws Exception {
        SpirvVal.requireTool();
        List<String> wrong = new ArrayList<>();
        for (String[] c : CALLS) {
            for (ShaderStage stage : new ShaderStage[] {ShaderStage.VERTEX, ShaderStage.FRAGMENT}) {
                boolean vertex = stage == ShaderStage.VERTEX;
                String src = "#version 450\nlayout(location = 0) in vec4 p;\nlayout(location = 0) out vec4 o;\n"
                        + "void main() {\n    " + c[0] + (vertex ? "\n    gl_Position = p;" : "") + "\n}\n";
                ModuleResult m = ShaderCompiler.compileModule(stage, vertex ? "p.vert" : "p.frag", src);
                assertThat(m.ok()).as(src + m.log()).isTrue();
                SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
                assertThat(w.ok()).as(String.valueOf(w.errors())).isTrue();
                String val = SpirvVal.validate(w.binary());
                if (val != null) {
                    wrong.add(src + ": " + val);
                    continue;
                }
                java.nio.IntBuffer b = java.nio.ByteBuffer.wrap(w.binary()).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                        .asIntBuffer();
                int[] words = new int[b.limit()];
                b.get(words);
                String text = Disassembler.text(words);
                if (!text.contains(c[1])) {
                    wrong.add(src + ": no " + c[1] + " in\n" + text);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }
}
