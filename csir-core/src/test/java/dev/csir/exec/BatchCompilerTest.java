package dev.csir.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.testing.RandomIr;
import dev.csir.testing.ShaderCorpus;
import dev.csir.types.ShaderStage;
import dev.csir.verify.Verifier;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.CodeAttribute;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The shape of the generated classes: methods HotSpot compiles, at every batch width. */
class BatchCompilerTest {
    /** HotSpot leaves methods of more bytecode than this interpreted (-XX:HugeMethodLimit). */
    private static final int HUGE_METHOD = 8000;
    private static final String[] LARGEST = {""};

    /** The largest method of the class for {@code ir}, in bytes of bytecode. */
    private static int largestMethod(ShaderIr ir, Limits limits, int lanes) {
        ClassModel model = ClassFile.of().parse(BatchCompiler.classFile(Interpreter.of(ir, null, limits), lanes));
        int largest = 0;
        for (MethodModel m : model.methods()) {
            int len = m.findAttribute(java.lang.classfile.Attributes.code()).map(CodeAttribute::codeLength)
                    .orElse(0);
            if (len > largest) {
                largest = len;
                LARGEST[0] = m.methodName().stringValue();
            }
        }
        return largest;
    }

    /** Colour outputs past the first: each lane's every output as the interpreter writes it. */
    @Test
    void severalColourOutputsAgree() {
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", """
                #version 330 core
                in vec4 v;
                layout(location = 2) out vec4 a;
                layout(location = 0) out vec2 b;
                layout(location = 5) out float c;
                void main() { a = v * 3.0; b = v.wz - v.xy; c = v.x > 0.0 ? dot(v, v) : -1.0; }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        assertThat(BatchCheck.compare(r.ir(), null, Limits.DEFAULT, 64, 64, new Random(91))).isNull();
    }

    /**
     * The variants agree as the default does: one loop an instruction under a partial mask, and
     * a full batch's transcendental rows in {@link Rows}' scalar loops rather than SIMD lanes (the
     * code a JVM without jdk.incubator.vector runs).
     */
    @Test
    void oneLoopPerInstructionUnderAPartialMaskAndScalarRowsAgree() {
        Random r = new Random(0xF05E);
        int checked = 0;
        while (checked < 800) {
            ShaderIr ir = RandomIr.generate(RandomIr.Choices.of(r));
            if (Verifier.verify(ir).isEmpty()) {
                checked++;
                Interpreter in = Interpreter.of(ir, null, Limits.CHRISOS);
                for (int variant = 0; variant < 4; variant++) {
                    boolean fuse = (variant & 1) != 0;
                    boolean vector = (variant & 2) != 0 && Rows.VECTOR;
                    BatchShader s = BatchShader.compiled(in, 16, BatchCompiler.compile(in, 16, fuse, vector));
                    assertThat(BatchCheck.compare(s, in, 1 + r.nextInt(16), new Random(r.nextLong())))
                            .as("fuse %s, vector %s:%n%s", fuse, vector, dev.csir.ir.IrDump.dump(ir)).isNull();
                }
            }
        }
    }

    @Test
    void corpusShadersGetMethodsTheJitCompiles() {
        int largest = 0;
        int shaders = 0;
        String where = "";
        for (ShaderCorpus.Source s : ShaderCorpus.all()) {
            CompileResult c = ShaderCompiler.compile(s.stage() == ShaderStage.VERTEX ? Stage.VERTEX : Stage.FRAGMENT,
                    s.name(), s.text());
            if (c.ok()) {
                shaders++;
                for (int lanes : new int[] {1, 64, 1024}) {
                    int m = largestMethod(c.ir(), Limits.DEFAULT, lanes);
                    assertThat(m).as(s.name() + " at " + lanes + " lanes").isLessThan(HUGE_METHOD);
                    if (m > largest) {
                        largest = m;
                        where = s.name() + " at " + lanes + " lanes, method " + LARGEST[0];
                    }
                }
            }
        }
        System.out.printf("BatchCompilerTest: the largest method over %d corpus shaders has %d bytes (%s)%n", shaders,
                largest, where);
        assertThat(shaders).isGreaterThan(10);
    }

    /** The control of 120 IF/ELSE pairs (about 53 bytes each) keeps the main method under the JIT's limit. */
    @Test
    void longChainsOfBranchesStayCompilable() {
        ShaderIr ir = BatchShaderTest.ifElseChain(120);
        int largest = largestMethod(ir, Limits.DEFAULT, 64);
        System.out.printf("BatchCompilerTest: 120 IF/ELSE pairs, largest method %d bytes (%s)%n", largest,
                LARGEST[0]);
        assertThat(largest).isLessThan(HUGE_METHOD);
        assertThat(BatchCheck.compare(ir, null, Limits.DEFAULT, 64, 64, new Random(3))).isNull();
    }

    /** Shaders as long as the ChrisOS pools allow (384 records) and as wild as verified ones get. */
    @Test
    void randomShadersAtTheChrisosPoolsGetMethodsTheJitCompiles() {
        Random r = new Random(0xB10C);
        int checked = 0;
        while (checked < 300) {
            ShaderIr ir = RandomIr.generate(RandomIr.Choices.of(r));
            if (Verifier.verify(ir).isEmpty()) {
                checked++;
                assertThat(largestMethod(ir, Limits.CHRISOS, 64)).as(ir.size() + " instructions")
                        .isLessThan(HUGE_METHOD);
            }
        }
    }
}
