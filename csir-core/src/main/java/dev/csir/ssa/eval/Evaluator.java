package dev.csir.ssa.eval;

import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.Module;
import java.util.List;
import java.util.Map;

/**
 * Runs one invocation of a module on the CPU: the reference every optimizer pass and back end is
 * compared against. It never hangs (an instruction budget and a call depth limit stop it with
 * {@link Result.Status#LIMIT}) and never throws: whatever the verifier would reject, or the
 * evaluator does not model, ends the run with {@link Result.Status#TRAP} and a message.
 */
public final class Evaluator {
    private Evaluator() {
    }

    /** Runs {@code entry}'s function once with {@code invocation}'s inputs. */
    public static Result run(Module module, EntryPoint entry, Invocation invocation) {
        return call(module, entry.function(), List.of(), invocation);
    }

    /** Runs the module's first entry point. */
    public static Result run(Module module, Invocation invocation) {
        if (module.entryPoints().isEmpty()) {
            return new Result(Result.Status.TRAP, "the module has no entry point", null, Map.of(), Map.of(), List.of(),
                    0);
        }
        return run(module, module.entryPoints().getFirst(), invocation);
    }

    /**
     * Calls any function of the module with {@code args} (globals set up as for {@link #run}); the
     * result's {@link Result#returnValue} is what it returned.
     */
    public static Result call(Module module, Function function, List<Val> args, Invocation invocation) {
        Interpreter in;
        try {
            in = new Interpreter(module, invocation);
        } catch (Stop s) {
            return new Result(s.status(), s.getMessage(), null, Map.of(), Map.of(), List.of(), 0);
        } catch (RuntimeException e) {
            return new Result(Result.Status.TRAP, "invocation: " + e, null, Map.of(), Map.of(), List.of(), 0);
        }
        Result.Status status = Result.Status.RETURNED;
        String message = null;
        Val value = null;
        try {
            value = in.call(function, args);
        } catch (Stop s) {
            status = s.status();
            message = s.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            status = Result.Status.TRAP;
            message = "malformed module: " + e;
        }
        return new Result(status, message, value, in.memory().snapshot(true), in.memory().snapshot(false),
                in.notes().list(), in.executed());
    }
}
