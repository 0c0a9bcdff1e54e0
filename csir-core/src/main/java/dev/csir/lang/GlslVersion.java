package dev.csir.lang;

import dev.csir.diag.Messages;
import java.util.Set;

/**
 * The language version a shader asks for with {@code #version} (110 when it has none, as GLSL
 * says), recorded on {@link Ast.Unit} so later stages can select rules. {@code explicit} tells
 * whether the source wrote the directive; {@code extensions} are the ones its {@code #extension}
 * directives left enabled ({@code enable}, {@code require} or {@code warn}, not since disabled),
 * which make some built-ins available before the version that has them.
 */
public record GlslVersion(int number, Profile profile, boolean explicit, Set<String> extensions) {

    public GlslVersion {
        extensions = Set.copyOf(extensions);
    }

    public GlslVersion(int number, Profile profile, boolean explicit) {
        this(number, profile, explicit, Set.of());
    }

    /** This version with the extensions {@code #extension} left enabled. */
    public GlslVersion withExtensions(Set<String> enabled) {
        return new GlslVersion(number, profile, explicit, enabled);
    }

    /** Whether {@code #extension name} is in effect. */
    public boolean enabled(String name) {
        return extensions.contains(name);
    }

    /** The profile: {@code #version 100} is ES without a profile word. */
    public enum Profile { NONE, CORE, COMPATIBILITY, ES }

    /** What a shader without {@code #version} is: GLSL 1.10. */
    public static final GlslVersion DEFAULT = new GlslVersion(110, Profile.NONE, false);

    public boolean es() {
        return profile == Profile.ES;
    }

    /**
     * True where {@code GL_core_profile} is defined: desktop GLSL 1.50 and later, also with the
     * compatibility profile (GLSL 4.60 section 3.3, and glslang).
     */
    public boolean core() {
        return !es() && number >= 150;
    }

    /** Array constructors and {@code .length()} of arrays came with GLSL 1.20 and ES 3.00. */
    public boolean arrayConstructors() {
        return es() ? number >= 300 : number >= 120;
    }

    /** The {@code matCxR} types, and transpose and outerProduct, came with GLSL 1.20 and ES 3.00. */
    public boolean sizedMatrices() {
        return es() ? number >= 300 : number >= 120;
    }

    /** Implicit int-to-float conversions (of arguments, operands, initializers): desktop GLSL from 1.20, never ES. */
    public boolean implicitConversions() {
        return !es() && number >= 120;
    }

    /**
     * The forms of GLSL 1.10 and ES 1.00 ({@code attribute}, {@code varying}, {@code gl_FragColor},
     * {@code texture2D}): ES 1.00, desktop GLSL to 4.10, and the compatibility profile, as glslang
     * has them.
     */
    public boolean legacyForms() {
        return es() ? number == 100 : number <= 410 || profile == Profile.COMPATIBILITY;
    }

    /**
     * GLSL 1.30 or ES 3.00 and later: what came with them (the bit operators, textureSize,
     * gl_VertexID).
     */
    public boolean glsl130() {
        return number >= (es() ? 300 : 130);
    }

    /**
     * Whether a sampler array may be indexed at a run-time index, as glslang has it: GLSL 4.00 and
     * ES 3.20 on, ES 3.10 with GL_EXT_gpu_shader5 or GL_OES_gpu_shader5, and before GLSL 1.30 and
     * ES 3.00 (which brought the rule that the index be constant).
     */
    public boolean dynamicSamplerIndex() {
        if (es()) {
            return number == 100 || number >= 320
                    || number == 310 && (enabled("GL_EXT_gpu_shader5") || enabled("GL_OES_gpu_shader5"));
        }
        return number < 130 || number >= 400;
    }

    /** Arrays of arrays came with GLSL 4.30 and ES 3.10. */
    public boolean arraysOfArrays() {
        return es() ? number >= 310 : number >= 430;
    }

    /** {@code .length()} of vectors and matrices came with GLSL 4.30; GLSL ES has it for arrays only. */
    public boolean lengthOfVectors() {
        return !es() && number >= 430;
    }

    /** Line continuation (backslash newline) came with GLSL 4.20 and ES 3.00. */
    public boolean lineContinuation() {
        return es() ? number >= 300 : number >= 420;
    }

    /** True for a number {@code #version} accepts with some profile. */
    public static boolean known(int number) {
        return switch (number) {
            case 100, 110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460, 300, 310, 320 -> true;
            default -> false;
        };
    }

    /**
     * The version a known number and profile word (null when absent) make, or the message of why
     * they do not make one, as a String.
     */
    public static Object of(int number, String word) {
        boolean esOnly = number == 300 || number == 310 || number == 320;
        if (word == null) {
            if (esOnly) {
                return Messages.VERSION_NEEDS_ES;
            }
            return new GlslVersion(number, number == 100 ? Profile.ES : Profile.NONE, true);
        }
        Profile p = switch (word) {
            case "es" -> Profile.ES;
            case "core" -> Profile.CORE;
            case "compatibility" -> Profile.COMPATIBILITY;
            default -> null;
        };
        if (p == null) {
            return Messages.unknownProfile(word);
        }
        if (p == Profile.ES) {
            return esOnly ? new GlslVersion(number, p, true) : Messages.VERSION_ES_ONLY;
        }
        if (esOnly) {
            return Messages.VERSION_NEEDS_ES;
        }
        if (number < 150) {
            return Messages.VERSION_NO_PROFILE;
        }
        return new GlslVersion(number, p, true);
    }
}
