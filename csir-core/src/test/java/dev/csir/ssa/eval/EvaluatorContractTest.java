package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofInt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Builder;
import dev.csir.ssa.Function;
import dev.csir.ssa.Opcode;
import dev.csir.types.ScalarType;
import dev.csir.types.VoidType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What every caller relies on: no exceptions, no dependencies on the rest of the compiler. */
class EvaluatorContractTest {

    @Test
    void malformedModulesTrapInsteadOfThrowing() {
        // an operand from another function
        Function other = new Function("other", VoidType.VOID, List.of(ScalarType.INT));
        Fixture f = new Fixture();
        f.out("r", f.b.binary(Opcode.ADD, other.params().get(0), ofInt(1)));
        assertThat(f.run().message()).isEqualTo("operand %arg0 is not defined here");

        // an intrinsic without its immediate, a call without a callee
        Fixture g = new Fixture();
        g.out("r", g.b.emit(Opcode.CALL_INTRINSIC, ScalarType.INT, ofInt(1)));
        Result noImmediate = g.run();
        assertThat(noImmediate.status()).isEqualTo(Result.Status.TRAP);
        assertThat(noImmediate.message()).startsWith("malformed module");
        Fixture h = new Fixture();
        h.out("r", h.b.emit(Opcode.CALL, ScalarType.INT));
        assertThat(h.run().message()).isEqualTo("call without a callee");

        // a terminator in the middle of a block, a branch into another function
        Fixture k = new Fixture();
        Builder b = k.b;
        b.ret();
        b.emit(Opcode.STORE, null, k.global("o", dev.csir.types.AddressSpace.OUTPUT, ScalarType.INT), ofInt(1));
        assertThat(k.run().message()).startsWith("terminator ret before the end");
        Fixture m = new Fixture();
        m.b.br(other.addBlock("elsewhere"));
        assertThat(m.run().message()).isEqualTo("br to a block outside the function");

        // no entry point at all
        assertThat(Evaluator.run(new dev.csir.ssa.Module(), new Invocation()).status())
                .isEqualTo(Result.Status.TRAP);
    }

    @Test
    void theEvaluatorDependsOnTheModelOnly() throws IOException {
        Path dir = Path.of("src/main/java/dev/csir/ssa/eval");
        try (Stream<Path> files = Files.list(dir)) {
            List<String> imports = files.flatMap(p -> {
                try {
                    return Files.readAllLines(p).stream();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(l -> l.startsWith("import ")).map(l -> l.substring(7).replace("static ", "")).distinct().toList();
            assertThat(imports).isNotEmpty().allMatch(
                    i -> i.startsWith("java.") || i.startsWith("dev.csir.types.")
                            || i.matches("dev\\.csir\\.ssa\\.[A-Z].*"),
                    "only java.*, dev.csir.types and dev.csir.ssa");
        }
        for (String f : List.of("Interpreter", "Memory", "Textures", "Intrinsics", "Arith")) {
            assertThat(Files.readString(dir.resolve(f + ".java"))).doesNotContain("dev.csir.ir.", "dev.csir.exec.",
                    "dev.csir.lang.", "dev.csir.sema.");
        }
    }
}
