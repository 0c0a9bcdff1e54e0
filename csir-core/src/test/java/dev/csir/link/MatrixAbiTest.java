package dev.csir.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Stage;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;

/**
 * The matrix conventions end to end: row-major CPU matrices (translation in m[3], m[7], m[11]),
 * transposed into GLSL column-major uniforms by name, multiplied in a linked vertex shader run by
 * the interpreter, compared with the CPU product and the published table within 0.002.
 */
class MatrixAbiTest {
    private static final String VS = """
            uniform mat4 model;
            uniform mat4 view;
            uniform mat4 projection;
            layout(location = 0) in vec4 position;
            void main() { gl_Position = projection * (view * (model * position)); }
            """;
    private static final String FS = "out vec4 c; void main() { c = vec4(1.0); }";

    /** Row-major 4x4 matrices, as the CPU side keeps them. */
    record M(float[] m) {
        static M identity() {
            float[] m = new float[16];
            m[0] = m[5] = m[10] = m[15] = 1;
            return new M(m);
        }

        static M translate(float x, float y, float z) {
            M r = identity();
            r.m[3] = x;
            r.m[7] = y;
            r.m[11] = z;
            return r;
        }

        static M scale(float x, float y, float z) {
            M r = identity();
            r.m[0] = x;
            r.m[5] = y;
            r.m[10] = z;
            return r;
        }

        static M rotateX(double deg) {
            M r = identity();
            float c = cos(deg), s = sin(deg);
            r.m[5] = c;
            r.m[6] = -s;
            r.m[9] = s;
            r.m[10] = c;
            return r;
        }

        static M rotateY(double deg) {
            M r = identity();
            float c = cos(deg), s = sin(deg);
            r.m[0] = c;
            r.m[2] = -s;
            r.m[8] = s;
            r.m[10] = c;
            return r;
        }

        static M rotateZ(double deg) {
            M r = identity();
            float c = cos(deg), s = sin(deg);
            r.m[0] = c;
            r.m[1] = -s;
            r.m[4] = s;
            r.m[5] = c;
            return r;
        }

        static M perspective(double fovDeg, float aspect, float near, float far) {
            float f = (float) Math.abs(Math.cos(Math.toRadians(fovDeg / 2)) / Math.sin(Math.toRadians(fovDeg / 2)));
            float[] m = new float[16];
            m[0] = f / aspect;
            m[5] = f;
            m[10] = (far + near) / (near - far);
            m[11] = 2 * far * near / (near - far);
            m[14] = -1;
            return new M(m);
        }

        static M ortho(float l, float r, float b, float t, float n, float f) {
            M o = identity();
            o.m[0] = 2 / (r - l);
            o.m[5] = 2 / (t - b);
            o.m[10] = -2 / (f - n);
            o.m[3] = -(r + l) / (r - l);
            o.m[7] = -(t + b) / (t - b);
            o.m[11] = -(f + n) / (f - n);
            return o;
        }

        /** A camera at cam looking along yaw (about Y) and pitch (about X), in degrees. */
        static M view(float[] cam, double yaw, double pitch) {
            float[] fwd = norm(new float[] {sin(yaw) * cos(pitch), -sin(pitch), -cos(yaw) * cos(pitch)});
            float[] right = {cos(yaw), 0, sin(yaw)};
            float[] up = norm(cross(right, fwd));
            float[][] rows = {right, up, fwd};
            float[] m = new float[16];
            for (int i = 0; i < 3; i++) {
                m[i * 4] = rows[i][0];
                m[i * 4 + 1] = rows[i][1];
                m[i * 4 + 2] = rows[i][2];
                m[i * 4 + 3] = -(rows[i][0] * cam[0] + rows[i][1] * cam[1] + rows[i][2] * cam[2]);
            }
            m[15] = 1;
            return new M(m);
        }

