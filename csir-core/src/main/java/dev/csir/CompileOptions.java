package dev.csir;

import dev.csir.ir.Limits;
import dev.csir.lang.Client;
import dev.csir.lang.Preprocessor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@link ShaderCompiler} compiles: the capacities to enforce, whether to optimize, whether to
 * verify the transform IR after every optimizer pass (the default is the system property
 * {@code csir.verifyEachPass}, which the test build sets), the target to produce, and what the
 * preprocessor is given: predefined macros ({@code -D}, in order), include directories
 * ({@code -I}, searched in order) and the directory of the source itself (where
 * {@code #include "file"} looks first; null when the source has none), all empty by default.
 */
public record CompileOptions(Limits limits, boolean optimize, boolean verifyEachPass, Target target,
        List<Preprocessor.Define> defines, List<Path> includeDirs, Path sourceDir, Client client) {

    public static final CompileOptions DEFAULT = new CompileOptions(Limits.DEFAULT, true,
            Boolean.getBoolean("csir.verifyEachPass"), Target.TGSI, List.of(), List.of(), null, Client.OPENGL);

    public CompileOptions {
        if (limits == null || target == null || client == null) {
            throw new IllegalArgumentException("limits, target and client");
        }
        defines = List.copyOf(defines);
        includeDirs = List.copyOf(includeDirs);
    }

    public CompileOptions(Limits limits, boolean optimize, boolean verifyEachPass, Target target) {
        this(limits, optimize, verifyEachPass, target, List.of(), List.of(), null, Client.OPENGL);
    }

    /**
     * The API the source is written for (glslang's {@code -G} or {@code -V}): OpenGL by default;
     * Vulkan adds its layout qualifiers and built-in names and predefines {@code VULKAN} as 100.
     */
    public CompileOptions withClient(Client newClient) {
        return new CompileOptions(limits, optimize, verifyEachPass, target, defines, includeDirs, sourceDir, newClient);
    }

    public CompileOptions withLimits(Limits newLimits) {
        return new CompileOptions(newLimits, optimize, verifyEachPass, target, defines, includeDirs, sourceDir, client);
    }

    public CompileOptions withOptimize(boolean on) {
        return new CompileOptions(limits, on, verifyEachPass, target, defines, includeDirs, sourceDir, client);
    }

    public CompileOptions withVerifyEachPass(boolean on) {
        return new CompileOptions(limits, optimize, on, target, defines, includeDirs, sourceDir, client);
    }

    public CompileOptions withTarget(Target newTarget) {
        return new CompileOptions(limits, optimize, verifyEachPass, newTarget, defines, includeDirs, sourceDir, client);
    }

    /** These macros, in order, instead of any given before. */
    public CompileOptions withDefines(List<Preprocessor.Define> newDefines) {
        return new CompileOptions(limits, optimize, verifyEachPass, target, newDefines, includeDirs, sourceDir, client);
    }

    /** One more macro, after those given before ({@code -D name=value}). */
    public CompileOptions withDefine(String name, String value) {
        List<Preprocessor.Define> d = new ArrayList<>(defines);
        d.add(new Preprocessor.Define(name, value));
        return withDefines(d);
    }

    /** These include directories, searched in order, instead of any given before. */
    public CompileOptions withIncludeDirs(List<Path> dirs) {
        return new CompileOptions(limits, optimize, verifyEachPass, target, defines, dirs, sourceDir, client);
    }

    /** The directory of the source, where {@code #include "file"} looks first (null: none). */
    public CompileOptions withSourceDir(Path dir) {
        return new CompileOptions(limits, optimize, verifyEachPass, target, defines, includeDirs, dir, client);
    }

    /** What the preprocessor is given. */
    public Preprocessor.Options preprocessor() {
        List<Preprocessor.Define> all = defines;
        if (client == Client.VULKAN) {
            all = new ArrayList<>(List.of(new Preprocessor.Define("VULKAN", "100")));
            all.addAll(defines);
        }
        return all.isEmpty() && includeDirs.isEmpty() && sourceDir == null ? Preprocessor.Options.NONE
                : new Preprocessor.Options(all, includeDirs, sourceDir);
    }
}
