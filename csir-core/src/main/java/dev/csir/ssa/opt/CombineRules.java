package dev.csir.ssa.opt;

import dev.csir.ssa.Constant;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.ssa.Values;
import dev.csir.ssa.eval.Val;
import dev.csir.types.ScalarKind;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact algebraic identities {@link Combine} applies, as a table in the style of Mesa NIR's
 * {@code nir_opt_algebraic}: each rule is a search pattern, the operand kind it holds for, and a
 * replacement. A pattern is an opcode over sub-patterns: a variable ({@code a}, {@code b},
 * {@code c}; the same name twice means the same value: constants by value, others by identity),
 * a constant whose every component passes a test ({@code 0}, {@code -0.0}, {@code 1}, {@code ~0},
 * ...; undef never matches), or a nested instruction (never a {@code precise} one). Commutative
 * opcodes are tried both ways round. A replacement is a bound variable, a constant of the
 * instruction's type, or the instruction rewritten in place to a new opcode over bound variables.
 * The kind is that of the instruction's first operand.
 *
 * <p>Every rule holds for every input, NaN, infinities and signed zeros included, so none is
 * applied to {@code precise} instructions only because precise forbids algebraic rewrites. The
 * float rules are the ones IEEE arithmetic makes exact: {@code a + -0.0}, {@code a - 0.0},
 * {@code a * 1.0}, {@code a / 1.0}, {@code -(-a)}; {@code a + 0.0} is not
 * one ({@code -0.0 + 0.0} is {@code +0.0}), nor are {@code a * 0.0}, {@code a - a},
 * {@code a == a} (NaN, infinities, signed zeros) or {@code a * -1.0 = -a} (a NaN keeps its sign
 * through the product, a negation flips it).
 */
final class CombineRules {
    private CombineRules() {
    }

    /** Which operand kinds a rule holds for. */
    enum Domain {
        INTEGER, FLOATING, BOOL, ANY;

        boolean holds(ScalarKind k) {
            return switch (this) {
                case INTEGER -> k != null && k.isInteger();
                case FLOATING -> k != null && k.isFloating();
                case BOOL -> k == ScalarKind.BOOL;
                case ANY -> true;
            };
        }
    }

    /** A search pattern. */
    sealed interface Pat permits Var, Const, Op {
    }

    record Var(String name) implements Pat {
    }

    /** A constant every component of which passes {@code test}. */
    record Const(String name, ComponentTest test) implements Pat {
    }

    record Op(Opcode op, List<Pat> args) implements Pat {
    }

    @FunctionalInterface
    interface ComponentTest {
        boolean test(ScalarKind kind, long bits);
    }

    /** A replacement. */
    sealed interface Out permits Bound, Splat, Build {
    }

    /** The value bound to a variable. */
    record Bound(String name) implements Out {
    }

    /** The constant of the instruction's type with every component {@code bits(kind)}. */
    record Splat(String name, java.util.function.ToLongFunction<ScalarKind> bits) implements Out {
    }

    /** The instruction rewritten in place to {@code op} over the bound variables, same type. */
    record Build(Opcode op, List<String> args) implements Out {
    }

    record Rule(String name, Domain domain, Op search, Out replace) {
    }

    // ---- the table ----------------------------------------------------------------------------

    private static final Var A = new Var("a");
    private static final Var B = new Var("b");
    private static final Var C = new Var("c");

    private static final Const ZERO = new Const("0", (k, b) -> b == 0); // int 0, float +0.0, false
    private static final Const NEG_ZERO = new Const("-0.0", (k, b) -> k == ScalarKind.FLOAT
            ? b == 0x8000_0000L : k == ScalarKind.DOUBLE && b == Long.MIN_VALUE);
    private static final Const ONE = new Const("1", (k, b) -> switch (k) {
        case FLOAT -> b == bits(1f);
        case DOUBLE -> b == Double.doubleToRawLongBits(1.0);
        default -> b == 1;
    });
    private static final Const MINUS_ONE = new Const("-1", (k, b) -> switch (k) {
        case FLOAT, DOUBLE, BOOL -> false;
        default -> b == 0xFFFF_FFFFL;
    });
    private static final Const ALL_ONES = new Const("~0", (k, b) -> k.isInteger() && b == 0xFFFF_FFFFL);
    /** A shift count that the 5-bit mask makes 0. */
    private static final Const NO_SHIFT = new Const("0 mod 32", (k, b) -> k.isInteger() && (b & 31) == 0);
    private static final Const TRUE = new Const("true", (k, b) -> k == ScalarKind.BOOL && b == 1);
    private static final Const FALSE = new Const("false", (k, b) -> k == ScalarKind.BOOL && b == 0);

