package dev.csir.ssa.eval;

import dev.csir.ssa.GlobalVariable;
import dev.csir.types.AddressSpace;

/** One variable's storage: a global's, or one execution of an alloca. Holds a whole immutable value. */
final class Cell {
    private final String name;
    private final AddressSpace space;
    private final GlobalVariable global;
    private Val value;

    Cell(String name, AddressSpace space, GlobalVariable global, Val value) {
        this.name = name;
        this.space = space;
        this.global = global;
        this.value = value;
    }

    String name() {
        return name;
    }

    AddressSpace space() {
        return space;
    }

    GlobalVariable global() {
        return global;
    }

    Val value() {
        return value;
    }

    void set(Val value) {
        this.value = value;
    }
}
