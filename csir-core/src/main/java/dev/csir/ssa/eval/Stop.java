package dev.csir.ssa.eval;

/** Ends the invocation from anywhere inside it with a status; never escapes {@link Evaluator}. */
final class Stop extends RuntimeException {
    private final Result.Status status;

    Stop(Result.Status status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** Something the verifier rejects (or the evaluator cannot do), reached at run time. */
    static Stop trap(String message) {
        return new Stop(Result.Status.TRAP, message);
    }

    Result.Status status() {
        return status;
    }
}
