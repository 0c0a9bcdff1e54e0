package dev.csir.lang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.DiagnosticLog;
import org.junit.jupiter.api.Test;

class ParserSmokeTest {
    @Test
    void parsesATriangleShader() {
        String src = "#version 330\nlayout(location = 0) in vec4 position;\nout vec4 vcolor;\n"
                + "void main() {\n    vcolor = position.zyxw;\n    gl_Position = position * 2.0 + -vec4(1.0);\n}\n";
        DiagnosticLog log = new DiagnosticLog("t.vert", src);
        Ast.Unit u = Parser.parse(src, log);
        assertThat(log.diagnostics()).isEmpty();
        assertThat(u.globals()).hasSize(3);
    }
}
