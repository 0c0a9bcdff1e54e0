package dev.csir.ir;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.testing.Snapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

class IrDumpTest {

    @Test
    void everyOpcodeInTheDocumentedLayout() {
        IrBuilder b = new IrBuilder();
        int c = b.constant(1, 2, 3, 4);
        int t = b.temp(8);
        b.emit(Opcode.MOV, Type.VEC4, 4, t, c, -1, 0, 0);
        b.emit(Opcode.SWZ, Type.VEC2, 2, t + 1, c, -1, 0b0111, 0);
        b.emit(Opcode.SETLANE, Type.VEC4, 1, t, c, -1, 3, 2);
        for (Opcode op : List.of(Opcode.ADD, Opcode.SUB, Opcode.MUL, Opcode.MAX, Opcode.MIN)) {
            b.emit(op, Type.VEC4, 4, t + 2, t, t + 1, 0, 0);
        }
        b.emit(Opcode.ABS, Type.VEC4, 4, t + 2, t, -1, 0, 0);
        b.emit(Opcode.DOT, Type.FLOAT, 1, t + 3, t, t, 3, 0);
        for (Opcode op : List.of(Opcode.RSQ, Opcode.RCP, Opcode.SIN, Opcode.COS, Opcode.TRUNC)) {
            b.emit(op, Type.FLOAT, 1, t + 3, t + 3, -1, 0, 0);
        }
        b.emit(Opcode.POW, Type.FLOAT, 1, t + 3, t, t, 0, 0);
        b.emit(Opcode.CMP, Type.BOOL, 1, t + 4, t, t + 3, Cmp.LE.code(), 0);
        int m = b.temp(4);
        b.emit(Opcode.LOAD_UNI, Type.MAT4, 4, m, -1, -1, 0, 4);
        b.emit(Opcode.MULMV, Type.VEC4, 4, t + 5, m, t, 4, 0);
        int mm = b.temp(4);
        b.emit(Opcode.MULMM, Type.MAT4, 4, mm, m, m, 4, 0);
        b.emit(Opcode.SAMPLE, Type.VEC4, 4, t + 6, t + 1, -1, 0, 0);
        b.emit(Opcode.LOAD_VAR, Type.VEC2, 2, t + 7, -1, -1, 1, 0);
        b.emit(Opcode.LOAD_FCOORD, Type.VEC4, 4, t + 7, -1, -1, 0, 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, t + 4, -1, 0, 0);
        b.emit(Opcode.DISCARD, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.NOP, Type.NONE, 0, 5, 5, 5, 5, 5);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.STORE_COLOR, Type.NONE, 4, -1, t + 5, -1, 0, 0);
        ShaderIr ir = b.build("all.frag", Stage.FRAGMENT, ShaderInterface.of(Stage.FRAGMENT, List.of(
                new InterfaceVar(InterfaceVar.Kind.INPUT, "uv", Type.VEC2, 1),
                new InterfaceVar(InterfaceVar.Kind.UNIFORM, "m", Type.MAT4, 0),
                new InterfaceVar(InterfaceVar.Kind.UNIFORM, "tex", Type.SAMPLER2D, 0),
                new InterfaceVar(InterfaceVar.Kind.OUTPUT, "color", Type.VEC4, 0))));
        String dump = IrDump.dump(ir);
        assertThat(dump).startsWith("shader all.frag\nstage fragment\ninput vec2 uv\nuniform mat4 m slot 0\n"
                + "uniform sampler2D tex slot 0\noutput vec4 color\nblock 0:\n  %0 = const\n")
                .doesNotContain("nop").doesNotContain("const %");
        Snapshot.assertMatches("ir/all-opcodes.ir.txt", dump);
    }

    @Test
    void loopOpcodesPrintTheirMnemonicsUnindentedAsIfBodiesAre() {
        // the dump indents no IF body, so loop bodies are not indented either
        IrBuilder b = new IrBuilder();
        int c = b.constant(1);
        b.emit(Opcode.LOOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.IF, Type.NONE, 0, -1, c, -1, 0, 0);
        b.emit(Opcode.BREAK, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ELSE, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.CONTINUE, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDIF, Type.NONE, 0, -1, -1, -1, 0, 0);
        b.emit(Opcode.ENDLOOP, Type.NONE, 0, -1, -1, -1, 0, 0);
        String dump = IrDump.dump(b.build("l.frag", Stage.FRAGMENT, ShaderInterface.EMPTY));
        assertThat(dump.substring(dump.indexOf("block 0:\n") + 9)).isEqualTo("""
                  %0 = const
                  loop
                  if %0
                  break
                  else
                  continue
                  endif
                  endloop
                """);
    }

    @Test
    void compiledShaderDump() {
        CompileResult r = ShaderCompiler.compile(Stage.VERTEX, "mvp.vert", """
                uniform mat4 model;
                uniform mat4 view;
                uniform mat4 projection;
                layout(location = 0) in vec4 position;
                out vec2 uv;
                void main() {
                    uv = position.xy * 0.5 + 0.5;
                    gl_Position = projection * view * model * position;
                }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        Snapshot.assertMatches("ir/mvp.vert.ir.txt", r.irDump());
    }
}
