package dev.csir.cli;

import dev.csir.CompileResult;
import dev.csir.ModuleResult;
import dev.csir.ShaderCompiler;
import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.Positional;
import dev.csir.cli.args.Values;
import dev.csir.csi.Csi;
import dev.csir.diag.Diagnostic;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.back.spirv.SpirvWriter;
import dev.csir.ssa.text.Printer;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code csir compile}: source files to TGSI, IR, AST, CSI or JSON. */
final class CompileCommand extends Subcommand {

    enum Emit { tgsi, ir, ast, csi, json, ssa, spv, spvasm }

    final List<Path> files = new ArrayList<>();
    SourceStage stage;
    Emit emit = Emit.tgsi;
    Boolean debugInfo;
    Path output;
    boolean noOpt;
    final LimitsOption profile = new LimitsOption();
    final PreprocessorOptions preprocessor = new PreprocessorOptions();

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("compile",
                "Compiles shader sources to TGSI, CSIR, CSI, the transform IR, SPIR-V, an AST dump or JSON.")
                .describe("The stage comes from the extension unless --stage is given: " + SourceStage.EXTENSIONS
                        + "; a .glsl file needs --stage. Geometry, tessellation and compute shaders are rejected as"
                        + " not supported yet.")
                .describe("Diagnostics go to standard error as file:line:col: error: message, with the source line"
                        + " and a caret.")
                .positional("FILE", 1, Positional.MANY, "Shader source files.", v -> files.add(Values.path(v)))
                .option("-S, --stage", SourceStage.NAMES, "Stage of every input, overriding the extension (vertex,"
                        + " fragment, geometry, tesscontrol, tessevaluation and compute are accepted too).",
                        v -> stage = SourceStage.parse(v))
                .option("--emit", "KIND", "What to output: " + Values.choices(Emit.values()) + " (default: tgsi). ssa"
                        + " is the optimized transform IR (the module as lowered with --no-opt), spv a SPIR-V 1.0 binary"
                        + " for Vulkan 1.0 (written to INPUT.spv unless -o says otherwise), spvasm its assembly text"
                        + " (as spirv-dis prints it); none of the three has CSIR's limits. json includes the SPIR-V"
                        + " reflection (locations, std140 block offsets, descriptor bindings).",
                        v -> emit = Values.oneOf(Emit.values(), v))
                .negatable("--debug-info", "SPIR-V debug information: names (OpName), the source file (OpSource)"
                        + " and lines (OpLine). On by default for --emit spvasm, off for --emit spv.",
                        v -> debugInfo = Boolean.valueOf(v))
                .option("-o, --output", "OUT", "Output file (one input), directory (several inputs) or - for"
                        + " standard output. Text goes to standard output by default, CSI to INPUT.csi; JSON is one"
                        + " document.", v -> output = Values.path(v))
                .flag("--no-opt", "Skips the optimizer.", () -> noOpt = true);
        profile.addTo(spec);
        preprocessor.addTo(spec);
        return spec.footer(Main.EXIT_STATUS);
    }

    @Override
    int call() {
        PrintWriter err = err();
        for (Path file : files) {
            if (Inputs.stageOf(file, stage).isEmpty()) {
                err.println(prefix() + Inputs.unknownStage(file));
                return Main.USAGE;
            }
        }
        boolean toStdout = output != null && OutputFiles.isStdout(output);
        if (toStdout && emit == Emit.csi && files.size() > 1) {
            err.println(prefix() + "-o - takes one input for --emit csi (blobs do not concatenate)");
            return Main.USAGE;
        }
        boolean outputIsDir = output != null && !toStdout && emit != Emit.json
                && (files.size() > 1 || Files.isDirectory(output));
        int status = Main.OK;
        List<Object> jsonResults = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            SourceStage st = Inputs.stageOf(file, stage).orElseThrow();
            if (emit == Emit.ssa || emit == Emit.spv || emit == Emit.spvasm) {
                status = Math.max(status, ssa(file, name, st));
                continue;
            }
            CompileResult r;
            if (st.compiled().isEmpty()) {
                r = ShaderCompiler.rejectStage(name);
            } else {
                String src;
                try {
                    src = Inputs.readText(file);
                } catch (Inputs.InputException e) {
                    err.println(prefix() + e.getMessage());
                    status = Main.REJECTED;
                    continue;
                }
                r = ShaderCompiler.compile(st.compiled().get(), name, src, preprocessor.apply(
                        dev.csir.CompileOptions.DEFAULT.withOptimize(!noOpt).withLimits(profile.limits), file));
            }
            for (Diagnostic d : r.diagnostics()) {
                err.print(d.render());
            }
            long shown = r.diagnostics().stream().filter(Diagnostic::isError).count();
            if (r.errorCount() > shown) {
                err.println(name + ": " + (r.errorCount() - shown) + " more errors not shown");
            }
            if (!r.ok()) {
                status = Main.REJECTED;
            }
            if (emit == Emit.json) {
                jsonResults.add(json(file, r));
                continue;
            }
            // an AST dump is useful even when a later phase rejected the shader
            if (!r.ok() && !(emit == Emit.ast && !r.astDump().isEmpty())) {
                continue;
            }
            byte[] data = switch (emit) {
                case tgsi -> r.tgsi().getBytes(StandardCharsets.UTF_8);
                case ir -> r.irDump().getBytes(StandardCharsets.UTF_8);
                case ast -> r.astDump().getBytes(StandardCharsets.UTF_8);
                case csi -> Csi.save(r.ir());
                case json, ssa, spv, spvasm -> throw new IllegalStateException();
            };
            Path target = output == null ? (emit == Emit.csi ? sibling(file, ".csi") : Path.of("-"))
                    : outputIsDir ? output.resolve(name + extension(emit)) : output;
            if (!writeReporting(target, data)) {
                status = Main.REJECTED;
            }
        }
        if (emit == Emit.json) {
            String text = Json.write(jsonResults.size() == 1 ? jsonResults.getFirst() : jsonResults);
            if (!writeReporting(output == null ? Path.of("-") : output, text.getBytes(StandardCharsets.UTF_8))) {
                status = Main.REJECTED;
            }
        }
        return status;
    }

    /** The transform IR of one file: printed, or written to the output; the file's exit status. */
    private int ssa(Path file, String name, SourceStage st) {
        String src;
        try {
            src = Inputs.readText(file);
        } catch (Inputs.InputException e) {
            err().println(prefix() + e.getMessage());
            return Main.REJECTED;
        }
        ModuleResult r = ShaderCompiler.compileModule(st.shaderStage(), name, src,
                preprocessor.apply(dev.csir.CompileOptions.DEFAULT.withOptimize(!noOpt), file));
        for (Diagnostic d : r.diagnostics()) {
            err().print(d.render());
        }
        if (!r.ok()) {
            return Main.REJECTED;
        }
        byte[] data;
        if (emit == Emit.spv || emit == Emit.spvasm) {
            boolean assembly = emit == Emit.spvasm;
            SpirvWriter.Result spv = SpirvWriter.write(r.module(), SpirvOutput.options(debugInfo, assembly, name));
            if (!spv.errors().isEmpty()) {
                for (String e : spv.errors()) {
                    err().println(name + ": error: " + e);
                }
                return Main.REJECTED;
            }
            data = SpirvOutput.bytes(spv, assembly);
        } else {
            data = Printer.print(r.module()).getBytes(StandardCharsets.UTF_8);
        }
        boolean several = files.size() > 1;
        // a binary does not go to a terminal unless asked: its default is a file beside the input
        Path target = output == null ? (emit == Emit.spv ? sibling(file, ".spv") : Path.of("-"))
                : OutputFiles.isStdout(output) ? Path.of("-")
                : several || Files.isDirectory(output) ? output.resolve(name + extension(emit)) : output;
        return writeReporting(target, data) ? Main.OK : Main.REJECTED;
    }

    private static Path sibling(Path file, String ext) {
        Path parent = file.toAbsolutePath().getParent();
        return parent.resolve(file.getFileName() + ext);
    }

    private static String extension(Emit e) {
        return switch (e) {
            case tgsi -> ".tgsi";
            case ir -> ".ir.txt";
            case ast -> ".ast.txt";
            case csi -> ".csi";
            case json -> ".json";
            case ssa -> ".ssa";
            case spv -> ".spv";
            case spvasm -> ".spvasm";
        };
    }

    static Map<String, Object> json(Path file, CompileResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", file.toString());
        m.put("stage", r.stage() == null ? null : r.stage().word());
        m.put("ok", r.ok());
        List<Object> diags = new ArrayList<>();
        for (Diagnostic d : r.diagnostics()) {
            Map<String, Object> dm = new LinkedHashMap<>();
            dm.put("file", d.file());
            dm.put("line", d.line());
            dm.put("column", d.column());
            dm.put("severity", d.severity().word());
            dm.put("code", d.code());
            if (d.offset() >= 0) {
                dm.put("offset", d.offset());
                dm.put("length", d.length());
            }
            dm.put("message", d.message());
            diags.add(dm);
        }
        m.put("diagnostics", diags);
        m.put("errorCount", r.errorCount());
        ShaderIr ir = r.ir();
        if (ir != null) {
            m.put("interface", interfaceJson(ir));
            Map<String, Object> sizes = new LinkedHashMap<>();
            sizes.put("instructions", (int) ir.liveCount());
            sizes.put("records", ir.size());
            sizes.put("immediates", ir.immediateCount());
            sizes.put("temporaries", ir.temps());
            sizes.put("tgsiBytes", r.tgsi() == null ? null : r.tgsi().getBytes(StandardCharsets.UTF_8).length);
            m.put("sizes", sizes);
        }
        if (r.module() != null) {
            SpirvWriter.Result spv = SpirvWriter.write(r.module());
            m.put("spirv", spv.ok() ? SpirvOutput.json(spv.reflection()) : Map.of("errors", spv.errors()));
        }
        if (r.tgsi() != null) {
            m.put("tgsi", r.tgsi());
        }
        return m;
    }

    static Map<String, Object> interfaceJson(ShaderIr ir) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> vars = new ArrayList<>();
        for (InterfaceVar v : ir.iface().vars()) {
            Map<String, Object> vm = new LinkedHashMap<>();
            vm.put("kind", v.isSampler() ? "sampler" : v.kind().name().toLowerCase(Locale.ROOT));
            vm.put("name", v.name());
            vm.put("type", v.type().glslName());
            vm.put(ir.stage() == Stage.VERTEX && v.kind() == InterfaceVar.Kind.INPUT ? "location" : "slot", v.slot());
            vars.add(vm);
        }
        m.put("symbols", vars);
        m.put("attrHi", ir.iface().attrHi());
        m.put("varHi", ir.iface().varHi());
        m.put("uniformVec4", ir.iface().uniformVec4Count());
        m.put("sampHi", ir.iface().sampHi());
        return m;
    }
}
