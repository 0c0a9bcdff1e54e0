package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.UsageException;
import dev.csir.ir.Limits;

/** {@code --limits default|chrisos}: the capacity profile a command compiles, verifies and emits under. */
final class LimitsOption {
    Limits limits = Limits.DEFAULT;

    void addTo(CommandSpec spec) {
        spec.option("--limits", "default|chrisos", "Capacity profile: default (what CSIR and virglrenderer take: 16"
                + " attributes, 32 varyings, 1024 uniform vec4 slots, 32 samplers) or chrisos (the documented pools:"
                + " 384 instructions, 160 immediates, 96 temporaries, 3600 bytes of TGSI, 8 attributes, 8 varyings,"
                + " 32 uniform vec4 slots, 4 samplers). Compiling, linking, the interpreter and the renderers all"
                + " use it.", v -> limits = parse(v));
    }

    static Limits parse(String value) throws UsageException {
        Limits l = Limits.named(value);
        if (l == null) {
            throw new UsageException("unknown profile '" + value + "' (use default or chrisos)");
        }
        return l;
    }
}
