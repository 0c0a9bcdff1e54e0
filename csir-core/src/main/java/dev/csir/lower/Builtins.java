package dev.csir.lower;

import dev.csir.diag.Messages;
import dev.csir.ir.Cmp;
import dev.csir.ir.Opcode;
import dev.csir.ir.Type;
import dev.csir.lang.Ast.Pos;

/**
 * Built-in functions as compositions of CSIR operations: the original's 14 (section 2.8) and
 * csir's additions. Operations that CSIR defines on lane x only (RSQ, POW, TRUNC, CMP) are
 * applied per component for vectors.
 */
final class Builtins {
    private final Emitter e;

    Builtins(Emitter e) {
        this.e = e;
    }

    /** The original's built-ins; they shadow user functions of the same name. */
    static boolean isOriginal(String name) {
        return switch (name) {
            case "texture", "dot", "cross", "length", "normalize", "abs", "sin", "cos", "min", "max", "clamp",
                    "mix", "pow", "reflect" -> true;
            default -> false;
        };
    }

    /** csir's additions; a user function of the same name takes precedence. */
    static boolean isAdded(String name) {
        return switch (name) {
            case "sqrt", "inversesqrt", "floor", "ceil", "fract", "trunc", "mod", "sign", "step", "smoothstep",
                    "distance", "radians", "degrees", "tan", "exp", "exp2" -> true;
            default -> false;
        };
    }

    /** GLSL built-ins that CSIR operations cannot express exactly. */
    static boolean isUnsupported(String name) {
        return switch (name) {
            case "log", "log2", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "round",
                    "roundEven", "modf", "isnan", "isinf", "faceforward", "refract", "determinant", "inverse",
                    "transpose", "matrixCompMult", "outerProduct", "lessThan", "lessThanEqual", "greaterThan",
                    "greaterThanEqual", "equal", "notEqual", "any", "all", "not", "texture2D", "textureLod",
                    "textureProj", "textureGrad", "texelFetch", "textureSize", "dFdx", "dFdy", "fwidth", "fma",
                    "frexp", "ldexp" -> true;
            default -> false;
        };
    }

