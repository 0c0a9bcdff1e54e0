package dev.csir.ssa;

/**
 * Test-only access to the parent links the public API keeps consistent, so the verifier's
 * parent-link rules can be shown to fire on a model a buggy pass could leave behind.
 */
public final class ParentLinks {
    private ParentLinks() {
    }

    public static void setParent(Block block, Function parent) {
        block.setParent(parent);
    }

    public static void setParent(Instruction instruction, Block parent) {
        instruction.setParent(parent);
    }
}
