package dev.csir.cli;

import dev.csir.cli.args.CommandSpec;
import dev.csir.cli.args.Values;
import dev.csir.Target;
import dev.csir.back.spirv.SpirvProgram;
import dev.csir.csi.Csi;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.ProgramInterface;
import dev.csir.link.SamplerInfo;
import dev.csir.link.UniformInfo;
import dev.csir.link.VaryingInfo;
import dev.csir.tgsi.TgsiProgram;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code csir link}: compiles and links a vertex + fragment pair. */
final class LinkCommand extends Subcommand {

    enum Emit { tgsi, json, iface, csi, spv, spvasm }

    Path vertexFile;
    Path fragmentFile;
    Emit emit = Emit.tgsi;
    Boolean debugInfo;
    final LimitsOption profile = new LimitsOption();
    final PreprocessorOptions preprocessor = new PreprocessorOptions();
    Path output;

    @Override
    CommandSpec spec() {
        CommandSpec spec = new CommandSpec("link", "Compiles and links a vertex and a fragment shader.")
                .describe("Varyings are matched by name and type and the fragment varyings remapped onto the vertex"
                        + " slots; both TGSI texts are regenerated. Link errors are located in the source.")
                .positional("VS", 1, 1, "Vertex shader source.", v -> vertexFile = Values.path(v))
                .positional("FS", 1, 1, "Fragment shader source.", v -> fragmentFile = Values.path(v))
                .option("--emit", "KIND", "tgsi (both texts), json (interface and both texts), iface (the interface"
                        + " as text) or csi (both shaders as one CSI v2 program blob, DIR/link.csi or - ), spv"
                        + " (DIR/VS.spv and DIR/FS.spv, SPIR-V 1.0 for one Vulkan pipeline: fragment inputs at the"
                        + " vertex outputs' locations, each stage's uniform block and samplers at their own bindings"
                        + " of set 0) or spvasm (their assembly text).", v -> emit = Values.oneOf(Emit.values(), v))
                .negatable("--debug-info", "SPIR-V debug information (OpName, OpSource, OpLine): on by default for"
                        + " spvasm, off for spv.", v -> debugInfo = Boolean.valueOf(v))
                .option("-o, --output", "DIR", "Write VS.tgsi and FS.tgsi (or link.json, link.iface.txt, link.csi)"
                        + " into this existing directory; - or no -o writes to standard output.",
                        v -> output = Values.path(v));
        profile.addTo(spec);
        preprocessor.addTo(spec);
        return spec.footer(Main.EXIT_STATUS);
    }

    @Override
    int call() {
        boolean toStdout = output == null || OutputFiles.isStdout(output);
        if (emit == Emit.csi && output == null) {
            err().println(prefix() + "--emit csi writes a binary blob; give -o DIR (or -o - for standard output)");
            return Main.USAGE;
        }
        if (emit == Emit.spv && toStdout) {
            err().println(prefix() + "--emit spv writes two binaries, VS.spv and FS.spv; give -o DIR");
            return Main.USAGE;
        }
        LinkedProgram lp;
        try {
            lp = ProgramFiles.link(vertexFile, fragmentFile, err(), prefix(),
                    emit == Emit.tgsi || emit == Emit.json ? Target.TGSI : Target.CSIR, profile.limits,
                    preprocessor);
        } catch (Inputs.InputException e) {
            err().println(prefix() + e.getMessage());
            return Main.REJECTED;
        }
        if (lp == null) {
            return Main.REJECTED;
        }
        String vsName = vertexFile.getFileName().toString();
        String fsName = fragmentFile.getFileName().toString();
        TgsiProgram text = null;
        if (emit == Emit.tgsi || emit == Emit.json) {
            switch (TgsiProgram.emit(lp.vertex(), lp.fragment(), lp.remap(), profile.limits)) {
                case TgsiProgram.Emitted e -> text = e.program();
                case TgsiProgram.Failed f -> {
                    err().println(prefix() + "error: " + f.message());
                    return Main.REJECTED;
                }
            }
        }
        if (emit == Emit.spv || emit == Emit.spvasm) {
            return spirv(lp, vsName, fsName, toStdout);
        }
        boolean written = switch (emit) {
            case tgsi -> toStdout ? emit(Path.of("-"), text.vertexText() + text.fragmentText())
                    : emit(output.resolve(vsName + ".tgsi"), text.vertexText())
                            && emit(output.resolve(fsName + ".tgsi"), text.fragmentText());
            case json -> emit(target(toStdout, "link.json"), Json.write(json(lp, text, vsName, fsName)));
            case iface -> emit(target(toStdout, "link.iface.txt"), ifaceText(lp.iface(), lp));
            case csi -> writeReporting(target(toStdout, "link.csi"), Csi.saveProgram(lp.vertex(), lp.fragment()));
            case spv, spvasm -> throw new IllegalStateException();
        };
        return written ? Main.OK : Main.REJECTED;
    }

