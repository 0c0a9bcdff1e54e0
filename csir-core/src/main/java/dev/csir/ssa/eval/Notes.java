package dev.csir.ssa.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * The operations of one invocation whose result the GPU leaves undefined and the evaluator
 * picked (division by zero, an out-of-range index or conversion, ...): the first few distinct ones.
 */
final class Notes {
    static final int MAX = 16;
    private final List<String> seen = new ArrayList<>();

    void undefined(String what) {
        if (seen.size() < MAX && !seen.contains(what)) {
            seen.add(what);
        }
    }

    List<String> list() {
        return List.copyOf(seen);
    }
}
