package dev.csir.gfx.soft;

import java.util.Arrays;

/**
 * The triangles of one draw sorted into square tiles of the target: each tile lists, in
 * submission order, the triangles whose pixel box touches it. Threads then take whole tiles, so
 * each pixel is written by one thread in primitive order without locks, and a thread that
 * finishes early takes the next tile instead of waiting. The lists are kept from draw to draw.
 */
final class Bins {
    /** Tile side in pixels. */
    static final int TILE = 32;

    int tilesX;
    int tilesY;
    private int[][] lists = new int[0][];
    private int[] counts = new int[0];

    /** Empties every tile of a {@code width x height} target. */
    void reset(int width, int height) {
        tilesX = (width + TILE - 1) / TILE;
        tilesY = (height + TILE - 1) / TILE;
        int n = tilesX * tilesY;
        if (lists.length != n) {
            lists = new int[n][];
            Arrays.setAll(lists, i -> new int[16]);
            counts = new int[n];
        } else {
            Arrays.fill(counts, 0);
        }
    }

    int tiles() {
        return tilesX * tilesY;
    }

    /** Adds every triangle of {@code tris} to the tiles its box touches. */
    void bin(Triangles tris) {
        int[] boxes = tris.boxes;
        for (int t = 0; t < tris.count; t++) {
            int bo = t * Triangles.BOX_STRIDE;
            int tx0 = boxes[bo] / TILE;
            int tx1 = boxes[bo + 1] / TILE;
            int ty0 = boxes[bo + 2] / TILE;
            int ty1 = boxes[bo + 3] / TILE;
            for (int ty = ty0; ty <= ty1; ty++) {
                for (int tx = tx0; tx <= tx1; tx++) {
                    add(ty * tilesX + tx, t);
                }
            }
        }
    }

    private void add(int tile, int triangle) {
        int[] list = lists[tile];
        int n = counts[tile];
        if (n == list.length) {
            list = lists[tile] = Arrays.copyOf(list, n * 2);
        }
        list[n] = triangle;
        counts[tile] = n + 1;
    }

    int[] list(int tile) {
        return lists[tile];
    }

    int count(int tile) {
        return counts[tile];
    }
}
