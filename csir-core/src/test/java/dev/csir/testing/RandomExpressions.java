package dev.csir.testing;

import static dev.csir.testing.RandomStage.CAP;
import static dev.csir.testing.RandomStage.INT_CAP;
import static dev.csir.testing.RandomStage.fl;

import dev.csir.testing.RandomStage.E;
import dev.csir.testing.RandomStage.Fn;
import dev.csir.testing.RandomStage.Kind;
import dev.csir.testing.RandomStage.Ty;
import dev.csir.testing.RandomStage.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The expressions of a {@link RandomStage}: float and vector values over the variables in scope,
 * int and bool values, matrices, conditions, samples and calls, each with a bound on its
 * magnitude. The rules that keep two devices' floats close are here: see {@link RandomPrograms}.
 */
final class RandomExpressions {
    /** The largest argument of sin and cos (their approximations agree closely below it). */
    private static final double TRIG_CAP = 16;
    /** The largest base of pow before it is clamped. */
    private static final double POW_BASE_CAP = 3;

    private final RandomStage st;
    private final Random r;

    RandomExpressions(RandomStage st) {
        this.st = st;
        this.r = st.r;
    }

    /** {@code e} clamped to [-bound, bound] when its bound could pass that. */
    E fit(E e, double bound) {
        if (e.b() <= bound) {
            return e;
        }
        return new E("clamp(" + e.s() + ", " + fl(-bound) + ", " + fl(bound) + ")", bound);
    }

    /** The variables in scope, innermost last. */
    private List<Var> visible() {
        List<Var> out = new ArrayList<>(st.globals);
        for (List<Var> s : st.scopes) {
            out.addAll(s);
        }
        return out;
    }

    // ---- float and vector values -------------------------------------------------------------

    /** A value of float type {@code t} (float or vecN) of at most {@code d} levels. */
    E expr(Ty t, int d) {
        if (d <= 0 || st.tight()) {
            return leaf(t);
        }
        for (int tries = 0; tries < 8; tries++) {
            E e = attempt(t, d, r.nextInt(100));
            if (e != null) {
                return e.b() > CAP ? fit(e, CAP) : e;
            }
        }
        return leaf(t);
    }

    /** One kind of expression by {@code w}, or null when it does not apply to {@code t} here. */
    private E attempt(Ty t, int d, int w) {
        boolean vec = t != Ty.FLOAT;
        if (w < 14) {
            return leaf(t);
        }
        if (w < 28) {
            E a = expr(t, d - 1);
            E b = expr(other(t), d - 1);
            return new E("(" + a.s() + (r.nextBoolean() ? " + " : " - ") + b.s() + ")", a.b() + b.b());
        }
        if (w < 38) {
            E a = expr(t, d - 1);
            E b = expr(other(t), d - 1);
            if (a.b() * b.b() > CAP) {
                b = literal(Ty.FLOAT, 1);
            }
            return r.nextBoolean() ? new E("(" + a.s() + " * " + b.s() + ")", a.b() * b.b())
                    : new E("(" + b.s() + " * " + a.s() + ")", a.b() * b.b());
        }
        if (w < 42) {
            // a divisor that stays away from zero
            E a = expr(t, d - 1);
            E s = expr(Ty.FLOAT, d - 1);
            double c = st.one(0.5, 1.0, 2.0);
            return new E("(" + a.s() + " / (abs(" + s.s() + ") + " + fl(c) + "))", a.b() / c);
        }
        if (w < 50) {
            E a = fit(expr(t, d - 1), TRIG_CAP);
            return new E((r.nextBoolean() ? "sin(" : "cos(") + a.s() + ")", 1);
        }
        if (w < 54) {
            E a = expr(t, d - 1);
            return new E("abs(" + a.s() + ")", a.b());
        }
        if (w < 59) {
            E a = expr(t, d - 1);
            E b = expr(other(t), d - 1);
            return new E((r.nextBoolean() ? "min(" : "max(") + a.s() + ", " + b.s() + ")", Math.max(a.b(), b.b()));
        }
        if (w < 63) {
            double lo = -0.25 * (1 + r.nextInt(6));
            double hi = lo + 0.25 * (1 + r.nextInt(8));
            return new E("clamp(" + expr(t, d - 1).s() + ", " + fl(lo) + ", " + fl(hi) + ")",
                    Math.max(Math.abs(lo), Math.abs(hi)));
        }
        if (w < 68) {
            E a = expr(t, d - 1);
            E b = expr(t, d - 1);
            String k = r.nextBoolean() ? fl(st.one(0.2, 0.35, 0.5, 0.65, 0.9))
                    : "clamp(" + expr(Ty.FLOAT, d - 1).s() + ", 0.0, 1.0)";
            return new E("mix(" + a.s() + ", " + b.s() + ", " + k + ")", Math.max(a.b(), b.b()));
        }
        if (w < 72) {
            return pow(t, d);
        }
        if (w < 78) {
            return geometric(t, d);
        }
        if (w < 81 && vec) {
            // reflect about a unit normal: i - 2 dot(n, i) n stays within 3 |i|
            E i = expr(t, d - 1);
            return new E("reflect(" + i.s() + ", " + unit(t, d - 1).s() + ")", 3 * i.b());
        }
        if (w < 86 && st.fragment) {
            return texture(t);
        }
        if (w < 90 && (t == Ty.VEC3 || t == Ty.VEC4)) {
            return transform(t, d);
        }
        if (w < 94) {
            return callOf(t, d);
        }
        return construct(t, d);
    }

