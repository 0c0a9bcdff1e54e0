package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;

/**
 * The sampler words that came after GLSL 1.30's, by version, as glslang has them: the cube-map
 * arrays ({@code samplerCubeArray}, its shadow and integer kinds) are keywords from desktop GLSL
 * 4.00 and ES 3.20, and before that with {@code GL_ARB_texture_cube_map_array} on the desktop or
 * {@code GL_EXT_texture_cube_map_array} / {@code GL_OES_texture_cube_map_array} (glslang takes
 * these two on the desktop too). Elsewhere a cube-map array word is reserved in every version: an
 * error at the word, which then reads as a name.
 */
final class SamplerWords {
    private SamplerWords() {
    }

    static void apply(Tokens tokens, DiagnosticLog log) {
        boolean cubeArrays = cubeArrays(tokens.version(), tokens.extensions());
        if (cubeArrays) {
            return;
        }
        for (int t = 0; t < tokens.count; t++) {
            TokenKind k = tokens.kind[t];
            if (k.isCubeArray()) {
                log.error(tokens.line[t], tokens.column[t], tokens.spanOffset(t), tokens.spanLength(t),
                        Messages.reservedWord(k.spelling()));
                tokens.kind[t] = TokenKind.IDENT;
            }
        }
    }

    private static boolean cubeArrays(GlslVersion v, java.util.Set<String> extensions) {
        if (v.explicit() && v.number() >= (v.es() ? 320 : 400)) {
            return true;
        }
        return !v.es() && extensions.contains("GL_ARB_texture_cube_map_array")
                || extensions.contains("GL_EXT_texture_cube_map_array")
                || extensions.contains("GL_OES_texture_cube_map_array");
    }
}
