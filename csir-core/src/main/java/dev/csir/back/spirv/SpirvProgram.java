package dev.csir.back.spirv;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Copier;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.types.AddressSpace;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A linked vertex and fragment pair as SPIR-V for one Vulkan pipeline. Each stage compiles its
 * own interface, so the pair is made to agree first (on copies; the modules given are left as
 * they are): every fragment input takes the location of the vertex output of its name, as GLSL
 * links varyings by name, and the fragment stage's descriptors follow the vertex stage's, so that
 * each stage's default uniform block and samplers have bindings of their own in set 0 (vertex
 * first, in declaration order; the reflection of each stage reports them).
 *
 * <p>With {@code glDepth}, a device that draws GLSL written for OpenGL keeps GL's depth: the
 * vertex stage's clip-space z (GL clips it to -w..w) is mapped to Vulkan's 0..w, z' = (z + w) / 2,
 * just before each return of the entry point, which is GL's window depth z * 0.5 + 0.5.
 */
public record SpirvProgram(SpirvWriter.Result vertex, SpirvWriter.Result fragment) {

    /** True when both stages were written. */
    public boolean ok() {
        return vertex.ok() && fragment.ok();
    }

    /** Every stage's errors, each behind the stage's name. */
    public List<String> errors() {
        List<String> out = new ArrayList<>();
        vertex.errors().forEach(e -> out.add("vertex: " + e));
        fragment.errors().forEach(e -> out.add("fragment: " + e));
        return out;
    }

    public static SpirvProgram write(Module vertex, Module fragment, SpirvWriter.Options options) {
        return write(vertex, fragment, options, false);
    }

    public static SpirvProgram write(Module vertex, Module fragment, SpirvWriter.Options options, boolean glDepth) {
        return write(vertex, fragment, options, options, glDepth);
    }

    /** With options of each stage's own (the source file its debug information names). */
    public static SpirvProgram write(Module vertex, Module fragment, SpirvWriter.Options vertexOptions,
            SpirvWriter.Options fragmentOptions, boolean glDepth) {
        Module vs = Copier.copy(vertex);
        Module fs = Copier.copy(fragment);
        Map<String, Integer> outputs = new HashMap<>();
        int nextBinding = 0;
        for (GlobalVariable g : vs.globals()) {
            if (g.space() == AddressSpace.OUTPUT && g.builtIn() == null) {
                outputs.put(g.name(), g.location());
            }
            if (g.set() == 0) {
                nextBinding = Math.max(nextBinding, g.binding() + 1);
            }
        }
        for (GlobalVariable g : fs.globals()) {
            if (g.space() == AddressSpace.INPUT && g.builtIn() == null && outputs.containsKey(g.name())) {
                g.setLocation(outputs.get(g.name()));
            }
            if (g.set() == 0) {
                g.setBinding(0, g.binding() + nextBinding);
            }
        }
        if (glDepth) {
            glDepthToVulkan(vs);
        }
        return new SpirvProgram(SpirvWriter.write(vs, vertexOptions), SpirvWriter.write(fs, fragmentOptions));
    }

    private static void glDepthToVulkan(Module vs) {
        GlobalVariable position = null;
        for (GlobalVariable g : vs.globals()) {
            if (g.builtIn() == BuiltIn.POSITION && g.space() == AddressSpace.OUTPUT
                    && g.valueType() instanceof VectorType v && v.size() == 4) {
                position = g;
            }
        }
        if (position == null) {
            return;
        }
        for (EntryPoint e : vs.entryPoints()) {
            Builder b = new Builder(e.function());
            for (Block block : List.copyOf(e.function().blocks())) {
                Instruction ret = block.terminator();
                if (ret == null || ret.op() != Opcode.RET) {
                    continue;
                }
                ret.detach();
                b.at(block);
                Instruction p = b.load(position);
                Instruction sum = b.binary(Opcode.ADD, b.extract(p, 2), b.extract(p, 3));
                Instruction z = b.binary(Opcode.MUL, sum, Constant.ofFloat(0.5f));
                b.store(position, b.insert(z, p, 2));
                block.append(ret);
            }
        }
    }
}
