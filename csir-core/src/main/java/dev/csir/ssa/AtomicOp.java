package dev.csir.ssa;

/** The read-modify-write of an {@code atomic} instruction. */
public enum AtomicOp {
    ADD("add"), SUB("sub"), MIN("min"), MAX("max"), AND("and"), OR("or"), XOR("xor"), EXCHANGE("exchange");

    private final String word;

    AtomicOp(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static AtomicOp ofWord(String w) {
        for (AtomicOp o : values()) {
            if (o.word.equals(w)) {
                return o;
            }
        }
        return null;
    }
}
