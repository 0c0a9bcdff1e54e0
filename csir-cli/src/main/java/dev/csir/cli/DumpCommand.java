package dev.csir.cli;

import dev.csir.ir.IrDump;
import dev.csir.ir.ShaderIr;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code csir dump}: prints the CSIR of a CSI blob or a source file. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        header = "Prints the textual CSIR of a .csi blob or a shader source.",
        description = "Prints the CSIR of a CSI blob (version 1 or 2), or of a source compiled on the fly.",
        footer = {"", Main.EXIT_STATUS})
final class DumpCommand extends Subcommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    LimitsOption profile;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Override
    public Integer call() {
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