    /** Both stages as SPIR-V for one pipeline: DIR/VS.spv and DIR/FS.spv, or their text. */
    private int spirv(LinkedProgram lp, String vsName, String fsName, boolean toStdout) {
        boolean assembly = emit == Emit.spvasm;
        LinkedProgram.Modules m = lp.transformModules().orElseThrow();
        SpirvProgram spv = SpirvProgram.write(m.vertex(), m.fragment(), SpirvOutput.options(debugInfo, assembly, vsName),
                SpirvOutput.options(debugInfo, assembly, fsName), false);
        if (!spv.ok()) {
            for (String e : spv.errors()) {
                err().println(prefix() + "error: " + e);
            }
            return Main.REJECTED;
        }
        byte[] vertex = SpirvOutput.bytes(spv.vertex(), assembly);
        byte[] fragment = SpirvOutput.bytes(spv.fragment(), assembly);
        String ext = assembly ? ".spvasm" : ".spv";
        if (toStdout) {
            byte[] both = new byte[vertex.length + fragment.length];
            System.arraycopy(vertex, 0, both, 0, vertex.length);
            System.arraycopy(fragment, 0, both, vertex.length, fragment.length);
            return writeReporting(Path.of("-"), both) ? Main.OK : Main.REJECTED;
        }
        return writeReporting(output.resolve(vsName + ext), vertex) && writeReporting(output.resolve(fsName + ext),
                fragment) ? Main.OK : Main.REJECTED;
    }

    private Path target(boolean toStdout, String fileName) {
        return toStdout ? Path.of("-") : output.resolve(fileName);
    }

    private boolean emit(Path target, String text) {
        return writeReporting(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The interface, one record per line: what a renderer or a script needs to feed the program. */
    static String ifaceText(ProgramInterface i, LinkedProgram lp) {
        StringBuilder sb = new StringBuilder();
        for (AttributeInfo a : i.attributes()) {
            sb.append("attribute ").append(a.name()).append(' ').append(a.type().glslName())
                    .append(" location ").append(a.location()).append(" components ").append(a.components()).append('\n');
        }
        for (VaryingInfo v : i.varyings()) {
            sb.append("varying ").append(v.name()).append(' ').append(v.type().glslName())
                    .append(" slot ").append(v.slot()).append(" fragment-slot ").append(v.fragmentSlot()).append('\n');
        }
        for (UniformInfo u : i.uniforms()) {
            sb.append("uniform ").append(u.name()).append(' ').append(u.type().glslName())
                    .append(' ').append(u.stage().word()).append(" slot ").append(u.slot())
                    .append(" offset ").append(u.offset()).append(" size ").append(u.size()).append('\n');
        }
        for (SamplerInfo s : i.samplers()) {
            sb.append("sampler ").append(s.name()).append(' ').append(s.stage().word())
                    .append(" slot ").append(s.slot()).append('\n');
        }
        sb.append("vec4s vertex ").append(i.vertexVec4s()).append(" fragment ").append(i.fragmentVec4s()).append('\n');
        sb.append("generation ").append(lp.generation()).append('\n');
        return sb.toString();
    }

    static Map<String, Object> json(LinkedProgram lp, TgsiProgram text, String vsName, String fsName) {
        ProgramInterface i = lp.iface();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vertex", vsName);
        m.put("fragment", fsName);
        m.put("generation", lp.generation());
        List<Object> attrs = new ArrayList<>();
        for (AttributeInfo a : i.attributes()) {
            attrs.add(map("name", a.name(), "type", a.type().glslName(), "location", a.location(),
                    "components", a.components()));
        }
        m.put("attributes", attrs);
        List<Object> vars = new ArrayList<>();
        for (VaryingInfo v : i.varyings()) {
            vars.add(map("name", v.name(), "type", v.type().glslName(), "slot", v.slot(),
                    "fragmentSlot", v.fragmentSlot()));
        }
        m.put("varyings", vars);
        List<Object> unis = new ArrayList<>();
        for (UniformInfo u : i.uniforms()) {
            Map<String, Object> um = map("name", u.name(), "type", u.type().glslName(),
                    "stage", u.stage().word(), "slot", u.slot());
            um.put("vertexSlot", u.vertexSlot() < 0 ? null : u.vertexSlot());
            um.put("fragmentSlot", u.fragmentSlot() < 0 ? null : u.fragmentSlot());
            um.put("offset", u.offset());
            um.put("size", u.size());
            unis.add(um);
        }
        m.put("uniforms", unis);
        List<Object> samps = new ArrayList<>();
        for (SamplerInfo s : i.samplers()) {
            samps.add(map("name", s.name(), "stage", s.stage().word(), "slot", s.slot()));
        }
        m.put("samplers", samps);
        m.put("vec4s", map("vertex", i.vertexVec4s(), "fragment", i.fragmentVec4s()));
        List<Integer> remap = new ArrayList<>();
        for (int r : lp.remap()) {
            remap.add(r);
        }
        m.put("remap", remap);
        m.put("vertexTgsi", text.vertexText());
        m.put("fragmentTgsi", text.fragmentText());
        return m;
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < kv.length; k += 2) {
            m.put((String) kv[k], kv[k + 1]);
        }
        return m;
    }
}
