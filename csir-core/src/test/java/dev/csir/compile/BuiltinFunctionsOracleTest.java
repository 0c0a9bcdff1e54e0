package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Glslang;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * modf, frexp, ldexp, the pack and unpack functions, the carry and extended-multiply functions,
 * mix with a bool selector over ints, uints and bools and the float bit casts: each call in a
 * shader of every version (desktop 1.10 to 4.60, ES 1.00 to 3.20), without and with the
 * extension that can bring it early, and a set of wrong calls (out arguments that are no
 * l-value or of another type, a void result used as a value), accepted by csir's front end
 * exactly where {@code glslangValidator} accepts them, a rejection located. glslang runs once
 * over all the probes.
 */
class BuiltinFunctionsOracleTest {
    /** A call: its declarations, the statement, and the extension that may bring it early. */
    record Call(String name, String declarations, String statement, String extension) {
    }

    static final String PACKING = "GL_ARB_shading_language_packing";
    static final String GPU_SHADER5 = "GL_ARB_gpu_shader5";
    static final String INTEGER_MIX = "GL_EXT_shader_integer_mix";

    static final List<Call> CALLS = List.of(
            new Call("modf", "float w;", "float r = modf(1.5, w);", GPU_SHADER5),
            new Call("modf vec3", "vec3 w;", "vec3 r = modf(vec3(1.5), w);", null),
            new Call("frexp", "int e;", "float r = frexp(1.5, e);", GPU_SHADER5),
            new Call("frexp vec2", "ivec2 e;", "vec2 r = frexp(vec2(1.5), e);", null),
            new Call("ldexp", "", "float r = ldexp(1.5, 2);", GPU_SHADER5),
            new Call("packUnorm2x16", "", "uint r = packUnorm2x16(vec2(0.5));", PACKING),
            new Call("packSnorm2x16", "", "uint r = packSnorm2x16(vec2(0.5));", PACKING),
            new Call("packUnorm4x8", "", "uint r = packUnorm4x8(vec4(0.5));", PACKING),
            new Call("packSnorm4x8", "", "uint r = packSnorm4x8(vec4(0.5));", PACKING),
            new Call("packHalf2x16", "", "uint r = packHalf2x16(vec2(0.5));", PACKING),
            new Call("unpackUnorm2x16", "uint p = uint(7);", "vec2 r = unpackUnorm2x16(p);", PACKING),
            new Call("unpackSnorm2x16", "uint p = uint(7);", "vec2 r = unpackSnorm2x16(p);", PACKING),
            new Call("unpackUnorm4x8", "uint p = uint(7);", "vec4 r = unpackUnorm4x8(p);", PACKING),
            new Call("unpackSnorm4x8", "uint p = uint(7);", "vec4 r = unpackSnorm4x8(p);", PACKING),
            new Call("unpackHalf2x16", "uint p = uint(7);", "vec2 r = unpackHalf2x16(p);", PACKING),
            new Call("uaddCarry", "uint c; uint a = uint(1);", "uint r = uaddCarry(a, a, c);", GPU_SHADER5),
            new Call("usubBorrow uvec2", "uvec2 c; uvec2 a = uvec2(1);", "uvec2 r = usubBorrow(a, a, c);", GPU_SHADER5),
            new Call("umulExtended", "uint h; uint l; uint a = uint(1);", "umulExtended(a, a, h, l);", GPU_SHADER5),
            new Call("imulExtended ivec3", "ivec3 h; ivec3 l;", "imulExtended(ivec3(1), ivec3(2), h, l);", GPU_SHADER5),
            new Call("mix int", "", "int r = mix(1, 2, true);", INTEGER_MIX),
            new Call("mix ivec2", "", "ivec2 r = mix(ivec2(1), ivec2(2), bvec2(true));", INTEGER_MIX),
            new Call("mix uint", "uint a = uint(1);", "uint r = mix(a, a, false);", INTEGER_MIX),
            new Call("mix bool", "", "bool r = mix(true, false, true);", INTEGER_MIX),
            new Call("mix bvec3", "", "bvec3 r = mix(bvec3(true), bvec3(false), bvec3(true));", INTEGER_MIX),
            new Call("floatBitsToInt", "", "int r = floatBitsToInt(1.0);", GPU_SHADER5),
            new Call("uintBitsToFloat", "uvec2 a = uvec2(1);", "vec2 r = uintBitsToFloat(a);", GPU_SHADER5));

