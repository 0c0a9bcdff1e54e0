package dev.csir.back.spirv;

import dev.csir.ssa.Argument;
import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.cfg.Cfg;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one function: its parameters, then each block, dominators first (the IR keeps every
 * merge and continue block a live header names, reachable or not, so each is emitted) with the
 * entry block's allocas first as OpVariable, the merge instruction a header's markers call for
 * just before its terminator, and the instructions between. Memory, composites, calls, phis and
 * branches are here; arithmetic, conversions, built-ins and texture lookups in {@link Operations}.
 */
final class FunctionEmitter {
    final TypeTable types;
    final Ids ids;
    final Words out;
    final int glsl;
    /** Whether implicit-lod lookups are allowed (only fragment entry points); else they take level 0. */
    final boolean implicitLod;
    private final Words names;
    private final Map<Value, Integer> values;
    private final Map<Function, Integer> functionIds;
    private final Map<Block, Integer> labels = new IdentityHashMap<>();
    private final Operations operations;
    private int lastLine;
    private int lastColumn;

    FunctionEmitter(TypeTable types, Ids ids, Words out, Words names, int glsl, boolean implicitLod,
            Map<Value, Integer> values, Map<Function, Integer> functionIds) {
        this.implicitLod = implicitLod;
        this.types = types;
        this.ids = ids;
        this.out = out;
        this.names = names;
        this.glsl = glsl;
        this.values = values;
        this.functionIds = functionIds;
        this.operations = new Operations(this);
    }

    void emit(Function f) {
        int fnId = functionIds.get(f);
        out.op(Spv.Op.OpFunction, types.id(f.returnType()), fnId, Spv.FunctionControl.None,
                types.functionType(f.returnType(), f.paramTypes()));
        for (Argument a : f.params()) {
            int id = ids.next();
            values.put(a, id);
            out.op(Spv.Op.OpFunctionParameter, typeOf(a.type()), id);
            name(id, a.name());
        }
        for (Block b : f.blocks()) {
            labels.put(b, ids.next());
            for (Instruction i : b.instructions()) {
                if (i.hasResult()) {
                    values.put(i, ids.next());
                }
            }
        }
        for (Block b : order(f)) {
            out.op(Spv.Op.OpLabel, labels.get(b));
            lastLine = 0;
            lastColumn = 0;
            if (b == f.entry()) {
                for (Instruction i : b.instructions()) {
                    if (i.op() == Opcode.ALLOCA) {
                        out.op(Spv.Op.OpVariable, typeOf(i.type()), result(i), Spv.StorageClass.Function);
                    }
                }
            }
            for (Instruction i : b.instructions()) {
                if (i.op() == Opcode.ALLOCA) {
                    continue;
                }
                if (i.op().isTerminator()) {
                    mergeInstruction(b);
                } else if (i.op() != Opcode.PHI) {
                    line(i);
                }
                instruction(i);
                if (i.hasResult()) {
                    name(result(i), i.name());
                }
            }
        }
        out.op(Spv.Op.OpFunctionEnd);
    }

    /**
     * The blocks in an order where each follows its dominators, as SPIR-V requires: the reachable
     * ones in reverse post-order, then the unreachable ones (merge and continue blocks nothing
     * reaches) in layout order.
     */
    private static List<Block> order(Function f) {
        Cfg cfg = Cfg.of(f);
        List<Block> out = new ArrayList<>(cfg.reversePostOrder());
        for (Block b : f.blocks()) {
            if (!cfg.isReachable(b)) {
                out.add(b);
            }
        }
        return out;
    }

    /**
     * The instruction's source position as OpLine when debug information is on and it differs
     * from the last one in the block (a block's first instruction opens its own; phis, merge
     * instructions and terminators take none, so nothing comes between a merge and its branch).
     */
    private void line(Instruction i) {
        if (ids.sourceFile() == 0 || i.line() <= 0 || i.line() == lastLine && i.column() == lastColumn) {
            return;
        }
        lastLine = i.line();
        lastColumn = i.column();
        out.op(Spv.Op.OpLine, ids.sourceFile(), i.line(), Math.max(0, i.column()));
    }

    private void name(int id, String name) {
        if (ids.debugNames() && name != null && !name.isEmpty()) {
            names.opWithString(Spv.Op.OpName, new int[] {id}, name);
        }
    }

