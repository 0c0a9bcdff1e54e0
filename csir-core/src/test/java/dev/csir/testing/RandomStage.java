package dev.csir.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Writes one stage of a {@link RandomPrograms} pair from the pair's random stream: the
 * declarations, the helper functions and main; {@link RandomExpressions} writes the expressions.
 * Every expression carries a bound on its magnitude ({@link E}); a variable keeps the bound it
 * was declared with, and what is assigned to it is clamped to that bound when it could pass it.
 */
final class RandomStage {
    /** Bound of locals and of the values expressions are clamped to. */
    static final double CAP = 8;
    /** Bound of the varyings (the vertex shader clamps what it writes to it). */
    static final double VARYING_CAP = 4;
    /** Bound of helper parameters (arguments are clamped to it). */
    static final double PARAM_CAP = 4;
    /** Bound of int locals. */
    static final int INT_CAP = 16;

    /** The value types the pairs use. */
    enum Ty {
        FLOAT("float", 1), VEC2("vec2", 2), VEC3("vec3", 3), VEC4("vec4", 4), INT("int", 1), BOOL("bool", 1),
        MAT3("mat3", 3), MAT4("mat4", 4);

        final String glsl;
        final int n;

        Ty(String glsl, int n) {
            this.glsl = glsl;
            this.n = n;
        }

        /** float or a float vector. */
        boolean isFloat() {
            return ordinal() <= VEC4.ordinal();
        }

        boolean isMatrix() {
            return this == MAT3 || this == MAT4;
        }

        static Ty vec(int n) {
            return values()[n - 1];
        }
    }

    /** Where a variable comes from, for who may write it. */
    enum Kind { INPUT, UNIFORM, LOCAL, PARAM, LOOP }

    /** A variable in scope; {@code bound} bounds its magnitude (a matrix's: its entries'). */
    record Var(String name, Ty ty, double bound, Kind kind) {
    }

    /** An expression's text and a bound on its magnitude. */
    record E(String s, double b) {
    }

    /** A helper function, defined before the code that calls it. */
    static final class Fn {
        final String name;
        final Ty ret;
        final List<Var> params = new ArrayList<>();

        Fn(String name, Ty ret) {
            this.name = name;
            this.ret = ret;
        }
    }

    final Random r;
    final boolean fragment;
    private final List<Var> varyings;
    private final List<Var> uniforms;
    private final int budget;
    final List<Var> globals = new ArrayList<>();
    final List<List<Var>> scopes = new ArrayList<>();
    final List<Fn> functions = new ArrayList<>();
    private final RandomExpressions x;
    private final StringBuilder head = new StringBuilder();
    private StringBuilder body = new StringBuilder();
    /** The text length at which expressions turn to leaves and statements stop. */
    private int limit;
    private int indent;
    private int depth;
    private int loops;
    private int names;

    RandomStage(Random r, boolean fragment, List<Var> varyings, List<Var> uniforms, int budget) {
        this.r = r;
        this.fragment = fragment;
        this.varyings = varyings;
        this.uniforms = uniforms;
        this.budget = budget;
        this.x = new RandomExpressions(this);
    }

    String write() {
        declareInterface();
        int helpers = r.nextInt(3);
        for (int i = 0; i < helpers; i++) {
            head.append('\n').append(function());
        }
        head.append('\n').append(main());
        return head.toString();
    }

    // ---- declarations ------------------------------------------------------------------------