    /** Usually {@code t}, sometimes float (which the operators and min, max spread over vectors). */
    private Ty other(Ty t) {
        return t != Ty.FLOAT && r.nextInt(3) == 0 ? Ty.FLOAT : t;
    }

    /** {@code pow(abs(x) + 0.1, y)}: a positive base and a moderate exponent. */
    private E pow(Ty t, int d) {
        E a = expr(t, d - 1);
        String base;
        double bb;
        if (a.b() > POW_BASE_CAP) {
            base = "min(abs(" + a.s() + "), " + fl(POW_BASE_CAP) + ") + 0.1";
            bb = POW_BASE_CAP + 0.1;
        } else {
            base = "abs(" + a.s() + ") + 0.1";
            bb = a.b() + 0.1;
        }
        double y = 0.5 + 0.25 * r.nextInt(9);
        String exp;
        if (t == Ty.FLOAT && r.nextInt(3) == 0) {
            exp = "clamp(" + expr(Ty.FLOAT, d - 1).s() + ", 0.5, 2.5)";
            y = 2.5;
        } else {
            exp = t == Ty.FLOAT ? fl(y) : t.glsl + "(" + fl(y) + ")";
        }
        return new E("pow(" + base + ", " + exp + ")", Math.pow(Math.max(1, bb), y));
    }

    /** dot and length (to a float), cross (a vec3), normalize (the other vectors). */
    private E geometric(Ty t, int d) {
        if (t == Ty.FLOAT) {
            Ty v = Ty.vec(2 + r.nextInt(3));
            E a = expr(v, d - 1);
            if (r.nextBoolean()) {
                return new E("length(" + a.s() + ")", 2 * a.b());
            }
            E b = expr(v, d - 1);
            return new E("dot(" + a.s() + ", " + b.s() + ")", v.n * a.b() * b.b());
        }
        if (t == Ty.VEC3 && r.nextBoolean()) {
            E a = expr(t, d - 1);
            E b = expr(t, d - 1);
            return new E("cross(" + a.s() + ", " + b.s() + ")", 2 * a.b() * b.b());
        }
        return unit(t, d);
    }

    /** A unit vector: the normal attribute, or normalize of a vector at least c from zero in each lane. */
    private E unit(Ty t, int d) {
        if (t == Ty.VEC3 && !st.fragment && r.nextInt(3) == 0) {
            return new E("normalize(normal)", 1);
        }
        return new E("normalize(abs(" + expr(t, d - 1).s() + ") + " + fl(st.one(0.25, 0.5, 1.0)) + ")", 1);
    }

