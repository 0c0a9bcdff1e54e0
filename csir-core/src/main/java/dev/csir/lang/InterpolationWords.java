package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;

/**
 * The interpolation and auxiliary qualifier words by version, as glslang has them: desktop GLSL
 * has {@code centroid} from 1.20, {@code smooth}, {@code flat} and {@code noperspective} from 1.30
 * and {@code sample} from 4.00; ES 1.00 reserves {@code flat}; ES 3.00 and 3.10 have
 * {@code smooth}, {@code flat} and {@code centroid} and reserve {@code noperspective} and
 * {@code sample}, which ES 3.20 has. Before its version a word is a plain name; a reserved word is
 * an error at the word.
 */
final class InterpolationWords {
    private InterpolationWords() {
    }

    static void apply(Tokens tokens, DiagnosticLog log) {
        GlslVersion v = tokens.version();
        for (int t = 0; t < tokens.count; t++) {
            TokenKind k = tokens.kind[t];
            if (k != TokenKind.SMOOTH && k != TokenKind.FLAT && k != TokenKind.NOPERSPECTIVE
                    && k != TokenKind.CENTROID && k != TokenKind.SAMPLE) {
                continue;
            }
            switch (status(v, k)) {
                case NAME -> tokens.kind[t] = TokenKind.IDENT;
                case RESERVED -> {
                    log.error(tokens.line[t], tokens.column[t], tokens.spanOffset(t), tokens.spanLength(t),
                            Messages.reservedWord(k.spelling()));
                    tokens.kind[t] = TokenKind.IDENT;
                }
                case KEYWORD -> {
                }
            }
        }
    }

    private enum Status { KEYWORD, NAME, RESERVED }

    private static Status status(GlslVersion v, TokenKind k) {
        int n = v.number();
        if (v.es()) {
            if (n < 300) {
                return k == TokenKind.FLAT ? Status.RESERVED : Status.NAME;
            }
            if (k == TokenKind.NOPERSPECTIVE || k == TokenKind.SAMPLE && n < 320) {
                return Status.RESERVED;
            }
            return Status.KEYWORD;
        }
        int since = switch (k) {
            case CENTROID -> 120;
            case SAMPLE -> 400;
            default -> 130;
        };
        return n >= since ? Status.KEYWORD : Status.NAME;
    }
}
