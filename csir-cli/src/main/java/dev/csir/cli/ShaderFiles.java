package dev.csir.cli;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.ir.ShaderIr;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Loads a shader for the inspection commands: a CSI blob, or a source file compiled on the fly. */
final class ShaderFiles {
    private ShaderFiles() {
    }

    /** The shader, or null after printing why it could not be loaded. */
    static ShaderIr load(Path file, PrintWriter err, String command) {
        try {
            switch (Inputs.kindOf(file)) {
                case CSI -> {
                    CsiResult r = Csi.load(Inputs.readBytes(file));
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
                case VERTEX, FRAGMENT, OTHER_STAGE -> {
                    String name = file.getFileName().toString();
                    CompileResult r = Inputs.kindOf(file) == Inputs.Kind.OTHER_STAGE
                            ? ShaderCompiler.rejectStage(name)
                            : ShaderCompiler.compile(Inputs.kindOf(file) == Inputs.Kind.VERTEX
                                    ? dev.csir.ir.Stage.VERTEX : dev.csir.ir.Stage.FRAGMENT, name, Inputs.readText(file));
                    err.print(r.log());
                    return r.ok() ? r.ir() : null;
                }
                default -> {
                    err.println("csir " + command + ": " + file + ": unknown file type (expected .csi, .vert or .frag)");
                    return null;
                }
            }
        } catch (Inputs.InputException e) {
            err.println("csir " + command + ": " + e.getMessage());
            return null;
        }
    }
}
