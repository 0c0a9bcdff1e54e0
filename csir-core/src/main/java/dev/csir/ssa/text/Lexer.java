package dev.csir.ssa.text;

import dev.csir.ssa.text.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text form into tokens on demand. It is a cursor rather than a token list because a
 * {@code ;} starts either a hint (tokens) or free comment text (any characters): the parser
 * decides, and {@link #skipLine()} drops the rest of a line without lexing it. Never throws: text
 * that is no token becomes an {@link Kind#ERROR} token.
 */
final class Lexer {
    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;
    private final List<Token> ahead = new ArrayList<>();

    Lexer(String src) {
        this.src = src;
    }

    Token peek() {
        return peek(0);
    }

    Token peek(int k) {
        while (ahead.size() <= k) {
            int before = pos;
            Token t = lex();
            spaced.add(before < src.length() && (src.charAt(before) == ' ' || src.charAt(before) == '\t'));
            ahead.add(t);
        }
        return ahead.get(k);
    }

    /** Whether whitespace came before the k-th token ahead. */
    boolean spacedBefore(int k) {
        peek(k);
        return spaced.get(k);
    }

    /** Per token ahead: whether whitespace separated it from what came before. */
    private final java.util.List<Boolean> spaced = new java.util.ArrayList<>();

    Token next() {
        Token t = peek();
        ahead.removeFirst();
        spaced.removeFirst();
        return t;
    }

    /** Drops everything up to (not including) the end of the current line. */
    void skipLine() {
        for (int k = 0; k < ahead.size(); k++) {
            Kind kind = ahead.get(k).kind();
            if (kind == Kind.NEWLINE || kind == Kind.EOF) {
                ahead.subList(0, k).clear();
                spaced.subList(0, k).clear();
                return;
            }
        }
        ahead.clear();
        spaced.clear();
        while (pos < src.length() && src.charAt(pos) != '\n') {
            pos++;
        }
    }

    private Token lex() {
        while (pos < src.length() && (src.charAt(pos) == ' ' || src.charAt(pos) == '\t' || src.charAt(pos) == '\r')) {
            pos++;
        }
        int col = pos - lineStart + 1;
        if (pos >= src.length()) {
            return new Token(Kind.EOF, "", line, col);
        }
        char c = src.charAt(pos);
        int start = pos;
        if (c == '\n') {
            pos++;
            Token t = new Token(Kind.NEWLINE, "\n", line, col);
            line++;
            lineStart = pos;
            return t;
        }
        if (c == ';') {
            pos++;
            return new Token(Kind.SEMI, ";", line, col);
        }
        if (c == '%' || c == '@') {
            pos++;
            if (c == '@' && pos < src.length() && src.charAt(pos) == '"') {
                Token s = string(col);
                return s.kind() == Kind.ERROR ? s : new Token(Kind.GLOBAL, s.text(), line, col);
            }
            while (pos < src.length() && Names.isIdentPart(src.charAt(pos))) {
                pos++;
            }
            if (pos == start + 1) {
                return new Token(Kind.ERROR, "expected a name after '" + c + "'", line, col);
            }
            return new Token(c == '%' ? Kind.VALUE : Kind.GLOBAL, src.substring(start + 1, pos), line, col);
        }
        if (c == '"') {
            return string(col);
        }
        if (c >= '0' && c <= '9' || c == '-' && pos + 1 < src.length() && isDigit(src.charAt(pos + 1))) {
            return number(col);
        }
        if (c == '-' && pos + 1 < src.length() && src.charAt(pos + 1) == '>') {
            pos += 2;
            return new Token(Kind.PUNCT, "->", line, col);
        }
        if (":,=()[]{}<>-".indexOf(c) >= 0) {
            pos++;
            return new Token(Kind.PUNCT, String.valueOf(c), line, col);
        }
        if (Names.isIdentStart(c)) {
            while (pos < src.length() && Names.isIdentPart(src.charAt(pos))) {
                pos++;
            }
            return new Token(Kind.IDENT, src.substring(start, pos), line, col);
        }
        pos++;
        return new Token(Kind.ERROR, "unexpected character " + Names.quote(String.valueOf(c)), line, col);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
        return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** {@code -?digits[.digits][E[+-]digits]} or {@code 0xHEX}; letters glued on are an error. */
    private Token number(int col) {
        int start = pos;
        if (src.charAt(pos) == '-') {
            pos++;
        }
        if (src.startsWith("0x", pos) && pos + 2 < src.length() && isHex(src.charAt(pos + 2))) {
            pos += 2;
            while (pos < src.length() && isHex(src.charAt(pos))) {
                pos++;
            }
        } else {
            digits();
            if (pos + 1 < src.length() && src.charAt(pos) == '.' && isDigit(src.charAt(pos + 1))) {
                pos++;
                digits();
            }
            if (pos < src.length() && (src.charAt(pos) == 'E' || src.charAt(pos) == 'e')) {
                int mark = pos;
                pos++;
                if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                    pos++;
                }
                if (pos < src.length() && isDigit(src.charAt(pos))) {
                    digits();
                } else {
                    pos = mark;
                }
            }
        }
        if (pos < src.length() && Names.isIdentPart(src.charAt(pos))) {
            while (pos < src.length() && Names.isIdentPart(src.charAt(pos))) {
                pos++;
            }
            return new Token(Kind.ERROR, "malformed number '" + src.substring(start, pos) + "'", line, col);
        }
        return new Token(Kind.NUMBER, src.substring(start, pos), line, col);
    }

    private void digits() {
        while (pos < src.length() && isDigit(src.charAt(pos))) {
            pos++;
        }
    }

    /** A quoted string at {@code pos}; it must end on its line. */
    private Token string(int col) {
        pos++;
        StringBuilder b = new StringBuilder();
        while (pos < src.length() && src.charAt(pos) != '\n') {
            char c = src.charAt(pos++);
            if (c == '"') {
                return new Token(Kind.STRING, b.toString(), line, col);
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (pos >= src.length() || src.charAt(pos) == '\n') {
                break;
            }
            char e = src.charAt(pos++);
            switch (e) {
                case '"', '\\' -> b.append(e);
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'u' -> {
                    if (pos + 4 > src.length() || !src.substring(pos, pos + 4).chars().allMatch(h -> isHex((char) h))) {
                        return badString(col, "bad \\u escape");
                    }
                    b.append((char) Integer.parseInt(src.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> {
                    return badString(col, "bad escape \\" + e);
                }
            }
        }
        return badString(col, "unterminated string");
    }

    private Token badString(int col, String message) {
        while (pos < src.length() && src.charAt(pos) != '\n') {
            pos++;
        }
        return new Token(Kind.ERROR, message, line, col);
    }
}
