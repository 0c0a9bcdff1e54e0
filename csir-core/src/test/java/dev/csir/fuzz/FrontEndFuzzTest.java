package dev.csir.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import java.nio.charset.StandardCharsets;

/**
 * The front end: any text compiles to a verified shader or to located errors, never to an
 * exception. The first byte's low bit picks the stage; the rest is the source, as UTF-8.
 */
class FrontEndFuzzTest {

    @FuzzTest(maxDuration = "45s")
    @DictionaryEntries({"void main() {", "gl_Position", "gl_FragCoord", "uniform ", "in ", "out ", "const ",
        "vec2", "vec3", "vec4", "ivec2", "float", "int ", "bool", "mat3", "mat4", "sampler2D", "texture(",
        "layout(location = 3) ", "for (int i = 0; i < 4; i++)", "if (", "} else {", "return ", "discard;",
        "precision mediump float;", "dot(", "normalize(", "clamp(", "mix(", ".xyzw", ".rgba",
        "true", "false", "1.0e3", "//", "/*", "*/", "==", "&&", "||", "+=", "*=",
        // the preprocessor (libFuzzer's dictionary takes no line break, quote or backslash)
        "#define ", "#undef ", "#if ", "#ifdef ", "#ifndef ", "#elif ", "#else", "#endif", "#line ", "#error ",
        "#pragma ", "#extension GL_GOOGLE_include_directive : enable", "#include <", "#version 450", "#version 300 es",
        "##", "defined(", "__LINE__", "__FILE__", "GL_ES", "(a, b)"})
    void compile(byte[] data) {
        if (data.length == 0) {
            return;
        }
        Stage stage = (data[0] & 1) == 0 ? Stage.VERTEX : Stage.FRAGMENT;
        String source = new String(data, 1, data.length - 1, StandardCharsets.UTF_8);
        Contracts.compiled(ShaderCompiler.compile(stage, "fuzz." + stage.extension(), source));
    }
}
