package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.lang.Client;
import dev.csir.link.Program;
import dev.csir.testing.Glslang;
import dev.csir.testing.Shared;
import dev.csir.types.ShaderStage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * glslang beside csir over the real-world corpus of {@code ../shared/corpus/realworld}: csir
 * accepts exactly the shaders glslang accepts (the {@code sw_} ones as Vulkan GLSL, with
 * {@code -V}), writes SPIR-V that spirv-val accepts for each, and links the vertex/fragment pairs
 * (same name but the extension) for CSIR where glslang links them.
 */
class RealWorldOracleTest {
    @Test
    void csirAcceptsWhatGlslangAcceptsAndEveryTargetTakesIt() throws Exception {
        var root = Shared.root().map(r -> r.resolve("corpus/realworld")).filter(Files::isDirectory);
        Assumptions.assumeTrue(root.isPresent(), "shared real-world corpus absent");
        Glslang.requireTool();
        SpirvVal.requireTool();
        List<Path> files;
        try (Stream<Path> s = Files.list(root.get())) {
            files = s.filter(p -> p.toString().endsWith(".vert") || p.toString().endsWith(".frag")).sorted().toList();
        }
        List<String> problems = new ArrayList<>();
        int accepted = 0;
        for (Path f : files) {
            String name = f.getFileName().toString();
            boolean vulkan = name.startsWith("sw_");
            CompileOptions options = vulkan ? CompileOptions.DEFAULT.withClient(Client.VULKAN) : CompileOptions.DEFAULT;
            String src = Files.readString(f);
            boolean glslang = Glslang.validate(name, src, vulkan) == null;
            ModuleResult m = ShaderCompiler.compileModule(name.endsWith(".vert") ? ShaderStage.VERTEX : ShaderStage.FRAGMENT,
                    name, src, options);
            if (glslang != m.ok()) {
                problems.add(name + ": glslang " + (glslang ? "accepts" : "rejects") + ", csir " + (m.ok() ? "accepts" : m.log()));
                continue;
            }
            if (!m.ok()) {
                continue;
            }
            accepted++;
            SpirvWriter.Result w = SpirvWriter.write(m.module(), new SpirvWriter.Options(true));
            String complaint = w.ok() ? SpirvVal.validate(w.binary()) : String.valueOf(w.errors());
            if (complaint != null) {
                problems.add(name + ": SPIR-V: " + complaint);
            }
        }
        int pairs = 0;
        for (Path f : files) {
            String name = f.getFileName().toString();
            Path fragment = f.resolveSibling(name.replace(".vert", ".frag"));
            if (!name.endsWith(".vert") || !Files.exists(fragment)) {
                continue;
            }
            String vs = Files.readString(f);
            String fs = Files.readString(fragment);
            CompileOptions options = name.startsWith("sw_") ? CompileOptions.DEFAULT.withClient(Client.VULKAN)
                    : CompileOptions.DEFAULT;
            CompileResult v = ShaderCompiler.compile(Stage.VERTEX, name, vs, options);
            CompileResult fr = ShaderCompiler.compile(Stage.FRAGMENT, fragment.getFileName().toString(), fs, options);
            if (!v.ok() || !fr.ok()) {
                continue; // counted by RealWorldCorpusTest
            }
            pairs++;
            Program p = new Program();
            p.attach(v);
            p.attach(fr);
            if (!p.link()) {
                problems.add(name + " with its fragment shader: " + p.log());
            }
        }
        System.out.printf("realworld oracle: %d of %d accepted by both, SPIR-V valid; %d pairs linked%n", accepted,
                files.size(), pairs);
        assertThat(problems).isEmpty();
        assertThat(accepted).isEqualTo(files.size());
        assertThat(pairs).isGreaterThanOrEqualTo(4);
    }
}
