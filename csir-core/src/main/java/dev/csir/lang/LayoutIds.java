package dev.csir.lang;

import java.util.Set;

/**
 * The layout qualifier ids of GLSL 4.60 section 4.4 for vertex and fragment shaders: those that
 * take an integer ({@code location = 1}) and those written alone ({@code std140}). Any other id is
 * an error, worded as glslang words it.
 */
public final class LayoutIds {
    private LayoutIds() {
    }

    private static final Set<String> VALUED = Set.of("location", "component", "binding", "set", "offset", "align",
            "constant_id", "index", "xfb_buffer", "xfb_offset", "xfb_stride", "input_attachment_index");
    private static final Set<String> PLAIN = Set.of("std140", "std430", "shared", "packed", "push_constant",
            "row_major", "column_major", "origin_upper_left", "pixel_center_integer", "early_fragment_tests");
    /** Ids of the language that csir does not implement: a located error says so. */
    public static final Set<String> UNSUPPORTED = Set.of("index", "xfb_buffer", "xfb_offset", "xfb_stride",
            "row_major", "origin_upper_left", "pixel_center_integer");

    public static boolean takesValue(String id) {
        return VALUED.contains(id);
    }

    public static boolean isPlain(String id) {
        return PLAIN.contains(id);
    }
}
