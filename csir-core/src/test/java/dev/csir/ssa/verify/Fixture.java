package dev.csir.ssa.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Function;
import dev.csir.ssa.Module;
import dev.csir.types.Type;
import java.util.List;

/** A module to break: one function {@code f} with its entry block open in a builder. */
final class Fixture {
    final Module module = new Module();
    final Function f;
    final Builder b;

    Fixture(Type returnType, Type... params) {
        f = module.addFunction(new Function("f", returnType, List.of(params)));
        b = new Builder(f).at(f.addBlock("entry"));
    }

    Block block(String name) {
        return b.newBlock(name);
    }

    List<Problem> problems() {
        return Verifier.verify(module);
    }

    void assertClean() {
        assertThat(problems()).isEmpty();
        assertThat(Verifier.isValid(module)).isTrue();
    }

    /** Exactly these problems, in this order. */
    void assertProblems(Problem... expected) {
        assertThat(problems()).containsExactly(expected);
    }

    /** Exactly one problem, at instruction {@code instruction} of block {@code block} of {@code f}. */
    void assertOnly(int block, int instruction, String message) {
        assertProblems(new Problem("f", block, instruction, message));
    }

    /** Exactly one problem of the module itself. */
    void assertOnlyModule(String message) {
        assertProblems(new Problem(null, -1, -1, message));
    }
}
