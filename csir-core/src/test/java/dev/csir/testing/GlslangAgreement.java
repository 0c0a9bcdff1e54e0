package dev.csir.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.types.ShaderStage;
import java.io.IOException;
import java.util.List;

/**
 * The oracle check of the form tests: csir's front end (source to the transform IR) accepts a
 * source exactly where glslang does, and a rejection both make is located in the source.
 */
public final class GlslangAgreement {
    private GlslangAgreement() {
    }

    /** Against {@code glslangValidator FILE}; a disagreement, with what each said, goes to {@code disagreements}. */
    public static ModuleResult check(List<String> disagreements, ShaderStage stage, String source)
            throws IOException, InterruptedException {
        return check(disagreements, stage, source, false);
    }

    /**
     * As {@link #check(List, ShaderStage, String)}, against {@code glslangValidator -l} when
     * {@code linked}: recursion and a called prototype without a body are glslang's link errors,
     * and a csir compile is the whole stage.
     */
    public static ModuleResult check(List<String> disagreements, ShaderStage stage, String source, boolean linked)
            throws IOException, InterruptedException {
        String file = stage == ShaderStage.VERTEX ? "a.vert" : "a.frag";
        boolean glslang = (linked ? Glslang.validateLinked(file, source) : Glslang.validate(file, source)) == null;
        ModuleResult r = ShaderCompiler.compileModule(stage, file, source);
        if (glslang != r.ok()) {
            disagreements.add(source + "\n: glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                    + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
        } else if (!r.ok()) {
            assertThat(r.diagnostics().getFirst().line()).as(source).isGreaterThan(0);
        }
        return r;
    }

    /**
     * Against glslang in {@code client}'s mode ({@code -V} for Vulkan), through the whole compile
     * (CSIR and TGSI) and the front end alone: a disagreement of either, with what each said, goes
     * to {@code disagreements}; a rejection is located. True when glslang accepts the source.
     */
    public static boolean checkCompiled(List<String> disagreements, Client client, String fileName, String source)
            throws IOException, InterruptedException {
        boolean vertex = fileName.endsWith(".vert");
        boolean glslang = Glslang.validate(fileName, source, client == Client.VULKAN) == null;
        CompileOptions options = CompileOptions.DEFAULT.withClient(client);
        CompileResult r = ShaderCompiler.compile(vertex ? Stage.VERTEX : Stage.FRAGMENT, fileName, source, options);
        ModuleResult m = ShaderCompiler.compileModule(vertex ? ShaderStage.VERTEX : ShaderStage.FRAGMENT, fileName, source,
                options);
        if (glslang != r.ok() || glslang != m.ok()) {
            disagreements.add(client + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir "
                    + (r.ok() ? "accepts" : "rejects: " + r.log()) + (m.ok() ? "" : " (front end: " + m.log() + ")") + "\n"
                    + source);
        } else if (!r.ok()) {
            assertThat(r.diagnostics().getFirst().located()).as(source).isTrue();
        }
        return glslang;
    }

    /** What {@link #eachStage} counted: probes glslang and csir accepted alike, those CSIR took, and all of them. */
    public record Tally(int accepted, int csirAccepted, int probes) {
    }

    /**
     * Every source as a vertex and as a fragment shader against {@code glslangValidator} (one batch
     * a stage), asserting that csir's front end accepts exactly what glslang does and that every
     * rejection is located; each is also compiled to CSIR, which takes what it has a form for and
     * rejects the rest with a located error, never a throw. Prints and returns the counts.
     */
    public static Tally eachStage(String name, List<String> sources) throws IOException, InterruptedException {
        List<String> disagreements = new java.util.ArrayList<>();
        int accepted = 0;
        int csirAccepted = 0;
        for (ShaderStage stage : new ShaderStage[] {ShaderStage.FRAGMENT, ShaderStage.VERTEX}) {
            boolean[] glslang = Glslang.validateEach(sources, stage == ShaderStage.FRAGMENT ? "frag" : "vert");
            for (int i = 0; i < sources.size(); i++) {
                String src = sources.get(i);
                ModuleResult r = ShaderCompiler.compileModule(stage, "a." + stage, src);
                accepted += r.ok() ? 1 : 0;
                CompileResult csir = ShaderCompiler.compile(stage == ShaderStage.FRAGMENT ? Stage.FRAGMENT : Stage.VERTEX,
                        "a." + stage, src);
                if (!csir.ok()) {
                    assertThat(csir.diagnostics().getFirst().line()).as(src).isGreaterThan(0);
                } else {
                    csirAccepted++;
                }
                if (r.ok() != glslang[i]) {
                    disagreements.add(stage + " " + src + ": glslang " + (glslang[i] ? "accepts" : "rejects") + ", csir "
                            + (r.ok() ? "accepts" : "rejects:\n" + r.log()));
                } else if (!r.ok()) {
                    assertThat(r.diagnostics().getFirst().line()).as(src).isGreaterThan(0);
                }
            }
        }
        assertThat(disagreements).as(disagreements.size() + " of " + 2 * sources.size()).isEmpty();
        System.out.println("%s: %d of %d probes accepted by glslang and csir, %d by CSIR".formatted(name, accepted,
                2 * sources.size(), csirAccepted));
        return new Tally(accepted, csirAccepted, 2 * sources.size());
    }
}
