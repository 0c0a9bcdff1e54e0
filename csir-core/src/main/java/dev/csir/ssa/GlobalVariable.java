package dev.csir.ssa;

import dev.csir.types.AddressSpace;
import dev.csir.types.PointerType;
import dev.csir.types.Type;

/**
 * A module-level variable; its value is a pointer into its address space. Stage inputs and
 * outputs carry a {@link #location()} or a {@link #builtIn()}; resources (uniform blocks,
 * samplers, images, storage buffers) a descriptor set and binding, buffers a {@link BlockLayout}.
 * Printed as {@code @name}; the name is the source's and is unique in a module.
 */
public final class GlobalVariable implements Value {
    private final String name;
    private final PointerType type;
    private int location = -1;
    private BuiltIn builtIn;
    private int set = -1;
    private int binding = -1;
    /** An input attachment's index ({@code input_attachment_index}), or -1. */
    private int inputAttachment = -1;
    private Interpolation interpolation = Interpolation.SMOOTH;
    /** Sampled within the primitive's coverage ({@code centroid}) rather than at the pixel centre. */
    private boolean centroid;
    private BlockLayout layout = BlockLayout.NONE;
    private Constant initializer;
    /** A sampler a GLSL for Vulkan sampler constructor makes: its texture and sampler-state globals; null otherwise. */
    private GlobalVariable[] pair;

    public GlobalVariable(String name, AddressSpace space, Type valueType) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("global name");
        }
        this.name = name;
        this.type = new PointerType(space, valueType);
    }

    public String name() {
        return name;
    }

    @Override
    public PointerType type() {
        return type;
    }

    public AddressSpace space() {
        return type.space();
    }

    /** The type of the variable itself (what the pointer points at). */
    public Type valueType() {
        return type.pointee();
    }

    /** The interface location, or -1. */
    public int location() {
        return location;
    }

    public GlobalVariable setLocation(int location) {
        this.location = location;
        return this;
    }

    /** The built-in this variable stands for, or null. */
    public BuiltIn builtIn() {
        return builtIn;
    }

    public GlobalVariable setBuiltIn(BuiltIn builtIn) {
        this.builtIn = builtIn;
        return this;
    }

    /** The descriptor set, or -1. */
    public int set() {
        return set;
    }

    /** The binding within the set, or -1. */
    public int binding() {
        return binding;
    }

    public GlobalVariable setBinding(int set, int binding) {
        this.set = set;
        this.binding = binding;
        return this;
    }

    /** The input attachment index of a subpass input, or -1. */
    public int inputAttachment() {
        return inputAttachment;
    }

    public GlobalVariable setInputAttachment(int index) {
        this.inputAttachment = index;
        return this;
    }

    public Interpolation interpolation() {
        return interpolation;
    }

    public GlobalVariable setInterpolation(Interpolation interpolation) {
        this.interpolation = interpolation;
        return this;
    }

    public boolean centroid() {
        return centroid;
    }

    public GlobalVariable setCentroid(boolean centroid) {
        this.centroid = centroid;
        return this;
    }

    public BlockLayout layout() {
        return layout;
    }

    public GlobalVariable setLayout(BlockLayout layout) {
        this.layout = layout;
        return this;
    }

    /** The initial value (private globals and constants), or null. */
    public Constant initializer() {
        return initializer;
    }

    public GlobalVariable setInitializer(Constant initializer) {
        this.initializer = initializer;
        return this;
    }

    /**
     * For a sampler that {@code sampler2D(t, s)} makes of a texture and a sampler state (GLSL for
     * Vulkan), those two globals; it is no resource of its own (SPIR-V declares the two and pairs
     * them at each lookup, CSIR gives it a sampler slot). Null for every other global.
     */
    public GlobalVariable[] pair() {
        return pair == null ? null : pair.clone();
    }

    public GlobalVariable setPair(GlobalVariable texture, GlobalVariable samplerState) {
        this.pair = texture == null ? null : new GlobalVariable[] {texture, samplerState};
        return this;
    }

    @Override
    public String toString() {
        return "@" + name;
    }
}
