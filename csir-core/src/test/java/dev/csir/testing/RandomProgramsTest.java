package dev.csir.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pair generator itself: a seed always gives the same pair, every pair has the interface it
 * promises, every construct of its list turns up (printed as the share of pairs that have it),
 * and glslang, the reference, accepts and links the pairs.
 */
class RandomProgramsTest {
    static final int N = 400;
    /** Pairs checked with glslangValidator (a process each); more with -Dcsir.pairs.glslangSeeds. */
    static final int GLSLANG_SEEDS = Integer.getInteger("csir.pairs.glslangSeeds", 30);

    private static final Pattern VARYING_OUT = Pattern.compile("\\nout (float|vec[234]) (v\\d+);");
    private static final Pattern UNIFORM = Pattern.compile("\\nuniform (\\w+) (\\w+);");
    private static final Pattern LOOP = Pattern.compile("for \\(int (i\\d+) = 0; \\1 < (\\d+); \\1\\+\\+\\)");
    private static final Pattern MATRIX_LOCAL = Pattern.compile("mat[34] (l\\d+) = ");
    private static final Pattern HELPER = Pattern.compile("\\n(float|vec[234]) (f\\d+)\\(([^)]*)\\) \\{");

    @Test
    void aSeedAlwaysGivesTheSamePair() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(RandomPrograms.generate(seed)).isEqualTo(RandomPrograms.generate(seed));
        }
        assertThat(RandomPrograms.generate(1).fragment()).isNotEqualTo(RandomPrograms.generate(2).fragment());
    }

    @Test
    void everyPairHasThePromisedInterface() {
        for (long seed = 0; seed < N; seed++) {
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            String vs = p.vertex();
            String fs = p.fragment();
            String at = "seed " + seed;
            assertThat(vs.length()).as(at).isLessThanOrEqualTo(RandomPrograms.MAX_STAGE_BYTES);
            assertThat(fs.length()).as(at).isLessThanOrEqualTo(RandomPrograms.MAX_STAGE_BYTES);
            assertThat(vs).as(at).startsWith("#version 330 core\n")
                    .contains("layout(location = 0) in vec3 position;", "layout(location = 1) in vec3 normal;",
                            "layout(location = 2) in vec2 uv;", "uniform mat4 model;", "uniform float time;",
                            "  gl_Position = projection * view * model * vec4(position, 1.0) + ");
            assertThat(fs).as(at).startsWith("#version 330 core\n")
                    .contains("uniform sampler2D tex;", "out vec4 fragColor;", "texture(tex, ")
                    .containsPattern("fragColor = vec4\\(clamp\\(.*, 0\\.0, 1\\.0\\), 1\\.0\\);\\n\\}\\n$");

            // 1 to 3 varyings, each written in main and read by the fragment shader
            Matcher m = VARYING_OUT.matcher(vs);
            int varyings = 0;
            while (m.find()) {
                varyings++;
                assertThat(fs).as(at).contains("\nin " + m.group(1) + " " + m.group(2) + ";");
                assertThat(vs).as(at).contains("\n  " + m.group(2) + " = ");
                assertThat(fs.substring(fs.indexOf("void main"))).as(at).contains(m.group(2));
            }
            assertThat(varyings).as(at).isBetween(1, 3);

            // 2 to 5 uniforms of float, vec3, vec4 besides time; each with a value, and one type in both stages
            List<String> names = new ArrayList<>();
            for (RandomPrograms.Uniform u : p.uniforms()) {
                assertThat(u.type()).as(at).isIn("float", "vec3", "vec4");
                int lanes = u.type().equals("float") ? 1 : Integer.parseInt(u.type().substring(3));
                assertThat(u.value()).as(at).hasSize(lanes);
                names.add(u.name());
            }
            assertThat(names).as(at).contains("time");
            assertThat(names.size() - 1).as(at).isBetween(2, 5);
            for (String src : List.of(vs, fs)) {
                Matcher u = UNIFORM.matcher(src);
                while (u.find()) {
                    String name = u.group(2);
                    if (!List.of("model", "view", "projection", "tex").contains(name)) {
                        String type = u.group(1);
                        assertThat(p.uniforms()).as(at).anyMatch(x -> x.name().equals(name) && x.type().equals(type));
                    }
                }
            }

            // loops of at most 8 trips; helpers of 1 to 4 parameters, at most 2 a stage, each called
            for (String src : List.of(vs, fs)) {
                Matcher l = LOOP.matcher(src);
                while (l.find()) {
                    assertThat(Integer.parseInt(l.group(2))).as(at).isBetween(1, 8);
                }
                Matcher h = HELPER.matcher(src);
                int helpers = 0;
                while (h.find()) {
                    helpers++;
                    assertThat(h.group(3).split(", ")).as(at).hasSizeBetween(1, 4);
                    assertThat(src.substring(src.indexOf("void main"))).as(at).contains(h.group(2) + "(");
                }
                assertThat(helpers).as(at).isLessThanOrEqualTo(2);
            }
        }
    }

    /** Constructs by what in a pair's text shows them. */
    static Map<String, Predicate<RandomPrograms.Pair>> features() {
        Map<String, Predicate<RandomPrograms.Pair>> f = new LinkedHashMap<>();
        f.put("1 varying", p -> count(VARYING_OUT, p.vertex()) == 1);
        f.put("3 varyings", p -> count(VARYING_OUT, p.vertex()) == 3);
        f.put("2 uniforms", p -> p.uniforms().size() == 3);
        f.put("5 uniforms", p -> p.uniforms().size() == 6);
        f.put("uniform in both stages", p -> p.uniforms().stream().anyMatch(u -> !u.name().equals("time")
                && p.vertex().contains(" " + u.name() + ";") && p.fragment().contains(" " + u.name() + ";")));
        f.put("helper", text("\\n(float|vec[234]) f\\d+\\("));
        f.put("2 helpers in a stage", p -> count(HELPER, p.vertex()) == 2 || count(HELPER, p.fragment()) == 2);
        f.put("4 parameters", text("\\n\\w+ f\\d+\\(\\w+ p\\d+, \\w+ p\\d+, \\w+ p\\d+, \\w+ p\\d+\\)"));
        f.put("int parameter", text("\\(([^)]*, )?int p\\d+"));
        f.put("if/else", text("\\} else \\{"));
        f.put("else if", text("\\} else if \\("));
        f.put("nested if", text("\\n {4,}if \\("));
        f.put("for", text("for \\(int"));
        f.put("8 trips", text("< 8; i"));
        f.put("nested for", text("\\n {4,}for \\(int"));
        f.put("break", text("\\n +break;"));
        f.put("continue", text("\\n +continue;"));
        f.put("mat3 local", text("\\n +mat3 l\\d+ = "));
        f.put("mat4 local", text("\\n +mat4 l\\d+ = "));
        f.put("matrix times vector", p -> timesMatrix(p.vertex()) || timesMatrix(p.fragment()));
        f.put("int local", text("\\n +int l\\d+ = "));
        f.put("bool local", text("\\n +bool l\\d+ = "));
        f.put("&& ||", text(" (&&|\\|\\|) "));
        f.put("!", text("\\(!"));
        f.put("int(float)", text("int\\(clamp"));
        f.put("division", text(" / \\(abs\\("));
        f.put("swizzle", text("\\.[xyzw]{2,4}\\b"));
        f.put("rgba swizzle", text("\\.[rgba]+\\b"));
        f.put("position wobble", text("cos\\(time \\+ position\\.x"));
        f.put("short pair", p -> p.vertex().length() + p.fragment().length() < 2500);
        for (String b : List.of("texture", "dot", "cross", "length", "normalize", "abs", "sin", "cos", "min", "max",
                "clamp", "mix", "pow", "reflect")) {
            f.put(b, text("\\b" + b + "\\("));
        }
        return f;
    }

    private static Predicate<RandomPrograms.Pair> text(String regex) {
        Pattern pattern = Pattern.compile(regex);
        return p -> pattern.matcher(p.vertex()).find() || pattern.matcher(p.fragment()).find();
    }

    /** Whether a matrix local or model (outside gl_Position's line) multiplies a vector. */
    private static boolean timesMatrix(String src) {
        Matcher m = MATRIX_LOCAL.matcher(src);
        List<String> names = new ArrayList<>(List.of("model"));
        while (m.find()) {
            names.add(m.group(1));
        }
        for (String n : names) {
            if (Pattern.compile("\\(" + n + " \\* (?!(model|l\\d+)\\))|[^)] \\* " + n + "\\)").matcher(src).find()) {
                return true;
            }
        }
        return false;
    }

    private static int count(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void everyConstructTurnsUp() {
        Map<String, Integer> seen = new LinkedHashMap<>();
        Map<String, Predicate<RandomPrograms.Pair>> f = features();
        for (long seed = 0; seed < N; seed++) {
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            f.forEach((k, has) -> seen.merge(k, has.test(p) ? 1 : 0, Integer::sum));
        }
        StringBuilder report = new StringBuilder("pairs with each construct, of " + N + ":");
        seen.forEach((k, v) -> report.append(String.format(" %s %d%%;", k, 100 * v / N)));
        System.out.println(report);
        seen.forEach((k, v) -> assertThat(v).as("pairs with %s", k).isGreaterThan(N / 100));
    }

    @Test
    void glslangAcceptsAndLinksThePairs() throws Exception {
        Glslang.requireTool();
        List<String> bad = new ArrayList<>();
        for (long seed = 0; seed < GLSLANG_SEEDS; seed++) {
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            String complaint = Glslang.validatePair(p.vertex(), p.fragment());
            if (complaint != null) {
                bad.add("seed " + seed + ":\n" + complaint);
            }
        }
        System.out.println("glslangValidator -l accepts " + (GLSLANG_SEEDS - bad.size()) + " of " + GLSLANG_SEEDS
                + " pairs");
        assertThat(bad).isEmpty();
    }
}
