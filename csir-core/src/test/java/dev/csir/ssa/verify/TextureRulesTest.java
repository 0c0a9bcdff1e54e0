package dev.csir.ssa.verify;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.Dim;
import dev.csir.types.ImageType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.Type;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextureRulesTest {
    static final Constant.Scalar ZERO = Constant.ofInt(0);
    static final Constant.Scalar HALF = Constant.ofFloat(0.5f);

    private static GlobalVariable texture(Fixture x, String name, Type t) {
        return x.module.addGlobal(new GlobalVariable(name, AddressSpace.UNIFORM_CONSTANT, t).setBinding(0,
                x.module.globals().size()));
    }

    private static Constant floats(int n) {
        return n == 1 ? HALF : Constant.splat(new VectorType(ScalarType.FLOAT, n), HALF);
    }

    @Test
    void samplingTakesASamplerPointerAndCoordinatesOfItsDimension() {
        Fixture x = new Fixture(VoidType.VOID);
        GlobalVariable t2 = texture(x, "t2", SamplerType.SAMPLER2D);
        GlobalVariable array = texture(x, "ta", new SamplerType(Dim.D2, true, false, ScalarKind.FLOAT));
        GlobalVariable ints = texture(x, "ti", new SamplerType(Dim.D3, false, false, ScalarKind.INT));
        x.b.texture(Opcode.SAMPLE, VectorType.VEC4, ZERO, floats(2));
        x.b.texture(Opcode.SAMPLE, VectorType.VEC4, t2, floats(3));
        x.b.texture(Opcode.SAMPLE_LOD, VectorType.VEC4, array, floats(2), HALF);
        x.b.texture(Opcode.SAMPLE_GRAD, VectorType.VEC4, ints, floats(3), floats(3), floats(3));
        x.b.texture(Opcode.FETCH, VectorType.VEC4, t2, floats(2), ZERO);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "sample: operand 0 is int, expected a pointer to a sampler"),
                new Problem("f", 0, 1, "sample: operand 1 is vec3, expected vec2"),
                new Problem("f", 0, 2, "samplelod: operand 1 is vec2, expected vec3"),
                new Problem("f", 0, 3, "samplegrad yields vec4, expected ivec4"),
                new Problem("f", 0, 4, "fetch: operand 1 is vec2, expected an ivec2 or uvec2"));
    }

    @Test
    void shadowSamplersTakeSamplecmpAndYieldAFloat() {
        Fixture x = new Fixture(VoidType.VOID);
        GlobalVariable plain = texture(x, "t", SamplerType.SAMPLER2D);
        GlobalVariable shadow = texture(x, "s", new SamplerType(Dim.D2, false, true, ScalarKind.FLOAT));
        x.b.texture(Opcode.SAMPLE, VectorType.VEC4, shadow, floats(2));
        x.b.texture(Opcode.SAMPLE_COMPARE, ScalarType.FLOAT, plain, floats(2), HALF);
        x.b.texture(Opcode.SAMPLE_COMPARE, VectorType.VEC4, shadow, floats(2), HALF);
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "sample on sampler2DShadow; shadow samplers take samplecmp"),
                new Problem("f", 0, 1, "samplecmp on sampler2D, which is not a shadow sampler"),
                new Problem("f", 0, 2, "samplecmp yields vec4, expected float"));
    }

    @Test
    void sizesAndImages() {
        Fixture x = new Fixture(VoidType.VOID);
        GlobalVariable cube = texture(x, "c", new SamplerType(Dim.CUBE, false, false, ScalarKind.FLOAT));
        GlobalVariable image = texture(x, "img", new ImageType(Dim.D2, false, ScalarKind.FLOAT, "rgba8"));
        x.b.texture(Opcode.TEXTURE_SIZE, VectorType.IVEC3, cube, ZERO);
        x.b.texture(Opcode.IMAGE_LOAD, VectorType.VEC4, cube, Constant.splat(VectorType.IVEC3, ZERO));
        x.b.texture(Opcode.IMAGE_STORE, VoidType.VOID, image, Constant.splat(VectorType.IVEC2, ZERO),
                Constant.splat(VectorType.IVEC4, ZERO));
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 0, "texsize yields ivec3, expected ivec2"),
                new Problem("f", 0, 1, "imageload: operand 0 is ptr<uniform_constant, samplerCube>, expected a pointer "
                        + "to an image"),
                new Problem("f", 0, 2, "imagestore: operand 2 is ivec4, expected vec4"));
    }

    @Test
    void atomicsWorkOnSharedIntegers() {
        Fixture x = new Fixture(VoidType.VOID);
        GlobalVariable floats = x.module.addGlobal(new GlobalVariable("wf", AddressSpace.WORKGROUP, ScalarType.FLOAT));
        GlobalVariable ints = x.module.addGlobal(new GlobalVariable("wi", AddressSpace.WORKGROUP, ScalarType.INT));
        Instruction local = x.b.alloca(ScalarType.INT, "local");
        int add = AtomicOp.ADD.ordinal();
        x.b.emit(Opcode.ATOMIC_RMW, ScalarType.FLOAT, List.of(floats, HALF), List.of(), add);
        x.b.emit(Opcode.ATOMIC_RMW, ScalarType.INT, List.of(local, ZERO), List.of(), add);
        x.b.emit(Opcode.ATOMIC_COMPARE_EXCHANGE, ScalarType.INT, ints, ZERO, Constant.ofUint(1));
        x.b.ret();
        x.assertProblems(new Problem("f", 0, 1, "atomic: operand 0 is ptr<workgroup, float>, expected a pointer to an "
                        + "int or uint"),
                new Problem("f", 0, 2, "atomic on a pointer into function; atomics work on workgroup and storage memory"),
                new Problem("f", 0, 3, "cmpxchg: operand 2 is uint, expected int"));
    }
}
