package dev.csir.link;

import dev.csir.exec.Interpreter;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;

/**
 * A successfully linked vertex + fragment pair: the unit renderers consume, with the varying
 * remap, the program interface and the profile it was linked under (renderers size their
 * attribute, varying, uniform and sampler storage to it). A target makes its artifact from it
 * (TGSI: the fragment text carries the remap).
 */
public record LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface,
        int generation, Limits limits) {

    public LinkedProgram {
        remap = remap.clone();
        java.util.Objects.requireNonNull(limits, "limits");
    }

    /** A program of the default profile. */
    public LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface, int generation) {
        this(vertex, fragment, remap, iface, generation, Limits.DEFAULT);
    }

    /** Fragment-local varying slot to linked (vertex) slot, -1 where unused. */
    @Override
    public int[] remap() {
        return remap.clone();
    }

    public ShaderIr shader(Stage stage) {
        return stage == Stage.VERTEX ? vertex : fragment;
    }

    /**
     * An interpreter for a stage, its frames sized to the program's profile; the fragment one
     * reads varyings through the link's remap.
     */
    public Interpreter interpreter(Stage stage) {
        return stage == Stage.VERTEX ? Interpreter.of(vertex, null, limits) : Interpreter.of(fragment, remap, limits);
    }

    /** Fresh zeroed uniform storage laid out for this program. */
    public UniformValues newUniforms() {
        return new UniformValues(iface);
    }
}
