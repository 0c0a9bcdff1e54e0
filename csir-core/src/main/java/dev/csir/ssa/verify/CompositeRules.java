package dev.csir.ssa.verify;

import static dev.csir.ssa.verify.TypeRules.INTEGER_SCALAR;
import static dev.csir.ssa.verify.TypeRules.operandIs;
import static dev.csir.ssa.verify.TypeRules.operandOk;
import static dev.csir.ssa.verify.TypeRules.resultIs;
import static dev.csir.ssa.verify.TypeRules.type;
import static dev.csir.ssa.verify.VerifierMessages.*;

import dev.csir.ssa.Instruction;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The types of composite instructions (construct, extract, insert, shuffle, dynamic access); see {@link TypeRules}. */
final class CompositeRules {
    private CompositeRules() {
    }

    static void check(FunctionScope s, Instruction in) {
        switch (in.op()) {
            case CONSTRUCT -> construct(s, in);
            case EXTRACT -> resultIs(s, in, TypeFacts.elementAt(type(in, 0), in.immediates()));
            case INSERT -> {
                // the path is valid for operand 1 (OperandRules marks the instruction otherwise)
                Type composite = type(in, 1);
                if (operandIs(s, in, 0, TypeFacts.elementAt(composite, in.immediates()))) {
                    resultIs(s, in, composite);
                }
            }
            case SHUFFLE -> shuffle(s, in);
            case EXTRACT_DYNAMIC -> {
                if (operandOk(s, in, 0, t -> t instanceof VectorType, "a vector")
                        && operandOk(s, in, 1, TypeFacts::isIntegerScalar, INTEGER_SCALAR)) {
                    resultIs(s, in, ((VectorType) type(in, 0)).component());
                }
            }
            default -> { // INSERT_DYNAMIC
                if (operandOk(s, in, 0, t -> t instanceof VectorType, "a vector")
                        && operandIs(s, in, 1, ((VectorType) type(in, 0)).component())
                        && operandOk(s, in, 2, TypeFacts::isIntegerScalar, INTEGER_SCALAR)) {
                    resultIs(s, in, type(in, 0));
                }
            }
        }
    }

    private static void shuffle(FunctionScope s, Instruction in) {
        if (!operandOk(s, in, 0, t -> t instanceof VectorType, "a vector")) {
            return;
        }
        ScalarType c = ((VectorType) type(in, 0)).component();
        if (operandOk(s, in, 1, t -> t instanceof VectorType v && v.component().equals(c), "a vector of " + c.name())) {
            resultIs(s, in, VectorType.of(c, in.immediateCount()));
        }
    }

    private static void construct(FunctionScope s, Instruction in) {
        Type result = in.type();
        int n = in.operands().size();
        if (result instanceof VectorType v) {
            vector(s, in, v);
            return;
        }
        List<Type> elements = new ArrayList<>();
        switch (result) {
            case MatrixType m -> elements.addAll(Collections.nCopies(m.columns(), m.columnType()));
            case ArrayType a when !a.isRuntimeSized() -> elements.addAll(Collections.nCopies(a.length(),
                    a.element()));
            case StructType st -> st.members().forEach(member -> elements.add(member.type()));
            default -> {
                s.at(in, NOT_CONSTRUCTIBLE, result.name());
                return;
            }
        }
        if (n != elements.size()) {
            s.at(in, COUNT, "construct of " + result.name(),
                    OperandRules.count(elements.size(), elements.size(), "element"), n);
            return;
        }
        for (int j = 0; j < n; j++) {
            operandIs(s, in, j, elements.get(j));
        }
    }

    /** A vector from scalars and smaller vectors of its component type whose sizes add up to its size. */
    private static void vector(FunctionScope s, Instruction in, VectorType v) {
        ScalarType c = v.component();
        int total = 0;
        for (int j = 0; j < in.operands().size(); j++) {
            if (!operandOk(s, in, j, t -> t.equals(c) || t instanceof VectorType u && u.component().equals(c),
                    c.name() + " or a vector of " + c.name())) {
                return;
            }
            total += type(in, j).componentCount();
        }
        if (total != v.size()) {
            s.at(in, CONSTRUCT_COMPONENTS, v.name(), total, v.size());
        }
    }
}
