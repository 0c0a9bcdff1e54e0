package dev.csir.sema;

import dev.csir.lang.GlslVersion;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in functions of GLSL 4.60 and ES 3.20 section 8 over the types the language has,
 * as overloads expanded from the specification's generic types ({@code genFType} float to vec4,
 * {@code genIType} int to ivec4, {@code genBType} the bool vectors, the matrices). A call
 * resolves as section 6.1 says: an overload its arguments match exactly, else the one needing
 * the fewest implicit conversions (int and uint to float, int to uint from 4.00, and only where
 * the version has implicit conversions: desktop GLSL from 1.20, never ES). A function the version
 * does not have yet is not found, as in glslang, unless an {@code #extension} the shader enabled
 * brings it earlier (as glslang has them: the packing functions with
 * GL_ARB_shading_language_packing from 1.50, the bit casts with GL_ARB_gpu_shader5 from 1.50,
 * mix of ints, uints and bools with GL_EXT_shader_integer_mix from 1.50 and ES 3.00). An out
 * parameter ({@code modf}'s whole part, {@code uaddCarry}'s carry) takes an l-value of its type
 * or of one its type converts to implicitly (frexp's int exponent into a float, from 4.00).
 */
public final class BuiltinTable {
    private BuiltinTable() {
    }

    /**
     * The built-in functions by GLSL name, with the first desktop and ES versions that have them
     * (an ES version of 0: ES has none).
     */
    public enum Builtin {
        RADIANS("radians"), DEGREES("degrees"), SIN("sin"), COS("cos"), TAN("tan"), ASIN("asin"), ACOS("acos"),
        ATAN("atan"), SINH("sinh", 130, 300), COSH("cosh", 130, 300), TANH("tanh", 130, 300),
        ASINH("asinh", 130, 300), ACOSH("acosh", 130, 300), ATANH("atanh", 130, 300),
        POW("pow"), EXP("exp"), LOG("log"), EXP2("exp2"), LOG2("log2"), SQRT("sqrt"), INVERSESQRT("inversesqrt"),
        ABS("abs"), SIGN("sign"), FLOOR("floor"), TRUNC("trunc", 130, 300), ROUND("round", 130, 300),
        ROUND_EVEN("roundEven", 130, 300), CEIL("ceil"), FRACT("fract"), MOD("mod"), MIN("min"), MAX("max"),
        CLAMP("clamp"), MIX("mix"), STEP("step"), SMOOTHSTEP("smoothstep"), IS_NAN("isnan", 130, 300),
        IS_INF("isinf", 130, 300), FMA("fma", 400, 320), LDEXP("ldexp", 400, 310),
        LENGTH("length"), DISTANCE("distance"), DOT("dot"), CROSS("cross"), NORMALIZE("normalize"),
        FACEFORWARD("faceforward"), REFLECT("reflect"), REFRACT("refract"),
        MATRIX_COMP_MULT("matrixCompMult"), OUTER_PRODUCT("outerProduct", 120, 300),
        TRANSPOSE("transpose", 120, 300), DETERMINANT("determinant", 150, 300), INVERSE("inverse", 140, 300),
        LESS_THAN("lessThan"), LESS_THAN_EQUAL("lessThanEqual"), GREATER_THAN("greaterThan"),
        GREATER_THAN_EQUAL("greaterThanEqual"), EQUAL("equal"), NOT_EQUAL("notEqual"), ANY("any"), ALL("all"),
        NOT("not"),
        BIT_COUNT("bitCount", 400, 310), FIND_LSB("findLSB", 400, 310), FIND_MSB("findMSB", 400, 310),
        BITFIELD_REVERSE("bitfieldReverse", 400, 310), BITFIELD_EXTRACT("bitfieldExtract", 400, 310),
        BITFIELD_INSERT("bitfieldInsert", 400, 310),
        FLOAT_BITS_TO_INT("floatBitsToInt", 330, 300, Extension.GPU_SHADER5),
        FLOAT_BITS_TO_UINT("floatBitsToUint", 330, 300, Extension.GPU_SHADER5),
        INT_BITS_TO_FLOAT("intBitsToFloat", 330, 300, Extension.GPU_SHADER5),
        UINT_BITS_TO_FLOAT("uintBitsToFloat", 330, 300, Extension.GPU_SHADER5),
        MODF("modf", 130, 300), FREXP("frexp", 400, 310),
        UADD_CARRY("uaddCarry", 400, 310), USUB_BORROW("usubBorrow", 400, 310),
        UMUL_EXTENDED("umulExtended", 400, 310), IMUL_EXTENDED("imulExtended", 400, 310),
        PACK_UNORM_2X16("packUnorm2x16", 400, 300, Extension.PACKING),
        PACK_SNORM_2X16("packSnorm2x16", 420, 300, Extension.PACKING),
        PACK_UNORM_4X8("packUnorm4x8", 400, 310, Extension.PACKING),
        PACK_SNORM_4X8("packSnorm4x8", 400, 310, Extension.PACKING),
        PACK_HALF_2X16("packHalf2x16", 420, 300, Extension.PACKING),
        UNPACK_UNORM_2X16("unpackUnorm2x16", 400, 300, Extension.PACKING),
        UNPACK_SNORM_2X16("unpackSnorm2x16", 420, 300, Extension.PACKING),
        UNPACK_UNORM_4X8("unpackUnorm4x8", 400, 310, Extension.PACKING),
        UNPACK_SNORM_4X8("unpackSnorm4x8", 400, 310, Extension.PACKING),
        UNPACK_HALF_2X16("unpackHalf2x16", 420, 300, Extension.PACKING),
        DFDX("dFdx"), DFDY("dFdy"), FWIDTH("fwidth"),
        /** Derivative control (GLSL 4.50 8.14.1, or GL_ARB_derivative_control): desktop GLSL only. */
        DFDX_FINE("dFdxFine", 450, 0), DFDY_FINE("dFdyFine", 450, 0), FWIDTH_FINE("fwidthFine", 450, 0),
        DFDX_COARSE("dFdxCoarse", 450, 0), DFDY_COARSE("dFdyCoarse", 450, 0), FWIDTH_COARSE("fwidthCoarse", 450, 0);

        /** The extension that gives the derivative-control functions before 4.50. */
        public static final String DERIVATIVE_CONTROL = "GL_ARB_derivative_control";

        private final String glslName;
        private final int since;
        private final int sinceEs;
        private final Extension extension;

        Builtin(String glslName) {
            this(glslName, 110, 100);
        }

        Builtin(String glslName, int since, int sinceEs) {
            this(glslName, since, sinceEs, null);
        }

        Builtin(String glslName, int since, int sinceEs, Extension extension) {
            this.glslName = glslName;
            this.since = since;
            this.sinceEs = sinceEs;
            this.extension = extension;
        }

        public String glslName() {
            return glslName;
        }

        /** Whether a shader of this version has the function. */
        public boolean availableIn(GlslVersion v) {
            return inVersion(v, since, sinceEs) || extension != null && extension.brings(v);
        }

        /** Whether a shader of this version with these extensions enabled has the function. */
        public boolean availableIn(GlslVersion v, java.util.Set<String> extensions) {
            return availableIn(v) || derivativeControl() && !v.es() && extensions.contains(DERIVATIVE_CONTROL);
        }

        /** The Fine and Coarse derivatives, which {@link #DERIVATIVE_CONTROL} enables. */
        public boolean derivativeControl() {
            return switch (this) {
                case DFDX_FINE, DFDY_FINE, FWIDTH_FINE, DFDX_COARSE, DFDY_COARSE, FWIDTH_COARSE -> true;
                default -> false;
            };
        }

        /** Derivatives: fragment shaders only. */
        public boolean fragmentOnly() {
            return this == DFDX || this == DFDY || this == FWIDTH || derivativeControl();
        }

        /**
         * The language's first built-ins (with texture) shadow a user function of their name;
         * the ones added later give way to it, so that shaders defining them still compile.
         */
        public boolean shadowsUserFunctions() {
            return switch (this) {
                case DOT, CROSS, LENGTH, NORMALIZE, ABS, SIN, COS, MIN, MAX, CLAMP, MIX, POW, REFLECT -> true;
                default -> false;
            };
        }
    }

    /** Whether version {@code v} is at least {@code since} (desktop) or {@code sinceEs} (ES, 0: never). */
    private static boolean inVersion(GlslVersion v, int since, int sinceEs) {
        return v.es() ? sinceEs != 0 && v.number() >= sinceEs : v.number() >= since;
    }

    /**
     * An extension that brings functions before the version that has them: from {@code since}
     * (desktop) and {@code sinceEs} (ES; 0 where it brings nothing there) when enabled.
     */
    public record Extension(String name, int since, int sinceEs) {
        static final Extension PACKING = new Extension("GL_ARB_shading_language_packing", 150, 0);
        static final Extension GPU_SHADER5 = new Extension("GL_ARB_gpu_shader5", 150, 0);
        static final Extension INTEGER_MIX = new Extension("GL_EXT_shader_integer_mix", 150, 300);

        boolean brings(GlslVersion v) {
            return v.enabled(name) && inVersion(v, since, sinceEs);
        }
    }

    /** The texture lookup, which takes a sampler and so is not a genType function. */
    public static final String TEXTURE = "texture";

    /**
     * One overload: its parameter types and result, the first versions that have it (or an
     * extension that brings it), and its out parameters, bit k for parameter k.
     */
    public record Overload(Builtin builtin, List<Type> params, Type result, int since, int sinceEs,
            Extension extension, int outs) {
        public Overload {
            params = List.copyOf(params);
        }

        boolean availableIn(GlslVersion v) {
            // the Fine and Coarse derivatives' extension is the checker's to decide (Builtin.availableIn)
            return (builtin.derivativeControl() || builtin.availableIn(v))
                    && (inVersion(v, since, sinceEs) || extension != null && extension.brings(v));
        }

        /** Whether parameter k is an out parameter. */
        public boolean out(int k) {
            return (outs >> k & 1) != 0;
        }
    }

    /** A matched call: the built-in, the parameter types to convert the arguments to, the result, the out parameters. */
    public record Match(Builtin builtin, List<Type> params, Type result, int outs) {
        /** Whether parameter k is an out parameter, whose argument is an l-value it writes. */
        public boolean out(int k) {
            return (outs >> k & 1) != 0;
        }
    }

    private static final Map<String, Builtin> BY_NAME = new HashMap<>();
    private static final Map<Builtin, List<Overload>> OVERLOADS = new EnumMap<>(Builtin.class);

    public static Builtin named(String name) {
        return BY_NAME.get(name);
    }

    /** Every overload of {@code b}, in declaration order, whichever versions have them. */
    public static List<Overload> overloads(Builtin b) {
        return List.copyOf(OVERLOADS.get(b));
    }

    /**
     * The overload of {@code b} that {@code args} call in a shader of version {@code v}: an exact
     * match, else the one with the fewest implicit conversions; null when none fits.
     */
    public static Match match(Builtin b, List<Type> args, GlslVersion v) {
        Overload best = null;
        int bestCost = Integer.MAX_VALUE;
        for (Overload o : OVERLOADS.get(b)) {
            if (!o.availableIn(v)) {
                continue;
            }
            int cost = cost(o, args, v);
            if (cost < bestCost) {
                best = o;
                bestCost = cost;
            }
        }
        return best == null ? null : new Match(b, best.params(), best.result(), best.outs());
    }

    /**
     * How many arguments need converting to call {@code o}; MAX_VALUE when they cannot (an out
     * parameter converts the other way, its value to the argument's type).
     */
    private static int cost(Overload o, List<Type> args, GlslVersion v) {
        List<Type> params = o.params();
        if (params.size() != args.size()) {
            return Integer.MAX_VALUE;
        }
        int cost = 0;
        for (int i = 0; i < params.size(); i++) {
            Type p = params.get(i);
            Type a = args.get(i);
            if (p.equals(a)) {
                continue;
            }
            // an out argument takes the parameter's value converted to its own type (GLSL 6.1)
            if (!(o.out(i) ? ExprChecker.implicitlyConverts(p, a, v) : ExprChecker.implicitlyConverts(a, p, v))) {
                return Integer.MAX_VALUE;
            }
            cost++;
        }
        return cost;
    }

    // ---- the table ---------------------------------------------------------------------------

    private static final ScalarType F = ScalarType.FLOAT;
    private static final ScalarType I = ScalarType.INT;
    private static final ScalarType B = ScalarType.BOOL;
    private static final ScalarType U = ScalarType.UINT;

    static {
        for (Builtin b : Builtin.values()) {
            BY_NAME.put(b.glslName, b);
            OVERLOADS.put(b, new ArrayList<>());
        }
        declare();
    }

    /** The size-n member of a generic type over {@code c}: the scalar for 1, else the vector. */
    private static Type gen(ScalarType c, int n) {
        return n == 1 ? c : new VectorType(c, n);
    }

    private static void add(Builtin b, Type result, Type... params) {
        since(110, 100, b, result, params);
    }

    /** An overload later than its function's first one (the int forms of abs, min, ... came with 1.30). */
    private static void since(int since, int sinceEs, Builtin b, Type result, Type... params) {
        OVERLOADS.get(b).add(new Overload(b, List.of(params), result, since, sinceEs, null, 0));
    }

    /** An overload whose parameters in the {@code outs} mask are out parameters. */
    private static void withOuts(int outs, Builtin b, Type result, Type... params) {
        OVERLOADS.get(b).add(new Overload(b, List.of(params), result, 110, 100, null, outs));
    }

    /** mix of ints, uints or bools by a bool selector: 4.50 and ES 3.10, or GL_EXT_shader_integer_mix. */
    private static void integerMix(Type t, Type selector) {
        OVERLOADS.get(Builtin.MIX).add(new Overload(Builtin.MIX, List.of(t, t, selector), t, 450, 310,
                Extension.INTEGER_MIX, 0));
    }

    private static void declare() {
        for (int n = 1; n <= 4; n++) {
            Type t = gen(F, n);
            Type it = gen(I, n);
            Type bt = gen(B, n);
            for (Builtin b : List.of(Builtin.RADIANS, Builtin.DEGREES, Builtin.SIN, Builtin.COS, Builtin.TAN,
                    Builtin.ASIN, Builtin.ACOS, Builtin.ATAN, Builtin.SINH, Builtin.COSH, Builtin.TANH, Builtin.ASINH,
                    Builtin.ACOSH, Builtin.ATANH, Builtin.EXP, Builtin.LOG, Builtin.EXP2, Builtin.LOG2, Builtin.SQRT,
                    Builtin.INVERSESQRT, Builtin.ABS, Builtin.SIGN, Builtin.FLOOR, Builtin.TRUNC, Builtin.ROUND,
                    Builtin.ROUND_EVEN, Builtin.CEIL, Builtin.FRACT, Builtin.NORMALIZE, Builtin.DFDX, Builtin.DFDY,
                    Builtin.FWIDTH, Builtin.DFDX_FINE, Builtin.DFDY_FINE, Builtin.FWIDTH_FINE, Builtin.DFDX_COARSE,
                    Builtin.DFDY_COARSE, Builtin.FWIDTH_COARSE)) {
                add(b, t, t);
            }
            add(Builtin.ATAN, t, t, t);
            add(Builtin.POW, t, t, t);
            add(Builtin.MOD, t, t, t);
            add(Builtin.MIN, t, t, t);
            add(Builtin.MAX, t, t, t);
            add(Builtin.CLAMP, t, t, t, t);
            add(Builtin.MIX, t, t, t, t);
            add(Builtin.STEP, t, t, t);
            add(Builtin.SMOOTHSTEP, t, t, t, t);
            add(Builtin.FMA, t, t, t, t);
            add(Builtin.LDEXP, t, t, it);
            add(Builtin.IS_NAN, bt, t);
            add(Builtin.IS_INF, bt, t);
            add(Builtin.LENGTH, F, t);
            add(Builtin.DISTANCE, F, t, t);
            add(Builtin.DOT, F, t, t);
            add(Builtin.FACEFORWARD, t, t, t, t);
            add(Builtin.REFLECT, t, t, t);
            add(Builtin.REFRACT, t, t, t, F);
            if (n > 1) {
                add(Builtin.MOD, t, t, F);
                add(Builtin.MIN, t, t, F);
                add(Builtin.MAX, t, t, F);
                add(Builtin.CLAMP, t, t, F, F);
                add(Builtin.MIX, t, t, t, F);
                add(Builtin.STEP, t, F, t);
                add(Builtin.SMOOTHSTEP, t, F, F, t);
            }
            since(130, 300, Builtin.ABS, it, it);
            since(130, 300, Builtin.SIGN, it, it);
            since(130, 300, Builtin.MIN, it, it, it);
            since(130, 300, Builtin.MAX, it, it, it);
            since(130, 300, Builtin.CLAMP, it, it, it, it);
            since(130, 300, Builtin.MIX, t, t, t, bt);
            Type ut = gen(U, n);
            since(130, 300, Builtin.MIN, ut, ut, ut);
            since(130, 300, Builtin.MAX, ut, ut, ut);
            since(130, 300, Builtin.CLAMP, ut, ut, ut, ut);
            if (n > 1) {
                since(130, 300, Builtin.MIN, it, it, I);
                since(130, 300, Builtin.MAX, it, it, I);
                since(130, 300, Builtin.CLAMP, it, it, I, I);
                since(130, 300, Builtin.MIN, ut, ut, U);
                since(130, 300, Builtin.MAX, ut, ut, U);
                since(130, 300, Builtin.CLAMP, ut, ut, U, U);
            }
            add(Builtin.FLOAT_BITS_TO_INT, it, t);
            add(Builtin.FLOAT_BITS_TO_UINT, ut, t);
            add(Builtin.INT_BITS_TO_FLOAT, t, it);
            add(Builtin.UINT_BITS_TO_FLOAT, t, ut);
            withOuts(0b10, Builtin.MODF, t, t, t);
            withOuts(0b10, Builtin.FREXP, t, t, it);
            withOuts(0b100, Builtin.UADD_CARRY, ut, ut, ut, ut);
            withOuts(0b100, Builtin.USUB_BORROW, ut, ut, ut, ut);
            withOuts(0b1100, Builtin.UMUL_EXTENDED, VoidType.VOID, ut, ut, ut, ut);
            withOuts(0b1100, Builtin.IMUL_EXTENDED, VoidType.VOID, it, it, it, it);
            integerMix(it, bt);
            integerMix(ut, bt);
            integerMix(bt, bt);
            add(Builtin.BIT_COUNT, it, it);
            add(Builtin.FIND_LSB, it, it);
            add(Builtin.FIND_MSB, it, it);
            add(Builtin.BITFIELD_REVERSE, it, it);
            add(Builtin.BITFIELD_EXTRACT, it, it, I, I);
            add(Builtin.BITFIELD_INSERT, it, it, it, I, I);
            add(Builtin.BIT_COUNT, it, ut);
            add(Builtin.FIND_LSB, it, ut);
            add(Builtin.FIND_MSB, it, ut);
            add(Builtin.BITFIELD_REVERSE, ut, ut);
            add(Builtin.BITFIELD_EXTRACT, ut, ut, I, I);
            add(Builtin.BITFIELD_INSERT, ut, ut, ut, I, I);
            if (n > 1) {
                Type bv = gen(B, n);
                for (Builtin b : List.of(Builtin.LESS_THAN, Builtin.LESS_THAN_EQUAL, Builtin.GREATER_THAN,
                        Builtin.GREATER_THAN_EQUAL, Builtin.EQUAL, Builtin.NOT_EQUAL)) {
                    add(b, bv, t, t);
                    add(b, bv, it, it);
                    since(130, 300, b, bv, gen(U, n), gen(U, n));
                }
                add(Builtin.EQUAL, bv, bv, bv);
                add(Builtin.NOT_EQUAL, bv, bv, bv);
                add(Builtin.ANY, B, bv);
                add(Builtin.ALL, B, bv);
                add(Builtin.NOT, bv, bv);
            }
        }
        add(Builtin.CROSS, VectorType.VEC3, VectorType.VEC3, VectorType.VEC3);
        VectorType vec2 = new VectorType(F, 2);
        VectorType vec4 = new VectorType(F, 4);
        add(Builtin.PACK_UNORM_2X16, U, vec2);
        add(Builtin.PACK_SNORM_2X16, U, vec2);
        add(Builtin.PACK_HALF_2X16, U, vec2);
        add(Builtin.PACK_UNORM_4X8, U, vec4);
        add(Builtin.PACK_SNORM_4X8, U, vec4);
        add(Builtin.UNPACK_UNORM_2X16, vec2, U);
        add(Builtin.UNPACK_SNORM_2X16, vec2, U);
        add(Builtin.UNPACK_HALF_2X16, vec2, U);
        add(Builtin.UNPACK_UNORM_4X8, vec4, U);
        add(Builtin.UNPACK_SNORM_4X8, vec4, U);
        for (int columns = 2; columns <= 4; columns++) {
            for (int rows = 2; rows <= 4; rows++) {
                MatrixType m = MatrixType.of(columns, rows);
                add(Builtin.MATRIX_COMP_MULT, m, m, m);
                add(Builtin.OUTER_PRODUCT, m, m.columnType(), m.rowType());
                add(Builtin.TRANSPOSE, MatrixType.of(rows, columns), m);
                if (columns == rows) {
                    add(Builtin.DETERMINANT, F, m);
                    add(Builtin.INVERSE, m, m);
                }
            }
        }
    }
}
