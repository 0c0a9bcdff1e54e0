package dev.csir.lang;

import dev.csir.diag.Messages;
import java.util.List;

/**
 * The integer constant expression of {@code #if} and {@code #elif} (GLSL 4.60 section 3.3),
 * after {@code defined} and macro expansion: 32-bit signed arithmetic with C's operators and
 * precedence but no {@code ?:} (glslang has none either), decimal, octal and hexadecimal
 * literals with an optional {@code u}. An identifier left is 0, or an error in the es profile
 * unless {@code &&} or {@code ||} skip it; division by zero is an error also where they skip it
 * (both as glslang).
 */
final class PpExpression {
    private final Preprocessor pp;
    private final List<PpToken> t;
    private final PpToken where;
    private final boolean es;
    private int p;
    private boolean failed;

    private PpExpression(Preprocessor pp, List<PpToken> tokens, PpToken where, boolean es) {
        this.pp = pp;
        this.t = tokens;
        this.where = where;
        this.es = es;
    }

    /** The value of the expression, or null when it is not one (the error is reported). */
    static Integer evaluate(Preprocessor pp, List<PpToken> tokens, PpToken where, boolean es) {
        PpExpression e = new PpExpression(pp, tokens, where, es);
        int v = e.binary(0, true);
        if (!e.failed && e.p < tokens.size()) {
            e.fail(tokens.get(e.p), "unexpected " + e.describe(tokens.get(e.p)));
        }
        return e.failed ? null : v;
    }

    /**
     * The numbers of a #line: a line number and an optional source string number, each an
     * expression as glslang takes them; null when they are not (the error is reported).
     */
    static int[] lineNumbers(Preprocessor pp, List<PpToken> tokens, PpToken where) {
        PpExpression e = new PpExpression(pp, tokens, where, false);
        if (tokens.isEmpty()) {
            pp.error(where, Messages.EXPECTED_LINE_NUMBER);
            return null;
        }
        for (int i = 0; i < tokens.size(); i++) {
            PpToken t = tokens.get(i);
            boolean suffix = i > 0 && tokens.get(i - 1).kind == TokenKind.INT && tokens.get(i - 1).off >= 0
                    && t.off == tokens.get(i - 1).off + tokens.get(i - 1).len;
            if (t.kind == TokenKind.IDENT && !suffix || t.kind != TokenKind.IDENT && t.off >= 0 && t.kind != TokenKind.INT
                    && Preprocessor.isWordStart(pp.byteAt(t.off))) {
                pp.error(t, Messages.EXPECTED_LINE_NUMBER); // a name left after expansion is no number
                return null;
            }
        }
        int line = e.binary(0, true);
        int[] v = {line};
        if (!e.failed && e.p < tokens.size()) {
            v = new int[] {line, e.binary(0, true)};
        }
        if (!e.failed && e.p < tokens.size()) {
            e.report(tokens.get(e.p), Messages.EXPECTED_LINE_NUMBER);
        }
        return e.failed ? null : v;
    }

    private String describe(PpToken k) {
        String s = k.off < 0 ? k.kind.spelling() : pp.text(k);
        return "'" + (s.length() > 20 ? s.substring(0, 20) + "..." : s) + "'";
    }

    /** Reports the first error only: what follows an error is no expression to judge. */
    private void report(PpToken at, String message) {
        if (!failed) {
            failed = true;
            pp.error(at == null ? where : at, message);
        }
    }

    private void fail(PpToken at, String why) {
        report(at, Messages.invalidIfExpression(why));
    }

    private PpToken peek(int k) {
        return p + k < t.size() ? t.get(p + k) : null;
    }

    /** The operator at the cursor: its precedence (1 lowest), 0 for none; sets {@link #opLength}. */
    private int opLength;
    private String op;

    private int precedence() {
        PpToken a = peek(0);
        if (a == null) {
            return 0;
        }
        opLength = 1;
        op = switch (a.kind) {
            case OR -> "||";
            case AND -> "&&";
            case EQ -> "==";
            case NE -> "!=";
            case LE -> "<=";
            case GE -> ">=";
            case PLUS -> "+";
            case MINUS -> "-";
            case STAR -> "*";
            case SLASH -> "/";
            case PERCENT -> "%";
            case SHL -> "<<";
            case SHR -> ">>";
            case AMP -> "&";
            case BAR -> "|";
            case CARET -> "^";
            case LT -> "<";
            case GT -> ">";
            default -> null;
        };
        if (op == null) {
            return 0;
        }
        return switch (op) {
            case "||" -> 1;
            case "&&" -> 2;
            case "|" -> 3;
            case "^" -> 4;
            case "&" -> 5;
            case "==", "!=" -> 6;
            case "<", ">", "<=", ">=" -> 7;
            case "<<", ">>" -> 8;
            case "+", "-" -> 9;
            default -> 10;
        };
    }

