package dev.csir.lang;

import dev.csir.types.Dim;
import dev.csir.types.SamplerStateType;
import dev.csir.types.ScalarKind;
import dev.csir.types.SubpassInputType;
import dev.csir.types.TextureType;
import dev.csir.types.Type;

/**
 * The type names GLSL for Vulkan adds (GL_KHR_vulkan_glsl): textures of the dimensionalities csir
 * samples ({@code texture2D}, {@code itextureCube}, {@code utexture2DArray}, {@code textureCubeArray}) and the sampler
 * states {@code sampler} and {@code samplerShadow}, and the input attachments {@code subpassInput} and
 * {@code subpassInputMS} of each sampled type. In GLSL for OpenGL they are plain names
 * ({@code texture2D} is a legacy function there).
 */
final class VulkanTypes {
    private VulkanTypes() {
    }

    /** The type {@code name} spells, or null. */
    static Type named(String name) {
        switch (name) {
            case "sampler":
                return SamplerStateType.PLAIN;
            case "samplerShadow":
                return SamplerStateType.SHADOW;
            default:
                break;
        }
        ScalarKind sampled = sampledKind(name, "subpassInput");
        if (sampled != null) {
            return switch (name.substring(name.indexOf("subpassInput") + "subpassInput".length())) {
                case "" -> new SubpassInputType(sampled, false);
                case "MS" -> new SubpassInputType(sampled, true);
                default -> null;
            };
        }
        sampled = sampledKind(name, "texture");
        if (sampled == null) {
            return null;
        }
        return switch (name.substring(name.indexOf("texture") + "texture".length())) {
            case "2D" -> new TextureType(Dim.D2, false, sampled);
            case "3D" -> new TextureType(Dim.D3, false, sampled);
            case "Cube" -> new TextureType(Dim.CUBE, false, sampled);
            case "2DArray" -> new TextureType(Dim.D2, true, sampled);
            case "CubeArray" -> new TextureType(Dim.CUBE, true, sampled);
            default -> null;
        };
    }

    /** What {@code name} samples when it is {@code word} behind no prefix (float), {@code i} or {@code u}; null otherwise. */
    private static ScalarKind sampledKind(String name, String word) {
        int at = name.indexOf(word);
        if (at == 0) {
            return ScalarKind.FLOAT;
        }
        if (at != 1) {
            return null;
        }
        return name.charAt(0) == 'i' ? ScalarKind.INT : name.charAt(0) == 'u' ? ScalarKind.UINT : null;
    }
}