    Val call(String name, Val[] a, Pos pos) {
        return switch (name) {
            case "texture" -> texture(a, pos);
            case "dot" -> {
                if (a.length != 2 || !a[0].vector() || a[0].n() != a[1].n() || !a[1].vector()) {
                    yield fail(pos, Messages.DOT_ARGUMENTS);
                }
                yield dot(a[0], a[1], pos);
            }
            case "cross" -> cross(a, pos);
            case "length" -> {
                if (a.length != 1 || !a[0].vector()) {
                    yield fail(pos, Messages.EXPECTED_VECTOR);
                }
                yield length(a[0], pos);
            }
            case "normalize" -> {
                if (a.length != 1 || !a[0].vector()) {
                    yield fail(pos, Messages.EXPECTED_VECTOR);
                }
                Val d = dot(a[0], a[0], pos);
                Val r = e.op(Opcode.RSQ, Type.FLOAT, 1, d.temp(), -1, 0, 0);
                yield e.arith(Opcode.MUL, a[0], e.broadcast(r, a[0].n()), pos);
            }
            case "abs" -> unaryOp(Opcode.ABS, a, pos);
            case "sin" -> unaryOp(Opcode.SIN, a, pos);
            case "cos" -> unaryOp(Opcode.COS, a, pos);
            case "min", "max" -> {
                if (a.length != 2) {
                    yield fail(pos, Messages.WRONG_ARGUMENT_COUNT);
                }
                yield e.arith(name.equals("min") ? Opcode.MIN : Opcode.MAX, a[0], a[1], pos);
            }
            case "clamp" -> {
                if (a.length != 3) {
                    yield fail(pos, Messages.CLAMP_ARGUMENTS);
                }
                yield e.arith(Opcode.MIN, e.arith(Opcode.MAX, a[0], a[1], pos), a[2], pos);
            }
            case "mix" -> {
                if (a.length != 3) {
                    yield fail(pos, Messages.MIX_ARGUMENTS);
                }
                Val inv = e.arith(Opcode.SUB, e.floatConst(1f), a[2], pos);
                Val x = e.arith(Opcode.MUL, a[0], inv, pos);
                Val y = e.arith(Opcode.MUL, a[1], a[2], pos);
                yield e.arith(Opcode.ADD, x, y, pos);
            }
            case "pow" -> pow(a, pos);
            case "reflect" -> {
                if (a.length != 2 || !a[0].vector() || !a[1].vector() || a[0].n() != a[1].n()) {
                    yield fail(pos, Messages.REFLECT_ARGUMENTS);
                }
                Val d = dot(a[0], a[1], pos);
                Val sd = e.arith(Opcode.MUL, e.floatConst(2f), d, pos);
                Val term = e.arith(Opcode.MUL, e.broadcast(sd, a[1].n()), a[1], pos);
                yield e.arith(Opcode.SUB, a[0], term, pos);
            }
            case "sqrt" -> {
                if (!oneArg(a, pos)) {
                    yield Val.BAD;
                }
                // rcp(rsq(x)) so that sqrt(0) = rcp(0) = 0 on the interpreter and on TGSI alike.
                Val r = e.perLane(a[0], v -> scalarOp(Opcode.RSQ, v));
                yield e.op(Opcode.RCP, floatType(a[0]), a[0].n(), r.temp(), -1, 0, 0);
            }
            case "inversesqrt" -> oneArg(a, pos) ? e.perLane(a[0], v -> scalarOp(Opcode.RSQ, v)) : Val.BAD;
            case "trunc" -> oneArg(a, pos) ? e.perLane(a[0], v -> scalarOp(Opcode.TRUNC, v)) : Val.BAD;
            case "floor" -> oneArg(a, pos) ? floor(a[0], pos) : Val.BAD;
            case "ceil" -> oneArg(a, pos) ? e.perLane(a[0], v -> {
                Val t = scalarOp(Opcode.TRUNC, v);
                return e.arith(Opcode.ADD, t, e.compare(Cmp.GT, v, t), pos);
            }) : Val.BAD;
            case "fract" -> oneArg(a, pos) ? e.arith(Opcode.SUB, a[0], floor(a[0], pos), pos) : Val.BAD;
            case "sign" -> {
                if (!oneArg(a, pos)) {
                    yield Val.BAD;
                }
                Val zero = e.floatConst(0f);
                yield e.perLane(a[0], v -> e.arith(Opcode.SUB, e.compare(Cmp.GT, v, zero).retype(Type.FLOAT),
                        e.compare(Cmp.LT, v, zero), pos));
            }
            case "mod" -> {
                if (!twoArgs(a, pos)) {
                    yield Val.BAD;
                }
                Val q = floor(e.divide(a[0], a[1], pos), pos);
                yield e.arith(Opcode.SUB, a[0], e.arith(Opcode.MUL, a[1], q, pos), pos);
            }
            case "step" -> twoArgs(a, pos) ? step(a[0], a[1], pos) : Val.BAD;
            case "smoothstep" -> {
                if (a.length != 3) {
                    yield fail(pos, Messages.WRONG_ARGUMENT_COUNT);
                }
                for (Val v : a) {
                    if (v.matrix() || v.sampler()) {
                        yield fail(pos, Messages.WRONG_ARGUMENTS);
                    }
                }
                Val span = e.arith(Opcode.SUB, a[1], a[0], pos);
                Val t = e.divide(e.arith(Opcode.SUB, a[2], a[0], pos), span, pos);
                t = e.arith(Opcode.MIN, e.arith(Opcode.MAX, t, e.floatConst(0f), pos), e.floatConst(1f), pos);
                Val poly = e.arith(Opcode.SUB, e.floatConst(3f), e.arith(Opcode.MUL, e.floatConst(2f), t, pos), pos);
                yield e.arith(Opcode.MUL, e.arith(Opcode.MUL, t, t, pos), poly, pos);
            }
            case "distance" -> {
                if (!twoArgs(a, pos)) {
                    yield Val.BAD;
                }
                Val d = e.arith(Opcode.SUB, a[0], a[1], pos);
                if (d.bad()) {
                    yield d;
                }
                yield d.n() == 1 ? e.op(Opcode.ABS, Type.FLOAT, 1, d.temp(), -1, 0, 0) : length(d, pos);
            }
            case "radians" -> oneArg(a, pos)
                    ? e.arith(Opcode.MUL, a[0], e.floatConst((float) (Math.PI / 180.0)), pos) : Val.BAD;
            case "degrees" -> oneArg(a, pos)
                    ? e.arith(Opcode.MUL, a[0], e.floatConst((float) (180.0 / Math.PI)), pos) : Val.BAD;
            case "tan" -> {
                if (!oneArg(a, pos)) {
                    yield Val.BAD;
                }
                Type ty = floatType(a[0]);
                Val s = e.op(Opcode.SIN, ty, a[0].n(), a[0].temp(), -1, 0, 0);
                Val c = e.op(Opcode.COS, ty, a[0].n(), a[0].temp(), -1, 0, 0);
                yield e.divide(s, c, pos);
            }
            case "exp", "exp2" -> {
                if (!oneArg(a, pos)) {
                    yield Val.BAD;
                }
                Val base = e.floatConst(name.equals("exp") ? (float) Math.E : 2f);
                yield e.perLane(a[0], v -> e.op(Opcode.POW, Type.FLOAT, 1, base.temp(), v.temp(), 0, 0));
            }
            default -> fail(pos, Messages.UNKNOWN_FUNCTION);
        };
    }