    /** A matrix in scope times a vector of its size (or the vector times it). */
    private E transform(Ty t, int d) {
        Ty m = t == Ty.VEC3 ? Ty.MAT3 : Ty.MAT4;
        List<Var> ms = new ArrayList<>();
        for (Var v : visible()) {
            if (v.ty() == m) {
                ms.add(v);
            }
        }
        if (ms.isEmpty()) {
            return null;
        }
        Var mv = ms.get(r.nextInt(ms.size()));
        E v = expr(t, d - 1);
        double b = t.n * mv.bound() * v.b();
        return r.nextInt(3) > 0 ? new E("(" + mv.name() + " * " + v.s() + ")", b)
                : new E("(" + v.s() + " * " + mv.name() + ")", b);
    }

    /** A splat, a truncation, a concatenation of parts, or a swizzle of a longer value. */
    private E construct(Ty t, int d) {
        int n = t.n;
        int w = r.nextInt(4);
        if (t == Ty.FLOAT || (w == 0 && n < 4)) {
            // lanes of a longer value
            Ty from = Ty.vec(Math.max(2, n + 1) + r.nextInt(4 - Math.max(1, n)));
            E v = expr(from, d - 1);
            return new E("(" + v.s() + ")." + swizzle(from.n, n), v.b());
        }
        if (w == 1) {
            E s = expr(Ty.FLOAT, d - 1);
            return new E(t.glsl + "(" + s.s() + ")", s.b());
        }
        if (w == 2 && n < 4) {
            E v = expr(Ty.vec(n + 1), d - 1);
            return new E(t.glsl + "(" + v.s() + ")", v.b());
        }
        List<String> parts = new ArrayList<>();
        double b = 0;
        for (int left = n; left > 0;) {
            int k = 1 + r.nextInt(Math.min(left, n - 1));
            E p = expr(Ty.vec(k), d - 1);
            parts.add(p.s());
            b = Math.max(b, p.b());
            left -= k;
        }
        return new E(t.glsl + "(" + String.join(", ", parts) + ")", b);
    }

    /** A variable of type {@code t}, a lane selection or splat of one, or a literal. */
    E leaf(Ty t) {
        List<E> cands = new ArrayList<>();
        for (Var v : visible()) {
            Ty vt = v.ty();
            String n = v.name();
            if (vt.isFloat()) {
                if (vt == t) {
                    cands.add(new E(n, v.bound()));
                } else if (vt.n > t.n) {
                    cands.add(new E(n + "." + swizzle(vt.n, t.n), v.bound()));
                } else if (vt == Ty.FLOAT) {
                    cands.add(new E(t.glsl + "(" + n + ")", v.bound()));
                }
            } else if ((vt == Ty.INT || vt == Ty.BOOL) && t == Ty.FLOAT && r.nextInt(3) == 0) {
                cands.add(new E("float(" + n + ")", v.bound()));
            }
        }
        if (cands.isEmpty() || r.nextInt(6) == 0) {
            return literal(t, 2);
        }
        return cands.get(r.nextInt(cands.size()));
    }

    /** A literal of float type {@code t} with lanes in [-range, range]. */
    E literal(Ty t, double range) {
        if (t == Ty.FLOAT) {
            return new E(fl(lit(range)), range);
        }
        if (r.nextBoolean()) {
            return new E(t.glsl + "(" + fl(lit(range)) + ")", range);
        }
        List<String> lanes = new ArrayList<>();
        for (int i = 0; i < t.n; i++) {
            lanes.add(fl(lit(range)));
        }
        return new E(t.glsl + "(" + String.join(", ", lanes) + ")", range);
    }

    private double lit(double range) {
        return Math.round((r.nextDouble() * 2 - 1) * range * 100) / 100.0;
    }

