package dev.csir.lower;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.lang.Ast;
import dev.csir.lang.Parser;
import dev.csir.testing.Shared;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Every conformance shader: golden IR ones compile cleanly; golden error logs match on the first error. */
class ConformanceLoweringTest {
    @Test
    void conformanceShaders() throws Exception {
        var root = Shared.conformance();
        Assumptions.assumeTrue(root.isPresent(), "shared conformance data absent");
        Path shaders = root.get().resolve("shaders");
        Path golden = root.get().resolve("golden");
        List<String> failures = new ArrayList<>();
        int checked = 0;
        try (var files = Files.list(shaders)) {
            for (Path f : files.sorted().toList()) {
                String file = f.getFileName().toString();
                Stage stage = file.endsWith(".vert") ? Stage.VERTEX : file.endsWith(".frag") ? Stage.FRAGMENT : null;
                if (stage == null) {
                    continue;
                }
                Path ir = golden.resolve("standalone/" + file + ".ir.txt");
                Path err = golden.resolve("errors/" + file + ".log.txt");
                if (!Files.exists(ir) && !Files.exists(err)) {
                    continue;
                }
                String src = Files.readString(f);
                String logName = file.startsWith("fuzz") ? "fuzz.vert" : file;
                if (src.isEmpty() || src.length() >= 4096) {
                    continue; // rejected by the driver before parsing
                }
                DiagnosticLog log = new DiagnosticLog(logName, src);
                Ast.Unit unit = Parser.parse(src, log);
                var out = Lowering.lower(unit, stage, file, log, Limits.DEFAULT);
                checked++;
                if (Files.exists(ir)) {
                    if (out == null) {
                        failures.add(file + ": " + log.render());
                    }
                } else {
                    String want = Files.readString(err).lines().limit(2).reduce((a, b) -> a + " " + b).orElse("");
                    List<Diagnostic> ds = log.diagnostics();
                    String got = ds.isEmpty() ? "(no error)"
                            : logName + ":" + ds.getFirst().line() + ":" + ds.getFirst().column() + ": error: "
                                    + ds.getFirst().message();
                    if (!got.equals(want)) {
                        failures.add(file + ": want [" + want + "] got [" + got + "]");
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(20);
        assertThat(failures).isEmpty();
    }
}
