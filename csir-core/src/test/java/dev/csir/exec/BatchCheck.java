package dev.csir.exec;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import java.util.Random;

/**
 * The batch path against the interpreter: one batch of lanes with inputs of their own (drawn so
 * that comparisons and so execution masks split), one set of uniforms and textures, and each
 * lane's status, discard flag, position, colour and varyings compared with the interpreter's run
 * of the same inputs, bit for bit (any NaN equals any NaN).
 */
final class BatchCheck {
    private static final float[] PALETTE = {0f, -0f, 1f, -1f, 0.5f, 2f, 3f, -2.5f, 0.25f, 1e-7f, 1e30f,
        Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.1f, 7f};

    private BatchCheck() {
    }

    /** Runs {@code ir} both ways; the first difference, or null when every lane agrees. */
    static String compare(ShaderIr ir, int[] remap, Limits limits, int lanes, int n, Random r) {
        BatchShader shader = BatchShader.of(ir, remap, limits, lanes);
        if (!shader.isCompiled()) {
            return "not compiled: " + shader.fallbackReason().orElse("?");
        }
        return compare(shader, Interpreter.of(ir, remap, limits), n, r, bitExact(ir));
    }

    /**
     * Whether every output of {@code ir} must agree bit for bit, NaNs too: code with no float
     * arithmetic (integer lanes, copies, comparisons, loads, stores, control), where no NaN
     * payload is left to the platform.
     */
    static boolean bitExact(ShaderIr ir) {
        for (dev.csir.ir.Insn in : ir.code()) {
            dev.csir.ir.Opcode op = in.opcode();
            boolean exact = op == null || op.isInteger() || switch (op) {
                case NOP, CONST, MOV, SWZ, SETLANE, CMP, LOAD_ATTR, LOAD_VAR, LOAD_UNI, LOAD_FCOORD, LOAD_SYSVAL,
                     STORE_POS, STORE_VAR, STORE_COLOR, IF, ELSE, ENDIF, LOOP, ENDLOOP, BREAK, CONTINUE, DISCARD,
                     LOAD_INDEXED, STORE_INDEXED, LOAD_UNI_INDEXED -> true;
                default -> false;
            };
            if (!exact) {
                return false;
            }
        }
        return true;
    }

    static String compare(BatchShader shader, Interpreter reference, int n, Random r) {
        return compare(shader, reference, n, r, false);
    }

    /**
     * As {@link #compare(ShaderIr, int[], Limits, int, int, Random)} for a shader with
     * derivatives: the reference runs each quad of lanes ({@link Quads}) through
     * {@link Interpreter#runQuad}, the last one with the lanes of the run it has.
     */
    static String compareQuads(ShaderIr ir, int[] remap, Limits limits, int lanes, int n, Random r) {
        BatchShader shader = BatchShader.of(ir, remap, limits, lanes);
        if (!shader.isCompiled()) {
            return "not compiled: " + shader.fallbackReason().orElse("?");
        }
        return compare(shader, Interpreter.of(ir, remap, limits), n, r, bitExact(ir), true);
    }

    /** As {@link #compareQuads}, for the shader's interpreter fallback (its runQuad per quad of the batch). */
    static String compareQuadsFallback(ShaderIr ir, int[] remap, Limits limits, int lanes, int n, Random r) {
        Interpreter in = Interpreter.of(ir, remap, limits);
        return compare(BatchShader.interpreted(in, lanes, "test"), in, n, r, bitExact(ir), true);
    }

    static String compare(BatchShader shader, Interpreter reference, int n, Random r, boolean exact) {
        return compare(shader, reference, n, r, exact, false);
    }

