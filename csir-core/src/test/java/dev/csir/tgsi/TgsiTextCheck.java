package dev.csir.tgsi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks emitted TGSI against the rules of virglrenderer's text parser and sanity pass as the
 * grammar reference records them: LF lines, header first, declarations and immediates before the
 * first instruction, sorted immediates with a parsable FLT32 form (or UINT32 decimals), ordered write masks, four-letter
 * source swizzles, known opcodes with their operand counts, every register declared once and
 * declared before use, exactly one END, dense instruction numbers; and the structure
 * virglrenderer turns into GLSL blocks: IF/ELSE/ENDIF and BGNLOOP/ENDLOOP nested properly, BRK
 * only inside a loop, nothing left open at END (and no CONT, which it does not translate).
 */
final class TgsiTextCheck {
    private static final Pattern DCL = Pattern.compile(
            "DCL (IN|OUT|TEMP|SAMP|SVIEW|SV|CONST\\[0\\])\\[(\\d+)(?:\\.\\.(\\d+))?\\](.*)");
    private static final Pattern IMM = Pattern.compile("IMM\\[(\\d+)\\] (FLT32|UINT32) \\{([^}]*)\\}");
    private static final Pattern UINT = Pattern.compile("\\d{1,10}");
    private static final Pattern FLOAT = Pattern.compile(
            "0x[0-9a-f]{8}|[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INSN = Pattern.compile("  (\\d+): ([A-Z0-9]+)(?: (.*))?");
    private static final Pattern DST = Pattern.compile("(TEMP|OUT)\\[(\\d+)\\](\\.x?y?z?w?)?");
    private static final Pattern SRC = Pattern.compile(
            "(TEMP|IN|IMM|CONST\\[0\\]|SAMP|SV)\\[(\\d+)\\](\\.[xyzw]{4})?");
    /** Opcode to {destinations, sources}; TEX also takes a texture target. */
    private static final Map<String, int[]> OPS = Map.ofEntries(
            Map.entry("MOV", new int[] {1, 1}), Map.entry("ABS", new int[] {1, 1}),
            Map.entry("RSQ", new int[] {1, 1}), Map.entry("RCP", new int[] {1, 1}),
            Map.entry("SIN", new int[] {1, 1}), Map.entry("COS", new int[] {1, 1}),
            Map.entry("TRUNC", new int[] {1, 1}), Map.entry("ADD", new int[] {1, 2}),
            Map.entry("SUB", new int[] {1, 2}), Map.entry("MUL", new int[] {1, 2}),
            Map.entry("MIN", new int[] {1, 2}), Map.entry("MAX", new int[] {1, 2}),
            Map.entry("DP3", new int[] {1, 2}), Map.entry("DP4", new int[] {1, 2}),
            Map.entry("POW", new int[] {1, 2}), Map.entry("SLT", new int[] {1, 2}),
            Map.entry("SGE", new int[] {1, 2}), Map.entry("SEQ", new int[] {1, 2}),
            Map.entry("SNE", new int[] {1, 2}), Map.entry("MAD", new int[] {1, 3}),
            Map.entry("TEX", new int[] {1, 2}), Map.entry("IF", new int[] {0, 1}),
            Map.entry("ELSE", new int[] {0, 0}), Map.entry("ENDIF", new int[] {0, 0}),
            Map.entry("KILL", new int[] {0, 0}), Map.entry("END", new int[] {0, 0}),
            Map.entry("BGNLOOP", new int[] {0, 0}), Map.entry("ENDLOOP", new int[] {0, 0}),
            Map.entry("BRK", new int[] {0, 0}), Map.entry("LG2", new int[] {1, 1}),
            Map.entry("TXB", new int[] {1, 2}), Map.entry("TXQ", new int[] {1, 2}),
            Map.entry("F2I", new int[] {1, 1}), Map.entry("I2F", new int[] {1, 1}),
            // the integer lanes: opcodes virglrenderer translates (none of its untranslated list)
            Map.entry("UADD", new int[] {1, 2}), Map.entry("UMUL", new int[] {1, 2}),
            Map.entry("IDIV", new int[] {1, 2}), Map.entry("UDIV", new int[] {1, 2}),
            Map.entry("MOD", new int[] {1, 2}), Map.entry("UMOD", new int[] {1, 2}),
            Map.entry("SHL", new int[] {1, 2}), Map.entry("ISHR", new int[] {1, 2}),
            Map.entry("USHR", new int[] {1, 2}), Map.entry("AND", new int[] {1, 2}),
            Map.entry("OR", new int[] {1, 2}), Map.entry("XOR", new int[] {1, 2}),
            Map.entry("IMIN", new int[] {1, 2}), Map.entry("IMAX", new int[] {1, 2}),
            Map.entry("UMIN", new int[] {1, 2}), Map.entry("UMAX", new int[] {1, 2}),
            Map.entry("ISLT", new int[] {1, 2}), Map.entry("ISGE", new int[] {1, 2}),
            Map.entry("USLT", new int[] {1, 2}), Map.entry("USGE", new int[] {1, 2}),
            Map.entry("USEQ", new int[] {1, 2}), Map.entry("USNE", new int[] {1, 2}),
            Map.entry("INEG", new int[] {1, 1}), Map.entry("NOT", new int[] {1, 1}),
            Map.entry("IABS", new int[] {1, 1}), Map.entry("ISSG", new int[] {1, 1}),
            Map.entry("BREV", new int[] {1, 1}), Map.entry("POPC", new int[] {1, 1}),
            Map.entry("LSB", new int[] {1, 1}), Map.entry("IMSB", new int[] {1, 1}),
            Map.entry("UMSB", new int[] {1, 1}), Map.entry("U2F", new int[] {1, 1}),
            Map.entry("F2U", new int[] {1, 1}), Map.entry("IBFE", new int[] {1, 3}),
            Map.entry("UBFE", new int[] {1, 3}));

    private TgsiTextCheck() {
    }

    /** Asserts that {@code text} follows the rules; returns the number of instructions (END included). */
    static int assertWellFormed(String text) {
        assertThat(text).doesNotContain("\r").endsWith("\n");
        List<String> lines = text.lines().toList();
        assertThat(lines.getFirst()).isIn("VERT", "FRAG");
        boolean vertex = lines.getFirst().equals("VERT");
        Set<String> declared = new HashSet<>();
        int imms = 0;
        int pc = 0;
        int ends = 0;
        // open blocks, innermost last: 'I' an IF before its ELSE, 'E' after it, 'L' a loop
        StringBuilder blocks = new StringBuilder();
        for (String line : lines.subList(1, lines.size())) {
            Matcher d = DCL.matcher(line);
            Matcher im = IMM.matcher(line);
            Matcher in = INSN.matcher(line);
            if (d.matches()) {
                assertThat(pc).as("declaration after code: %s", line).isZero();
                checkDeclarationTail(vertex, d.group(1), d.group(4), line);
                int lo = Integer.parseInt(d.group(2));
                int hi = d.group(3) == null ? lo : Integer.parseInt(d.group(3));
                assertThat(lo).as(line).isLessThanOrEqualTo(hi);
                for (int i = lo; i <= hi; i++) {
                    assertThat(declared.add(d.group(1) + i)).as("declared twice: %s", line).isTrue();
                }
            } else if (im.matches()) {
                assertThat(pc).as("immediate after code: %s", line).isZero();
                assertThat(Integer.parseInt(im.group(1))).as("immediates sorted: %s", line).isEqualTo(imms++);
                String[] values = im.group(3).split(", ", -1);
                assertThat(values).as(line).hasSize(4);
                boolean uint = im.group(2).equals("UINT32");
                for (String v : values) {
                    assertThat((uint ? UINT : FLOAT).matcher(v).matches()).as("value %s in %s", v, line).isTrue();
                    if (uint) {
                        assertThat(Long.parseLong(v)).as(line).isLessThanOrEqualTo(0xFFFF_FFFFL);
                    }
                }
            } else if (in.matches()) {
                assertThat(Integer.parseInt(in.group(1))).as("dense pc: %s", line).isEqualTo(pc++);
                String op = in.group(2);
                assertThat(OPS).as("known opcode: %s", line).containsKey(op);
                assertThat(ends).as("instruction after END: %s", line).isZero();
                if (op.equals("END")) {
                    ends++;
                    assertThat(blocks).as("blocks open at END").isEmpty();
                }
                structure(op, blocks, line);
                checkOperands(op, in.group(3), declared, imms, line);
            } else {
                throw new AssertionError("unparsable line: [" + line + "]");
            }
        }
        assertThat(ends).as("exactly one END").isEqualTo(1);
        return pc;
    }

    private static void structure(String op, StringBuilder blocks, String line) {
        char top = blocks.isEmpty() ? ' ' : blocks.charAt(blocks.length() - 1);
        switch (op) {
            case "IF" -> blocks.append('I');
            case "BGNLOOP" -> blocks.append('L');
            case "ELSE" -> {
                assertThat(top).as("ELSE without its IF: %s", line).isEqualTo('I');
                blocks.setCharAt(blocks.length() - 1, 'E');
            }
            case "ENDIF" -> {
                assertThat(top).as("ENDIF without its IF: %s", line).isIn('I', 'E');
                blocks.setLength(blocks.length() - 1);
            }
            case "ENDLOOP" -> {
                assertThat(top).as("ENDLOOP without its BGNLOOP: %s", line).isEqualTo('L');
                blocks.setLength(blocks.length() - 1);
            }
            case "BRK" -> assertThat(blocks.indexOf("L")).as("BRK outside a loop: %s", line).isNotNegative();
            default -> {
            }
        }
    }

    private static void checkDeclarationTail(boolean vertex, String file, String tail, String line) {
        switch (file) {
            case "IN" -> {
                if (vertex) {
                    assertThat(tail).as("vertex input has no semantic: %s", line).isEmpty();
                } else {
                    assertThat(tail).as(line).matches(", POSITION|, GENERIC\\[\\d+\\], PERSPECTIVE");
                }
            }
            case "OUT" -> assertThat(tail).as(line).matches(", (POSITION|COLOR|GENERIC\\[\\d+\\])");
            case "SVIEW" -> assertThat(tail).as(line).isEqualTo(", 2D, FLOAT");
            case "SV" -> {
                assertThat(vertex).as("a system value in a vertex shader: %s", line).isTrue();
                assertThat(tail).as(line).matches(", (VERTEXID|INSTANCEID)");
            }
            default -> assertThat(tail).as(line).isEmpty();
        }
    }

    private static void checkOperands(String op, String rest, Set<String> declared, int imms, String line) {
        int[] counts = OPS.get(op);
        String operands = rest == null ? "" : rest;
        if (op.equals("TEX") || op.equals("TXB") || op.equals("TXQ")) {
            assertThat(operands).as(line).endsWith(", 2D");
            operands = operands.substring(0, operands.length() - 4);
        }
        String[] parts = operands.isEmpty() ? new String[0] : operands.split(", ", -1);
        int expected = counts[0] + counts[1];
        assertThat(parts).as("operand count: %s", line).hasSize(expected);
        for (int i = 0; i < parts.length; i++) {
            if (i < counts[0]) {
                Matcher m = DST.matcher(parts[i]);
                assertThat(m.matches()).as("destination %s in %s", parts[i], line).isTrue();
                assertThat(m.group(3)).as("non-empty ordered mask in %s", line).isNotEqualTo(".");
                assertThat(declared).as("declared: %s", line).contains(m.group(1) + m.group(2));
            } else {
                Matcher m = SRC.matcher(parts[i]);
                assertThat(m.matches()).as("source %s in %s", parts[i], line).isTrue();
                int index = Integer.parseInt(m.group(2));
                if (m.group(1).equals("IMM")) {
                    assertThat(index).as(line).isLessThan(imms);
                } else {
                    assertThat(declared).as("declared: %s", line).contains(m.group(1) + index);
                }
            }
        }
    }
}
