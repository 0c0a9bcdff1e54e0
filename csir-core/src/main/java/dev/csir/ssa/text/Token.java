package dev.csir.ssa.text;

/**
 * One token of the text form. {@code text} is the token as it means: a name without its sigil and
 * with quotes resolved, a number's digits, a punctuation mark, or an error's message.
 */
record Token(Kind kind, String text, int line, int col) {
    enum Kind {
        /** A bare identifier: keywords, mnemonics, type names, {@code bb3}. */
        IDENT,
        /** A quoted string (a name that is not an identifier). */
        STRING,
        /** {@code %3}, {@code %arg0}: the text after {@code %}. */
        VALUE,
        /** {@code @name}: the name after {@code @}. */
        GLOBAL,
        /** A decimal or {@code 0x} hexadecimal number, sign included. */
        NUMBER,
        /** One of {@code : , = ( ) [ ] { } < > - ->}. */
        PUNCT,
        /** {@code ;}: the rest of the line is a hint or a comment, as the parser decides. */
        SEMI,
        NEWLINE,
        EOF,
        /** Text that is no token; {@code text} says why. */
        ERROR
    }

    boolean is(Kind k, String s) {
        return kind == k && text.equals(s);
    }

    boolean isPunct(String s) {
        return is(Kind.PUNCT, s);
    }

    boolean isIdent(String s) {
        return is(Kind.IDENT, s);
    }

    /** How the token reads in a message. */
    String describe() {
        return switch (kind) {
            case NEWLINE -> "end of line";
            case EOF -> "end of input";
            case VALUE -> "'%" + text + "'";
            case GLOBAL -> "'@" + text + "'";
            case STRING -> Names.quote(text);
            case SEMI -> "';'";
            default -> "'" + text + "'";
        };
    }
}
