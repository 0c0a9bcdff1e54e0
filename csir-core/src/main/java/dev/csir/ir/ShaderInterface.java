package dev.csir.ir;

import java.util.List;

/**
 * What a shader exposes beyond its instructions: the interface symbols in declaration order and
 * the high-water marks the TGSI emitter declares from (-1 when a kind is absent).
 *
 * <p><b>Sampler kinds.</b> A sampler slot's kind (its texture target) is the type of the sampler
 * symbol at that slot: {@link Type#SAMPLER2D}, or, in CSI version 2 only, {@link Type#SAMPLERCUBE},
 * {@link Type#SAMPLER3D} and {@link Type#SAMPLER2DARRAY}, their shadow kinds and their integer
 * kinds ({@link Type#SAMPLER2DSHADOW}, {@link Type#ISAMPLER2D}, ...; see {@link Type#samplerGeometry}).
 * The sampling records (SAMPLE, SAMPLE_BIAS,
 * SAMPLE_LOD, TEXSIZE, ...) stay the same opcodes and read their coordinate as their slot's kind
 * says ({@link #samplerKind}); a slot with no symbol (a version 1 blob carries none) is 2D. The kind
 * lives in one place per slot rather than in every record because a slot binds one texture of one
 * kind, as TGSI's {@code DCL SVIEW[n], CUBE} and GL's texture targets do.
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
            // the symbol's last slot: a matrix takes one per column
            int last = v.slot() + v.type().uniformSlots() - 1;
            switch (v.kind()) {
                case UNIFORM -> {
                    if (v.isSampler()) {
                        samp = Math.max(samp, v.slot());
                    } else {
                        uni = Math.max(uni, last);
                    }
                }
                case INPUT -> {
                    if (stage == Stage.VERTEX) {
                        attr = Math.max(attr, last);
                    } else {
                        vary = Math.max(vary, last);
                    }
                }
                case OUTPUT -> {
                    if (stage == Stage.VERTEX) {
                        vary = Math.max(vary, last);
                    }
                }
                case CLIP_DISTANCE -> vary = Math.max(vary, v.slot());
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

    /** The kind of sampler slot {@code slot}: its symbol's type, {@link Type#SAMPLER2D} when no symbol names it. */
    public Type samplerKind(int slot) {
        for (InterfaceVar v : vars) {
            if (v.kind() == InterfaceVar.Kind.UNIFORM && v.isSampler() && v.slot() == slot) {
                return v.type();
            }
        }
        return Type.SAMPLER2D;
    }

    /**
     * How the varying at {@code slot} (of symbols of {@code kind}: a fragment's inputs or a vertex
     * shader's outputs) is interpolated: its symbol's, counting a matrix's columns;
     * {@link Interpolation#SMOOTH} when no symbol covers the slot.
     */
    public Interpolation interpolation(InterfaceVar.Kind kind, int slot) {
        for (InterfaceVar v : vars) {
            if (v.kind() == kind && slot >= v.slot() && slot < v.slot() + v.type().uniformSlots()) {
                return v.interpolation();
            }
        }
        return Interpolation.SMOOTH;
    }

    /** The clip-distance symbols, distances 0-3 first. */
    public List<InterfaceVar> clipDistances() {
        return vars.stream().filter(v -> v.kind() == InterfaceVar.Kind.CLIP_DISTANCE)
                // a plain lambda: Comparator.comparing's is serializable, which the AOT cache does not keep linked
                .sorted((x, y) -> Integer.compare(InterfaceVar.CLIP_DISTANCE_NAMES.indexOf(x.name()),
                        InterfaceVar.CLIP_DISTANCE_NAMES.indexOf(y.name())))
                .toList();
    }

    /** How many clip distances the shader has (0 to 8). */
    public int clipDistanceCount() {
        int n = 0;
        for (InterfaceVar v : clipDistances()) {
            n += v.type().components();
        }
        return n;
    }

    /**
     * The clip-distance symbol covering varying slot {@code slot}, or null when the slot is an
     * ordinary varying.
     */
    public InterfaceVar clipDistanceAt(int slot) {
        for (InterfaceVar v : vars) {
            if (v.kind() == InterfaceVar.Kind.CLIP_DISTANCE && v.slot() == slot) {
                return v;
            }
        }
        return null;
    }

    /** vec4 uniform slots in use (uniHi + 1). */
    public int uniformVec4Count() {
        return uniHi + 1;
    }
}
