package dev.csir.tgsi;

import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;

/**
 * The TGSI of a linked vertex and fragment pair: both texts, the fragment one reading its
 * varyings through the link's remap. What VirGL takes to draw with the program.
 */
public record TgsiProgram(String vertexText, String fragmentText) {

    /** The two texts, or the first emission failure. */
    public sealed interface Result permits Emitted, Failed {
    }

    public record Emitted(TgsiProgram program) implements Result {
    }

    /** {@code message} says which stage's text failed and why (the budget). */
    public record Failed(String message) implements Result {
    }

    public static Result emit(ShaderIr vertex, ShaderIr fragment, int[] remap) {
        return emit(vertex, fragment, remap, Limits.DEFAULT);
    }

    public static Result emit(ShaderIr vertex, ShaderIr fragment, int[] remap, Limits limits) {
        TgsiResult vt = TgsiEmitter.emit(vertex, null, limits);
        if (vt instanceof TgsiResult.Failed f) {
            return new Failed(vertex.name() + ": " + f.message());
        }
        TgsiResult ft = TgsiEmitter.emit(fragment, remap, limits);
        if (ft instanceof TgsiResult.Failed f) {
            return new Failed(fragment.name() + ": " + f.message());
        }
        return new Emitted(new TgsiProgram(((TgsiResult.Ok) vt).text(), ((TgsiResult.Ok) ft).text()));
    }
}
