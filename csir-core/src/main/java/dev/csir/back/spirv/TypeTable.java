package dev.csir.back.spirv;

import dev.csir.ssa.Constant;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.Dim;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types, constants and pointer and function types of the module, each declared once (the
 * maps are keyed by value) into the types section when first asked for, with its decorations and
 * names. A type in an explicitly laid-out storage class (uniform blocks) has a layout variant:
 * arrays carry an ArrayStride and structs member Offsets (std140), matrices ColMajor and a
 * MatrixStride, and bool, which has no size, is a uint there.
 */
final class TypeTable {
    private final Ids ids;
    private final Words types;
    private final Words annotations;
    private final Words names;
    private final Map<Type, Integer> plain = new HashMap<>();
    private final Map<Type, Integer> laidOut = new HashMap<>();
    private final Map<List<Integer>, Integer> pointers = new HashMap<>();
    private final Map<List<Integer>, Integer> functionTypes = new HashMap<>();
    private final Map<Constant, Integer> constants = new HashMap<>();

    /** The array types of arrays of blocks ({@link #blockArray}). */
    private final java.util.Set<Type> blockArrays = new java.util.HashSet<>();

    /** Makes {@code a} an array of blocks, laid out without an ArrayStride; before it is first declared. */
    void blockArray(ArrayType a) {
        blockArrays.add(a);
    }

    TypeTable(Ids ids, Words types, Words annotations, Words names) {
        this.ids = ids;
        this.types = types;
        this.annotations = annotations;
        this.names = names;
    }

    /** The id of {@code t} as values of it are held in registers and function memory. */
    int id(Type t) {
        Integer have = plain.get(t);
        if (have != null) {
            return have;
        }
        int id = declare(t);
        plain.put(t, id);
        return id;
    }

    /** The id of {@code t} as it is laid out in a uniform block. */
    int laidOutId(Type t) {
        if (!differsInLayout(t)) {
            return id(t);
        }
        Integer have = laidOut.get(t);
        if (have != null) {
            return have;
        }
        int id = declareLaidOut(t);
        laidOut.put(t, id);
        return id;
    }

    /** True when the layout variant of {@code t} is another SPIR-V type than its plain one. */
    static boolean differsInLayout(Type t) {
        return t instanceof ArrayType || t instanceof StructType || t.scalarKind() == ScalarKind.BOOL;
    }

    /**
     * True when values of {@code t} read from a uniform block must be converted to the plain type:
     * whenever the two are different SPIR-V types (SPIR-V 1.0 has no OpCopyLogical), member by
     * member and element by element.
     */
    static boolean convertsFromLayout(Type t) {
        return differsInLayout(t);
    }

    static boolean isLaidOut(AddressSpace space) {
        return space == AddressSpace.UNIFORM || space == AddressSpace.PUSH_CONSTANT
                || space == AddressSpace.STORAGE_BUFFER;
    }

    int pointer(PointerType p) {
        int pointee = isLaidOut(p.space()) ? laidOutId(p.pointee()) : id(p.pointee());
        return pointer(storageClass(p.space()), pointee);
    }

    int pointer(int storageClass, int pointee) {
        return pointers.computeIfAbsent(List.of(storageClass, pointee), k -> {
            int id = ids.next();
            types.op(Spv.Op.OpTypePointer, id, storageClass, pointee);
            return id;
        });
    }

    int functionType(Type result, List<Type> params) {
        List<Integer> key = new ArrayList<>();
        key.add(id(result));
        for (Type p : params) {
            key.add(p instanceof PointerType pt ? pointer(pt) : id(p));
        }
        return functionTypes.computeIfAbsent(List.copyOf(key), k -> {
            int id = ids.next();
            int[] ops = new int[k.size() + 1];
            ops[0] = id;
            for (int i = 0; i < k.size(); i++) {
                ops[i + 1] = k.get(i);
            }
            types.op(Spv.Op.OpTypeFunction, ops);
            return id;
        });
    }

    static int storageClass(AddressSpace space) {
        return switch (space) {
            case FUNCTION -> Spv.StorageClass.Function;
            case PRIVATE -> Spv.StorageClass.Private;
            case INPUT -> Spv.StorageClass.Input;
            case OUTPUT -> Spv.StorageClass.Output;
            case UNIFORM -> Spv.StorageClass.Uniform;
            case UNIFORM_CONSTANT -> Spv.StorageClass.UniformConstant;
            case WORKGROUP -> Spv.StorageClass.Workgroup;
            case PUSH_CONSTANT -> Spv.StorageClass.PushConstant;
            case STORAGE_BUFFER -> throw new SpirvException("storage buffers need SPIR-V 1.3 or an extension");
        };
    }

