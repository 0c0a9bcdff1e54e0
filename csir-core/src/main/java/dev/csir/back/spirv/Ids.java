package dev.csir.back.spirv;

import java.util.Set;
import java.util.TreeSet;

/** The module's id counter (ids are dense from 1), the capabilities and extensions asked for and the options. */
final class Ids {
    private int next = 1;
    private final Set<Integer> capabilities = new TreeSet<>();
    private final Set<String> extensions = new TreeSet<>();
    private final boolean debugNames;
    /** The OpString naming the source file, once written; 0 before (and without debug information). */
    private int sourceFile;

    Ids(boolean debugNames) {
        this.debugNames = debugNames;
        capabilities.add(Spv.Capability.Shader);
    }

    int next() {
        return next++;
    }

    /** One more than the largest id handed out: the header's bound. */
    int bound() {
        return next;
    }

    void capability(int capability) {
        capabilities.add(capability);
    }

    /** Declares a SPIR-V extension the module uses (OpExtension). */
    void extension(String name) {
        extensions.add(name);
    }

    Set<String> extensions() {
        return extensions;
    }

    Set<Integer> capabilities() {
        return capabilities;
    }

    /** Debug information on: OpName and OpMemberName, OpSource and OpLine. */
    boolean debugNames() {
        return debugNames;
    }

    int sourceFile() {
        return sourceFile;
    }

    void setSourceFile(int id) {
        sourceFile = id;
    }
}
