package dev.csir.cli;

import dev.csir.csi.Csi;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.ProgramInterface;
import dev.csir.link.SamplerInfo;
import dev.csir.link.UniformInfo;
import dev.csir.link.VaryingInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csir link}: compiles and links a vertex + fragment pair. */
@Command(name = "link", mixinStandardHelpOptions = true,
        description = {"Compiles and links a vertex and a fragment shader: varyings matched by name and type,",
            "fragment varyings remapped onto the vertex slots, both TGSI texts regenerated.",
            "Exit status: 0 linked, 1 a shader or the link failed, 2 usage."})
final class LinkCommand implements Callable<Integer> {

    enum Emit { tgsi, json, iface, csi }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "VS", description = "Vertex shader source.")
    Path vertexFile;

    @Parameters(index = "1", paramLabel = "FS", description = "Fragment shader source.")
    Path fragmentFile;

    @Option(names = "--emit", paramLabel = "KIND", defaultValue = "tgsi",
            description = "tgsi (both texts), json (interface and both texts), iface (the interface as text)"
                    + " or csi (both shaders as one CSI v2 program blob, link.csi; needs -o).")
    Emit emit;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Write VS.tgsi and FS.tgsi (or link.json, link.iface.txt) into this directory.")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (emit == Emit.csi && output == null) {
            err.println("csir link: --emit csi writes a binary file; give -o DIR");
            return Main.USAGE;
        }
        LinkedProgram lp;
        try {
            lp = ProgramFiles.link(vertexFile, fragmentFile, err, "link");
        } catch (Inputs.InputException e) {
            err.println("csir link: " + e.getMessage());
            return Main.REJECTED;
        }
        if (lp == null) {
            return Main.REJECTED;
        }
        String vsName = vertexFile.getFileName().toString();
        String fsName = fragmentFile.getFileName().toString();
        switch (emit) {
            case tgsi -> {
                if (output == null) {
                    out.print(lp.vertexTgsi());
                    out.print(lp.fragmentTgsi());
                } else {
                    write(err, output.resolve(vsName + ".tgsi"), lp.vertexTgsi());
                    write(err, output.resolve(fsName + ".tgsi"), lp.fragmentTgsi());
                }
            }
            case json -> emitText(out, err, "link.json", Json.write(json(lp, vsName, fsName)));
            case iface -> emitText(out, err, "link.iface.txt", ifaceText(lp.iface(), lp));
            case csi -> {
                Path target = output.resolve("link.csi");
                AtomicFiles.writeAtomically(target, Csi.saveProgram(lp.vertex(), lp.fragment()));
                err.println("csir link: wrote " + target);
            }
        }
        return Main.OK;
    }

    private void emitText(PrintWriter out, PrintWriter err, String fileName, String text) throws IOException {
        if (output == null) {
            out.print(text);
        } else {
            write(err, output.resolve(fileName), text);
        }
    }

    private static void write(PrintWriter err, Path target, String text) throws IOException {
        AtomicFiles.writeAtomically(target, text.getBytes(StandardCharsets.UTF_8));
        err.println("csir link: wrote " + target);
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

    static Map<String, Object> json(LinkedProgram lp, String vsName, String fsName) {
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
        m.put("vertexTgsi", lp.vertexTgsi());
        m.put("fragmentTgsi", lp.fragmentTgsi());
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
