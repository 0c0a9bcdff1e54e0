package dev.csir.fuzz;

import static dev.csir.fuzz.Contracts.require;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.csi.Csi;
import dev.csir.csi.CsiProgramResult;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.Limits;
import dev.csir.ir.Stage;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;
import dev.csir.tgsi.TgsiProgram;
import java.nio.charset.StandardCharsets;

/**
 * Linking pairs of sources. The first two bytes give the vertex source's length (big-endian);
 * it follows, then the fragment source. When both compile, {@link Program#link()} must link or
 * log why not; a linked program must have TGSI within the budget, run both stages, and survive
 * a CSI program round trip into the same TGSI.
 */
class LinkFuzzTest {

    @FuzzTest(maxDuration = "45s")
    @DictionaryEntries({"void main() {", "gl_Position = ", "in vec2 ", "out vec2 ", "in vec3 ", "out vec3 ",
        "in vec4 ", "out vec4 ", "in float ", "out float ", "uniform mat4 ", "uniform vec4 ", "uniform float ",
        "uniform sampler2D ", "texture(", "layout(location = 2) ", "color = ", "uv", "n", "t"})
    void link(byte[] data) {
        if (data.length < 2) {
            return;
        }
        int split = Math.min(((data[0] & 0xFF) << 8) | (data[1] & 0xFF), data.length - 2);
        String vsSource = new String(data, 2, split, StandardCharsets.UTF_8);
        String fsSource = new String(data, 2 + split, data.length - 2 - split, StandardCharsets.UTF_8);
        CompileResult vs = ShaderCompiler.compile(Stage.VERTEX, "fuzz.vert", vsSource);
        CompileResult fs = ShaderCompiler.compile(Stage.FRAGMENT, "fuzz.frag", fsSource);
        Contracts.compiled(vs);
        Contracts.compiled(fs);
        Program program = new Program();
        program.attach(vs);
        program.attach(fs);
        boolean linked = program.link();
        require(linked == program.ok(), "link result and ok() disagree");
        if (!linked) {
            require(!program.log().isEmpty(), "failed link with an empty log");
            return;
        }
        LinkedProgram lp = program.linked().orElseThrow();
        TgsiProgram.Result text = TgsiProgram.emit(lp.vertex(), lp.fragment(), lp.remap());
        if (text instanceof TgsiProgram.Emitted e) {
            for (String t : new String[] {e.program().vertexText(), e.program().fragmentText()}) {
                require(t.getBytes(StandardCharsets.UTF_8).length <= Limits.DEFAULT.tgsiBudget(), "budget");
            }
        }
        for (Stage s : Stage.values()) {
            Interpreter in = lp.interpreter(s);
            require(in.run(in.newFrame()) == Status.OK, "linked " + s + " did not run");
        }
        CsiProgramResult back = Csi.loadProgram(Csi.saveProgram(lp.vertex(), lp.fragment()));
        require(back instanceof CsiProgramResult.Loaded, "program round trip: " + back);
        CsiProgramResult.Loaded l = (CsiProgramResult.Loaded) back;
        Program again = new Program();
        again.attach(l.vertex());
        again.attach(l.fragment());
        require(again.link(), "reloaded program does not link: " + again.log());
        LinkedProgram reloaded = again.linked().orElseThrow();
        require(TgsiProgram.emit(reloaded.vertex(), reloaded.fragment(), reloaded.remap()).equals(text),
                "reloaded program emits other TGSI");
    }
}
