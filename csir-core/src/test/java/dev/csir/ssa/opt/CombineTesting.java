package dev.csir.ssa.opt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Module;
import dev.csir.ssa.text.Parser;
import dev.csir.ssa.text.Printer;
import dev.csir.ssa.verify.Verifier;

/** Text in, text out: parse a module, check it verifies, run a pass, check it still verifies, print. */
final class CombineTesting {
    private CombineTesting() {
    }

    static Module parse(String text) {
        Module m = Parser.parse(text).orElseThrow();
        assertThat(Verifier.verify(m)).as("the input verifies:\n" + text).isEmpty();
        assertThat(Printer.print(m)).as("the input is in canonical form").isEqualTo(text);
        return m;
    }

    /** The module after {@code pass}, printed; the verifier must accept it. */
    static String after(FunctionPass pass, String text) {
        Module m = parse(text);
        pass.run(m);
        String out = Printer.print(m);
        assertThat(Verifier.verify(m)).as("verifies after " + pass.name() + ":\n" + out).isEmpty();
        return out;
    }

    /** Runs {@code pass} and checks it changed nothing (and said so). */
    static void unchanged(FunctionPass pass, String text) {
        Module m = parse(text);
        assertThat(pass.run(m)).as(pass.name() + " reports no change").isFalse();
        assertThat(Printer.print(m)).isEqualTo(text);
        assertThat(Verifier.verify(m)).isEmpty();
    }

    /** Private globals to store results to, one per type the tests need. */
    static final String GLOBALS = """
            global @i : ptr<private, int>
            global @u : ptr<private, uint>
            global @x : ptr<private, float>
            global @d : ptr<private, double>
            global @b : ptr<private, bool>
            global @v2 : ptr<private, vec2>
            global @v3 : ptr<private, vec3>
            global @v4 : ptr<private, vec4>
            global @iv2 : ptr<private, ivec2>
            global @bv2 : ptr<private, bvec2>
            global @m2 : ptr<private, mat2>
            """;

    /** Parameters of every kind: a scalar of each type, then vectors. */
    static final String PARAMS = "%arg0: int, %arg1: float, %arg2: bool, %arg3: uint, %arg4: vec4, %arg5: vec4, "
            + "%arg6: vec2, %arg7: ivec2, %arg8: double, %arg9: bvec2";

    /** {@link #GLOBALS} and {@code func @f(PARAMS) -> void} with {@code body} (lines indented two spaces, then ret). */
    static String module(String body) {
        return GLOBALS + "\nfunc @f(" + PARAMS + ") -> void {\nbb0:\n" + body + "  ret\n}\n";
    }

    /** Combine turns the body {@code in} into {@code out}. */
    static void combines(String in, String out) {
        assertThat(after(new Combine(), module(in))).isEqualTo(module(out));
    }

    /** Combine leaves the body {@code in} as it is. */
    static void keeps(String in) {
        unchanged(new Combine(), module(in));
    }

    /** A one-function module: {@code func @f(params) -> ret { bb0: body }}. */
    static String func(String params, String ret, String body) {
        return "func @f(" + params + ") -> " + ret + " {\nbb0:\n" + body.stripIndent() + "}\n";
    }
}
