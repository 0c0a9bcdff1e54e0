package dev.csir.ssa.text;

/**
 * Spelling of source names in the text form. A name made of identifier characters prints bare;
 * anything else (spaces, punctuation, a leading digit, the empty string) prints as a quoted
 * string, so that every name reads back exactly. Hints that may be absent print as {@code -}.
 */
final class Names {
    private Names() {
    }

    static boolean isIdentStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '.';
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || c >= '0' && c <= '9';
    }

    /** True when {@code s} lexes as one identifier token. */
    static boolean isSimple(String s) {
        if (s.isEmpty() || !isIdentStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isIdentPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A name after {@code @}: identifier characters, a leading digit allowed (the sigil separates). */
    static String global(String name) {
        if (!name.isEmpty() && name.chars().allMatch(c -> isIdentPart((char) c))) {
            return "@" + name;
        }
        return "@" + quote(name);
    }

    /** A name in a hint or declaration: bare when simple, else quoted. */
    static String name(String name) {
        return isSimple(name) ? name : quote(name);
    }

    /** A hint that may be absent: {@code -} for none. */
    static String hint(String name) {
        return name == null ? "-" : name(name);
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
