package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.util.Set;

/**
 * The sampler words that came after GLSL 1.30's, by version, as glslang has them.
 * <ul>
 * <li>The cube-map arrays ({@code samplerCubeArray}, its shadow and integer kinds) are keywords
 *     from desktop GLSL 4.00 and ES 3.20, and before that with
 *     {@code GL_ARB_texture_cube_map_array} on the desktop or
 *     {@code GL_EXT_texture_cube_map_array} / {@code GL_OES_texture_cube_map_array} (glslang
 *     takes these two on the desktop too); elsewhere reserved, in every version.</li>
 * <li>The multisample samplers ({@code sampler2DMS} and its integer kinds) are keywords from
 *     desktop GLSL 1.50 (before, with {@code GL_ARB_texture_multisample}) and ES 3.10; ES 3.00
 *     reserves them; elsewhere they are names.</li>
 * <li>Their arrays ({@code sampler2DMSArray}, ...) as well, but in ES from 3.20 (reserved in 3.00
 *     and 3.10), and with {@code GL_OES_texture_storage_multisample_2d_array} in any version.</li>
 * </ul>
 * A reserved word is an error at the word, which then reads as a name.
 */
final class SamplerWords {
    private SamplerWords() {
    }

    private enum Status { KEYWORD, NAME, RESERVED }

    static void apply(Tokens tokens, DiagnosticLog log) {
        GlslVersion v = tokens.version();
        Set<String> extensions = tokens.extensions();
        Status cubeArrays = cubeArrays(v, extensions);
        Status multisample = multisample(v, extensions, false);
        Status multisampleArrays = multisample(v, extensions, true);
        if (cubeArrays == Status.KEYWORD && multisample == Status.KEYWORD && multisampleArrays == Status.KEYWORD) {
            return;
        }
        for (int t = 0; t < tokens.count; t++) {
            TokenKind k = tokens.kind[t];
            Status s = k.isCubeArray() ? cubeArrays : switch (k.multisampleKind()) {
                case 1 -> multisample;
                case 2 -> multisampleArrays;
                default -> Status.KEYWORD;
            };
            if (s == Status.RESERVED) {
                log.error(tokens.line[t], tokens.column[t], tokens.spanOffset(t), tokens.spanLength(t),
                        Messages.reservedWord(k.spelling()));
            }
            if (s != Status.KEYWORD) {
                tokens.kind[t] = TokenKind.IDENT;
            }
        }
    }

    private static Status cubeArrays(GlslVersion v, Set<String> extensions) {
        boolean on = v.explicit() && v.number() >= (v.es() ? 320 : 400)
                || !v.es() && extensions.contains("GL_ARB_texture_cube_map_array")
                || extensions.contains("GL_EXT_texture_cube_map_array")
                || extensions.contains("GL_OES_texture_cube_map_array");
        return on ? Status.KEYWORD : Status.RESERVED;
    }

    private static Status multisample(GlslVersion v, Set<String> extensions, boolean arrays) {
        int n = v.explicit() ? v.number() : 110;
        if (arrays && extensions.contains("GL_OES_texture_storage_multisample_2d_array")) {
            return Status.KEYWORD;
        }
        if (v.es()) {
            return n >= (arrays ? 320 : 310) ? Status.KEYWORD : n >= 300 ? Status.RESERVED : Status.NAME;
        }
        return n >= 150 || extensions.contains("GL_ARB_texture_multisample") ? Status.KEYWORD : Status.NAME;
    }
}
