package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.nio.charset.StandardCharsets;

/**
 * Splits a shader source into {@link Tokens}, reporting lexical errors to a {@link DiagnosticLog}
 * and carrying on after them, exactly as the original lexer does.
 *
 * <p>The source is read as its UTF-8 bytes: columns count bytes (a tab and a CR are one column
 * each) and every byte of a non-ASCII character is one invalid token, which is what the original
 * C lexer, reading {@code char}s, reports.
 */
public final class Lexer {
    /** An identifier of this many characters or more is rejected (39 is the longest allowed). */
    public static final int NAME_LIMIT = 40;
    /** The exponent is read up to and including the digit that takes it above this value. */
    private static final int EXPONENT_STOP = 38;

    /** U+FEFF, which some editors write at the start of a UTF-8 file. */
    public static final String BOM = "\uFEFF";

    private final byte[] src;
    private final int n;
    private final DiagnosticLog log;
    private final Tokens out;
    /**
     * Raw mode, for the {@link Preprocessor}: {@code #}, {@code ##} and line ends are tokens, a
     * backslash before a line end joins the lines, and errors stay on their tokens.
     */
    private final boolean raw;
    /** Plain mode found what only the preprocessor handles: the caller lexes again in raw mode. */
    private boolean bail;
    /** Plain mode's errors, reported at the end unless it bails (so they are never reported twice). */
    private int[] errAt;
    private String[] errMessage;
    private int errCount;
    /** Raw mode: where the first line continuation is, 0 when there is none. */
    int continuationLine;
    int continuationColumn;

    private Lexer(byte[] src, DiagnosticLog log, boolean raw) {
        this.src = src;
        this.n = src.length;
        this.log = log;
        this.raw = raw;
        this.out = new Tokens(src, src.length / 3 + 8);
        if (raw) {
            out.holdErrors();
        }
    }

    /**
     * Lexes and preprocesses {@code source}; errors go to {@code log}. The result always ends with
     * an EOF token. A leading byte-order mark is no part of the shader: it is skipped, and column
     * 1 is the character after it, as an editor counts.
     */
    public static Tokens lex(String source, DiagnosticLog log) {
        return Preprocessor.run(source, log, Preprocessor.Options.NONE);
    }

    /**
     * The one pass of a source with no directive but a leading {@code #version} and no
     * predefined macro or line continuation: its tokens, or null when it has more (then nothing
     * was reported and the preprocessor takes it).
     */
    static Tokens plain(byte[] utf8, DiagnosticLog log) {
        Lexer lx = new Lexer(utf8, log, false);
        lx.run();
        if (lx.bail) {
            return null;
        }
        for (int e = 0; e < lx.errCount; e++) {
            int k = e * 4;
            log.error(lx.errAt[k], lx.errAt[k + 1], lx.errAt[k + 2], lx.errAt[k + 3], lx.errMessage[e]);
        }
        return lx.out;
    }

    /** The preprocessor's raw tokens of one file's bytes; no errors are reported. */
    static Lexer raw(byte[] utf8) {
        Lexer lx = new Lexer(utf8, null, true);
        lx.run();
        return lx;
    }

    Tokens tokens() {
        return out;
    }

    private void bad(TokenKind kind, int line, int col, int off, int len, String message) {
        int t = out.add(kind, line, col, off, len);
        if (raw) {
            out.error[t] = message;
            return;
        }
        if (errAt == null) {
            errAt = new int[32];
            errMessage = new String[8];
        } else if (errCount == errMessage.length) {
            errAt = java.util.Arrays.copyOf(errAt, errAt.length * 2);
            errMessage = java.util.Arrays.copyOf(errMessage, errMessage.length * 2);
        }
        int k = errCount * 4;
        errAt[k] = line;
        errAt[k + 1] = col;
        errAt[k + 2] = -1; // no span, as the original's lexer errors
        errAt[k + 3] = 0;
        errMessage[errCount++] = message;
    }

