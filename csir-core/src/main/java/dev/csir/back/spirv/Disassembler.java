package dev.csir.back.spirv;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SPIR-V binary to the assembly text of the SPIRV-Tools assembler, with numeric ids
 * ({@code spirv-as --preserve-numeric-ids} reads it back to the same words): a header comment,
 * then one instruction a line, the result id right-aligned before {@code =}. Operands are read
 * by the kinds {@link SpvGrammar} gives each opcode; literal numbers take the width of their
 * type, floats print so that they read back to the same bits. A binary that is not well formed
 * is printed up to the first bad word, then a {@code ; malformed:} line says why.
 */
public final class Disassembler {
    private static final Map<Integer, String[]> INSTRUCTIONS = new HashMap<>();
    /** Kind to value to {name, parameter kinds...}. */
    private static final Map<String, Map<Integer, String[]>> ENUMERANTS = new HashMap<>();
    private static final Map<String, Boolean> BIT_KINDS = new HashMap<>();
    private static final Map<Integer, String> GLSL_STD_450 = new HashMap<>();

    static {
        for (String line : SpvGrammar.INSTRUCTIONS.split("\n")) {
            String[] f = line.split(" ");
            String[] entry = new String[f.length - 1];
            entry[0] = f[0];
            System.arraycopy(f, 2, entry, 1, f.length - 2);
            INSTRUCTIONS.put(Integer.parseInt(f[1]), entry);
        }
        for (String line : SpvGrammar.ENUMERANTS.split("\n")) {
            String[] f = line.split(" ");
            BIT_KINDS.put(f[0], f[1].equals("B"));
            String[] entry = new String[f.length - 3];
            System.arraycopy(f, 3, entry, 0, entry.length);
            ENUMERANTS.computeIfAbsent(f[0], k -> new HashMap<>()).put(Integer.parseInt(f[2]), entry);
        }
        for (String line : SpvGrammar.GLSL_STD_450.split("\n")) {
            String[] f = line.split(" ");
            GLSL_STD_450.put(Integer.parseInt(f[1]), f[0]);
        }
    }

    private final int[] words;
    private final StringBuilder out = new StringBuilder();
    /** Bit width and float-ness of each numeric type id, for the literals typed by it. */
    private final Map<Integer, int[]> numericTypes = new HashMap<>();
    private String lastString;
    private final Map<Integer, String> extImports = new HashMap<>();
    private int at;
    private int end;

    private Disassembler(int[] words) {
        this.words = words;
    }

    /** The text of {@code words} (a whole module, header first). */
    public static String text(int[] words) {
        return new Disassembler(words).run();
    }

    private String run() {
        if (words.length < 5 || words[0] != Spv.MAGIC) {
            return "; malformed: not a SPIR-V module (no magic number)\n";
        }
        out.append("; SPIR-V\n; Version: ").append(words[1] >>> 16 & 0xFF).append('.').append(words[1] >>> 8 & 0xFF)
                .append("\n; Generator: ").append(String.format("0x%08x", words[2])).append("\n; Bound: ")
                .append(words[3]).append("\n; Schema: ").append(words[4]).append('\n');
        at = 5;
        while (at < words.length) {
            int count = words[at] >>> 16;
            int opcode = words[at] & 0xFFFF;
            String[] entry = INSTRUCTIONS.get(opcode);
            if (count == 0 || at + count > words.length) {
                return malformed("instruction at word " + at + " has word count " + count);
            }
            if (entry == null) {
                return malformed("unknown opcode " + opcode + " at word " + at);
            }
            end = at + count;
            int start = at;
            at++;
            String problem = instruction(entry);
            if (problem != null) {
                return malformed(problem + " in " + entry[0] + " at word " + start);
            }
            at = end;
        }
        return out.toString();
    }

    private String malformed(String why) {
        return out.append("; malformed: ").append(why).append('\n').toString();
    }

