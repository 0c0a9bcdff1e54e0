package dev.csir.back.spirv;

import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Interpolation;
import dev.csir.ssa.Module;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.ssa.verify.Problem;
import dev.csir.ssa.verify.Verifier;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SPIR-V back end: a verified transform-IR module to a SPIR-V 1.0 binary for Vulkan 1.0
 * ({@code Shader} capability, logical addressing, GLSL450 memory model, GLSL.std.450 for the
 * built-ins). The module is verified first and a module with problems is refused with them as
 * the result's errors; so is anything the writer does not emit yet. It never throws.
 *
 * <p>The module is written in the logical sections SPIR-V prescribes, each its own word run
 * (capabilities, the GLSL.std.450 import, the memory model, entry points, execution modes,
 * debug names, decorations, then types, constants and globals, then functions), and joined at the
 * end behind the header, whose bound is the next free id. Types and constants are declared once
 * ({@link TypeTable}); functions are written by {@link FunctionEmitter}.
 */
public final class SpirvWriter {
    /** The GLSL version OpSource names: the language the front end accepts is GLSL 3.30's. */
    private static final int GLSL_VERSION = 330;

    private SpirvWriter() {
    }

    /**
     * What to write besides the code: with {@code debugInfo}, the names of the source (OpName,
     * OpMemberName), the source file (OpString and OpSource, named {@code sourceFile}) and the
     * source line and column of each instruction that has one (OpLine).
     */
    public record Options(boolean debugInfo, String sourceFile) {
        public static final Options DEFAULT = new Options(false);

        public Options {
            sourceFile = sourceFile == null || sourceFile.isEmpty() ? "shader" : sourceFile;
        }

        public Options(boolean debugInfo) {
            this(debugInfo, "shader");
        }
    }

    /**
     * The binary (little-endian words) and what it declares when the module was written, else
     * both null and why not.
     */
    public record Result(byte[] binary, Reflection reflection, List<String> errors) {
        public Result {
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return binary != null;
        }

        /** The binary as 32-bit words. */
        public int[] words() {
            int[] out = new int[binary.length / 4];
            ByteBuffer.wrap(binary).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
            return out;
        }
    }

    public static Result write(Module module) {
        return write(module, Options.DEFAULT);
    }

    public static Result write(Module module, Options options) {
        List<Problem> problems = Verifier.verify(module);
        if (!problems.isEmpty()) {
            List<String> errors = new ArrayList<>();
            for (Problem p : problems) {
                errors.add("the module does not verify: " + p);
            }
            return new Result(null, null, errors);
        }
        try {
            int[] words = new SpirvWriter.Run(options == null ? Options.DEFAULT : options).module(module);
            ByteBuffer bytes = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
            bytes.asIntBuffer().put(words);
            return new Result(bytes.array(), Reflection.of(module), List.of());
        } catch (SpirvException e) {
            return new Result(null, null, List.of("SPIR-V: " + e.getMessage()));
        } catch (RuntimeException e) {
            return new Result(null, null, List.of("SPIR-V: internal error: " + e));
        }
    }

    /** One write of one module. */
    private static final class Run {
        private final Ids ids;
        private final Words extImports = new Words();
        private final Words memoryModel = new Words();
        private final Words entryPoints = new Words();
        private final Words executionModes = new Words();
        private final Words names = new Words();
        private final Words annotations = new Words();
        private final Words types = new Words();
        private final Words functions = new Words();
        private final TypeTable table;
        private final Map<Value, Integer> values = new IdentityHashMap<>();
        private final Map<Function, Integer> functionIds = new IdentityHashMap<>();
        private final String sourceFile;

        Run(Options options) {
            ids = new Ids(options.debugInfo());
            this.sourceFile = options.sourceFile();
            table = new TypeTable(ids, types, annotations, names);
        }

