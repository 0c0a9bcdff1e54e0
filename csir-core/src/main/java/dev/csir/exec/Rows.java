package dev.csir.exec;

/**
 * The transcendental instructions of a full batch, a row at a time: {@code n} lanes of one float
 * of the structure-of-arrays temporaries, from offset {@code a} (and {@code b}) into offset
 * {@code d}. The batch code calls these where every lane is active; a row is in place or apart
 * from its sources, never overlapping them in part, as rows start at multiples of the batch width.
 *
 * <p>{@link Math}'s routines are scalar and {@link ShaderMath}'s bit moves are not something
 * HotSpot vectorizes, so a loop of them runs one lane at a time. Where the JVM has the
 * {@code jdk.incubator.vector} module ({@code --add-modules jdk.incubator.vector}, as {@code ./csir
 * render} and the tests start it) the rows run in {@link VectorRows}' SIMD lanes; without it these
 * loops of {@link ShaderMath} give the same bits.
 */
final class Rows {
    /** Whether {@link VectorRows} runs the rows in this JVM. */
    static final boolean VECTOR = vectorModule() && VectorRows.usable();

    private Rows() {
    }

    private static boolean vectorModule() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    /** {@code scratch}, a row of the batch's width, is {@link VectorRows}'; these loops need none. */
    static void pow(float[] t, int d, int a, int b, int n, float[] scratch) {
        for (int l = 0; l < n; l++) {
            t[d + l] = ShaderMath.pow(t[a + l], t[b + l]);
        }
    }

    static void log2(float[] t, int d, int a, int n) {
        for (int l = 0; l < n; l++) {
            t[d + l] = ShaderMath.log2(t[a + l]);
        }
    }

    static void rsq(float[] t, int d, int a, int n) {
        for (int l = 0; l < n; l++) {
            t[d + l] = ShaderMath.rsq(t[a + l]);
        }
    }

    static void rcp(float[] t, int d, int a, int n) {
        for (int l = 0; l < n; l++) {
            t[d + l] = ShaderMath.rcp(t[a + l]);
        }
    }
}
