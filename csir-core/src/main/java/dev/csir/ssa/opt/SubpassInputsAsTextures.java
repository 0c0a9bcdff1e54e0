package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.Dim;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.SubpassInputType;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * For a target without input attachments (CSIR): each subpass input becomes the 2D texture of
 * its kind at the same set and binding, and {@code subpassload} a fetch of level 0 at the
 * fragment's own texel, {@code ivec2(gl_FragCoord.xy)}, which is what an input attachment reads
 * (the attachment is as large as the framebuffer). A multisampled input reads its one texel
 * whatever the sample index: these targets' textures have one sample. Runs after inlining, when
 * every load names its global (an array of inputs is left, and fails to lower with a located error).
 * Not a pass of the pipelines: the module a compile keeps is also the linked program's SPIR-V,
 * which keeps its input attachments; {@link #forCsir} rewrites a copy.
 */
public final class SubpassInputsAsTextures {
    private SubpassInputsAsTextures() {
    }

    /** {@code m} itself when it has no subpass input; otherwise a copy with its inputs as textures. */
    public static Module forCsir(Module m) {
        for (GlobalVariable g : m.globals()) {
            if (g.valueType() instanceof SubpassInputType) {
                Module copy = dev.csir.ssa.Copier.copy(m);
                rewrite(copy);
                return copy;
            }
        }
        return m;
    }

    private static void rewrite(Module m) {
        Map<GlobalVariable, GlobalVariable> textures = new IdentityHashMap<>();
        List<GlobalVariable> globals = m.globals();
        for (int k = 0; k < globals.size(); k++) {
            GlobalVariable g = globals.get(k);
            if (g.valueType() instanceof SubpassInputType s) {
                GlobalVariable t = new GlobalVariable(g.name(), AddressSpace.UNIFORM_CONSTANT,
                        new SamplerType(Dim.D2, false, false, s.sampled())).setBinding(g.set(), g.binding());
                textures.put(g, t);
                globals.set(k, t);
            }
        }
        GlobalVariable fragCoord = fragCoord(m);
        for (Function f : m.functions()) {
            Builder b = new Builder(f);
            for (Block block : f.blocks()) {
                for (Instruction i : new ArrayList<>(block.instructions())) {
                    if (i.op() == Opcode.SUBPASS_LOAD && textures.get(i.operand(0)) instanceof GlobalVariable t) {
                        b.at(block).position(i.line(), i.column());
                        Instruction position = b.load(fragCoord);
                        Instruction xy = b.shuffle(position, position, 0, 1);
                        Instruction texel = b.convert(new VectorType(ScalarType.INT, 2), xy);
                        int at = block.instructions().indexOf(i);
                        for (Instruction made : List.of(texel, xy, position)) {
                            block.insert(at, made);
                        }
                        i.rewrite(Opcode.FETCH, i.type(), List.of(t, texel, Constant.ofInt(0)));
                    }
                }
            }
        }
    }

    /** The fragment stage's gl_FragCoord input, declared (and listed by each entry point) when the shader had none. */
    private static GlobalVariable fragCoord(Module m) {
        for (GlobalVariable g : m.globals()) {
            if (g.builtIn() == BuiltIn.FRAG_COORD) {
                return g;
            }
        }
        GlobalVariable g = m.addGlobal(new GlobalVariable("gl_FragCoord", AddressSpace.INPUT, VectorType.VEC4)
                .setBuiltIn(BuiltIn.FRAG_COORD));
        List<EntryPoint> entries = m.entryPoints();
        for (int k = 0; k < entries.size(); k++) {
            EntryPoint e = entries.get(k);
            if (e.stage() == ShaderStage.FRAGMENT) {
                List<GlobalVariable> listed = new ArrayList<>(e.interfaceVariables());
                listed.add(g);
                entries.set(k, new EntryPoint(e.stage(), e.function(), listed, e.workgroupSize()));
            }
        }
        return g;
    }
}
