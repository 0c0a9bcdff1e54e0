package dev.csir.testing;

import dev.csir.ShaderCompiler;
import dev.csir.testing.RandomStage.Kind;
import dev.csir.testing.RandomStage.Ty;
import dev.csir.testing.RandomStage.Var;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A seeded generator of GLSL 3.30 program pairs, a vertex and a fragment shader that link, for
 * differential render tests: one pair, drawn with the same uniforms and texture on two devices,
 * must give the same pixels. {@link #generate(long)} is a pure function of the seed.
 *
 * <p>What a pair has: the attributes of csir-gfx's built-in meshes ({@code position},
 * {@code normal}, {@code uv} at locations 0, 1, 2); {@code uniform mat4 model, view, projection}
 * and {@code gl_Position = projection * view * model * vec4(position, 1.0)} plus small terms of
 * {@code time}, the uniforms and the position; 1 to 3 varyings (float, vec2, vec3, vec4) that
 * the vertex shader writes and the fragment shader reads; {@code uniform float time} and 2 to 5
 * uniforms of type float, vec3 or vec4, each in one stage or both; {@code uniform sampler2D tex}
 * sampled in the fragment shader; 0 to 2 helper functions per stage with 1 to 4 parameters,
 * called from main; float, vector, int, bool, mat3 and mat4 locals; if/else; for loops of 1 to
 * 8 trips, some with a {@code break} or {@code continue} in an if; the built-ins texture, dot,
 * cross, length, normalize, abs, sin, cos, min, max, clamp, mix, pow and reflect; and
 * {@code out vec4 fragColor} with its colour clamped to [0, 1] and alpha 1.
 *
 * <p>Why the values stay well-conditioned: two devices compute in floats that differ in their
 * last bits, so each expression carries a bound on its magnitude and is clamped where it would
 * pass it, pow's base is {@code abs(x) + 0.1}, divisors are {@code abs(x) + c} with c at least
 * 0.5, normalize takes a vector that cannot be near zero, and the conditions that pick colours
 * compare smooth values against thresholds that are not round numbers (never two computed
 * floats for equality), so that a branch flips only on the pixels that lie on its boundary.
 * The matrices the renderer gives are its to choose, but {@code model} must have entries in
 * [-1, 1] (a rotation): the vertex shader reads it as a bounded value. And a texture coordinate
 * that is the same over a whole triangle is often a short decimal (0.25, 0.5): a renderer should
 * sample a texture whose texel edges are not such values (7 texels wide, not 8), or nearest
 * sampling picks between two texels by rounding.
 *
 * <p>Every stage stays within csir's source bound ({@link #MAX_STAGE_BYTES}); nothing else is
 * held back for what today's compiler does not support.
 */
public final class RandomPrograms {
    /** The longest stage written: the ChrisOS profile's source bound, so that a pair can fit that profile. */
    public static final int MAX_STAGE_BYTES = dev.csir.ir.Limits.CHRISOS.maxSourceBytes();

    /** The text a stage is written to before its final assignments (which take a few hundred bytes). */
    private static final int BUDGET = 3200;

    private RandomPrograms() {
    }

    /** A uniform of a pair other than model, view and projection, with the value to draw with. */
    public record Uniform(String name, String type, float[] value) {
        public Uniform {
            value = value.clone();
        }

        @Override
        public float[] value() {
            return value.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Uniform u && u.name.equals(name) && u.type.equals(type)
                    && Arrays.equals(u.value, value);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return type + " " + name + " = " + Arrays.toString(value);
        }
    }

    /** A vertex and a fragment shader and the uniforms to set (time among them). */
    public record Pair(long seed, String vertex, String fragment, List<Uniform> uniforms) {
        public Pair {
            uniforms = List.copyOf(uniforms);
        }
    }

    public static Pair generate(long seed) {
        // A pair over the source bound is written again from another stream with less text;
        // few are (the budget leaves room), and the retry keeps generate a function of the seed.
        for (int attempt = 0;; attempt++) {
            Random r = new Random(seed * 0x9E3779B97F4A7C15L + attempt);
            Pair p = write(seed, r, Math.max(1000, BUDGET - 500 * attempt));
            if (p.vertex().length() <= MAX_STAGE_BYTES && p.fragment().length() <= MAX_STAGE_BYTES) {
                return p;
            }
        }
    }

    private static Pair write(long seed, Random r, int budget) {
        List<Var> varyings = new ArrayList<>();
        int nv = 1 + r.nextInt(3);
        for (int i = 0; i < nv; i++) {
            varyings.add(new Var("v" + i, RandomStage.pick(r, Ty.FLOAT, Ty.VEC2, Ty.VEC2, Ty.VEC3, Ty.VEC4),
                    RandomStage.VARYING_CAP, Kind.INPUT));
        }
        List<Var> vsUniforms = new ArrayList<>();
        List<Var> fsUniforms = new ArrayList<>();
        List<Uniform> values = new ArrayList<>();
        values.add(new Uniform("time", "float", new float[] {round(r.nextDouble() * 2 * Math.PI)}));
        int nu = 2 + r.nextInt(4);
        for (int i = 0; i < nu; i++) {
            Ty t = RandomStage.pick(r, Ty.FLOAT, Ty.VEC3, Ty.VEC4);
            Var u = new Var("u" + i, t, 1, Kind.UNIFORM);
            int where = r.nextInt(4); // 0 vertex, 1 fragment, else both (the linker matches them)
            if (where != 1) {
                vsUniforms.add(u);
            }
            if (where != 0) {
                fsUniforms.add(u);
            }
            float[] v = new float[t.n];
            for (int k = 0; k < v.length; k++) {
                v[k] = round(r.nextDouble() * 2 - 1);
            }
            values.add(new Uniform(u.name(), t.glsl, v));
        }
        // a quarter of the pairs are short, as many real shaders are (and the ChrisOS pools want)
        int size = r.nextInt(4) == 0 ? Math.min(budget, 700 + r.nextInt(600)) : budget;
        String vs = new RandomStage(r, false, varyings, vsUniforms, size).write();
        String fs = new RandomStage(r, true, varyings, fsUniforms, size).write();
        return new Pair(seed, vs, fs, values);
    }

    /** Three decimals, so that a printed value is the value drawn with. */
    private static float round(double v) {
        return Float.parseFloat(String.format(Locale.ROOT, "%.3f", v));
    }
}