    private void run() {
        final byte[] s = src;
        int i = 0;
        int line = 1;
        int col = 1;
        boolean lineStart = true;
        if (n == 0) {
            if (!raw) {
                log.error(Messages.EMPTY_SHADER);
            }
            out.add(TokenKind.EOF, 1, 1, 0, 0);
            return;
        }
        scan:
        while (i < n) {
            int ch = s[i] & 0xFF;
            if (ch == ' ' || ch == '\t' || ch == '\r') {
                i++;
                col++;
                continue;
            }
            if (ch == '\n') {
                if (raw) {
                    out.add(TokenKind.NEWLINE, line, col, i, 0);
                }
                i++;
                line++;
                col = 1;
                lineStart = true;
                continue;
            }
            if (ch == '\\' && (i + 1 < n && s[i + 1] == '\n' || i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n')) {
                if (!raw) {
                    bail = true;
                    break;
                }
                if (continuationLine == 0) {
                    continuationLine = line;
                    continuationColumn = col;
                }
                i += s[i + 1] == '\n' ? 2 : 3;
                line++;
                col = 1;
                continue;
            }
            final int tokLine = line;
            final int tokCol = col;
            final int start = i;
            if (ch == '#' && raw) {
                int len = i + 1 < n && s[i + 1] == '#' ? 2 : 1;
                bad(len == 2 ? TokenKind.HASHHASH : TokenKind.HASH, tokLine, tokCol, start, len, Messages.INVALID_TOKEN);
                i += len;
                col += len;
                lineStart = false;
                continue;
            }
            if (ch == '#' && lineStart) {
                i = directive(i, line, col);
                if (bail) {
                    break;
                }
                // The directive's columns are only counted up to the version digits; the rest of
                // the line is skipped without counting, which shows only in the EOF position.
                col = directiveCol;
                lineStart = false;
                continue;
            }
            if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
                i += 2;
                col += 2;
                while (i < n && s[i] != '\n') {
                    i++;
                    col++;
                }
                continue;
            }
            if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
                boolean closed = false;
                i += 2;
                col += 2;
                while (i < n) {
                    if (s[i] == '\n') {
                        if (raw) {
                            // a line end in a comment ends a directive, as glslang reads it
                            out.add(TokenKind.NEWLINE, line, col, i, 0);
                        }
                        i++;
                        line++;
                        col = 1;
                        lineStart = true;
                        continue;
                    }
                    if (s[i] == '*' && i + 1 < n && s[i + 1] == '/') {
                        i += 2;
                        col += 2;
                        closed = true;
                        break;
                    }
                    i++;
                    col++;
                }
                if (!closed) {
                    bad(TokenKind.BAD, tokLine, tokCol, start, 2, Messages.UNTERMINATED_COMMENT);
                    break scan;
                }
                continue;
            }
            // a comment before a '#' leaves it at the line's start, as glslang reads it
            lineStart = false;
            if (isLetter(ch) || ch == '_') {
                while (i < n && isIdentChar(s[i] & 0xFF)) {
                    i++;
                    col++;
                }
                int len = i - start;
                if (!raw && len > 2 && (s[start] == '_' && s[start + 1] == '_'
                        || s[start] == 'G' && s[start + 1] == 'L' && s[start + 2] == '_')) {
                    // __LINE__, GL_ES and the other predefined macros: only the preprocessor knows them
                    bail = true;
                    break;
                }
                if (len >= NAME_LIMIT) {
                    bad(TokenKind.IDENT, tokLine, tokCol, start, len, Messages.NAME_LIMIT);
                    continue;
                }
                TokenKind k = keyword(s, start, len);
                if (k == TokenKind.BAD && len == 6 && matches(s, start, "shared") && out.count > 0
                        && (out.kind[out.count - 1] == TokenKind.LPAREN || out.kind[out.count - 1] == TokenKind.COMMA)) {
                    k = TokenKind.IDENT; // layout(shared): a layout id there, not the compute qualifier
                }
                if (k == TokenKind.BAD) {
                    bad(TokenKind.BAD, tokLine, tokCol, start, len, Messages.UNSUPPORTED_QUALIFIER);
                } else {
                    out.add(k, tokLine, tokCol, start, len);
                }
                continue;
            }
            if (ch == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
                int end = i + 2;
                while (end < n && Character.digit(s[end] & 0xFF, 16) >= 0) {
                    end++;
                }
                col += end - i;
                i = end;
                integer(s, tokLine, tokCol, start, end, 2, 16, Messages.HEX_LITERAL_TOO_BIG);
                continue;
            }
            if (ch == '0' && octalAhead(s, i, n)) {
                int end = i + 1;
                while (end < n && isDigit(s[end] & 0xFF)) {
                    end++;
                }
                col += end - i;
                i = end;
                integer(s, tokLine, tokCol, start, end, 1, 8, Messages.OCTAL_LITERAL_TOO_BIG);
                continue;
            }
            if (isDigit(ch) || (ch == '.' && i + 1 < n && isDigit(s[i + 1] & 0xFF))) {
                float ip = 0f;
                float fp = 0f;
                float base = 1f;
                int exp = 0;
                int esign = 1;
                boolean isFloat = false;
                while (i < n && isDigit(s[i] & 0xFF)) {
                    ip = ip * 10f + (float) (s[i] - '0');
                    i++;
                    col++;
                }
                if (i < n && s[i] == '.') {
                    isFloat = true;
                    i++;
                    col++;
                    while (i < n && isDigit(s[i] & 0xFF)) {
                        base *= 0.1f;
                        fp += (float) (s[i] - '0') * base;
                        i++;
                        col++;
                    }
                }
                if (i < n && (s[i] == 'e' || s[i] == 'E')) {
                    boolean any = false;
                    isFloat = true;
                    i++;
                    col++;
                    if (i < n && (s[i] == '+' || s[i] == '-')) {
                        if (s[i] == '-') {
                            esign = -1;
                        }
                        i++;
                        col++;
                    }
                    while (i < n && isDigit(s[i] & 0xFF)) {
                        any = true;
                        exp = exp * 10 + (s[i] - '0');
                        i++;
                        col++;
                        if (exp > EXPONENT_STOP) {
                            break;
                        }
                    }
                    if (!any) {
                        bad(TokenKind.BAD, tokLine, tokCol, start, i - start, Messages.INVALID_NUMBER);
                        continue;
                    }
                }
                if (isFloat && i < n && (s[i] == 'f' || s[i] == 'F')) {
                    i++; // GLSL's floating suffix (1.20 and 3.00 es on); the value is the same
                    col++;
                }
                int t;
                if (isFloat) {
                    float v = ip + fp;
                    if (exp != 0) {
                        v *= pow10(esign * exp);
                    }
                    t = out.add(TokenKind.FLOAT, tokLine, tokCol, start, i - start);
                    out.floatValue[t] = v;
                } else {
                    if (i - start > 10 || decimal(s, start, i) > 0xFFFF_FFFFL) {
                        bad(TokenKind.BAD, tokLine, tokCol, start, i - start, Messages.NUMERIC_LITERAL_TOO_BIG);
                        continue;
                    }
                    t = out.add(TokenKind.INT, tokLine, tokCol, start, i - start);
                    out.floatValue[t] = ip;
                    out.intValue[t] = toUint32(ip);
                }
                continue;
            }
            int next = i + 1 < n ? s[i + 1] : -1;
            int after = i + 2 < n ? s[i + 2] : -1;
            TokenKind k = switch (ch) {
                case '(' -> TokenKind.LPAREN;
                case ')' -> TokenKind.RPAREN;
                case '{' -> TokenKind.LBRACE;
                case '}' -> TokenKind.RBRACE;
                case '[' -> TokenKind.LBRACK;
                case ']' -> TokenKind.RBRACK;
                case ';' -> TokenKind.SEMI;
                case ',' -> TokenKind.COMMA;
                case '.' -> TokenKind.DOT;
                case '?' -> TokenKind.QUESTION;
                case ':' -> TokenKind.COLON;
                case '*' -> next == '=' ? TokenKind.STAR_ASSIGN : TokenKind.STAR;
                case '/' -> next == '=' ? TokenKind.SLASH_ASSIGN : TokenKind.SLASH;
                case '%' -> next == '=' ? TokenKind.PERCENT_ASSIGN : TokenKind.PERCENT;
                case '+' -> next == '+' ? TokenKind.INC : next == '=' ? TokenKind.PLUS_ASSIGN : TokenKind.PLUS;
                case '-' -> next == '-' ? TokenKind.DEC : next == '=' ? TokenKind.MINUS_ASSIGN : TokenKind.MINUS;
                case '=' -> next == '=' ? TokenKind.EQ : TokenKind.ASSIGN;
                case '!' -> next == '=' ? TokenKind.NE : TokenKind.NOT;
                case '<' -> next == '<' ? after == '=' ? TokenKind.SHL_ASSIGN : TokenKind.SHL
                        : next == '=' ? TokenKind.LE : TokenKind.LT;
                case '>' -> next == '>' ? after == '=' ? TokenKind.SHR_ASSIGN : TokenKind.SHR
                        : next == '=' ? TokenKind.GE : TokenKind.GT;
                case '&' -> next == '&' ? TokenKind.AND : next == '=' ? TokenKind.AMP_ASSIGN : TokenKind.AMP;
                case '|' -> next == '|' ? TokenKind.OR : next == '=' ? TokenKind.BAR_ASSIGN : TokenKind.BAR;
                case '^' -> next == '^' ? TokenKind.XOR : next == '=' ? TokenKind.CARET_ASSIGN : TokenKind.CARET;
                case '~' -> TokenKind.TILDE;
                default -> TokenKind.BAD;
            };
            if (k == TokenKind.BAD) {
                bad(TokenKind.BAD, tokLine, tokCol, start, 1, Messages.INVALID_TOKEN);
                i++;
                col++;
                continue;
            }
            // a punctuator is as long as its spelling
            int len = k.spelling().length();
            out.add(k, tokLine, tokCol, start, len);
            i += len;
            col += len;
        }
        out.add(TokenKind.EOF, line, col, n, 0);
    }

    /** Column after the last directive, set by {@link #directive}. */
    private int directiveCol;

    /**
     * Handles a {@code #version} whose {@code #} is at {@code hash}, the first thing in the
     * source; returns the index of the line's end. Anything else sets {@link #bail}.
     */
    private int directive(int hash, int line, int col) {
        final byte[] s = src;
        int j = hash + 1;
        int c = col + 1;
        while (j < n && (s[j] == ' ' || s[j] == '\t')) {
            j++;
            c++;
        }
        int wordStart = j;
        while (j < n && isLetter(s[j] & 0xFF)) {
            j++;
            c++;
        }
        if (j - wordStart != 7 || !matches(s, wordStart, "version") || out.count > 0 || errCount > 0
                || out.version != GlslVersion.DEFAULT) {
            bail = true;
            return j;
        }
        while (j < n && (s[j] == ' ' || s[j] == '\t')) {
            j++;
            c++;
        }
        int version = 0;
        int digits = j;
        while (j < n && isDigit(s[j] & 0xFF)) {
            // saturated, so a long number cannot wrap into the accepted range
            version = Math.min(version * 10 + (s[j] - '0'), 100_000);
            j++;
            c++;
        }
        directiveCol = c;
        boolean any = j > digits;
        if (!any) {
            // The original leaves a token of kind 0 (end of file) here, so parsing stops at it.
            bad(TokenKind.EOF, line, col, hash, 1, Messages.EXPECTED_VERSION_NUMBER);
        } else if (!GlslVersion.known(version)) {
            // ... and an integer token (value 0) here, which the parser then trips over.
            String written = new String(s, digits, j - digits, StandardCharsets.US_ASCII);
            bad(TokenKind.INT, line, col, hash, 1, Messages.unsupportedVersion(written));
        } else {
            // the profile word and the line's end; anything else (a comment, a bad word) is the preprocessor's
            while (j < n && (s[j] == ' ' || s[j] == '\t')) {
                j++;
            }
            int w = j;
            while (j < n && isLetter(s[j] & 0xFF)) {
                j++;
            }
            while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r')) {
                j++;
            }
            if (j < n && s[j] != '\n' || w < j && (j - w > 13 || !isLetter(s[w] & 0xFF))) {
                bail = true;
                return j;
            }
            int we = w;
            while (we < n && isLetter(s[we] & 0xFF)) {
                we++;
            }
            Object v = GlslVersion.of(version, we > w ? new String(s, w, we - w, StandardCharsets.US_ASCII) : null);
            if (!(v instanceof GlslVersion gv)) {
                bail = true;
                return j;
            }
            out.version = gv;
        }
        while (j < n && s[j] != '\n') {
            j++;
        }
        return j;
    }

    /** Float 10^e by repeated single-precision multiplication, as the original computes it. */
    static float pow10(int e) {
        float v = 1f;
        int m = e < 0 ? -e : e;
        for (int k = 0; k < m; k++) {
            v *= 10f;
        }
        return e < 0 ? 1f / v : v;
    }

    /**
     * A hexadecimal or octal literal from {@code start} to {@code end}, digits after a prefix of
     * {@code prefix} characters, as glslang takes them: at least one digit, every digit of the
     * radix, the value within 32 bits (its bit pattern is the int's). A {@code u} suffix is left
     * as the adjacent identifier it lexes to, which {@code #if} reads and the parser reports.
     */
    private void integer(byte[] s, int line, int col, int start, int end, int prefix, int radix, String tooBig) {
        int digits = end - start - prefix;
        if (radix == 16 && digits == 0) {
            bad(TokenKind.BAD, line, col, start, end - start, Messages.BAD_HEX_DIGIT);
            return;
        }
        long v = 0;
        for (int k = start + prefix; k < end; k++) {
            int d = Character.digit(s[k] & 0xFF, radix);
            if (d < 0) {
                bad(TokenKind.BAD, line, col, start, end - start, Messages.OCTAL_DIGIT_TOO_LARGE);
                return;
            }
            v = v * radix + d;
            if (v > 0xFFFF_FFFFL) {
                bad(TokenKind.BAD, line, col, start, end - start, tooBig);
                return;
            }
        }
        int t = out.add(TokenKind.INT, line, col, start, end - start);
        out.intValue[t] = v;
        out.floatValue[t] = (float) (int) v;
    }

    /**
     * True when a {@code 0} at {@code i} starts an octal literal: digits follow and no fraction
     * or exponent after them makes it a float ({@code 017} is octal, {@code 09.5} a float).
     */
    private static boolean octalAhead(byte[] s, int i, int n) {
        int j = i + 1;
        if (j >= n || !isDigit(s[j] & 0xFF)) {
            return false;
        }
        while (j < n && isDigit(s[j] & 0xFF)) {
            j++;
        }
        return j >= n || (s[j] != '.' && s[j] != 'e' && s[j] != 'E');
    }

    /** The value of decimal digits {@code s[start..end)} (at most ten of them). */
    private static long decimal(byte[] s, int start, int end) {
        long v = 0;
        for (int k = start; k < end; k++) {
            v = v * 10 + (s[k] - '0');
        }
        return v;
    }

    /** C's {@code (uint32_t)f} for a non-negative float as x86-64 compilers perform it. */
    static long toUint32(float f) {
        return f < 9.223372e18f ? ((long) f) & 0xFFFFFFFFL : 0L;
    }

    private static boolean isLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentChar(int c) {
        return isLetter(c) || isDigit(c) || c == '_';
    }

    private static boolean matches(byte[] s, int off, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (s[off + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The keyword kind of a word, {@link TokenKind#BAD} for a rejected qualifier, else
     * {@link TokenKind#IDENT}. Dispatches on length and first letter so no String is built.
     */
    /** {@code matCxR} with C and R in 2..4, or null. */
    private static TokenKind sizedMatrix(byte[] s, int off) {
        int c = s[off + 3] - '2';
        int r = s[off + 5] - '2';
        if (s[off + 1] != 'a' || s[off + 2] != 't' || s[off + 4] != 'x' || c < 0 || c > 2 || r < 0 || r > 2) {
            return null;
        }
        return SIZED_MATRICES[3 * c + r];
    }

    private static final TokenKind[] SIZED_MATRICES = {TokenKind.MAT2X2, TokenKind.MAT2X3, TokenKind.MAT2X4,
        TokenKind.MAT3X2, TokenKind.MAT3X3, TokenKind.MAT3X4, TokenKind.MAT4X2, TokenKind.MAT4X3, TokenKind.MAT4X4};

    /** The sampler type spellings, by length and then text. */
    private static final TokenKind[] SAMPLERS = {TokenKind.SAMPLER2D, TokenKind.SAMPLER3D, TokenKind.SAMPLERCUBE,
        TokenKind.SAMPLER2DSHADOW, TokenKind.SAMPLERCUBESHADOW, TokenKind.SAMPLER2DARRAY, TokenKind.SAMPLER2DARRAYSHADOW,
        TokenKind.ISAMPLER2D, TokenKind.ISAMPLER3D, TokenKind.ISAMPLERCUBE, TokenKind.ISAMPLER2DARRAY,
        TokenKind.USAMPLER2D, TokenKind.USAMPLER3D, TokenKind.USAMPLERCUBE, TokenKind.USAMPLER2DARRAY,
        TokenKind.SAMPLERCUBEARRAY, TokenKind.SAMPLERCUBEARRAYSHADOW, TokenKind.ISAMPLERCUBEARRAY,
        TokenKind.USAMPLERCUBEARRAY, TokenKind.SAMPLER2DMS, TokenKind.ISAMPLER2DMS, TokenKind.USAMPLER2DMS,
        TokenKind.SAMPLER2DMSARRAY, TokenKind.ISAMPLER2DMSARRAY, TokenKind.USAMPLER2DMSARRAY};

    private static TokenKind sampler(byte[] s, int off, int len) {
        for (TokenKind k : SAMPLERS) {
            if (k.spelling().length() == len && matches(s, off, k.spelling())) {
                return k;
            }
        }
        return null;
    }

    static TokenKind keyword(byte[] s, int off, int len) {
        int c0 = s[off];
        if (len >= 9 && (c0 == 's' || c0 == 'i' || c0 == 'u')) {
            TokenKind k = sampler(s, off, len);
            if (k != null) {
                return k;
            }
        }
        switch (len) {
            case 2:
                if (c0 == 'i' && s[off + 1] == 'n') return TokenKind.IN;
                if (c0 == 'i' && s[off + 1] == 'f') return TokenKind.IF;
                if (c0 == 'd' && s[off + 1] == 'o') return TokenKind.DO;
                break;
            case 3:
                if (c0 == 'o' && matches(s, off, "out")) return TokenKind.OUT;
                if (c0 == 'i' && matches(s, off, "int")) return TokenKind.INT_KW;
                if (c0 == 'f' && matches(s, off, "for")) return TokenKind.FOR;
                break;
            case 4:
                switch (c0) {
                    case 'v' -> {
                        if (matches(s, off, "void")) return TokenKind.VOID;
                        if (matches(s, off, "vec2")) return TokenKind.VEC2;
                        if (matches(s, off, "vec3")) return TokenKind.VEC3;
                        if (matches(s, off, "vec4")) return TokenKind.VEC4;
                    }
                    case 'b' -> {
                        if (matches(s, off, "bool")) return TokenKind.BOOL;
                    }
                    case 'm' -> {
                        if (matches(s, off, "mat2")) return TokenKind.MAT2;
                        if (matches(s, off, "mat3")) return TokenKind.MAT3;
                        if (matches(s, off, "mat4")) return TokenKind.MAT4;
                    }
                    case 'e' -> {
                        if (matches(s, off, "else")) return TokenKind.ELSE;
                    }
                    case 't' -> {
                        if (matches(s, off, "true")) return TokenKind.TRUE;
                    }
                    case 'c' -> {
                        if (matches(s, off, "case")) return TokenKind.CASE;
                    }
                    case 'f' -> {
                        if (matches(s, off, "flat")) return TokenKind.FLAT;
                    }
                    case 'l' -> {
                        if (matches(s, off, "lowp")) return TokenKind.LOWP;
                    }
                    case 'u' -> {
                        if (matches(s, off, "uint")) return TokenKind.UINT_KW;
                    }
                    default -> {
                    }
                }
                break;
            case 5:
                switch (c0) {
                    case 'b' -> {
                        if (matches(s, off, "break")) return TokenKind.BREAK;
                        if (matches(s, off, "bvec2")) return TokenKind.BVEC2;
                        if (matches(s, off, "bvec3")) return TokenKind.BVEC3;
                        if (matches(s, off, "bvec4")) return TokenKind.BVEC4;
                    }
                    case 'w' -> {
                        if (matches(s, off, "while")) return TokenKind.WHILE;
                    }
                    case 'c' -> {
                        if (matches(s, off, "const")) return TokenKind.CONST;
                    }
                    case 'f' -> {
                        if (matches(s, off, "float")) return TokenKind.FLOAT_KW;
                        if (matches(s, off, "false")) return TokenKind.FALSE;
                    }
                    case 'i' -> {
                        if (matches(s, off, "ivec2")) return TokenKind.IVEC2;
                        if (matches(s, off, "ivec3")) return TokenKind.IVEC3;
                        if (matches(s, off, "ivec4")) return TokenKind.IVEC4;
                        if (matches(s, off, "inout")) return TokenKind.INOUT;
                    }
                    case 'h' -> {
                        if (matches(s, off, "highp")) return TokenKind.HIGHP;
                    }
                    case 'u' -> {
                        if (matches(s, off, "uvec2")) return TokenKind.UVEC2;
                        if (matches(s, off, "uvec3")) return TokenKind.UVEC3;
                        if (matches(s, off, "uvec4")) return TokenKind.UVEC4;
                    }
                    case 'p' -> {
                        if (matches(s, off, "patch")) return TokenKind.BAD;
                    }
                    default -> {
                    }
                }
                break;
            case 6:
                switch (c0) {
                    case 'm' -> {
                        TokenKind m = sizedMatrix(s, off);
                        if (m != null) return m;
                    }
                    case 'l' -> {
                        if (matches(s, off, "layout")) return TokenKind.LAYOUT;
                    }
                    case 's' -> {
                        if (matches(s, off, "smooth")) return TokenKind.SMOOTH;
                        if (matches(s, off, "struct")) return TokenKind.STRUCT;
                        if (matches(s, off, "shared")) return TokenKind.BAD;
                        if (matches(s, off, "sample")) return TokenKind.SAMPLE;
                        if (matches(s, off, "switch")) return TokenKind.SWITCH;
                    }
                    case 'r' -> {
                        if (matches(s, off, "return")) return TokenKind.RETURN;
                    }
                    default -> {
                    }
                }
                break;
            case 7:
                switch (c0) {
                    case 'u' -> {
                        if (matches(s, off, "uniform")) return TokenKind.UNIFORM;
                    }
                    case 'd' -> {
                        if (matches(s, off, "discard")) return TokenKind.DISCARD;
                        if (matches(s, off, "default")) return TokenKind.DEFAULT;
                    }
                    case 'v' -> {
                        if (matches(s, off, "varying")) return TokenKind.VARYING;
                    }
                    case 'm' -> {
                        if (matches(s, off, "mediump")) return TokenKind.MEDIUMP;
                    }
                    case 'p' -> {
                        if (matches(s, off, "precise")) return TokenKind.BAD;
                    }
                    default -> {
                    }
                }
                break;
            case 8:
                switch (c0) {
                    case 'c' -> {
                        if (matches(s, off, "continue")) return TokenKind.CONTINUE;
                        if (matches(s, off, "centroid")) return TokenKind.CENTROID;
                        if (matches(s, off, "coherent")) return TokenKind.BAD;
                    }
                    case 'r' -> {
                        if (matches(s, off, "readonly")) return TokenKind.BAD;
                        if (matches(s, off, "restrict")) return TokenKind.BAD;
                    }
                    case 'v' -> {
                        if (matches(s, off, "volatile")) return TokenKind.BAD;
                    }
                    default -> {
                    }
                }
                break;
            case 9:
                if (c0 == 'p' && matches(s, off, "precision")) return TokenKind.PRECISION;
                if (c0 == 'a' && matches(s, off, "attribute")) return TokenKind.ATTRIBUTE;
                if (c0 == 'i' && matches(s, off, "invariant")) return TokenKind.BAD;
                if (c0 == 'w' && matches(s, off, "writeonly")) return TokenKind.BAD;
                break;
            case 13:
                if (c0 == 'n' && matches(s, off, "noperspective")) return TokenKind.NOPERSPECTIVE;
                break;
            default:
                break;
        }
        return TokenKind.IDENT;
    }
}
