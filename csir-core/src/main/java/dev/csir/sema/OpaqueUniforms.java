package dev.csir.sema;

import dev.csir.types.ArrayType;
import dev.csir.types.SamplerType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Uniforms whose type holds samplers inside a struct or an array ({@code uniform Material m} with
 * a {@code sampler2D diffuse} member, {@code uniform sampler2D ts[3]}). OpenGL gives every such
 * sampler a texture unit of its own and names it by its path ({@code m.diffuse}, {@code ts[1]});
 * csir does the same: each sampler becomes a uniform of its own, in declaration order (a binding
 * on the declaration numbers them from there), and what is left of the type, the same struct
 * without its samplers, stays one data uniform under the declared name. An expression then
 * reaches a sampler through a path of members and constant indexes, which the checker resolves to
 * that sampler's variable.
 */
final class OpaqueUniforms {
    /** One split uniform: its declared type, its data variable (null: only samplers), and its samplers by path. */
    record Split(Type declared, Typed.Variable data, Map<String, Typed.Variable> samplers) {
    }

    private final Map<String, Split> byName = new HashMap<>();

    /** Whether {@code t} is or holds a sampler. */
    static boolean holdsSamplers(Type t) {
        if (t instanceof SamplerType) {
            return true;
        }
        if (t instanceof ArrayType a) {
            return holdsSamplers(a.element());
        }
        if (t instanceof StructType s) {
            return s.members().stream().anyMatch(m -> holdsSamplers(m.type()));
        }
        return false;
    }

    /** Whether a uniform of type {@code t} is split here: a struct or an array that holds samplers. */
    static boolean splits(Type t) {
        return !(t instanceof SamplerType) && holdsSamplers(t);
    }

    /** {@code t} without its samplers, or null when nothing else is in it. */
    static Type withoutSamplers(Type t) {
        if (t instanceof SamplerType) {
            return null;
        }
        if (t instanceof ArrayType a) {
            Type e = withoutSamplers(a.element());
            return e == null ? null : new ArrayType(e, a.length());
        }
        if (t instanceof StructType s) {
            List<StructType.Member> kept = new ArrayList<>();
            for (StructType.Member m : s.members()) {
                Type mt = withoutSamplers(m.type());
                if (mt != null) {
                    kept.add(new StructType.Member(m.name(), mt, m.offset()));
                }
            }
            return kept.isEmpty() ? null : new StructType(s.name(), kept);
        }
        return t;
    }

    /** The samplers of {@code t} by their paths below its root, in declaration order. */
    static void samplers(Type t, String path, Map<String, SamplerType> out) {
        if (t instanceof SamplerType s) {
            out.put(path, s);
        } else if (t instanceof ArrayType a) {
            for (int i = 0; i < a.length(); i++) {
                samplers(a.element(), path + "[" + i + "]", out);
            }
        } else if (t instanceof StructType s) {
            s.members().forEach(m -> samplers(m.type(), path + "." + m.name(), out));
        }
    }

    /**
     * Splits the uniform {@code u} (of a type that {@link #splits}) into its samplers and its data
     * variable if any is left, each with an id from {@code ids}.
     */
    Split split(Typed.Variable u, java.util.function.IntSupplier ids) {
        Map<String, SamplerType> paths = new LinkedHashMap<>();
        samplers(u.type(), "", paths);
        Map<String, Typed.Variable> samplers = new LinkedHashMap<>();
        int k = 0;
        for (Map.Entry<String, SamplerType> p : paths.entrySet()) {
            Typed.Decoration d = u.decoration();
            Typed.Decoration unit = d.binding() < 0 ? d
                    : new Typed.Decoration(d.set(), d.binding() + k, d.component(), d.constantId(), d.member());
            Typed.Variable s = new Typed.Variable(ids.getAsInt(), u.name() + p.getKey(), p.getValue(),
                    Typed.Storage.UNIFORM, Typed.BuiltinVar.NONE, -1, u.pos(), null, unit);
            samplers.put(p.getKey(), s);
            k++;
        }
        Type rest = withoutSamplers(u.type());
        Typed.Variable data = rest == null ? null : new Typed.Variable(ids.getAsInt(), u.name(), rest, u.storage(),
                u.builtin(), u.location(), u.pos(), null, u.decoration());
        Split split = new Split(u.type(), data, samplers);
        byName.put(u.name(), split);
        return split;
    }

    /** The split uniform of this name, or null. */
    Split get(String name) {
        return byName.get(name);
    }
}
