package dev.csir.ssa.eval;

import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one invocation runs with: values for the stage inputs, uniforms (loose uniforms and whole
 * blocks, or single block members), push constants and storage buffers, specialization
 * constant overrides, the texture sampler and the guards. Globals are named by their unique name;
 * a value must have exactly the global's value type (a run-time sized array takes any length).
 * Anything not given reads as the global's initializer or zero. Mistakes (no such global, a
 * wrong type) end the run with a {@link Result.Status#TRAP} that says so.
 */
public final class Invocation {
    /** The default instruction budget. */
    public static final long DEFAULT_BUDGET = 1_000_000;
    /** The default limit on nested calls. */
    public static final int DEFAULT_CALL_DEPTH = 64;

    private final Map<String, Val> supplied = new LinkedHashMap<>();
    private final Map<String, Map<String, Val>> members = new LinkedHashMap<>();
    private final Map<Integer, Constant.Scalar> specs = new LinkedHashMap<>();
    private TextureSampler sampler = TextureSampler.NONE;
    private long budget = DEFAULT_BUDGET;
    private int callDepth = DEFAULT_CALL_DEPTH;

    /** The value of the stage input called {@code name}. */
    public Invocation input(String name, Val value) {
        supplied.put(name, value);
        return this;
    }

    public Invocation input(GlobalVariable g, Val value) {
        return input(g.name(), value);
    }

    /** The whole value of a uniform (a loose uniform, or a block as a struct), push constant block or buffer. */
    public Invocation uniform(String name, Val value) {
        return input(name, value);
    }

    public Invocation uniform(GlobalVariable g, Val value) {
        return input(g.name(), value);
    }

    /** One member of a uniform block (applied on top of its whole value, if given). */
    public Invocation uniformMember(String block, String member, Val value) {
        members.computeIfAbsent(block, k -> new LinkedHashMap<>()).put(member, value);
        return this;
    }

    /** The contents of a storage buffer; its final contents come back in {@link Result#globals}. */
    public Invocation buffer(String name, Val value) {
        return input(name, value);
    }

    /** Overrides the specialization constant {@code id}. */
    public Invocation spec(int id, Constant.Scalar value) {
        specs.put(id, value);
        return this;
    }

    public Invocation sampler(TextureSampler sampler) {
        this.sampler = sampler;
        return this;
    }

    /** How many instructions may execute before the run stops with {@link Result.Status#LIMIT}. */
    public Invocation budget(long instructions) {
        this.budget = instructions;
        return this;
    }

    /** How deep calls may nest before the run stops with {@link Result.Status#LIMIT}. */
    public Invocation callDepth(int depth) {
        this.callDepth = depth;
        return this;
    }

    Map<String, Val> supplied() {
        return Collections.unmodifiableMap(supplied);
    }

    Map<String, Map<String, Val>> members() {
        return Collections.unmodifiableMap(members);
    }

    Map<Integer, Constant.Scalar> specs() {
        return specs;
    }

    TextureSampler sampler() {
        return sampler;
    }

    long budget() {
        return budget;
    }

    int callDepth() {
        return callDepth;
    }
}
