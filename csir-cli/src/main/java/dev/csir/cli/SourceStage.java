package dev.csir.cli;

import dev.csir.cli.args.UsageException;
import dev.csir.ir.Stage;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The stage a shader source is written for, as {@code --stage} and file extensions name it
 * (glslangValidator's names, and the words spelled out). csir compiles vertex and fragment
 * shaders; the others are known so that they get the documented "not supported" error.
 */
enum SourceStage {
    VERTEX(Stage.VERTEX, List.of("vert", "vertex", "vs"), List.of("vert", "vs", "vsh")),
    FRAGMENT(Stage.FRAGMENT, List.of("frag", "fragment", "fs"), List.of("frag", "fs", "fsh")),
    GEOMETRY(null, List.of("geom", "geometry", "gs"), List.of("geom", "gs", "gsh")),
    TESS_CONTROL(null, List.of("tesc", "tesscontrol", "tess-control"), List.of("tesc")),
    TESS_EVALUATION(null, List.of("tese", "tessevaluation", "tess-evaluation"), List.of("tese")),
    COMPUTE(null, List.of("comp", "compute", "cs"), List.of("comp", "csh"));

    /** What --stage accepts, for help and messages. */
    static final String NAMES = "vert|frag|geom|tesc|tese|comp";
    /** The extensions that name a stage, for help and messages. */
    static final String EXTENSIONS = ".vert .vs .vsh (vertex), .frag .fs .fsh (fragment), .geom .tesc .tese .comp";

    private final Stage compiled;
    private final List<String> names;
    private final List<String> extensions;

    SourceStage(Stage compiled, List<String> names, List<String> extensions) {
        this.compiled = compiled;
        this.names = names;
        this.extensions = extensions;
    }

    /** The stage as the front end and the transform IR name it. */
    dev.csir.types.ShaderStage shaderStage() {
        return switch (this) {
            case VERTEX -> dev.csir.types.ShaderStage.VERTEX;
            case FRAGMENT -> dev.csir.types.ShaderStage.FRAGMENT;
            case GEOMETRY -> dev.csir.types.ShaderStage.GEOMETRY;
            case TESS_CONTROL -> dev.csir.types.ShaderStage.TESS_CONTROL;
            case TESS_EVALUATION -> dev.csir.types.ShaderStage.TESS_EVALUATION;
            case COMPUTE -> dev.csir.types.ShaderStage.COMPUTE;
        };
    }

    /** The CSIR stage csir compiles this to, or empty for a stage csir does not compile yet. */
    Optional<Stage> compiled() {
        return Optional.ofNullable(compiled);
    }

    static Optional<SourceStage> named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.names.contains(n)).findFirst();
    }

    /** The stage a file's extension names, or empty ({@code .glsl} and unknown extensions name none). */
    static Optional<SourceStage> ofExtension(String extension) {
        String e = extension.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.extensions.contains(e)).findFirst();
    }

    /** A --stage value; an unknown one is a usage error naming the option. */
    static SourceStage parse(String value) throws UsageException {
        return named(value).orElseThrow(() -> new UsageException("unknown stage '" + value + "' (use " + NAMES + ")"));
    }
}
