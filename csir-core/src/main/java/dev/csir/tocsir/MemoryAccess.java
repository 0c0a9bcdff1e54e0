package dev.csir.tocsir;

import dev.csir.ir.Opcode;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.MatrixType;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import java.util.List;

/**
 * Loads and stores: stage inputs and the uniform blocks (push-constant ones too) read with CSIR's LOAD records,
 * locals, private globals and outputs kept in registers of their own (their homes), a sampler
 * read by SAMPLE at its slot.
 */
final class MemoryAccess {
    private final Selector s;
    private final IndexedMemory indexed;

    MemoryAccess(Selector s) {
        this.s = s;
        this.indexed = new IndexedMemory(s);
    }

    /** Whether a chain from a root of this type is lowered by {@link IndexedMemory}: a run-time step, or an aggregate root. */
    private static boolean isIndexed(List<Integer> path, Type root) {
        return path == null || root instanceof dev.csir.types.ArrayType || root instanceof dev.csir.types.StructType;
    }

    void sample(Instruction i) {
        int slot = samplerSlot(i);
        if (slot < 0) {
            return;
        }
        if (i.operands().size() == 2) {
            s.emit(Opcode.SAMPLE, texelType(slot), 4, s.result(i), s.operand(i.operand(1)), -1, slot, 0);
            return;
        }
        if (cubeArray(slot)) {
            sample2(i, slot, Opcode.SAMPLE2_BIAS);
            return;
        }
        // SAMPLE_BIAS takes the coordinate and the bias in one register, the bias in w, as TXB does
        s.emit(Opcode.SAMPLE_BIAS, texelType(slot), 4, s.result(i), packed(slot, i.operand(1), i.operand(2)), -1, slot, 0);
    }

