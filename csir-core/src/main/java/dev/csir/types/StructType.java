package dev.csir.types;

import java.util.List;

/** A named struct of members in declaration order. */
public record StructType(String name, List<Member> members) implements Type {

    /** One member: its name and type. */
    public record Member(String name, Type type) {
        public Member {
            if (name == null || name.isEmpty() || type == null || type instanceof VoidType) {
                throw new IllegalArgumentException("struct member " + name);
            }
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

    @Override
    public String toString() {
        return name;
    }
}
