package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.testing.Differential;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.testing.MatrixForms;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every matrix type, {@code mat2} to {@code mat4x4}: constructors, products with vectors and
 * matrices of matching shapes, indexing, and the matrix built-ins, as locals and uniforms. The
 * interpreter computes the evaluator's values, CSIR names the uniforms' types, and csir accepts
 * or rejects each form where glslang does (the {@code matCxR} names only from 1.20 and 3.00 es).
 */
class MatrixFormsTest {
    @Test
    void theInterpreterComputesTheEvaluatorsValues() {
        List<String> sources = MatrixForms.BODIES.stream().map(MatrixForms::shader).toList();
        assertThat(Differential.disagreements(ShaderStage.FRAGMENT, sources, 100, new Random(22))).isEmpty();
    }

    @Test
    void matrixUniformsKeepTheirTypesAndOneSlotPerColumn() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", MatrixForms.shader("c = k + j + u2[0].xyxy + u32[2].xyxy + u24[1] + u43[3].xyzx;"));
        assertThat(r.ok()).as(r.log()).isTrue();
        List<String> uniforms = r.ir().iface().vars().stream().filter(v -> v.kind() == InterfaceVar.Kind.UNIFORM)
                .map(v -> v.name() + ":" + v.type().glslName() + "@" + v.slot()).toList();
        assertThat(uniforms).containsExactly("k:vec4@0", "j:vec4@1", "u2:mat2@2", "u32:mat3x2@4", "u24:mat2x4@7",
                "u43:mat4x3@9");
        // CSI version 1 holds the original's types only; version 2 keeps these
        assertThat(Csi.version1Problem(r.ir())).startsWith("type 14 (mat2) needs CSI version 2: instruction ");
        assertThat(Csi.load(Csi.save(r.ir()))).isInstanceOfSatisfying(dev.csir.csi.CsiResult.Loaded.class,
                l -> assertThat(l.shader().iface().vars()).isEqualTo(r.ir().iface().vars()));
        CompileResult square = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag",
                "#version 330 core\nuniform mat3 a;\nuniform mat4 b;\nout vec4 c;\nvoid main() { c = b * vec4(a * b[0].xyz, 1.0); }\n");
        assertThat(Csi.version1Problem(square.ir())).isNull();
        assertThat(Type.matrix(3, 2)).isEqualTo(Type.MAT3X2);
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> sources = new ArrayList<>();
        MatrixForms.BODIES.forEach(b -> sources.add(MatrixForms.shader(b)));
        for (String body : List.of("mat2x3 a = mat2x3(1.0); c = vec4(a * k.xyz, 0.0);",
                "mat3x2 a = mat3x2(1.0); mat3x2 b = a * a; c = k;", "c = vec4(determinant(u32));",
                "mat2x3 a = inverse(mat2x3(1.0)); c = k;", "mat2 a = transpose(u32); c = k;",
                "mat2 a = mat2(1.0, 2.0, 3.0); c = k;", "mat2 a = mat2(k, j); c = k;",
                "mat3x2 a = outerProduct(k.xyz, k.xy); c = k;", "c = vec4(u2[2], 0.0, 0.0);",
                "mat2 a = u2; a[0] = k.xyz; c = k;")) {
            sources.add(MatrixForms.shader(body));
        }
        // the matCxR names are types from 1.20 and 3.00 es; before, they are names
        String nonSquare = "void main() { mat2x3 m = mat2x3(1.0); gl_FragColor = vec4(m[0], 1.0); }\n";
        String asName = "void main() { float mat2x3 = 0.5; mat2 m = mat2(mat2x3); gl_FragColor = vec4(m[0], m[1]); }\n";
        for (String version : List.of("110", "120", "330 core", "100", "300 es")) {
            String head = "#version " + version + "\n" + (version.equals("100") ? "precision mediump float;\n" : "");
            if (version.equals("300 es")) {
                sources.add(head + "precision mediump float;\nout vec4 o;\nvoid main() { mat2x3 m = mat2x3(1.0); "
                        + "o = vec4(m[0], determinant(mat2(1.0))); }\n");
                sources.add(head + "precision mediump float;\nout vec4 o;\nvoid main() { float mat2x3 = 0.5; o = vec4(mat2x3); }\n");
            } else {
                sources.add(head + nonSquare);
                sources.add(head + asName);
                sources.add(head + "void main() { mat2 m = transpose(mat2(1.0)); gl_FragColor = vec4(m[0], m[1]); }\n");
                sources.add(head + "void main() { gl_FragColor = vec4(determinant(mat2(2.0))); }\n");
            }
        }
        List<String> disagreements = new ArrayList<>();
        for (String src : sources) {
            if (GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, src).ok()) {
                CompileResult csir = ShaderCompiler.compile(Stage.FRAGMENT, "a.frag", src);
                if (!csir.ok()) {
                    disagreements.add(src + "\n: accepted, but does not compile to CSIR:\n" + csir.log());
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