    private static final Splat ZERO_OF = new Splat("0", k -> 0);
    private static final Splat ALL_ONES_OF = new Splat("~0", k -> 0xFFFF_FFFFL);
    private static final Splat TRUE_OF = new Splat("true", k -> 1);
    private static final Splat FALSE_OF = new Splat("false", k -> 0);

    static final List<Rule> RULES = List.of(
            // integers (int and uint, wrapping)
            rule("add(a, 0) = a", Domain.INTEGER, op(Opcode.ADD, A, ZERO), bound(A)),
            rule("sub(a, 0) = a", Domain.INTEGER, op(Opcode.SUB, A, ZERO), bound(A)),
            rule("sub(a, a) = 0", Domain.INTEGER, op(Opcode.SUB, A, A), ZERO_OF),
            rule("mul(a, 1) = a", Domain.INTEGER, op(Opcode.MUL, A, ONE), bound(A)),
            rule("mul(a, 0) = 0", Domain.INTEGER, op(Opcode.MUL, A, ZERO), ZERO_OF),
            rule("mul(a, -1) = neg(a)", Domain.INTEGER, op(Opcode.MUL, A, MINUS_ONE), build(Opcode.NEG, "a")),
            rule("div(a, 1) = a", Domain.INTEGER, op(Opcode.DIV, A, ONE), bound(A)),
            rule("rem(a, 1) = 0", Domain.INTEGER, op(Opcode.REM, A, ONE), ZERO_OF),
            rule("neg(neg(a)) = a", Domain.INTEGER, op(Opcode.NEG, op(Opcode.NEG, A)), bound(A)),
            rule("bitnot(bitnot(a)) = a", Domain.INTEGER, op(Opcode.BIT_NOT, op(Opcode.BIT_NOT, A)), bound(A)),
            rule("bitand(a, a) = a", Domain.INTEGER, op(Opcode.BIT_AND, A, A), bound(A)),
            rule("bitand(a, 0) = 0", Domain.INTEGER, op(Opcode.BIT_AND, A, ZERO), ZERO_OF),
            rule("bitand(a, ~0) = a", Domain.INTEGER, op(Opcode.BIT_AND, A, ALL_ONES), bound(A)),
            rule("bitor(a, a) = a", Domain.INTEGER, op(Opcode.BIT_OR, A, A), bound(A)),
            rule("bitor(a, 0) = a", Domain.INTEGER, op(Opcode.BIT_OR, A, ZERO), bound(A)),
            rule("bitor(a, ~0) = ~0", Domain.INTEGER, op(Opcode.BIT_OR, A, ALL_ONES), ALL_ONES_OF),
            rule("bitxor(a, a) = 0", Domain.INTEGER, op(Opcode.BIT_XOR, A, A), ZERO_OF),
            rule("bitxor(a, 0) = a", Domain.INTEGER, op(Opcode.BIT_XOR, A, ZERO), bound(A)),
            rule("bitxor(a, ~0) = bitnot(a)", Domain.INTEGER, op(Opcode.BIT_XOR, A, ALL_ONES),
                    build(Opcode.BIT_NOT, "a")),
            rule("shl(a, 32k) = a", Domain.INTEGER, op(Opcode.SHL, A, NO_SHIFT), bound(A)),
            rule("shr(a, 32k) = a", Domain.INTEGER, op(Opcode.SHR, A, NO_SHIFT), bound(A)),
            rule("shl(0, a) = 0", Domain.INTEGER, op(Opcode.SHL, ZERO, A), ZERO_OF),
            rule("shr(0, a) = 0", Domain.INTEGER, op(Opcode.SHR, ZERO, A), ZERO_OF),
            rule("eq(a, a) = true", Domain.INTEGER, op(Opcode.EQ, A, A), TRUE_OF),
            rule("ne(a, a) = false", Domain.INTEGER, op(Opcode.NE, A, A), FALSE_OF),
            rule("lt(a, a) = false", Domain.INTEGER, op(Opcode.LT, A, A), FALSE_OF),
            rule("gt(a, a) = false", Domain.INTEGER, op(Opcode.GT, A, A), FALSE_OF),
            rule("le(a, a) = true", Domain.INTEGER, op(Opcode.LE, A, A), TRUE_OF),
            rule("ge(a, a) = true", Domain.INTEGER, op(Opcode.GE, A, A), TRUE_OF),
            // floats (float and double, IEEE): only the identities exact for every input
            rule("add(a, -0.0) = a", Domain.FLOATING, op(Opcode.ADD, A, NEG_ZERO), bound(A)),
            rule("sub(a, +0.0) = a", Domain.FLOATING, op(Opcode.SUB, A, ZERO), bound(A)),
            rule("mul(a, 1.0) = a", Domain.FLOATING, op(Opcode.MUL, A, ONE), bound(A)),
            rule("div(a, 1.0) = a", Domain.FLOATING, op(Opcode.DIV, A, ONE), bound(A)),
            rule("neg(neg(a)) = a", Domain.FLOATING, op(Opcode.NEG, op(Opcode.NEG, A)), bound(A)),
            // bools
            rule("lnot(lnot(a)) = a", Domain.BOOL, op(Opcode.LOGICAL_NOT, op(Opcode.LOGICAL_NOT, A)), bound(A)),
            rule("land(a, true) = a", Domain.BOOL, op(Opcode.LOGICAL_AND, A, TRUE), bound(A)),
            rule("land(a, false) = false", Domain.BOOL, op(Opcode.LOGICAL_AND, A, FALSE), FALSE_OF),
            rule("land(a, a) = a", Domain.BOOL, op(Opcode.LOGICAL_AND, A, A), bound(A)),
            rule("lor(a, false) = a", Domain.BOOL, op(Opcode.LOGICAL_OR, A, FALSE), bound(A)),
            rule("lor(a, true) = true", Domain.BOOL, op(Opcode.LOGICAL_OR, A, TRUE), TRUE_OF),
            rule("lor(a, a) = a", Domain.BOOL, op(Opcode.LOGICAL_OR, A, A), bound(A)),
            rule("eq(a, true) = a", Domain.BOOL, op(Opcode.EQ, A, TRUE), bound(A)),
            rule("ne(a, false) = a", Domain.BOOL, op(Opcode.NE, A, FALSE), bound(A)),
            rule("eq(a, false) = lnot(a)", Domain.BOOL, op(Opcode.EQ, A, FALSE), build(Opcode.LOGICAL_NOT, "a")),
            rule("ne(a, true) = lnot(a)", Domain.BOOL, op(Opcode.NE, A, TRUE), build(Opcode.LOGICAL_NOT, "a")),
            rule("eq(a, a) = true", Domain.BOOL, op(Opcode.EQ, A, A), TRUE_OF),
            rule("ne(a, a) = false", Domain.BOOL, op(Opcode.NE, A, A), FALSE_OF),
            // select, any operand type
            rule("select(c, a, a) = a", Domain.ANY, op(Opcode.SELECT, C, A, A), bound(A)),
            rule("select(c, true, false) = c", Domain.ANY, op(Opcode.SELECT, C, TRUE, FALSE), bound(C)),
            rule("select(c, false, true) = lnot(c)", Domain.ANY, op(Opcode.SELECT, C, FALSE, TRUE),
                    build(Opcode.LOGICAL_NOT, "c")),
            rule("select(lnot(c), a, b) = select(c, b, a)", Domain.ANY,
                    op(Opcode.SELECT, op(Opcode.LOGICAL_NOT, C), A, B), build(Opcode.SELECT, "c", "b", "a")));

