package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.ir.Insn;
import dev.csir.ir.IrDump;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.RandomIr;
import dev.csir.verify.Verifier;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Derivatives on CSIR: the interpreter's {@link Interpreter#runQuad} on functions of gl_FragCoord
 * against their differences worked out here, coarse against fine, a quad-mate that discards, and
 * the batch path against runQuad bit for bit on seeded random derivative programs and on
 * divergent loops; the front end's version rules, the verifier's stage rule, CSI version 1's
 * refusal and the TGSI opcodes.
 */
class DerivativesTest {
    private static final long SEED = 0xDD7L;
    private static final int RANDOM_PROGRAMS = 1_000;

    /** f(x, y) = 3x^2 + 2xy + y^2 at gl_FragCoord: every value exact in float for these coordinates. */
    private static final String QUADRATIC = """
            #version 450
            out vec4 c;
            void main() {
                vec2 p = gl_FragCoord.xy;
                float f = p.x * p.x * 3.0 + p.x * p.y * 2.0 + p.y * p.y;
                c = vec4(dFdx(f), dFdy(f), dFdxFine(f), dFdyFine(f));
            }
            """;
    private static final DoubleBinaryOperator F = (x, y) -> 3 * x * x + 2 * x * y + y * y;

    private static Interpreter compile(String source) {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", source);
        assertThat(r.ok()).as(r.log()).isTrue();
        return Interpreter.of(r.ir(), null);
    }

    /** The four frames of the quad whose top-left pixel is (x, y), gl_FragCoord at the pixels' centres. */
    private static Frame[] quad(Interpreter in, int x, int y) {
        Frame[] q = new Frame[Quads.SIZE];
        for (int k = 0; k < Quads.SIZE; k++) {
            q[k] = in.newFrame();
            q[k].fragCoord()[0] = x + Quads.column(k) + 0.5f;
            q[k].fragCoord()[1] = y + Quads.row(k) + 0.5f;
            q[k].fragCoord()[3] = 1f;
        }
        return q;
    }

    @Test
    void coarseAndFineDerivativesOfAQuadraticAreItsDifferences() {
        Interpreter in = compile(QUADRATIC);
        assertThat(in.usesDerivatives()).isTrue();
        int checked = 0;
        for (int x = 0; x < 40; x += 6) {
            for (int y = 0; y < 40; y += 10) {
                Frame[] q = quad(in, x, y);
                in.runQuad(q, Quads.SIZE);
                double x0 = x + 0.5, x1 = x + 1.5, y0 = y + 0.5, y1 = y + 1.5;
                double coarseX = F.applyAsDouble(x1, y0) - F.applyAsDouble(x0, y0);
                double coarseY = F.applyAsDouble(x0, y1) - F.applyAsDouble(x0, y0);
                for (int k = 0; k < Quads.SIZE; k++) {
                    double row = Quads.row(k) == 0 ? y0 : y1;
                    double column = Quads.column(k) == 0 ? x0 : x1;
                    double fineX = F.applyAsDouble(x1, row) - F.applyAsDouble(x0, row);
                    double fineY = F.applyAsDouble(column, y1) - F.applyAsDouble(column, y0);
                    assertThat(q[k].status()).isEqualTo(Status.OK);
                    assertThat(q[k].color()).as("quad (%d, %d) corner %d", x, y, k)
                            .startsWith((float) coarseX, (float) coarseY, (float) fineX, (float) fineY);
                    checked++;
                }
                // 2 d/dy of the xy term: the bottom row's fine x derivative is the top's plus 2
                assertThat(q[Quads.BOTTOM_LEFT].color()[2] - q[Quads.TOP_LEFT].color()[2]).isEqualTo(2f);
                assertThat(q[Quads.TOP_RIGHT].color()[3] - q[Quads.TOP_LEFT].color()[3]).isEqualTo(2f);
            }
        }
        assertThat(checked).isEqualTo(7 * 4 * 4);
    }

