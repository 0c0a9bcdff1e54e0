package dev.csir.gfx.scene;

/**
 * A 4x4 float matrix stored column-major, as GLSL and {@code UniformValues.set} take it.
 * Angles are in degrees; conventions are OpenGL's (right-handed, camera looks down -z).
 */
public record Mat4(float[] m) {

    public Mat4 {
        if (m.length != 16) {
            throw new IllegalArgumentException("a mat4 has 16 floats");
        }
        m = m.clone();
    }

    @Override
    public float[] m() {
        return m.clone();
    }

    /** Element at row r, column c. */
    public float get(int r, int c) {
        return m[c * 4 + r];
    }

    public static Mat4 identity() {
        return scale(1, 1, 1);
    }

    public static Mat4 translate(float x, float y, float z) {
        float[] a = identity().m;
        a[12] = x;
        a[13] = y;
        a[14] = z;
        return new Mat4(a);
    }

    public static Mat4 scale(float x, float y, float z) {
        float[] a = new float[16];
        a[0] = x;
        a[5] = y;
        a[10] = z;
        a[15] = 1;
        return new Mat4(a);
    }

    public static Mat4 rotateX(double degrees) {
        float c = (float) Math.cos(Math.toRadians(degrees));
        float s = (float) Math.sin(Math.toRadians(degrees));
        return fromRows(1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1);
    }

    public static Mat4 rotateY(double degrees) {
        float c = (float) Math.cos(Math.toRadians(degrees));
        float s = (float) Math.sin(Math.toRadians(degrees));
        return fromRows(c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1);
    }

    public static Mat4 rotateZ(double degrees) {
        float c = (float) Math.cos(Math.toRadians(degrees));
        float s = (float) Math.sin(Math.toRadians(degrees));
        return fromRows(c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    }

    /** gluPerspective: vertical field of view, aspect = width / height. */
    public static Mat4 perspective(double fovYDegrees, float aspect, float near, float far) {
        float f = (float) (1.0 / Math.tan(Math.toRadians(fovYDegrees) / 2));
        return fromRows(f / aspect, 0, 0, 0,
                0, f, 0, 0,
                0, 0, (far + near) / (near - far), 2 * far * near / (near - far),
                0, 0, -1, 0);
    }

    /** glOrtho. */
    public static Mat4 ortho(float l, float r, float b, float t, float n, float f) {
        return fromRows(2 / (r - l), 0, 0, -(r + l) / (r - l),
                0, 2 / (t - b), 0, -(t + b) / (t - b),
                0, 0, -2 / (f - n), -(f + n) / (f - n),
                0, 0, 0, 1);
    }

    /** A matrix written as it reads on paper, row by row. */
    public static Mat4 fromRows(float... rows) {
        if (rows.length != 16) {
            throw new IllegalArgumentException("a mat4 has 16 floats");
        }
        float[] a = new float[16];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                a[c * 4 + r] = rows[r * 4 + c];
            }
        }
        return new Mat4(a);
    }

    /** this × other. */
    public Mat4 times(Mat4 o) {
        float[] r = new float[16];
        for (int c = 0; c < 4; c++) {
            for (int row = 0; row < 4; row++) {
                float s = 0;
                for (int k = 0; k < 4; k++) {
                    s += m[k * 4 + row] * o.m[c * 4 + k];
                }
                r[c * 4 + row] = s;
            }
        }
        return new Mat4(r);
    }

    /** this × (x, y, z, w). */
    public float[] apply(float x, float y, float z, float w) {
        float[] v = {x, y, z, w};
        float[] r = new float[4];
        for (int row = 0; row < 4; row++) {
            for (int k = 0; k < 4; k++) {
                r[row] += m[k * 4 + row] * v[k];
            }
        }
        return r;
    }
}