    private static final Map<Opcode, List<Rule>> BY_OPCODE = new EnumMap<>(Opcode.class);

    static {
        for (Rule r : RULES) {
            BY_OPCODE.computeIfAbsent(r.search().op(), k -> new ArrayList<>()).add(r);
        }
    }

    private static Rule rule(String name, Domain d, Op search, Out replace) {
        return new Rule(name, d, search, replace);
    }

    private static Op op(Opcode op, Pat... args) {
        return new Op(op, List.of(args));
    }

    private static Bound bound(Var v) {
        return new Bound(v.name());
    }

    private static Build build(Opcode op, String... args) {
        return new Build(op, List.of(args));
    }

    private static long bits(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    // ---- matching ---------------------------------------------------------------------------

    /** What applying a rule does. */
    sealed interface Outcome permits Replace, Rewritten {
    }

    /** Every use of the instruction becomes {@code value}. */
    record Replace(Value value, Rule rule) implements Outcome {
    }

    /** The instruction was rewritten in place. */
    record Rewritten(Rule rule) implements Outcome {
    }

    /** The first rule that applies to the (non-precise) {@code i}, applied; null when none does. */
    static Outcome apply(Instruction i) {
        List<Rule> rules = BY_OPCODE.get(i.op());
        if (rules == null || i.precise() || i.operands().isEmpty()) {
            return null;
        }
        ScalarKind kind = i.operand(0).type().scalarKind();
        for (Rule r : rules) {
            if (!r.domain().holds(kind)) {
                continue;
            }
            Map<String, Value> env = new HashMap<>();
            if (!matchOperands(r.search(), i, env)) {
                continue;
            }
            Outcome o = replace(r, i, env);
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    private static Outcome replace(Rule r, Instruction i, Map<String, Value> env) {
        Type t = i.type();
        // instanceof rather than a pattern switch: see dev.csir.types.Type
        Out out = r.replace();
        if (out instanceof Bound b) {
            Value v = env.get(b.name());
            return v.type().equals(t) ? new Replace(v, r) : null;
        }
        if (out instanceof Splat s) {
            if (!t.isNumericOrBool()) {
                return null;
            }
            return new Replace(CombineFold.splat(t, s.bits().applyAsLong(t.scalarKind())), r);
        }
        Build b = (Build) out;
        List<Value> ops = b.args().stream().map(env::get).toList();
        boolean fits = switch (b.op().family()) {
            case UNARY -> ops.getFirst().type().equals(t);
            case SELECT -> ops.get(1).type().equals(t) && ops.get(2).type().equals(t)
                    && ops.get(0).type().scalarKind() == ScalarKind.BOOL;
            default -> false;
        };
        if (!fits) {
            return null;
        }
        i.rewrite(b.op(), t, ops);
        return new Rewritten(r);
    }

    private static boolean commutative(Opcode op) {
        return switch (op) {
            case ADD, MUL, BIT_AND, BIT_OR, BIT_XOR, LOGICAL_AND, LOGICAL_OR, EQ, NE -> true;
            default -> false;
        };
    }

    /** {@code i}'s operands against {@code p}'s (both ways round for a commutative binary opcode). */
    private static boolean matchOperands(Op p, Instruction i, Map<String, Value> env) {
        List<Value> ops = i.operands();
        if (ops.size() != p.args().size()) {
            return false;
        }
        Map<String, Value> trial = new HashMap<>(env);
        if (matchAll(p.args(), ops, trial)) {
            env.putAll(trial);
            return true;
        }
        if (commutative(p.op()) && ops.size() == 2) {
            trial = new HashMap<>(env);
            if (matchAll(p.args(), List.of(ops.get(1), ops.get(0)), trial)) {
                env.putAll(trial);
                return true;
            }
        }
        return false;
    }

    private static boolean matchAll(List<Pat> pats, List<Value> values, Map<String, Value> env) {
        for (int k = 0; k < pats.size(); k++) {
            if (!match(pats.get(k), values.get(k), env)) {
                return false;
            }
        }
        return true;
    }

    private static boolean match(Pat p, Value v, Map<String, Value> env) {
        if (p instanceof Var x) {
            Value bound = env.putIfAbsent(x.name(), v);
            return bound == null || Values.same(bound, v);
        }
        if (p instanceof Const c) {
            return v instanceof Constant k && every(k, c.test());
        }
        if (p instanceof Op o) {
            return v instanceof Instruction j && j.op() == o.op() && !j.precise() && matchOperands(o, j, env);
        }
        throw new IllegalArgumentException(String.valueOf(p));
    }

    private static boolean every(Constant k, ComponentTest test) {
        Val.Num n = CombineFold.num(k);
        if (n == null) {
            return false;
        }
        for (int c = 0; c < n.size(); c++) {
            if (!test.test(n.kind(), n.bits(c))) {
                return false;
            }
        }
        return true;
    }
}
