package dev.csir.link;

import dev.csir.exec.Interpreter;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;

/**
 * A successfully linked vertex + fragment pair: the unit renderers consume, with the varying
 * remap and the program interface. A target makes its artifact from it (TGSI: the fragment text
 * carries the remap).
 */
public record LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface,
        int generation) {

    public LinkedProgram {
        remap = remap.clone();
    }

    /** Fragment-local varying slot to linked (vertex) slot, -1 where unused. */
    @Override
    public int[] remap() {
        return remap.clone();
    }

    public ShaderIr shader(Stage stage) {
        return stage == Stage.VERTEX ? vertex : fragment;
    }

    /** An interpreter for a stage; the fragment one reads varyings through the link's remap. */
    public Interpreter interpreter(Stage stage) {
        return stage == Stage.VERTEX ? Interpreter.of(vertex, null) : Interpreter.of(fragment, remap);
    }

    /** Fresh zeroed uniform storage laid out for this program. */
    public UniformValues newUniforms() {
        return new UniformValues(iface);
    }
}
