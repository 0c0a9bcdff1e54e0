package dev.csir.cli;

import dev.csir.CompileOptions;
import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.UsageException;
import dev.csir.cli.args.Values;
import dev.csir.lang.Client;
import dev.csir.lang.Preprocessor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code -D NAME[=VALUE]} and {@code -I DIR}, repeatable: what the preprocessor of compile, link
 * and render is given; and {@code --client}, the API the sources are written for, which the
 * preprocessor's {@code VULKAN} macro and the language's rules follow.
 */
final class PreprocessorOptions {
    final List<Preprocessor.Define> defines = new ArrayList<>();
    final List<Path> includeDirs = new ArrayList<>();
    Client client = Client.OPENGL;

    void addTo(CommandSpec spec) {
        spec.option("-D, --define", "NAME[=VALUE]", "Defines a macro before the source, as #define NAME VALUE"
                + " (VALUE 1 when left out); repeatable, in order.", v -> defines.add(define(v)));
        spec.option("-I, --include-dir", "DIR", "Adds a directory that #include looks in, after the including"
                + " file's own directory (#include needs #extension GL_GOOGLE_include_directive : enable);"
                + " repeatable, in order.", v -> includeDirs.add(Values.path(v)));
        spec.option("--client", "opengl|vulkan", "The API the GLSL is written for, as glslang's -G and -V: opengl"
                + " (the default) or vulkan (set, push_constant and constant_id; gl_VertexIndex and"
                + " gl_InstanceIndex; VULKAN defined as 100; uniforms only in blocks with a binding).",
                v -> client = client(v));
    }

    /** {@code options} with these macros and directories, and {@code source}'s directory for {@code #include "..."}. */
    CompileOptions apply(CompileOptions options, Path source) {
        Path dir = source == null ? null : source.toAbsolutePath().getParent();
        return options.withDefines(defines).withIncludeDirs(includeDirs).withSourceDir(dir).withClient(client);
    }

    static Client client(String value) throws UsageException {
        Client c = Client.ofWord(value);
        if (c == null) {
            throw new UsageException("'" + value + "' is not opengl or vulkan");
        }
        return c;
    }

    static Preprocessor.Define define(String value) throws UsageException {
        int eq = value.indexOf('=');
        String name = eq < 0 ? value : value.substring(0, eq);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new UsageException("'" + value + "' is not NAME or NAME=VALUE with NAME an identifier");
        }
        return new Preprocessor.Define(name, eq < 0 ? "1" : value.substring(eq + 1));
    }
}
