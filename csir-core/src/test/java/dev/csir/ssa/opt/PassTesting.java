package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Module;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;

/** Pass tests as text in, text out: parse, verify, run the pass, verify again, print. */
final class PassTesting {
    private PassTesting() {
    }

    /** The printed module after {@code pass}; both the input and the output must verify. */
    static String run(Pass pass, String text) {
        Module m = Parser.parse(text).orElseThrow();
        assertThat(Verifier.verify(m)).as("input").isEmpty();
        pass.run(m);
        assertThat(Verifier.verify(m)).as("after " + pass.name() + ":\n" + Printer.print(m)).isEmpty();
        return Printer.print(m);
    }

    /** Asserts that the pass leaves {@code text} as it is and reports no progress. */
    static void unchanged(Pass pass, String text) {
        Module m = Parser.parse(text).orElseThrow();
        String before = Printer.print(m);
        assertThat(pass.run(m)).as(pass.name() + " reported progress").isFalse();
        assertThat(Printer.print(m)).isEqualTo(before);
    }
}
