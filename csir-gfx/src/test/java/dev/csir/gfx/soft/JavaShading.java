package dev.csir.gfx.soft;

/** Shading written as Java functions, so rasterizer tests need no compiler or interpreter. */
final class JavaShading implements Shading {

    /** A vertex stage: attributes (vec4 per location) to position and varyings. */
    @FunctionalInterface
    interface Vertex {
        void shade(float[] attributes, float[] position, float[] varyings);
    }

    /** A fragment stage: returns false to discard. */
    @FunctionalInterface
    interface Fragment {
        boolean shade(float[] varyings, float[] fragCoord, float[] color);
    }

    private final int slots;
    private final Vertex vertex;
    private final Fragment fragment;

    JavaShading(int slots, Vertex vertex, Fragment fragment) {
        this.slots = slots;
        this.vertex = vertex;
        this.fragment = fragment;
    }

    /** Position from location 0, varying slot s from location s + 1. */
    static Vertex passThrough(int slots) {
        return (a, p, v) -> {
            System.arraycopy(a, 0, p, 0, 4);
            System.arraycopy(a, 4, v, 0, slots * 4);
        };
    }

    /** Pass-through vertices and a constant colour. */
    static JavaShading flat(float r, float g, float b, float a) {
        return new JavaShading(0, passThrough(0), (v, f, c) -> {
            c[0] = r;
            c[1] = g;
            c[2] = b;
            c[3] = a;
            return true;
        });
    }

    /** Pass-through vertices, colour = varying slot 0. */
    static JavaShading varyingColour() {
        return new JavaShading(1, passThrough(1), (v, f, c) -> {
            System.arraycopy(v, 0, c, 0, 4);
            return true;
        });
    }

    @Override
    public int varyingSlots() {
        return slots;
    }

    @Override
    public Context newContext() {
        return new Context() {
            final float[] attributes = new float[32];
            final float[] position = new float[4];
            final float[] varyingsOut = new float[32];
            final float[] varyingsIn = new float[32];
            final float[] fragCoord = new float[4];
            final float[] color = new float[4];

            @Override
            public float[] attributes() {
                return attributes;
            }

            @Override
            public void runVertex() {
                vertex.shade(attributes, position, varyingsOut);
            }

            @Override
            public float[] position() {
                return position;
            }

            @Override
            public float[] varyingsOut() {
                return varyingsOut;
            }

            @Override
            public float[] varyingsIn() {
                return varyingsIn;
            }

            @Override
            public float[] fragCoord() {
                return fragCoord;
            }

            @Override
            public boolean runFragment() {
                return fragment.shade(varyingsIn, fragCoord, color);
            }

            @Override
            public float[] color() {
                return color;
            }
        };
    }
}
