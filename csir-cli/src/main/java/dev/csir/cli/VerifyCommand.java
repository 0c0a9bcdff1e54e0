package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.Positional;
import dev.csir.cli.args.Values;
import dev.csir.ir.ShaderIr;
import dev.csir.verify.Verifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code csir verify}: checks CSI blobs (or sources) and says what is wrong. */
final class VerifyCommand extends Subcommand {
    final LimitsOption profile = new LimitsOption();
    final List<Path> files = new ArrayList<>();

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("verify", "Loads and verifies .csi blobs or shader sources, listing every"
                + " problem.")
                .describe("Loads each file (a CSI blob, or a source compiled on the fly) and runs the verifier on it.")
                .positional("FILE", 1, Positional.MANY, "CSI blobs or shader sources.", v -> files.add(Values.path(v)));
        profile.addTo(spec);
        return spec.footer(Main.EXIT_STATUS);
    }

    @Override
    int call() {
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
