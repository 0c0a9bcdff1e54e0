package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * int and uint on CSIR's integer lanes, end to end: GLSL compiled in the default profile, run by
 * the interpreter and by the compiled batches. Edge values (INT_MIN / -1, shifts by 31,
 * 0xFFFFFFFFu, negative remainders, saturating conversions) against Java's own 32-bit
 * arithmetic; and seeded random programs of every integer operator and built-in against the
 * transform-IR evaluator ({@link Differential}) and, lane by lane and bit for bit, the batches
 * against the interpreter.
 */
class IntegerLanesTest {
    private static final int PROGRAMS = Integer.getInteger("csir.integers.count", 2_000);

    /** The edge cases, each a value the vertex shader writes as two 16-bit halves. */
    private static final String EDGES = """
            #version 400 core
            uniform ivec4 s;   // INT_MIN, -1, 31, -7
            uniform uvec4 u;   // 0xFFFFFFFF, 1, 32, 5
            uniform float f;   // 3e9
            out vec4 r0;
            out vec4 r1;
            out vec4 r2;
            out vec4 r3;
            out vec4 r4;
            vec2 halves(int v) {
                return vec2(float(v & 0xFFFF), float((v >> 16) & 0xFFFF));
            }
            vec2 uhalves(uint v) {
                return vec2(float(v & 0xFFFFu), float(v >> 16));
            }
            void main() {
                int imin = s.x;
                int m1 = s.y;
                r0 = vec4(halves(imin / m1), halves(imin % m1));
                r1 = vec4(halves(s.w / 2), halves(s.w % 3));
                r2 = vec4(halves(1 << s.z), halves(imin >> s.z));
                r3 = vec4(uhalves(u.x >> s.z), uhalves(u.x + u.y));
                r4 = vec4(halves(int(f)), uhalves(uint(f) + uint(-f)));
                gl_Position = vec4(halves(findMSB(m1) + findLSB(0) * 3 + bitCount(u.x) * 5 + abs(imin)),
                        uhalves(uint(imin) * 3u + (u.x / u.w) + u.x % u.w));
            }
            """;

    private static int[] expectedEdges() {
        int imin = Integer.MIN_VALUE;
        int m1 = -1;
        int all = 0xFFFFFFFF;
        return new int[] {
            imin, imin % m1, // INT_MIN / -1 wraps to INT_MIN (the evaluator's choice, as GLSL wraps)
            -7 / 2, -7 % 3,
            1 << 31, imin >> 31,
            all >>> 31, all + 1,
            // int(3e9) saturates at INT_MAX; uint(3e9) + uint(-3e9) is 3000000000 + 0 (saturated at 0)
            Integer.MAX_VALUE, (int) 3_000_000_000L,
            // findMSB(-1) + findLSB(0) * 3 + bitCount(~0u) * 5 + abs(INT_MIN), which wraps
            -1 + -1 * 3 + 32 * 5 + imin, imin * 3 + Integer.divideUnsigned(all, 5) + Integer.remainderUnsigned(all, 5)};
    }

    @Test
    void edgeValuesAreJavasThirtyTwoBitOnes() {
        CompileResult c = ShaderCompiler.compile(Stage.VERTEX, "edges.vert", EDGES);
        assertThat(c.ok()).as(c.log()).isTrue();
        Interpreter in = Interpreter.of(c.ir(), null);
        Frame frame = in.newFrame();
        // the interface holds ints as whole floats: INT_MIN is one, 0xFFFFFFFF saturates to itself
        setUniform(c.ir(), frame.uniforms(), "s", Integer.MIN_VALUE, -1, 31, -7);
        setUniform(c.ir(), frame.uniforms(), "u", 4294967295f, 1, 32, 5);
        setUniform(c.ir(), frame.uniforms(), "f", 3e9f, 0, 0, 0);
        assertThat(in.run(frame)).isEqualTo(Status.OK);
        int[] want = expectedEdges();
        int[] got = new int[want.length];
        String[] outputs = {"r0", "r1", "r2", "r3", "r4"};
        for (int k = 0; k < outputs.length; k++) {
            int slot = slot(c.ir(), outputs[k]);
            got[2 * k] = join(frame.varyingsOut(), slot * 4);
            got[2 * k + 1] = join(frame.varyingsOut(), slot * 4 + 2);
        }
        got[10] = join(frame.position(), 0);
        got[11] = join(frame.position(), 2);
        assertThat(got).containsExactly(want);
        // and the compiled batches, bit for bit, on the same uniforms
        BatchShader shader = BatchShader.of(c.ir(), null, Limits.DEFAULT, 4);
        assertThat(shader.isCompiled()).isTrue();
        Batch b = shader.newBatch();
        System.arraycopy(frame.uniforms(), 0, b.uniforms(), 0, b.uniforms().length);
        shader.run(b, 4);
        for (int l = 0; l < 4; l++) {
            for (int i = 0; i < 4; i++) {
                assertThat(Float.floatToRawIntBits(b.at(b.position(), l, 0, i)))
                        .isEqualTo(Float.floatToRawIntBits(frame.position()[i]));
            }
        }
    }

