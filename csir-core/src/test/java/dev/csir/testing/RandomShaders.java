package dev.csir.testing;

import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of random, valid vertex and fragment shaders of csir's source language, for
 * differential and robustness tests of the two compile paths. {@link #generate(long, Mode)} is a
 * pure function of its arguments: the same seed and mode give the same source.
 *
 * <p>What a program has: a few stage inputs (attributes with and without a location, varyings),
 * uniforms (float, vecN, int, ivecN, bool, mat3, mat4), outputs (gl_Position in vertex shaders,
 * written at least once; one vec4 colour in fragment shaders), constant and private globals with
 * initializers, helper functions with parameters and results that call one another (never
 * recursively), locals, arithmetic mixing scalars with vectors, swizzles (both letter sets),
 * constant and loop-index indexing, constructors (splats, truncations, concatenations, matrices
 * from columns and diagonals), conversions, comparisons, {@code && || !}, the built-ins of
 * {@code dev.csir.sema.BuiltinTable}, nested if/else, for loops, discard (fragment shaders), and
 * reads of outputs. Values are kept well-behaved: every expression carries a bound on its
 * magnitude, built-ins whose value jumps or grows fast get bounded arguments (clamped when they
 * would not be), and assignments clamp to the target's bound, so that the float differences of
 * the two paths stay within their tolerance. Zeros, negative numbers, equal operands and
 * edge-of-domain arguments still come up.
 *
 * <p>{@link Mode#CSIR_COMPATIBLE} stays inside what the CSIR path accepts and means the same
 * thing by, as far as the language allows telling; the exclusions, each for a documented
 * difference of CSIR from the language:
 * <ul>
 * <li>Loops are {@code for (int i = A; i OP B; i++ or i--)} with constant bounds and at most 8
 *     trips (CSIR unrolls them), the index never assigned; returns only as a helper's last
 *     statement; helpers return a value (CSIR cannot call a void function), take at most 4
 *     parameters and write no globals; matrices are never indexed (CSIR cannot), a matrix
 *     diagonal is a literal, {@code %} has constant operands (a literal or a loop index).</li>
 * <li>CSIR divides by multiplying with a reciprocal whose RCP(0) is 0, takes square roots as
 *     RCP(RSQ(x)) with RSQ(x &lt;= 0) = 0, and its POW is 0 for a negative base and a fractional
 *     exponent: so division is by a power-of-two literal or by {@code (abs(e) + c)} with c &gt; 0,
 *     sqrt takes {@code abs(e)}, inversesqrt and pow a positive base, normalize a vector that
 *     cannot be zero (a stage input or uniform, or {@code abs(e) + c}), smoothstep distinct
 *     literal edges, and {@code mod} a power-of-two literal divisor (a reciprocal of anything
 *     else makes floor(x / y) flip where x / y is an integer). NaNs and infinities, which CSIR's
 *     conventions avoid and the language produces, come up in {@link Mode#FULL} only.</li>
 * <li>CSIR keeps ints as floats and types mixed arithmetic by its left operand, so an int meets
 *     a float only through {@code float(..)} or {@code vecN(ivecN)}, never through an implicit
 *     conversion; ints are not divided (CSIR would not truncate); float to int is {@code int(x)}
 *     of a scalar only (CSIR truncates there, but not in {@code ivecN(vecN)} or an implicit
 *     conversion).</li>
 * <li>CSIR computes {@code &&}, {@code ||} and {@code !} arithmetically (MUL, MAX, 1 - x), so
 *     their operands are bools, as is every value converted to bool, including an {@code if}
 *     condition made from a float or an int ({@code bool(x)} tests it against 0). And since CSIR
 *     evaluates both operands, where the language evaluates the right one only when it decides,
 *     no call of a helper that may discard goes in either ({@code x > 0.0 && f() > 0.0} with a
 *     discarding f discards for every x in CSIR, only for x > 0 in the language).</li>
 * <li>Programs stay within CSIR's pools (96 temporaries, 160 immediates, 384 instructions) and
 *     its 4 KiB source limit by an estimate of what CSIR's lowering allocates per construct,
 *     loop trip and inlined call; the estimate is rough, so a few programs still overflow.</li>
 * </ul>
 *
 * <p>{@link Mode#FULL} is the language as the new front end accepts it: loops of any shape
 * (run-time bounds, float counters, omitted clauses, assigned indexes, ones that run away),
 * early returns anywhere, void helpers with side effects (also on the right of {@code &&}),
 * up to 6 parameters, run-time matrix diagonals and matrix and vector indexes (also out of
 * range), int division and remainder, every implicit conversion, texture samples, and the
 * operations that make NaNs and infinities.
 */
public final class RandomShaders {
    /** Which programs to generate. */
    public enum Mode {
        /** Programs both compile paths should accept and agree on. */
        CSIR_COMPATIBLE,
        /** Programs of the whole language; only the new path need accept them. */
        FULL
    }

    private RandomShaders() {
    }

    /** A random program of the whole language ({@link Mode#FULL}). */
    public static ShaderCorpus.Source generate(long seed) {
        return generate(seed, Mode.FULL);
    }

    public static ShaderCorpus.Source generate(long seed, Mode mode) {
        return new Gen(seed, mode).run();
    }

    // ---- types ---------------------------------------------------------------------------------

    enum K { F, I, B, M, S }

    enum T {
        FLOAT("float", 1, K.F), VEC2("vec2", 2, K.F), VEC3("vec3", 3, K.F), VEC4("vec4", 4, K.F),
        INT("int", 1, K.I), IVEC2("ivec2", 2, K.I), IVEC3("ivec3", 3, K.I), IVEC4("ivec4", 4, K.I),
        BOOL("bool", 1, K.B), MAT3("mat3", 3, K.M), MAT4("mat4", 4, K.M), SAMPLER("sampler2D", 0, K.S);

        final String glsl;
        final int n;
        final K k;

        T(String glsl, int n, K k) {
            this.glsl = glsl;
            this.n = n;
            this.k = k;
        }

        static T vec(int n) {
            return switch (n) {
                case 1 -> FLOAT;
                case 2 -> VEC2;
                case 3 -> VEC3;
                default -> VEC4;
            };
        }

        static T ivec(int n) {
            return switch (n) {
                case 1 -> INT;
                case 2 -> IVEC2;
                case 3 -> IVEC3;
                default -> IVEC4;
            };
        }

        boolean isFloat() {
            return k == K.F;
        }

        boolean isInt() {
            return k == K.I;
        }

        boolean scalar() {
            return n == 1 && k != K.M;
        }

        /** CSIR temporaries a variable of this type takes. */
        int temps() {
            return k == K.M ? n : 1;
        }
    }

    /** Where a variable lives, for who may read and write it. */
    enum Where { INPUT, UNIFORM, OUTPUT, POSITION, FRAG_COORD, CONST, GLOBAL, LOCAL, PARAM, LOOP }

    static final class V {
        final String name;
        final T t;
        final Where where;
        /** Bound on the magnitude of what it holds (what an assignment clamps to). */
        final double bound;
        /** For a loop index: the values it takes, and its step. */
        int lo;
        int hi;
        int step = 1;

        V(String name, T t, Where where, double bound) {
            this.name = name;
            this.t = t;
            this.where = where;
            this.bound = bound;
        }

        boolean fromOutside() {
            return where == Where.INPUT || where == Where.UNIFORM || where == Where.FRAG_COORD;
        }
    }

    static final class F {
        final String name;
        final T ret;
        final List<V> params = new ArrayList<>();
        double retBound = 1;
        /** CSIR temporaries and immediates of one inlined call's body. */
        double temps;
        double imms;
        boolean effects;

        F(String name, T ret) {
            this.name = name;
            this.ret = ret;
        }
    }

    /** A generated expression: its text and a bound on its magnitude (per component). */
    record E(String s, double b) {
    }

    // ---- the generator -------------------------------------------------------------------------

    private static final class Gen {
        static final double CAP = 64;
        /** The most an argument of a jumpy or periodic built-in may be (abs error stays small). */
        static final double SENSITIVE = 16;
        static final int INT_CAP = 1000;

        final Random r;
        final boolean csir;
        final ShaderStage stage;
        final double tempBudget;
        final double immBudget;
        final int textBudget;

        final List<V> globals = new ArrayList<>();
        final List<List<V>> scopes = new ArrayList<>();
        final List<F> functions = new ArrayList<>();
        final StringBuilder body = new StringBuilder();
        int names;
        double temps;
        double imms;
        double mult = 1;
        /** The helper being generated; null in main. */
        F current;
        int depth;
        int loops;
        int indent = 1;
        V samplerVar;
        /** The share of the budgets the code being generated may take (less in a helper). */
        double scale = 1;
        /** Source text before the body being generated. */
        int emitted;
        /** How many operands of && and || the expression being generated is inside. */
        int logical;

        Gen(long seed, Mode mode) {
            this.r = new Random(seed * 0x9E3779B97F4A7C15L + (mode == Mode.FULL ? 1 : 0));
            this.csir = mode == Mode.CSIR_COMPATIBLE;
            this.stage = r.nextBoolean() ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
            this.tempBudget = csir ? 72 : 150;
            this.immBudget = csir ? 130 : 600;
            this.textBudget = csir ? 3300 : 4000;
        }

        ShaderCorpus.Source run() {
            StringBuilder head = new StringBuilder();
            String name = (csir ? "rc" : "rf") + Long.toHexString(r.nextLong() & 0xFFFFFF)
                    + (stage == ShaderStage.VERTEX ? ".vert" : ".frag");
            // GLSL 3.30: in and out, the int overloads and int-to-float conversions of the built-ins
            head.append("#version 330 core\n");
            head.append("// random ").append(csir ? "csir-compatible " : "").append(stage.name().toLowerCase())
                    .append(" shader\n");
            declareInterface(head);
            declareGlobals(head);
            List<String> helperTexts = new ArrayList<>();
            int helpers = csir ? r.nextInt(3) : r.nextInt(5);
            for (int i = 0; i < helpers; i++) {
                emitted = head.length() + helperTexts.stream().mapToInt(String::length).sum();
                helperTexts.add(helper(i));
            }
            // helpers come in any order: a call may precede the callee's definition
            if (!csir || r.nextBoolean()) {
                java.util.Collections.shuffle(helperTexts, r);
            }
            for (String h : helperTexts) {
                head.append(h);
            }
            head.append("void main() {\n");
            emitted = head.length();
            mainBody();
            if (System.getProperty("csir.random.debug") != null) {
                head.append("// estimated CSIR temporaries ").append((int) temps).append(", immediates ")
                        .append((int) imms).append('\n');
            }
            head.append(body).append("}\n");
            return new ShaderCorpus.Source(name, stage, head.toString());
        }

        // ---- declarations --------------------------------------------------------------------

        String fresh(String prefix) {
            return prefix + (names++);
        }

        void declareInterface(StringBuilder out) {
            if (stage == ShaderStage.VERTEX) {
                globals.add(new V("gl_Position", T.VEC4, Where.POSITION, CAP));
                temps += 2;
                imms += 4;
                int n = 1 + r.nextInt(3);
                List<Integer> locations = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
                java.util.Collections.shuffle(locations, r);
                for (int i = 0; i < n; i++) {
                    T t = pick(T.VEC4, T.VEC4, T.VEC3, T.VEC2, T.FLOAT);
                    if (!csir && r.nextInt(8) == 0) {
                        t = pick(T.INT, T.IVEC2, T.IVEC3);
                    }
                    V v = new V(fresh("a_"), t, Where.INPUT, t.isInt() ? 5 : 2);
                    String layout = r.nextInt(3) == 0 ? "layout(location = " + locations.get(i) + ") " : "";
                    out.append(layout).append("in ").append(t.glsl).append(' ').append(v.name).append(";\n");
                    globals.add(v);
                    temps += 1;
                }
                int outs = r.nextInt(4);
                for (int i = 0; i < outs; i++) {
                    T t = pick(T.FLOAT, T.VEC2, T.VEC3, T.VEC4);
                    V v = new V(fresh("o_"), t, Where.OUTPUT, CAP);
                    out.append(r.nextInt(4) == 0 ? "smooth " : "").append("out ").append(t.glsl).append(' ')
                            .append(v.name).append(";\n");
                    globals.add(v);
                    temps += 2;
                    imms += 4;
                }
            } else {
                globals.add(new V("gl_FragCoord", T.VEC4, Where.FRAG_COORD, 64));
                temps += 1;
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    T t = pick(T.FLOAT, T.VEC2, T.VEC3, T.VEC4);
                    V v = new V(fresh("v_"), t, Where.INPUT, 2);
                    out.append("in ").append(t.glsl).append(' ').append(v.name).append(";\n");
                    globals.add(v);
                    temps += 1;
                }
                T t = !csir && r.nextInt(5) == 0 ? T.VEC3 : T.VEC4; // CSIR: a vec4
                V v = new V(fresh("o_"), t, Where.OUTPUT, CAP);
                out.append("out ").append(t.glsl).append(' ').append(v.name).append(";\n");
                globals.add(v);
                temps += 2;
                imms += 4;
            }
            int uniforms = r.nextInt(5);
            for (int i = 0; i < uniforms; i++) {
                T t = pick(T.FLOAT, T.FLOAT, T.VEC2, T.VEC3, T.VEC4, T.VEC4, T.INT, T.IVEC2, T.IVEC3, T.BOOL, T.MAT3,
                        T.MAT4, T.MAT4);
                V v = new V(fresh("u_"), t, Where.UNIFORM, t.isInt() ? 5 : t == T.BOOL ? 1 : 2);
                out.append("uniform ").append(t.glsl).append(' ').append(v.name).append(";\n");
                globals.add(v);
                temps += t.temps();
            }
            if (!csir && r.nextInt(6) == 0) {
                samplerVar = new V(fresh("s_"), T.SAMPLER, Where.UNIFORM, 1);
                out.append("uniform sampler2D ").append(samplerVar.name).append(";\n");
                globals.add(samplerVar);
            }
        }

        void declareGlobals(StringBuilder out) {
            int n = r.nextInt(3);
            for (int i = 0; i < n; i++) {
                boolean isConst = r.nextBoolean();
                T t = pick(T.FLOAT, T.FLOAT, T.VEC2, T.VEC3, T.VEC4, T.INT, T.BOOL);
                E init = constantExpr(t);
                double bound = Math.min(CAP, Math.max(1, init.b()));
                V v = new V(fresh(isConst ? "k_" : "g_"), t, isConst ? Where.CONST : Where.GLOBAL, bound);
                out.append(isConst ? "const " : "").append(t.glsl).append(' ').append(v.name).append(" = ")
                        .append(init.s()).append(";\n");
                globals.add(v);
                temps += 1;
            }
        }

        /** An initializer of literals and earlier constants. */
        E constantExpr(T t) {
            List<V> consts = new ArrayList<>();
            for (V g : globals) {
                if (g.where == Where.CONST && g.t == t) {
                    consts.add(g);
                }
            }
            if (!consts.isEmpty() && r.nextInt(3) == 0) {
                V c = consts.get(r.nextInt(consts.size()));
                if (t.isFloat()) {
                    E k = literal(T.FLOAT);
                    return new E("(" + c.name + " * " + k.s() + ")", c.bound * k.b());
                }
                return new E(c.name, c.bound);
            }
            return literal(t);
        }

        // ---- helpers -------------------------------------------------------------------------

        String helper(int index) {
            T ret;
            if (!csir && r.nextInt(4) == 0) {
                ret = null; // void
            } else {
                ret = pick(T.FLOAT, T.FLOAT, T.VEC2, T.VEC3, T.VEC4, T.INT, T.BOOL);
            }
            F f = new F(fresh("f_"), ret);
            int params = csir ? r.nextInt(5) : r.nextInt(7);
            StringBuilder sig = new StringBuilder();
            sig.append(ret == null ? "void" : ret.glsl).append(' ').append(f.name).append('(');
            scopes.add(new ArrayList<>());
            for (int i = 0; i < params; i++) {
                T t = pick(T.FLOAT, T.FLOAT, T.VEC2, T.VEC3, T.VEC4, T.INT, T.BOOL, T.MAT3);
                if (!csir && samplerVar != null && r.nextInt(6) == 0) {
                    t = T.SAMPLER;
                }
                V p = new V(fresh("p_"), t, Where.PARAM, t.isInt() ? 50 : t == T.BOOL ? 1 : 16);
                f.params.add(p);
                scopes.getLast().add(p);
                sig.append(i > 0 ? ", " : "").append(t.glsl).append(' ').append(p.name);
            }
            sig.append(") {\n");
            double savedTemps = temps;
            double savedImms = imms;
            temps = 0;
            imms = 0;
            scale = csir ? 0.3 : 0.4;
            current = f;
            StringBuilder saved = new StringBuilder(body);
            body.setLength(0);
            indent = 1;
            int stmts = csir ? r.nextInt(3) : r.nextInt(5);
            for (int i = 0; i < stmts && !full(); i++) {
                statement();
            }
            if (ret != null) {
                E v = expr(ret, 2);
                List<V> sources = new ArrayList<>();
                for (V x : scopes.getLast()) {
                    if (x.t != T.SAMPLER && r.nextBoolean()) {
                        sources.add(x);
                    }
                }
                if (ret.isFloat() && !sources.isEmpty()) {
                    // the result depends on the parameters and locals
                    E sum = sink(ret, sources);
                    v = new E("(" + v.s() + " + " + sum.s() + ")", v.b() + sum.b());
                    if (v.b() > CAP) {
                        v = clampTo(v, CAP);
                    }
                }
                f.retBound = Math.max(1, v.b());
                line("return " + v.s() + ";");
            } else if (r.nextInt(3) == 0) {
                line("return;");
            }
            String text = sig + body.toString() + "}\n";
            f.temps = temps;
            f.imms = imms;
            scale = 1;
            temps = savedTemps;
            imms = savedImms;
            body.setLength(0);
            body.append(saved);
            current = null;
            scopes.removeLast();
            functions.add(f);
            return text;
        }

        // ---- main ----------------------------------------------------------------------------

        void mainBody() {
            scopes.add(new ArrayList<>());
            indent = 1;
            int stmts = 2 + r.nextInt(csir ? 6 : 10);
            for (int i = 0; i < stmts && !full(); i++) {
                statement();
            }
            // the outputs at the top level of main, most of them, from main's locals
            List<V> sources = new ArrayList<>();
            for (V v : scopes.getLast()) {
                if (v.where == Where.LOCAL) {
                    sources.add(v);
                }
            }
            for (V g : globals) {
                if ((g.where == Where.OUTPUT && r.nextInt(5) > 0) || g.where == Where.POSITION) {
                    E v = expr(g.t, tight() ? 0 : 2);
                    if (v.s().equals(g.name) || r.nextBoolean()) {
                        // from the inputs and uniforms, rather than from itself
                        List<V> outside = new ArrayList<>();
                        for (V x : visible()) {
                            if (x.fromOutside() && x.t != T.SAMPLER && x.t.k != K.M) {
                                outside.add(x);
                            }
                        }
                        if (!outside.isEmpty()) {
                            E in = asFloat(outside.get(r.nextInt(outside.size())), g.t);
                            if (v.s().equals(g.name)) {
                                v = in.s().startsWith(g.t.glsl + "(") || g.t == T.FLOAT ? in
                                        : new E(g.t.glsl + "(" + in.s() + ")", in.b());
                            } else {
                                v = new E("(" + v.s() + " * " + in.s() + ")", v.b() * in.b());
                            }
                        }
                    }
                    List<V> some = new ArrayList<>();
                    for (V x : sources) {
                        if (r.nextInt(3) > 0) {
                            some.add(x);
                        }
                    }
                    if (!some.isEmpty()) {
                        E sum = sink(g.t, some);
                        v = new E("(" + v.s() + " + " + sum.s() + ")", v.b() + sum.b());
                    }
                    line(g.name + " = " + v.s() + ";");
                }
            }
            if (!csir && r.nextInt(10) == 0) {
                line("return;");
            }
            scopes.removeLast();
        }

        // ---- statements ----------------------------------------------------------------------

        boolean full() {
            return temps > tempBudget * 0.6 * scale || imms > immBudget * 0.6 * scale
                    || emitted + body.length() > textBudget;
        }

        boolean tight() {
            return temps > tempBudget * 0.5 * scale || imms > immBudget * 0.5 * scale
                    || emitted + body.length() > textBudget;
        }

        void line(String s) {
            body.append("  ".repeat(indent)).append(s).append('\n');
        }

        void statement() {
            int w = r.nextInt(100);
            if (w < 22) {
                declare();
            } else if (w < 48) {
                assign();
            } else if (w < 64 && depth < 3) {
                ifStatement();
            } else if (w < 76 && loops < 2 && depth < 3) {
                loop();
            } else if (w < 80 && stage == ShaderStage.FRAGMENT) {
                if (current != null) {
                    current.effects = true;
                }
                line("if (" + expr(T.BOOL, 2).s() + ") {");
                indent++;
                line("discard;");
                indent--;
                line("}");
            } else if (w < 84 && !functions.isEmpty()) {
                F f = functions.get(r.nextInt(functions.size()));
                if (csir || f.ret == null || r.nextBoolean()) {
                    String c = call(f);
                    if (c != null) {
                        line(c + ";");
                    }
                }
            } else if (w < 88 && depth < 3) {
                line("{");
                block(1 + r.nextInt(2));
                line("}");
            } else if (w < 94 && !csir) {
                earlyReturn();
            } else {
                assign();
            }
        }

        void block(int n) {
            indent++;
            depth++;
            scopes.add(new ArrayList<>());
            for (int i = 0; i < n && !full(); i++) {
                statement();
            }
            flowOut(scopes.getLast());
            scopes.removeLast();
            depth--;
            indent--;
        }

        /**
         * Most of the time, makes what a block's locals hold reach a variable of an enclosing
         * scope (and so, eventually, the outputs): {@code x = x + (the locals, as x's type)}.
         */
        void flowOut(List<V> locals) {
            List<V> sources = new ArrayList<>();
            for (V v : locals) {
                if (v.where == Where.LOCAL && v.t != T.SAMPLER) {
                    sources.add(v);
                }
            }
            if (sources.isEmpty() || r.nextInt(4) == 0) {
                return;
            }
            List<V> ts = new ArrayList<>();
            for (V v : targets()) {
                if (v.t.isFloat() && !locals.contains(v)) {
                    ts.add(v);
                }
            }
            if (ts.isEmpty()) {
                return;
            }
            V target = ts.get(r.nextInt(ts.size()));
            if (current != null && (target.where == Where.GLOBAL || target.where == Where.OUTPUT
                    || target.where == Where.POSITION)) {
                current.effects = true;
            }
            E sum = sink(target.t, sources);
            line(target.name + " = " + fit(new E("(" + target.name + " + " + sum.s() + ")", target.bound + sum.b()),
                    target).s() + ";");
        }

        /** The sum of {@code sources}, each converted to float type {@code t} (or a float that splats). */
        E sink(T t, List<V> sources) {
            StringBuilder s = new StringBuilder("(");
            double b = 0;
            for (int i = 0; i < sources.size(); i++) {
                E term = asFloat(sources.get(i), t);
                s.append(i > 0 ? " + " : "").append(term.s());
                b += term.b();
            }
            return new E(s.append(')').toString(), b);
        }

        /** A variable's value as float type {@code t}: converted, resized, or as a scalar that splats. */
        E asFloat(V v, T t) {
            int n = t.n;
            spend(2, 0.5);
            String x = v.name;
            int m = v.t.n;
            switch (v.t.k) {
                case I -> x = m == 1 ? "float(" + x + ")" : T.vec(m).glsl + "(" + x + ")";
                case B -> x = "float(" + x + ")";
                case M -> x = "(" + x + " * " + T.vec(m).glsl + "(0.5))";
                default -> {
                }
            }
            double b = v.t.k == K.M ? v.bound * m * 0.5 : v.bound;
            if (m == 1 || m == n) {
                return new E(x, b);
            }
            if (m > n) {
                return new E(x + "." + "xyzw".substring(0, n), b);
            }
            return switch (n - m) {
                case 1 -> new E(t.glsl + "(" + x + ", 1.0)", b);
                case 2 -> new E(t.glsl + "(" + x + ", " + x + ")", b); // vec2 into vec4
                default -> new E(t.glsl + "(" + x + ", 0.5, 0.25)", b);
            };
        }

        T localType() {
            T t = pick(T.FLOAT, T.FLOAT, T.FLOAT, T.VEC2, T.VEC3, T.VEC3, T.VEC4, T.VEC4, T.INT, T.INT, T.BOOL,
                    T.IVEC2, T.MAT3, T.MAT4);
            if (t.k == K.M && (tight() || r.nextBoolean())) {
                t = T.VEC3;
            }
            return t;
        }

        void declare() {
            T t = localType();
            E init = expr(t, 3);
            double bound = Math.min(CAP, Math.max(1, init.b()));
            if (t.isInt()) {
                bound = Math.min(INT_CAP, Math.max(8, init.b()));
            }
            String name = fresh("l_");
            boolean shadows = false;
            if (!csir && r.nextInt(10) == 0 && scopes.size() > 1) {
                // a local shadowing a variable of an enclosing scope (or a global)
                List<V> outer = new ArrayList<>();
                for (V v : visible()) {
                    if (!scopes.getLast().contains(v) && !v.name.startsWith("gl_") && v.t != T.SAMPLER) {
                        outer.add(v);
                    }
                }
                if (!outer.isEmpty()) {
                    name = outer.get(r.nextInt(outer.size())).name;
                    shadows = true;
                }
            }
            spend(t.temps(), 0);
            if (!csir && r.nextInt(8) == 0 && t.k != K.M && !shadows) {
                // declared, then assigned (not when shadowing: the value reads the outer one)
                line(t.glsl + " " + name + ";");
                line(name + " = " + init.s() + ";");
            } else {
                line(t.glsl + " " + name + " = " + init.s() + ";");
            }
            scopes.getLast().add(new V(name, t, Where.LOCAL, bound));
        }

        /** The variables that may be assigned here. */
        List<V> targets() {
            List<V> out = new ArrayList<>();
            boolean effects = current == null || !csir;
            for (V v : visible()) {
                boolean writable = switch (v.where) {
                    case LOCAL -> true;
                    case PARAM -> v.t != T.SAMPLER;
                    case LOOP -> !csir;
                    case GLOBAL, OUTPUT, POSITION -> effects;
                    default -> false;
                };
                if (writable) {
                    out.add(v);
                }
            }
            return out;
        }

        void assign() {
            List<V> ts = targets();
            if (ts.isEmpty()) {
                declare();
                return;
            }
            V v = ts.get(r.nextInt(ts.size()));
            if (current != null && (v.where == Where.GLOBAL || v.where == Where.OUTPUT || v.where == Where.POSITION)) {
                current.effects = true;
            }
            E e = expr(v.t, 3);
            line(v.name + " = " + fit(e, v).s() + ";");
        }

        /** {@code e} within the bound of {@code v}: clamped, or replaced by a leaf. */
        E fit(E e, V v) {
            if (v.where == Where.LOOP) {
                // an assigned loop index: keep the loop going forward and bounded
                return new E("(" + v.name + (v.step > 0 ? " + 1)" : " - 1)"), 1);
            }
            if (e.b() <= v.bound) {
                return e;
            }
            if (v.t.isFloat()) {
                return clampTo(e, v.bound);
            }
            if (v.t.isInt()) {
                return leaf(v.t);
            }
            if (v.t.k == K.M) {
                E m = leaf(v.t);
                return m.b() <= v.bound ? m : new E(v.t.glsl + "(1.0)", 1);
            }
            return e;
        }

        E clampTo(E e, double bound) {
            double c = Math.max(1, Math.floor(bound));
            spend(4, 2);
            return new E("clamp(" + e.s() + ", " + fl(-c) + ", " + fl(c) + ")", c);
        }

        void ifStatement() {
            line("if (" + condition().s() + ") {");
            block(1 + r.nextInt(3));
            if (r.nextInt(3) == 0) {
                line("} else if (" + condition().s() + ") {");
                block(1 + r.nextInt(2));
            }
            if (r.nextBoolean()) {
                line("} else {");
                block(1 + r.nextInt(2));
            }
            line("}");
        }

        E condition() {
            // GLSL's conditions are bools; a float or int one converts through bool(), which tests against zero
            if (r.nextInt(10) == 0) {
                E x = expr(r.nextBoolean() ? T.FLOAT : T.INT, 2);
                return new E("bool(" + x.s() + ")", x.b());
            }
            return expr(T.BOOL, 3);
        }

        void earlyReturn() {
            if (current != null && current.ret != null) {
                line("if (" + condition().s() + ") {");
                indent++;
                E v = expr(current.ret, 2);
                current.retBound = Math.max(current.retBound, v.b());
                line("return " + v.s() + ";");
                indent--;
                line("}");
            } else {
                line("if (" + condition().s() + ") {");
                indent++;
                line("return;");
                indent--;
                line("}");
            }
        }

        void loop() {
            if (csir) {
                csirLoop();
            } else if (r.nextInt(3) == 0) {
                csirLoopShape(8);
            } else {
                freeLoop();
            }
        }

        void csirLoop() {
            double room = tempBudget - temps;
            int most = (int) Math.min(8, room / (mult * 12));
            if (most < 1) {
                assign();
                return;
            }
            csirLoopShape(most);
        }

        /** {@code for (int i = A; cond; i++ or i--)} with constant bounds and 1..most trips. */
        void csirLoopShape(int most) {
            int trips = 1 + r.nextInt(most);
            int a = r.nextInt(7) - 2;
            boolean up = r.nextInt(3) > 0;
            String i = fresh("i_");
            int lo = up ? a : a - trips + 1;
            int hi = up ? a + trips - 1 : a;
            String cond;
            if (up) {
                cond = switch (r.nextInt(5)) {
                    case 0 -> i + " <= " + il(a + trips - 1);
                    case 1 -> i + " != " + il(a + trips);
                    case 2 -> il(a + trips) + " > " + i;
                    case 3 -> "(" + i + " + 1) <= " + il(a + trips);
                    default -> i + " < " + il(a + trips);
                };
            } else {
                cond = switch (r.nextInt(3)) {
                    case 0 -> i + " >= " + il(a - trips + 1);
                    case 1 -> i + " != " + il(a - trips);
                    default -> i + " > " + il(a - trips);
                };
            }
            line("for (int " + i + " = " + il(a) + "; " + cond + "; " + i + (up ? "++" : "--") + ") {");
            V v = new V(i, T.INT, Where.LOOP, Math.max(Math.abs(lo), Math.abs(hi)));
            v.lo = lo;
            v.hi = hi;
            v.step = up ? 1 : -1;
            loopBody(v, trips);
        }

        void loopBody(V v, int trips) {
            double saved = mult;
            mult *= trips;
            spend(2, 1);
            loops++;
            indent++;
            depth++;
            scopes.add(new ArrayList<>(List.of(v)));
            int n = 1 + r.nextInt(csir ? 2 : 3);
            for (int k = 0; k < n && !full(); k++) {
                statement();
            }
            if (!csir && v.where == Where.LOOP && r.nextInt(5) == 0) {
                line(v.name + " = " + fit(null, v).s() + ";");
            }
            flowOut(scopes.getLast());
            scopes.removeLast();
            depth--;
            indent--;
            loops--;
            mult = saved;
            line("}");
        }

        /** The loop shapes only the language has. */
        void freeLoop() {
            switch (r.nextInt(6)) {
                case 0 -> {
                    // a run-time trip count
                    String i = fresh("i_");
                    E n = intBounded(12);
                    line("for (int " + i + " = 0; " + i + " < " + n.s() + "; " + i + "++) {");
                    V v = new V(i, T.INT, Where.LOOP, 12);
                    v.lo = 0;
                    v.hi = 11;
                    loopBody(v, 12);
                }
                case 1 -> {
                    // a float counter
                    String t = fresh("t_");
                    line("for (float " + t + " = " + fl(r.nextInt(3) - 1) + "; " + t + " < " + expr(T.FLOAT, 1).s()
                            + "; " + t + "++) {");
                    V v = new V(t, T.FLOAT, Where.LOCAL, 4);
                    loopBody(v, 4);
                }
                case 2 -> {
                    // no init and no step: the body counts
                    String c = fresh("c_");
                    line("int " + c + " = " + il(r.nextInt(3)) + ";");
                    line("for (; " + c + " < " + il(3 + r.nextInt(5)) + "; ) {");
                    V v = new V(c, T.INT, Where.LOCAL, 8);
                    double saved = mult;
                    mult *= 8;
                    loops++;
                    indent++;
                    depth++;
                    scopes.add(new ArrayList<>());
                    int n = 1 + r.nextInt(2);
                    for (int k = 0; k < n && !full(); k++) {
                        statement();
                    }
                    line(c + " = " + c + " + 1;");
                    scopes.removeLast();
                    depth--;
                    indent--;
                    loops--;
                    mult = saved;
                    line("}");
                    scopes.getLast().add(v);
                }
                case 3 -> {
                    // counting down past zero, the index also indexing (out of range at the end)
                    String i = fresh("i_");
                    int start = r.nextInt(10);
                    line("for (int " + i + " = " + il(start) + "; " + i + " >= " + il(-1 - r.nextInt(2)) + "; " + i
                            + "--) {");
                    V v = new V(i, T.INT, Where.LOOP, 12);
                    v.lo = -2;
                    v.hi = start;
                    v.step = -1;
                    loopBody(v, start + 3);
                }
                case 4 -> {
                    // a loop with no condition, left by a return or discard, or by the budget
                    String i = fresh("i_");
                    line("for (int " + i + " = 0; ; " + i + "++) {");
                    indent++;
                    String exit = current != null && current.ret != null
                            ? "return " + expr(current.ret, 1).s() + ";"
                            : current == null && stage == ShaderStage.FRAGMENT && r.nextBoolean() ? "discard;"
                            : "return;";
                    int n = r.nextInt(40) == 0 ? 1 << 30 : 1 + r.nextInt(6);
                    line("if (" + i + " >= " + il(n) + ") {");
                    indent++;
                    line(exit);
                    indent--;
                    line("}");
                    indent--;
                    V v = new V(i, T.INT, Where.LOOP, 8);
                    v.lo = 0;
                    v.hi = 7;
                    // the body is the rest of the loop
                    loopBody(v, 6);
                }
                default -> {
                    // a step that goes the wrong way now and then: a runaway loop (LIMIT)
                    String i = fresh("i_");
                    boolean runaway = r.nextInt(25) == 0;
                    line("for (int " + i + " = 0; " + i + " < " + il(1 + r.nextInt(6)) + "; " + i
                            + (runaway ? "--" : "++") + ") {");
                    V v = new V(i, T.INT, Where.LOOP, 8);
                    v.lo = 0;
                    v.hi = 6;
                    v.step = runaway ? -1 : 1;
                    loopBody(v, 6);
                }
            }
        }

        /** An int of at most {@code n} in magnitude. */
        E intBounded(int n) {
            E e = expr(T.FLOAT, 2);
            double b = Math.max(1, e.b());
            return new E("int(abs(" + e.s() + ") * " + fl(Math.floor(n / b * 100) / 100 + 0.01) + ")", n);
        }

        // ---- expressions ---------------------------------------------------------------------

        void spend(double t, double i) {
            temps += t * mult;
            imms += i * mult;
        }

        @SafeVarargs
        final <X> X pick(X... xs) {
            return xs[r.nextInt(xs.length)];
        }

        /** The variables a name reaches here: the innermost of each name. */
        List<V> visible() {
            List<V> out = new ArrayList<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (int i = scopes.size() - 1; i >= 0; i--) {
                for (V v : scopes.get(i)) {
                    if (seen.add(v.name)) {
                        out.add(v);
                    }
                }
            }
            for (V g : globals) {
                if (seen.add(g.name)) {
                    out.add(g);
                }
            }
            return out;
        }

        /** The variables readable here of type {@code t}. */
        List<V> readable(T t) {
            List<V> out = new ArrayList<>();
            for (V v : visible()) {
                if (v.t == t) {
                    out.add(v);
                }
            }
            return out;
        }

        E expr(T t, int d) {
            if (tight()) {
                d = 0;
            }
            return switch (t.k) {
                case F -> floatExpr(t, d);
                case I -> intExpr(t, d);
                case B -> boolExpr(d);
                case M -> matExpr(t, d);
                case S -> {
                    List<V> ss = readable(T.SAMPLER);
                    yield new E(ss.get(r.nextInt(ss.size())).name, 1);
                }
            };
        }

        E leaf(T t) {
            List<V> vs = readable(t);
            if (!vs.isEmpty() && r.nextInt(5) > 0) {
                V v = vs.get(r.nextInt(vs.size()));
                if ((v.where == Where.CONST || v.where == Where.LOOP) && t.scalar()) {
                    spend(1, 1); // CSIR re-materializes a known constant where it is read
                } else if (v.where == Where.LOCAL && t.scalar()) {
                    spend(0.4, 0.4); // and so a local still holding a constant
                }
                return new E(v.name, v.bound);
            }
            switch (t.k) {
                case F -> {
                    if (r.nextInt(4) > 0) {
                        // a swizzle of another vector, or a scalar splat
                        List<V> other = new ArrayList<>();
                        for (V v : visible()) {
                            if (v.t.isFloat() && v.t != t) {
                                other.add(v);
                            }
                        }
                        if (!other.isEmpty()) {
                            V v = other.get(r.nextInt(other.size()));
                            spend(1, 0);
                            if (v.t == T.FLOAT) {
                                return new E(t.glsl + "(" + v.name + ")", v.bound);
                            }
                            return new E(v.name + "." + swizzle(v.t.n, t.n), v.bound);
                        }
                    }
                    if (t != T.FLOAT && r.nextInt(3) == 0) {
                        E s = literal(T.FLOAT);
                        spend(1, t.n);
                        return new E(t.glsl + "(" + s.s() + ")", s.b());
                    }
                    return literal(t);
                }
                case I -> {
                    if (t == T.INT) {
                        List<V> loopVars = readable(T.INT);
                        if (!loopVars.isEmpty() && r.nextBoolean()) {
                            V v = loopVars.get(r.nextInt(loopVars.size()));
                            spend(1, 1);
                            return new E(v.name, v.bound);
                        }
                    }
                    return literal(t);
                }
                case B -> {
                    return literal(t);
                }
                case M -> {
                    spend(t.n + 1, t.n * 4);
                    E k = literal(T.FLOAT);
                    return new E(t.glsl + "(" + k.s() + ")", k.b());
                }
                default -> throw new IllegalStateException();
            }
        }

        String swizzle(int from, int n) {
            String set = r.nextInt(4) == 0 ? "rgba" : "xyzw";
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < n; i++) {
                s.append(set.charAt(r.nextInt(from)));
            }
            return s.toString();
        }

        E literal(T t) {
            switch (t.k) {
                case F -> {
                    if (t == T.FLOAT) {
                        spend(1, 1);
                        double v = switch (r.nextInt(8)) {
                            case 0 -> 0;
                            case 1 -> 1;
                            case 2 -> -1;
                            case 3 -> 0.5;
                            case 4 -> pick(0.1, 3.14159, 1.7, 0.333, 2.5, 0.01);
                            default -> (r.nextInt(33) - 16) / 4.0;
                        };
                        return new E(fl(v), Math.abs(v));
                    }
                    StringBuilder s = new StringBuilder(t.glsl).append('(');
                    double b = 0;
                    for (int i = 0; i < t.n; i++) {
                        E c = literal(T.FLOAT);
                        s.append(i > 0 ? ", " : "").append(c.s());
                        b = Math.max(b, c.b());
                    }
                    spend(2, 4);
                    return new E(s.append(')').toString(), b);
                }
                case I -> {
                    if (t == T.INT) {
                        spend(1, 1);
                        int v = r.nextInt(13) - 4;
                        return new E(il(v), Math.abs(v));
                    }
                    StringBuilder s = new StringBuilder(t.glsl).append('(');
                    double b = 0;
                    for (int i = 0; i < t.n; i++) {
                        E c = literal(T.INT);
                        s.append(i > 0 ? ", " : "").append(c.s());
                        b = Math.max(b, c.b());
                    }
                    spend(2, 4);
                    return new E(s.append(')').toString(), b);
                }
                case B -> {
                    spend(1, 1);
                    return new E(r.nextBoolean() ? "true" : "false", 1);
                }
                default -> {
                    return leaf(t);
                }
            }
        }

        E floatExpr(T t, int d) {
            if (d <= 0 || tight()) {
                return leaf(t);
            }
            int w = r.nextInt(100);
            if (w < 12) {
                return leaf(t);
            }
            if (w < 40) {
                return arith(t, d);
            }
            if (w < 44) {
                E a = floatExpr(t, d - 1);
                spend(2, 1);
                return new E("(-" + a.s() + ")", a.b());
            }
            if (w < 68) {
                return builtin(t, d);
            }
            if (w < 74 && t != T.FLOAT) {
                return construct(t, d);
            }
            if (w < 74) {
                // float(x): the first component, or a conversion
                int k = r.nextInt(3);
                if (k == 0) {
                    E v = floatExpr(T.vec(2 + r.nextInt(3)), d - 1);
                    spend(1, 0);
                    return new E("float(" + v.s() + ")", v.b());
                }
                if (k == 1) {
                    E i = intExpr(T.INT, d - 1);
                    return new E("float(" + i.s() + ")", i.b());
                }
                E b = boolExpr(d - 1);
                return new E("float(" + b.s() + ")", 1);
            }
            if (w < 80) {
                // a swizzle of a computed vector
                int from = 2 + r.nextInt(3);
                E v = floatExpr(T.vec(from), d - 1);
                spend(1, 0);
                return new E("(" + v.s() + ")." + swizzle(from, t.n), v.b());
            }
            if (w < 84 && t != T.FLOAT) {
                // from an int vector
                E i = intExpr(T.ivec(t.n), d - 1);
                spend(2, 4);
                return new E(t.glsl + "(" + i.s() + ")", i.b());
            }
            if (w < 84 && (readable(T.VEC2).size() + readable(T.VEC3).size() + readable(T.VEC4).size()) > 0) {
                return indexed(d);
            }
            if (w < 89 && (t == T.VEC3 || t == T.VEC4)) {
                return matVec(t, d);
            }
            if (w < 95) {
                E c = callOf(t);
                if (c != null) {
                    return c;
                }
            }
            if (w < 98 && !csir) {
                return fullOnlyFloat(t, d);
            }
            return arith(t, d);
        }

        /** A component of a vector by index: a constant, or a loop index within range. */
        E indexed(int d) {
            int n = 2 + r.nextInt(3);
            List<V> vs = readable(T.vec(n));
            if (vs.isEmpty()) {
                return arith(T.FLOAT, d);
            }
            V v = vs.get(r.nextInt(vs.size()));
            for (V i : readable(T.INT)) {
                if (i.where == Where.LOOP && ((i.lo >= 0 && i.hi < v.t.n) || !csir) && r.nextBoolean()) {
                    spend(1, 0);
                    return new E(v.name + "[" + i.name + "]", v.bound);
                }
            }
            spend(2, 1);
            return new E(v.name + "[" + r.nextInt(v.t.n) + "]", v.bound);
        }

        /**
         * An int index the front end cannot fold (a constant one out of range is an error): a
         * variable, maybe offset, or a conversion of a float; now and then out of range.
         */
        String runtimeIndex() {
            List<V> vs = new ArrayList<>();
            for (V v : readable(T.INT)) {
                if (v.where != Where.CONST) {
                    vs.add(v);
                }
            }
            if (!vs.isEmpty() && r.nextInt(4) > 0) {
                String v = vs.get(r.nextInt(vs.size())).name;
                return r.nextBoolean() ? v : "(" + v + " + " + il(r.nextInt(5) - 2) + ")";
            }
            return "int(" + floatExpr(T.FLOAT, 1).s() + ")";
        }

        E matVec(T t, int d) {
            T m = t == T.VEC3 ? T.MAT3 : T.MAT4;
            E mat = matExpr(m, d - 1);
            E v = floatExpr(t, d - 1);
            double b = t.n * mat.b() * v.b();
            if (b > CAP) {
                v = clampTo(v, Math.max(1, CAP / (t.n * Math.max(1, mat.b()))));
                b = t.n * mat.b() * v.b();
                if (b > CAP) {
                    return arith(t, d - 1);
                }
            }
            spend(t.n + 1, 0);
            return r.nextBoolean() ? new E("(" + mat.s() + " * " + v.s() + ")", b)
                    : new E("(" + v.s() + " * " + mat.s() + ")", b);
        }

        E fullOnlyFloat(T t, int d) {
            switch (r.nextInt(6)) {
                case 0 -> {
                    // NaN and infinity makers
                    String s = pick("(0.0 / 0.0)", "(1.0 / 0.0)", "sqrt(-1.0)", "inversesqrt(0.0)",
                            "pow(-2.0, 0.5)", "exp(1000.0)", "(-1.0 / 0.0)");
                    return t == T.FLOAT ? new E(s, CAP) : new E(t.glsl + "(" + s + ")", CAP);
                }
                case 1 -> {
                    // an int expression converted implicitly
                    E i = intExpr(T.ivec(t.n), d - 1);
                    return new E("(" + i.s() + " * " + floatExpr(t, 0).s() + ")", CAP);
                }
                case 2 -> {
                    if (t == T.VEC3 || t == T.VEC4) {
                        // a matrix column, by a run-time index (out of range reads zero)
                        E m = matExpr(t == T.VEC3 ? T.MAT3 : T.MAT4, d - 1);
                        return new E("(" + m.s() + ")[" + runtimeIndex() + "]", m.b());
                    }
                    // a vector component by a run-time index
                    E v = floatExpr(T.VEC4, d - 1);
                    String c = "(" + v.s() + ")[" + runtimeIndex() + "]";
                    return new E(t == T.FLOAT ? c : t.glsl + "(" + c + ")", v.b());
                }
                case 3 -> {
                    if (samplerVar != null) {
                        E uv = floatExpr(T.VEC2, d - 1);
                        String s = "texture(" + expr(T.SAMPLER, 0).s() + ", " + uv.s() + ")";
                        return new E(t == T.VEC4 ? s : t == T.FLOAT ? s + ".x" : "(" + s + ")." + swizzle(4, t.n), 1);
                    }
                    return arith(t, d);
                }
                case 4 -> {
                    // a bool in arithmetic, converted as GLSL wants it (a bare bool operand is an error)
                    E b = boolExpr(d - 1);
                    return new E("(float(" + b.s() + ") * " + floatExpr(t, d - 1).s() + ")", CAP);
                }
                default -> {
                    // raw arguments where CSIR needs guarded ones
                    E a = floatExpr(t, d - 1);
                    E b = floatExpr(t, d - 1);
                    return switch (r.nextInt(6)) {
                        case 0 -> new E("(" + a.s() + " / " + b.s() + ")", CAP);
                        case 1 -> new E("sqrt(" + a.s() + ")", CAP);
                        case 2 -> new E("pow(" + a.s() + ", " + b.s() + ")", CAP);
                        case 3 -> new E("mod(" + a.s() + ", " + b.s() + ")", CAP);
                        case 4 -> t == T.FLOAT ? new E("inversesqrt(" + a.s() + ")", CAP)
                                : new E("normalize(" + a.s() + ")", CAP);
                        default -> new E("smoothstep(" + a.s() + ", " + b.s() + ", " + floatExpr(t, 0).s() + ")", CAP);
                    };
                }
            }
        }

        E arith(T t, int d) {
            // one side may be a scalar splat over the other's vector
            int op = r.nextInt(4);
            boolean lScalar = t != T.FLOAT && op != 3 && r.nextInt(4) == 0;
            boolean rScalar = t != T.FLOAT && !lScalar && r.nextInt(4) == 0;
            E a = floatExpr(lScalar ? T.FLOAT : t, d - 1);
            if (op == 3) {
                return divide(a, t, d);
            }
            E b = floatExpr(rScalar ? T.FLOAT : t, d - 1);
            spend(lScalar || rScalar ? 2 : 1, 0);
            if (op == 2 && a.b() * b.b() > CAP) {
                op = r.nextInt(2);
            }
            return switch (op) {
                case 0 -> new E("(" + a.s() + " + " + b.s() + ")", a.b() + b.b());
                case 1 -> new E("(" + a.s() + " - " + b.s() + ")", a.b() + b.b());
                default -> new E("(" + a.s() + " * " + b.s() + ")", a.b() * b.b());
            };
        }

        E divide(E a, T t, int d) {
            if (!csir && r.nextInt(3) == 0) {
                E b = floatExpr(r.nextBoolean() ? T.FLOAT : t, d - 1);
                return new E("(" + a.s() + " / " + b.s() + ")", CAP);
            }
            if (r.nextBoolean()) {
                double k = pick(2.0, 4.0, 0.5, -2.0, 8.0, 1.0, -0.25);
                if (a.b() / Math.abs(k) > CAP) {
                    k = 8;
                }
                spend(t == T.FLOAT ? 3 : 4, 1);
                return new E("(" + a.s() + " / " + fl(k) + ")", a.b() / Math.abs(k));
            }
            // (abs(e) + c): never zero, so CSIR's RCP(0) = 0 never shows
            T bt = r.nextBoolean() ? T.FLOAT : t;
            E b = floatExpr(bt, d - 1);
            double c = pick(0.5, 1.0, 2.0);
            spend(5 + (bt != T.FLOAT ? 1 : 0), 1);
            double bound = a.b() / c;
            if (bound > CAP) {
                return clampTo(new E("(" + a.s() + " / (abs(" + b.s() + ") + " + fl(c) + "))", bound), CAP);
            }
            return new E("(" + a.s() + " / (abs(" + b.s() + ") + " + fl(c) + "))", bound);
        }

        /** A bounded argument for a built-in whose value jumps or turns with it. */
        E bounded(T t, int d, double limit) {
            E e = floatExpr(t, d);
            return e.b() <= limit ? e : clampTo(e, limit);
        }

        E builtin(T t, int d) {
            int n = t.n;
            boolean vec = t != T.FLOAT;
            for (int attempt = 0; attempt < 4; attempt++) {
                switch (r.nextInt(29)) {
                    case 0 -> {
                        E a = floatExpr(t, d - 1);
                        spend(1, 0);
                        return new E("abs(" + a.s() + ")", a.b());
                    }
                    case 1 -> {
                        E a = floatExpr(t, d - 1);
                        spend(4 * n + 2, 1);
                        return new E("sign(" + a.s() + ")", 1);
                    }
                    case 2, 3 -> {
                        E a = bounded(t, d - 1, SENSITIVE);
                        spend(4 * n + 1, 0);
                        return new E((r.nextBoolean() ? "floor(" : "ceil(") + a.s() + ")", a.b() + 1);
                    }
                    case 4 -> {
                        E a = bounded(t, d - 1, SENSITIVE);
                        spend(4 * n + 2, 0);
                        return new E("fract(" + a.s() + ")", 1);
                    }
                    case 5 -> {
                        E a = bounded(t, d - 1, SENSITIVE);
                        spend(2 * n + 1, 0);
                        return new E("trunc(" + a.s() + ")", a.b());
                    }
                    case 6 -> {
                        E a = floatExpr(t, d - 1);
                        spend(2 * n + 3, 0);
                        return new E("sqrt(abs(" + a.s() + "))", Math.sqrt(a.b()));
                    }
                    case 7 -> {
                        E a = floatExpr(t, d - 1);
                        spend(2 * n + 5, 1);
                        return new E("inversesqrt(abs(" + a.s() + ") + 0.25)", 2);
                    }
                    case 8, 9 -> {
                        E a = bounded(t, d - 1, SENSITIVE);
                        spend(1, 0);
                        return new E((r.nextBoolean() ? "sin(" : "cos(") + a.s() + ")", 1);
                    }
                    case 10 -> {
                        E a = bounded(t, d - 1, 1.2);
                        spend(4, 0);
                        return new E("tan(" + a.s() + ")", Math.tan(Math.min(1.2, a.b())) + 0.01);
                    }
                    case 11 -> {
                        if (r.nextBoolean()) {
                            E a = floatExpr(t, d - 1);
                            spend(2, 1);
                            return new E("radians(" + a.s() + ")", a.b() * 0.0175);
                        }
                        E a = bounded(t, d - 1, 1);
                        spend(2, 1);
                        return new E("degrees(" + a.s() + ")", a.b() * 57.3);
                    }
                    case 12 -> {
                        E a = bounded(t, d - 1, 4);
                        boolean two = r.nextBoolean();
                        spend(2 * n + 2, 1);
                        return new E((two ? "exp2(" : "exp(") + a.s() + ")",
                                two ? Math.pow(2, a.b()) : Math.exp(a.b()));
                    }
                    case 13 -> {
                        E base = bounded(t, d - 1, 4);
                        E ex = bounded(t, d - 1, 2);
                        spend(3 * n + 4, 1);
                        return new E("pow(abs(" + base.s() + ") + 0.25, " + ex.s() + ")",
                                Math.max(Math.pow(base.b() + 0.25, ex.b()), Math.pow(4, ex.b())));
                    }
                    case 14 -> {
                        E a = bounded(t, d - 1, SENSITIVE);
                        double k = pick(1.0, 2.0, 0.5, 4.0, -2.0, 0.25);
                        String y = vec && r.nextInt(3) == 0 ? t.glsl + "(" + fl(k) + ")" : fl(k);
                        spend(4 * n + 7, 1);
                        return new E("mod(" + a.s() + ", " + y + ")", Math.abs(k));
                    }
                    case 15, 16 -> {
                        E a = floatExpr(t, d - 1);
                        E b = floatExpr(vec && r.nextInt(3) == 0 ? T.FLOAT : t, d - 1);
                        spend(2, 0);
                        return new E((r.nextBoolean() ? "min(" : "max(") + a.s() + ", " + b.s() + ")",
                                Math.max(a.b(), b.b()));
                    }
                    case 17 -> {
                        E edge = bounded(vec && r.nextBoolean() ? T.FLOAT : t, d - 1, SENSITIVE);
                        E x = bounded(t, d - 1, SENSITIVE);
                        spend(3 * n + 1, 0);
                        return new E("step(" + edge.s() + ", " + x.s() + ")", 1);
                    }
                    case 18 -> {
                        E x = floatExpr(t, d - 1);
                        if (r.nextBoolean()) {
                            double lo = (r.nextInt(9) - 6) / 2.0;
                            double hi = lo + (1 + r.nextInt(6)) / 2.0;
                            spend(4, 2);
                            return new E("clamp(" + x.s() + ", " + fl(lo) + ", " + fl(hi) + ")",
                                    Math.max(Math.abs(lo), Math.abs(hi)));
                        }
                        E lo = floatExpr(t, d - 1);
                        E hi = floatExpr(t, d - 1);
                        spend(2, 0);
                        return new E("clamp(" + x.s() + ", " + lo.s() + ", " + hi.s() + ")",
                                Math.max(lo.b(), hi.b()));
                    }
                    case 19 -> {
                        E x = floatExpr(t, d - 1);
                        E y = floatExpr(t, d - 1);
                        E a;
                        T at = vec && r.nextBoolean() ? T.FLOAT : t;
                        if (r.nextBoolean()) {
                            a = switch (r.nextInt(3)) {
                                case 0 -> new E(at == T.FLOAT ? fl(pick(0.0, 0.25, 0.5, 1.0, 0.75))
                                        : at.glsl + "(" + fl(pick(0.0, 0.5, 1.0)) + ")", 1);
                                case 1 -> new E("fract(" + bounded(at, d - 2, SENSITIVE).s() + ")", 1);
                                default -> new E("step(0.0, " + bounded(at, d - 2, SENSITIVE).s() + ")", 1);
                            };
                            spend(4 * n, 1);
                        } else {
                            a = floatExpr(at, d - 1);
                        }
                        double b = (x.b() + y.b()) * (1 + 2 * a.b());
                        if (b > CAP) {
                            a = new E("0.5", 0.5);
                            b = x.b() + y.b();
                        }
                        spend(6, 1);
                        return new E("mix(" + x.s() + ", " + y.s() + ", " + a.s() + ")", b);
                    }
                    case 20 -> {
                        double lo = (r.nextInt(9) - 4) / 2.0;
                        double hi = lo + (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(4)) / 2.0;
                        E x = bounded(t, d - 1, SENSITIVE);
                        spend(12, 4);
                        return new E("smoothstep(" + fl(lo) + ", " + fl(hi) + ", " + x.s() + ")", 1);
                    }
                    case 21, 22 -> {
                        if (vec) {
                            continue;
                        }
                        int m = 2 + r.nextInt(3);
                        E a = floatExpr(T.vec(m), d - 1);
                        E b = floatExpr(T.vec(m), d - 1);
                        if (m * a.b() * b.b() > CAP) {
                            continue;
                        }
                        spend(m == 2 ? 4 : 1, 0);
                        return new E("dot(" + a.s() + ", " + b.s() + ")", m * a.b() * b.b());
                    }
                    case 23 -> {
                        if (vec) {
                            continue;
                        }
                        int m = 1 + r.nextInt(4);
                        E a = floatExpr(T.vec(m), d - 1);
                        if (m > 1 && r.nextBoolean()) {
                            spend(m == 2 ? 6 : 3, 0);
                            return new E("length(" + a.s() + ")", 2 * a.b());
                        }
                        E b = floatExpr(T.vec(m), d - 1);
                        spend(m == 2 ? 7 : 4, 0);
                        return new E("distance(" + a.s() + ", " + b.s() + ")", 2 * (a.b() + b.b()));
                    }
                    case 24, 25 -> {
                        if (!vec) {
                            continue;
                        }
                        spend(n == 2 ? 7 : 4, 0);
                        List<V> outside = new ArrayList<>();
                        for (V v : readable(t)) {
                            if (v.fromOutside()) {
                                outside.add(v);
                            }
                        }
                        if (!outside.isEmpty() && r.nextBoolean()) {
                            return new E("normalize(" + outside.get(r.nextInt(outside.size())).name + ")", 1);
                        }
                        E a = floatExpr(t, d - 1);
                        spend(3, 1);
                        return new E("normalize(abs(" + a.s() + ") + " + fl(pick(0.25, 0.5, 1.0)) + ")", 1);
                    }
                    case 26 -> {
                        if (t != T.VEC3) {
                            continue;
                        }
                        E a = floatExpr(t, d - 1);
                        E b = floatExpr(t, d - 1);
                        if (2 * a.b() * b.b() > CAP) {
                            continue;
                        }
                        spend(17, 4);
                        return new E("cross(" + a.s() + ", " + b.s() + ")", 2 * a.b() * b.b());
                    }
                    case 27 -> {
                        if (!vec) {
                            continue;
                        }
                        E i = floatExpr(t, d - 1);
                        E nn = floatExpr(t, d - 1);
                        double b = i.b() + 2 * n * nn.b() * nn.b() * i.b();
                        if (b > CAP) {
                            continue;
                        }
                        spend(n == 2 ? 8 : 5, 1);
                        return new E("reflect(" + i.s() + ", " + nn.s() + ")", b);
                    }
                    default -> {
                        if (!csir) {
                            // an int argument, converted
                            E i = intExpr(T.ivec(n), d - 1);
                            return new E(pick("abs(", "sign(", "floor(", "sqrt(") + i.s() + ")", i.b());
                        }
                        E a = floatExpr(t, d - 1);
                        spend(1, 0);
                        return new E("abs(" + a.s() + ")", a.b());
                    }
                }
            }
            return arith(t, d);
        }

        E construct(T t, int d) {
            int n = t.n;
            switch (r.nextInt(4)) {
                case 0 -> {
                    // a splat
                    E s = floatExpr(T.FLOAT, d - 1);
                    spend(1, 0);
                    return new E(t.glsl + "(" + s.s() + ")", s.b());
                }
                case 1 -> {
                    if (n < 4) {
                        // the first components of a longer vector
                        E v = floatExpr(T.vec(n + 1 + r.nextInt(4 - n)), d - 1);
                        spend(1, 0);
                        return new E(t.glsl + "(" + v.s() + ")", v.b());
                    }
                }
                default -> {
                }
            }
            // parts that together fill it
            List<String> parts = new ArrayList<>();
            double b = 0;
            int left = n;
            while (left > 0) {
                int k = 1 + r.nextInt(left);
                if (k == n) {
                    k = n - 1;
                }
                E p = floatExpr(T.vec(k), d - 1);
                parts.add(p.s());
                b = Math.max(b, p.b());
                left -= k;
            }
            spend(2, 4);
            return new E(t.glsl + "(" + String.join(", ", parts) + ")", b);
        }

        // ---- ints, bools, matrices -------------------------------------------------------------

        E intExpr(T t, int d) {
            if (d <= 0 || tight()) {
                return leaf(t);
            }
            int w = r.nextInt(100);
            if (w < 25) {
                return leaf(t);
            }
            if (w < 55) {
                E a = intExpr(t, d - 1);
                E b = intExpr(r.nextInt(4) == 0 ? T.INT : t, d - 1);
                spend(t == T.INT ? 1 : 2, 0);
                int op = r.nextInt(3);
                if (op == 2 && a.b() * b.b() > INT_CAP) {
                    op = 0;
                }
                if (a.b() + b.b() > INT_CAP) {
                    return leaf(t);
                }
                return switch (op) {
                    case 0 -> new E("(" + a.s() + " + " + b.s() + ")", a.b() + b.b());
                    case 1 -> new E("(" + a.s() + " - " + b.s() + ")", a.b() + b.b());
                    default -> new E("(" + a.s() + " * " + b.s() + ")", a.b() * b.b());
                };
            }
            if (w < 62) {
                E a = intExpr(t, d - 1);
                spend(2, 1);
                return new E("(-" + a.s() + ")", a.b());
            }
            if (w < 70 && t == T.INT) {
                // % of constants: literals and loop indexes (CSIR folds them)
                List<V> loopVars = new ArrayList<>();
                for (V v : readable(T.INT)) {
                    if (v.where == Where.LOOP) {
                        loopVars.add(v);
                    }
                }
                String a = !loopVars.isEmpty() && r.nextBoolean() ? loopVars.get(r.nextInt(loopVars.size())).name
                        : il(r.nextInt(21) - 7);
                int k = (1 + r.nextInt(5)) * (r.nextInt(4) == 0 ? -1 : 1);
                spend(1, 1);
                return new E("(" + a + " % " + il(k) + ")", Math.abs(k));
            }
            if (w < 78 && t == T.INT) {
                // int(x) truncates a float
                E f = floatExpr(T.FLOAT, d - 1);
                spend(1, 0);
                return new E("int(" + f.s() + ")", f.b());
            }
            if (w < 82 && t == T.INT) {
                E b = boolExpr(d - 1);
                return new E("int(" + b.s() + ")", 1);
            }
            if (w < 86 && t != T.INT) {
                if (r.nextBoolean()) {
                    E s = intExpr(T.INT, d - 1);
                    spend(1, 0);
                    return new E(t.glsl + "(" + s.s() + ")", s.b());
                }
                List<String> parts = new ArrayList<>();
                double b = 0;
                for (int i = 0; i < t.n; i++) {
                    E p = intExpr(T.INT, d - 1);
                    parts.add(p.s());
                    b = Math.max(b, p.b());
                }
                spend(2, 4);
                return new E(t.glsl + "(" + String.join(", ", parts) + ")", b);
            }
            if (w < 90 && t == T.INT) {
                List<V> vs = readable(T.IVEC2);
                vs.addAll(readable(T.IVEC3));
                if (!vs.isEmpty()) {
                    V v = vs.get(r.nextInt(vs.size()));
                    spend(1, 0);
                    return new E(v.name + "." + swizzle(v.t.n, 1), v.bound);
                }
            }
            if (w < 94) {
                E c = callOf(t);
                if (c != null) {
                    return c;
                }
            }
            if (!csir) {
                E a = intExpr(t, d - 1);
                E b = intExpr(t, d - 1);
                return switch (r.nextInt(4)) {
                    case 0 -> new E("(" + a.s() + " / " + b.s() + ")", a.b());
                    case 1 -> new E("(" + a.s() + " % " + b.s() + ")", a.b());
                    case 2 -> new E(t.glsl + "(" + floatExpr(T.vec(t.n), d - 1).s() + ")", INT_CAP);
                    default -> t == T.INT ? new E("int(" + floatExpr(T.vec(4), d - 1).s() + ")", INT_CAP)
                            : new E(t.glsl + "(" + boolExpr(d - 1).s() + ")", 1);
                };
            }
            return leaf(t);
        }

        E boolExpr(int d) {
            if (d <= 0 || tight()) {
                return r.nextBoolean() ? leaf(T.BOOL) : comparison(0);
            }
            int w = r.nextInt(100);
            if (w < 10) {
                return leaf(T.BOOL);
            }
            if (w < 55) {
                return comparison(d);
            }
            if (w < 75) {
                // CSIR evaluates both operands (MUL, MAX), the language the right one only when it
                // decides: no call that may discard (or write) goes in either
                logical++;
                E a = boolExpr(d - 1);
                E b = boolExpr(d - 1);
                logical--;
                spend(1, 0);
                return new E("(" + a.s() + (r.nextBoolean() ? " && " : " || ") + b.s() + ")", 1);
            }
            if (w < 85) {
                E a = boolExpr(d - 1);
                spend(2, 1);
                return new E("(!" + a.s() + ")", 1);
            }
            if (w < 92) {
                E c = callOf(T.BOOL);
                if (c != null) {
                    return c;
                }
            }
            if (!csir) {
                return switch (r.nextInt(4)) {
                    case 0 -> new E("bool(" + floatExpr(T.FLOAT, d - 1).s() + ")", 1);
                    case 1 -> new E("(!" + intExpr(T.INT, d - 1).s() + ")", 1);
                    case 2 -> new E("(" + floatExpr(T.FLOAT, d - 1).s() + " && " + intExpr(T.INT, d - 1).s() + ")",
                            1);
                    default -> {
                        // a call with side effects on the right of &&: runs only when the left holds
                        for (F f : functions) {
                            if (f.ret == T.BOOL && f.effects) {
                                String c = call(f);
                                if (c != null) {
                                    yield new E("(" + boolExpr(d - 1).s() + " && " + c + ")", 1);
                                }
                            }
                        }
                        yield comparison(d);
                    }
                };
            }
            return comparison(d);
        }

        E comparison(int d) {
            String op = pick("<", "<=", ">", ">=", "==", "!=");
            int k = r.nextInt(10);
            E a;
            E b;
            if (k < 6) {
                a = floatExpr(T.FLOAT, d - 1);
                b = r.nextInt(4) == 0 ? a : floatExpr(T.FLOAT, d - 1); // equal operands now and then
            } else if (k < 9) {
                a = intExpr(T.INT, d - 1);
                b = intExpr(T.INT, d - 1);
            } else {
                a = boolExpr(d - 1);
                b = boolExpr(d - 1);
                op = pick("==", "!=");
            }
            if (!csir && k < 6 && r.nextInt(6) == 0) {
                b = intExpr(T.INT, d - 1); // a float meets an int as a float (a bool meets neither)
            }
            spend(1, 0);
            return new E("(" + a.s() + " " + op + " " + b.s() + ")", 1);
        }

        E matExpr(T t, int d) {
            if (d <= 0 || tight()) {
                return leaf(t);
            }
            int n = t.n;
            int w = r.nextInt(100);
            if (w < 30) {
                return leaf(t);
            }
            if (w < 45) {
                // a diagonal: a literal in CSIR, anything in the language
                E k = csir || r.nextBoolean() ? literal(T.FLOAT) : floatExpr(T.FLOAT, d - 1);
                spend(n, 4 * n);
                return new E(t.glsl + "(" + k.s() + ")", k.b());
            }
            if (w < 55) {
                List<String> cols = new ArrayList<>();
                double b = 0;
                for (int i = 0; i < n; i++) {
                    E c = floatExpr(T.vec(n), d - 1);
                    cols.add(c.s());
                    b = Math.max(b, c.b());
                }
                spend(n, 0);
                return new E(t.glsl + "(" + String.join(", ", cols) + ")", b);
            }
            if (w < 70) {
                E a = matExpr(t, d - 1);
                E b = matExpr(t, d - 1);
                if (n * a.b() * b.b() <= CAP && r.nextBoolean()) {
                    spend(n, 0);
                    return new E("(" + a.s() + " * " + b.s() + ")", n * a.b() * b.b());
                }
                spend(n, 0);
                return new E("(" + a.s() + (r.nextBoolean() ? " + " : " - ") + b.s() + ")", a.b() + b.b());
            }
            if (w < 82) {
                E a = matExpr(t, d - 1);
                E s = floatExpr(T.FLOAT, d - 1);
                if (a.b() * s.b() > CAP) {
                    return a;
                }
                spend(n + 1, 0);
                return r.nextBoolean() ? new E("(" + a.s() + " * " + s.s() + ")", a.b() * s.b())
                        : new E("(" + s.s() + " * " + a.s() + ")", a.b() * s.b());
            }
            if (w < 88) {
                E a = matExpr(t, d - 1);
                spend(n + 2, 1);
                return new E("(" + a.s() + " / " + fl(pick(2.0, 4.0, 0.5)) + ")", a.b() * 2);
            }
            if (w < 94) {
                E a = matExpr(t, d - 1);
                spend(n + 2, 1);
                return new E("(-" + a.s() + ")", a.b());
            }
            E c = callOf(t);
            return c != null ? c : leaf(t);
        }

        // ---- calls ---------------------------------------------------------------------------

        /** A call of a helper returning {@code t}, or null when there is none. */
        E callOf(T t) {
            List<F> fs = new ArrayList<>();
            for (F f : functions) {
                if (f.ret == t) {
                    fs.add(f);
                }
            }
            if (fs.isEmpty()) {
                return null;
            }
            F f = fs.get(r.nextInt(fs.size()));
            String c = call(f);
            return c == null ? null : new E(c, f.retBound);
        }

        /** A call of {@code f} with arguments in its parameters' bounds, or null past the budget. */
        String call(F f) {
            if (csir && (temps + f.temps * mult > tempBudget * 0.8 || imms + f.imms * mult > immBudget * 0.8)) {
                return null;
            }
            if (f.effects && csir && logical > 0) {
                return null;
            }
            if (current != null && f.effects) {
                current.effects = true;
            }
            List<String> args = new ArrayList<>();
            for (V p : f.params) {
                E a = p.t == T.SAMPLER ? new E(samplerVar.name, 1) : expr(p.t, 1);
                if (a.b() > p.bound) {
                    a = p.t.isFloat() ? clampTo(a, p.bound) : leaf(p.t);
                    if (a.b() > p.bound) {
                        a = literal(p.t);
                    }
                }
                args.add(a.s());
                spend(p.t.temps(), 0);
            }
            spend(f.temps, f.imms);
            return f.name + "(" + String.join(", ", args) + ")";
        }

        // ---- literals ------------------------------------------------------------------------

        static String fl(double v) {
            String s;
            if (v == Math.rint(v)) {
                s = (long) Math.abs(v) + ".0";
            } else {
                s = java.math.BigDecimal.valueOf(Math.abs(v)).toPlainString();
            }
            return v < 0 ? "(-" + s + ")" : s;
        }

        static String il(int v) {
            return v < 0 ? "(-" + (-(long) v) + ")" : Integer.toString(v);
        }
    }
}
