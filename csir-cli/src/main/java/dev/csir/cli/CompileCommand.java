package dev.csir.cli;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.diag.Diagnostic;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csir compile}: source files to TGSI, IR, AST, CSI or JSON. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compiles shader sources. The stage comes from the extension (.vert, .frag) unless --stage is given.",
            "Diagnostics go to standard error as file:line:col: error: message.",
            "Exit status: 0 when every file compiled, 1 when any failed, 2 on usage errors."})
final class CompileCommand implements Callable<Integer> {

    enum Emit { tgsi, ir, ast, csi, json }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Shader source files.")
    List<Path> files;

    @Option(names = "--stage", paramLabel = "vert|frag", description = "Stage of every input, overriding the extension.")
    String stage;

    @Option(names = "--emit", paramLabel = "KIND", defaultValue = "tgsi",
            description = "What to output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Emit emit;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "Output file (one input) or directory (several inputs). CSI defaults to INPUT.csi.")
    Path output;

    @Option(names = "--no-opt", description = "Skip the optimizer.")
    boolean noOpt;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Stage forced = null;
        if (stage != null) {
            forced = Inputs.stageNamed(stage).orElse(null);
            if (forced == null) {
                err.println("csir compile: unknown stage '" + stage + "' (use vert or frag)");
                return Main.USAGE;
            }
        }
        boolean outputIsDir = output != null && (files.size() > 1 || Files.isDirectory(output));
        int status = Main.OK;
        List<Object> jsonResults = new ArrayList<>();
        for (Path file : files) {
            Stage st = forced;
            boolean otherStage = false;
            if (st == null) {
                switch (Inputs.kindOf(file)) {
                    case VERTEX -> st = Stage.VERTEX;
                    case FRAGMENT -> st = Stage.FRAGMENT;
                    case OTHER_STAGE -> otherStage = true;
                    default -> {
                        err.println("csir compile: cannot tell the stage of " + file
                                + " from its extension; use --stage vert|frag");
                        return Main.USAGE;
                    }
                }
            }
            String name = file.getFileName().toString();
            CompileResult r;
            if (otherStage) {
                r = ShaderCompiler.rejectStage(name);
            } else {
                String src;
                try {
                    src = Inputs.readText(file);
                } catch (Inputs.InputException e) {
                    err.println("csir compile: " + e.getMessage());
                    status = Main.REJECTED;
                    continue;
                }
                r = ShaderCompiler.compile(st, name, src,
                        dev.csir.CompileOptions.DEFAULT.withOptimize(!noOpt));
            }
            for (Diagnostic d : r.diagnostics()) {
                err.print(d.render());
            }
            if (r.errorCount() > r.diagnostics().size()) {
                err.println(name + ": " + (r.errorCount() - r.diagnostics().size()) + " more errors not shown");
            }
            if (emit == Emit.json) {
                jsonResults.add(json(file, r));
                if (!r.ok()) {
                    status = Main.REJECTED;
                }
                continue;
            }
            if (!r.ok() && !(emit == Emit.ast && !r.astDump().isEmpty())) {
                status = Main.REJECTED;
                continue;
            }
            byte[] data = switch (emit) {
                case tgsi -> r.tgsi().getBytes(StandardCharsets.UTF_8);
                case ir -> r.irDump().getBytes(StandardCharsets.UTF_8);
                case ast -> r.astDump().getBytes(StandardCharsets.UTF_8);
                case csi -> Csi.save(r.ir());
                case json -> throw new IllegalStateException();
            };
            if (!r.ok()) {
                status = Main.REJECTED;
            }
            Path target = output == null ? (emit == Emit.csi ? sibling(file, ".csi") : null)
                    : outputIsDir ? output.resolve(name + extension(emit)) : output;
            if (target == null) {
                out.print(new String(data, StandardCharsets.UTF_8));
                out.flush();
            } else {
                AtomicFiles.writeAtomically(target, data);
                err.println("csir compile: wrote " + target);
            }
        }
        if (emit == Emit.json) {
            String text = Json.write(jsonResults.size() == 1 ? jsonResults.getFirst() : jsonResults);
            if (output != null && !outputIsDir) {
                AtomicFiles.writeAtomically(output, text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.print(text);
            }
        }
        return status;
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
            dm.put("severity", "error");
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
