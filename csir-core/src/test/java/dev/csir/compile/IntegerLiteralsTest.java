package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.ir.Stage;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Integer literals as GLSL writes them (decimal, {@code 0x} hexadecimal, {@code 0} octal, up to
 * 32 bits, the bit pattern the int's) and the implicit conversions of initializers and
 * assignments (int to float from GLSL 1.20, never in ES): the values the interpreter computes,
 * and acceptance exactly where glslang accepts.
 */
class IntegerLiteralsTest {

    /** The colour the fragment shader {@code int a = LITERAL; o = vec4(float(a) ...)} draws. */
    private static float[] drawn(String literal) {
        String src = "#version 330 core\nout vec4 o;\nvoid main() { int a = " + literal
                + "; o = vec4(float(a), float(a >> 16), float(a & 65535), 1.0); }\n";
        CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", src);
        assertThat(r.ok()).as(literal + "\n" + r.log()).isTrue();
        Interpreter in = Interpreter.of(r.ir(), null);
        Frame f = in.newFrame();
        assertThat(in.run(f).ok()).isTrue();
        return f.color().clone();
    }

    @Test
    void everyRadixGivesItsValue() {
        assertThat(drawn("0x1F")[0]).isEqualTo(31f);
        assertThat(drawn("0XfF")[0]).isEqualTo(255f);
        assertThat(drawn("017")[0]).isEqualTo(15f);
        assertThat(drawn("00")[0]).isEqualTo(0f);
        assertThat(drawn("0")[0]).isEqualTo(0f);
        assertThat(drawn("123456")[0]).isEqualTo(123456f);
    }

    @Test
    void thirtyTwoBitPatternsAreTheIntsBits() {
        // 0xFFFFFFFF is -1; the shift and mask read its halves back
        assertThat(drawn("0xFFFFFFFF")).containsExactly(-1f, -1f, 65535f, 1f);
        assertThat(drawn("037777777777")).containsExactly(-1f, -1f, 65535f, 1f);
        assertThat(drawn("0x12345678")).containsExactly(305419896f, 4660f, 22136f, 1f);
    }

    @Test
    void literalsGlslangRejectsAreLocatedErrors() {
        String[][] cases = {
            {"4294967296", "numeric literal too big"},
            {"0x100000000", "hexadecimal literal too big"},
            {"040000000000", "octal literal too big"},
            {"08", "octal literal digit too large"},
            {"0x", "bad digit in hexadecimal literal"},
        };
        for (String[] c : cases) {
            String src = "#version 330 core\nout vec4 o;\nvoid main() { int a = " + c[0] + "; o = vec4(float(a)); }\n";
            CompileResult r = ShaderCompiler.compile(Stage.FRAGMENT, "l.frag", src);
            assertThat(r.ok()).as(c[0]).isFalse();
            assertThat(r.diagnostics().getFirst().render()).as(c[0]).startsWith("l.frag:3:23: error: " + c[1]);
        }
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        for (String literal : List.of("0x1F", "0XfF", "017", "00", "4294967295", "2147483648", "0xFFFFFFFF",
                "037777777777", "4294967296", "0x100000000", "040000000000", "08", "0x", "1u", "09.5", "0.5e1",
                "0x1Fg")) {
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, "#version 330 core\nout vec4 o;\n"
                    + "void main() { int a = " + literal + "; o = vec4(float(a)); }\n");
        }
        // in the preprocessor's #if too
        GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, "#version 330 core\n#if 0x10 == 16 && 010 == 8\n"
                + "out vec4 o;\n#endif\nvoid main() { o = vec4(1.0); }\n");
        // implicit conversions: int to float from 1.20, never in ES, never float to int or bool
        for (String version : List.of("110", "120", "330 core", "100", "300 es")) {
            String head = "#version " + version + "\n" + (version.endsWith("es") || version.equals("100")
                    ? "precision mediump float;\n" : "");
            for (String body : List.of("float x = 1;", "vec2 y = ivec2(1);", "int i = 1.5;", "bool b = 1;",
                    "float x; x = 2;", "int i; i = 2.0;", "vec3 v = vec3(1); v = ivec3(2);", "bool b = true != false;",
                    "bool b = true < false;", "bool b = 1 == 1.0;", "bool b = true == 1;", "float f = 1.0 + true;",
                    "bool b = 2 < 2.5;")) {
                GlslangAgreement.check(disagreements, ShaderStage.VERTEX, head + "void main() { " + body
                        + " gl_Position = vec4(1.0); }\n");
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
