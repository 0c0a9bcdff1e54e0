package dev.csir.opt;

import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Texture2D;
import java.util.Random;

/**
 * Runs two interpreters on the same random inputs and describes the first observable difference
 * (status, discard, position, varyings, colour, compared bit for bit), or returns null.
 */
final class Equivalence {
    private static final float[] INPUTS = {0f, 1f, -1f, 0.5f, 2f, -0f, 0.25f, 3f, -2.5f, 100f};

    private Equivalence() {
    }

    static String firstDifference(Interpreter x, Interpreter y, long seed, int runs) {
        Frame fx = x.newFrame();
        Frame fy = y.newFrame();
        Random rnd = new Random(seed);
        for (int run = 0; run < runs; run++) {
            fill(rnd, fx, fy);
            x.run(fx);
            y.run(fy);
            String d = compare(fx, fy);
            if (d != null) {
                return "run " + run + ": " + d;
            }
        }
        return null;
    }

    private static void fill(Random rnd, Frame fx, Frame fy) {
        fill(rnd, fx.attributes(), fy.attributes());
        fill(rnd, fx.uniforms(), fy.uniforms());
        fill(rnd, fx.varyingsIn(), fy.varyingsIn());
        fill(rnd, fx.fragCoord(), fy.fragCoord());
        int n = Math.max(fx.textures().length, fy.textures().length);
        for (int s = 0; s < n; s++) {
            int[] argb = new int[16];
            for (int i = 0; i < argb.length; i++) {
                argb[i] = rnd.nextInt();
            }
            Texture2D t = new Texture2D(4, 4, argb);
            if (s < fx.textures().length) {
                fx.texture(s, t);
            }
            if (s < fy.textures().length) {
                fy.texture(s, t);
            }
        }
    }

    private static void fill(Random rnd, float[] a, float[] b) {
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            float v = rnd.nextInt(3) == 0 ? INPUTS[rnd.nextInt(INPUTS.length)] : rnd.nextFloat() * 8f - 4f;
            if (i < a.length) {
                a[i] = v;
            }
            if (i < b.length) {
                b[i] = v;
            }
        }
    }

    private static String compare(Frame x, Frame y) {
        if (x.status() != y.status()) {
            return "status " + x.status() + " vs " + y.status();
        }
        if (x.discarded() != y.discarded()) {
            return "discarded " + x.discarded() + " vs " + y.discarded();
        }
        String d = bits("position", x.position(), y.position());
        if (d == null) {
            d = bits("varyings", x.varyingsOut(), y.varyingsOut());
        }
        return d == null ? bits("color", x.color(), y.color()) : d;
    }

    private static String bits(String what, float[] x, float[] y) {
        if (x.length != y.length) {
            return what + " sizes " + x.length + " vs " + y.length;
        }
        for (int i = 0; i < x.length; i++) {
            if (Float.floatToRawIntBits(x[i]) != Float.floatToRawIntBits(y[i])) {
                return what + "[" + i + "] " + x[i] + " vs " + y[i];
            }
        }
        return null;
    }
}
