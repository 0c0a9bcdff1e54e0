package dev.csir;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.lang.Ast;
import dev.csir.lang.Parser;
import dev.csir.opt.Optimizer;
import dev.csir.sema.Checker;
import dev.csir.sema.Typed;
import dev.csir.ssa.Module;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.ssa.opt.Pipeline;
import dev.csir.ssa.opt.PassManager;
import dev.csir.ssa.opt.SubpassInputsAsTextures;
import dev.csir.tocsir.CsirLowering;
import dev.csir.tocsir.LoweringError;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import dev.csir.verify.Verifier;
import dev.csir.types.ShaderStage;
import java.util.List;

/**
 * The compile driver: source text to verified CSIR, and to TGSI when the options' target says
 * so ({@link Target}); and source text to the transform IR ({@link #compileModule}). One
 * pipeline: parse and check while fewer than 8 errors were reported, build the transform IR,
 * optimize it, lower it to CSIR ({@link CsirLowering}), run the documented dead-result pass,
 * verify, run csir's own passes ({@link Optimizer#extraPasses}) and emit only when there were no
 * errors. Never throws on any source text.
 */
public final class ShaderCompiler {
    private ShaderCompiler() {
    }

    public static CompileResult compile(Stage stage, String name, String source) {
        return compile(stage, name, source, CompileOptions.DEFAULT);
    }

    public static CompileResult compile(Stage stage, String name, String source, CompileOptions options) {
        String file = name == null ? "s" : name.isEmpty() ? "shader" : name;
        if (stage == null) {
            return rejectStage(file);
        }
        String src = source == null ? "" : source;
        int bytes = utf8Length(src);
        int maxBytes = options.limits().maxSourceBytes();
        if (bytes == 0 || bytes > maxBytes) {
            DiagnosticLog log = new DiagnosticLog(file, bytes == 0 ? "" : src);
            log.error(bytes == 0 ? Messages.EMPTY_SHADER : Messages.sourceTooLarge(bytes, maxBytes));
            return failed(file, stage, log, null);
        }
        DiagnosticLog log = new DiagnosticLog(file, src);
        Ast.Unit unit = Parser.parse(src, log, options.preprocessor(), options.client());
        ShaderStage shaderStage = stage == Stage.VERTEX ? ShaderStage.VERTEX : ShaderStage.FRAGMENT;
        Typed.Unit typed = log.full() ? null : Checker.check(unit, shaderStage, options.client(), log);
        if (typed == null || log.hasErrors()) {
            return failed(file, stage, log, unit);
        }
        Module module = transformed(typed, options, log);
        if (module == null) {
            log.error(Messages.optimizerFailed("inline", "the module could not be prepared for CSIR"));
            return failed(file, stage, log, unit);
        }
        // instanceof rather than pattern switches here: each switch site costs a one-shot compile
        // its invokedynamic linkage at first use (see dev.csir.types.Type)
        // the module kept is also a linked program's SPIR-V, so its input attachments stay in it
        CsirLowering.Result lowered = CsirLowering.lower(SubpassInputsAsTextures.forCsir(module), file, declared(typed),
                options.limits());
        if (lowered instanceof CsirLowering.Failed f) {
            for (LoweringError e : f.errors()) {
                if (e.line() > 0) {
                    log.error(e.line(), e.column(), e.message());
                } else {
                    log.error(e.message());
                }
            }
            return failed(file, stage, log, unit);
        }
        ShaderIr ir = ((CsirLowering.Lowered) lowered).ir();
        if (options.optimize()) {
            ir = Optimizer.documented(ir);
        }
        List<Verifier.Problem> problems = Verifier.verify(ir, options.limits());
        if (!problems.isEmpty()) {
            for (Verifier.Problem p : problems) {
                log.error(p.message());
            }
            return new CompileResult(file, stage, null, null, log.diagnostics(), log.count(), unit, ir, null);
        }
        if (options.optimize()) {
            // The contract is that backends only ever see verified IR, so the passes' output is
            // verified too; should a pass ever produce something invalid, the verified input wins.
            ShaderIr optimized = Optimizer.extraPasses(ir);
            if (optimized != ir && Verifier.verify(optimized, options.limits()).isEmpty()) {
                ir = optimized;
            }
        }
        if (options.target() == Target.CSIR) {
            return new CompileResult(file, stage, ir, null, warnings(log), 0, unit, ir, module);
        }
        TgsiResult tgsi = TgsiEmitter.emit(ir, null, options.limits());
        if (tgsi instanceof TgsiResult.Failed f) {
            // located at the source of the record that crossed the budget, when it has one
            int line = f.insn() >= 0 ? ir.sourceLine(f.insn()) : 0;
            if (line > 0) {
                log.error(line, ir.sourceColumn(f.insn()), f.message());
            } else {
                log.error(f.message());
            }
            // the CSIR is verified; only the target could not carry it
            return new CompileResult(file, stage, ir, null, log.diagnostics(), log.count(), unit, ir, module);
        }
        return new CompileResult(file, stage, ir, ((TgsiResult.Ok) tgsi).text(), warnings(log), 0, unit, ir, module);
    }