    private void declareInterface() {
        head.append("#version 330 core\n");
        if (!fragment) {
            head.append("layout(location = 0) in vec3 position;\n");
            head.append("layout(location = 1) in vec3 normal;\n");
            head.append("layout(location = 2) in vec2 uv;\n");
            head.append("uniform mat4 model;\nuniform mat4 view;\nuniform mat4 projection;\n");
            globals.add(new Var("position", Ty.VEC3, 1, Kind.INPUT));
            globals.add(new Var("normal", Ty.VEC3, 1, Kind.INPUT));
            globals.add(new Var("uv", Ty.VEC2, 1, Kind.INPUT));
            globals.add(new Var("model", Ty.MAT4, 1, Kind.UNIFORM));
        } else {
            head.append("uniform sampler2D tex;\n");
        }
        head.append("uniform float time;\n");
        globals.add(new Var("time", Ty.FLOAT, 2 * Math.PI, Kind.UNIFORM));
        for (Var u : uniforms) {
            head.append("uniform ").append(u.ty().glsl).append(' ').append(u.name()).append(";\n");
            globals.add(u);
        }
        for (Var v : varyings) {
            head.append(fragment ? "in " : "out ").append(v.ty().glsl).append(' ').append(v.name()).append(";\n");
            if (fragment) {
                globals.add(v);
            }
        }
        if (fragment) {
            head.append("out vec4 fragColor;\n");
        }
    }

    // ---- helpers and main --------------------------------------------------------------------

