package dev.csir.gfx.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.gfx.Mesh;
import dev.csir.gfx.Texture;
import dev.csir.gfx.VertexAttribute;
import dev.csir.gfx.VertexLayout;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.link.AttributeInfo;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.link.UniformInfo;
import dev.csir.link.UniformValues;
import dev.csir.testing.Shared;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The linkable vertex + fragment pairs of the original's conformance shaders (from
 * {@code ../shared/conformance}), linked by csir, with the uniforms, textures and triangle every
 * device test draws them with.
 */
public final class ConformancePairs {
    private ConformancePairs() {
    }

    /** The pairs the original links (golden/linked, less the failing mm+mm) and the synthetic remap pair. */
    public static Stream<String> pairs() {
        return Stream.of("const+const", "d+d", "fn+if", "for+if", "if+if", "lab+lab", "light+light", "mvp+tri",
                "p+proc", "tex+tex", "tri+tri", "vary+vary", "world+world", "remap+remap");
    }

    /** The pair {@code vs+fs} compiled and linked; asserts each step. */
    public static LinkedProgram link(String pair) throws IOException {
        String[] names = pair.split("\\+");
        Program program = new Program();
        assertThat(program.attach(compile(Stage.VERTEX, names[0] + ".vert"))).isEmpty();
        assertThat(program.attach(compile(Stage.FRAGMENT, names[1] + ".frag"))).isEmpty();
        assertThat(program.link()).as("link log %s", program.log()).isTrue();
        return program.linked().orElseThrow();
    }

    private static CompileResult compile(Stage stage, String file) throws IOException {
        Path c = Shared.conformance().orElseThrow();
        Path p = c.resolve("shaders").resolve(file);
        Path source = Files.exists(p) ? p : c.resolve("golden/synthetic").resolve(file);
        CompileResult r = ShaderCompiler.compile(stage, file, Files.readString(source));
        assertThat(r.ok()).as("%s compiles:\n%s", file, r.log()).isTrue();
        return r;
    }

    /** Identity matrices, so positions pass through; every other uniform 0.5 in each lane. */
    public static UniformValues uniforms(LinkedProgram p) {
        UniformValues u = p.newUniforms();
        for (UniformInfo info : p.iface().uniforms()) {
            float[] v = new float[info.floats()];
            if (info.type() == Type.MAT4 || info.type() == Type.MAT3) {
                int n = info.type().components();
                for (int i = 0; i < n; i++) {
                    v[i * n + i] = 1;
                }
            } else {
                Arrays.fill(v, 0.5f);
            }
            assertThat(u.set(info.name(), v)).isEmpty();
        }
        return u;
    }

    /** Four 2x2 textures of one grey. */
    public static List<Texture> textures() {
        List<Texture> textures = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            byte[] b = new byte[16];
            Arrays.fill(b, (byte) 200);
            textures.add(new Texture(2, 2, b));
        }
        return textures;
    }

    /** One triangle around the centre: the attribute at location 0 carries the position, the others 0.5. */
    public static Mesh mesh(LinkedProgram p) {
        List<AttributeInfo> attrs = new ArrayList<>(p.iface().attributes());
        attrs.sort((a, b) -> Integer.compare(a.location(), b.location()));
        List<VertexAttribute> layout = new ArrayList<>();
        int stride = 0;
        for (AttributeInfo a : attrs) {
            layout.add(new VertexAttribute(a.location(), a.components(), stride));
            stride += a.components();
        }
        if (stride == 0) {
            stride = 1;
        }
        float[][] pos = {{-0.9f, -0.9f, 0, 1}, {0.9f, -0.9f, 0, 1}, {0, 0.9f, 0, 1}};
        float[] v = new float[3 * stride];
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < attrs.size(); i++) {
                AttributeInfo a = attrs.get(i);
                for (int c = 0; c < a.components(); c++) {
                    v[k * stride + layout.get(i).offset() + c] = a.location() == 0 ? pos[k][c] : 0.5f;
                }
            }
        }
        return new Mesh(v, new VertexLayout(stride, layout));
    }
}