    private int declare(Type t) {
        if (t instanceof VoidType) {
            int id = ids.next();
            types.op(Spv.Op.OpTypeVoid, id);
            return id;
        }
        if (t instanceof ScalarType s) {
            int id = ids.next();
            switch (s.kind()) {
                case BOOL -> types.op(Spv.Op.OpTypeBool, id);
                case INT -> types.op(Spv.Op.OpTypeInt, id, 32, 1);
                case UINT -> types.op(Spv.Op.OpTypeInt, id, 32, 0);
                case FLOAT -> types.op(Spv.Op.OpTypeFloat, id, 32);
                case DOUBLE -> {
                    ids.capability(Spv.Capability.Float64);
                    types.op(Spv.Op.OpTypeFloat, id, 64);
                }
            }
            return id;
        }
        if (t instanceof VectorType v) {
            int component = id(v.component());
            int id = ids.next();
            types.op(Spv.Op.OpTypeVector, id, component, v.size());
            return id;
        }
        if (t instanceof MatrixType m) {
            int column = id(m.columnType());
            int id = ids.next();
            types.op(Spv.Op.OpTypeMatrix, id, column, m.columns());
            return id;
        }
        if (t instanceof ArrayType a) {
            return array(a, id(a.element()));
        }
        if (t instanceof StructType s) {
            int[] members = new int[s.members().size()];
            for (int i = 0; i < members.length; i++) {
                members[i] = id(s.members().get(i).type());
            }
            return struct(s, members);
        }
        if (t instanceof SamplerType s) {
            return sampledImage(s);
        }
        if (t instanceof dev.csir.types.TextureType tx) {
            // the image a non-comparing sampler of its kind holds, so that sampler constructors pair them as they are
            return imageOf(new SamplerType(tx.dim(), tx.arrayed(), false, tx.sampled()));
        }
        if (t instanceof dev.csir.types.SubpassInputType sp) {
            ids.capability(Spv.Capability.InputAttachment);
            int image = ids.next();
            types.op(Spv.Op.OpTypeImage, image, id(ScalarType.of(sp.sampled())), Spv.Dim.SubpassData, 0, 0,
                    sp.multisampled() ? 1 : 0, 2, Spv.ImageFormat.Unknown);
            return image;
        }
        if (t instanceof dev.csir.types.SamplerStateType) {
            if (samplerType < 0) {
                samplerType = ids.next();
                types.op(Spv.Op.OpTypeSampler, samplerType);
            }
            return samplerType;
        }
        if (t instanceof PointerType p) {
            return pointer(p);
        }
        throw new SpirvException("no SPIR-V type for " + t.name() + " yet");
    }

