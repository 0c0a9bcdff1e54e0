package dev.csir.back.spirv;

import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * What a written module declares for the code that feeds it: stage inputs and outputs with their
 * locations (or built-ins), uniform blocks with the std140 offset of every member, and samplers
 * with their descriptor set and binding. A Vulkan device fills its buffers and descriptor sets
 * from it; {@code csir compile --emit json} prints it.
 */
public record Reflection(List<Variable> inputs, List<Variable> outputs, List<UniformBlock> blocks,
        List<Sampler> samplers, List<Pairing> pairings) {

    public Reflection {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        blocks = List.copyOf(blocks);
        samplers = List.copyOf(samplers);
        pairings = List.copyOf(pairings);
    }

    /**
     * A sampler a GLSL for Vulkan sampler constructor makes ({@code sampler2D(t, s)}, its name):
     * its type, and the texture and sampler state (two of {@link #samplers}) it pairs.
     */
    public record Pairing(String sampler, Type type, String texture, String state) {
    }

    /** A stage input or output: its location, or -1 and the built-in it stands for. */
    public record Variable(String name, Type type, int location, String builtIn) {
    }

    /**
     * A uniform block at a descriptor set and binding, {@code size} bytes under std140. An array
     * of blocks ({@code lights[3]}) is one UniformBlock per element, each at the array's binding:
     * {@code element} is its index there (-1 for a block that is no element), and {@code uniformPrefix}
     * what its members' CSIR uniform names start with ({@code Light[1].}; empty for a lone block).
     * A module the CSIR pipeline made has the elements as blocks of their own, at bindings of
     * their own (OpenGL's numbering): each is then a lone block with its element's prefix.
     */
    public record UniformBlock(String name, int set, int binding, int size, List<Member> members, int element,
            String uniformPrefix) {
        public UniformBlock {
            members = List.copyOf(members);
        }

        public UniformBlock(String name, int set, int binding, int size, List<Member> members) {
            this(name, set, binding, size, members, -1, "");
        }
    }

    /** A member of a block: its byte offset, and its array and matrix strides (0 where it has none). */
    public record Member(String name, Type type, int offset, int arrayStride, int matrixStride) {
    }

    /** A combined image sampler, a texture or a sampler state at a descriptor set and binding. */
    public record Sampler(String name, Type type, int set, int binding) {
    }

    /** The interface of {@code m} as the writer lays it out. */
    static Reflection of(Module m) {
        List<Variable> inputs = new ArrayList<>();
        List<Variable> outputs = new ArrayList<>();
        List<UniformBlock> blocks = new ArrayList<>();
        List<Sampler> samplers = new ArrayList<>();
        List<Pairing> pairings = new ArrayList<>();
        for (GlobalVariable g : m.globals()) {
            switch (g.space()) {
                case INPUT, OUTPUT -> {
                    Variable v = new Variable(g.name(), g.valueType(), g.builtIn() == null ? g.location() : -1,
                            g.builtIn() == null ? null : g.builtIn().word());
                    (g.space() == AddressSpace.INPUT ? inputs : outputs).add(v);
                }
                case UNIFORM, PUSH_CONSTANT, STORAGE_BUFFER -> {
                    if (g.valueType() instanceof StructType s) {
                        blocks.add(block(g, s, -1));
                    } else if (g.valueType() instanceof ArrayType a && a.element() instanceof StructType s) {
                        for (int k = 0; k < a.length(); k++) {
                            blocks.add(block(g, s, k));
                        }
                    }
                }
                case UNIFORM_CONSTANT -> {
                    if (g.pair() == null) {
                        samplers.add(new Sampler(g.name(), g.valueType(), g.set(), g.binding()));
                    } else { // a sampler constructor's sampler: its two parts are the resources
                        pairings.add(new Pairing(g.name(), g.valueType(), g.pair()[0].name(), g.pair()[1].name()));
                    }
                }
                default -> {
                }
            }
        }
        return new Reflection(inputs, outputs, blocks, samplers, pairings);
    }

    private static UniformBlock block(GlobalVariable g, StructType s, int index) {
        int[] offsets = Std140.offsets(s);
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < offsets.length; i++) {
            Type t = s.members().get(i).type();
            int arrayStride = t instanceof ArrayType a ? Std140.arrayStride(a) : 0;
            Type element = t instanceof ArrayType a ? a.element() : t;
            int matrixStride = element instanceof MatrixType mt ? Std140.matrixStride(mt) : 0;
            members.add(new Member(s.members().get(i).name(), t, offsets[i], arrayStride, matrixStride));
        }
        if (index < 0) {
            // an element the CSIR pipeline split from an array of blocks (SplitBlockArrays) is named so
            return new UniformBlock(g.name(), g.set(), g.binding(), Std140.size(s), members, -1,
                    s.name().endsWith("]") ? s.name() + "." : "");
        }
        // the names CSIR gives the uniforms of the element's block (SplitBlockArrays, Slots.uniformName)
        return new UniformBlock(g.name() + "[" + index + "]", g.set(), g.binding(), Std140.size(s), members, index,
                s.name() + "[" + index + "].");
    }
}
