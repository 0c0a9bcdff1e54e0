package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.Values;
import dev.csir.ir.IrDump;
import dev.csir.ir.ShaderIr;
import java.nio.file.Path;
import java.util.List;

/** {@code csir dump}: prints the CSIR of a CSI blob or a source file. */
final class DumpCommand extends Subcommand {
    final LimitsOption profile = new LimitsOption();
    Path file;

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("dump", "Prints the textual CSIR of a .csi blob or a shader source.")
                .describe("Prints the CSIR of a CSI blob (version 1 or 2), or of a source compiled on the fly.")
                .positional("FILE", 1, 1, "A .csi blob or a shader source.", v -> file = Values.path(v));
        profile.addTo(spec);
        return spec.footer(Main.EXIT_STATUS);
    }

    @Override
    int call() {
        String unknown = ShaderFiles.unknownKind(List.of(file));
        if (unknown != null) {
            err().println(prefix() + unknown);
            return Main.USAGE;
        }
        ShaderIr ir = ShaderFiles.load(file, err(), prefix(), profile.limits);
        if (ir == null) {
            return Main.REJECTED;
        }
        out().print(IrDump.dump(ir));
        return Main.OK;
    }
}
