package dev.csir.ir;

import java.util.List;

/**
 * What a shader exposes beyond its instructions: the interface symbols in declaration order and
 * the high-water marks the TGSI emitter declares from (-1 when a kind is absent).
 */
public record ShaderInterface(int attrHi, int varHi, int uniHi, int sampHi, List<InterfaceVar> vars) {

    /** A shader with no interface at all. */
    public static final ShaderInterface EMPTY = new ShaderInterface(-1, -1, -1, -1, List.of());

    public ShaderInterface {
        vars = List.copyOf(vars);
        if (attrHi < -1 || varHi < -1 || uniHi < -1 || sampHi < -1) {
            throw new IllegalArgumentException("high-water marks below -1");
        }
    }

    /** Derives the high-water marks from the symbols (attribute locations, varying slots, spans). */
    public static ShaderInterface of(Stage stage, List<InterfaceVar> vars) {
        int attr = -1, vary = -1, uni = -1, samp = -1;
        for (InterfaceVar v : vars) {
            switch (v.kind()) {
                case UNIFORM -> {
                    if (v.isSampler()) {
                        samp = Math.max(samp, v.slot());
                    } else {
                        uni = Math.max(uni, v.slot() + v.type().uniformSlots() - 1);
                    }
                }
                case INPUT -> {
                    if (stage == Stage.VERTEX) {
                        attr = Math.max(attr, v.slot());
                    } else {
                        vary = Math.max(vary, v.slot());
                    }
                }
                case OUTPUT -> {
                    if (stage == Stage.VERTEX) {
                        vary = Math.max(vary, v.slot());
                    }
                }
            }
        }
        return new ShaderInterface(attr, vary, uni, samp, vars);
    }

    public List<InterfaceVar> of(InterfaceVar.Kind kind) {
        return vars.stream().filter(v -> v.kind() == kind).toList();
    }

    public List<InterfaceVar> inputs() {
        return of(InterfaceVar.Kind.INPUT);
    }

    public List<InterfaceVar> outputs() {
        return of(InterfaceVar.Kind.OUTPUT);
    }

    /** Non-sampler uniforms. */
    public List<InterfaceVar> uniforms() {
        return vars.stream().filter(v -> v.kind() == InterfaceVar.Kind.UNIFORM && !v.isSampler()).toList();
    }

    public List<InterfaceVar> samplers() {
        return vars.stream().filter(v -> v.kind() == InterfaceVar.Kind.UNIFORM && v.isSampler()).toList();
    }

    /** vec4 uniform slots in use (uniHi + 1). */
    public int uniformVec4Count() {
        return uniHi + 1;
    }
}