        M times(M o) {
            float[] r = new float[16];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    float s = 0;
                    for (int k = 0; k < 4; k++) {
                        s += m[i * 4 + k] * o.m[k * 4 + j];
                    }
                    r[i * 4 + j] = s;
                }
            }
            return new M(r);
        }

        float[] apply(float[] v) {
            float[] r = new float[4];
            for (int i = 0; i < 4; i++) {
                r[i] = m[i * 4] * v[0] + m[i * 4 + 1] * v[1] + m[i * 4 + 2] * v[2] + m[i * 4 + 3] * v[3];
            }
            return r;
        }

        /** The GLSL column-major layout: column j holds row-major m[i*4+j]. */
        float[] toGlsl() {
            float[] c = new float[16];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    c[j * 4 + i] = m[i * 4 + j];
                }
            }
            return c;
        }

        private static float sin(double deg) {
            return (float) Math.sin(Math.toRadians(deg));
        }

        private static float cos(double deg) {
            return (float) Math.cos(Math.toRadians(deg));
        }

        private static float[] cross(float[] a, float[] b) {
            return new float[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
        }

        private static float[] norm(float[] v) {
            float l = (float) Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            return new float[] {v[0] / l, v[1] / l, v[2] / l};
        }
    }

    record Case(String name, M model, M view, M projection, float[] input, float[] expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> table() {
        M i = M.identity();
        float[] origin = {0, 0, 0};
        return Stream.of(
                new Case("identity", i, i, i, new float[] {0.25f, -0.5f, 0.75f, 1}, new float[] {0.25f, -0.5f, 0.75f, 1}),
                new Case("translation", M.translate(4, -2, 1.5f), i, i, new float[] {1, 2, 3, 1}, new float[] {5, 0, 4.5f, 1}),
                new Case("rot x", M.rotateX(90), i, i, new float[] {0.2f, 1, 0, 1}, new float[] {0.2f, 0, 1, 1}),
                new Case("rot y", M.rotateY(90), i, i, new float[] {1, 0.3f, 0, 1}, new float[] {0, 0.3f, 1, 1}),
                new Case("rot z", M.rotateZ(90), i, i, new float[] {1, 0, 0.4f, 1}, new float[] {0, 1, 0.4f, 1}),
                new Case("scale", M.scale(2, 3, 4), i, i, new float[] {1, 1, 1, 1}, new float[] {2, 3, 4, 1}),
                new Case("camera", i, M.view(new float[] {0, 1.5f, 5}, 0, 0), i, new float[] {0, 1.5f, 0, 1},
                        new float[] {0, 0, 5, 1}),
                new Case("yaw", i, M.view(origin, 90, 0), i, new float[] {1, 0, -2, 1}, new float[] {-2, 0, 1, 1}),
                new Case("pitch", i, M.view(origin, 0, 30), i, new float[] {0, 0, -3, 1},
                        new float[] {0, 1.5f, 2.5981f, 1}),
                new Case("perspective", M.translate(0, 0, -5), i, M.perspective(60, 1, 0.1f, 100),
                        new float[] {0, 0, 0, 1}, new float[] {0, 0, 4.8098f, 5}),
                new Case("ortho", i, i, M.ortho(-2, 2, -2, 2, 0.1f, 50), new float[] {1, -1, -2, 1},
                        new float[] {0.5f, -0.5f, -0.9238f, 1}));
    }

    @ParameterizedTest
    @MethodSource("table")
    void shaderAgreesWithTheCpuAndTheTable(Case c) {
        Program p = LinkerTest.program(VS, FS);
        assertThat(p.link()).isTrue();
        LinkedProgram lp = p.linked().orElseThrow();
        UniformValues u = lp.newUniforms();
        assertThat(u.set("model", c.model().toGlsl())).isEmpty();
        assertThat(u.set("view", c.view().toGlsl())).isEmpty();
        assertThat(u.set("projection", c.projection().toGlsl())).isEmpty();

        Interpreter vs = lp.interpreter(Stage.VERTEX);
        Frame f = vs.newFrame();
        float[] words = u.words(Stage.VERTEX);
        System.arraycopy(words, 0, f.uniforms(), 0, words.length);
        f.attribute(0, c.input()[0], c.input()[1], c.input()[2], c.input()[3]);
        vs.run(f);

        float[] cpu = c.projection().times(c.view().times(c.model())).apply(c.input());
        Offset<Float> tol = Offset.offset(0.002f);
        assertThat(f.position()).as("shader vs CPU").containsExactly(cpu, tol);
        assertThat(f.position()).as("shader vs table").containsExactly(c.expected(), tol);
    }
}
