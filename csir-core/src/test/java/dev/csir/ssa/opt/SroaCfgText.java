package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Module;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;

/** For the SROA and SimplifyCfg tests. Text in, text out: parse a module, run a pass, verify and compare the dump exactly. */
final class SroaCfgText {
    private SroaCfgText() {
    }

    /** Parses {@code text}, which must be canonical (print, parse, print gives it back) and verify. */
    static Module parse(String text) {
        Module m = Parser.parse(text).orElseThrow();
        assertThat(Printer.print(m)).as("the input is in canonical form").isEqualTo(text);
        assertThat(Verifier.verify(m)).as("the input verifies").isEmpty();
        return m;
    }

    /** Runs {@code pass} on {@code in}: it must report {@code changed}, verify, and print as {@code out}. */
    static void check(Pass pass, String in, String out) {
        Module m = parse(in);
        boolean changed = pass.run(m);
        String got = Printer.print(m);
        assertThat(Verifier.verify(m)).as("verifies after " + pass.name() + ":\n" + got).isEmpty();
        assertThat(got).isEqualTo(out);
        assertThat(changed).as("progress reported").isEqualTo(!in.equals(out));
        assertThat(pass.run(m)).as("a second run finds nothing to do:\n" + Printer.print(m)).isFalse();
        assertThat(Printer.print(m)).isEqualTo(out);
    }
}
