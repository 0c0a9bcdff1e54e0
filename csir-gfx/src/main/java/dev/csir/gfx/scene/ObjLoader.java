package dev.csir.gfx.scene;

import dev.csir.gfx.Mesh;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Wavefront OBJ text into a {@link Meshes#LAYOUT} mesh: {@code v}, {@code vt}, {@code vn}
 * and polygonal {@code f} records (fans are triangulated; negative indices count from the end).
 * A face without normals gets its flat face normal; without uvs, (0, 0). Other records (groups,
 * materials, smoothing) are ignored. Errors name the file and line.
 */
public final class ObjLoader {
    /** Triangles accepted from one file; more is refused rather than exhausting memory. */
    public static final int MAX_TRIANGLES = 1 << 20;

    private ObjLoader() {
    }

    /** Thrown for malformed OBJ text; the message is ready for the user. */
    public static final class ObjException extends Exception {
        private static final long serialVersionUID = 1L;

        ObjException(String message) {
            super(message);
        }
    }

    public static Mesh parse(String fileName, String text) throws ObjException {
        List<float[]> positions = new ArrayList<>();
        List<float[]> uvs = new ArrayList<>();
        List<float[]> normals = new ArrayList<>();
        FloatList out = new FloatList();
        String[] lines = text.split("\r?\n|\r", -1);
        for (int ln = 0; ln < lines.length; ln++) {
            String where = fileName + ":" + (ln + 1) + ": ";
            String line = lines[ln];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            String[] tok = line.trim().split("\\s+");
            if (tok.length == 0 || tok[0].isEmpty()) {
                continue;
            }
            switch (tok[0]) {
                case "v" -> positions.add(numbers(where, tok, 3, 4));
                case "vt" -> uvs.add(numbers(where, tok, 1, 3));
                case "vn" -> normals.add(numbers(where, tok, 3, 3));
                case "f" -> face(where, tok, positions, uvs, normals, out);
                default -> {
                    // o, g, s, usemtl, mtllib, l, p: not geometry a triangle list needs.
                }
            }
            if (out.size() / (3 * Meshes.STRIDE) > MAX_TRIANGLES) {
                throw new ObjException(where + "more than " + MAX_TRIANGLES + " triangles");
            }
        }
        if (out.size() == 0) {
            throw new ObjException(fileName + ": no faces");
        }
        return new Mesh(out.toArray(), Meshes.LAYOUT);
    }

    private static float[] numbers(String where, String[] tok, int min, int max) throws ObjException {
        int n = tok.length - 1;
        if (n < min || n > max) {
            throw new ObjException(where + "'" + tok[0] + "' needs " + (min == max ? min : min + " to " + max)
                    + " numbers, found " + n);
        }
        float[] v = new float[Math.max(3, n)];
        for (int i = 0; i < n; i++) {
            try {
                v[i] = Float.parseFloat(tok[i + 1]);
            } catch (NumberFormatException e) {
                throw new ObjException(where + "'" + tok[i + 1] + "' is not a number");
            }
            if (!Float.isFinite(v[i])) {
                throw new ObjException(where + "'" + tok[i + 1] + "' is not a finite number");
            }
        }
        return v;
    }

    private static void face(String where, String[] tok, List<float[]> pos, List<float[]> uv, List<float[]> nrm,
            FloatList out) throws ObjException {
        int n = tok.length - 1;
        if (n < 3) {
            throw new ObjException(where + "a face needs at least 3 vertices, found " + n);
        }
        int[][] idx = new int[n][];
        for (int i = 0; i < n; i++) {
            String[] parts = tok[i + 1].split("/", -1);
            if (parts.length > 3 || parts[0].isEmpty()) {
                throw new ObjException(where + "bad face vertex '" + tok[i + 1] + "'");
            }
            idx[i] = new int[] {
                index(where, parts[0], pos.size(), "position"),
                parts.length > 1 && !parts[1].isEmpty() ? index(where, parts[1], uv.size(), "texture coordinate") : -1,
                parts.length > 2 && !parts[2].isEmpty() ? index(where, parts[2], nrm.size(), "normal") : -1,
            };
        }
        for (int i = 1; i + 1 < n; i++) {
            int[][] tri = {idx[0], idx[i], idx[i + 1]};
            float[] flat = flatNormal(pos.get(tri[0][0]), pos.get(tri[1][0]), pos.get(tri[2][0]));
            for (int[] v : tri) {
                float[] p = pos.get(v[0]);
                float[] t = v[1] >= 0 ? uv.get(v[1]) : new float[] {0, 0, 0};
                float[] nn = v[2] >= 0 ? nrm.get(v[2]) : flat;
                out.add(p[0], p[1], p[2], nn[0], nn[1], nn[2], 0, t[0], t[1]);
            }
        }
    }

    private static int index(String where, String s, int count, String what) throws ObjException {
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ObjException(where + "bad " + what + " index '" + s + "'");
        }
        int resolved = i > 0 ? i - 1 : count + i;
        if (i == 0 || resolved < 0 || resolved >= count) {
            throw new ObjException(where + what + " index " + i + " is out of range (" + count + " defined so far)");
        }
        return resolved;
    }

    private static float[] flatNormal(float[] a, float[] b, float[] c) {
        float ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
        float vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
        float nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        float len = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
        return len > 0 ? new float[] {nx / len, ny / len, nz / len} : new float[] {0, 0, 1};
    }

    /** A growable float array (no boxing). */
    private static final class FloatList {
        private float[] a = new float[256];
        private int n;

        void add(float... v) {
            if (n + v.length > a.length) {
                a = java.util.Arrays.copyOf(a, Math.max(a.length * 2, n + v.length));
            }
            System.arraycopy(v, 0, a, n, v.length);
            n += v.length;
        }

        int size() {
            return n;
        }

        float[] toArray() {
            return java.util.Arrays.copyOf(a, n);
        }
    }
}
