package dev.csir.gfx.testing;

/** Column-major 4x4 matrices for test scenes (element (row r, column c) at index c * 4 + r). */
public final class Mat4 {
    private Mat4() {
    }

    public static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }

    public static float[] mul(float[] a, float[] b) {
        float[] m = new float[16];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                float s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + r] * b[c * 4 + k];
                }
                m[c * 4 + r] = s;
            }
        }
        return m;
    }

    public static float[] apply(float[] m, float x, float y, float z, float w) {
        float[] v = {x, y, z, w};
        float[] o = new float[4];
        for (int r = 0; r < 4; r++) {
            o[r] = m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
        }
        return o;
    }

    public static float[] translate(float x, float y, float z) {
        float[] m = identity();
        m[12] = x;
        m[13] = y;
        m[14] = z;
        return m;
    }

    public static float[] rotateY(double radians) {
        float c = (float) Math.cos(radians), s = (float) Math.sin(radians);
        return new float[] {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    }

    public static float[] rotateX(double radians) {
        float c = (float) Math.cos(radians), s = (float) Math.sin(radians);
        return new float[] {1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1};
    }

    /** GL's perspective projection (right-handed eye space looking down -z, NDC z in [-1, 1]). */
    public static float[] perspective(double fovY, float aspect, float near, float far) {
        float f = (float) (1 / Math.tan(fovY / 2));
        float[] m = new float[16];
        m[0] = f / aspect;
        m[5] = f;
        m[10] = (far + near) / (near - far);
        m[11] = -1;
        m[14] = 2 * far * near / (near - far);
        return m;
    }
}
