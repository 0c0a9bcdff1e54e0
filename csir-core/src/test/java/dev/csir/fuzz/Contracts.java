package dev.csir.fuzz;

import dev.csir.CompileResult;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.diag.Diagnostic;
import dev.csir.diag.Messages;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import dev.csir.verify.Verifier;
import java.nio.charset.StandardCharsets;

/** Checks the fuzz targets share: what any accepted input must satisfy. */
final class Contracts {
    private Contracts() {
    }

    static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /**
     * A compile result: either a complete verified shader (with the preprocessor's warnings at
     * most) or between 1 and 8 rendered errors, each followed by at most one note, then at most 8
     * warnings.
     */
    static void compiled(CompileResult r) {
        require(r != null, "null compile result");
        if (r.ok()) {
            shader(r.ir());
            require(r.tgsi().getBytes(StandardCharsets.UTF_8).length <= Limits.DEFAULT.tgsiBudget(), "TGSI over budget");
            require(r.diagnostics().stream().allMatch(d -> d.severity() == Diagnostic.Severity.WARNING),
                    "errors or notes on success");
            require(r.diagnostics().size() <= 8, r.diagnostics().size() + " warnings kept");
        } else {
            require(r.errorCount() >= 1, "failed without errors");
            long errors = r.diagnostics().stream().filter(Diagnostic::isError).count();
            require(errors >= 1 && errors <= 8, errors + " errors kept");
            require(r.diagnostics().getFirst().isError(), "the first diagnostic is no error");
            Diagnostic.Severity before = null;
            int warnings = 0;
            for (Diagnostic d : r.diagnostics()) {
                require(d.severity() != Diagnostic.Severity.NOTE || before == Diagnostic.Severity.ERROR,
                        "a note not after an error");
                require(d.severity() == Diagnostic.Severity.WARNING || before != Diagnostic.Severity.WARNING,
                        "an error or note after a warning");
                warnings += d.severity() == Diagnostic.Severity.WARNING ? 1 : 0;
                before = d.severity();
            }
            require(warnings <= 8, warnings + " warnings kept");
            for (Diagnostic d : r.diagnostics()) {
                require(d.message() != null && !d.message().isBlank(), "blank message");
                require(!d.render().isEmpty(), "empty rendering");
            }
        }
    }

    /**
     * A shader some stage accepted: verified, emits or reports the budget, runs (to its end, or to
     * the iteration guard), survives CSI v2.
     */
    static void shader(ShaderIr ir) {
        require(Verifier.verify(ir).isEmpty(), "accepted shader fails the verifier: " + Verifier.verify(ir));
        TgsiResult t = TgsiEmitter.emit(ir);
        require(t instanceof TgsiResult.Ok || ((TgsiResult.Failed) t).message().startsWith(Messages.TGSI_BUDGET + ": "),
                "TGSI: " + t);
        Interpreter in = Interpreter.of(ir, null);
        Status s = in.run(in.newFrame());
        // a loaded loop may never end: the guard stops it, as documented
        require(s == Status.OK || s == Status.ITERATION_LIMIT, "interpreter: " + s);
        CsiResult back = Csi.load(Csi.save(ir));
        require(back instanceof CsiResult.Loaded l && l.shader().equals(ir), "CSI v2 round trip: " + back);
    }
}
