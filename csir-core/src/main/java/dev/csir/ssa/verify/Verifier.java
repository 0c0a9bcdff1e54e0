package dev.csir.ssa.verify;

import dev.csir.ssa.Function;
import dev.csir.ssa.Module;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a transform-IR module against every rule the passes and back ends rely on (spec 002,
 * "Verifier") and returns the problems; an empty list means the module is well formed. It
 * never throws, not even on a half-built module with nulls where the model allows them, so
 * tests and the optimizer can run it after every step.
 *
 * <p>The rules are split by family, SPIR-Tools style, each in its own class with its rules
 * listed there: {@link ModuleRules} (names, entry points, decorations, spec constants), then
 * per function {@link ShapeRules} (terminators, parent links, phi and alloca placement),
 * {@link OperandRules} (counts, ownership, targets, callee, immediates), {@link TypeRules} and
 * {@link TextureRules} (types per opcode family), {@link StructureRules} (merge and continue
 * markers) and {@link SsaRules} (dominance of definitions, phi predecessors). Unreachable
 * blocks get every check except the dominance ones, which only mean something where control
 * can arrive.
 *
 * <p>Module problems come first, then each function's in layout order (block, then
 * instruction; a whole-function problem before its blocks'), in family order at one place.
 */
public final class Verifier {
    private Verifier() {
    }

    /** Every problem of {@code module}; empty when it is well formed. */
    public static List<Problem> verify(Module module) {
        if (module == null) {
            return List.of(Problem.ofModule(VerifierMessages.NO_MODULE));
        }
        List<Problem> out = new ArrayList<>();
        ModuleIndex index;
        try {
            index = new ModuleIndex(module);
            ModuleRules.check(index, out);
        } catch (RuntimeException e) {
            out.add(Problem.ofModule(VerifierMessages.format(VerifierMessages.INTERNAL, e)));
            return out;
        }
        for (Function f : module.functions()) {
            if (f != null) {
                out.addAll(verify(index, f));
            }
        }
        return out;
    }

    /** Whether {@code module} has no problem. */
    public static boolean isValid(Module module) {
        return verify(module).isEmpty();
    }

    private static List<Problem> verify(ModuleIndex index, Function f) {
        List<Problem> found = new ArrayList<>();
        try {
            FunctionScope scope = new FunctionScope(index, f, found);
            ShapeRules.check(scope);
            OperandRules.check(scope);
            TypeRules.check(scope);
            StructureRules.check(scope);
            SsaRules.check(scope);
        } catch (RuntimeException e) {
            // a gap in the rules' null-safety must not take the caller down; say so instead
            found.add(new Problem(f.name(), -1, -1, VerifierMessages.format(VerifierMessages.INTERNAL, e)));
        }
        // a lambda of ours, not Comparator.comparingInt's serializable one, which the JDK's AOT
        // cache cannot keep linked: a one-shot compile would link it at run time
        found.sort((a, b) -> a.block() != b.block() ? Integer.compare(a.block(), b.block())
                : Integer.compare(a.instruction(), b.instruction()));
        return found;
    }
}
