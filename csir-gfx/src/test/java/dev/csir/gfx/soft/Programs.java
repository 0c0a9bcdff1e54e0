package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;

/** Compiles and links test programs from source. */
final class Programs {
    private Programs() {
    }

    static LinkedProgram link(String vertex, String fragment) {
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, "t.vert", vertex);
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, "t.frag", fragment);
        assertThat(vs.ok()).as(vs.log()).isTrue();
        assertThat(fs.ok()).as(fs.log()).isTrue();
        Program p = new Program();
        p.attach(vs);
        p.attach(fs);
        assertThat(p.link()).as(String.join("\n", p.log())).isTrue();
        return p.linked().orElseThrow();
    }

    /** Column-major perspective projection (GL's gluPerspective). */
    static float[] perspective(float fovYDegrees, float aspect, float near, float far) {
        float f = (float) (1.0 / Math.tan(Math.toRadians(fovYDegrees) / 2));
        return new float[] {f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0,
            2 * far * near / (near - far), 0};
    }

    static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }

    static float[] translate(float x, float y, float z) {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
    }

    /** Column-major a * b. */
    static float[] mul(float[] a, float[] b) {
        float[] r = new float[16];
        for (int c = 0; c < 4; c++) {
            for (int row = 0; row < 4; row++) {
                float s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + row] * b[c * 4 + k];
                }
                r[c * 4 + row] = s;
            }
        }
        return r;
    }

    static float[] rotateY(float degrees) {
        float c = (float) Math.cos(Math.toRadians(degrees));
        float s = (float) Math.sin(Math.toRadians(degrees));
        return new float[] {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    }

    static float[] rotateX(float degrees) {
        float c = (float) Math.cos(Math.toRadians(degrees));
        float s = (float) Math.sin(Math.toRadians(degrees));
        return new float[] {1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1};
    }
}