    private void mergeInstruction(Block b) {
        if (b.structure() == StructureKind.SELECTION) {
            int control = b.hint() == ControlHint.FLATTEN ? Spv.SelectionControl.Flatten
                    : b.hint() == ControlHint.DONT_FLATTEN ? Spv.SelectionControl.DontFlatten
                    : Spv.SelectionControl.None;
            out.op(Spv.Op.OpSelectionMerge, label(b.merge()), control);
        } else if (b.structure() == StructureKind.LOOP) {
            int control = b.hint() == ControlHint.UNROLL ? Spv.LoopControl.Unroll
                    : b.hint() == ControlHint.DONT_UNROLL ? Spv.LoopControl.DontUnroll : Spv.LoopControl.None;
            out.op(Spv.Op.OpLoopMerge, label(b.merge()), label(b.continueTarget()), control);
        }
    }

    int label(Block b) {
        Integer id = labels.get(b);
        if (id == null) {
            throw new SpirvException("a branch to a block of another function");
        }
        return id;
    }

    /** The SPIR-V type id of a value of {@code t} (pointers with their storage class). */
    int typeOf(Type t) {
        return t instanceof PointerType p ? types.pointer(p) : types.id(t);
    }

    /** The id of an operand. */
    int value(Value v) {
        if (v instanceof Constant c) {
            return types.constant(c);
        }
        Integer id = values.get(v);
        if (id == null) {
            throw new SpirvException("an operand defined nowhere the writer has seen: " + v);
        }
        return id;
    }

    int result(Instruction i) {
        return values.get(i);
    }

    /** Writes {@code opcode resultType id operands...} with a fresh id and returns the id. */
    int fresh(int opcode, Type type, int... operands) {
        int id = ids.next();
        to(id, opcode, type, operands);
        return id;
    }

    /** Writes {@code opcode resultType id operands...}. */
    void to(int id, int opcode, Type type, int... operands) {
        int[] ops = new int[operands.length + 2];
        ops[0] = typeOf(type);
        ops[1] = id;
        System.arraycopy(operands, 0, ops, 2, operands.length);
        out.op(opcode, ops);
    }

    private void instruction(Instruction i) {
        switch (i.op()) {
            case LOAD -> load(i);
            case STORE -> out.op(Spv.Op.OpStore, value(i.operand(0)), value(i.operand(1)));
            case ACCESS_CHAIN -> to(result(i), Spv.Op.OpAccessChain, i.type(), operandIds(i, 0));
            case CONSTRUCT -> construct(i);
            case EXTRACT -> to(result(i), Spv.Op.OpCompositeExtract, i.type(), concat(value(i.operand(0)),
                    i.immediates()));
            case INSERT -> to(result(i), Spv.Op.OpCompositeInsert, i.type(), concat(value(i.operand(0)),
                    concat(value(i.operand(1)), i.immediates())));
            case SHUFFLE -> to(result(i), Spv.Op.OpVectorShuffle, i.type(), concat(value(i.operand(0)),
                    concat(value(i.operand(1)), i.immediates())));
            case EXTRACT_DYNAMIC -> to(result(i), Spv.Op.OpVectorExtractDynamic, i.type(), operandIds(i, 0));
            case INSERT_DYNAMIC -> to(result(i), Spv.Op.OpVectorInsertDynamic, i.type(), operandIds(i, 0));
            case CALL -> call(i);
            case PHI -> phi(i);
            case BR -> out.op(Spv.Op.OpBranch, label(i.targets().get(0)));
            case COND_BR -> out.op(Spv.Op.OpBranchConditional, value(i.operand(0)), label(i.targets().get(0)),
                    label(i.targets().get(1)));
            case SWITCH -> switchTerminator(i);
            case RET -> {
                if (i.operands().isEmpty()) {
                    out.op(Spv.Op.OpReturn);
                } else {
                    out.op(Spv.Op.OpReturnValue, value(i.operand(0)));
                }
            }
            case KILL -> out.op(Spv.Op.OpKill);
            case UNREACHABLE -> out.op(Spv.Op.OpUnreachable);
            default -> operations.emit(i);
        }
    }

