package dev.csir.back.spirv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A linked pair written for one pipeline: varyings meet by name, descriptors do not collide, both validate. */
class SpirvProgramTest {
    private static final String VS = """
            #version 330 core
            layout(location = 0) in vec4 position;
            uniform mat4 mvp;
            uniform float time;
            out vec3 first;
            out vec2 second;
            void main() {
                gl_Position = mvp * position;
                first = position.xyz * time;
                second = position.xy;
            }
            """;
    // declares the varyings in the other order, so their own locations would not match
    private static final String FS = """
            #version 330 core
            in vec2 second;
            in vec3 first;
            uniform vec4 tint;
            uniform sampler2D tex;
            out vec4 color;
            void main() {
                color = texture(tex, second) * tint + vec4(first, 0.0);
            }
            """;

    private static LinkedProgram.Modules linked() {
        CompileResult v = ShaderCompiler.compile(Stage.VERTEX, "p.vert", VS);
        CompileResult f = ShaderCompiler.compile(Stage.FRAGMENT, "p.frag", FS);
        assertThat(v.ok()).as(v.log()).isTrue();
        assertThat(f.ok()).as(f.log()).isTrue();
        Program p = new Program();
        p.attach(v);
        p.attach(f);
        assertThat(p.link()).as(String.join("\n", p.log())).isTrue();
        return p.linked().orElseThrow().transformModules().orElseThrow();
    }

    @Test
    void fragmentInputsTakeTheVertexOutputsLocationsAndDescriptorsFollowTheVertexOnes() throws Exception {
        LinkedProgram.Modules m = linked();
        SpirvProgram spv = SpirvProgram.write(m.vertex(), m.fragment(), SpirvWriter.Options.DEFAULT);
        assertThat(spv.errors()).isEmpty();
        Reflection vr = spv.vertex().reflection();
        Reflection fr = spv.fragment().reflection();
        List<Reflection.Variable> varyings = fr.inputs().stream().filter(v -> v.builtIn() == null).toList();
        for (Reflection.Variable in : varyings) {
            Reflection.Variable out = vr.outputs().stream().filter(o -> o.name().equals(in.name())).findFirst()
                    .orElseThrow();
            assertThat(in.location()).as(in.name()).isEqualTo(out.location());
        }
        assertThat(varyings).extracting(Reflection.Variable::name).containsExactly("second", "first");
        assertThat(vr.blocks()).singleElement().satisfies(b -> {
            assertThat(b.binding()).isZero();
            assertThat(b.members()).extracting(Reflection.Member::name).containsExactly("mvp", "time");
            assertThat(b.members()).extracting(Reflection.Member::offset).containsExactly(0, 64);
            assertThat(b.members().get(0).matrixStride()).isEqualTo(16);
            assertThat(b.size()).isEqualTo(80);
        });
        assertThat(fr.blocks()).singleElement().satisfies(b -> assertThat(b.binding()).isEqualTo(1));
        assertThat(fr.samplers()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("tex");
            assertThat(s.binding()).isEqualTo(2);
        });
        assertThat(SpirvVal.validate(spv.vertex().binary())).isNull();
        assertThat(SpirvVal.validate(spv.fragment().binary())).isNull();
        // the modules of the linked program are left as they were
        assertThat(m.fragment().global("second").orElseThrow().location()).isZero();
    }

    @Test
    void glDepthAddsTheRemapToTheVertexStageOnly() throws Exception {
        LinkedProgram.Modules m = linked();
        SpirvProgram plain = SpirvProgram.write(m.vertex(), m.fragment(), SpirvWriter.Options.DEFAULT, false);
        SpirvProgram gl = SpirvProgram.write(m.vertex(), m.fragment(), SpirvWriter.Options.DEFAULT, true);
        assertThat(gl.vertex().binary().length).isGreaterThan(plain.vertex().binary().length);
        assertThat(gl.fragment().binary()).isEqualTo(plain.fragment().binary());
        assertThat(SpirvVal.validate(gl.vertex().binary())).isNull();
    }
}
