package dev.csir.ssa.verify;

/**
 * One thing wrong with a module, and where: the function's name (null for the module's
 * globals, entry points and spec constants), the block's layout index and the instruction's
 * index in it (-1 when the problem is about a whole function or block).
 */
public record Problem(String function, int block, int instruction, String message) {

    /** A problem of the module itself, not of a function. */
    static Problem ofModule(String message) {
        return new Problem(null, -1, -1, message);
    }

    @Override
    public String toString() {
        if (function == null && block < 0) {
            return message;
        }
        StringBuilder where = new StringBuilder("@").append(function);
        if (block >= 0) {
            where.append(" bb").append(block);
        }
        if (instruction >= 0) {
            where.append(" #").append(instruction);
        }
        return where.append(": ").append(message).toString();
    }
}
