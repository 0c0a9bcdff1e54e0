package dev.csir.cli;

import dev.csir.gfx.Mesh;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.link.AttributeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Feeds a program's vertex inputs from a mesh of {@code csir render}. The meshes carry three
 * streams at locations 0 (position), 1 (colour or normal) and 2 (uv). An input the source placed
 * with {@code layout(location = N)} reads stream N; one without reads the stream its name is
 * known for, as the names common in tutorials and engines go, else the location the compiler
 * assigned it.
 */
final class VertexBinding {
    /** Known input names and the stream they read. */
    private static final Map<String, Integer> BY_NAME = Map.ofEntries(
            Map.entry("position", 0), Map.entry("pos", 0), Map.entry("aPos", 0), Map.entry("aPosition", 0),
            Map.entry("inPosition", 0), Map.entry("vertex", 0),
            Map.entry("normal", 1), Map.entry("aNormal", 1), Map.entry("color", 1), Map.entry("aColor", 1),
            Map.entry("inColor", 1),
            Map.entry("uv", 2), Map.entry("texcoord", 2), Map.entry("aTexCoord", 2), Map.entry("aUV", 2),
            Map.entry("inUV", 2));

    /** The names, for help text. */
    static final String NAMES_HELP = "position, pos, aPos, aPosition, inPosition, vertex read location 0;"
            + " normal, aNormal, color, aColor, inColor location 1; uv, texcoord, aTexCoord, aUV, inUV location 2";

    private VertexBinding() {
    }

    /** The stream an input reads: its source location, or its name's, or its assigned location. */
    static int streamOf(AttributeInfo a) {
        if (a.explicitLocation()) {
            return a.location();
        }
        return BY_NAME.getOrDefault(a.name(), a.location());
    }

    /**
     * The mesh with its layout rearranged so that each program input's location holds the stream
     * it reads.
     */
    static Mesh bind(List<AttributeInfo> inputs, Mesh mesh) throws RenderCommand.BadInput {
        VertexLayout layout = mesh.layout();
        List<VertexAttribute> bound = new ArrayList<>();
        for (AttributeInfo a : inputs) {
            int stream = streamOf(a);
            Optional<VertexAttribute> source = layout.at(stream);
            if (source.isEmpty()) {
                String provided = layout.attributes().stream().map(v -> Integer.toString(v.location()))
                        .collect(Collectors.joining(", "));
                throw new RenderCommand.BadInput("vertex input '" + a.name() + "' reads location " + stream
                        + (a.explicitLocation() ? "" : " (assigned by the compiler)")
                        + ", which the mesh does not provide; the mesh provides locations " + provided
                        + " (see csir render --help)");
            }
            VertexAttribute s = source.get();
            bound.add(new VertexAttribute(a.location(), s.components(), s.offset()));
        }
        return new Mesh(mesh.vertices(), new VertexLayout(layout.stride(), bound));
    }
}