    /** {@code n} lane letters of a vector of {@code from} lanes, repeats allowed. */
    private String swizzle(int from, int n) {
        String set = r.nextInt(5) == 0 ? "rgba" : "xyzw";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(set.charAt(r.nextInt(from)));
        }
        return s.toString();
    }

    // ---- samples and calls -------------------------------------------------------------------

    /** A sample of {@code tex}, its lanes as {@code t}, at coordinates that mostly come from a varying. */
    E texture(Ty t) {
        List<Var> vs = new ArrayList<>();
        for (Var v : st.globals) {
            if (v.kind() == Kind.INPUT) {
                vs.add(v);
            }
        }
        String coord;
        int w = r.nextInt(5);
        if (w < 4 && !vs.isEmpty()) {
            Var v = vs.get(r.nextBoolean() ? 0 : r.nextInt(vs.size())); // v0 is often uv
            coord = v.ty() == Ty.FLOAT ? "vec2(" + v.name() + ", " + fl(st.one(0.3, 0.6)) + ")"
                    : v.ty() == Ty.VEC2 && r.nextBoolean() ? v.name() : v.name() + "." + swizzle(v.ty().n, 2);
            if (w >= 2) {
                coord = "(" + coord + " * " + fl(st.one(0.5, 0.75, 1.5, 2.0)) + " + " + fl(st.one(0.1, 0.25, -0.2))
                        + ")";
            }
        } else {
            coord = expr(Ty.VEC2, 1).s();
        }
        String s = "texture(tex, " + coord + ")";
        return new E(t == Ty.VEC4 && r.nextBoolean() ? s : s + "." + swizzle(4, t.n), 1);
    }

    /** A call of a helper returning {@code t}, or null when there is none. */
    private E callOf(Ty t, int d) {
        List<Fn> fs = new ArrayList<>();
        for (Fn f : st.functions) {
            if (f.ret == t) {
                fs.add(f);
            }
        }
        if (fs.isEmpty()) {
            return null;
        }
        return new E(call(fs.get(r.nextInt(fs.size())), d), CAP);
    }

    /** The text of a call of {@code f} with arguments of {@code d - 1} levels within its parameters' bounds. */
    String call(Fn f, int d) {
        List<String> args = new ArrayList<>();
        for (Var p : f.params) {
            if (p.ty() == Ty.INT) {
                E i = intExpr(d - 1);
                args.add(i.b() <= p.bound() ? i.s() : Integer.toString(r.nextInt(5)));
            } else {
                args.add(fit(expr(p.ty(), d - 1), p.bound()).s());
            }
        }
        return f.name + "(" + String.join(", ", args) + ")";
    }

    // ---- ints, bools, matrices ---------------------------------------------------------------

    /** An int value: literals, int locals, loop indexes, sums and small products of them. */
    E intExpr(int d) {
        List<Var> ints = new ArrayList<>();
        for (Var v : visible()) {
            if (v.ty() == Ty.INT) {
                ints.add(v);
            }
        }
        int w = r.nextInt(10);
        if (d <= 0 || w < 4) {
            if (!ints.isEmpty() && r.nextBoolean()) {
                Var v = ints.get(r.nextInt(ints.size()));
                return new E(v.name(), v.bound());
            }
            int k = r.nextInt(7) - 2;
            return new E(k < 0 ? "(" + k + ")" : Integer.toString(k), Math.abs(k));
        }
        if (w < 8) {
            E a = intExpr(d - 1);
            E b = intExpr(d - 1);
            boolean times = r.nextInt(3) == 0 && a.b() * 2 <= INT_CAP;
            if (times) {
                return new E("(" + a.s() + " * 2)", a.b() * 2);
            }
            if (a.b() + b.b() > INT_CAP) {
                return a;
            }
            return new E("(" + a.s() + (r.nextBoolean() ? " + " : " - ") + b.s() + ")", a.b() + b.b());
        }
        // truncation of a bounded float: it steps where the value crosses an integer, so the offset
        // keeps values that are integers (as sums of short decimals are) off the steps
        return new E("int(clamp(" + expr(Ty.FLOAT, d - 1).s() + ", -3.0, 3.0) + 0.00371)", 3);
    }

    /**
     * A bool: a smooth float against a threshold that is not a round number, ints compared,
     * bool locals, and && || ! of those. Floats are never compared with each other.
     */
    E cond(int d) {
        int w = r.nextInt(100);
        if (w < 45 || d <= 0) {
            return new E("(" + expr(Ty.FLOAT, Math.max(1, d)).s() + " " + st.pick("<", ">", "<=", ">=") + " "
                    + fl(threshold()) + ")", 1);
        }
        if (w < 60) {
            return new E("(" + intExpr(1).s() + " " + st.pick("==", "!=", "<", ">", "<=", ">=") + " "
                    + r.nextInt(5) + ")", 1);
        }
        if (w < 70) {
            List<Var> bools = new ArrayList<>();
            for (Var v : visible()) {
                if (v.ty() == Ty.BOOL) {
                    bools.add(v);
                }
            }
            if (!bools.isEmpty()) {
                return new E(bools.get(r.nextInt(bools.size())).name(), 1);
            }
        }
        if (w < 90) {
            return new E("(" + cond(d - 1).s() + (r.nextBoolean() ? " && " : " || ") + cond(d - 1).s() + ")", 1);
        }
        return new E("(!" + cond(d - 1).s() + ")", 1);
    }

    /**
     * A threshold in [-0.9, 0.9] of five decimals, the last one not zero: the values that are the
     * same over a whole triangle are sums and products of the short decimals of literals and
     * uniforms, and one that equalled the threshold would branch by rounding on each device.
     */
    private double threshold() {
        return ((r.nextInt(18000) - 9000) * 10 + 1 + r.nextInt(9)) / 100000.0;
    }

    /** A mat3 or mat4 of bounded entries: a constant diagonal, columns, model (vertex), a product. */
    E matrix(Ty t) {
        int n = t.n;
        List<Var> ms = new ArrayList<>();
        for (Var v : visible()) {
            if (v.ty() == t) {
                ms.add(v);
            }
        }
        int w = r.nextInt(10);
        if (w < 3) {
            double k = st.one(0.5, 1.0, -1.0, 2.0);
            return new E(t.glsl + "(" + fl(k) + ")", Math.abs(k));
        }
        if (w < 5 && !ms.isEmpty()) {
            Var a = ms.get(r.nextInt(ms.size()));
            Var b = ms.get(r.nextInt(ms.size()));
            if (n * a.bound() * b.bound() <= CAP) {
                return new E("(" + a.name() + " * " + b.name() + ")", n * a.bound() * b.bound());
            }
            return new E(a.name(), a.bound());
        }
        List<String> cols = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cols.add(fit(expr(Ty.vec(n), 1), 2).s());
        }
        return new E(t.glsl + "(" + String.join(", ", cols) + ")", 2);
    }

    /** A variable's value as float type {@code t}, or as a float (that the caller's + spreads). */
    E asType(Var v, Ty t) {
        String n = v.name();
        Ty vt = v.ty();
        return switch (vt) {
            case INT, BOOL -> new E("float(" + n + ")", v.bound());
            case MAT3, MAT4 -> asType(new Var("(" + n + " * vec" + vt.n + "(0.5))", Ty.vec(vt.n),
                    vt.n * 0.5 * v.bound(), Kind.LOCAL), t);
            default -> {
                if (vt.n == 1 || vt.n == t.n) {
                    yield new E(n, v.bound());
                }
                if (vt.n > t.n) {
                    yield new E(n + "." + "xyzw".substring(0, t.n), v.bound());
                }
                StringBuilder s = new StringBuilder(t.glsl + "(" + n);
                for (int i = vt.n; i < t.n; i++) {
                    s.append(", 0.5");
                }
                yield new E(s.append(')').toString(), v.bound());
            }
        };
    }
}
