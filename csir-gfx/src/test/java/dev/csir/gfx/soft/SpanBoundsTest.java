package dev.csir.gfx.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The rasterizer's span bounds against the exact integer division they replace: for every edge
 * (k, s) the span's first and last x within lo..hi are ceilDiv(-k, s) and floorDiv(k, -s), clamped
 * to one past the window when the span leaves it, over edges of every size the fixed-point setup
 * makes, and at the exact boundaries where k + s x is 0.
 */
class SpanBoundsTest {
    private static void check(long k, long s, int lo, int hi) {
        if (s > 0) {
            long exact = Math.max(lo, Math.ceilDiv(-k, s));
            assertThat(TileRasterizer.firstInside(k, s, lo, hi)).as("first of k=%d s=%d in %d..%d", k, s, lo, hi)
                    .isEqualTo((int) Math.min(exact, hi + 1L));
        } else if (s < 0) {
            long exact = Math.min(hi, Math.floorDiv(k, -s));
            assertThat(TileRasterizer.lastInside(k, s, lo, hi)).as("last of k=%d s=%d in %d..%d", k, s, lo, hi)
                    .isEqualTo((int) Math.max(exact, lo - 1L));
        }
    }

    @Test
    void boundsAreTheExactDivisions() {
        SplittableRandom r = new SplittableRandom(77);
        for (int i = 0; i < 1_000_000; i++) {
            int lo = r.nextInt(-64, 8192);
            int hi = lo + r.nextInt(-1, 64); // a span the edges before emptied: hi = lo - 1
            // up to slopes so steep that 1/s is below a double's resolution of x
            long s = r.nextLong(1, 1L << (1 + r.nextInt(46))) * (r.nextBoolean() ? 1 : -1);
            long k;
            if (r.nextInt(4) == 0) {
                // an edge exactly through a pixel centre near the window: k + s x = 0 at x
                long x = r.nextInt(lo - 4, hi + 5);
                k = -s * x + r.nextInt(-1, 2);
            } else {
                k = r.nextLong(-(1L << 52), 1L << 52);
            }
            check(k, s, lo, hi);
        }
    }
}