        int[] module(Module m) {
            int glsl = ids.next();
            extImports.opWithString(Spv.Op.OpExtInstImport, new int[] {glsl}, Spv.Glsl.NAME);
            memoryModel.op(Spv.Op.OpMemoryModel, Spv.AddressingModel.Logical, Spv.MemoryModel.GLSL450);
            if (ids.debugNames()) {
                // the debug section opens with the strings and the source they name
                int file = ids.next();
                names.opWithString(Spv.Op.OpString, new int[] {file}, sourceFile);
                names.op(Spv.Op.OpSource, Spv.SourceLanguage.GLSL, GLSL_VERSION, file);
                ids.setSourceFile(file);
            }
            for (Function f : m.functions()) {
                int id = ids.next();
                functionIds.put(f, id);
                name(id, f.name());
            }
            for (SpecConstant s : m.specConstants()) {
                values.put(s, table.specConstant(s));
            }
            for (GlobalVariable g : m.globals()) {
                if (TypeTable.isLaidOut(g.space()) && g.valueType() instanceof ArrayType a) {
                    table.blockArray(a);
                }
            }
            for (GlobalVariable g : m.globals()) {
                if (g.pair() == null) { // a sampler constructor's sampler is made at each lookup
                    global(g);
                }
            }
            for (EntryPoint e : m.entryPoints()) {
                entryPoint(e);
            }
            boolean implicitLod = m.entryPoints().stream().allMatch(e -> e.stage() == ShaderStage.FRAGMENT);
            FunctionEmitter emitter = new FunctionEmitter(table, ids, functions, names, glsl, implicitLod, values,
                    functionIds);
            for (Function f : m.functions()) {
                emitter.emit(f);
            }
            Words all = new Words();
            all.add(Spv.MAGIC);
            all.add(Spv.VERSION_1_0);
            all.add(0); // generator: none registered
            all.add(ids.bound());
            all.add(0);
            for (int c : ids.capabilities()) {
                all.op(Spv.Op.OpCapability, c);
            }
            for (String e : ids.extensions()) {
                all.opWithString(Spv.Op.OpExtension, new int[0], e);
            }
            for (Words w : List.of(extImports, memoryModel, entryPoints, executionModes, names, annotations, types,
                    functions)) {
                all.addAll(w);
            }
            return all.toArray();
        }

        private void name(int id, String name) {
            if (ids.debugNames() && name != null && !name.isEmpty()) {
                names.opWithString(Spv.Op.OpName, new int[] {id}, name);
            }
        }

