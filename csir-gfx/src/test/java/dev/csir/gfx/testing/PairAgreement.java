package dev.csir.gfx.testing;

import dev.csir.gfx.Device;
import dev.csir.gfx.Frame;
import dev.csir.gfx.GfxException;
import dev.csir.gfx.Texture;
import dev.csir.gfx.image.Png;
import dev.csir.gfx.testing.ProgramPairs.Scene;
import dev.csir.ir.Limits;
import dev.csir.link.LinkedProgram;
import dev.csir.link.UniformValues;
import dev.csir.testing.RandomPrograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Draws the random pairs of {@link RandomPrograms} on a device under test and on the software
 * device, and compares: for each pair that compiles, on the triangle, the quad and the cube, with
 * the same uniforms and texture, at least {@link #AGREEMENT} of the pixels that either device
 * drew must be within {@link #TOLERANCE}/255 per channel. A failure names the seed, the mesh and
 * the share, and leaves both frames and the sources under {@code target/program-pairs}.
 */
public final class PairAgreement {
    /** Compiled pairs drawn, the first ones by seed; more with -Dcsir.pairs.renderPairs. */
    public static final int PAIRS = Integer.getInteger("csir.pairs.renderPairs", 48);
    /** Seeds tried per pair drawn before the run gives up on the compiler. */
    static final int SEEDS_PER_PAIR = 20;
    static final int W = 64;
    static final int H = 64;
    static final int TOLERANCE = 2;
    static final double AGREEMENT = 0.995;
    /** Draws whose frame has at least this many colours, for the share of draws with detail. */
    static final int DETAILED = 16;

    private PairAgreement() {
    }

    /** What a run found: the pairs drawn, the least agreement, every failure, and a one-line report. */
    public record Result(int pairs, long lastSeed, double least, List<String> failures, String report) {
    }

    /** The share of the pixels either frame drew whose channels are all within 2/255 of the other's. */
    public static double agreement(Frame a, Frame b) {
        return compare(a, b).share();
    }

    /** How two frames compare over the pixels either drew (alpha 255; the clear leaves alpha 0). */
    record Comparison(int drawn, int close, int worst, int colours) {
        double share() {
            return drawn == 0 ? 1 : close / (double) drawn;
        }
    }

    static Comparison compare(Frame a, Frame b) {
        int drawn = 0;
        int close = 0;
        int worst = 0;
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < a.height(); y++) {
            for (int x = 0; x < a.width(); x++) {
                int[] p = a.channels(x, y);
                int[] q = b.channels(x, y);
                if (p[3] == 0 && q[3] == 0) {
                    continue;
                }
                drawn++;
                int d = 0;
                for (int c = 0; c < 4; c++) {
                    d = Math.max(d, Math.abs(p[c] - q[c]));
                }
                worst = Math.max(worst, d);
                close += d <= TOLERANCE ? 1 : 0;
                colours.add(b.pixel(x, y));
            }
        }
        return new Comparison(drawn, close, worst, colours.size());
    }

    private static Frame render(Device d, LinkedProgram p, UniformValues u, Scene s, Texture t) throws GfxException {
        d.target(W, H);
        d.clear(0, 0, 0, 0, 1);
        d.draw(p, u, s.mesh(), s.state(), List.of(t));
        return d.readback();
    }

    /**
     * Runs the pairs on {@code tested} (named {@code name} in reports and file names) against
     * {@code soft}. {@code problems} is asked after every draw on the tested device for anything
     * else wrong with it (validation messages), which counts as a failure of that draw.
     */
    public static Result run(Device tested, String name, Device soft, Supplier<Optional<String>> problems)
            throws IOException {
        List<String> failures = new ArrayList<>();
        int pairs = 0;
        int draws = 0;
        int detailed = 0;
        int notCompiled = 0;
        double least = 1;
        long testedNanos = 0;
        long softNanos = 0;
        long seed = 0;
        for (; pairs < PAIRS && seed < (long) PAIRS * SEEDS_PER_PAIR; seed++) {
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            ProgramPairs.Linked l = ProgramPairs.link(p, Limits.DEFAULT);
            if (!l.ok()) {
                notCompiled++; // ProgramPairsCompileTest reports why
                continue;
            }
            pairs++;
            Texture tex = ProgramPairs.texture(seed);
            for (Scene s : Scene.values()) {
                UniformValues u = s.uniforms(l.program(), p);
                String what = "seed " + seed + ", " + s.name().toLowerCase();
                Frame a;
                Frame b;
                try {
                    long t0 = System.nanoTime();
                    a = render(tested, l.program(), u, s, tex);
                    long t1 = System.nanoTime();
                    b = render(soft, l.program(), u, s, tex);
                    testedNanos += t1 - t0;
                    softNanos += System.nanoTime() - t1;
                } catch (GfxException e) {
                    failures.add(what + ": " + e.getMessage());
                    problems.get().ifPresent(m -> failures.add(what + ": " + m));
                    dump(p, s, name, null, null);
                    continue;
                }
                draws++;
                Optional<String> problem = problems.get();
                problem.ifPresent(m -> failures.add(what + ": " + m));
                Comparison c = compare(a, b);
                least = Math.min(least, c.share());
                detailed += c.colours() >= DETAILED ? 1 : 0;
                if (c.drawn() == 0 || c.share() < AGREEMENT) {
                    failures.add(String.format("%s: %d of %d drawn pixels (%.2f%%) within %d/255, worst %d", what,
                            c.close(), c.drawn(), 100 * c.share(), TOLERANCE, c.worst()));
                }
                if (problem.isPresent() || c.drawn() == 0 || c.share() < AGREEMENT) {
                    dump(p, s, name, a, b);
                }
            }
        }
        String report = String.format("%s vs software: %d pairs drawn (of seeds 0..%d; %d did not compile), %d draws"
                + " on 3 meshes at %dx%d: least agreement %.2f%%, %d draws with at least %d colours; %s %.1f s,"
                + " software %.1f s; %d failures", name, pairs, seed - 1, notCompiled, draws, W, H, 100 * least,
                detailed, DETAILED, name, testedNanos / 1e9, softNanos / 1e9, failures.size());
        return new Result(pairs, seed - 1, least, failures, report);
    }

    /** The sources and both frames of a failing draw, for looking at (under target/, not the repository). */
    private static void dump(RandomPrograms.Pair p, Scene s, String name, Frame tested, Frame soft)
            throws IOException {
        Path dir = Path.of("target", "program-pairs");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(p.seed() + ".vert"), p.vertex());
        Files.writeString(dir.resolve(p.seed() + ".frag"), p.fragment());
        Files.writeString(dir.resolve(p.seed() + ".uniforms"), Arrays.toString(p.uniforms().toArray()) + "\n");
        String base = p.seed() + "-" + s.name().toLowerCase();
        if (tested != null) {
            Files.write(dir.resolve(base + "-" + name + ".png"), Png.encode(tested));
            Files.write(dir.resolve(base + "-software.png"), Png.encode(soft));
        }
    }
}
