package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Shared;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The original's test shaders through the compiler facade: each one with a golden standalone IR
 * compiles to verified CSIR and TGSI; each with a golden error log is rejected with the same
 * first error (the golden prints {@code name:line:col:} and {@code error: message} on two lines).
 * Skipped only when the shared conformance data is absent.
 */
class ConformanceCompileTest {
    static Stage stageOf(String file) {
        return file.endsWith(".vert") ? Stage.VERTEX : file.endsWith(".frag") ? Stage.FRAGMENT : null;
    }

    static CompileResult compile(String file, String source) {
        Stage stage = stageOf(file);
        // the original's test compiled the fuzz sources under one name
        String name = file.startsWith("fuzz") ? "fuzz.vert" : file;
        return stage == null ? ShaderCompiler.rejectStage(name) : ShaderCompiler.compile(stage, name, source);
    }

    /**
     * Rejected shaders of the original that real GLSL accepts (GLSL 4.60 and glslang), so csir
     * compiles them: the original's first error was its own refusal.
     */
    static final Map<String, String> NOW_ACCEPTED = Map.of(
            "pp.vert", "GLSL: #extension GL_ARB_gpu_shader5 : enable is a directive glslang accepts (with a warning"
                    + " that it is partly supported); the original refused every directive but #version");

    /**
     * Rejected shaders whose first error csir gives as the original does but where it is: the
     * original, having no position for it, showed it at 1:1.
     */
    static final Map<String, String> LOCATED_WHERE_IT_IS = Map.of("sw.vert", "sw.vert:1:60:");