    /** One instruction's line; null when it was read whole, else what is wrong. */
    private String instruction(String[] entry) {
        String name = entry[0];
        StringBuilder operands = new StringBuilder();
        int result = -1;
        int resultType = -1;
        for (int k = 1; k < entry.length; k++) {
            String kind = entry[k];
            char q = kind.charAt(kind.length() - 1);
            boolean optional = q == '?';
            boolean repeated = q == '*';
            String base = optional || repeated ? kind.substring(0, kind.length() - 1) : kind;
            if (base.equals("IdResult")) {
                if (at >= end) {
                    return "no result id";
                }
                result = words[at++];
                continue;
            }
            if (base.equals("IdResultType")) {
                if (at >= end) {
                    return "no result type";
                }
                resultType = words[at];
            }
            do {
                if (at >= end) {
                    if (optional || repeated) {
                        break;
                    }
                    return "too few operands";
                }
                String problem = operand(base, resultType, operands);
                if (problem != null) {
                    return problem;
                }
            } while (repeated && at < end);
        }
        if (at != end) {
            return (end - at) + " words left over";
        }
        record(name, result);
        String lead = result >= 0 ? "%" + result + " = " : "";
        out.append(" ".repeat(Math.max(0, 15 - lead.length()))).append(lead).append(name).append(operands).append('\n');
        return null;
    }

    /** Remembers what later literals and ext-inst names depend on. */
    private void record(String name, int result) {
        switch (name) {
            // OpTypeInt %r width signedness; OpTypeFloat %r width
            case "OpTypeInt" -> numericTypes.put(result, new int[] {words[end - 2], 0, words[end - 1]});
            case "OpTypeFloat" -> numericTypes.put(result, new int[] {words[end - 1], 1, 0});
            case "OpExtInstImport" -> extImports.put(result, lastString);
            default -> {
            }
        }
    }

