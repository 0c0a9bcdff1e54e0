package dev.csir.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
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
}
