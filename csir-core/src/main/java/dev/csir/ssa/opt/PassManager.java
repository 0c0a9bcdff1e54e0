package dev.csir.ssa.opt;

import dev.csir.ssa.Copier;
import dev.csir.ssa.Module;
import dev.csir.ssa.verify.Problem;
import dev.csir.ssa.verify.Verifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the optimizer on a copy of a module: the passes that run once, then the fixed-point
 * passes in turn, round after round, until every one of them has run once without changing
 * anything since the last change (or {@link #MAX_ROUNDS} rounds ran). With
 * {@code verifyEachPass} the verifier runs after every pass. A pass that throws, or leaves a module
 * the verifier rejects, ends the run: the result is a failure naming the pass, and the caller
 * keeps the unoptimized module, which the optimizer never touches.
 */
public final class PassManager {
    /** Rounds of the fixed-point passes before the optimizer stops anyway (each round must shrink something). */
    public static final int MAX_ROUNDS = 16;

    private final List<Pass> once;
    private final List<Pass> fixedPoint;
    private final boolean verifyEachPass;

    public PassManager(List<Pass> once, List<Pass> fixedPoint, boolean verifyEachPass) {
        this.once = List.copyOf(once);
        this.fixedPoint = List.copyOf(fixedPoint);
        this.verifyEachPass = verifyEachPass;
    }

    /** The outcome: the optimized module and what ran, or the pass that failed and why. */
    public sealed interface Result permits Optimized, Failed {
    }

    /** {@code ran} lists each pass that changed the module, in order, with repeats. */
    public record Optimized(Module module, List<String> ran, int rounds) implements Result {
        public Optimized {
            ran = List.copyOf(ran);
        }
    }

    public record Failed(String pass, String message) implements Result {
    }

    /** Runs the passes on a copy of {@code input}, which is left as it was. */
    public Result run(Module input) {
        return runInPlace(Copier.copy(input));
    }

    /**
     * Runs the passes on {@code m} itself, for a caller that has no further use for the module
     * as it was (a compile that just built it); after a failure {@code m} is in no defined state.
     */
    public Result runInPlace(Module m) {
        List<String> ran = new ArrayList<>();
        for (Pass p : once) {
            Failed f = apply(p, m, ran);
            if (f != null) {
                return f;
            }
        }
        // stop as soon as each pass has seen the module as it now is and left it alone, rather
        // than finishing the round and running a whole further one
        int n = fixedPoint.size();
        int quiet = 0;
        int executed = 0;
        while (n > 0 && quiet < n && executed < MAX_ROUNDS * n) {
            Pass p = fixedPoint.get(executed % n);
            int before = ran.size();
            Failed f = apply(p, m, ran);
            if (f != null) {
                return f;
            }
            quiet = ran.size() > before ? 0 : quiet + 1;
            executed++;
        }
        return new Optimized(m, ran, n == 0 ? 0 : (executed + n - 1) / n);
    }

    /** Runs one pass; null when it went well. */
    private Failed apply(Pass p, Module m, List<String> ran) {
        boolean changed;
        try {
            changed = p.run(m);
        } catch (RuntimeException | StackOverflowError e) {
            return new Failed(p.name(), "the pass failed: " + e);
        }
        if (changed) {
            ran.add(p.name());
        }
        if (verifyEachPass && changed) {
            List<Problem> problems = Verifier.verify(m);
            if (!problems.isEmpty()) {
                return new Failed(p.name(), "the pass left an invalid module: " + problems.getFirst());
            }
        }
        return null;
    }
}
