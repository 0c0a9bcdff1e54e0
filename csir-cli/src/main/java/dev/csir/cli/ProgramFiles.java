package dev.csir.cli;

import dev.csir.CompileOptions;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.Target;
import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.link.LinkError;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Compiles and links a vertex + fragment pair from files, printing every problem located. */
final class ProgramFiles {
    private ProgramFiles() {
    }

    /**
     * The linked program, or null after the compile or link errors were printed. With target TGSI
     * each shader's TGSI limits are checked as it compiles, so their errors are located in source.
     */
    static LinkedProgram link(Path vertexFile, Path fragmentFile, PrintWriter err, String prefix, Target target,
            Limits limits, PreprocessorOptions preprocessor) throws Inputs.InputException {
        CompileOptions options = CompileOptions.DEFAULT.withTarget(target).withLimits(limits);
        String vsSource = Inputs.readText(vertexFile);
        String fsSource = Inputs.readText(fragmentFile);
        String vsName = vertexFile.getFileName().toString();
        String fsName = fragmentFile.getFileName().toString();
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, vsName, vsSource,
                preprocessor.apply(options, vertexFile));
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, fsName, fsSource,
                preprocessor.apply(options, fragmentFile));
        err.print(vs.log());
        err.print(fs.log());
        if (!vs.ok() || !fs.ok()) {
            return null;
        }
        Program program = new Program(limits);
        program.attach(vs);
        program.attach(fs);
        if (program.link()) {
            return program.linked().orElseThrow();
        }
        for (LinkError e : program.errors()) {
            boolean vertex = e.stage() == Stage.VERTEX;
            if (e.located()) {
                DiagnosticLog log = new DiagnosticLog(vertex ? vsName : fsName, vertex ? vsSource : fsSource);
                log.error(e.line(), e.column(), e.message());
                Diagnostic d = log.diagnostics().getFirst();
                err.print(d.render());
                if (!e.detail().isEmpty()) {
                    err.println(d.file() + ":" + d.line() + ":" + d.column() + ": note: " + e.detail());
                }
            } else {
                err.println(prefix + "error: " + e.message()
                        + (e.symbol() == null ? "" : " '" + e.symbol() + "'"));
            }
        }
        return null;
    }
}
