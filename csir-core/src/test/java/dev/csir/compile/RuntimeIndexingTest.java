package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Differential;
import dev.csir.types.ShaderStage;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Run-time indexing on CSIR: local arrays read and written, uniform arrays read, matrix columns
 * and vector lanes at an index known only at run time, lowered to the indexed records; the
 * interpreter computes what the evaluator does for indexes in range.
 */
class RuntimeIndexingTest {
    static final List<String> FRAGMENTS = List.of("""
            #version 330 core
            struct Light { vec3 color; float power; };
            uniform Light lights[4];
            uniform int count;
            in vec2 uv;
            out vec4 c;
            void main() {
                vec3 sum = vec3(0.0);
                for (int i = 0; i < 4; i++) {
                    if (i < (count & 3) + 1) sum += lights[i].color * lights[i].power;
                }
                c = vec4(sum, uv.x);
            }
            """, """
            #version 330 core
            in vec2 uv;
            uniform int k;
            out vec4 c;
            void main() {
                float arr[6];
                for (int i = 0; i < 6; i++) arr[i] = uv.x * float(i) + uv.y;
                int j = (k & 3) + 1;
                arr[j] = arr[j - 1] * 2.0;
                c = vec4(arr[j], arr[(j + 2) % 6], arr[5 - j], 1.0);
            }
            """, """
            #version 330 core
            in vec4 v;
            uniform mat4 m;
            uniform int i;
            uniform int j;
            out vec4 c;
            void main() {
                mat4 local = m;
                int a = i & 3, b = j & 3;
                local[a][b] = v.x;
                vec4 w = v;
                w[b] = local[b][a] + w[a];
                c = vec4(local[a][b], m[b][a], w[b], w[a]) + local[b];
            }
            """, """
            #version 330 core
            uniform vec4 pal[8];
            uniform mat3 xs[3];
            uniform int n;
            in vec3 p;
            out vec4 c;
            void main() {
                vec4 acc = vec4(0.0);
                for (int i = 0; i < (n & 7); i++) acc += pal[i];
                int q = n & 3;
                vec3 t = xs[q % 3] * p + xs[(q + 1) % 3][q % 3];
                c = acc + vec4(t, pal[7 - (n & 7)].w);
            }
            """, """
            #version 330 core
            struct Item { vec2 at; mat2 turn; int tag[3]; };
            uniform int n;
            in vec2 uv;
            out vec4 c;
            void main() {
                Item items[3];
                for (int i = 0; i < 3; i++) {
                    items[i].at = uv * float(i);
                    items[i].turn = mat2(float(i), 1.0, uv.x, uv.y);
                    for (int k = 0; k < 3; k++) items[i].tag[k] = i * 3 + k;
                }
                int s = n & 1;
                items[s + 1].turn[s][1 - s] = 7.0;
                vec2 r = items[s].turn * items[2 - s].at + items[s + 1].turn[s];
                c = vec4(r, float(items[s + 1].tag[2 - s]), float(items[s].tag[s]));
            }
            """);

    static final List<String> VERTICES = List.of("""
            #version 330 core
            in vec4 pos;
            uniform mat4 bones[4];
            in vec4 weights;
            out vec4 col;
            void main() {
                vec4 p = vec4(0.0);
                for (int i = 0; i < 4; i++) p += bones[i] * pos * weights[i];
                gl_Position = p;
                int id = gl_VertexID & 3;
                col = bones[id][id];
            }
            """);

    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, FRAGMENTS, 60, new Random(81))).isEmpty();
        assertThat(Differential.disagreements(ShaderStage.VERTEX, VERTICES, 60, new Random(82))).isEmpty();
    }
}