    private Val fail(Pos pos, String message) {
        e.error(pos, message);
        return Val.BAD;
    }

    private static Type floatType(Val v) {
        return Type.floatVector(v.n());
    }

    private boolean oneArg(Val[] a, Pos pos) {
        if (a.length != 1) {
            e.error(pos, Messages.WRONG_ARGUMENT_COUNT);
            return false;
        }
        if (a[0].matrix() || a[0].sampler()) {
            e.error(pos, Messages.WRONG_ARGUMENTS);
            return false;
        }
        return true;
    }

    private boolean twoArgs(Val[] a, Pos pos) {
        if (a.length != 2) {
            e.error(pos, Messages.WRONG_ARGUMENT_COUNT);
            return false;
        }
        for (Val v : a) {
            if (v.matrix() || v.sampler()) {
                e.error(pos, Messages.WRONG_ARGUMENTS);
                return false;
            }
        }
        if (a[0].n() != a[1].n() && a[0].n() != 1 && a[1].n() != 1) {
            e.error(pos, Messages.WRONG_ARGUMENTS);
            return false;
        }
        return true;
    }

    private Val scalarOp(Opcode op, Val v) {
        if (v.bad()) {
            return Val.BAD;
        }
        return e.op(op, Type.FLOAT, 1, v.temp(), -1, 0, 0);
    }

    private Val texture(Val[] a, Pos pos) {
        if (a.length != 2 || !a[0].sampler() || a[1].n() < 2 || a[1].matrix() || a[1].sampler()) {
            return fail(pos, Messages.TEXTURE_ARGUMENTS);
        }
        return e.op(Opcode.SAMPLE, Type.VEC4, 4, a[1].temp(), -1, a[0].temp(), 0);
    }

    /** dot(a, b): vec2 by MUL and two lane adds; vec3/vec4 by DOT. */
    private Val dot(Val a, Val b, Pos pos) {
        if (a.bad() || b.bad()) {
            return Val.BAD;
        }
        if (a.n() == 2) {
            Val m = e.arith(Opcode.MUL, a, b, pos);
            return e.arith(Opcode.ADD, e.lane(m, 0), e.lane(m, 1), pos);
        }
        return e.op(Opcode.DOT, Type.FLOAT, 1, a.temp(), b.temp(), a.n(), 0);
    }

    private Val length(Val v, Pos pos) {
        Val d = dot(v, v, pos);
        if (d.bad()) {
            return d;
        }
        Val r = e.op(Opcode.RSQ, Type.FLOAT, 1, d.temp(), -1, 0, 0);
        return r.bad() ? r : e.op(Opcode.RCP, Type.FLOAT, 1, r.temp(), -1, 0, 0);
    }

