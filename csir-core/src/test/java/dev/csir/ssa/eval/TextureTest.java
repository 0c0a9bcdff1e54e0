package dev.csir.ssa.eval;

import static dev.csir.ssa.Constant.ofFloat;
import static dev.csir.ssa.Constant.ofInt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Constant;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.Dim;
import dev.csir.types.ImageType;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarKind;
import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextureTest {
    /** Records every lookup and answers with the coordinate and the lod/bias. */
    static final class Recorder implements TextureSampler {
        final List<Lookup> lookups = new ArrayList<>();

        @Override
        public double[] lookup(Lookup l) {
            lookups.add(l);
            double extra = l.lodOrBias() == null ? -1 : l.lodOrBias().kind() == ScalarKind.INT
                    ? l.lodOrBias().intAt(0) : l.lodOrBias().floatAt(0);
            if (l.coord().kind() == ScalarKind.INT) {
                return new double[] {l.coord().intAt(0), l.coord().intAt(1), extra, 7};
            }
            return new double[] {l.coord().floatAt(0), l.coord().floatAt(1), extra,
                    l.reference() == null ? 1 : l.reference().floatAt(0)};
        }

        @Override
        public int[] size(GlobalVariable texture, List<Integer> element, int lod) {
            return new int[] {64 >> lod, 32 >> lod};
        }
    }

    @Test
    void lookupsGoThroughTheSamplerWithTheirOperands() {
        Fixture f = new Fixture();
        GlobalVariable tex = f.global("tex", AddressSpace.UNIFORM_CONSTANT, SamplerType.SAMPLER2D).setBinding(0, 0);
        SamplerType shadow = new SamplerType(Dim.D2, false, true, ScalarKind.FLOAT);
        GlobalVariable depth = f.global("depth", AddressSpace.UNIFORM_CONSTANT, shadow).setBinding(0, 1);
        GlobalVariable arr = f.global("textures", AddressSpace.UNIFORM_CONSTANT,
                new ArrayType(new SamplerType(Dim.D2, false, false, ScalarKind.INT), 4)).setBinding(0, 2);
        Constant uv = CompositeTest.vec(0.25f, 0.75f);
        f.out("plain", f.b.texture(Opcode.SAMPLE, VectorType.VEC4, tex, uv));
        f.out("biased", f.b.texture(Opcode.SAMPLE, VectorType.VEC4, tex, uv, ofFloat(-1)));
        f.out("lod", f.b.texture(Opcode.SAMPLE_LOD, VectorType.VEC4, tex, uv, ofFloat(2)));
        f.out("grad", f.b.texture(Opcode.SAMPLE_GRAD, VectorType.VEC4, tex, uv, CompositeTest.vec(1, 0),
                CompositeTest.vec(0, 1)));
        f.out("cmp", f.b.texture(Opcode.SAMPLE_COMPARE, ScalarType.FLOAT, depth, uv, ofFloat(0.5f)));
        Constant texel = new Constant.Composite(VectorType.IVEC2, List.of(ofInt(3), ofInt(-4)));
        f.out("fetched", f.b.texture(Opcode.FETCH, VectorType.IVEC4, f.b.access(arr, ofInt(2)), texel, ofInt(1)));
        f.out("size", f.b.texture(Opcode.TEXTURE_SIZE, VectorType.IVEC2, tex, ofInt(1)));
        Recorder rec = new Recorder();
        Result r = f.run(new Invocation().sampler(rec));
        assertThat(r.status()).isEqualTo(Result.Status.RETURNED);
        assertThat(r.num("plain").floats()).containsExactly(0.25f, 0.75f, -1, 1);
        assertThat(r.num("biased").floats()).containsExactly(0.25f, 0.75f, -1, 1);
        assertThat(r.num("lod").floats()).containsExactly(0.25f, 0.75f, 2, 1);
        assertThat(r.num("cmp").floatAt(0)).isEqualTo(0.25f);
        assertThat(r.num("fetched").ints()).containsExactly(3, -4, 1, 7);
        assertThat(r.num("size").ints()).containsExactly(32, 16);
        assertThat(rec.lookups).extracting(TextureSampler.Lookup::kind).containsExactly(TextureSampler.Kind.SAMPLE,
                TextureSampler.Kind.SAMPLE, TextureSampler.Kind.SAMPLE_LOD, TextureSampler.Kind.SAMPLE_GRAD,
                TextureSampler.Kind.SAMPLE_COMPARE, TextureSampler.Kind.FETCH);
        TextureSampler.Lookup grad = rec.lookups.get(3);
        assertThat(grad.texture()).isSameAs(tex);
        assertThat(grad.coord().floats()).containsExactly(0.25f, 0.75f);
        assertThat(grad.ddx().floats()).containsExactly(1, 0);
        assertThat(grad.ddy().floats()).containsExactly(0, 1);
        assertThat(rec.lookups.get(4).reference().floatAt(0)).isEqualTo(0.5f);
        assertThat(rec.lookups.get(4).texture()).isSameAs(depth);
        assertThat(rec.lookups.get(5).texture()).isSameAs(arr);
        assertThat(rec.lookups.get(5).element()).containsExactly(2);
        assertThat(rec.lookups.get(0).element()).isEmpty();
    }

    @Test
    void withoutASamplerLookupsReadZeroAndImagesTrap() {
        Fixture f = new Fixture();
        GlobalVariable tex = f.global("tex", AddressSpace.UNIFORM_CONSTANT, SamplerType.SAMPLER2D);
        f.out("c", f.b.texture(Opcode.SAMPLE, VectorType.VEC4, tex, CompositeTest.vec(0.5f, 0.5f)));
        assertThat(f.run().num("c").floats()).containsExactly(0, 0, 0, 0);

        Fixture g = new Fixture();
        GlobalVariable img = g.global("img", AddressSpace.UNIFORM_CONSTANT,
                new ImageType(Dim.D2, false, ScalarKind.FLOAT, "rgba8"));
        g.out("c", g.b.texture(Opcode.IMAGE_LOAD, VectorType.VEC4, img,
                new Constant.Composite(VectorType.IVEC2, List.of(ofInt(0), ofInt(0)))));
        Result r = g.run();
        assertThat(r.status()).isEqualTo(Result.Status.TRAP);
        assertThat(r.message()).contains("storage images are not modelled");
    }
}
