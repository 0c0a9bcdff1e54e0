package dev.csir.cli;

import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csir verify}: checks CSI blobs (or sources) and says what is wrong. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Loads and verifies .csi blobs (or .vert/.frag sources).",
            "Exit status: 0 when every file is valid, 1 otherwise."})
final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int status = Main.OK;
        for (Path file : files) {
            ShaderIr ir = ShaderFiles.load(file, err, "verify");
            if (ir == null) {
                status = Main.REJECTED;
                continue;
            }
            List<Verifier.Problem> problems = Verifier.verify(ir);
            if (problems.isEmpty()) {
                out.println(file + ": ok (" + ir.stage().word() + ", " + ir.liveCount() + " instructions, "
                        + ir.immediateCount() + " immediates, " + ir.temps() + " temporaries)");
            } else {
                status = Main.REJECTED;
                for (Verifier.Problem p : problems) {
                    err.println(file + ": error: " + (p.index() >= 0 ? "instruction " + p.index() + ": " : "")
                            + p.message());
                }
            }
        }
        return status;
    }
}