    /**
     * {@code samplecmp sampler, coord, reference [, lod]}: SAMPLE (SAMPLE_LOD with a level) at a
     * shadow slot, the reference in the coordinate register's lane the kind names (z for 2D, w
     * for the cube and the array), a level in w (sampler2DShadow only: the others have no room).
     */
    void sampleCompare(Instruction i) {
        int slot = samplerSlot(i);
        if (slot < 0) {
            return;
        }
        dev.csir.ir.Type kind = kind(slot);
        boolean lod = i.operands().size() > 3;
        if (cubeArray(slot) && !lod) {
            sample2(i, slot, Opcode.SAMPLE2_REFERENCE);
            return;
        }
        if (lod && (kind.samplerReferenceLane() == 3 || cubeArray(slot))) {
            s.unsupported("a shadow lookup with a level on a " + kind.glslName());
            return;
        }
        int r = s.code.newRegister(1);
        int n = kind.samplerCoordinates();
        s.emit(Opcode.MOV, dev.csir.ir.Type.floatVector(n), n, r, s.operand(i.operand(1)), -1, 0, 0);
        s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.FLOAT, 1, r, s.operand(i.operand(2)), -1, kind.samplerReferenceLane(), 0);
        if (lod) {
            s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.FLOAT, 1, r, s.operand(i.operand(3)), -1, 3, 0);
        }
        s.emit(lod ? Opcode.SAMPLE_LOD : Opcode.SAMPLE, dev.csir.ir.Type.VEC4, 4, s.result(i), r, -1, slot, 0);
    }

    /**
     * A cube-map array lookup with a bias, a level or a shadow reference ({@code what}): its
     * coordinate fills a register, so the scalar, the instruction's operand 2, is SAMPLE2's b.x.
     */
    private void sample2(Instruction i, int slot, int what) {
        s.emit(Opcode.SAMPLE2, texelType(slot), 4, s.result(i), s.operand(i.operand(1)), s.operand(i.operand(2)), slot,
                what);
    }

    /** Whether sampler slot {@code slot} is a multisample one of any kind (its fetch's w the sample). */
    private boolean multisample(int slot) {
        dev.csir.ir.Type g = kind(slot).samplerGeometry();
        return g == dev.csir.ir.Type.SAMPLER2DMS || g == dev.csir.ir.Type.SAMPLER2DMSARRAY;
    }

    /** Whether sampler slot {@code slot} is a cube-map array of any kind. */
    private boolean cubeArray(int slot) {
        return kind(slot).samplerGeometry() == dev.csir.ir.Type.SAMPLERCUBEARRAY;
    }

    /** What a lookup at {@code slot} gives: integer lanes for the integer kinds, else floats. */
    private dev.csir.ir.Type texelType(int slot) {
        dev.csir.ir.Type kind = kind(slot);
        return kind.isIntegerSampler() ? dev.csir.ir.Type.integerLanes(4, kind.isUnsignedSampler()) : dev.csir.ir.Type.VEC4;
    }

    /**
     * A 2D lookup with a constant texel offset: textureOffset (without a bias), textureLodOffset,
     * texelFetchOffset as SAMPLE_OFFSET, SAMPLE_LOD_OFFSET and FETCH_OFFSET, the offset in aux2.
     */
    void offsetLookup(Instruction i) {
        int slot = samplerSlot(i);
        String function = switch (i.op()) {
            case SAMPLE -> i.operands().size() > 3 ? "textureOffset with a bias" : "textureOffset";
            case SAMPLE_LOD -> "textureLodOffset";
            case FETCH -> "texelFetchOffset";
            case SAMPLE_GRAD -> "textureGradOffset";
            default -> "a shadow lookup with an offset";
        };
        if (slot < 0 || !(i.op() != dev.csir.ssa.Opcode.FETCH && isArray(slot) || is2d(slot, function))) {
            return;
        }
        Integer offset = constantOffset(i.operand(i.operands().size() - 1), 0);
        if (offset == null || function.endsWith("a bias") || i.op() == dev.csir.ssa.Opcode.SAMPLE_GRAD
                || i.op() == dev.csir.ssa.Opcode.SAMPLE_COMPARE) {
            s.unsupported(offset == null ? "a texel offset that is not a constant in [-32, 31]" : function);
            return;
        }
        switch (i.op()) {
            case SAMPLE -> s.emit(Opcode.SAMPLE_OFFSET, dev.csir.ir.Type.VEC4, 4, s.result(i), s.operand(i.operand(1)), -1,
                    slot, offset);
            case SAMPLE_LOD -> s.emit(Opcode.SAMPLE_LOD_OFFSET, dev.csir.ir.Type.VEC4, 4, s.result(i),
                    packed(slot, i.operand(1), i.operand(2)), -1, slot, offset);
            default -> {
                int texel = packed(slot, i.operand(1), i.operand(2));
                if (s.integers) {
                    texel = s.ints.toFloats(texel, 4, false); // FETCH_OFFSET takes CSIR's float-valued ints
                }
                s.emit(Opcode.FETCH_OFFSET, dev.csir.ir.Type.VEC4, 4, s.result(i), texel, -1, slot, offset);
            }
        }
    }

    /** {@code gather sampler, coord, component [, offset]} on a 2D slot: GATHER, the component and offset in aux2. */
    void gather(Instruction i) {
        int slot = samplerSlot(i);
        if (slot < 0 || !(isArray(slot) || is2d(slot, "textureGather"))) {
            return;
        }
        int offsets = i.textureOffsetCount();
        int component = i.operand(2) instanceof dev.csir.ssa.Constant.Scalar k ? k.intValue() : 0;
        Integer aux2 = null;
        if (offsets == 0) {
            aux2 = dev.csir.ir.TexelOffset.pack(0, 0, component);
        } else if (offsets == 1) {
            aux2 = constantOffset(i.operand(3), component);
        }
        if (aux2 == null) {
            s.unsupported(offsets == 4 ? "textureGatherOffsets" : "a gather offset that is not a constant in [-32, 31]");
            return;
        }
        s.emit(Opcode.GATHER, dev.csir.ir.Type.VEC4, 4, s.result(i), s.operand(i.operand(1)), -1, slot, aux2);
    }

    private boolean isArray(int slot) {
        return kind(slot) == dev.csir.ir.Type.SAMPLER2DARRAY;
    }

    /** The aux2 of a constant ivec2 offset and a gather component, or null when the offset is no constant. */
    private static Integer constantOffset(Value offset, int component) {
        if (!(offset instanceof dev.csir.ssa.Constant.Composite c) || c.elements().size() != 2
                || !(c.elements().get(0) instanceof dev.csir.ssa.Constant.Scalar x)
                || !(c.elements().get(1) instanceof dev.csir.ssa.Constant.Scalar y)) {
            return null;
        }
        boolean fits = Math.max(Math.abs(x.intValue() + 0.5), Math.abs(y.intValue() + 0.5)) < 32;
        return fits ? dev.csir.ir.TexelOffset.pack(x.intValue(), y.intValue(), component) : null;
    }

    /** {@code samplelod sampler, coord, lod}: TXL's coordinate and level in one register, the level in w. */
    void sampleLod(Instruction i) {
        int slot = samplerSlot(i);
        if (slot >= 0 && cubeArray(slot)) {
            sample2(i, slot, Opcode.SAMPLE2_LOD);
        } else if (slot >= 0) {
            s.emit(Opcode.SAMPLE_LOD, texelType(slot), 4, s.result(i), packed(slot, i.operand(1), i.operand(2)), -1, slot, 0);
        }
    }

    /** {@code samplegrad sampler, coord, ddx, ddy}: the derivatives in one register, ddx in xy and ddy in zw. */
    void sampleGrad(Instruction i) {
        int slot = samplerSlot(i);
        if (slot < 0 || !is2d(slot, "textureGrad")) {
            return;
        }
        int grads = s.code.newRegister(1);
        s.emit(Opcode.MOV, dev.csir.ir.Type.VEC2, 2, grads, s.operand(i.operand(2)), -1, 0, 0);
        int ddy = s.operand(i.operand(3));
        s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.FLOAT, 1, grads, ddy, -1, 2, 0);
        s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.FLOAT, 1, grads, ddy, -1, 3, 1);
        s.emit(Opcode.SAMPLE_GRAD, texelType(slot), 4, s.result(i), s.operand(i.operand(1)), grads, slot, 0);
    }

    /** {@code fetch sampler, texel, lod}: TXF's texel and level in one register, the level in w. */
    void fetch(Instruction i) {
        int slot = samplerSlot(i);
        if (slot >= 0 && (multisample(slot) || is2d(slot, "texelFetch"))) {
            int texel = packed(slot, i.operand(1), i.operand(2));
            if (s.integers) {
                texel = s.ints.toFloats(texel, 4, false); // FETCH takes CSIR's float-valued ints
            }
            s.emit(Opcode.FETCH, texelType(slot), 4, s.result(i), texel, -1, slot, 0);
        }
    }

    /** The coordinate of a lookup at {@code slot} (two lanes for 2D, three for the other kinds) with a scalar in w. */
    private int packed(int slot, dev.csir.ssa.Value coord, dev.csir.ssa.Value w) {
        int r = s.code.newRegister(1);
        int n = kind(slot).samplerCoordinates();
        s.emit(Opcode.MOV, dev.csir.ir.Type.floatVector(n), n, r, s.operand(coord), -1, 0, 0);
        s.emitPartial(Opcode.SETLANE, dev.csir.ir.Type.FLOAT, 1, r, s.operand(w), -1, 3, 0);
        return r;
    }

    /** {@code texsize sampler, lod}: the level's width and height. */
    void textureSize(Instruction i) {
        int slot = samplerSlot(i);
        if (slot < 0) {
            return;
        }
        int n = kind(slot).samplerSizeComponents();
        int lod = i.operands().size() > 1 ? s.operand(i.operand(1)) : s.operand(dev.csir.ssa.Constant.ofInt(0));
        if (s.integers) {
            // TEXSIZE takes and gives CSIR's float-valued ints
            int size = s.code.newRegister(1);
            s.emit(Opcode.TEXSIZE, Selector.csirType(i.type()), n, size, s.ints.toFloats(lod, 1, false), -1, slot, 0);
            s.bind(i, s.ints.fromFloats(size, n, false));
            return;
        }
        s.emit(Opcode.TEXSIZE, Selector.csirType(i.type()), n, s.result(i), lod, -1, slot, 0);
    }

    /** The kind of sampler slot {@code slot}, which says how its lookups read their coordinate. */
    private dev.csir.ir.Type kind(int slot) {
        return s.slots.iface.samplerKind(slot);
    }

    /**
     * Whether slot {@code slot} is a 2D one without a comparison (sampler2D, isampler2D,
     * usampler2D); otherwise reports that CSIR has no {@code function} on its kind.
     */
    private boolean is2d(int slot, String function) {
        dev.csir.ir.Type kind = kind(slot);
        if (kind.samplerGeometry() != dev.csir.ir.Type.SAMPLER2D || kind.isShadowSampler()) {
            s.unsupported(function + " on a " + kind.glslName());
            return false;
        }
        return true;
    }

    /** The CSIR sampler slot of a texture instruction's sampler, or -1 after reporting why there is none. */
    private int samplerSlot(Instruction i) {
        GlobalVariable sampler = Memory.root(i.operand(0));
        int slot = sampler == null ? -1 : s.slots.sampler(sampler);
        if (slot < 0 || !Memory.path(i.operand(0)).isEmpty()) {
            s.unsupported("this sampler operand");
            return -1;
        }
        return slot;
    }

    /** Whether {@code root} is gl_ClipDistance in a profile without it (CSI version 1), reported so. */
    private boolean clipDistancesRefused(Value root) {
        if (root instanceof GlobalVariable g && g.builtIn() == dev.csir.ssa.BuiltIn.CLIP_DISTANCE && !s.integers) {
            s.unsupported("gl_ClipDistance in a profile that keeps CSI version 1");
            return true;
        }
        return false;
    }

    void load(Instruction i) {
        if (!Aggregates.is(i.type()) && !s.check(i)) {
            return;
        }
        Value pointer = i.operand(0);
        List<Integer> path = Memory.path(pointer);
        Value root = Memory.base(pointer);
        if (clipDistancesRefused(root)) {
            return;
        }
        if (root instanceof GlobalVariable g && g.space() == AddressSpace.INPUT
                && (g.builtIn() == dev.csir.ssa.BuiltIn.VERTEX_INDEX || g.builtIn() == dev.csir.ssa.BuiltIn.INSTANCE_INDEX)) {
            if (!s.integers) {
                s.unsupported("the vertex and instance numbers (" + g.name() + ")");
                return;
            }
            int r = s.code.newRegister(1);
            s.emit(Opcode.LOAD_SYSVAL, dev.csir.ir.Type.INT32, 4, r, -1, -1,
                    g.builtIn() == dev.csir.ssa.BuiltIn.VERTEX_INDEX ? Opcode.SYSVAL_VERTEX_ID : Opcode.SYSVAL_INSTANCE_ID, 0);
            s.bind(i, r);
            return;
        }
        if (root instanceof GlobalVariable g && g.builtIn() == dev.csir.ssa.BuiltIn.POINT_COORD) {
            // csir draws no points, and off a point GLSL leaves gl_PointCoord undefined: it reads as 0
            dev.csir.ssa.Constant.Scalar zero = dev.csir.ssa.Constant.ofFloat(0f);
            s.bind(i, s.constant(i.type() instanceof dev.csir.types.VectorType v ? dev.csir.ssa.Constant.splat(v, zero) : zero));
            return;
        }
        if (root instanceof GlobalVariable g && (g.builtIn() == dev.csir.ssa.BuiltIn.VIEW_INDEX
                || g.builtIn() == dev.csir.ssa.BuiltIn.SHADING_RATE)) {
            // CSIR's targets draw one view (GL_EXT_multiview's index is 0) and shade every pixel
            // (GL_EXT_fragment_shading_rate's rate 0 is one pixel by one)
            s.bind(i, s.constant(dev.csir.ssa.Constant.ofInt(0)));
            return;
        }
        if (root instanceof GlobalVariable g && g.builtIn() == dev.csir.ssa.BuiltIn.FRONT_FACING) {
            if (!s.integers) {
                // version 1 has no system values
                s.unsupported("gl_FrontFacing");
                return;
            }
            int r = s.code.newRegister(1);
            s.emit(Opcode.LOAD_SYSVAL, dev.csir.ir.Type.BOOL, 4, r, -1, -1, Opcode.SYSVAL_FRONT_FACING, 0);
            s.bind(i, r);
            return;
        }
        if (path == null && !indexed.supported(Memory.steps(pointer))) {
            return;
        }
        if (root instanceof GlobalVariable g && g.space() == AddressSpace.INPUT
                && g.builtIn() == dev.csir.ssa.BuiltIn.CLIP_DISTANCE) {
            s.bind(i, indexed.read(loadClipDistances(g), indexed.place(g.valueType(), Memory.steps(pointer))));
            return;
        }
        if (root instanceof GlobalVariable g && g.space() == AddressSpace.INPUT) {
            Type t = g.valueType();
            int r = s.code.newRegister(Selector.width(t));
            if (g.builtIn() == dev.csir.ssa.BuiltIn.FRAG_COORD) {
                s.emit(Opcode.LOAD_FCOORD, dev.csir.ir.Type.VEC4, 4, r, -1, -1, 0, 0);
            } else {
                // a matrix, a column from each of its slots into consecutive registers
                Opcode load = s.stage == ShaderStage.VERTEX ? Opcode.LOAD_ATTR : Opcode.LOAD_VAR;
                for (int col = 0; col < Selector.width(t); col++) {
                    s.emitColumnWrite(t, load, s.colType(t), Selector.lanes(t), r, col, -1, -1, s.slots.slot(g) + col, 0);
                }
            }
            int value = fromInterface(r, g.valueType());
            s.bind(i, path == null ? indexed.read(value, indexed.place(t, Memory.steps(pointer)))
                    : select(value, g.valueType(), path));
            return;
        }
        if (root instanceof GlobalVariable g && (g.space() == AddressSpace.UNIFORM || g.space() == AddressSpace.PUSH_CONSTANT)) {
            if (path == null) {
                loadUniformIndexed(i, g, Memory.steps(pointer));
            } else {
                loadUniform(i, g, path);
            }
            return;
        }
        if (!(root instanceof GlobalVariable g && (g.space() == AddressSpace.PRIVATE || g.space() == AddressSpace.OUTPUT))
                && !(root instanceof Instruction a && a.op() == dev.csir.ssa.Opcode.ALLOCA)) {
            s.unsupported("a load from " + root);
            return;
        }
        Type type = dev.csir.ssa.Builder.pointee(root);
        int home = s.home(root, type);
        if (isIndexed(path, type)) {
            s.bind(i, indexed.read(home, indexed.place(type, Memory.steps(pointer))));
            return;
        }
        if (path.isEmpty()) {
            // a copy, since the home may be stored to while the value is in use; coalescing
            // gives both one register when it is not
            s.copies(new int[] {s.result(i)}, new int[] {home});
            return;
        }
        int src = select(home, type, path);
        Type t = i.type();
        int d = s.result(i);
        for (int col = 0; col < Selector.width(t); col++) {
            s.emitColumnWrite(t, Opcode.MOV, s.colType(t), Selector.lanes(t), d, col, src + col, -1, 0, 0);
        }
    }

    /**
     * The fragment stage's gl_ClipDistance as an array block (element e in lane x of register e),
     * unpacked from its varying slots, four distances to a slot.
     */
    private int loadClipDistances(GlobalVariable g) {
        int n = ((dev.csir.types.ArrayType) g.valueType()).length();
        int block = s.newRegister(g.valueType());
        for (int k = 0; 4 * k < n; k++) {
            int packed = s.code.newRegister(1);
            s.emit(Opcode.LOAD_VAR, dev.csir.ir.Type.VEC4, 4, packed, -1, -1, s.slots.slot(g) + k, 0);
            for (int e = 4 * k; e < Math.min(n, 4 * k + 4); e++) {
                if (n == 1) {
                    s.emit(Opcode.SWZ, dev.csir.ir.Type.FLOAT, 1, block, packed, -1, 0, 0);
                } else {
                    s.emitPartial(Opcode.SWZ, dev.csir.ir.Type.FLOAT, 1, block + e, packed, -1, e % 4, 0);
                }
            }
        }
        return block;
    }

    /** Part of a register along a constant path: a matrix column, a lane (moved to lane x). */
    private int select(int r, Type t, List<Integer> path) {
        if (path.isEmpty()) {
            return r;
        }
        if (t instanceof MatrixType) {
            int col = r + path.getFirst();
            return path.size() == 1 ? col : s.lane(col, path.get(1));
        }
        return s.lane(r, path.getFirst());
    }

    /** A uniform block member along a chain with a run-time index. */
    private void loadUniformIndexed(Instruction i, GlobalVariable block, List<Value> steps) {
        int k = ((dev.csir.ssa.Constant.Scalar) steps.getFirst()).intValue();
        Type member = ((dev.csir.types.StructType) block.valueType()).members().get(k).type();
        IndexedMemory.Place p = indexed.place(member, steps.subList(1, steps.size()));
        if (!Selector.representable(p.type())) {
            s.unsupported("loading a whole uniform " + p.type());
            return;
        }
        int r = fromInterface(indexed.readUniform(s.slots.uniform(block, k), p), p.type());
        s.bind(i, p.lane() == null ? r : indexed.lane(r, p.lane(), p.type()));
    }

    private void loadUniform(Instruction i, GlobalVariable block, List<Integer> path) {
        if (path.isEmpty()) {
            s.unsupported("loading the whole uniform block");
            return;
        }
        Type member = ((dev.csir.types.StructType) block.valueType()).members().get(path.getFirst()).type();
        int slot = s.slots.uniform(block, path.getFirst());
        List<Integer> rest = path.subList(1, path.size());
        // into an array or struct member: the slot of the element or member the path names
        while (!rest.isEmpty() && (member instanceof dev.csir.types.ArrayType || member instanceof dev.csir.types.StructType)) {
            int k = rest.getFirst();
            if (member instanceof dev.csir.types.ArrayType a) {
                slot += k * Slots.slotsOf(a.element());
                member = a.element();
            } else {
                dev.csir.types.StructType st = (dev.csir.types.StructType) member;
                for (int j = 0; j < k; j++) {
                    slot += Slots.slotsOf(st.members().get(j).type());
                }
                member = st.members().get(k).type();
            }
            rest = rest.subList(1, rest.size());
        }
        if (!Selector.representable(member)) {
            s.unsupported("loading a whole uniform " + member);
            return;
        }
        if (member instanceof MatrixType m && !rest.isEmpty()) {
            int r = s.code.newRegister(1);
            s.emit(Opcode.LOAD_UNI, dev.csir.ir.Type.floatVector(m.rows()), m.rows(), r, -1, -1, slot + rest.getFirst(), 1);
            s.bind(i, rest.size() == 1 ? r : s.lane(r, rest.get(1)));
            return;
        }
        int r = s.code.newRegister(Selector.width(member));
        s.emit(Opcode.LOAD_UNI, Selector.csirType(member), Selector.lanes(member), r, -1, -1, slot, Selector.width(member));
        s.bind(i, select(fromInterface(r, member), member, rest));
    }

    /**
     * A value loaded from the interface, which holds ints as whole floats: as integer lanes where
     * the lowering holds ints so, else as it is.
     */
    private int fromInterface(int r, Type t) {
        return s.intLanes(t) ? s.ints.fromFloats(r, Selector.lanes(t), t.scalarKind() == dev.csir.types.ScalarKind.UINT) : r;
    }

    void store(Instruction i) {
        Value pointer = i.operand(0);
        Value value = i.operand(1);
        if (!(Aggregates.is(value.type()) ? Aggregates.representable(value.type()) : Selector.representable(value.type()))) {
            s.unsupported("a value of type " + value.type());
            return;
        }
        List<Integer> path = Memory.path(pointer);
        if (clipDistancesRefused(Memory.base(pointer))) {
            return;
        }
        if (path == null && !indexed.supported(Memory.steps(pointer))) {
            return;
        }
        Value root = Memory.base(pointer);
        if (!(root instanceof GlobalVariable g && (g.space() == AddressSpace.PRIVATE || g.space() == AddressSpace.OUTPUT))
                && !(root instanceof Instruction a && a.op() == dev.csir.ssa.Opcode.ALLOCA)) {
            s.unsupported("a store to " + root);
            return;
        }
        Type type = dev.csir.ssa.Builder.pointee(root);
        int home = s.home(root, type);
        if (value instanceof dev.csir.ssa.Constant c && Aggregates.is(c.type()) && path != null) {
            // an array or struct initializer at a constant place: its constants go straight to the home
            s.aggregates.constantInto(c, home + indexed.place(type, Memory.steps(pointer)).offset());
            return;
        }
        int v = s.operand(value);
        if (isIndexed(path, type)) {
            indexed.write(home, indexed.place(type, Memory.steps(pointer)), v);
        } else if (path.isEmpty()) {
            s.copies(new int[] {home}, new int[] {v});
        } else if (type instanceof MatrixType && path.size() == 1) {
            s.emitPartial(Opcode.MOV, s.colType(type), Selector.lanes(type), home + path.getFirst(), v, -1, 0, 0);
        } else {
            int target = type instanceof MatrixType ? home + path.getFirst() : home;
            s.emitPartial(Opcode.SETLANE, s.colType(type), 1, target, v, -1, path.getLast(), 0);
        }
    }
}
