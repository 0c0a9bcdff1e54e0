package dev.csir.lang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.DiagnosticLog;
import dev.csir.testing.Snapshot;
import org.junit.jupiter.api.Test;

/** Snapshot tests of the AST dump on shaders written for these tests. */
class AstDumpTest {

    static final String LIT_VERTEX = """
            #version 330 core
            // Per-vertex diffuse lighting.
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            uniform mat4 mvp;
            uniform vec3 lightDir;
            smooth out vec4 shade;

            float lambert(vec3 n, vec3 l) {
                return max(dot(normalize(n), -l), 0.0);
            }

            void main() {
                float k = lambert(normal, lightDir) * 0.75 + 0.25;
                shade = vec4(k, k, k, 1.0);
                gl_Position = mvp * vec4(position, 1.0);
            }
            """;

    static final String CHECKER_FRAGMENT = """
            in vec2 uv;
            uniform sampler2D tex;
            out vec4 color;
            void main() {
                vec4 c = texture(tex, uv * 8.0);
                float sum = 0.0;
                for (int i = 0; i < 4; i++) {
                    sum = sum + c[i];
                }
                if (sum < 0.1) discard;
                else if (!(c.a >= 0.5) || uv.x != uv.y) { c.rgb = c.bgr; }
                color = vec4(c.xyz / sum, 1.0);
            }
            """;

    static final String BROKEN = """
            out vec4 v;
            void main() {
                float a = 2.0 ++;
                vec3 b = vec3(1.0, 2.0, );
                v = vec4(b, a) -- ;
            }
            """;

    @Test
    void litVertex() {
        DiagnosticLog log = new DiagnosticLog("lit.vert", LIT_VERTEX);
        String dump = AstDump.dump(Parser.parse(LIT_VERTEX, log));
        assertThat(log.hasErrors()).isFalse();
        assertThat(dump).contains("func float lambert @9:7", "var layout(location=1) in vec3 normal @4:30");
        Snapshot.assertMatches("lang/lit.vert.ast.txt", dump);
    }

    @Test
    void checkerFragment() {
        DiagnosticLog log = new DiagnosticLog("checker.frag", CHECKER_FRAGMENT);
        String dump = AstDump.dump(Parser.parse(CHECKER_FRAGMENT, log));
        assertThat(log.hasErrors()).isFalse();
        Snapshot.assertMatches("lang/checker.frag.ast.txt", dump);
    }

    @Test
    void partialTreeAndLogOfABrokenShader() {
        DiagnosticLog log = new DiagnosticLog("broken.vert", BROKEN);
        String dump = AstDump.dump(Parser.parse(BROKEN, log));
        Snapshot.assertMatches("lang/broken.vert.ast.txt", dump + "--- log\n" + log.render());
    }
}