    private String operand(String kind, int resultType, StringBuilder operands) {
        switch (kind) {
            case "IdResultType", "IdRef", "IdScope", "IdMemorySemantics" -> operands.append(" %").append(words[at++]);
            case "LiteralInteger", "LiteralExtInstInteger", "LiteralSpecConstantOpInteger" -> {
                int v = words[at++];
                if (kind.equals("LiteralExtInstInteger")) {
                    int set = words[at - 2];
                    String n = "GLSL.std.450".equals(extImports.get(set)) ? GLSL_STD_450.get(v) : null;
                    operands.append(' ').append(n != null ? n : Integer.toUnsignedString(v));
                } else if (kind.equals("LiteralSpecConstantOpInteger")) {
                    String[] e = INSTRUCTIONS.get(v);
                    operands.append(' ').append(e == null ? Integer.toUnsignedString(v) : e[0].substring(2));
                } else {
                    operands.append(' ').append(Integer.toUnsignedString(v));
                }
            }
            case "LiteralString" -> {
                int start = at;
                StringBuilder s = new StringBuilder();
                boolean closed = false;
                while (at < end && !closed) {
                    int w = words[at++];
                    for (int b = 0; b < 4; b++) {
                        int c = w >>> (8 * b) & 0xFF;
                        if (c == 0) {
                            closed = true;
                            break;
                        }
                        s.append((char) c);
                    }
                }
                if (!closed) {
                    return "an unterminated string at word " + start;
                }
                // the bytes were gathered one char each; they are UTF-8
                lastString = new String(s.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
                operands.append(' ').append(quote(lastString));
            }
            case "LiteralContextDependentNumber" -> {
                int[] t = numericTypes.get(resultType);
                if (t == null) {
                    return "a literal of a type that is not numeric";
                }
                int n = t[0] == 64 ? 2 : 1;
                if (at + n > end) {
                    return "a literal cut short";
                }
                operands.append(' ').append(number(t, n == 2 ? (words[at] & 0xFFFF_FFFFL) | (long) words[at + 1] << 32
                        : words[at] & 0xFFFF_FFFFL));
                at += n;
            }
            case "PairLiteralIntegerIdRef" -> {
                // OpSwitch: the literal is as wide as the selector, which the writer makes 32-bit
                operands.append(' ').append(Integer.toUnsignedString(words[at++]));
                if (at >= end) {
                    return "a case without its label";
                }
                operands.append(" %").append(words[at++]);
            }
            case "PairIdRefLiteralInteger" -> {
                operands.append(" %").append(words[at++]);
                if (at >= end) {
                    return "a pair cut short";
                }
                operands.append(' ').append(Integer.toUnsignedString(words[at++]));
            }
            case "PairIdRefIdRef" -> {
                operands.append(" %").append(words[at++]);
                if (at >= end) {
                    return "a pair cut short";
                }
                operands.append(" %").append(words[at++]);
            }
            default -> {
                return enumerant(kind, operands);
            }
        }
        return null;
    }

    /** A value or bit-mask operand, and the operands its enumerants take. */
    private String enumerant(String kind, StringBuilder operands) {
        Map<Integer, String[]> table = ENUMERANTS.get(kind);
        if (table == null) {
            return "an operand of kind " + kind;
        }
        int v = words[at++];
        List<String[]> taken = new ArrayList<>();
        if (BIT_KINDS.get(kind)) {
            StringBuilder names = new StringBuilder();
            if (v == 0) {
                names.append(table.containsKey(0) ? table.get(0)[0] : "None");
            }
            for (int bit = 0; bit < 32; bit++) {
                int mask = 1 << bit;
                if ((v & mask) == 0) {
                    continue;
                }
                String[] e = table.get(mask);
                if (e == null) {
                    return "the unknown " + kind + " bit " + Integer.toHexString(mask);
                }
                names.append(names.isEmpty() ? "" : "|").append(e[0]);
                taken.add(e);
            }
            operands.append(' ').append(names);
        } else {
            String[] e = table.get(v);
            if (e == null) {
                return "the unknown " + kind + " " + v;
            }
            operands.append(' ').append(e[0]);
            taken.add(e);
        }
        for (String[] e : taken) {
            for (int p = 1; p < e.length; p++) {
                if (at >= end) {
                    return "too few operands for " + e[0];
                }
                String problem = operand(e[p], -1, operands);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    /** An integer in its signedness, a float so that it reads back to the same bits. */
    private static String number(int[] type, long bits) {
        int width = type[0];
        if (type[1] == 0) {
            if (width == 64) {
                return type[2] == 1 ? Long.toString(bits) : Long.toUnsignedString(bits);
            }
            return type[2] == 1 ? Integer.toString((int) bits) : Long.toString(bits & 0xFFFF_FFFFL);
        }
        if (width == 64) {
            double d = Double.longBitsToDouble(bits);
            return Double.isFinite(d) ? decimal(Double.toString(d)) : hex(bits >>> 63 != 0, bits & 0xF_FFFF_FFFF_FFFFL,
                    13, 1024);
        }
        float f = Float.intBitsToFloat((int) bits);
        return Float.isFinite(f) ? decimal(Float.toString(f)) : hex((bits >>> 31 & 1) != 0, (bits & 0x7F_FFFF) << 1, 6,
                128);
    }

    /** Java's shortest round-trip decimal in the assembler's spelling ({@code 1e-07}, {@code 2}). */
    private static String decimal(String java) {
        String s = java.replace("E", "e");
        if (s.endsWith(".0")) {
            s = s.substring(0, s.length() - 2);
        }
        return s.replace(".0e", "e");
    }

    /** An infinity or NaN as the assembler's hex float: {@code 0x1.8p+128}. */
    private static String hex(boolean negative, long fraction, int digits, int exponent) {
        String f = String.format("%0" + digits + "x", fraction);
        return (negative ? "-" : "") + "0x1." + f + "p+" + exponent;
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
