package dev.csir.ssa.opt;

import dev.csir.ssa.Function;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The strongly connected components of the call graph (Tarjan), callees before callers: every
 * component comes after all the components its functions call into. Functions keep module order
 * inside a component, and roots are visited in module order, so the order is deterministic.
 */
final class InlineOrder {
    private final Map<Function, List<Function>> calls;
    private final Map<Function, Integer> index = new IdentityHashMap<>();
    private final Map<Function, Integer> low = new IdentityHashMap<>();
    private final Deque<Function> stack = new ArrayDeque<>();
    private final Map<Function, Boolean> onStack = new IdentityHashMap<>();
    private final List<List<Function>> out = new ArrayList<>();
    private final List<Function> functions;

    private InlineOrder(List<Function> functions, Map<Function, List<Function>> calls) {
        this.functions = functions;
        this.calls = calls;
    }

    static List<List<Function>> components(List<Function> functions, Map<Function, List<Function>> calls) {
        InlineOrder o = new InlineOrder(functions, calls);
        for (Function f : functions) {
            if (!o.index.containsKey(f)) {
                o.visit(f);
            }
        }
        return o.out;
    }

    private void visit(Function f) {
        index.put(f, index.size());
        low.put(f, index.get(f));
        stack.push(f);
        onStack.put(f, true);
        for (Function c : calls.getOrDefault(f, List.of())) {
            if (!index.containsKey(c)) {
                visit(c);
                low.put(f, Math.min(low.get(f), low.get(c)));
            } else if (onStack.getOrDefault(c, false)) {
                low.put(f, Math.min(low.get(f), index.get(c)));
            }
        }
        if (low.get(f).equals(index.get(f))) {
            List<Function> scc = new ArrayList<>();
            Function w;
            do {
                w = stack.pop();
                onStack.put(w, false);
                scc.add(w);
            } while (w != f);
            scc.sort((a, b) -> Integer.compare(functions.indexOf(a), functions.indexOf(b)));
            out.add(scc);
        }
    }
}
