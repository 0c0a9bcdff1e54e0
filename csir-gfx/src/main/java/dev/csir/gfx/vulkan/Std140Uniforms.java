package dev.csir.gfx.vulkan;

import dev.csir.back.spirv.Reflection;
import dev.csir.ir.Stage;
import dev.csir.link.ProgramInterface;
import dev.csir.link.UniformValues;
import dev.csir.types.ArrayType;
import dev.csir.types.MatrixType;
import dev.csir.types.ScalarKind;
import dev.csir.types.Type;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * Fills a stage's std140 uniform block from the program's CSIR uniform slots: each member by
 * name from the vec4 slots where the stage keeps that uniform (a matrix one slot per column,
 * an array one slot run per element), at the offsets and strides the SPIR-V reflection gives.
 * Members the program interface does not know stay zero, as an unset uniform reads in GL. An
 * element of an array of blocks reads the uniforms CSIR names {@code Block[k].member}.
 */
final class Std140Uniforms {
    private Std140Uniforms() {
    }

    /** Writes {@code block} of {@code stage} into {@code out} (little-endian, from index 0). */
    static void fill(Reflection.UniformBlock block, Stage stage, ProgramInterface iface, UniformValues values,
            ByteBuffer out) {
        for (int i = 0; i < block.size(); i++) {
            out.put(i, (byte) 0);
        }
        write(block, stage, iface, values, out);
    }

    /**
     * Writes the members of {@code block} into {@code out} and leaves its other bytes as they
     * are (the push-constant blocks of two stages share one buffer).
     */
    static void write(Reflection.UniformBlock block, Stage stage, ProgramInterface iface, UniformValues values,
            ByteBuffer out) {
        ByteBuffer b = out.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (values == null) {
            return;
        }
        float[] words = values.words(stage);
        for (Reflection.Member m : block.members()) {
            String name = block.uniformPrefix() + m.name();
            if (m.type() instanceof ArrayType a) {
                array(b, name, m, a, stage, iface, words);
                continue;
            }
            Optional<Integer> slot = slot(iface, name, stage);
            if (slot.isPresent()) {
                value(b, m.type(), m.offset(), m.matrixStride(), slot.get(), words);
            }
        }
    }

    private static Optional<Integer> slot(ProgramInterface iface, String name, Stage stage) {
        return iface.uniform(name).flatMap(u -> u.slotIn(stage));
    }

    /**
     * An array member, element by element: the program interface names each element as OpenGL
     * does ({@code pal[0]}, {@code pal[1]}), where the reflection names the member {@code pal}.
     */
    private static void array(ByteBuffer b, String name, Reflection.Member m, ArrayType a, Stage stage,
            ProgramInterface iface, float[] words) {
        for (int e = 0; e < a.length(); e++) {
            Optional<Integer> slot = slot(iface, name + "[" + e + "]", stage);
            if (slot.isPresent()) {
                value(b, a.element(), m.offset() + e * m.arrayStride(), m.matrixStride(), slot.get(), words);
            }
        }
    }

    private static void value(ByteBuffer b, Type t, int offset, int matrixStride, int slot, float[] words) {
        if (t instanceof MatrixType mt) {
            for (int c = 0; c < mt.columns(); c++) {
                components(b, ScalarKind.FLOAT, mt.rows(), offset + c * matrixStride, slot + c, words);
            }
        } else if (t.scalarKind() != null) {
            components(b, t.scalarKind(), t.componentCount(), offset, slot, words);
        }
    }

    /** CSIR keeps every uniform as floats; integer and boolean members are converted to their bits. */
    private static void components(ByteBuffer b, ScalarKind kind, int n, int offset, int slot, float[] words) {
        for (int k = 0; k < n; k++) {
            int w = slot * 4 + k;
            float v = w < words.length ? words[w] : 0f;
            int at = offset + k * 4;
            if (at + 4 > b.limit()) {
                return;
            }
            switch (kind) {
                case FLOAT -> b.putFloat(at, v);
                case INT, UINT -> b.putInt(at, (int) v);
                case BOOL -> b.putInt(at, v != 0 ? 1 : 0);
                default -> b.putFloat(at, v);
            }
        }
    }
}