    int[] operandIds(Instruction i, int from) {
        int[] ids = new int[i.operands().size() - from];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = value(i.operand(from + k));
        }
        return ids;
    }

    static int[] concat(int first, int[] rest) {
        int[] out = new int[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    private void load(Instruction i) {
        Value pointer = i.operand(0);
        if (pointer.type() instanceof PointerType p && TypeTable.isLaidOut(p.space())
                && TypeTable.convertsFromLayout(i.type())) {
            int raw = ids.next();
            out.op(Spv.Op.OpLoad, types.laidOutId(i.type()), raw, value(pointer));
            fromLayout(result(i), raw, i.type());
        } else {
            to(result(i), Spv.Op.OpLoad, i.type(), value(pointer));
        }
    }

    /** Converts {@code raw}, a value of the layout variant of {@code t}, to {@code t} into {@code id}. */
    private void fromLayout(int id, int raw, Type t) {
        if (!TypeTable.convertsFromLayout(t)) {
            to(id, Spv.Op.OpCopyObject, t, raw);
            return;
        }
        if (t.scalarKind() == ScalarKind.BOOL) {
            Type uint = t instanceof VectorType v ? new VectorType(ScalarType.UINT, v.size()) : ScalarType.UINT;
            to(id, Spv.Op.OpINotEqual, t, raw, types.constant(Constant.splat(uint, Constant.ofUint(0))));
            return;
        }
        List<Type> elements = new ArrayList<>();
        if (t instanceof ArrayType a) {
            for (int k = 0; k < a.length(); k++) {
                elements.add(a.element());
            }
        } else if (t instanceof StructType s) {
            s.members().forEach(m -> elements.add(m.type()));
        }
        int[] parts = new int[elements.size()];
        for (int k = 0; k < parts.length; k++) {
            Type e = elements.get(k);
            int part = ids.next();
            out.op(Spv.Op.OpCompositeExtract, types.laidOutId(e), part, raw, k);
            parts[k] = ids.next();
            fromLayout(parts[k], part, e);
        }
        to(id, Spv.Op.OpCompositeConstruct, t, parts);
    }

    private void construct(Instruction i) {
        if (i.operands().size() == 1 && i.operand(0).type().equals(i.type())) {
            to(result(i), Spv.Op.OpCopyObject, i.type(), value(i.operand(0)));
        } else if (i.type() instanceof ScalarType) {
            throw new SpirvException("construct of a scalar from " + i.operands().size() + " operands");
        } else {
            to(result(i), Spv.Op.OpCompositeConstruct, i.type(), operandIds(i, 0));
        }
    }

    private void call(Instruction i) {
        Integer callee = functionIds.get(i.callee());
        if (callee == null) {
            throw new SpirvException("a call of a function outside the module");
        }
        int id = i.hasResult() ? result(i) : ids.next();
        to(id, Spv.Op.OpFunctionCall, i.callee().returnType(), concat(callee, operandIds(i, 0)));
    }

    private void phi(Instruction i) {
        int[] ops = new int[i.operands().size() * 2];
        for (int k = 0; k < i.operands().size(); k++) {
            ops[2 * k] = value(i.operand(k));
            ops[2 * k + 1] = label(i.targets().get(k));
        }
        to(result(i), Spv.Op.OpPhi, i.type(), ops);
    }

    private void switchTerminator(Instruction i) {
        if (i.operand(0).type().scalarKind() == null || !i.operand(0).type().scalarKind().isInteger()) {
            throw new SpirvException("a switch on " + i.operand(0).type().name());
        }
        int[] ops = new int[2 + 2 * i.immediateCount()];
        ops[0] = value(i.operand(0));
        ops[1] = label(i.targets().get(0));
        for (int k = 0; k < i.immediateCount(); k++) {
            ops[2 + 2 * k] = i.immediate(k);
            ops[3 + 2 * k] = label(i.targets().get(k + 1));
        }
        out.op(Spv.Op.OpSwitch, ops);
    }

    /** Matrix component-wise work: {@code column} applied to each column's ids, the results rebuilt. */
    int perColumn(MatrixType m, int[] matrices, java.util.function.Function<int[], Integer> column, int resultId) {
        int[] cols = new int[m.columns()];
        for (int c = 0; c < cols.length; c++) {
            int[] parts = new int[matrices.length];
            for (int k = 0; k < parts.length; k++) {
                parts[k] = fresh(Spv.Op.OpCompositeExtract, m.columnType(), matrices[k], c);
            }
            cols[c] = column.apply(parts);
        }
        to(resultId, Spv.Op.OpCompositeConstruct, m, cols);
        return resultId;
    }
}
