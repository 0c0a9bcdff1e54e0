package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.UsageException;
import dev.csir.cli.args.Values;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** {@code csir tgsi}: TGSI text of a CSI blob (or source), optionally with a varying remap. */
final class TgsiCommand extends Subcommand {
    final LimitsOption profile = new LimitsOption();
    Path file;
    int[] remap;
    Path output;

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("tgsi", "Emits the TGSI text of a .csi blob or a shader source.")
                .describe("Emits TGSI for VirGL, optionally remapping a fragment shader's varyings onto linked slots.")
                .positional("FILE", 1, 1, "A .csi blob or a shader source.", v -> file = Values.path(v))
                .option("--remap", "S0,S1,...", "Fragment varying remap: linked slot for each fragment-local slot (-1"
                        + " keeps it); at most the profile's varying slots (32 by default, 8 with --limits chrisos),"
                        + " each -1 or one of them; repeated, the lists join.", v -> remap = append(remap, ints(v)))
                .option("-o, --output", "OUT", "Write to this file (- is standard output, the default).",
                        v -> output = Values.path(v));
        profile.addTo(spec);
        return spec.footer(Main.EXIT_STATUS);
    }

    private static int[] ints(String list) throws UsageException {
        String[] parts = list.split(",", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("'" + parts[i] + "' is not an integer");
            }
        }
        return out;
    }

    private static int[] append(int[] a, int[] b) {
        if (a == null) {
            return b;
        }
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    int call() {
        // a remap names the profile's varying slots, as the linker's does
        int slots = profile.limits.varyingSlots();
        if (remap != null && (remap.length > slots || Arrays.stream(remap).anyMatch(s -> s < -1 || s >= slots))) {
            err().println(prefix() + "--remap takes at most " + slots + " slots, each -1.." + (slots - 1) + ", got "
                    + Arrays.toString(remap));
            return Main.USAGE;
        }
        String unknown = ShaderFiles.unknownKind(List.of(file));
        if (unknown != null) {
            err().println(prefix() + unknown);
            return Main.USAGE;
        }
        ShaderIr ir = ShaderFiles.load(file, err(), prefix(), profile.limits);
        if (ir == null) {
            return Main.REJECTED;
        }
        if (remap != null && ir.stage() != Stage.FRAGMENT) {
            err().println(prefix() + "--remap applies to fragment shaders only; " + file + " is a "
                    + ir.stage().word() + " shader");
            return Main.USAGE;
        }
        int[] full = null;
        if (remap != null) {
            full = new int[slots];
            Arrays.fill(full, -1);
            System.arraycopy(remap, 0, full, 0, remap.length);
        }
        TgsiResult r = TgsiEmitter.emit(ir, full, profile.limits);
        return switch (r) {
            case TgsiResult.Failed f -> {
                err().println(file + ": error: " + f.message());
                yield Main.REJECTED;
            }
            case TgsiResult.Ok ok -> {
                byte[] text = ok.text().getBytes(StandardCharsets.UTF_8);
                yield (output == null ? writeReporting(Path.of("-"), text) : writeReporting(output, text))
                        ? Main.OK : Main.REJECTED;
            }
        };
    }
}
