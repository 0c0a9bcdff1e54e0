package dev.csir.cli;

import dev.csir.ir.IrDump;
import dev.csir.ir.ShaderIr;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csir dump}: prints the CSIR of a CSI blob or a source file. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Prints the textual CSIR of a .csi blob (or of a .vert/.frag source).")
final class DumpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Override
    public Integer call() {
        ShaderIr ir = ShaderFiles.load(file, spec.commandLine().getErr(), "dump");
        if (ir == null) {
            return Main.REJECTED;
        }
        spec.commandLine().getOut().print(IrDump.dump(ir));
        return Main.OK;
    }
}
