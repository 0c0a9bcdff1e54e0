package dev.csir.sema;

import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Every built-in function the language has, as one table of signatures over GLSL's generic
 * float type {@code genType} ({@code float}, {@code vec2}, {@code vec3}, {@code vec4}). A call
 * resolves to the first signature its arguments fit after the language's scalar conversions
 * (int and bool arguments convert to float, ivecN to vecN).
 */
public final class BuiltinTable {
    private BuiltinTable() {
    }

    /** How a built-in's parameters and result relate to {@code genType} T. */
    enum Shape {
        /** (T) -> T */
        UNARY,
        /** (T, T) -> T */
        BINARY,
        /** (T, T) -> T and (T, float) -> T */
        BINARY_SCALAR_SECOND,
        /** (T, T) -> T and (float, T) -> T */
        BINARY_SCALAR_FIRST,
        /** (T, T, T) -> T and (T, float, float) -> T */
        CLAMP,
        /** (T, T, T) -> T and (T, T, float) -> T */
        MIX,
        /** (T, T, T) -> T and (float, float, T) -> T */
        SMOOTHSTEP,
        /** (V, V) -> float, V a vector */
        DOT,
        /** (V) -> float */
        LENGTH,
        /** (T, T) -> float */
        DISTANCE,
        /** (V) -> V */
        NORMALIZE,
        /** (vec3, vec3) -> vec3 */
        CROSS,
        /** (V, V) -> V */
        REFLECT
    }

    /** The built-in functions, by their GLSL names. */
    public enum Builtin {
        ABS("abs", Shape.UNARY), SIGN("sign", Shape.UNARY), FLOOR("floor", Shape.UNARY), CEIL("ceil", Shape.UNARY),
        FRACT("fract", Shape.UNARY), TRUNC("trunc", Shape.UNARY), SQRT("sqrt", Shape.UNARY),
        INVERSESQRT("inversesqrt", Shape.UNARY), SIN("sin", Shape.UNARY), COS("cos", Shape.UNARY),
        TAN("tan", Shape.UNARY), RADIANS("radians", Shape.UNARY), DEGREES("degrees", Shape.UNARY),
        EXP("exp", Shape.UNARY), EXP2("exp2", Shape.UNARY),
        POW("pow", Shape.BINARY), MOD("mod", Shape.BINARY_SCALAR_SECOND), MIN("min", Shape.BINARY_SCALAR_SECOND),
        MAX("max", Shape.BINARY_SCALAR_SECOND), STEP("step", Shape.BINARY_SCALAR_FIRST),
        CLAMP("clamp", Shape.CLAMP), MIX("mix", Shape.MIX), SMOOTHSTEP("smoothstep", Shape.SMOOTHSTEP),
        DOT("dot", Shape.DOT), LENGTH("length", Shape.LENGTH), DISTANCE("distance", Shape.DISTANCE),
        NORMALIZE("normalize", Shape.NORMALIZE), CROSS("cross", Shape.CROSS), REFLECT("reflect", Shape.REFLECT);

        private final String glslName;
        private final Shape shape;

        Builtin(String glslName, Shape shape) {
            this.glslName = glslName;
            this.shape = shape;
        }

        public String glslName() {
            return glslName;
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

    /** The texture lookup, which takes a sampler and so is not a genType function. */
    public static final String TEXTURE = "texture";

    /** GLSL built-ins the language does not have yet: a call gets "unsupported built-in function". */
    private static final Set<String> NOT_YET = Set.of("log", "log2", "asin", "acos", "atan", "sinh", "cosh", "tanh",
            "asinh", "acosh", "atanh", "round", "roundEven", "modf", "isnan", "isinf", "faceforward", "refract",
            "determinant", "inverse", "transpose", "matrixCompMult", "outerProduct", "lessThan", "lessThanEqual",
            "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all", "not", "texture2D", "textureLod",
            "textureProj", "textureGrad", "texelFetch", "textureSize", "dFdx", "dFdy", "fwidth", "fma", "frexp",
            "ldexp");

    /** A matched call: the built-in, the parameter types to convert the arguments to, the result. */
    public record Match(Builtin builtin, List<Type> params, Type result) {
    }

    public static Builtin named(String name) {
        for (Builtin b : Builtin.values()) {
            if (b.glslName.equals(name)) {
                return b;
            }
        }
        return null;
    }

    public static boolean isNotYetSupported(String name) {
        return NOT_YET.contains(name);
    }

    /** The signature of {@code b} that {@code args} fit, or null. */
    public static Match match(Builtin b, List<Type> args) {
        List<Type> f = new ArrayList<>();
        for (Type a : args) {
            Type t = asFloat(a);
            if (t == null) {
                return null;
            }
            f.add(t);
        }
        Type t = f.isEmpty() ? null : f.getFirst();
        Type fl = ScalarType.FLOAT;
        return switch (b.shape) {
            case UNARY -> fits(f, t) ? new Match(b, List.of(t), t) : null;
            case BINARY -> fits(f, t, t) ? new Match(b, List.of(t, t), t) : null;
            case BINARY_SCALAR_SECOND -> fits(f, t, t) ? new Match(b, List.of(t, t), t)
                    : fits(f, t, fl) ? new Match(b, List.of(t, fl), t) : null;
            case BINARY_SCALAR_FIRST -> {
                Type last = f.isEmpty() ? null : f.getLast();
                yield fits(f, last, last) ? new Match(b, List.of(last, last), last)
                        : fits(f, fl, last) ? new Match(b, List.of(fl, last), last) : null;
            }
            case CLAMP -> fits(f, t, t, t) ? new Match(b, List.of(t, t, t), t)
                    : fits(f, t, fl, fl) ? new Match(b, List.of(t, fl, fl), t) : null;
            case MIX -> fits(f, t, t, t) ? new Match(b, List.of(t, t, t), t)
                    : fits(f, t, t, fl) ? new Match(b, List.of(t, t, fl), t) : null;
            case SMOOTHSTEP -> {
                Type last = f.isEmpty() ? null : f.getLast();
                yield fits(f, last, last, last) ? new Match(b, List.of(last, last, last), last)
                        : fits(f, fl, fl, last) ? new Match(b, List.of(fl, fl, last), last) : null;
            }
            case DOT -> t instanceof VectorType && fits(f, t, t) ? new Match(b, List.of(t, t), fl) : null;
            case LENGTH -> t instanceof VectorType && fits(f, t) ? new Match(b, List.of(t), fl) : null;
            case DISTANCE -> fits(f, t, t) ? new Match(b, List.of(t, t), fl) : null;
            case NORMALIZE -> t instanceof VectorType && fits(f, t) ? new Match(b, List.of(t), t) : null;
            case CROSS -> fits(f, VectorType.VEC3, VectorType.VEC3)
                    ? new Match(b, List.of(VectorType.VEC3, VectorType.VEC3), VectorType.VEC3) : null;
            case REFLECT -> t instanceof VectorType && fits(f, t, t) ? new Match(b, List.of(t, t), t) : null;
        };
    }

    private static boolean fits(List<Type> args, Type... params) {
        if (args.size() != params.length) {
            return false;
        }
        for (int i = 0; i < params.length; i++) {
            if (params[i] == null || !params[i].equals(args.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The float genType an argument converts to: scalars to float, int vectors to float vectors. */
    static Type asFloat(Type t) {
        if (t instanceof ScalarType) {
            return ScalarType.FLOAT;
        }
        if (t instanceof VectorType v && !v.component().equals(ScalarType.BOOL)) {
            return new VectorType(ScalarType.FLOAT, v.size());
        }
        return null;
    }
}