    /** A successful compile's diagnostics: the preprocessor's warnings, if any. */
    private static List<Diagnostic> warnings(DiagnosticLog log) {
        return log.hasWarnings() ? log.diagnostics() : List.of();
    }

    /**
     * The module as CSIR needs it: optimized by the CSIR pipeline (or only inlined, promoted to
     * registers and its counted loops over arrays unrolled when the options say not to optimize);
     * should that fail (a warning says which pass), the minimal CSIR pipeline, then the minimal one
     * (loops over arrays then fail to lower, with a located error); null when that fails too.
     */
    private static Module transformed(Typed.Unit typed, CompileOptions options, DiagnosticLog log) {
        // in place: the module was just built, and is built again in the unlikely case it is needed;
        // the CSIR pipelines unroll counted loops over arrays, which CSIR cannot index at run time
        boolean verify = options.verifyEachPass();
        List<PassManager> pipelines = options.optimize()
                ? List.of(Pipeline.forCsir(verify), Pipeline.minimalForCsir(verify), Pipeline.minimal(verify))
                : List.of(Pipeline.minimalForCsir(verify), Pipeline.minimal(verify));
        boolean warned = false;
        for (PassManager pipeline : pipelines) {
            PassManager.Result result = pipeline.runInPlace(ModuleBuilder.build(typed));
            if (result instanceof PassManager.Optimized o) {
                return o.module();
            }
            PassManager.Failed f = (PassManager.Failed) result;
            if (!warned) {
                // the next pipeline does less; the user learns that this one did not hold
                log.warning(1, 1, Messages.optimizerFailed(f.pass(), f.message()));
                warned = true;
            }
        }
        return null;
    }

    /** Where the source declared each global, for the interface symbols. */
    private static List<CsirLowering.Declared> declared(Typed.Unit typed) {
        return typed.globals().stream().map(v -> new CsirLowering.Declared(v.name(), v.pos().line(), v.pos().column(),
                v.location() >= 0)).toList();
    }

    /**
     * Source to the transform IR: parse, check (the language's rules, none of CSIR's limits, so
     * not the 4 KiB source bound either) and lower to a module. Never throws on any source text.
     */
    public static ModuleResult compileModule(ShaderStage stage, String name, String source) {
        return compileModule(stage, name, source, CompileOptions.DEFAULT);
    }

    /**
     * As {@link #compileModule(ShaderStage, String, String)}, optimized when the options say so. A
     * failing optimizer pass leaves a warning ({@link Messages#OPTIMIZER_FAILED_CODE}) and the
     * unoptimized module.
     */
    public static ModuleResult compileModule(ShaderStage stage, String name, String source, CompileOptions options) {
        return compileModule(stage, name, source, options, Pipeline.standard(options.verifyEachPass()));
    }

    /** With the given optimizer pipeline (tests give one that fails). */
    static ModuleResult compileModule(ShaderStage stage, String name, String source, CompileOptions options,
            PassManager pipeline) {
        String file = name == null ? "s" : name.isEmpty() ? "shader" : name;
        String src = source == null ? "" : source;
        DiagnosticLog log = new DiagnosticLog(file, src);
        if (stage != ShaderStage.VERTEX && stage != ShaderStage.FRAGMENT) {
            log.error(Messages.UNSUPPORTED_STAGE);
        } else if (src.isEmpty()) {
            log.error(Messages.EMPTY_SHADER);
        }
        if (log.hasErrors()) {
            return new ModuleResult(file, null, log.diagnostics(), log.count());
        }
        Ast.Unit unit = Parser.parse(src, log, options.preprocessor(), options.client());
        Typed.Unit typed = log.full() ? null : Checker.check(unit, stage, options.client(), log);
        if (typed == null || log.hasErrors()) {
            return new ModuleResult(file, null, log.diagnostics(), log.count());
        }
        Module module = ModuleBuilder.build(typed);
        if (!options.optimize()) {
            return new ModuleResult(file, module, warnings(log), 0);
        }
        PassManager.Result result = pipeline.run(module); // a copy: the warning below keeps the unoptimized module
        if (result instanceof PassManager.Optimized o) {
            return new ModuleResult(file, o.module(), warnings(log), 0);
        }
        PassManager.Failed f = (PassManager.Failed) result;
        return new ModuleResult(file, module, List.of(Diagnostic.warning(file, Messages.OPTIMIZER_FAILED_CODE,
                Messages.optimizerFailed(f.pass(), f.message()), log.sourceLine(1))), 0);
    }

    /** The result for a stage csir does not compile (geometry, tessellation, compute). */
    public static CompileResult rejectStage(String file) {
        DiagnosticLog log = new DiagnosticLog(file, "");
        log.error(Messages.UNSUPPORTED_STAGE);
        return failed(file, null, log, null);
    }

    private static CompileResult failed(String file, Stage stage, DiagnosticLog log, Ast.Unit unit) {
        return new CompileResult(file, stage, null, null, log.diagnostics(), log.count(), unit, (ShaderIr) null, null);
    }

    private static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x80) {
                n++;
            } else if (ch < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

}
