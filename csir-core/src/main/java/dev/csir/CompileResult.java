package dev.csir;

import dev.csir.diag.Diagnostic;
import dev.csir.ir.IrDump;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.lang.Ast;
import dev.csir.lang.AstDump;
import dev.csir.ssa.Module;
import java.util.List;

/**
 * The outcome of one compile: the verified shader when it succeeded (and its TGSI when the target
 * was {@link Target#TGSI}), the
 * diagnostics (at most 8 kept, {@code errorCount} counts all), and the AST and IR dumps
 * (each empty when the compile did not get that far).
 *
 * <p>The dumps are written on first request from the immutable tree and IR the compile kept:
 * most callers never read them, and writing them cost about a quarter of a compile. A race
 * between threads only writes the same text twice.
 */
public final class CompileResult {
    private final String name;
    private final Stage stage;
    private final ShaderIr ir;
    private final String tgsi;
    private final List<Diagnostic> diagnostics;
    private final int errorCount;
    private final Ast.Unit unit;
    private final ShaderIr dumped;
    private final Module module;
    private String astDump;
    private String irDump;

    /** A result with its dumps already written. */
    public CompileResult(String name, Stage stage, ShaderIr ir, String tgsi, List<Diagnostic> diagnostics,
            int errorCount, String astDump, String irDump) {
        this(name, stage, ir, tgsi, diagnostics, errorCount, (Ast.Unit) null, (ShaderIr) null, null);
        this.astDump = astDump == null ? "" : astDump;
        this.irDump = irDump == null ? "" : irDump;
    }

    /**
     * A result whose dumps are written when asked for: {@code unit} is the parsed tree and
     * {@code dumped} the optimized IR (either null when the compile stopped before it);
     * {@code module} the optimized transform IR the CSIR was lowered from, kept for the back ends
     * that start from it (SPIR-V), null unless the shader compiled.
     */
    CompileResult(String name, Stage stage, ShaderIr ir, String tgsi, List<Diagnostic> diagnostics,
            int errorCount, Ast.Unit unit, ShaderIr dumped, Module module) {
        this.name = name;
        this.stage = stage;
        this.ir = ir;
        this.tgsi = tgsi;
        this.diagnostics = List.copyOf(diagnostics);
        this.errorCount = errorCount;
        this.unit = unit;
        this.dumped = dumped;
        this.module = module;
    }

    public String name() {
        return name;
    }

    /**
     * The optimized transform-IR module the shader's CSIR was lowered from (the input of the
     * SPIR-V back end), or null when the compile failed or the result was made from CSIR alone.
     * Callers read it and never change it.
     */
    public Module module() {
        return module;
    }

    /** The stage compiled for; null for a rejected stage. */
    public Stage stage() {
        return stage;
    }

    /**
     * The verified shader, or null when the compile failed before there was one (a compile whose
     * target then failed, TGSI over its budget, keeps it).
     */
    public ShaderIr ir() {
        return ir;
    }

    /** The TGSI text, or null when the compile failed or its target was not TGSI. */
    public String tgsi() {
        return tgsi;
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    public int errorCount() {
        return errorCount;
    }

    /** The syntax tree dump, empty when parsing did not run. */
    public String astDump() {
        String s = astDump;
        if (s == null) {
            s = unit == null ? "" : AstDump.dump(unit);
            astDump = s;
        }
        return s;
    }

    /** The optimized IR dump, empty when lowering did not produce IR. */
    public String irDump() {
        String s = irDump;
        if (s == null) {
            s = dumped == null ? "" : IrDump.dump(dumped);
            irDump = s;
        }
        return s;
    }

    /** True when the shader compiled and verified, and produced the artifact of its target. */
    public boolean ok() {
        return errorCount == 0 && ir != null;
    }

    /** All diagnostics rendered with source lines and carets (the compile log). */
    public String log() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            sb.append(d.render());
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "CompileResult[" + name + ", " + stage + ", " + (ok() ? "ok" : errorCount + " errors") + "]";
    }
}
