package dev.csir.link;

import dev.csir.exec.BatchShader;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.Module;
import java.util.Objects;
import java.util.Optional;

/**
 * A successfully linked vertex + fragment pair: the unit renderers consume, with the varying
 * remap, the program interface and the profile it was linked under (renderers size their
 * attribute, varying, uniform and sampler storage to it). A target makes its artifact from it
 * (TGSI: the fragment text carries the remap).
 */
public record LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface,
        int generation, Limits limits, Modules modules) {

    /**
     * The optimized transform-IR modules the two stages were lowered from, for the targets that
     * start from the transform IR (SPIR-V); a program linked from CSIR alone (a CSI blob) has none.
     */
    public record Modules(Module vertex, Module fragment) {
        public Modules {
            Objects.requireNonNull(vertex, "vertex");
            Objects.requireNonNull(fragment, "fragment");
        }
    }

    public LinkedProgram {
        remap = remap.clone();
        Objects.requireNonNull(limits, "limits");
    }

    /** A program of CSIR alone, without transform-IR modules. */
    public LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface, int generation,
            Limits limits) {
        this(vertex, fragment, remap, iface, generation, limits, null);
    }

    /** A program of the default profile. */
    public LinkedProgram(ShaderIr vertex, ShaderIr fragment, int[] remap, ProgramInterface iface, int generation) {
        this(vertex, fragment, remap, iface, generation, Limits.DEFAULT, null);
    }

    /** The same program carrying the stages' transform-IR modules. */
    public LinkedProgram withModules(Modules m) {
        return new LinkedProgram(vertex, fragment, remap, iface, generation, limits, m);
    }

    /** The transform-IR modules, when the program was linked from compiled sources. */
    public Optional<Modules> transformModules() {
        return Optional.ofNullable(modules);
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

    /** A stage compiled to run over batches of {@code lanes} invocations, as {@link #interpreter} runs one. */
    public BatchShader batchShader(Stage stage, int lanes) {
        return stage == Stage.VERTEX ? BatchShader.of(vertex, null, limits, lanes)
                : BatchShader.of(fragment, remap, limits, lanes);
    }

    /**
     * Fresh uniform storage laid out for this program: zeros, except for the uniforms whose
     * declaration has an initializer (known from the transform-IR modules), which hold its value.
     */
    public UniformValues newUniforms() {
        UniformValues u = new UniformValues(iface);
        if (modules != null) {
            UniformDefaults.apply(modules.vertex(), u);
            UniformDefaults.apply(modules.fragment(), u);
        }
        return u;
    }
}
