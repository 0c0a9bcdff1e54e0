package dev.csir.testing;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints why each skipped test was skipped (a disabled test, or an assumption that failed, such as
 * {@code ../shared} or the VirGL server being absent), so that a skip never passes unseen in the
 * build log. Registered for every module's tests through the test jar's service file.
 */
public final class SkipReporter implements TestExecutionListener {
    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        System.out.println("SKIPPED " + test.getDisplayName() + ": " + reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            String why = result.getThrowable().map(Throwable::getMessage).orElse("aborted");
            System.out.println("SKIPPED " + test.getDisplayName() + ": " + why);
        }
    }
}
