package dev.csir.link;

import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Module;
import dev.csir.ssa.build.ModuleBuilder;
import dev.csir.types.ArrayType;
import dev.csir.types.ScalarKind;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The initial values of a stage's uniforms: its default uniform block's initializer (GLSL uniform
 * initializers), written into a program's uniform storage by the CSIR uniform names, an array's
 * elements as {@code name[i]} and a struct's members as {@code name.member}.
 */
final class UniformDefaults {
    private UniformDefaults() {
    }

    static void apply(Module m, UniformValues values) {
        GlobalVariable block = m.global(ModuleBuilder.DEFAULT_BLOCK).orElse(null);
        if (block == null || !(block.initializer() instanceof Constant.Composite c)) {
            return;
        }
        StructType s = (StructType) block.valueType();
        for (int i = 0; i < s.members().size(); i++) {
            write(s.members().get(i).name(), s.members().get(i).type(), c.elements().get(i), values);
        }
    }

    private static void write(String name, Type t, Constant value, UniformValues values) {
        switch (t) {
            case ArrayType a -> {
                for (int i = 0; i < a.length(); i++) {
                    write(name + "[" + i + "]", a.element(), element(value, i), values);
                }
            }
            case StructType s -> {
                for (int i = 0; i < s.members().size(); i++) {
                    write(name + "." + s.members().get(i).name(), s.members().get(i).type(), element(value, i), values);
                }
            }
            default -> {
                List<Float> floats = new ArrayList<>();
                flatten(value, floats);
                float[] v = new float[floats.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = floats.get(i);
                }
                // a uniform the stage's CSIR no longer reads is not in the program: nothing to set
                values.set(name, v);
            }
        }
    }

    private static Constant element(Constant c, int i) {
        return ((Constant.Composite) c).elements().get(i);
    }

    /** The components of a scalar, vector or matrix (column by column) as the uniform storage takes them. */
    private static void flatten(Constant c, List<Float> out) {
        switch (c) {
            case Constant.Composite comp -> comp.elements().forEach(e -> flatten(e, out));
            case Constant.Scalar s -> out.add(switch (s.type().kind()) {
                case FLOAT -> Float.intBitsToFloat((int) s.bits());
                case INT -> (float) (int) s.bits();
                case UINT -> (float) (s.bits() & 0xFFFF_FFFFL);
                case BOOL -> s.bits() != 0 ? 1f : 0f;
                case DOUBLE -> (float) Double.longBitsToDouble(s.bits());
            });
            default -> out.add(0f);
        }
    }
}
