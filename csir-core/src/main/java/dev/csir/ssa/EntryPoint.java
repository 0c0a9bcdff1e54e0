package dev.csir.ssa;

import dev.csir.types.ShaderStage;
import java.util.List;

/**
 * A stage's entry: a void function with no parameters and the input and output globals it
 * uses. {@code workgroupSize} is the compute stage's local size (empty for other stages);
 * {@code earlyFragmentTests} says a fragment stage asked for its depth and stencil tests before
 * it runs ({@code layout(early_fragment_tests) in;}).
 */
public record EntryPoint(ShaderStage stage, Function function, List<GlobalVariable> interfaceVariables,
        List<Integer> workgroupSize, boolean earlyFragmentTests) {
    public EntryPoint {
        interfaceVariables = List.copyOf(interfaceVariables);
        workgroupSize = List.copyOf(workgroupSize);
    }

    public EntryPoint(ShaderStage stage, Function function, List<GlobalVariable> interfaceVariables,
            List<Integer> workgroupSize) {
        this(stage, function, interfaceVariables, workgroupSize, false);
    }
}
