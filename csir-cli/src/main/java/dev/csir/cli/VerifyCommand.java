package dev.csir.cli;

import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code csir verify}: checks CSI blobs (or sources) and says what is wrong. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        header = "Loads and verifies .csi blobs or shader sources, listing every problem.",
        description = "Loads each file (a CSI blob, or a source compiled on the fly) and runs the verifier on it.",
        footer = {"", Main.EXIT_STATUS})
final class VerifyCommand extends Subcommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    LimitsOption profile;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        String unknown = ShaderFiles.unknownKind(files);
        if (unknown != null) {
            err.println(prefix() + unknown);
            return Main.USAGE;
        }
        int status = Main.OK;
        for (Path file : files) {
            ShaderIr ir = ShaderFiles.load(file, err, prefix(), profile.limits);
            if (ir == null) {
                status = Main.REJECTED;
                continue;
            }
            List<Verifier.Problem> problems = Verifier.verify(ir, profile.limits);
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
