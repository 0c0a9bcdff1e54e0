package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.diag.Diagnostic;
import dev.csir.diag.Messages;
import dev.csir.ir.Stage;
import dev.csir.verify.Verifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bad input never escapes: every prefix of several shaders, random bytes and tokens, mutations and
 * oversized sources each come back as diagnostics or as a verified shader with TGSI.
 */
class RobustnessTest {
    static final List<String> SEEDS = List.of(OriginalCasesTest.LIGHT_VS, OriginalCasesTest.LIGHT_FS, """
            #version 330 core
            layout(location = 0) in vec4 p;
            uniform mat4 m;
            uniform float t;
            out vec2 uv;
            float wave(float x, float k) { return sin(x * k + t) * 0.5; }
            void main() {
                float s = 0.0;
                for (int i = 0; i < 4; i++) { s = s + wave(p[i], 2.0); }
                if (s > 0.5) { uv = vec2(s, 1.0 - s); } else { uv = p.xy * 0.5 + vec2(0.5); }
                mat3 r = mat3(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));
                gl_Position = m * vec4(r * p.xyz, 1.0) + vec4(mod(s, 2.0), floor(s), 0.0, 0.0);
            }
            """, """
            in vec2 uv;
            uniform sampler2D tex;
            out vec4 c;
            void main() {
                vec4 t = texture(tex, uv);
                if (t.a < 0.25) { discard; }
                c = vec4(smoothstep(0.0, 1.0, t.rgb) * clamp(dot(t.rgb, vec3(0.3, 0.6, 0.1)), 0.0, 1.0), 1.0);
            }
            """);

    static final String[] TOKENS = {"void", "main", "(", ")", "{", "}", ";", "float", "vec4", "vec2", "mat4", "int",
        "=", "+", "*", "/", "-", "%", "<", ">=", "==", "&&", "||", "!", "++", ".", ",", "[", "]", "x", "y", "xyzw",
        "1.0", "2", "0", "1e", "if", "else", "for", "return", "discard", "uniform", "in", "out", "const",
        "layout", "location", "gl_Position", "gl_FragCoord", "texture", "sampler2D", "#version 330", "#define",
        "/*", "*/", "//", "\n", " ", "\t", "@", "$", "\"", "sqrt", "log", "normalize", "mat3", "bool", "true"};

    int cases;

    void check(Stage stage, String src) {
        CompileResult r = ShaderCompiler.compile(stage, "fuzz.vert", src);
        cases++;
        if (r.ok()) {
            assertThat(Verifier.verify(r.ir())).as(src).isEmpty();
            assertThat(r.tgsi()).as(src).endsWith("END\n");
            assertThat(r.diagnostics()).isEmpty();
        } else {
            assertThat(r.diagnostics()).as(src).isNotEmpty().hasSizeLessThanOrEqualTo(8);
            assertThat(r.errorCount()).isGreaterThanOrEqualTo(r.diagnostics().size());
            for (Diagnostic d : r.diagnostics()) {
                assertThat(d.render()).startsWith("fuzz.vert:");
            }
        }
        // the dumps are written on request: an accepted shader's IR dump is of that shader, with a
        // line for each instruction at least; a rejected one has no IR and no TGSI
        if (r.ok()) {
            assertThat(r.irDump()).as(src).startsWith("shader fuzz.vert\nstage " + stage.word() + "\n");
            assertThat(r.irDump().lines().count()).as(src).isGreaterThanOrEqualTo(r.ir().liveCount());
            assertThat(r.astDump()).as(src).isNotBlank();
        } else {
            assertThat(r.tgsi()).as(src).isNull();
            // verified CSIR survives a rejection only when its TGSI was what failed
            if (r.ir() != null) {
                assertThat(r.diagnostics()).as(src).allMatch(d -> d.message().startsWith(Messages.TGSI_BUDGET));
            }
        }
    }

    @Test
    void everyPrefixOfEverySeed() {
        int want = 0;
        for (String s : SEEDS) {
            for (int n = 0; n <= s.length(); n++) {
                check(Stage.VERTEX, s.substring(0, n));
                check(Stage.FRAGMENT, s.substring(0, n));
            }
            want += 2 * (s.length() + 1);
        }
        assertThat(cases).isEqualTo(want).isGreaterThan(2500);
    }

