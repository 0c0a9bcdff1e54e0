package dev.csir.ir;

/**
 * Semantic types, numbered as the CSI record's {@code ty} field stores them. INT and IVEC2..4 are
 * the original's float-valued integers (a whole float per lane); INT32, UINT32 and their vectors
 * (CSI version 2) are integer lanes holding the 32-bit two's-complement pattern, the types of
 * what the integer opcodes write (see {@link Opcode}). Their names are those of GLSL's explicitly
 * sized types ({@code int32_t}, {@code i32vec2}, {@code uint32_t}, {@code u32vec2}, ...).
 */
public enum Type {
    NONE("none", 0, 0), VOID("void", 0, 0), BOOL("bool", 1, 0), INT("int", 1, 0), FLOAT("float", 1, 0),
    VEC2("vec2", 2, 0), VEC3("vec3", 3, 0), VEC4("vec4", 4, 0),
    IVEC2("ivec2", 2, 0), IVEC3("ivec3", 3, 0), IVEC4("ivec4", 4, 0),
    MAT3("mat3", 3, 3), MAT4("mat4", 4, 4), SAMPLER2D("sampler2D", 0, 0),
    // After the original's last type, so every original number keeps its meaning; only CSI
    // version 2 stores them (see isVersion2Only()). A matrix's components are its rows.
    MAT2("mat2", 2, 2), MAT2X3("mat2x3", 3, 2), MAT2X4("mat2x4", 4, 2), MAT3X2("mat3x2", 2, 3),
    MAT3X4("mat3x4", 4, 3), MAT4X2("mat4x2", 2, 4), MAT4X3("mat4x3", 3, 4),
    INT32("int32_t", 1, 0), I32VEC2("i32vec2", 2, 0), I32VEC3("i32vec3", 3, 0), I32VEC4("i32vec4", 4, 0),
    UINT32("uint32_t", 1, 0), U32VEC2("u32vec2", 2, 0), U32VEC3("u32vec3", 3, 0), U32VEC4("u32vec4", 4, 0),
    // The other sampler kinds (CSI version 2): a sampler slot's kind is its symbol's type, and
    // a sampling record at that slot reads its coordinate as that kind says (see Opcode).
    SAMPLERCUBE("samplerCube", 0, 0), SAMPLER3D("sampler3D", 0, 0), SAMPLER2DARRAY("sampler2DArray", 0, 0),
    // Shadow kinds (CSI version 2): a lookup compares a depth reference, which rides in the
    // coordinate register (see samplerReferenceLane()), with the texel's red channel.
    SAMPLER2DSHADOW("sampler2DShadow", 0, 0), SAMPLERCUBESHADOW("samplerCubeShadow", 0, 0),
    SAMPLER2DARRAYSHADOW("sampler2DArrayShadow", 0, 0),
    // Integer kinds (CSI version 2): a lookup gives integer lanes, the texel's unfiltered values.
    ISAMPLER2D("isampler2D", 0, 0), ISAMPLERCUBE("isamplerCube", 0, 0), ISAMPLER3D("isampler3D", 0, 0),
    ISAMPLER2DARRAY("isampler2DArray", 0, 0),
    USAMPLER2D("usampler2D", 0, 0), USAMPLERCUBE("usamplerCube", 0, 0), USAMPLER3D("usampler3D", 0, 0),
    USAMPLER2DARRAY("usampler2DArray", 0, 0),
    // Cube-map arrays (CSI version 2): a lookup's coordinate fills a register (direction in xyz,
    // layer in w), so its bias, level or shadow reference rides in a second one (Opcode.SAMPLE2).
    SAMPLERCUBEARRAY("samplerCubeArray", 0, 0), SAMPLERCUBEARRAYSHADOW("samplerCubeArrayShadow", 0, 0),
    ISAMPLERCUBEARRAY("isamplerCubeArray", 0, 0), USAMPLERCUBEARRAY("usamplerCubeArray", 0, 0),
    // Multisample 2D kinds (CSI version 2): FETCH's a.w is the sample, not a level. The
    // executors' textures have one sample, which every sample index reads.
    SAMPLER2DMS("sampler2DMS", 0, 0), ISAMPLER2DMS("isampler2DMS", 0, 0), USAMPLER2DMS("usampler2DMS", 0, 0),
    // and their arrays: FETCH's a.z the layer, a.w the sample
    SAMPLER2DMSARRAY("sampler2DMSArray", 0, 0), ISAMPLER2DMSARRAY("isampler2DMSArray", 0, 0),
    USAMPLER2DMSARRAY("usampler2DMSArray", 0, 0);