    @Test
    void goldenShadersCompileAndGoldenErrorsMatch() throws Exception {
        var root = Shared.conformance();
        Assumptions.assumeTrue(root.isPresent(), "shared conformance data absent");
        Path shaders = root.get().resolve("shaders");
        Path golden = root.get().resolve("golden");
        List<String> failures = new ArrayList<>();
        int compiled = 0;
        int rejected = 0;
        int accepted = 0;
        try (var files = Files.list(shaders)) {
            for (Path f : files.sorted().toList()) {
                String file = f.getFileName().toString();
                Path ir = golden.resolve("standalone/" + file + ".ir.txt");
                Path err = golden.resolve("errors/" + file + ".log.txt");
                if (NOW_ACCEPTED.containsKey(file)) {
                    CompileResult r = compile(file, Files.readString(f));
                    accepted++;
                    if (!r.ok()) {
                        failures.add(file + " (" + NOW_ACCEPTED.get(file) + "): " + r.log());
                    }
                } else if (Files.exists(ir)) {
                    CompileResult r = compile(file, Files.readString(f));
                    compiled++;
                    if (!r.ok() || r.tgsi().isEmpty()) {
                        failures.add(file + ": " + r.log());
                    }
                } else if (Files.exists(err)) {
                    CompileResult r = compile(file, Files.readString(f));
                    rejected++;
                    List<String> lines = Files.readAllLines(err);
                    String want = LOCATED_WHERE_IT_IS.getOrDefault(file, lines.get(0)) + " " + lines.get(1);
                    String got = r.diagnostics().isEmpty() ? "(no error)" : r.diagnostics().getFirst().header();
                    if (r.ok() || !got.equals(want)) {
                        failures.add(file + ": want [" + want + "] got [" + got + "]");
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compiled).isEqualTo(24);
        assertThat(rejected).isEqualTo(11);
        assertThat(accepted).isEqualTo(NOW_ACCEPTED.size());
    }

    /**
     * Experiments of golden/synthetic/experiments.txt that this test leaves out: sources on more
     * than one line (the log shows only the failing line, so the source cannot be rebuilt from it),
     * and csir's deliberate differences.
     */
    static final Map<String, String> NOT_COMPARED = Map.ofEntries(
            Map.entry("gconst.vert", "multi-line source"),
            Map.entry("voidfn.vert", "multi-line source"),
            Map.entry("rec.vert", "multi-line source"),
            Map.entry("retmid.vert", "multi-line source"),
            Map.entry("argmismatch.vert", "multi-line source"),
            Map.entry("sqrt.vert", "csir adds sqrt"),
            Map.entry("smoothstep.vert", "csir adds smoothstep"),
            Map.entry("matscalar.vert", "csir multiplies a matrix by a scalar"),
            // GLSL wins where the documented subset refused what GLSL accepts, or worded it apart
            Map.entry("loop9.vert", "GLSL: loops run any number of times (CSIR has loops)"),
            Map.entry("unsup_loop.vert", "GLSL: a float loop counter"),
            Map.entry("loopassign.vert", "GLSL: the loop variable may be assigned"),
            Map.entry("div0.vert", "GLSL: 1.0 / 0.0 is an infinity"),
            Map.entry("toomanyparams.vert", "GLSL: no 4-parameter limit (the source then has no main)"),
            Map.entry("modf.vert", "GLSL: % on a float is a type mismatch"),
            Map.entry("mixwrong.vert", "the checker's built-in overload message: wrong arguments"),
            Map.entry("dup.vert", "located at the second declaration, not at 1:1"),
            Map.entry("attr9.vert", "the default profile has 16 attribute slots"),
            Map.entry("vec3out.frag", "GLSL: a vec3 colour output (alpha 1)"),
            Map.entry("twoout.frag", "GLSL: several colour outputs (the ChrisOS profile keeps the one)"),
            Map.entry("ver.vert", "GLSL: #version 450 is a version glslang accepts (the source then has no main)"),
            Map.entry("compound.vert", "GLSL: compound assignment (x += 1.0) is part of the language"),
            Map.entry("loopstep.vert", "GLSL: an assignment (i = i + 1) is a loop step"),
            Map.entry("swzassign.vert", "GLSL: a swizzle (gl_Position.x) is an assignment target"),
            Map.entry("ternary.vert", "GLSL: ?: is an operator"),
            Map.entry("while.vert", "GLSL: while is a loop"),
            Map.entry("inc.vert", "GLSL: a++ is a statement"),
            Map.entry("flat.vert", "GLSL: flat is a plain name before 1.30 (this source's 1.10), a qualifier from then"),
            Map.entry("badlayout.vert", "GLSL: binding is a layout id, wrong on an input as glslang says"));

    /** The one-line error experiments: the same first error, located the same. */
    @Test
    void syntheticErrorExperimentsMatchOnTheFirstError() throws Exception {
        var root = Shared.conformance();
        Assumptions.assumeTrue(root.isPresent(), "shared conformance data absent");
        List<String> lines = Files.readAllLines(root.get().resolve("golden/synthetic/experiments.txt"));
        List<String> failures = new ArrayList<>();
        int matched = 0;
        int skipped = 0;
        for (int i = 0; i + 3 < lines.size(); i++) {
            String l = lines.get(i);
            if (!l.startsWith("---- ") || !l.endsWith(" ok=0")) {
                continue;
            }
            String name = l.substring(5, l.indexOf(' ', 5));
            if (NOT_COMPARED.containsKey(name)) {
                skipped++;
                continue;
            }
            String source = lines.get(i + 3);
            // csir words the #version refusal itself (see Shared.csirWording)
            String want = lines.get(i + 1) + " error: "
                    + Shared.csirWording(lines.get(i + 2).substring("error: ".length()), source);
            CompileResult r = compile(name, source);
            String got = r.diagnostics().isEmpty() ? "(no error)" : r.diagnostics().getFirst().header();
            if (r.ok() || !got.equals(want)) {
                failures.add(name + ": want [" + want + "] got [" + got + "] for " + source);
            } else {
                matched++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(matched).isEqualTo(16);
        assertThat(skipped).isEqualTo(NOT_COMPARED.size());
    }
}