        private void global(GlobalVariable g) {
            int pointer = table.pointer(g.type());
            // a uniform's initial values are the application's to upload: SPIR-V has no place for them
            int init = g.initializer() == null || g.space() == AddressSpace.UNIFORM ? -1 : table.constant(g.initializer());
            int id = ids.next();
            int sc = TypeTable.storageClass(g.space());
            if (init < 0) {
                types.op(Spv.Op.OpVariable, pointer, id, sc);
            } else {
                types.op(Spv.Op.OpVariable, pointer, id, sc, init);
            }
            values.put(g, id);
            name(id, g.name());
            if (g.builtIn() != null) {
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.BuiltIn, builtIn(g.builtIn()));
            } else if (g.location() >= 0) {
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.Location, g.location());
            }
            if (g.space() == AddressSpace.INPUT || g.space() == AddressSpace.OUTPUT) {
                if (g.interpolation() == Interpolation.FLAT) {
                    annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.Flat);
                } else if (g.interpolation() == Interpolation.NOPERSPECTIVE) {
                    annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.NoPerspective);
                }
                if (g.centroid()) {
                    annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.Centroid);
                }
            }
            if (g.set() >= 0) {
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.DescriptorSet, g.set());
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.Binding, g.binding());
            }
            if (g.inputAttachment() >= 0) {
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.InputAttachmentIndex, g.inputAttachment());
            }
            if (TypeTable.isLaidOut(g.space())) {
                // an array of blocks: its element struct is the Block (SPIR-V 2.16.2)
                Type block = g.valueType() instanceof ArrayType a ? a.element() : g.valueType();
                if (!(block instanceof StructType)) {
                    throw new SpirvException("a uniform block of " + g.valueType().name() + " (it must be a struct)");
                }
                annotations.op(Spv.Op.OpDecorate, table.laidOutId(block), Spv.Decoration.Block);
            }
        }

        private int builtIn(BuiltIn b) {
            return switch (b) {
                case POSITION -> Spv.BuiltIn.Position;
                case POINT_SIZE -> Spv.BuiltIn.PointSize;
                case CLIP_DISTANCE -> {
                    ids.capability(Spv.Capability.ClipDistance);
                    yield Spv.BuiltIn.ClipDistance;
                }
                case VERTEX_INDEX -> Spv.BuiltIn.VertexIndex;
                case INSTANCE_INDEX -> Spv.BuiltIn.InstanceIndex;
                case FRAG_COORD -> Spv.BuiltIn.FragCoord;
                case FRONT_FACING -> Spv.BuiltIn.FrontFacing;
                case POINT_COORD -> Spv.BuiltIn.PointCoord;
                case FRAG_DEPTH -> Spv.BuiltIn.FragDepth;
                case VIEW_INDEX -> {
                    ids.capability(Spv.Capability.MultiView);
                    ids.extension("SPV_KHR_multiview");
                    yield Spv.BuiltIn.ViewIndex;
                }
                case SHADING_RATE, PRIMITIVE_SHADING_RATE -> {
                    ids.capability(Spv.Capability.FragmentShadingRateKHR);
                    ids.extension("SPV_KHR_fragment_shading_rate");
                    yield b == BuiltIn.SHADING_RATE ? Spv.BuiltIn.ShadingRateKHR : Spv.BuiltIn.PrimitiveShadingRateKHR;
                }
                case SAMPLE_ID -> {
                    ids.capability(Spv.Capability.SampleRateShading);
                    yield Spv.BuiltIn.SampleId;
                }
                case GLOBAL_INVOCATION_ID -> Spv.BuiltIn.GlobalInvocationId;
                case LOCAL_INVOCATION_ID -> Spv.BuiltIn.LocalInvocationId;
                case LOCAL_INVOCATION_INDEX -> Spv.BuiltIn.LocalInvocationIndex;
                case WORKGROUP_ID -> Spv.BuiltIn.WorkgroupId;
                case NUM_WORKGROUPS -> Spv.BuiltIn.NumWorkgroups;
            };
        }

        private void entryPoint(EntryPoint e) {
            int model = switch (e.stage()) {
                case VERTEX -> Spv.ExecutionModel.Vertex;
                case FRAGMENT -> Spv.ExecutionModel.Fragment;
                case COMPUTE -> Spv.ExecutionModel.GLCompute;
                default -> throw new SpirvException("the " + e.stage().word() + " stage is not written yet");
            };
            int fn = functionIds.get(e.function());
            int[] iface = new int[e.interfaceVariables().size()];
            for (int k = 0; k < iface.length; k++) {
                iface[k] = values.get(e.interfaceVariables().get(k));
            }
            entryPoints.opWithString(Spv.Op.OpEntryPoint, new int[] {model, fn}, e.function().name(), iface);
            switch (e.stage()) {
                case FRAGMENT -> {
                    executionModes.op(Spv.Op.OpExecutionMode, fn, Spv.ExecutionMode.OriginUpperLeft);
                    if (e.interfaceVariables().stream().anyMatch(g -> g.builtIn() == BuiltIn.FRAG_DEPTH)) {
                        executionModes.op(Spv.Op.OpExecutionMode, fn, Spv.ExecutionMode.DepthReplacing);
                    }
                    if (e.earlyFragmentTests()) {
                        executionModes.op(Spv.Op.OpExecutionMode, fn, Spv.ExecutionMode.EarlyFragmentTests);
                    }
                }
                case COMPUTE -> {
                    List<Integer> size = e.workgroupSize();
                    executionModes.op(Spv.Op.OpExecutionMode, fn, Spv.ExecutionMode.LocalSize,
                            size.size() > 0 ? size.get(0) : 1, size.size() > 1 ? size.get(1) : 1,
                            size.size() > 2 ? size.get(2) : 1);
                }
                default -> {
                }
            }
        }
    }
}
