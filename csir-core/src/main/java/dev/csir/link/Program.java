package dev.csir.link;

import dev.csir.CompileResult;
import dev.csir.diag.Messages;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ssa.Module;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A program object: one vertex and one fragment shader, relinkable. Every successful link
 * increments the generation (the first gives 2, as the original counts); a failed relink keeps
 * the previous linked program intact and logs {@code kept previous program}.
 */
public final class Program {
    private final Limits limits;
    private ShaderIr vertex;
    private ShaderIr fragment;
    private Module vertexModule;
    private Module fragmentModule;
    private LinkedProgram linked;
    private int generation = 1;
    private final List<String> log = new ArrayList<>();
    private List<LinkError> errors = List.of();

    public Program() {
        this(Limits.DEFAULT);
    }

    public Program(Limits limits) {
        this.limits = limits;
    }

    /**
     * Attaches a compiled shader in its stage's place. A shader that failed to compile is refused
     * (the message is returned and nothing changes).
     */
    public Optional<String> attach(CompileResult shader) {
        if (shader == null || !shader.ok()) {
            String m = Messages.ATTACH_FAILED_SHADER + (shader == null ? "" : " '" + shader.name() + "'");
            log.add(m);
            return Optional.of(m);
        }
        attach(shader.ir());
        if (shader.stage() == Stage.VERTEX) {
            vertexModule = shader.module();
        } else {
            fragmentModule = shader.module();
        }
        return Optional.empty();
    }

    /** Attaches verified CSIR in its stage's place (a stage attached so has no transform-IR module). */
    public void attach(ShaderIr shader) {
        if (shader.stage() == Stage.VERTEX) {
            vertex = shader;
            vertexModule = null;
        } else {
            fragment = shader;
            fragmentModule = null;
        }
    }

    /** Links the attached pair; returns true on success. */
    public boolean link() {
        log.clear();
        errors = List.of();
        Linker.Result r = Linker.link(vertex, fragment, nextGeneration(), limits);
        switch (r) {
            case Linker.Linked l -> {
                linked = vertexModule != null && fragmentModule != null
                        ? l.program().withModules(new LinkedProgram.Modules(vertexModule, fragmentModule))
                        : l.program();
                generation = linked.generation();
                return true;
            }
            case Linker.Failed f -> {
                log.addAll(f.log());
                errors = f.errors();
                if (linked != null) {
                    log.add(Messages.KEPT_PREVIOUS_PROGRAM);
                }
                return false;
            }
        }
    }

    private int nextGeneration() {
        int g = generation + 1;
        return g == 0 ? 1 : g;
    }

    /** True once a link has succeeded (a failed relink does not clear it). */
    public boolean ok() {
        return linked != null;
    }

    public int generation() {
        return generation;
    }

    /** The current linked program, if any link succeeded. */
    public Optional<LinkedProgram> linked() {
        return Optional.ofNullable(linked);
    }

    /** The log of the last attach or link, one entry per message. */
    public List<String> log() {
        return List.copyOf(log);
    }

    /** The structured errors of the last failed link (empty after a success). */
    public List<LinkError> errors() {
        return errors;
    }
}
