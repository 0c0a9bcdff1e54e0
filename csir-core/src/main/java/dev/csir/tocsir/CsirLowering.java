package dev.csir.tocsir;

import dev.csir.ir.IrBuilder;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.Block;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.types.ShaderStage;
import java.util.List;

/**
 * Lowers an inlined, verified transform-IR module to CSIR: interface slots, structured layout
 * with out-of-SSA copies, instruction selection, register allocation, and the records built
 * against the limits of a profile (whose overflow message is located at the source of the
 * record that crossed it).
 */
public final class CsirLowering {
    /** A global as the source declared it: where, and whether it chose its own location. */
    public record Declared(String name, int line, int column, boolean explicitLocation) {
    }

    /** The outcome: a shader (not yet verified), or what stopped it. */
    public sealed interface Result permits Lowered, Failed {
    }

    /** {@code virtualRegisters} is how many temporaries one per value would have taken. */
    public record Lowered(ShaderIr ir, int virtualRegisters) implements Result {
    }

    public record Failed(List<LoweringError> errors) implements Result {
        public Failed {
            errors = List.copyOf(errors);
        }
    }

    private CsirLowering() {
    }

    public static Result lower(Module m, String name, List<Declared> declared, Limits limits) {
        if (m.entryPoints().size() != 1) {
            return fail(0, 0, "CSIR needs a module with one entry point");
        }
        EntryPoint entry = m.entryPoints().getFirst();
        ShaderStage stage = entry.stage();
        if (stage != ShaderStage.VERTEX && stage != ShaderStage.FRAGMENT) {
            return fail(0, 0, dev.csir.diag.Messages.UNSUPPORTED_STAGE);
        }
        Function main = entry.function();
        for (Block b : main.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == dev.csir.ssa.Opcode.CALL) {
                    return fail(i.line(), i.column(), "CSIR cannot express a call of '" + i.callee().name()
                            + "': it was not inlined");
                }
            }
        }
        Slots slots = Slots.bind(m, stage, declared, limits);
        if (slots.error != null) {
            return fail(slots.errorLine, slots.errorColumn, slots.error);
        }
        Structurizer plain = layOut(main, stage, slots, limits, false, false);
        Selector s = plain.needsWrapper
                ? layOut(main, stage, slots, limits, true, plain.returnsFromLoop).selector() : plain.selector();
        if (!s.errors.isEmpty()) {
            return new Failed(s.errors);
        }
        IrBuilder b = new IrBuilder(limits);
        Allocator.allocate(s.code, b);
        if (b.failed()) {
            return fail(b.failureLine(), b.failureColumn(), b.failure(true));
        }
        Stage csirStage = stage == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT;
        int virtual = 0;
        for (int v = 0; v < s.code.registers(); v++) {
            virtual += s.code.width(v);
        }
        return new Lowered(b.build(name, csirStage, slots.iface).withEarlyFragmentTests(entry.earlyFragmentTests()), virtual);
    }

    /**
     * Main laid out and selected; when a return inside a construct asks for the once-loop around
     * main ({@link Structurizer#needsWrapper}), the caller lays it out again so.
     */
    private static Structurizer layOut(Function main, ShaderStage stage, Slots slots, Limits limits, boolean wrapped,
            boolean returnFlag) {
        Selector s = new Selector(stage, slots, limits.integerLanes());
        Structurizer st = new Structurizer(s, () -> storeOutputs(s, slots, stage), limits.maxIfDepth(), wrapped,
                returnFlag);
        st.run(main);
        return st;
    }

    /** The outputs' homes written to the stage's outputs, as the shader ends. */
    private static void storeOutputs(Selector s, Slots slots, ShaderStage stage) {
        for (GlobalVariable g : slots.outputs) {
            int home = s.outputHome(g);
            if (home < 0) {
                continue;
            }
            dev.csir.ir.Type ty = Selector.csirType(g.valueType());
            int n = Selector.lanes(g.valueType());
            if (s.intLanes(g.valueType()) && g.builtIn() == null) {
                // the interface holds ints as whole floats
                home = s.ints.toFloats(home, n, g.valueType().scalarKind() == dev.csir.types.ScalarKind.UINT);
            }
            if (Slots.isPosition(g)) {
                s.emit(Opcode.STORE_POS, ty, n, -1, home, -1, 0, 0);
            } else if (g.builtIn() == dev.csir.ssa.BuiltIn.FRAG_DEPTH && s.integers) {
                s.emit(Opcode.STORE_DEPTH, dev.csir.ir.Type.FLOAT, 1, -1, home, -1, 0, 0);
            } else if (g.builtIn() == dev.csir.ssa.BuiltIn.CLIP_DISTANCE && slots.slot(g) < 0) {
                continue; // CSI version 1: every use was refused
            } else if (g.builtIn() == dev.csir.ssa.BuiltIn.CLIP_DISTANCE) {
                storeClipDistances(s, home, ((dev.csir.types.ArrayType) g.valueType()).length(), slots.slot(g));
            } else if (g.builtIn() == dev.csir.ssa.BuiltIn.PRIMITIVE_SHADING_RATE) {
                continue; // a rate the target may use: CSIR's shade every pixel
            } else if (g.builtIn() != null) {
                // the ChrisOS profile's version 1 has no depth output
                s.unsupported("the built-in output " + g.name());
            } else if (stage == ShaderStage.VERTEX) {
                // a matrix, each column to its own slot
                for (int col = 0; col < Selector.width(g.valueType()); col++) {
                    s.emit(Opcode.STORE_VAR, s.colType(g.valueType()), n, -1, home + col, -1, slots.slot(g) + col, 0);
                }
            } else if (n < 4) {
                // a float, vec2 or vec3 colour: the missing components are 0, alpha 1
                int padded = s.code.newRegister(1);
                s.emit(Opcode.MOV, dev.csir.ir.Type.VEC4, 4, padded, s.floats(4, 0f), -1, 0, 0);
                s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.VEC4, 1, padded, s.floats(1, 1f), -1, 3, 0);
                s.emitPartial(Opcode.MOV, dev.csir.ir.Type.VEC4, n, padded, home, -1, 0, 0);
                s.emit(Opcode.STORE_COLOR, dev.csir.ir.Type.VEC4, 4, -1, padded, -1, slots.slot(g), 0);
            } else {
                s.emit(Opcode.STORE_COLOR, ty, n, -1, home, -1, slots.slot(g), 0);
            }
        }
    }

    /**
     * gl_ClipDistance's {@code n} elements (one register each, from {@code home}) packed four to
     * a varying slot from {@code slot} on, the lanes past the last distance 0.
     */
    private static void storeClipDistances(Selector s, int home, int n, int slot) {
        for (int k = 0; 4 * k < n; k++) {
            int packed = s.code.newRegister(1);
            s.emit(Opcode.MOV, dev.csir.ir.Type.VEC4, 4, packed, s.floats(4, 0f), -1, 0, 0);
            for (int e = 4 * k; e < Math.min(n, 4 * k + 4); e++) {
                s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.VEC4, 1, packed, home + e, -1, e % 4, 0);
            }
            s.emit(Opcode.STORE_VAR, dev.csir.ir.Type.VEC4, 4, -1, packed, -1, slot + k, 0);
        }
    }

    private static Failed fail(int line, int column, String message) {
        return new Failed(List.of(new LoweringError(line, column, message)));
    }
}