    private String function() {
        Fn f = new Fn(fresh("f"), pick(Ty.FLOAT, Ty.FLOAT, Ty.VEC2, Ty.VEC3, Ty.VEC4));
        StringBuilder sig = new StringBuilder(f.ret.glsl + " " + f.name + "(");
        scopes.add(new ArrayList<>());
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
            Ty t = pick(Ty.FLOAT, Ty.FLOAT, Ty.VEC2, Ty.VEC3, Ty.VEC3, Ty.VEC4, Ty.INT);
            Var p = new Var(fresh("p"), t, t == Ty.INT ? 8 : PARAM_CAP, Kind.PARAM);
            f.params.add(p);
            scopes.getLast().add(p);
            sig.append(i > 0 ? ", " : "").append(t.glsl).append(' ').append(p.name());
        }
        body = new StringBuilder();
        limit = head.length() + budget / 5;
        indent = 1;
        statements(r.nextInt(4));
        // the result depends on the parameters and the locals, as a helper's does
        E v = x.expr(f.ret, 2);
        v = x.fit(withSink(v, f.ret, some(scopes.getLast(), 2)), CAP);
        line("return " + v.s() + ";");
        scopes.removeLast();
        functions.add(f); // only now: a helper calls the ones before it, never itself
        return sig + ") {\n" + body + "}\n";
    }

    private String main() {
        body = new StringBuilder();
        limit = budget;
        indent = 1;
        scopes.add(new ArrayList<>());
        if (fragment) {
            // the one sample every fragment shader takes, at coordinates the varyings carry
            declareAs(Ty.VEC4, x.texture(Ty.VEC4), 1);
        }
        Var sample = fragment ? scopes.getLast().getFirst() : null;
        statements(2 + r.nextInt(6));
        for (Fn f : functions) {
            // (a call made while writing an expression that was then dropped does not count)
            if (!Pattern.compile("\\b" + f.name + "\\(").matcher(body).find()) {
                declareAs(f.ret, new E(x.call(f, 2), CAP), CAP);
            }
        }
        List<Var> sources = new ArrayList<>();
        for (Var v : scopes.getLast()) {
            if (v == sample || r.nextInt(3) > 0) {
                sources.add(v); // the sample always: the texture shows in the picture
            }
        }
        String text = head + body.toString();
        for (Var u : uniforms) {
            if (!Pattern.compile("\\b" + u.name() + "\\b").matcher(text).find()) {
                sources.add(u); // each uniform reaches an output
            }
        }
        if (fragment) {
            sources.addAll(varyings);
            writeColour(sources);
        } else {
            writeVaryings(sources);
        }
        scopes.removeLast();
        return "void main() {\n" + body + "}\n";
    }

    private void writeVaryings(List<Var> sources) {
        for (int i = 0; i < varyings.size(); i++) {
            Var v = varyings.get(i);
            List<Var> mine = new ArrayList<>();
            for (Var s : sources) {
                if (s.kind() == Kind.UNIFORM || r.nextBoolean()) {
                    mine.add(s);
                }
            }
            E e = x.fit(mean(x.expr(v.ty(), 2), v.ty(), mine), VARYING_CAP);
            if (i == 0 && v.ty().n >= 2 && r.nextInt(5) < 3) {
                // texture coordinates, a little disturbed: what the fragment shader mostly samples at
                String base = switch (v.ty()) {
                    case VEC2 -> "uv";
                    case VEC3 -> "vec3(uv, 0.5)";
                    default -> "vec4(uv, 0.5, 1.0)";
                };
                double k = one(0.05, 0.1, 0.2);
                e = new E("(" + base + " + " + e.s() + " * " + fl(k) + ")", 1 + e.b() * k);
            }
            line(v.name() + " = " + e.s() + ";");
        }
        line("gl_Position = projection * view * model * vec4(position, 1.0) + " + wobble() + ";");
    }

    /**
     * A small offset of the clip position from time, the uniforms and the position only: a vertex
     * shared by two triangles moves the same way in both, so meshes stay closed.
     */
    private String wobble() {
        List<String> terms = new ArrayList<>();
        terms.add("vec4(" + fl(one(0.01, 0.02)) + " * sin(time), 0.0, 0.0, 0.0)");
        if (r.nextBoolean()) {
            terms.add("vec4(0.0, " + fl(one(0.01, 0.015)) + " * cos(time + position.x * " + fl(one(1.0, 2.0, 3.0))
                    + "), 0.0, 0.0)");
        }
        for (Var u : uniforms) {
            if (r.nextInt(3) == 0) {
                String v = switch (u.ty()) {
                    case VEC3 -> u.name();
                    case VEC4 -> u.name() + ".xyz";
                    default -> "vec3(" + u.name() + ")";
                };
                terms.add("vec4(0.01 * clamp(" + v + ", -1.0, 1.0), 0.0)");
                break;
            }
        }
        return terms.size() == 1 ? terms.getFirst() : "(" + String.join(" + ", terms) + ")";
    }

    private void writeColour(List<Var> sources) {
        E c = x.fit(mean(x.expr(Ty.VEC3, 2), Ty.VEC3, sources), CAP);
        String name = declareAs(Ty.VEC3, c, CAP);
        // a map into [0, 1] that shows the picture's detail whatever the mean's offset (a linear
        // one saturates where the offset is large); clamp bounds what an 8-bit pixel holds
        String mapped = r.nextInt(4) > 0
                ? "0.5 + 0.5 * " + pick("sin(", "cos(") + name + " * " + fl(one(3.0, 5.0, 8.0)) + ")"
                : name + " * 0.5 + 0.5";
        line("fragColor = vec4(clamp(" + mapped + ", 0.0, 1.0), 1.0);");
    }

    // ---- statements --------------------------------------------------------------------------

    boolean tight() {
        return head.length() + body.length() > limit;
    }

    void line(String s) {
        body.append("  ".repeat(indent)).append(s).append('\n');
    }

    String fresh(String prefix) {
        return prefix + names++;
    }

    private void statements(int n) {
        for (int i = 0; i < n && !tight(); i++) {
            statement();
        }
    }

    private void statement() {
        int w = r.nextInt(100);
        if (w < 28) {
            declare(pick(Ty.FLOAT, Ty.FLOAT, Ty.VEC2, Ty.VEC3, Ty.VEC3, Ty.VEC4));
        } else if (w < 50) {
            assign();
        } else if (w < 66 && depth < 2) {
            ifElse();
        } else if (w < 80 && depth < 2 && loops < 3) {
            loop();
        } else if (w < 92) {
            declare(pick(Ty.INT, Ty.BOOL, Ty.MAT3, Ty.MAT4));
        } else {
            assign();
        }
    }

    private void declare(Ty t) {
        switch (t) {
            case INT -> declareAs(t, x.intExpr(2), INT_CAP);
            case BOOL -> declareAs(t, x.cond(2), 1);
            case MAT3, MAT4 -> {
                E m = x.matrix(t);
                declareAs(t, m, m.b());
            }
            default -> {
                E init = x.fit(x.expr(t, 3), CAP);
                declareAs(t, init, Math.max(1, init.b()));
            }
        }
    }

    /** Declares a local of the given value and bound; returns its name. */
    private String declareAs(Ty t, E init, double bound) {
        String name = fresh("l");
        line(t.glsl + " " + name + " = " + init.s() + ";");
        scopes.getLast().add(new Var(name, t, bound, Kind.LOCAL));
        return name;
    }

    /** The locals in scope that may be assigned (not matrices); with {@code outerOnly}, not the innermost scope's. */
    List<Var> targets(boolean outerOnly) {
        List<Var> out = new ArrayList<>();
        for (int i = 0; i < scopes.size() - (outerOnly ? 1 : 0); i++) {
            for (Var v : scopes.get(i)) {
                if (v.kind() == Kind.LOCAL && !v.ty().isMatrix()) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    private void assign() {
        List<Var> ts = targets(false);
        if (ts.isEmpty()) {
            declare(pick(Ty.FLOAT, Ty.VEC3, Ty.VEC4));
            return;
        }
        assignTo(ts.get(r.nextInt(ts.size())));
    }

    private void assignTo(Var v) {
        String n = v.name();
        switch (v.ty()) {
            case INT -> {
                E e = r.nextBoolean() ? new E("(" + n + " + " + (1 + r.nextInt(3)) + ")", INT_CAP) : x.intExpr(2);
                line(n + " = " + e.s() + ";");
            }
            case BOOL -> line(n + " = " + (r.nextBoolean() ? x.cond(2).s()
                    : "(" + n + (r.nextBoolean() ? " && " : " || ") + x.cond(1).s() + ")") + ";");
            default -> {
                E e = x.expr(v.ty(), 2);
                E value = switch (r.nextInt(3)) {
                    case 0 -> e;
                    case 1 -> {
                        double k = one(0.25, 0.5, -0.5, 0.75);
                        yield new E("(" + n + " + " + e.s() + " * " + fl(k) + ")", v.bound() + e.b() * Math.abs(k));
                    }
                    default -> new E("mix(" + n + ", " + x.fit(e, v.bound()).s() + ", " + fl(one(0.25, 0.3, 0.6)) + ")",
                            v.bound());
                };
                line(n + " = " + x.fit(value, v.bound()).s() + ";");
            }
        }
    }

    private void ifElse() {
        line("if (" + x.cond(2).s() + ") {");
        block(1 + r.nextInt(2));
        int w = r.nextInt(6);
        if (w < 3) {
            line("} else {");
            block(1 + r.nextInt(2));
        } else if (w < 4) {
            line("} else if (" + x.cond(1).s() + ") {");
            block(1);
        }
        line("}");
    }

    /** The statements of a nested block, ending with what they computed reaching an outer local. */
    private void block(int n) {
        indent++;
        depth++;
        scopes.add(new ArrayList<>());
        statements(n);
        flowOut();
        scopes.removeLast();
        depth--;
        indent--;
    }

    /**
     * Makes the block's float locals reach a local of an enclosing scope ({@code t = t + the
     * locals}), or, with none, assigns one: a branch or a loop body is never without effect.
     */
    private void flowOut() {
        List<Var> outer = targets(true);
        if (outer.isEmpty()) {
            return;
        }
        List<Var> locals = new ArrayList<>();
        for (Var v : scopes.getLast()) {
            if (v.kind() == Kind.LOCAL) {
                locals.add(v);
            }
        }
        List<Var> floats = new ArrayList<>();
        for (Var v : outer) {
            if (v.ty().isFloat()) {
                floats.add(v);
            }
        }
        if (locals.isEmpty() || floats.isEmpty()) {
            assignTo(outer.get(r.nextInt(outer.size())));
            return;
        }
        Var t = floats.get(r.nextInt(floats.size()));
        line(t.name() + " = " + x.fit(withSink(new E(t.name(), t.bound()), t.ty(), locals), t.bound()).s() + ";");
    }

    private void loop() {
        loops++;
        int trips = 1 + r.nextInt(8);
        // what the loop computes: an outer float local, or a fresh accumulator
        List<Var> outer = new ArrayList<>();
        for (Var v : targets(false)) {
            if (v.ty().isFloat()) {
                outer.add(v);
            }
        }
        Var acc;
        if (!outer.isEmpty() && r.nextBoolean()) {
            acc = outer.get(r.nextInt(outer.size()));
        } else {
            Ty t = pick(Ty.FLOAT, Ty.FLOAT, Ty.VEC2, Ty.VEC3, Ty.VEC4);
            declareAs(t, new E(t == Ty.FLOAT ? "0.0" : t.glsl + "(0.0)", 0), CAP);
            acc = scopes.getLast().getLast();
        }
        String i = fresh("i");
        line("for (int " + i + " = 0; " + i + " < " + trips + "; " + i + "++) {");
        indent++;
        depth++;
        scopes.add(new ArrayList<>(List.of(new Var(i, Ty.INT, trips, Kind.LOOP))));
        int stmts = r.nextInt(3);
        int jump = r.nextInt(20); // 0 to 2: break; 3 to 5: continue
        int at = r.nextInt(stmts + 2);
        for (int s = 0; s <= stmts; s++) {
            if (jump < 6 && at == s) {
                jump(i, trips, jump < 3 ? "break" : "continue");
            }
            if (s < stmts && !tight()) {
                statement();
            }
        }
        // the accumulation, often weighted by the trip
        E e = x.expr(acc.ty(), 2);
        if (r.nextBoolean()) {
            e = new E("(" + e.s() + " * float(" + i + "))", e.b() * trips);
        }
        double k = one(0.1, 0.2, 0.25);
        double decay = one(0.5, 0.8, 1.0);
        E next = new E("(" + acc.name() + " * " + fl(decay) + " + " + e.s() + " * " + fl(k) + ")",
                acc.bound() * decay + e.b() * k);
        line(acc.name() + " = " + x.fit(next, acc.bound()).s() + ";");
        if (jump < 6 && at == stmts + 1) {
            jump(i, trips, jump < 3 ? "break" : "continue");
        }
        flowOut();
        scopes.removeLast();
        depth--;
        indent--;
        line("}");
    }

    /** {@code if (cond) { break; }}: a condition on the index, or on the values. */
    private void jump(String i, int trips, String what) {
        String c = r.nextBoolean() ? "(" + i + " " + pick("==", ">", ">=") + " " + r.nextInt(trips) + ")"
                : x.cond(1).s();
        line("if (" + c + ") {");
        line("  " + what + ";");
        line("}");
    }

    // ---- sinks -------------------------------------------------------------------------------

    /** About a {@code 1/keep} share of {@code vars}, at least none. */
    private List<Var> some(List<Var> vars, int keep) {
        List<Var> out = new ArrayList<>();
        for (Var v : vars) {
            if (r.nextInt(keep) == 0) {
                out.add(v);
            }
        }
        return out;
    }

    /** The mean of {@code e} and the sources (as e's type): an output that they all reach, of their size. */
    private E mean(E e, Ty t, List<Var> sources) {
        if (sources.isEmpty()) {
            return e;
        }
        E sum = withSink(e, t, sources);
        double k = 1.0 / (sources.size() + 1);
        return new E("(" + sum.s() + " * " + fl(k) + ")", sum.b() * k + 0.001);
    }

    /** {@code e + (sources as e's type)}: what the sources hold reaches the value. */
    private E withSink(E e, Ty t, List<Var> sources) {
        if (sources.isEmpty()) {
            return e;
        }
        StringBuilder s = new StringBuilder("(").append(e.s());
        double b = e.b();
        for (Var v : sources) {
            E term = x.asType(v, t);
            s.append(" + ").append(term.s());
            b += term.b();
        }
        return new E(s.append(')').toString(), b);
    }

    // ---- random choices ----------------------------------------------------------------------

    @SafeVarargs
    final <T> T pick(T... options) {
        return options[r.nextInt(options.length)];
    }

    double one(double... options) {
        return options[r.nextInt(options.length)];
    }

    @SafeVarargs
    static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }

    /** A float literal of at most five decimals; a negative one in parentheses. */
    static String fl(double v) {
        String s = String.format(Locale.ROOT, "%.5f", Math.abs(v)).replaceAll("0+$", "");
        s = s.endsWith(".") ? s + "0" : s;
        return v < 0 && !s.equals("0.0") ? "(-" + s + ")" : s;
    }
}
