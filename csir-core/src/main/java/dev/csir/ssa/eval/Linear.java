package dev.csir.ssa.eval;

/** Determinants and cofactors of small square matrices (e[row][column]) by Laplace expansion, in double. */
final class Linear {
    private Linear() {
    }

    static double determinant(double[][] e) {
        int n = e.length;
        if (n == 1) {
            return e[0][0];
        }
        if (n == 2) {
            return e[0][0] * e[1][1] - e[0][1] * e[1][0];
        }
        double det = 0;
        for (int c = 0; c < n; c++) {
            det += e[0][c] * cofactor(e, 0, c);
        }
        return det;
    }

    /** {@code (-1)^(row+column)} times the determinant of {@code e} without that row and column. */
    static double cofactor(double[][] e, int row, int column) {
        int n = e.length;
        double[][] minor = new double[n - 1][n - 1];
        for (int r = 0, mr = 0; r < n; r++) {
            if (r == row) {
                continue;
            }
            for (int c = 0, mc = 0; c < n; c++) {
                if (c != column) {
                    minor[mr][mc++] = e[r][c];
                }
            }
            mr++;
        }
        double d = determinant(minor);
        return (row + column) % 2 == 0 ? d : -d;
    }
}
