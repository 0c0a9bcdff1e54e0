package dev.csir.ssa.text;

import dev.csir.types.ArrayType;
import dev.csir.types.Dim;
import dev.csir.types.ImageType;
import dev.csir.types.MatrixType;
import dev.csir.types.PointerType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Types in the text form. Every type prints as {@link Type#name()} except where that loses
 * information: a struct prints by its (possibly quoted or disambiguated) name, and an image with
 * a format prints as {@code image2D<rgba8>}. The table of named types is built from the model's
 * own {@code name()} so the parser can never disagree with the printer about a spelling.
 */
final class TypeText {
    /** Every non-struct type that is spelled by a single identifier, plus the mat3x3-style aliases. */
    static final Map<String, Type> NAMED = named();

    private TypeText() {
    }

    private static Map<String, Type> named() {
        Map<String, Type> m = new HashMap<>();
        m.put("void", VoidType.VOID);
        for (ScalarKind k : ScalarKind.values()) {
            ScalarType s = ScalarType.of(k);
            m.put(s.name(), s);
            for (int n = 2; n <= 4; n++) {
                Type v = new VectorType(s, n);
                m.put(v.name(), v);
            }
            if (k.isFloating()) {
                for (int c = 2; c <= 4; c++) {
                    for (int r = 2; r <= 4; r++) {
                        MatrixType t = new MatrixType(s, c, r);
                        m.put(t.name(), t);
                        m.put((k == ScalarKind.DOUBLE ? "dmat" : "mat") + c + "x" + r, t);
                    }
                }
            }
            if (k == ScalarKind.BOOL || k == ScalarKind.DOUBLE) {
                continue;
            }
            for (boolean ms : new boolean[] {false, true}) {
                Type subpass = new dev.csir.types.SubpassInputType(k, ms);
                m.put(subpass.name(), subpass);
            }
            for (Dim d : Dim.values()) {
                for (boolean arrayed : new boolean[] {false, true}) {
                    Type image = new ImageType(d, arrayed, k, "");
                    m.put(image.name(), image);
                    Type texture = new dev.csir.types.TextureType(d, arrayed, k);
                    m.put(texture.name(), texture);
                    for (boolean shadow : new boolean[] {false, true}) {
                        if (!shadow || k == ScalarKind.FLOAT) {
                            Type sampler = new SamplerType(d, arrayed, shadow, k);
                            m.put(sampler.name(), sampler);
                        }
                    }
                    if (d == Dim.D2) {
                        Type multisampled = new SamplerType(d, arrayed, false, k, true);
                        m.put(multisampled.name(), multisampled);
                    }
                }
            }
        }
        m.put(dev.csir.types.SamplerStateType.PLAIN.name(), dev.csir.types.SamplerStateType.PLAIN);
        m.put(dev.csir.types.SamplerStateType.SHADOW.name(), dev.csir.types.SamplerStateType.SHADOW);
        return Map.copyOf(m);
    }

    /** True when a struct called {@code name} could print bare without being read as something else. */
    static boolean bareStructName(String name) {
        return Names.isSimple(name) && !NAMED.containsKey(name) && !name.equals("ptr");
    }

    /** The spelling of {@code t}; {@code structName} spells struct references. */
    static String print(Type t, Function<StructType, String> structName) {
        return switch (t) {
            case StructType s -> structName.apply(s);
            case PointerType p -> "ptr<" + p.space().word() + ", " + print(p.pointee(), structName) + ">";
            case ImageType i -> i.format().isEmpty() ? i.name() : i.name() + "<" + Names.name(i.format()) + ">";
            case ArrayType a -> {
                // the outer size prints first, as ArrayType.name() does
                StringBuilder dims = new StringBuilder();
                Type e = a;
                while (e instanceof ArrayType x) {
                    dims.append('[').append(x.isRuntimeSized() ? "" : Integer.toString(x.length())).append(']');
                    e = x.element();
                }
                yield print(e, structName) + dims;
            }
            default -> t.name();
        };
    }
}
