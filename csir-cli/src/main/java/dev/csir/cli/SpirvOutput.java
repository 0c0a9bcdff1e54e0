package dev.csir.cli;

import dev.csir.back.spirv.Disassembler;
import dev.csir.back.spirv.Reflection;
import dev.csir.back.spirv.SpirvWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the commands print of SPIR-V: the binary or its disassembly, and the reflection as JSON. */
final class SpirvOutput {
    private SpirvOutput() {
    }

    /** The binary for {@code spv}, the assembly text for {@code spvasm}. */
    static byte[] bytes(SpirvWriter.Result r, boolean assembly) {
        return assembly ? Disassembler.text(r.words()).getBytes(StandardCharsets.UTF_8) : r.binary();
    }

    /** Debug information is on for the text, off for the binary, unless the option says otherwise. */
    static SpirvWriter.Options options(Boolean debugInfo, boolean assembly, String file) {
        return new SpirvWriter.Options(debugInfo == null ? assembly : debugInfo, file);
    }

    /** The reflection as the JSON object model of {@link Json}. */
    static Map<String, Object> json(Reflection r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("inputs", variables(r.inputs()));
        m.put("outputs", variables(r.outputs()));
        List<Object> blocks = new ArrayList<>();
        for (Reflection.UniformBlock b : r.blocks()) {
            Map<String, Object> bm = new LinkedHashMap<>();
            bm.put("name", b.name());
            bm.put("set", b.set());
            bm.put("binding", b.binding());
            if (b.element() >= 0) {
                bm.put("element", b.element()); // of an array of blocks, all at one binding
            }
            bm.put("size", b.size());
            List<Object> members = new ArrayList<>();
            for (Reflection.Member mb : b.members()) {
                Map<String, Object> mm = new LinkedHashMap<>();
                mm.put("name", mb.name());
                mm.put("type", mb.type().name());
                mm.put("offset", mb.offset());
                if (mb.arrayStride() > 0) {
                    mm.put("arrayStride", mb.arrayStride());
                }
                if (mb.matrixStride() > 0) {
                    mm.put("matrixStride", mb.matrixStride());
                }
                members.add(mm);
            }
            bm.put("members", members);
            blocks.add(bm);
        }
        m.put("uniformBlocks", blocks);
        List<Object> samplers = new ArrayList<>();
        for (Reflection.Sampler s : r.samplers()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("name", s.name());
            sm.put("type", s.type().name());
            sm.put("set", s.set());
            sm.put("binding", s.binding());
            samplers.add(sm);
        }
        m.put("samplers", samplers);
        return m;
    }

    private static List<Object> variables(List<Reflection.Variable> vs) {
        List<Object> out = new ArrayList<>();
        for (Reflection.Variable v : vs) {
            Map<String, Object> vm = new LinkedHashMap<>();
            vm.put("name", v.name());
            vm.put("type", v.type().name());
            if (v.builtIn() != null) {
                vm.put("builtIn", v.builtIn());
            } else {
                vm.put("location", v.location());
            }
            out.add(vm);
        }
        return out;
    }
}