    @Test
    void onlyCsiVersion2HoldsIntegerLanesAndTheVerifierChecksTheirTypes() {
        CompileResult c = ShaderCompiler.compile(Stage.VERTEX, "edges.vert", EDGES);
        assertThat(dev.csir.csi.Csi.version1Problem(c.ir())).matches("opcode \\d+ \\([a-z0-9_]+\\) needs CSI version 2: instruction \\d+");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.csir.csi.Csi.saveV1(c.ir()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs CSI version 2");
        var loaded = (dev.csir.csi.CsiResult.Loaded) dev.csir.csi.Csi.load(dev.csir.csi.Csi.save(c.ir()));
        assertThat(loaded.shader().code()).isEqualTo(c.ir().code());
        assertThat(loaded.shader().immediates()).isEqualTo(c.ir().immediates());
        // the ChrisOS profile keeps float-valued ints: no integer opcode, so version 1 holds it
        String counter = "uniform vec4 u;\nvoid main() {\n    vec4 s = u;\n    for (int i = 0; i < 3; i++) { s += u; }\n"
                + "    gl_Position = s;\n}\n";
        CompileResult old = ShaderCompiler.compile(Stage.VERTEX, "c.vert", counter,
                dev.csir.CompileOptions.DEFAULT.withLimits(Limits.CHRISOS));
        assertThat(old.ok()).as(old.log()).isTrue();
        assertThat(dev.csir.csi.Csi.version1Problem(old.ir())).isNull();
        assertThat(old.ir().code()).noneMatch(in -> in.opcode().isInteger());
        // an integer opcode carries integer lanes, I2F a float type, ICMP bool
        dev.csir.ir.IrBuilder b = new dev.csir.ir.IrBuilder();
        int t = b.temp();
        b.emit(dev.csir.ir.Opcode.IADD, dev.csir.ir.Type.VEC4, 4, t, t, t, 0, 0);
        b.emit(dev.csir.ir.Opcode.I2F, dev.csir.ir.Type.INT32, 1, t, t, -1, 0, 0);
        b.emit(dev.csir.ir.Opcode.ICMP, dev.csir.ir.Type.INT32, 1, t, t, t, 9, 0);
        b.emit(dev.csir.ir.Opcode.IADD, dev.csir.ir.Type.U32VEC4, 4, t, t, t, 0, 0);
        assertThat(dev.csir.verify.Verifier.verify(b.build("t", Stage.FRAGMENT, dev.csir.ir.ShaderInterface.EMPTY)))
                .extracting(Object::toString).containsExactly(
                        "instruction 0: integer opcode without an integer-lane type",
                        "instruction 1: conversion to float without a float type",
                        "instruction 2: invalid comparison", "instruction 2: comparison without the bool type");
    }

    @Test
    void vertexNumbersReachTheInterpreterAndTheBatches() {
        String src = """
                #version 330 core
                out vec4 v;
                void main() {
                    v = vec4(float(gl_VertexID), float(gl_InstanceID), float(gl_VertexID * 3 - gl_InstanceID), 1.0);
                }
                """;
        CompileResult c = ShaderCompiler.compile(Stage.VERTEX, "ids.vert", src);
        assertThat(c.ok()).as(c.log()).isTrue();
        assertThat(c.tgsi()).contains("DCL SV[0], VERTEXID").contains("DCL SV[1], INSTANCEID");
        Interpreter in = Interpreter.of(c.ir(), null);
        Frame f = in.newFrame();
        BatchShader shader = BatchShader.of(c.ir(), null, Limits.DEFAULT, 8);
        Batch b = shader.newBatch();
        for (int l = 0; l < 8; l++) {
            b.vertexNumbers(l, 1000 + 7 * l, l % 3);
        }
        shader.run(b, 8);
        int slot = slot(c.ir(), "v");
        for (int l = 0; l < 8; l++) {
            f.vertexNumbers(1000 + 7 * l, l % 3);
            in.run(f);
            float[] want = {1000 + 7 * l, l % 3, (1000 + 7 * l) * 3 - l % 3, 1};
            for (int i = 0; i < 4; i++) {
                assertThat(f.varyingsOut()[slot * 4 + i]).isEqualTo(want[i]);
                assertThat(b.at(b.varyingsOut(), l, slot, i)).isEqualTo(want[i]);
            }
        }
    }

    @Test
    void randomIntegerProgramsAgreeWithTheEvaluatorAndTheBatches() {
        Random r = new Random(0x1A7E5L);
        List<String> sources = new ArrayList<>();
        for (int k = 0; k < PROGRAMS; k++) {
            sources.add(IntegerPrograms.generate(r.nextLong()));
        }
        List<String> wrong = Differential.disagreements(ShaderStage.FRAGMENT, sources, 3, new Random(7));
        assertThat(wrong).as("%d of %d programs disagree", wrong.size(), sources.size()).isEmpty();
        int compared = 0;
        for (String s : sources.subList(0, sources.size() / 4)) {
            CompileResult c = ShaderCompiler.compile(Stage.FRAGMENT, "r.frag", s);
            assertThat(BatchCheck.compare(c.ir(), null, Limits.DEFAULT, 16, 16, new Random(r.nextLong()))).as(s).isNull();
            compared++;
        }
        System.out.printf("IntegerLanesTest: %d random integer programs agree with the evaluator, %d of them with"
                + " the batches%n", sources.size(), compared);
    }

    private static int join(float[] floats, int at) {
        return (int) floats[at] | (int) floats[at + 1] << 16;
    }

    private static int slot(ShaderIr ir, String name) {
        for (InterfaceVar v : ir.iface().vars()) {
            if (v.name().equals(name)) {
                return v.slot();
            }
        }
        throw new AssertionError("no " + name);
    }

    private static void setUniform(ShaderIr ir, float[] uniforms, String name, float x, float y, float z, float w) {
        int s = slot(ir, name) * 4;
        uniforms[s] = x;
        uniforms[s + 1] = y;
        uniforms[s + 2] = z;
        uniforms[s + 3] = w;
    }
}