    @Test
    void linearFunctionsHaveTheirSlopesAndFwidthTheirSum() {
        Interpreter in = compile("""
                #version 450
                out vec4 c;
                void main() {
                    float g = gl_FragCoord.x * 3.0 - gl_FragCoord.y * 5.0 + 7.0;
                    c = vec4(dFdx(g), dFdyCoarse(g), fwidth(g), fwidthFine(vec2(g, -g)).y);
                }
                """);
        Frame[] q = quad(in, 12, 30);
        in.runQuad(q, Quads.SIZE);
        for (Frame f : q) {
            assertThat(f.color()).containsExactly(3f, -5f, 8f, 8f);
        }
        // one invocation alone has no neighbours: 0, as the transform-IR evaluator gives
        Frame one = in.newFrame();
        one.fragCoord()[0] = 3.5f;
        in.run(one);
        assertThat(one.color()).containsExactly(0f, 0f, 0f, 0f);
    }

    @Test
    void aQuadMateThatDiscardsLeavesTheOthersItsValues() {
        Interpreter in = compile("""
                #version 450
                out vec4 c;
                void main() {
                    float v = gl_FragCoord.x * 4.0 + gl_FragCoord.y;
                    if (gl_FragCoord.x > 9.0 && gl_FragCoord.y > 5.0) discard;
                    c = vec4(dFdxFine(v), dFdyFine(v), dFdx(v), 1.0);
                }
                """);
        Frame[] q = quad(in, 8, 4); // the bottom-right pixel (9.5, 5.5) discards
        in.runQuad(q, Quads.SIZE);
        assertThat(q[Quads.BOTTOM_RIGHT].discarded()).isTrue();
        for (int k = 0; k < 3; k++) {
            assertThat(q[k].discarded()).isFalse();
            assertThat(q[k].status()).isEqualTo(Status.OK);
            assertThat(q[k].color()).containsExactly(4f, 1f, 4f, 1f);
        }
    }

    @Test
    void theBatchMatchesRunQuadOnRandomDerivativePrograms() {
        Random r = new Random(SEED);
        int verified = 0;
        int divergent = 0;
        for (int program = 0; verified < RANDOM_PROGRAMS; program++) {
            ShaderIr ir = RandomIr.generateDerivatives(RandomIr.Choices.of(r));
            if (!Verifier.verify(ir).isEmpty() || ir.code().stream().noneMatch(DerivativesTest::isDerivative)) {
                continue;
            }
            int lanes = r.nextInt(3) == 0 ? 64 : 16;
            int n = r.nextInt(4) == 0 ? 1 + r.nextInt(lanes) : lanes;
            String d = BatchCheck.compareQuads(ir, null, Limits.CHRISOS, lanes, n, new Random(r.nextLong()));
            assertThat(d).as("program %d, %d of %d lanes:%n%s", program, n, lanes, IrDump.dump(ir)).isNull();
            verified++;
            divergent += derivativeUnderControl(ir) ? 1 : 0;
        }
        // the walk order matters only where lanes can part: a good share takes derivatives there
        assertThat(divergent).isGreaterThan(RANDOM_PROGRAMS / 5);
    }

    @Test
    void theBatchMatchesRunQuadWhereLanesLoopDifferently() {
        CompileResult c = ShaderCompiler.compile(Stage.FRAGMENT, "loop.frag", """
                #version 450
                out vec4 c;
                void main() {
                    float v = gl_FragCoord.x;
                    int trips = int(gl_FragCoord.x + gl_FragCoord.y * 3.0) % 4;
                    for (int i = 0; i < trips; i++) {
                        v += dFdxFine(v * gl_FragCoord.y) + dFdy(v);
                        if (v > 40.0) { break; }
                    }
                    if (gl_FragCoord.y > 20.0) discard;
                    c = vec4(v, dFdx(v), dFdyFine(v), float(trips));
                }
                """);
        assertThat(c.ok()).as(c.log()).isTrue();
        Random r = new Random(SEED + 1);
        for (int run = 0; run < 50; run++) {
            assertThat(BatchCheck.compareQuads(c.ir(), null, Limits.DEFAULT, 64, 64, new Random(r.nextLong())))
                    .isNull();
            assertThat(BatchCheck.compareQuads(c.ir(), null, Limits.DEFAULT, 16, 1 + r.nextInt(16),
                    new Random(r.nextLong()))).isNull();
        }
    }

