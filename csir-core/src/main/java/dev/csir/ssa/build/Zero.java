package dev.csir.ssa.build;

import dev.csir.ssa.Constant;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The all-zero constant of a data type. */
final class Zero {
    private Zero() {
    }

    static Constant of(Type t) {
        if (t instanceof ScalarType s) {
            return Constant.ofBits(s, 0);
        }
        if (t instanceof VectorType v) {
            return new Constant.Composite(v, Collections.nCopies(v.size(), of(v.component())));
        }
        if (t instanceof MatrixType m) {
            return new Constant.Composite(m, Collections.nCopies(m.columns(), of(m.columnType())));
        }
        if (t instanceof ArrayType a) {
            return new Constant.Composite(a, Collections.nCopies(a.length(), of(a.element())));
        }
        if (t instanceof StructType s) {
            List<Constant> members = new ArrayList<>();
            for (StructType.Member m : s.members()) {
                members.add(of(m.type()));
            }
            return new Constant.Composite(s, members);
        }
        throw new IllegalArgumentException("no zero of " + t);
    }
}
