package dev.csir.cli;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Loads a shader for the inspection commands: a CSI blob, or a source file compiled on the fly. */
final class ShaderFiles {
    private ShaderFiles() {
    }

    /**
     * Null when every file is a CSI blob or a source whose extension names its stage; otherwise
     * the usage error to print.
     */
    static String unknownKind(List<Path> files) {
        for (Path f : files) {
            if (!Inputs.isCsi(f) && Inputs.stageOf(f, null).isEmpty()) {
                return f + ": unknown file type (expected .csi or a shader source: " + SourceStage.EXTENSIONS + ")";
            }
        }
        return null;
    }

    /** The shader, or null after printing why it could not be loaded. */
    static ShaderIr load(Path file, PrintWriter err, String prefix, Limits limits) {
        try {
            if (Inputs.isCsi(file)) {
                CsiResult r = Csi.load(Inputs.readBytes(file), limits);
                return switch (r) {
                    case CsiResult.Loaded l -> {
                        for (String note : l.notes()) {
                            err.println(file + ": note: " + note);
                        }
                        // version 1 stores no name (it loads as "csi"); version 2 keeps the compiled one
                        yield l.version() == Csi.VERSION_1
                                ? l.shader().withName(file.getFileName().toString()) : l.shader();
                    }
                    case CsiResult.Rejected rej -> {
                        err.println(file + ": error: " + rej.reason());
                        yield null;
                    }
                };
            }
            String name = file.getFileName().toString();
            SourceStage stage = Inputs.stageOf(file, null).orElseThrow();
            CompileResult r = stage.compiled().isEmpty() ? ShaderCompiler.rejectStage(name)
                    : ShaderCompiler.compile(stage.compiled().get(), name, Inputs.readText(file),
                            CompileOptions.DEFAULT.withLimits(limits));
            err.print(r.log());
            return r.ok() ? r.ir() : null;
        } catch (Inputs.InputException e) {
            err.println(prefix + e.getMessage());
            return null;
        }
    }
}
