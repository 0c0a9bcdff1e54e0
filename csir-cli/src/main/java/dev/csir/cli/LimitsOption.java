package dev.csir.cli;

import dev.csir.ir.Limits;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --limits default|chrisos}: the capacity profile a command compiles, verifies and emits under. */
final class LimitsOption {
    @Option(names = "--limits", paramLabel = "default|chrisos", defaultValue = "default", converter = Converter.class,
            description = "Capacity profile: default (what CSIR and virglrenderer take: 16 attributes, 32 varyings,"
                    + " 1024 uniform vec4 slots, 32 samplers) or chrisos (the documented pools: 384 instructions,"
                    + " 160 immediates, 96 temporaries, 3600 bytes of TGSI, 8 attributes, 8 varyings, 32 uniform vec4"
                    + " slots, 4 samplers). Compiling, linking, the interpreter and the renderers all use it.")
    Limits limits;

    static final class Converter implements CommandLine.ITypeConverter<Limits> {
        @Override
        public Limits convert(String value) {
            Limits l = Limits.named(value);
            if (l == null) {
                throw new CommandLine.TypeConversionException("unknown profile '" + value + "' (use default or chrisos)");
            }
            return l;
        }
    }
}
