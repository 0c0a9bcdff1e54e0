package dev.csir.ssa.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.BlockLayout;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.types.AddressSpace;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Modules made with the builder print to exactly the expected text. */
class BuilderPrintTest {

    /** A counting loop and a fragment entry calling it; built out of print order on purpose. */
    static Module loopModule() {
        Module m = new Module();
        StructType light = new StructType("Light", List.of(new StructType.Member("position", VectorType.VEC3),
                new StructType.Member("color", VectorType.VEC4)));
        GlobalVariable ubo = m.addGlobal(new GlobalVariable("ubo", AddressSpace.UNIFORM, light).setBinding(0, 0)
                .setLayout(BlockLayout.STD140));
        GlobalVariable color = m.addGlobal(new GlobalVariable("color", AddressSpace.OUTPUT, VectorType.VEC4)
                .setLocation(0));

        Function sum = m.addFunction(new Function("sum", ScalarType.INT, List.of(ScalarType.INT)));
        sum.params().getFirst().setName("n");
        Builder b = new Builder(sum);
        Block entry = b.newBlock("entry");
        Block header = b.newBlock("for.header");
        Block body = b.newBlock("for.body");
        Block cont = b.newBlock("for.continue");
        Block exit = b.newBlock("for.end");
        b.at(entry);
        Instruction acc = b.alloca(ScalarType.INT, "sum");
        b.store(acc, Constant.ofInt(0)).setName("a void instruction's name is not printed");
        b.br(header);
        b.at(header);
        header.markLoop(exit, cont, ControlHint.DONT_UNROLL);
        Instruction i = b.phi(ScalarType.INT).setName("i");
        b.condBr(b.compare(Opcode.LT, i, sum.params().getFirst()), body, exit);
        b.at(body);
        b.store(acc, b.binary(Opcode.ADD, b.load(acc), i));
        // created last, placed at the top of the entry: numbered where it prints, not where it was made
        Instruction tmp = b.alloca(ScalarType.FLOAT, "tmp");
        b.store(tmp, Constant.ofFloat(1));
        b.br(cont);
        b.at(cont);
        Instruction next = b.binary(Opcode.ADD, i, Constant.ofInt(1)).setName("i.next");
        b.br(header);
        Builder.incoming(i, Constant.ofInt(0), entry);
        Builder.incoming(i, next, cont);
        b.at(exit);
        b.ret(b.load(acc));

        Function main = m.addFunction(new Function("main", VoidType.VOID, List.of()));
        b = new Builder(main);
        b.at(b.newBlock(null));
        Instruction c = b.load(b.access(ubo, Constant.ofInt(1)));
        Instruction n = b.convert(ScalarType.FLOAT, b.call(sum, List.of(Constant.ofInt(3))));
        Instruction clamped = b.intrinsic(Intrinsic.MAX, ScalarType.FLOAT, List.of(n, Constant.ofFloat(-0.0f)));
        Instruction splat = b.construct(VectorType.VEC4, List.of(clamped, clamped, clamped, clamped));
        b.store(color, b.binary(Opcode.MUL, c, splat));
        b.ret();
        m.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, main, List.of(color), List.of()));
        return m;
    }

    static final String LOOP_TEXT = """
            struct Light { position: vec3, color: vec4 }
            global @ubo : ptr<uniform, Light> set=0 binding=0 layout=std140
            global @color : ptr<output, vec4> location=0
            entry fragment @main(@color)

            func @sum(%arg0: int) -> int { ; n
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; sum
              %1 = alloca : ptr<function, float> ; tmp
              store %0, 0:int
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 hint=dontunroll (for.header)
              %2 = phi [0:int, bb0], [%6, bb3] : int ; i
              %3 = lt %2, %arg0 : bool
              condbr %3, bb2, bb4
            bb2: ; (for.body)
              %4 = load %0 : int
              %5 = add %4, %2 : int
              store %0, %5
              store %1, 1.0:float
              br bb3
            bb3: ; (for.continue)
              %6 = add %2, 1:int : int ; i.next
              br bb1
            bb4: ; (for.end)
              %7 = load %0 : int
              ret %7
            }

            func @main() -> void {
            bb0:
              %0 = access @ubo, 1:int : ptr<uniform, vec4>
              %1 = load %0 : vec4
              %2 = call @sum(3:int) : int
              %3 = convert %2 : float
              %4 = intrinsic max(%3, -0.0:float) : float
              %5 = construct %4, %4, %4, %4 : vec4
              %6 = mul %1, %5 : vec4
              store @color, %6
              ret
            }
            """;

    @Test
    void aBuiltModulePrintsInPrintOrderWithNamesOnlyInComments() {
        assertThat(Printer.print(loopModule())).isEqualTo(LOOP_TEXT);
    }

    @Test
    void blocksAreNumberedByLayoutNotCreation() {
        Module m = loopModule();
        Function sum = m.functions().getFirst();
        sum.moveBlock(sum.blocks().get(4), 1);
        String text = Printer.print(sum);
        assertThat(text).contains("bb1: ; (for.end)\n  %2 = load %0 : int\n  ret %2\n");
        assertThat(text).contains("bb2: ; loop merge=bb1 continue=bb4 hint=dontunroll (for.header)\n"
                + "  %3 = phi [0:int, bb0], [%7, bb4] : int ; i\n");
    }

    @Test
    void valuesOutsideTheFunctionPrintAsUnknownAndDoNotParse() {
        Module m = loopModule();
        Function sum = m.functions().getFirst();
        Function main = m.functions().get(1);
        Instruction foreign = sum.blocks().get(4).instructions().getFirst();
        Builder b = new Builder(main).at(main.addBlock(null));
        b.emit(Opcode.NEG, ScalarType.INT, foreign);
        b.emit(Opcode.BR, VoidType.VOID, List.of(), List.of(sum.entry()));
        b.emit(Opcode.NEG, ScalarType.INT, sum.params().getFirst());
        String text = Printer.print(m);
        assertThat(text).contains("bb1:\n  %7 = neg %? : int\n  br bb?\n  %8 = neg %? : int\n}\n");
        assertThat(Parser.parse(text)).isInstanceOf(ParseResult.Failed.class);
    }
}