    private Val cross(Val[] a, Pos pos) {
        if (a.length != 2 || !a[0].vector() || !a[1].vector() || a[0].n() != 3 || a[1].n() != 3) {
            return fail(pos, Messages.CROSS_ARGUMENTS);
        }
        Val ax = e.lane(a[0], 0), ay = e.lane(a[0], 1), az = e.lane(a[0], 2);
        Val bx = e.lane(a[1], 0), by = e.lane(a[1], 1), bz = e.lane(a[1], 2);
        Val m0 = e.arith(Opcode.MUL, ay, bz, pos), m1 = e.arith(Opcode.MUL, az, by, pos);
        Val m2 = e.arith(Opcode.MUL, az, bx, pos), m3 = e.arith(Opcode.MUL, ax, bz, pos);
        Val m4 = e.arith(Opcode.MUL, ax, by, pos), m5 = e.arith(Opcode.MUL, ay, bx, pos);
        Val x = e.arith(Opcode.SUB, m0, m1, pos), y = e.arith(Opcode.SUB, m2, m3, pos);
        Val z = e.arith(Opcode.SUB, m4, m5, pos);
        if (x.bad() || y.bad() || z.bad()) {
            return Val.BAD;
        }
        return e.parts(Type.VEC3, new Val[] {x, y, z});
    }

    private Val unaryOp(Opcode op, Val[] a, Pos pos) {
        if (a.length != 1 || a[0].matrix() || a[0].sampler()) {
            return fail(pos, Messages.WRONG_ARGUMENTS);
        }
        return e.op(op, a[0].type(), a[0].n(), a[0].temp(), -1, 0, 0);
    }

    /** pow: POW works on lane x, so vector forms are expanded per component. */
    private Val pow(Val[] a, Pos pos) {
        if (a.length != 2 || a[0].matrix() || a[0].sampler() || a[1].matrix() || a[1].sampler()
                || (a[0].n() != a[1].n() && a[0].n() != 1 && a[1].n() != 1)) {
            return fail(pos, Messages.POW_ARGUMENTS);
        }
        int n = Math.max(a[0].n(), a[1].n());
        if (n == 1) {
            return e.op(Opcode.POW, Type.FLOAT, 1, a[0].temp(), a[1].temp(), 0, 0);
        }
        Val x = a[0], y = a[1];
        Val[] lanes = new Val[n];
        for (int i = 0; i < n; i++) {
            Val xi = x.n() == 1 ? x : e.lane(x, i);
            Val yi = y.n() == 1 ? y : e.lane(y, i);
            if (xi.bad() || yi.bad()) {
                return Val.BAD;
            }
            lanes[i] = e.op(Opcode.POW, Type.FLOAT, 1, xi.temp(), yi.temp(), 0, 0);
        }
        return e.assemble(lanes, Type.floatVector(n));
    }

    /** floor(v) = t - (v < t), t = trunc(v), per component. */
    private Val floor(Val x, Pos pos) {
        return e.perLane(x, v -> {
            Val t = scalarOp(Opcode.TRUNC, v);
            if (t.bad()) {
                return t;
            }
            return e.arith(Opcode.SUB, t, e.compare(Cmp.LT, v, t), pos);
        });
    }

    /** step(edge, x) = x >= edge ? 1 : 0, per component. */
    private Val step(Val edge, Val x, Pos pos) {
        int n = Math.max(edge.n(), x.n());
        if (n == 1) {
            return e.compare(Cmp.GE, x, edge).retype(Type.FLOAT);
        }
        Val[] lanes = new Val[n];
        for (int i = 0; i < n; i++) {
            Val ei = edge.n() == 1 ? edge : e.lane(edge, i);
            Val xi = x.n() == 1 ? x : e.lane(x, i);
            if (ei.bad() || xi.bad()) {
                return Val.BAD;
            }
            lanes[i] = e.compare(Cmp.GE, xi, ei);
        }
        return e.assemble(lanes, Type.floatVector(n));
    }
}
