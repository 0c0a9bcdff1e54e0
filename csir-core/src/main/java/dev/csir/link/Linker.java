package dev.csir.link;

import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Links a vertex and a fragment shader: matches varyings by name and exact type, builds the
 * fragment-to-vertex slot remap and merges uniforms by name. Target-neutral: each target makes
 * its own artifact from the linked pair and the remap ({@code dev.csir.tgsi.TgsiProgram} the TGSI).
 */
public final class Linker {
    private Linker() {
    }

    /** The outcome of a link: a program, or the log lines saying why not. */
    public sealed interface Result permits Linked, Failed {
    }

    public record Linked(LinkedProgram program) implements Result {
    }

    public record Failed(List<LinkError> errors) implements Result {
        public Failed {
            errors = List.copyOf(errors);
        }

        /** The program-log lines, as the original writes them. */
        public List<String> log() {
            return errors.stream().map(LinkError::logLine).toList();
        }
    }

    public static Result link(ShaderIr vertex, ShaderIr fragment, int generation) {
        return link(vertex, fragment, generation, Limits.DEFAULT);
    }

    /**
     * Links under a profile: the remap covers its varying slots, and the program carries it for
     * the renderers.
     */
    public static Result link(ShaderIr vertex, ShaderIr fragment, int generation, Limits limits) {
        List<LinkError> log = new ArrayList<>();
        if (vertex == null || fragment == null || vertex.stage() != Stage.VERTEX
                || fragment.stage() != Stage.FRAGMENT) {
            log.add(LinkError.of(Messages.MISSING_SHADER));
            return new Failed(log);
        }
        if (fragment.iface().outputs().isEmpty()) {
            log.add(LinkError.of(Messages.FRAGMENT_NO_OUTPUT));
        }

        int[] remap = new int[limits.varyingSlots()];
        Arrays.fill(remap, -1);
        List<VaryingInfo> varyings = new ArrayList<>();
        for (InterfaceVar in : fragment.iface().inputs()) {
            InterfaceVar out = match(vertex.iface().outputs(), in);
            if (out == null) {
                log.add(LinkError.at(Messages.MISSING_VARYING, Stage.FRAGMENT, in,
                        "fragment input '" + in.name() + "' has no vertex output of that name"));
            } else if (out.type() != in.type()) {
                log.add(LinkError.at(Messages.VARYING_TYPE_MISMATCH, Stage.FRAGMENT, in,
                        "'" + in.name() + "' is " + out.type().glslName() + " in the vertex shader and "
                                + in.type().glslName() + " in the fragment shader"));
            } else if (in.slot() < 0 || in.slot() >= remap.length || out.slot() < 0 || out.slot() >= remap.length) {
                log.add(LinkError.at(Messages.INVALID_VARYING_SLOT, Stage.FRAGMENT, in, ""));
            } else {
                remap[in.slot()] = out.slot();
                varyings.add(new VaryingInfo(in.name(), in.type(), out.slot(), in.slot(), in.interpolation()));
            }
        }

        for (InterfaceVar in : fragment.iface().clipDistances()) {
            // the fragment stage reads the distances the vertex stage writes, at the vertex's slot
            InterfaceVar out = vertex.iface().clipDistances().stream().filter(v -> v.name().equals(in.name()))
                    .findFirst().orElse(null);
            if (out == null || out.type().components() < in.type().components()) {
                log.add(LinkError.at(Messages.clipDistancesUnwritten(fragment.iface().clipDistanceCount(),
                        vertex.iface().clipDistanceCount()), Stage.FRAGMENT, in, ""));
            } else if (in.slot() >= 0 && in.slot() < remap.length && out.slot() >= 0 && out.slot() < remap.length) {
                remap[in.slot()] = out.slot();
            } else {
                log.add(LinkError.at(Messages.INVALID_VARYING_SLOT, Stage.FRAGMENT, in, ""));
            }
        }

        List<AttributeInfo> attributes = new ArrayList<>();
        for (InterfaceVar a : vertex.iface().inputs()) {
            attributes.add(new AttributeInfo(a.name(), a.type(), a.slot(), Math.max(1, a.type().components()),
                    a.explicitSlot()));
        }

        List<UniformInfo> uniforms = new ArrayList<>();
        List<SamplerInfo> samplers = new ArrayList<>();
        for (ShaderIr s : List.of(vertex, fragment)) {
            for (InterfaceVar u : s.iface().samplers()) {
                for (SamplerInfo other : samplers) {
                    if (other.name().equals(u.name()) && other.kind() != u.type()) {
                        log.add(LinkError.at(Messages.UNIFORM_TYPE_MISMATCH, s.stage(), u,
                                "'" + u.name() + "' is " + other.kind().glslName() + " in the vertex shader and "
                                        + u.type().glslName() + " in the fragment shader"));
                    }
                }
                samplers.add(new SamplerInfo(u.name(), s.stage(), u.slot(), u.type()));
            }
            for (InterfaceVar u : s.iface().uniforms()) {
                mergeUniform(uniforms, u, s.stage(), log);
            }
        }
        if (!log.isEmpty()) {
            return new Failed(log);
        }

        ProgramInterface iface = new ProgramInterface(attributes, varyings, uniforms, samplers,
                vertex.iface().uniformVec4Count(), fragment.iface().uniformVec4Count());
        return new Linked(new LinkedProgram(vertex, fragment, remap, iface, generation, limits));
    }

    private static void mergeUniform(List<UniformInfo> uniforms, InterfaceVar u, Stage stage, List<LinkError> log) {
        for (int i = 0; i < uniforms.size(); i++) {
            UniformInfo e = uniforms.get(i);
            if (e.name().equals(u.name())) {
                if (e.type() != u.type()) {
                    log.add(LinkError.at(Messages.UNIFORM_TYPE_MISMATCH, stage, u,
                            "'" + u.name() + "' is " + e.type().glslName() + " in the vertex shader and "
                                    + u.type().glslName() + " in the fragment shader"));
                } else {
                    uniforms.set(i, stage == Stage.VERTEX
                            ? new UniformInfo(e.name(), e.type(), e.stage(), e.slot(), u.slot(), e.fragmentSlot())
                            : new UniformInfo(e.name(), e.type(), e.stage(), e.slot(), e.vertexSlot(), u.slot()));
                }
                return;
            }
        }
        uniforms.add(new UniformInfo(u.name(), u.type(), stage, u.slot(),
                stage == Stage.VERTEX ? u.slot() : -1, stage == Stage.FRAGMENT ? u.slot() : -1));
    }

    /**
     * The vertex output a fragment input reads: the one at its location when both declared one
     * (GLSL 4.60 4.4.1, how Vulkan GLSL's stages always meet), else the one of its name.
     */
    private static InterfaceVar match(List<InterfaceVar> outputs, InterfaceVar in) {
        if (in.explicitSlot()) {
            for (InterfaceVar out : outputs) {
                if (out.explicitSlot() && out.slot() == in.slot()) {
                    return out;
                }
            }
        }
        return find(outputs, in.name());
    }

    private static InterfaceVar find(List<InterfaceVar> vars, String name) {
        for (InterfaceVar v : vars) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }
}
