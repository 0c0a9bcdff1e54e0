package dev.csir.link;

import dev.csir.ir.Stage;
import java.util.List;
import java.util.Optional;

/**
 * Everything a renderer needs to feed a linked program: attributes, varyings, uniforms merged
 * by name, samplers, and the vec4 constant count of each stage.
 */
public record ProgramInterface(List<AttributeInfo> attributes, List<VaryingInfo> varyings,
        List<UniformInfo> uniforms, List<SamplerInfo> samplers, int vertexVec4s, int fragmentVec4s) {

    public ProgramInterface {
        attributes = List.copyOf(attributes);
        varyings = List.copyOf(varyings);
        uniforms = List.copyOf(uniforms);
        samplers = List.copyOf(samplers);
    }

    public Optional<UniformInfo> uniform(String name) {
        for (UniformInfo u : uniforms) {
            if (u.name().equals(name)) {
                return Optional.of(u);
            }
        }
        return Optional.empty();
    }

    /** The sampler slot of a name: fragment samplers are searched first, as the original does. */
    public Optional<SamplerInfo> sampler(String name) {
        for (Stage s : new Stage[] {Stage.FRAGMENT, Stage.VERTEX}) {
            for (SamplerInfo i : samplers) {
                if (i.stage() == s && i.name().equals(name)) {
                    return Optional.of(i);
                }
            }
        }
        return Optional.empty();
    }

    public Optional<AttributeInfo> attribute(String name) {
        return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public int vec4s(Stage stage) {
        return stage == Stage.VERTEX ? vertexVec4s : fragmentVec4s;
    }
}
