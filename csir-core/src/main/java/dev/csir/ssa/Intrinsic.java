package dev.csir.ssa;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The built-in functions {@code intrinsic} applies, by their GLSL names (the dump prints those).
 * Operands follow GLSL order; the ones with out parameters ({@code modf}, {@code frexp}) take
 * pointers. {@link #pure} is false for those and for derivatives, which depend on neighbouring
 * invocations and so must not move across control flow.
 */
public enum Intrinsic {
    // angle and trigonometry
    RADIANS("radians", 1), DEGREES("degrees", 1), SIN("sin", 1), COS("cos", 1), TAN("tan", 1), ASIN("asin", 1),
    ACOS("acos", 1), ATAN("atan", 1), ATAN2("atan2", 2), SINH("sinh", 1), COSH("cosh", 1), TANH("tanh", 1),
    ASINH("asinh", 1), ACOSH("acosh", 1), ATANH("atanh", 1),
    // exponential
    POW("pow", 2), EXP("exp", 1), LOG("log", 1), EXP2("exp2", 1), LOG2("log2", 1), SQRT("sqrt", 1),
    INVERSE_SQRT("inversesqrt", 1),
    // common
    ABS("abs", 1), SIGN("sign", 1), FLOOR("floor", 1), TRUNC("trunc", 1), ROUND("round", 1),
    ROUND_EVEN("roundEven", 1), CEIL("ceil", 1), FRACT("fract", 1), MOD("mod", 2), MODF("modf", 2, false),
    MIN("min", 2), MAX("max", 2), CLAMP("clamp", 3), MIX("mix", 3), STEP("step", 2), SMOOTHSTEP("smoothstep", 3),
    IS_NAN("isnan", 1), IS_INF("isinf", 1), FMA("fma", 3), FREXP("frexp", 2, false), LDEXP("ldexp", 2),
    // geometric
    LENGTH("length", 1), DISTANCE("distance", 2), DOT("dot", 2), CROSS("cross", 2), NORMALIZE("normalize", 1),
    FACEFORWARD("faceforward", 3), REFLECT("reflect", 2), REFRACT("refract", 3),
    // matrix
    MATRIX_COMP_MULT("matrixCompMult", 2), OUTER_PRODUCT("outerProduct", 2), TRANSPOSE("transpose", 1),
    DETERMINANT("determinant", 1), INVERSE("inverse", 1),
    // vector relational
    ANY("any", 1), ALL("all", 1),
    // integer
    BIT_COUNT("bitCount", 1), FIND_LSB("findLSB", 1), FIND_MSB("findMSB", 1), BITFIELD_REVERSE("bitfieldReverse", 1),
    BITFIELD_EXTRACT("bitfieldExtract", 3), BITFIELD_INSERT("bitfieldInsert", 4),
    // packing
    PACK_UNORM_2X16("packUnorm2x16", 1), PACK_SNORM_2X16("packSnorm2x16", 1), PACK_UNORM_4X8("packUnorm4x8", 1),
    PACK_SNORM_4X8("packSnorm4x8", 1), PACK_HALF_2X16("packHalf2x16", 1), UNPACK_UNORM_2X16("unpackUnorm2x16", 1),
    UNPACK_SNORM_2X16("unpackSnorm2x16", 1), UNPACK_UNORM_4X8("unpackUnorm4x8", 1),
    UNPACK_SNORM_4X8("unpackSnorm4x8", 1), UNPACK_HALF_2X16("unpackHalf2x16", 1),
    // derivatives (fragment stage)
    DFDX("dFdx", 1, false), DFDY("dFdy", 1, false), FWIDTH("fwidth", 1, false),
    DFDX_FINE("dFdxFine", 1, false), DFDY_FINE("dFdyFine", 1, false), FWIDTH_FINE("fwidthFine", 1, false),
    DFDX_COARSE("dFdxCoarse", 1, false), DFDY_COARSE("dFdyCoarse", 1, false),
    FWIDTH_COARSE("fwidthCoarse", 1, false);

    private final String glslName;
    private final int arity;
    private final boolean pure;

    Intrinsic(String glslName, int arity) {
        this(glslName, arity, true);
    }

    Intrinsic(String glslName, int arity, boolean pure) {
        this.glslName = glslName;
        this.arity = arity;
        this.pure = pure;
    }

    public String glslName() {
        return glslName;
    }

    /** Operands it takes. */
    public int arity() {
        return arity;
    }

    public boolean pure() {
        return pure;
    }

    private static final Intrinsic[] BY_ORDINAL = values();
    private static final Map<String, Intrinsic> BY_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(Intrinsic::glslName, i -> i));

    /** How many intrinsics there are: the valid ordinals are 0 up to this. */
    public static int count() {
        return BY_ORDINAL.length;
    }

    /** The intrinsic an instruction's immediate names (its ordinal), without copying {@link #values()}. */
    public static Intrinsic ofOrdinal(int ordinal) {
        return BY_ORDINAL[ordinal];
    }

    /** The intrinsic GLSL calls {@code name}; null when there is none. */
    public static Intrinsic ofName(String name) {
        return name == null ? null : BY_NAME.get(name);
    }
}
