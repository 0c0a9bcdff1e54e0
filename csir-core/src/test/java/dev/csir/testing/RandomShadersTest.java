package dev.csir.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The generator itself: a seed and mode always give the same program, and over a few hundred
 * seeds every construct it promises turns up (printed as the share of programs that have it).
 */
class RandomShadersTest {
    static final int N = 600;

    @Test
    void aSeedAlwaysGivesTheSameProgram() {
        for (RandomShaders.Mode mode : RandomShaders.Mode.values()) {
            for (long seed = 0; seed < 50; seed++) {
                assertThat(RandomShaders.generate(seed, mode)).isEqualTo(RandomShaders.generate(seed, mode));
            }
        }
        assertThat(RandomShaders.generate(7)).isEqualTo(RandomShaders.generate(7, RandomShaders.Mode.FULL));
        assertThat(RandomShaders.generate(7, RandomShaders.Mode.FULL).text())
                .isNotEqualTo(RandomShaders.generate(7, RandomShaders.Mode.CSIR_COMPATIBLE).text());
    }

    /** Constructs by a pattern of the source text that shows them. */
    static Map<String, Pattern> features(RandomShaders.Mode mode) {
        Map<String, Pattern> f = new LinkedHashMap<>();
        f.put("vertex", Pattern.compile("gl_Position ="));
        f.put("fragment", Pattern.compile("gl_FragCoord"));
        f.put("layout", Pattern.compile("layout\\(location"));
        f.put("mat uniform", Pattern.compile("uniform mat[34]"));
        f.put("int uniform", Pattern.compile("uniform i"));
        f.put("helper", Pattern.compile("\\n(float|vec[234]|int|bool|void) f_"));
        f.put("helper call", Pattern.compile("f_\\d+\\((?!.*\\) \\{$)", Pattern.MULTILINE));
        f.put("parameters", Pattern.compile("f_\\d+\\([a-z0-9]+ p_"));
        f.put("global", Pattern.compile("\\n(float|vec[234]|int|bool) g_"));
        f.put("const", Pattern.compile("\\nconst "));
        f.put("if/else", Pattern.compile("\\} else \\{"));
        f.put("else if", Pattern.compile("else if"));
        f.put("nested if", Pattern.compile("\\n {4,}if \\("));
        f.put("for", Pattern.compile("for \\("));
        f.put("nested for", Pattern.compile("for \\([^\\n]*\\n(?:[^\\n]*\\n)*? +for \\("));
        f.put("discard", Pattern.compile("discard;"));
        f.put("return", Pattern.compile("return "));
        f.put("swizzle", Pattern.compile("\\.[xyzw]{2,4}\\b"));
        f.put("rgba swizzle", Pattern.compile("\\.[rgba]+\\b"));
        f.put("index", Pattern.compile("\\[[0-9a-z_ +()-]+\\]"));
        f.put("constructor", Pattern.compile("vec[234]\\("));
        f.put("matrix", Pattern.compile("mat[34]\\("));
        f.put("int(float)", Pattern.compile("int\\("));
        f.put("float(..)", Pattern.compile("float\\("));
        f.put("%", Pattern.compile(" % "));
        f.put("comparison", Pattern.compile(" (<|<=|>|>=|==|!=) "));
        f.put("&& ||", Pattern.compile(" (&&|\\|\\|) "));
        f.put("!", Pattern.compile("\\(!"));
        f.put("division", Pattern.compile(" / "));
        f.put("negative literal", Pattern.compile("\\(-[0-9]"));
        f.put("zero", Pattern.compile("\\b0\\.0\\b"));
        for (String b : List.of("abs", "sign", "floor", "ceil", "fract", "trunc", "sqrt", "inversesqrt", "sin", "cos",
                "tan", "radians", "degrees", "exp", "exp2", "pow", "mod", "min", "max", "step", "clamp", "mix",
                "smoothstep", "dot", "length", "distance", "normalize", "cross", "reflect")) {
            f.put(b, Pattern.compile("\\b" + b + "\\("));
        }
        if (mode == RandomShaders.Mode.FULL) {
            f.put("void helper", Pattern.compile("\\nvoid f_"));
            f.put("early return", Pattern.compile("\\{\\n +return"));
            f.put("run-time trip count", Pattern.compile("< int\\("));
            f.put("float counter", Pattern.compile("for \\(float"));
            f.put("no init/step", Pattern.compile("for \\(; "));
            f.put("no condition", Pattern.compile("for \\([^;]*; ;"));
            f.put("texture", Pattern.compile("texture\\("));
            f.put("NaN/inf maker", Pattern.compile("\\(0\\.0 / 0\\.0\\)|sqrt\\(-1\\.0\\)|1\\.0 / 0\\.0|exp\\(1000"));
            f.put("5+ parameters", Pattern.compile("f_\\d+\\(([a-z0-9]+ p_\\d+, ){4,}"));
            f.put("declared then assigned", Pattern.compile("\\n +(float|vec[234]|int|bool|ivec2) l_\\d+;"));
        }
        return f;
    }

    @Test
    void everyConstructTurnsUp() {
        for (RandomShaders.Mode mode : RandomShaders.Mode.values()) {
            Map<String, Pattern> features = features(mode);
            Map<String, Integer> counts = new LinkedHashMap<>();
            features.keySet().forEach(k -> counts.put(k, 0));
            int vertex = 0;
            for (long seed = 0; seed < N; seed++) {
                ShaderCorpus.Source s = RandomShaders.generate(seed, mode);
                vertex += s.stage() == ShaderStage.VERTEX ? 1 : 0;
                for (var e : features.entrySet()) {
                    if (e.getValue().matcher(s.text()).find()) {
                        counts.merge(e.getKey(), 1, Integer::sum);
                    }
                }
            }
            List<String> shares = new ArrayList<>();
            counts.forEach((k, v) -> shares.add(k + " " + Math.round(100.0 * v / N) + "%"));
            System.out.println("RandomShadersTest " + mode + " (" + N + " programs, " + vertex + " vertex): "
                    + String.join(", ", shares));
            assertThat(counts).allSatisfy((k, v) -> assertThat(v).as(mode + " " + k).isGreaterThan(0));
        }
    }
}
