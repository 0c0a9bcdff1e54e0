package dev.csir.exec;

/**
 * The 2x2 quads derivatives are taken over. A fragment shader that uses DDX, DDY or their fine
 * forms runs its fragments four at a time, the pixels (x, y), (x+1, y), (x, y+1), (x+1, y+1) of
 * an even x and y: {@link Interpreter#runQuad} takes them in that order, named top-left,
 * top-right, bottom-left, bottom-right (the "top" row is the one of the smaller gl_FragCoord.y,
 * so that d/dy is along gl_FragCoord.y, as on a GPU), and a {@link Batch} holds quad {@code q} in
 * lanes {@code 4q .. 4q+3} in the same order.
 * A pixel the primitive does not cover is a helper: it runs like the others, so its quad-mates
 * have its values, and its outputs are never written.
 *
 * <p>The derivative of {@code v} at a corner: coarse (DDX, DDY) one value for the quad, x the top
 * row's right minus left, y the left column's bottom minus top; fine, the corner's own row (x)
 * or column (y).
 */
public final class Quads {
    private Quads() {
    }

    /** Invocations in a quad. */
    public static final int SIZE = 4;
    /** The corners, as lane offsets within a quad. */
    public static final int TOP_LEFT = 0, TOP_RIGHT = 1, BOTTOM_LEFT = 2, BOTTOM_RIGHT = 3;

    /** The kinds of derivative, as the precompiled code's DERIV names them. */
    static final int DDX = 0, DDY = 1, DDX_FINE = 2, DDY_FINE = 3;

    /** The lane of corner {@code corner} of quad {@code quad} in a batch. */
    public static int lane(int quad, int corner) {
        return quad * SIZE + corner;
    }

    /** The column (0 left, 1 right) of a corner. */
    public static int column(int corner) {
        return corner & 1;
    }

    /** The row (0 top, 1 bottom) of a corner. */
    public static int row(int corner) {
        return corner >> 1;
    }

    /** The derivative of kind {@code kind} at {@code corner} of a value the four corners hold. */
    static float derivative(int kind, int corner, float topLeft, float topRight, float bottomLeft, float bottomRight) {
        return switch (kind) {
            case DDX -> topRight - topLeft;
            case DDY -> bottomLeft - topLeft;
            case DDX_FINE -> row(corner) == 0 ? topRight - topLeft : bottomRight - bottomLeft;
            default -> column(corner) == 0 ? bottomLeft - topLeft : bottomRight - topRight;
        };
    }

    /** The kind of a derivative opcode. */
    static int kind(dev.csir.ir.Opcode op) {
        return switch (op) {
            case DDX -> DDX;
            case DDY -> DDY;
            case DDX_FINE -> DDX_FINE;
            case DDY_FINE -> DDY_FINE;
            default -> throw new IllegalArgumentException("not a derivative: " + op);
        };
    }
}