    /** Wrong and borderline calls, each at 4.60 and ES 3.10. */
    static final List<Call> FORMS = List.of(
            new Call("modf's out argument a constant", "", "float r = modf(1.5, 2.0);", null),
            new Call("modf's out argument a const variable", "const float w = 1.0;", "float r = modf(1.5, w);", null),
            new Call("modf's out argument of another size", "float w;", "vec2 r = modf(vec2(1.5), w);", null),
            new Call("modf into a swizzle", "vec4 w;", "vec2 r = modf(vec2(1.5), w.yx);", null),
            new Call("modf into a repeated swizzle", "vec4 w;", "vec2 r = modf(vec2(1.5), w.xx);", null),
            new Call("modf into an array element", "float w[3];", "float r = modf(1.5, w[1]);", null),
            new Call("frexp's exponent a uint", "uint e;", "float r = frexp(1.5, e);", null),
            new Call("frexp's exponent a float", "float e;", "float r = frexp(1.5, e);", null),
            new Call("uaddCarry of int literals", "uint c;", "uint r = uaddCarry(1, 2, c);", null),
            new Call("uaddCarry into an int", "int c;", "uint r = uaddCarry(1u, 2u, c);", null),
            new Call("umulExtended as a value", "uint h; uint l;", "uint r = 1u; r += umulExtended(1u, 2u, h, l);", null),
            new Call("umulExtended of ints", "uint h; uint l;", "umulExtended(1, 2, h, l);", null),
            new Call("imulExtended of uints", "int h; int l;", "imulExtended(1u, 2u, h, l);", null),
            new Call("imulExtended mixed sizes", "ivec2 h; int l;", "imulExtended(ivec2(1), ivec2(2), h, l);", null),
            new Call("mix ivec2 by a bool", "", "ivec2 r = mix(ivec2(1), ivec2(2), true);", null),
            new Call("mix int by a bvec2", "", "ivec2 r = mix(1, 2, bvec2(true));", null),
            new Call("mix of an int and a uint", "", "uint r = mix(1, 2u, true);", null),
            new Call("packHalf2x16 of a vec3", "", "uint r = packHalf2x16(vec3(0.5));", null),
            new Call("packUnorm4x8 of ints", "", "uint r = packUnorm4x8(ivec4(1));", null),
            new Call("unpackHalf2x16 of an int", "", "vec2 r = unpackHalf2x16(7);", null),
            new Call("modf in a constant expression", "", "const float r = modf(1.5, 2.0);", null));

    static final String[] VERSIONS = {"110", "120", "130", "140", "150", "330", "400", "410", "420", "430", "440",
        "450", "460", "100", "300 es", "310 es", "320 es"};

    static String source(String version, String extension, Call c) {
        boolean es = version.endsWith("es") || version.equals("100");
        StringBuilder s = new StringBuilder("#version ").append(version).append('\n');
        if (extension != null) {
            s.append("#extension ").append(extension).append(" : enable\n");
        }
        if (es) {
            s.append("precision highp float;\nprecision highp int;\n");
        }
        return s.append("void main() {\n    ").append(c.declarations()).append("\n    ").append(c.statement())
                .append("\n}\n").toString();
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> sources = new ArrayList<>();
        for (Call c : CALLS) {
            for (String v : VERSIONS) {
                sources.add(source(v, null, c));
                if (c.extension() != null) {
                    sources.add(source(v, c.extension(), c));
                }
            }
        }
        for (Call c : FORMS) {
            sources.add(source("460", null, c));
            sources.add(source("310 es", null, c));
        }
        boolean[] glslang = Glslang.validateEach(sources, "frag");
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (int i = 0; i < sources.size(); i++) {
            String src = sources.get(i);
            ModuleResult r = ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "a.frag", src);
            accepted += r.ok() ? 1 : 0;
            if (r.ok() != glslang[i]) {
                disagreements.add(src + ": glslang " + (glslang[i] ? "accepts" : "rejects") + ", csir "
                        + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
            } else if (!r.ok()) {
                assertThat(r.diagnostics().getFirst().line()).as(src).isGreaterThan(0);
            }
        }
        assertThat(disagreements).as(disagreements.size() + " of " + sources.size()).isEmpty();
        // both ways are exercised: every function is accepted somewhere and refused somewhere
        assertThat(sources).hasSizeGreaterThan(600);
        assertThat(accepted).isBetween(200, sources.size() - 200);
    }

    @Test
    void packDouble2x32IsALocatedUnsupportedFunction() {
        String src = "#version 460\nout vec4 c;\nvoid main() {\n    c = vec4(packDouble2x32(uvec2(1u)));\n}\n";
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", src);
        assertThat(r.ok()).isFalse();
        assertThat(r.diagnostics().getFirst().line()).isEqualTo(4);
        assertThat(r.diagnostics().getFirst().message()).contains("packDouble2x32");
    }
}