    private static final Type[] BY_CODE = values();

    private final String glslName;
    private final int components;
    private final int columns;

    Type(String glslName, int components, int columns) {
        this.glslName = glslName;
        this.components = components;
        this.columns = columns;
    }

    public int code() {
        return ordinal();
    }

    /** The source-language spelling. */
    public String glslName() {
        return glslName;
    }

    /** Components of one value (a matrix: of one column). */
    public int components() {
        return components;
    }

    /** Matrix columns, 0 for non-matrices. */
    public int columns() {
        return columns;
    }

    public boolean isMatrix() {
        return columns > 0;
    }

    public boolean isScalar() {
        return this == BOOL || this == INT || this == FLOAT || this == INT32 || this == UINT32;
    }

    /** Whether values of this type are integer lanes (32-bit patterns, CSI version 2). */
    public boolean isIntegerLanes() {
        return ordinal() >= INT32.ordinal() && ordinal() <= U32VEC4.ordinal();
    }

    /** Whether these integer lanes are unsigned. */
    public boolean isUnsigned() {
        return ordinal() >= UINT32.ordinal() && ordinal() <= U32VEC4.ordinal();
    }

    /** Whether this is a sampler kind: what a sampler slot's symbol has as its type. */
    public boolean isSampler() {
        return this == SAMPLER2D || ordinal() >= SAMPLERCUBE.ordinal() && ordinal() <= USAMPLER2DMSARRAY.ordinal();
    }

    /**
     * The float kind of this sampler kind's texture shape, which says how its lookups read the
     * coordinate: sampler2D, samplerCube, sampler3D, sampler2DArray, samplerCubeArray or
     * sampler2DMS or sampler2DMSArray ({@code sampler2DShadow}
     * and {@code isampler2D} are 2D, ...); null for types that are no sampler.
     */
    public Type samplerGeometry() {
        return switch (this) {
            case SAMPLER2D, SAMPLER2DSHADOW, ISAMPLER2D, USAMPLER2D -> SAMPLER2D;
            case SAMPLERCUBE, SAMPLERCUBESHADOW, ISAMPLERCUBE, USAMPLERCUBE -> SAMPLERCUBE;
            case SAMPLER3D, ISAMPLER3D, USAMPLER3D -> SAMPLER3D;
            case SAMPLER2DARRAY, SAMPLER2DARRAYSHADOW, ISAMPLER2DARRAY, USAMPLER2DARRAY -> SAMPLER2DARRAY;
            case SAMPLERCUBEARRAY, SAMPLERCUBEARRAYSHADOW, ISAMPLERCUBEARRAY, USAMPLERCUBEARRAY -> SAMPLERCUBEARRAY;
            case SAMPLER2DMS, ISAMPLER2DMS, USAMPLER2DMS -> SAMPLER2DMS;
            case SAMPLER2DMSARRAY, ISAMPLER2DMSARRAY, USAMPLER2DMSARRAY -> SAMPLER2DMSARRAY;
            default -> null;
        };
    }

    /** Whether lookups of this sampler kind compare a depth reference (the shadow kinds). */
    public boolean isShadowSampler() {
        return this == SAMPLER2DSHADOW || this == SAMPLERCUBESHADOW || this == SAMPLER2DARRAYSHADOW
                || this == SAMPLERCUBEARRAYSHADOW;
    }

    /** Whether lookups of this sampler kind give integer lanes (isampler and usampler kinds). */
    public boolean isIntegerSampler() {
        return ordinal() >= ISAMPLER2D.ordinal() && ordinal() <= USAMPLER2DARRAY.ordinal()
                || this == ISAMPLERCUBEARRAY || this == USAMPLERCUBEARRAY || this == ISAMPLER2DMS || this == USAMPLER2DMS
                || this == ISAMPLER2DMSARRAY || this == USAMPLER2DMSARRAY;
    }

