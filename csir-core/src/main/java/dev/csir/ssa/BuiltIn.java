package dev.csir.ssa;

/** The built-in variables a stage input or output global can stand for (SPIR-V BuiltIn names). */
public enum BuiltIn {
    POSITION("position"), POINT_SIZE("point_size"), CLIP_DISTANCE("clip_distance"), VERTEX_INDEX("vertex_index"),
    INSTANCE_INDEX("instance_index"), FRAG_COORD("frag_coord"), FRONT_FACING("front_facing"),
    POINT_COORD("point_coord"), FRAG_DEPTH("frag_depth"), SAMPLE_ID("sample_id"), VIEW_INDEX("view_index"), SHADING_RATE("shading_rate"),
    PRIMITIVE_SHADING_RATE("primitive_shading_rate"),
    GLOBAL_INVOCATION_ID("global_invocation_id"), LOCAL_INVOCATION_ID("local_invocation_id"),
    LOCAL_INVOCATION_INDEX("local_invocation_index"), WORKGROUP_ID("workgroup_id"),
    NUM_WORKGROUPS("num_workgroups");

    private final String word;

    BuiltIn(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static BuiltIn ofWord(String w) {
        for (BuiltIn b : values()) {
            if (b.word.equals(w)) {
                return b;
            }
        }
        return null;
    }
}
