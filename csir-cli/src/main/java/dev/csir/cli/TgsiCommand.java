package dev.csir.cli;

import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csir tgsi}: TGSI text of a CSI blob (or source), optionally with a varying remap. */
@Command(name = "tgsi", mixinStandardHelpOptions = true,
        description = "Emits the TGSI text of a .csi blob (or a .vert/.frag source).")
final class TgsiCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--remap", paramLabel = "S0,S1,...", split = ",",
            description = "Fragment varying remap: linked slot for each fragment-local slot (-1 keeps it).")
    int[] remap;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write to this file instead of standard output.")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (remap != null) {
            if (remap.length > 8 || Arrays.stream(remap).anyMatch(s -> s < -1 || s > 7)) {
                err.println("csir tgsi: --remap takes at most 8 slots, each -1..7");
                return Main.USAGE;
            }
        }
        ShaderIr ir = ShaderFiles.load(file, err, "tgsi");
        if (ir == null) {
            return Main.REJECTED;
        }
        if (remap != null && ir.stage() != Stage.FRAGMENT) {
            err.println("csir tgsi: --remap applies to fragment shaders only");
            return Main.USAGE;
        }
        int[] full = null;
        if (remap != null) {
            full = new int[8];
            Arrays.fill(full, -1);
            System.arraycopy(remap, 0, full, 0, remap.length);
        }
        TgsiResult r = TgsiEmitter.emit(ir, full);
        return switch (r) {
            case TgsiResult.Failed f -> {
                err.println(file + ": error: " + f.message());
                yield Main.REJECTED;
            }
            case TgsiResult.Ok ok -> {
                if (output == null) {
                    spec.commandLine().getOut().print(ok.text());
                } else {
                    AtomicFiles.writeAtomically(output, ok.text().getBytes(StandardCharsets.UTF_8));
                }
                yield Main.OK;
            }
        };
    }
}