    @Test
    void randomBytesAndTokens() {
        Random r = new Random(7);
        for (int i = 0; i < 1500; i++) {
            StringBuilder sb = new StringBuilder();
            int len = 1 + r.nextInt(200);
            for (int k = 0; k < len; k++) {
                sb.append((char) (r.nextInt(10) == 0 ? r.nextInt(0x3000) : r.nextInt(128)));
            }
            check(i % 2 == 0 ? Stage.VERTEX : Stage.FRAGMENT, sb.toString());
            sb.setLength(0);
            int tokens = 1 + r.nextInt(120);
            for (int k = 0; k < tokens; k++) {
                sb.append(TOKENS[r.nextInt(TOKENS.length)]).append(r.nextBoolean() ? " " : "");
            }
            check(i % 2 == 0 ? Stage.VERTEX : Stage.FRAGMENT, sb.toString());
        }
        assertThat(cases).isEqualTo(3000);
    }

    @Test
    void mutationsOfValidShaders() {
        Random r = new Random(11);
        int compiled = 0;
        for (int i = 0; i < 3000; i++) {
            String seed = SEEDS.get(i % SEEDS.size());
            StringBuilder sb = new StringBuilder(seed);
            int edits = 1 + r.nextInt(3);
            for (int e = 0; e < edits && !sb.isEmpty(); e++) {
                int at = r.nextInt(sb.length());
                switch (r.nextInt(4)) {
                    case 0 -> sb.deleteCharAt(at);
                    case 1 -> sb.insert(at, TOKENS[r.nextInt(TOKENS.length)]);
                    case 2 -> sb.setCharAt(at, (char) (32 + r.nextInt(95)));
                    default -> {
                        int end = Math.min(sb.length(), at + r.nextInt(40));
                        sb.insert(r.nextInt(sb.length()), sb.substring(at, end));
                    }
                }
            }
            Stage stage = seed.contains("gl_Position") ? Stage.VERTEX : Stage.FRAGMENT;
            check(stage, sb.toString());
            if (ShaderCompiler.compile(stage, "m", sb.toString()).ok()) {
                compiled++;
            }
        }
        // some mutations (inside comments, numbers, names) still compile: both paths are exercised
        assertThat(compiled).isPositive();
        assertThat(cases).isEqualTo(3000);
    }

    @Test
    void oversizedAndDeeplyNestedSources() {
        List<String> big = new ArrayList<>();
        big.add("x".repeat(4096));
        big.add(OriginalCasesTest.LIGHT_VS.repeat(20));
        big.add("void main() { gl_Position = vec4(1.0); }\n" + "/*".repeat(3000));
        big.add("\u00e9".repeat(2048)); // 4096 bytes of UTF-8 in 2048 chars
        big.add("void main() {" + "{".repeat(5000) + "}".repeat(5000) + "}");
        big.add("a".repeat(1 << 20));
        // the ChrisOS profile's 4095-byte bound; the default's 16 MiB is LanguageLimitsTest's
        for (String s : big) {
            CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "big.vert", s,
                    dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
            cases++;
            assertThat(r.ok()).isFalse();
            assertThat(r.diagnostics()).extracting(Diagnostic::message)
                    .singleElement().asString().startsWith("shader source exceeds the size limit: ");
        }
        String[] deep = {"void main() { gl_Position = vec4(" + "(".repeat(2000) + "1.0" + ")".repeat(2000) + "); }",
            "void main() {" + "{".repeat(1300) + "}".repeat(1300) + " gl_Position = vec4(1.0); }",
            "void main() {" + " if (true)".repeat(300) + " gl_Position = vec4(1.0); }",
            "void main() { gl_Position = vec4(" + "-".repeat(3000) + "1.0); }",
            "void main() { gl_Position = vec4(1.0" + " + 1.0".repeat(600) + "); }"};
        for (String s : deep) {
            check(Stage.VERTEX, s);
        }
    }
}
