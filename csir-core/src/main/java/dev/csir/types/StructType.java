package dev.csir.types;

import java.util.List;

/** A named struct of members in declaration order. */
public record StructType(String name, List<Member> members) implements Type {

    /**
     * One member: its name, its type, and in a buffer its byte offset when the source fixed it
     * (an interface block's layout, resolved by the front end), else -1 for the layout rules of
     * the buffer to place it.
     */
    public record Member(String name, Type type, int offset) {
        public Member {
            if (name == null || name.isEmpty() || type == null || type instanceof VoidType || offset < -1) {
                throw new IllegalArgumentException("struct member " + name);
            }
        }

        // equals and hashCode as the record's own would be, written out: see Type
        @Override
        public boolean equals(Object other) {
            return other instanceof Member o && o.name.equals(name) && o.type.equals(type) && o.offset == offset;
        }

        @Override
        public int hashCode() {
            int h = name.hashCode();
            h = 31 * h + type.hashCode();
            return 31 * h + offset;
        }

        public Member(String name, Type type) {
            this(name, type, -1);
        }
    }

    public StructType {
        if (name == null || name.isEmpty() || members == null || members.isEmpty()) {
            throw new IllegalArgumentException("struct " + name);
        }
        members = List.copyOf(members);
    }

    /** The index of the member called {@code member}, or -1. */
    public int indexOf(String member) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).name().equals(member)) {
                return i;
            }
        }
        return -1;
    }

    // equals and hashCode as the record's own would be, written out: see Type
    @Override
    public boolean equals(Object other) {
        return other instanceof StructType o && o.name.equals(name) && o.members.equals(members);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + members.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
