package dev.csir.gfx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.gfx.testing.ProgramPairs;
import dev.csir.ir.Limits;
import dev.csir.testing.RandomPrograms;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * csir compiles and links the GLSL 3.30 pairs of {@link RandomPrograms}, which glslang accepts
 * (RandomProgramsTest): at least {@link #REQUIRED} of them with the default limits. Prints how
 * many compiled, how many also fit the ChrisOS profile, and why the others failed (their first
 * errors by message, and the first few of them located).
 */
class ProgramPairsCompileTest {
    /** Seeds compiled; more with -Dcsir.pairs.compileSeeds. */
    static final int SEEDS = Integer.getInteger("csir.pairs.compileSeeds", 500);
    /** The share of valid pairs that must compile and link with the default limits. */
    static final double REQUIRED = 0.99;
    /** Failures printed with their source line. */
    private static final int LOGS = 4;

    @Test
    void validPairsCompileAndLink() {
        int compiled = 0;
        int chrisos = 0;
        Map<String, Integer> reasons = new LinkedHashMap<>();
        Map<String, Integer> chrisosReasons = new LinkedHashMap<>();
        List<String> logs = new ArrayList<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            RandomPrograms.Pair p = RandomPrograms.generate(seed);
            ProgramPairs.Linked l = ProgramPairs.link(p, Limits.DEFAULT);
            if (!l.ok()) {
                // counts in a message vary from pair to pair; the kind of failure does not
                reasons.merge(l.firstError().replaceAll("\\d+", "N"), 1, Integer::sum);
                if (logs.size() < LOGS) {
                    logs.add("seed " + seed + ": " + l.detail());
                }
                continue;
            }
            compiled++;
            ProgramPairs.Linked small = ProgramPairs.link(p, Limits.CHRISOS);
            if (small.ok()) {
                chrisos++;
            } else {
                chrisosReasons.merge(small.firstError().replaceAll("\\d+", "N"), 1, Integer::sum);
            }
        }
        StringBuilder report = new StringBuilder(String.format("%d of %d pairs compile and link with the default "
                + "limits, %d of them also within the ChrisOS profile", compiled, SEEDS, chrisos));
        reasons.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> report.append(String.format("%n  %4d  %s", e.getValue(), e.getKey())));
        report.append(String.format("%n  what keeps the others out of the ChrisOS profile:"));
        chrisosReasons.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> report.append(String.format("%n  %4d  %s", e.getValue(), e.getKey())));
        for (String log : logs) {
            report.append("\n").append(log.strip());
        }
        System.out.println(report);
        assertThat(compiled).as(report.toString()).isGreaterThanOrEqualTo((int) Math.ceil(SEEDS * REQUIRED));
    }
}
