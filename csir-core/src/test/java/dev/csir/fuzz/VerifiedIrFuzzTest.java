package dev.csir.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.csir.testing.RandomIr;
import dev.csir.testing.VerifiedIrContract;

/**
 * The TGSI emitter and the interpreter on verified IR: the fuzzer's bytes drive
 * {@link RandomIr}; whatever the verifier accepts must keep {@link VerifiedIrContract}.
 */
class VerifiedIrFuzzTest {

    @FuzzTest(maxDuration = "45s")
    void emitAndRun(FuzzedDataProvider data) {
        RandomIr.Choices c = n -> n <= 1 ? 0 : data.consumeInt(0, n - 1);
        VerifiedIrContract.check(RandomIr.generate(c), c);
    }
}