    @Test
    void theFallbackRunsQuadsToo() {
        Interpreter in = compile(QUADRATIC);
        BatchShader fallback = BatchShader.interpreted(in, 8, "test");
        Batch b = fallback.newBatch();
        for (int l = 0; l < 8; l++) {
            int x = 2 * (l / 4) + Quads.column(l % 4), y = Quads.row(l % 4);
            b.fragCoord(l, x + 0.5f, y + 0.5f, 0f, 1f);
        }
        fallback.run(b, 8);
        Frame[] q = quad(in, 2, 0);
        in.runQuad(q, Quads.SIZE);
        for (int k = 0; k < Quads.SIZE; k++) {
            for (int c = 0; c < 4; c++) {
                assertThat(b.at(b.color(), 4 + k, 0, c)).isEqualTo(q[k].color()[c]);
            }
        }
    }

    private static boolean isDerivative(Insn in) {
        return in.opcode() != null && in.opcode().isDerivative();
    }

    /** Whether a derivative sits inside an IF or a loop, where the lanes of a quad can part. */
    private static boolean derivativeUnderControl(ShaderIr ir) {
        int depth = 0;
        for (Insn in : ir.code()) {
            Opcode op = in.opcode();
            if (op == Opcode.IF || op == Opcode.LOOP) {
                depth++;
            } else if (op == Opcode.ENDIF || op == Opcode.ENDLOOP) {
                depth--;
            } else if (depth > 0 && isDerivative(in)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void fineAndCoarseNeedVersion450OrTheExtension() {
        String body = "out vec4 c;\nvoid main() { c = vec4(dFdxFine(gl_FragCoord.x)); }\n";
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", "#version 440\n" + body).ok()).isFalse();
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", "#version 450\n" + body).ok()).isTrue();
        CompileResult ext = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag",
                "#version 330\n#extension GL_ARB_derivative_control : enable\n" + body);
        assertThat(ext.ok()).as(ext.log()).isTrue();
        CompileResult es = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag",
                "#version 320 es\nprecision mediump float;\n" + body);
        assertThat(es.ok()).isFalse();
        CompileResult vertex = ShaderCompiler.compile(Stage.VERTEX, "a.vert",
                "#version 450\nvoid main() { gl_Position = vec4(dFdxFine(1.0)); }\n");
        assertThat(vertex.ok()).isFalse();
        assertThat(vertex.log()).contains("a.vert:2:");
    }

    @Test
    void derivativesAreFragmentOnlyCsiVersion2AndTgsi() {
        ShaderIr ir = ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", QUADRATIC).ir();
        assertThat(Csi.version1Problem(ir)).matches("opcode \\d+ \\(ddx\\) needs CSI version 2: instruction \\d+");
        assertThat(ShaderCompiler.compile(Stage.FRAGMENT, "d.frag", QUADRATIC).tgsi())
                .contains("DDX TEMP[", "DDY TEMP[", "DDX_FINE TEMP[", "DDY_FINE TEMP[");
        ShaderIr vertex = new ShaderIr("v", Stage.VERTEX, List.of(new Insn(Opcode.DDX.code(), 0, 1, 1, 0, -1, -1, 0, 0)),
                new float[0], 2, new ShaderInterface(-1, -1, -1, -1, List.of()));
        assertThat(Verifier.verify(vertex)).extracting(Verifier.Problem::message)
                .contains("derivative in a non-fragment shader");
        assertThat(Verifier.verify(new ShaderIr("f", Stage.FRAGMENT, vertex.code(), new float[0], 2,
                vertex.iface()))).isEmpty();
    }
}