    /** Whether this is an unsigned integer sampler kind (usampler). */
    public boolean isUnsignedSampler() {
        return ordinal() >= USAMPLER2D.ordinal() && ordinal() <= USAMPLER2DARRAY.ordinal() || this == USAMPLERCUBEARRAY
                || this == USAMPLER2DMS || this == USAMPLER2DMSARRAY;
    }

    /**
     * The coordinate lane a shadow lookup reads its depth reference from: z for sampler2DShadow,
     * w for the cube and array ones, whose coordinate fills xyz (as TGSI's SHADOW2D, SHADOWCUBE
     * and SHADOW2D_ARRAY read it); -1 for other kinds, and for samplerCubeArrayShadow, whose
     * coordinate fills the register (its reference is SAMPLE2's b.x, as TGSI's TEX2 takes it).
     */
    public int samplerReferenceLane() {
        return this == SAMPLER2DSHADOW ? 2 : this == SAMPLERCUBEARRAYSHADOW ? -1 : isShadowSampler() ? 3 : -1;
    }

    /**
     * Coordinate components a lookup of this sampler kind reads (2 for the 2D kinds, 4 for the
     * cube-map arrays' direction and layer, 3 for the others: a cube's direction, a 3D texture's
     * s, t, r, an array's s, t and layer), 0 for
     * types that are no sampler.
     */
    public int samplerCoordinates() {
        Type g = samplerGeometry();
        return !isSampler() ? 0 : g == SAMPLER2D || g == SAMPLER2DMS ? 2 : g == SAMPLERCUBEARRAY ? 4 : 3;
    }

    /** Components textureSize gives for this sampler kind: a 3D texture's and the arrays' three, else two. */
    public int samplerSizeComponents() {
        Type g = samplerGeometry();
        return g == SAMPLER3D || g == SAMPLER2DARRAY || g == SAMPLERCUBEARRAY || g == SAMPLER2DMSARRAY ? 3 : 2;
    }

    public boolean isIntLike() {
        return this == INT || this == IVEC2 || this == IVEC3 || this == IVEC4;
    }

    /** vec4 uniform slots a uniform of this type occupies (mat4 4, mat3 3, else 1). */
    public int uniformSlots() {
        return columns > 0 ? columns : 1;
    }

    /** Consecutive temporaries a value of this type occupies. */
    public int temporaries() {
        return columns > 0 ? columns : 1;
    }

    /** True for the types after the original's, which CSI version 1 does not hold. */
    public boolean isVersion2Only() {
        return ordinal() > SAMPLER2D.ordinal();
    }

    /** The float matrix of {@code columns} columns of {@code rows} rows (each 2..4). */
    public static Type matrix(int columns, int rows) {
        for (Type t : BY_CODE) {
            if (t.columns == columns && t.components == rows) {
                return t;
            }
        }
        throw new IllegalArgumentException("no matrix " + columns + "x" + rows);
    }

    /** The float vector (or float) type with n components. */
    public static Type floatVector(int n) {
        return switch (n) {
            case 1 -> FLOAT;
            case 2 -> VEC2;
            case 3 -> VEC3;
            case 4 -> VEC4;
            default -> throw new IllegalArgumentException("no float vector with " + n + " components");
        };
    }

    /** The int vector (or int) type with n components. */
    public static Type intVector(int n) {
        return switch (n) {
            case 1 -> INT;
            case 2 -> IVEC2;
            case 3 -> IVEC3;
            case 4 -> IVEC4;
            default -> throw new IllegalArgumentException("no int vector with " + n + " components");
        };
    }

    /** The integer-lane vector (or scalar) type with n components, unsigned or signed. */
    public static Type integerLanes(int n, boolean unsigned) {
        if (n < 1 || n > 4) {
            throw new IllegalArgumentException("no integer vector with " + n + " components");
        }
        return BY_CODE[(unsigned ? UINT32 : INT32).ordinal() + n - 1];
    }

    /** The type with this code, or {@code null}. */
    public static Type of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The type spelled this way in source, or {@code null}. */
    public static Type ofGlsl(String name) {
        for (Type t : BY_CODE) {
            if (t.ordinal() > NONE.ordinal() && t.glslName.equals(name)) {
                return t;
            }
        }
        return null;
    }
}