    /** Precedence climbing over the operators of at least {@code min}; {@code live} is false in a skipped side. */
    private int binary(int min, boolean live) {
        int left = unary(live);
        while (!failed) {
            int prec = precedence();
            if (prec == 0 || prec <= min) {
                break;
            }
            String o = op;
            p += opLength;
            boolean rightLive = live && !(o.equals("&&") && left == 0) && !(o.equals("||") && left != 0);
            PpToken at = peek(0);
            int right = binary(prec, rightLive);
            if (failed) {
                break;
            }
            left = apply(o, left, right, rightLive, at);
        }
        return left;
    }

    private int apply(String o, int a, int b, boolean live, PpToken at) {
        switch (o) {
            case "/", "%" -> {
                if (b == 0) {
                    report(at, Messages.IF_DIVISION_BY_ZERO);
                    return 0;
                }
                return o.equals("/") ? a / b : a % b;
            }
            case "*" -> {
                return a * b;
            }
            case "+" -> {
                return a + b;
            }
            case "-" -> {
                return a - b;
            }
            case "<<" -> {
                return a << b;
            }
            case ">>" -> {
                return a >> b;
            }
            case "<" -> {
                return a < b ? 1 : 0;
            }
            case ">" -> {
                return a > b ? 1 : 0;
            }
            case "<=" -> {
                return a <= b ? 1 : 0;
            }
            case ">=" -> {
                return a >= b ? 1 : 0;
            }
            case "==" -> {
                return a == b ? 1 : 0;
            }
            case "!=" -> {
                return a != b ? 1 : 0;
            }
            case "&" -> {
                return a & b;
            }
            case "^" -> {
                return a ^ b;
            }
            case "|" -> {
                return a | b;
            }
            case "&&" -> {
                return a != 0 && b != 0 ? 1 : 0;
            }
            default -> {
                return a != 0 || b != 0 ? 1 : 0;
            }
        }
    }

    /** Prefix operators and parentheses recurse; the limit keeps a hostile line off the end of the stack. */
    private static final int DEPTH_LIMIT = 256;
    private int depth;

    private int unary(boolean live) {
        if (depth >= DEPTH_LIMIT) {
            fail(peek(0), "nested too deeply");
            return 0;
        }
        depth++;
        try {
            return unaryAt(live);
        } finally {
            depth--;
        }
    }

    private int unaryAt(boolean live) {
        PpToken a = peek(0);
        if (a == null) {
            fail(null, "expected a value");
            return 0;
        }
        switch (a.kind) {
            case PLUS -> {
                p++;
                return unary(live);
            }
            case MINUS -> {
                p++;
                return -unary(live);
            }
            case NOT -> {
                p++;
                return unary(live) == 0 ? 1 : 0;
            }
            case TILDE -> {
                p++;
                return ~unary(live);
            }
            default -> {
            }
        }
        return primary(live);
    }

    private int primary(boolean live) {
        PpToken a = peek(0);
        switch (a.kind) {
            case LPAREN -> {
                p++;
                int v = binary(0, live);
                PpToken c = peek(0);
                if (!failed && (c == null || c.kind != TokenKind.RPAREN)) {
                    fail(c, "expected ')'");
                }
                p++;
                return v;
            }
            case INT -> {
                p++;
                return number(a);
            }
            case FLOAT -> {
                fail(a, "a #if expression takes only integers");
                return 0;
            }
            default -> {
            }
        }
        if (a.off >= 0 && Preprocessor.isWordStart(pp.byteAt(a.off))) {
            p++;
            if (es && live) {
                report(a, Messages.undefinedInIfEs(pp.text(a)));
            }
            return 0;
        }
        fail(a, "expected a value, found " + describe(a));
        return 0;
    }

    /** An integer literal, with the suffix the lexer left as an adjacent identifier ({@code 0x1F}, {@code 2u}). */
    private int number(PpToken a) {
        if (a.off < 0) {
            return (int) a.intValue;
        }
        String text = pp.text(a);
        PpToken b = peek(0);
        if (b != null && b.kind == TokenKind.IDENT && b.off == a.off + a.len) {
            text += pp.text(b);
            p++;
        }
        String digits = text.endsWith("u") || text.endsWith("U") ? text.substring(0, text.length() - 1) : text;
        int radix = 10;
        if (digits.length() > 1 && (digits.startsWith("0x") || digits.startsWith("0X"))) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.charAt(0) == '0') {
            radix = 8;
            digits = digits.substring(1);
        }
        long v = 0;
        if (digits.isEmpty()) {
            fail(a, "invalid integer " + describe(a));
            return 0;
        }
        for (int k = 0; k < digits.length(); k++) {
            int d = Character.digit(digits.charAt(k), radix);
            if (d < 0) {
                fail(a, "invalid integer '" + (text.length() > 20 ? text.substring(0, 20) + "..." : text) + "'");
                return 0;
            }
            v = (v * radix + d) & 0xFFFFFFFFL; // wraps at 32 bits, as glslang's int does
        }
        return (int) v;
    }
}
