package dev.csir.exec;

import java.util.Random;

/**
 * A seeded generator of GLSL 4.00 fragment shaders that compute with int and uint only: every
 * arithmetic, bit, shift and comparison operator, the conversions between int, uint, float and
 * bool, and the integer built-ins (abs, sign, min, max, clamp, bitCount, findLSB, findMSB,
 * bitfieldReverse, bitfieldExtract, bitfieldInsert, and the float bit casts), over uniforms, so
 * nothing folds before CSIR. Values reach all 32 bits by wrapping products with large constants;
 * the colour is four 16-bit halves of results, whole floats that compare exactly.
 */
final class IntegerPrograms {
    private static final String[] INT_LEAVES = {"a.x", "a.y", "a.z", "a.w", "b.x", "b.y", "0", "1", "-1", "31", "7",
        "(-2147483647 - 1)", "2147483647", "65535", "-12345"};
    private static final String[] UINT_LEAVES = {"c.x", "c.y", "c.z", "c.w", "0u", "1u", "0xFFFFFFFFu", "0x80000000u",
        "31u", "3u", "2654435761u"};

    private final Random r;

    private IntegerPrograms(long seed) {
        this.r = new Random(seed);
    }

    static String generate(long seed) {
        IntegerPrograms g = new IntegerPrograms(seed);
        StringBuilder sb = new StringBuilder("""
                #version 400 core
                uniform ivec4 a;
                uniform ivec4 b;
                uniform uvec4 c;
                out vec4 o;
                void main() {
                """);
        sb.append("    int x = (").append(g.expr(false, 4)).append(") * 40503 + a.z * 2654435 + a.w;\n");
        sb.append("    uint y = (").append(g.expr(true, 4)).append(") * 2246822519u ^ c.x;\n");
        sb.append("    ivec3 v = ivec3(x, a.y, ").append(g.expr(false, 2)).append(") ").append(g.pick("+", "*", "^", "<<"))
                .append(" ivec3(").append(g.expr(false, 2)).append(", b.x, 3);\n");
        sb.append("    for (int i = 0; i < 3; i++) {\n        x = x * 31 + v[i] ").append(g.pick("+", "^", "-"))
                .append(" int(y >> uint(i * 8));\n    }\n");
        sb.append("    uint z = ").append(g.expr(true, 3)).append(";\n");
        sb.append("    o = vec4(float(x & 0xFFFF), float((x >> 16) & 0xFFFF), float(z & 0xFFFFu), float(y >> 16u));\n");
        sb.append("}\n");
        return sb.toString();
    }

    private String pick(String... options) {
        return options[r.nextInt(options.length)];
    }

    /** An int ({@code unsigned} false) or uint expression of at most {@code depth} levels. */
    private String expr(boolean unsigned, int depth) {
        if (depth == 0 || r.nextInt(4) == 0) {
            return unsigned ? UINT_LEAVES[r.nextInt(UINT_LEAVES.length)] : INT_LEAVES[r.nextInt(INT_LEAVES.length)];
        }
        String x = expr(unsigned, depth - 1);
        String y = expr(unsigned, depth - 1);
        String one = unsigned ? "u" : "";
        return switch (r.nextInt(unsigned ? 22 : 26)) {
            case 0 -> "(" + x + " + " + y + ")";
            case 1 -> "(" + x + " - " + y + ")";
            case 2 -> "(" + x + " * " + y + ")";
            case 3 -> "(" + x + " / " + y + ")";
            case 4 -> "(" + x + " % " + y + ")";
            case 5 -> "(" + x + " & " + y + ")";
            case 6 -> "(" + x + " | " + y + ")";
            case 7 -> "(" + x + " ^ " + y + ")";
            case 8 -> "(" + x + " << (" + y + " & 31" + one + "))";
            case 9 -> "(" + x + " >> (" + y + " & 31" + one + "))";
            case 10 -> "(~(" + x + "))";
            case 11 -> "(-(" + x + "))";
            case 12 -> "(" + x + " " + pick("<", "<=", ">", ">=", "==", "!=") + " " + y + " ? " + x + " : " + y + ")";
            case 13 -> pick("min", "max") + "(" + x + ", " + y + ")";
            case 14 -> "clamp(" + x + ", " + y + ", " + expr(unsigned, depth - 1) + ")";
            case 15 -> unsigned ? "uint(bitCount(" + x + "))" : "bitCount(" + x + ")";
            case 16 -> unsigned ? "uint(findLSB(" + x + "))" : "findLSB(" + x + ")";
            case 17 -> unsigned ? "uint(findMSB(" + x + "))" : "findMSB(" + x + ")";
            case 18 -> "bitfieldReverse(" + x + ")";
            case 19 -> "bitfieldExtract(" + x + ", " + r.nextInt(33) + ", " + r.nextInt(33) + ")";
            case 20 -> "bitfieldInsert(" + x + ", " + y + ", int(" + expr(false, 1) + " & 15), " + r.nextInt(17) + ")";
            case 21 -> unsigned ? pick("uint(" + expr(false, depth - 1) + ")", "floatBitsToUint(float(" + x + "))",
                    "uint(float(" + x + ") * 0.5)", "uint(" + x + " != 0u)")
                    : "int(" + expr(true, depth - 1) + ")";
            case 22 -> pick("abs(" + x + ")", "sign(" + x + ")");
            case 23 -> pick("floatBitsToInt(float(" + x + "))", "int(float(" + x + ") * 0.25)", "int(" + x + " > " + y + ")");
            case 24 -> "(ivec2(" + x + ", " + y + ") " + pick("+", "*", "/", "%", "&", ">>") + " ivec2(" + y + ", 3))."
                    + pick("x", "y");
            default -> "int(bool(" + x + ")) * " + y;
        };
    }
}