    private static String compare(BatchShader shader, Interpreter reference, int n, Random r, boolean exact,
            boolean quads) {
        Batch b = shader.newBatch();
        int lanes = shader.lanes();
        fill(b.uniforms(), r);
        Texture2D[] tex = b.textures();
        for (int s = 0; s < tex.length; s++) {
            tex[s] = texture(r);
        }
        fill(b.attributes(), r);
        fill(b.varyingsIn(), r);
        fill(b.fragCoord(), r);
        for (int l = 0; l < lanes; l++) {
            b.vertexNumbers(l, r.nextInt(3) == 0 ? r.nextInt() : r.nextInt(1000), r.nextInt(4));
        }
        // garbage in the outputs: a run must set every one it reports
        fill(b.position(), r);
        fill(b.color(), r);
        // (only the varyings a run can store: the rest no run writes, on either path)
        float[] stored = new float[reference.storedVaryingFloats() * lanes];
        fill(stored, r);
        System.arraycopy(stored, 0, b.varyingsOut(), 0, stored.length);
        shader.run(b, n);
        Frame[] quad = {reference.newFrame(), reference.newFrame(), reference.newFrame(), reference.newFrame()};
        for (Frame f : quad) {
            System.arraycopy(b.uniforms(), 0, f.uniforms(), 0, f.uniforms().length);
            System.arraycopy(tex, 0, f.textures(), 0, f.textures().length);
        }
        for (int l = 0; l < n; l++) {
            Frame f = quads ? quad[l % Quads.SIZE] : quad[0];
            if (!quads || l % Quads.SIZE == 0) {
                int running = quads ? Math.min(Quads.SIZE, n - l) : 1;
                for (int k = 0; k < running; k++) {
                    gather(b.attributes(), quad[k].attributes(), lanes, l + k);
                    gather(b.varyingsIn(), quad[k].varyingsIn(), lanes, l + k);
                    gather(b.fragCoord(), quad[k].fragCoord(), lanes, l + k);
                    gather(b.systemValues, quad[k].systemValues, lanes, l + k);
                }
                if (quads) {
                    reference.runQuad(quad, running);
                } else {
                    reference.run(f);
                }
            }
            Status st = f.status;
            String lane = "lane " + l + " of " + n + ": ";
            if (st != b.status(l)) {
                return lane + "status " + b.status(l) + ", interpreter " + st;
            }
            if (f.discarded() != b.discarded(l)) {
                return lane + "discarded " + b.discarded(l) + ", interpreter " + f.discarded();
            }
            String d = same("position", f.position(), b.position(), lanes, l, exact);
            d = d != null ? d : same("color", f.color(), b.color(), lanes, l, exact);
            d = d != null ? d : same("varying", f.varyingsOut(), b.varyingsOut(), lanes, l, exact);
            if (d != null) {
                return lane + d;
            }
        }
        return null;
    }

    private static String same(String what, float[] expected, float[] soa, int lanes, int l, boolean exact) {
        for (int i = 0; i < expected.length; i++) {
            float e = expected[i];
            float g = soa[i * lanes + l];
            boolean ok = Float.isNaN(e) && !exact ? Float.isNaN(g)
                    : Float.floatToRawIntBits(e) == Float.floatToRawIntBits(g);
            if (!ok) {
                return what + "[" + i + "] " + g + " (0x" + Integer.toHexString(Float.floatToRawIntBits(g))
                        + "), interpreter " + e + " (0x" + Integer.toHexString(Float.floatToRawIntBits(e)) + ")";
            }
        }
        return null;
    }

    private static void gather(float[] soa, float[] aos, int lanes, int l) {
        for (int i = 0; i < aos.length; i++) {
            aos[i] = soa[i * lanes + l];
        }
    }

    static void fill(float[] v, Random r) {
        for (int i = 0; i < v.length; i++) {
            int k = r.nextInt(4);
            v[i] = k == 0 ? PALETTE[r.nextInt(PALETTE.length)] : k == 1 ? r.nextInt(5) - 2
                    : (r.nextInt(2001) - 1000) / 16f;
        }
    }

    private static Texture2D texture(Random r) {
        if (r.nextInt(4) == 0) {
            return null;
        }
        int w = r.nextInt(5);
        int h = r.nextInt(5);
        int[] argb = new int[w * h];
        for (int k = 0; k < argb.length; k++) {
            argb[k] = r.nextInt();
        }
        return new Texture2D(w, h, argb, r.nextBoolean() ? Texture2D.Nearest.GL : Texture2D.Nearest.ORIGINAL);
    }
}