    private int declareLaidOut(Type t) {
        if (t instanceof ScalarType) {
            return id(ScalarType.UINT);
        }
        if (t instanceof VectorType v) {
            return id(new VectorType(ScalarType.UINT, v.size()));
        }
        if (t instanceof ArrayType a) {
            int id = array(a, laidOutId(a.element()));
            if (!blockArrays.contains(a)) {
                // an array of blocks has no stride: each element is a block of its own, not memory
                annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.ArrayStride, Std140.arrayStride(a));
            }
            return id;
        }
        if (t instanceof StructType s) {
            int[] members = new int[s.members().size()];
            for (int i = 0; i < members.length; i++) {
                members[i] = laidOutId(s.members().get(i).type());
            }
            int id = struct(s, members);
            int[] offsets = Std140.offsets(s);
            for (int i = 0; i < members.length; i++) {
                annotations.op(Spv.Op.OpMemberDecorate, id, i, Spv.Decoration.Offset, offsets[i]);
                Type m = s.members().get(i).type();
                while (m instanceof ArrayType a) {
                    m = a.element();
                }
                if (m instanceof MatrixType mt) {
                    annotations.op(Spv.Op.OpMemberDecorate, id, i, Spv.Decoration.ColMajor);
                    annotations.op(Spv.Op.OpMemberDecorate, id, i, Spv.Decoration.MatrixStride,
                            Std140.matrixStride(mt));
                }
            }
            return id;
        }
        throw new SpirvException("no laid-out SPIR-V type for " + t.name());
    }

    private int array(ArrayType a, int element) {
        int id;
        if (a.isRuntimeSized()) {
            id = ids.next();
            types.op(Spv.Op.OpTypeRuntimeArray, id, element);
        } else {
            int length = constant(Constant.ofUint(a.length()));
            id = ids.next();
            types.op(Spv.Op.OpTypeArray, id, element, length);
        }
        return id;
    }

    private int struct(StructType s, int[] members) {
        int id = ids.next();
        int[] ops = new int[members.length + 1];
        ops[0] = id;
        System.arraycopy(members, 0, ops, 1, members.length);
        types.op(Spv.Op.OpTypeStruct, ops);
        if (ids.debugNames()) {
            names.opWithString(Spv.Op.OpName, new int[] {id}, s.name());
            for (int i = 0; i < members.length; i++) {
                names.opWithString(Spv.Op.OpMemberName, new int[] {id, i}, s.members().get(i).name());
            }
        }
        return id;
    }

    private int sampledImage(SamplerType s) {
        int sampled = id(ScalarType.of(s.sampled()));
        int dim = switch (s.dim()) {
            case D1 -> {
                ids.capability(Spv.Capability.Sampled1D);
                yield Spv.Dim.Dim1D;
            }
            case D2 -> Spv.Dim.Dim2D;
            case D3 -> Spv.Dim.Dim3D;
            case CUBE -> {
                if (s.arrayed()) {
                    ids.capability(Spv.Capability.SampledCubeArray);
                }
                yield Spv.Dim.Cube;
            }
            case BUFFER -> {
                ids.capability(Spv.Capability.SampledBuffer);
                yield Spv.Dim.Buffer;
            }
        };
        if (s.dim() == Dim.BUFFER && s.arrayed()) {
            throw new SpirvException("an arrayed buffer sampler");
        }
        int image = ids.next();
        if (s.multisampled() && s.arrayed()) {
            ids.capability(Spv.Capability.ImageMSArray);
        }
        types.op(Spv.Op.OpTypeImage, image, sampled, dim, s.shadow() ? 1 : 0, s.arrayed() ? 1 : 0, s.multisampled() ? 1 : 0, 1,
                Spv.ImageFormat.Unknown);
        plainImages.put(s, image);
        int id = ids.next();
        types.op(Spv.Op.OpTypeSampledImage, id, image);
        return id;
    }

    private final Map<SamplerType, Integer> plainImages = new HashMap<>();
    /** The one OpTypeSampler, once a sampler state needs it. */
    private int samplerType = -1;

    /** The OpTypeImage under a sampler type (for OpImage, before a fetch or a size query). */
    int imageOf(SamplerType s) {
        id(s);
        return plainImages.get(s);
    }

    /** The id of a constant (scalars, composites, undef), declared once per value. */
    int constant(Constant c) {
        Integer have = constants.get(c);
        if (have != null) {
            return have;
        }
        int id;
        if (c instanceof Constant.Scalar s) {
            int type = id(s.type());
            id = ids.next();
            if (s.type().kind() == ScalarKind.BOOL) {
                types.op(s.boolValue() ? Spv.Op.OpConstantTrue : Spv.Op.OpConstantFalse, type, id);
            } else if (s.type().kind() == ScalarKind.DOUBLE) {
                types.op(Spv.Op.OpConstant, type, id, (int) s.bits(), (int) (s.bits() >>> 32));
            } else {
                types.op(Spv.Op.OpConstant, type, id, (int) s.bits());
            }
        } else if (c instanceof Constant.Composite k) {
            int[] ops = new int[k.elements().size() + 2];
            for (int i = 0; i < k.elements().size(); i++) {
                ops[i + 2] = constant(k.elements().get(i));
            }
            ops[0] = id(k.type());
            id = ids.next();
            ops[1] = id;
            types.op(Spv.Op.OpConstantComposite, ops);
        } else if (c instanceof Constant.Undef u) {
            int type = id(u.type());
            id = ids.next();
            types.op(Spv.Op.OpUndef, type, id);
        } else {
            throw new IllegalArgumentException(String.valueOf(c));
        }
        constants.put(c, id);
        return id;
    }

    /** A specialization constant with its SpecId (declared once by the writer). */
    int specConstant(SpecConstant s) {
        Constant.Scalar d = s.defaultValue();
        int type = id(d.type());
        int id = ids.next();
        if (d.type().kind() == ScalarKind.BOOL) {
            types.op(d.boolValue() ? Spv.Op.OpSpecConstantTrue : Spv.Op.OpSpecConstantFalse, type, id);
        } else if (d.type().kind() == ScalarKind.DOUBLE) {
            types.op(Spv.Op.OpSpecConstant, type, id, (int) d.bits(), (int) (d.bits() >>> 32));
        } else {
            types.op(Spv.Op.OpSpecConstant, type, id, (int) d.bits());
        }
        annotations.op(Spv.Op.OpDecorate, id, Spv.Decoration.SpecId, s.id());
        if (ids.debugNames()) {
            names.opWithString(Spv.Op.OpName, new int[] {id}, s.name());
        }
        return id;
    }
}
