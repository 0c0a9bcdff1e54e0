package dev.csir.ssa.eval;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How one invocation ended and what it left behind.
 *
 * @param status how it ended
 * @param message why it stopped, for {@link Status#LIMIT} and {@link Status#TRAP}; null otherwise
 * @param returnValue the function's return value ({@link Evaluator#call}); null for void or when it did not return
 * @param outputs the final value of every stage output global, by name
 * @param globals the final value of every non-opaque global, by name: outputs, private and workgroup
 *     variables, storage buffers (and the inputs and uniforms as they were given)
 * @param undefined the operations whose result the GPU leaves undefined, in the order first met, each
 *     resolved the documented way (see {@code package-info}); empty when the run is fully defined
 * @param executed instructions executed
 */
public record Result(Status status, String message, Val returnValue, Map<String, Val> outputs,
        Map<String, Val> globals, List<String> undefined, long executed) {

    /** How an invocation ended. */
    public enum Status {
        /** The entry function returned. */
        RETURNED,
        /** A {@code kill} ended it (the outputs are as they were then). */
        KILLED,
        /** The instruction budget or the call depth limit stopped it. */
        LIMIT,
        /** It reached something the verifier rejects or the evaluator does not model; see the message. */
        TRAP
    }

    public Result {
        outputs = Collections.unmodifiableMap(new TreeMap<>(outputs));
        globals = Collections.unmodifiableMap(new TreeMap<>(globals));
        undefined = List.copyOf(undefined);
    }

    /** The final value of the global called {@code name} (an output, say), or null. */
    public Val global(String name) {
        return globals.get(name);
    }

    /** {@link #global}, read as a scalar, vector or matrix. */
    public Val.Num num(String name) {
        return (Val.Num) globals.get(name);
    }

    public boolean returned() {
        return status == Status.RETURNED;
    }

    @Override
    public String toString() {
        return status + (message == null ? "" : " (" + message + ")") + " " + outputs
                + (undefined.isEmpty() ? "" : " undefined " + undefined);
    }
}
