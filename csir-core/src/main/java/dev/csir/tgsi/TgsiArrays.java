package dev.csir.tgsi;

import dev.csir.ir.Insn;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The indexed records in TGSI: each register array (the temporaries a LOAD_INDEXED or
 * STORE_INDEXED spans, overlapping spans merged) declared {@code DCL TEMP[a..b], ARRAY(k)}, the
 * index clamped into a scratch temporary after the shader's own ({@code IMAX} and {@code IMIN}
 * against an {@code IMM UINT32 {0, length - 1, 0, 0}} per length), loaded into {@code ADDR[0]} by
 * {@code UARL}, and the array read or written as {@code TEMP[ADDR[0].x+base](k)}, a uniform as
 * {@code CONST[0][ADDR[0].x+base]}.
 */
final class TgsiArrays {
    /** Merged register arrays, {first, last}, in order; the array id is the position plus one. */
    private final List<int[]> arrays;
    /** The IMM line of each clamp length, set when the immediates are written. */
    private final Map<Integer, Integer> clampImmediate = new TreeMap<>();
    private final TgsiWriter w;
    private int scratch = -1;

    private TgsiArrays(TgsiWriter w, List<int[]> arrays, Iterable<Integer> lengths) {
        this.w = w;
        this.arrays = arrays;
        for (int n : lengths) {
            clampImmediate.put(n, -1);
        }
    }

    static TgsiArrays plan(ShaderIr ir, TgsiWriter w) {
        List<int[]> spans = new ArrayList<>();
        java.util.Set<Integer> lengths = new java.util.TreeSet<>();
        for (Insn in : ir.code()) {
            Opcode op = in.opcode();
            if (op == Opcode.LOAD_INDEXED) {
                spans.add(new int[] {in.a(), in.a() + in.aux() - 1});
                lengths.add(in.aux());
            } else if (op == Opcode.STORE_INDEXED) {
                spans.add(new int[] {in.dst(), in.dst() + in.aux() - 1});
                lengths.add(in.aux());
            } else if (op == Opcode.LOAD_UNI_INDEXED) {
                lengths.add(in.aux2());
            }
        }
        // a plain lambda: Comparator.comparingInt's is serializable, which the AOT cache does not keep linked
        spans.sort((x, y) -> Integer.compare(x[0], y[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] s : spans) {
            if (!merged.isEmpty() && s[0] <= merged.getLast()[1]) {
                merged.getLast()[1] = Math.max(merged.getLast()[1], s[1]);
            } else {
                merged.add(s.clone());
            }
        }
        return new TgsiArrays(w, merged, lengths);
    }

    /** Whether the shader indexes anything at run time. */
    boolean any() {
        return !clampImmediate.isEmpty();
    }

    /** Temporaries this needs after the shader's own: the clamped index. */
    int extraTemps() {
        return any() ? 1 : 0;
    }

    /** The temporaries 0..temps-1 declared, arrays as such, and ADDR[0] when anything is indexed. */
    void declare(int temps) {
        int next = 0;
        for (int k = 0; k < arrays.size(); k++) {
            int[] a = arrays.get(k);
            plain(w, next, a[0] - 1);
            w.text("DCL TEMP[").num(a[0]).text("..").num(a[1]).text("], ARRAY(").num(k + 1).text(")").end();
            next = a[1] + 1;
        }
        plain(w, next, temps - 1);
        if (any()) {
            scratch = temps - 1;
            w.text("DCL ADDR[0]").end();
        }
    }

    private static void plain(TgsiWriter w, int first, int last) {
        if (first == last) {
            w.text("DCL TEMP[").num(first).text("]").end();
        } else if (first < last) {
            w.text("DCL TEMP[").num(first).text("..").num(last).text("]").end();
        }
    }

    /** The clamp immediates, numbered from {@code first}; returns how many. */
    int immediates(int first) {
        int k = first;
        for (Map.Entry<Integer, Integer> e : clampImmediate.entrySet()) {
            e.setValue(k);
            w.reg("IMM", k++).text(" UINT32 {0, ").text(Integer.toUnsignedString(e.getKey() - 1)).text(", 0, 0}").end();
        }
        return k - first;
    }

    /** The lines of an indexed record writing {@code lanes} lanes. */
    void emit(Opcode op, Insn in, int lanes) {
        address(in.b(), clampImmediate.get(op == Opcode.LOAD_UNI_INDEXED ? in.aux2() : in.aux()));
        switch (op) {
            case LOAD_INDEXED -> w.begin("MOV").sp().tempMasked(in.dst(), lanes).comma().text(indirect("TEMP", in.a()))
                    .text(arrayOf(in.a())).end();
            case STORE_INDEXED -> w.begin("MOV").sp().text(indirect("TEMP", in.dst())).text(arrayOf(in.dst()))
                    .text(TgsiWriter.mask(lanes)).comma().temp(in.a()).end();
            default -> w.begin("MOV").sp().temp(in.dst()).comma().text("CONST[0][").text(address(in.aux())).text("]").end();
        }
    }

    /** The index in lane x of {@code index} clamped by the IMM line {@code imm}, into ADDR[0].x. */
    private void address(int index, int imm) {
        w.begin("IMAX").sp().tempLane(scratch, 0).comma().tempReplicated(index, 0).comma().reg("IMM", imm).text(".xxxx").end();
        w.begin("IMIN").sp().tempLane(scratch, 0).comma().tempReplicated(scratch, 0).comma().reg("IMM", imm).text(".yyyy").end();
        w.begin("UARL").sp().text("ADDR[0].x").comma().tempReplicated(scratch, 0).end();
    }

    private static String address(int base) {
        return "ADDR[0].x+" + base;
    }

    private static String indirect(String file, int base) {
        return file + "[" + address(base) + "]";
    }

    /** The array id suffix of a temporary inside a declared array. */
    private String arrayOf(int t) {
        for (int k = 0; k < arrays.size(); k++) {
            if (t >= arrays.get(k)[0] && t <= arrays.get(k)[1]) {
                return "(" + (k + 1) + ")";
            }
        }
        return "";
    }
}
