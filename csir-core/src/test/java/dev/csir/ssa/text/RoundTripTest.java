package dev.csir.ssa.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Print, parse, print gives the same bytes, and the parsed module keeps what the text says. */
class RoundTripTest {

    private static Module roundTrip(Module m) {
        String first = Printer.print(m);
        Module parsed = Parser.parse(first).orElseThrow();
        assertThat(Printer.print(parsed)).isEqualTo(first);
        return parsed;
    }

    @Test
    void theBuilderModuleRoundTripsWithItsNamesAndForwardPhi() {
        Module parsed = roundTrip(BuilderPrintTest.loopModule());
        Function sum = parsed.function("sum").orElseThrow();
        assertThat(sum.params().getFirst().name()).isEqualTo("n");
        Block header = sum.blocks().get(1);
        Instruction phi = header.phis().getFirst();
        assertThat(phi.name()).isEqualTo("i");
        // the phi's second value is defined below it: patched to the real instruction
        assertThat(phi.operand(1)).isSameAs(sum.blocks().get(3).instructions().getFirst());
        assertThat(phi.targets()).containsExactly(sum.blocks().get(0), sum.blocks().get(3));
        assertThat(header.merge()).isSameAs(sum.blocks().get(4));
        assertThat(sum.blocks().get(4).name()).isEqualTo("for.end");
        Instruction call = parsed.function("main").orElseThrow().entry().instructions().get(2);
        assertThat(call.callee()).isSameAs(sum);
        assertThat(parsed.entryPoints().getFirst().function()).isSameAs(parsed.function("main").orElseThrow());
    }

    @Test
    void constantsKeepTheirExactBits() {
        List<Constant.Scalar> constants = List.of(
                new Constant.Scalar(ScalarType.FLOAT, 0x7fc00001L), new Constant.Scalar(ScalarType.FLOAT, 0xffc00000L),
                Constant.ofFloat(-0.0f), Constant.ofFloat(Float.MIN_VALUE), Constant.ofFloat(Float.MAX_VALUE),
                Constant.ofFloat(Float.POSITIVE_INFINITY), Constant.ofFloat(0.1f), Constant.ofFloat(-1e-40f),
                Constant.ofDouble(-0.0), Constant.ofDouble(Double.NaN), Constant.ofDouble(Double.NEGATIVE_INFINITY),
                new Constant.Scalar(ScalarType.DOUBLE, 0x7ff0000000000001L), Constant.ofDouble(Math.PI),
                Constant.ofDouble(Double.MIN_VALUE), Constant.ofInt(Integer.MIN_VALUE), Constant.ofInt(-1),
                Constant.ofUint(-1), Constant.ofUint(0), Constant.ofBool(true), Constant.ofBool(false));
        Module m = new Module();
        Function f = m.addFunction(new Function("consts", VoidType.VOID, List.of()));
        Builder b = new Builder(f).at(f.addBlock(null));
        for (Constant.Scalar c : constants) {
            b.emit(Opcode.NEG, c.type(), c);
        }
        b.emit(Opcode.CONSTRUCT, VectorType.VEC2, Constant.ofFloat(-0.0f), new Constant.Undef(ScalarType.FLOAT));
        b.ret();
        Module parsed = roundTrip(m);
        List<Instruction> is = parsed.functions().getFirst().entry().instructions();
        for (int k = 0; k < constants.size(); k++) {
            assertThat(is.get(k).operand(0)).as(Printer.scalar(constants.get(k))).isEqualTo(constants.get(k));
        }
        assertThat(Printer.print(m)).contains("%0 = neg 0x7fc00001:float : float", "neg -0.0:float",
                "neg 0x7ff0000000000001:double", "neg 4294967295:uint", "neg -2147483648:int", "neg 1.4E-45:float");
    }

    @Test
    void oddNamesAreQuotedAndReadBack() {
        Module m = new Module();
        StructType s1 = new StructType("S", List.of(new StructType.Member("a b", ScalarType.INT)));
        StructType s2 = new StructType("S", List.of(new StructType.Member("x", ScalarType.FLOAT)));
        StructType vec = new StructType("vec3", List.of(new StructType.Member("-", ScalarType.UINT)));
        GlobalVariable g = m.addGlobal(new GlobalVariable("1st \"odd\"", AddressSpace.PRIVATE, s1));
        m.addGlobal(new GlobalVariable("9", AddressSpace.PRIVATE, s2));
        m.addGlobal(new GlobalVariable("v", AddressSpace.PRIVATE, vec));
        m.specConstants().add(new SpecConstant(1, null, Constant.ofInt(2)));
        m.specConstants().add(new SpecConstant(1, "-", Constant.ofInt(3)));
        Function f = m.addFunction(new Function("f g", ScalarType.INT, List.of(ScalarType.INT, ScalarType.INT)));
        f.params().get(1).setName("");
        Builder b = new Builder(f).at(f.addBlock("x) (y"));
        Instruction load = b.load(g).setName("tab\there");
        b.extract(load, 0).setName("-");
        b.binary(Opcode.ADD, m.specConstants().get(0), m.specConstants().get(1)).setName("\u0001");
        b.ret(f.params().get(0));
        String text = Printer.print(m);
        assertThat(text).contains("struct S { \"a b\": int }\nstruct \"S#2\" { x: float }\nstruct \"vec3\" { \"-\": uint }\n",
                "global @\"1st \\\"odd\\\"\" : ptr<private, S>\nglobal @9 : ptr<private, \"S#2\">\n",
                "spec 1 - = 2:int\nspec 1 \"-\" = 3:int\n", "func @\"f g\"(%arg0: int, %arg1: int) -> int { ; -, \"\"\n",
                "bb0: ; (\"x) (y\")\n", "; \"tab\\there\"\n", "; \"-\"\n", "add spec(1 -), spec(1 \"-\") : int ; \"\\u0001\"\n");
        Module parsed = roundTrip(m);
        Function pf = parsed.functions().getFirst();
        assertThat(pf.name()).isEqualTo("f g");
        assertThat(pf.params().get(0).name()).isNull();
        assertThat(pf.params().get(1).name()).isEmpty();
        assertThat(pf.entry().name()).isEqualTo("x) (y");
        List<Instruction> is = pf.entry().instructions();
        assertThat(is.get(0).name()).isEqualTo("tab\there");
        assertThat(is.get(1).name()).isEqualTo("-");
        List<Value> specs = is.get(2).operands();
        assertThat(specs).containsExactlyElementsOf(parsed.specConstants());
        assertThat(parsed.global("1st \"odd\"").orElseThrow().valueType()).isEqualTo(s1);
    }

    @Test
    void theGoldenTextsRoundTripThroughTheModel() {
        roundTrip(Parser.parse(GoldenTextTest.FULL).orElseThrow());
        roundTrip(Parser.parse(GoldenTextTest.BROKEN).orElseThrow());
    }

    @Test
    void handWrittenTextIsNormalized() {
        String text = """
                ; a comment line
                func @f(%n: int) -> int {   ; a
                  ; free comment
                bb7:
                  %sum = add %n, 0x10:int : int
                  br bb2   ; free comment after a void instruction
                bb2: ; selection hint=none
                  %x = convert %sum : mat3x3
                  ret %sum
                }
                global @g : ptr<output, float> flat location=3
                spec 1 A = 0x3f800000:float
                """;
        assertThat(Printer.print(Parser.parse(text).orElseThrow())).isEqualTo("""
                spec 1 A = 1.0:float
                global @g : ptr<output, float> location=3 flat

                func @f(%arg0: int) -> int { ; a
                bb0:
                  %0 = add %arg0, 16:int : int
                  br bb1
                bb1: ; selection
                  %1 = convert %0 : mat3
                  ret %0
                }
                """);
    }

    @Test
    void aCompositeConstantBeforeImmediatesKeepsItsType() {
        // "vec4 [1]" with a space is the instruction's immediates, "vec4[1]" an array type
        String text = """
                global @c : ptr<output, vec4> location=0
                entry fragment @main(@c)

                func @main() -> void {
                bb0: ; (entry)
                  %0 = insert 1.0:float, {0.0:float, 0.0:float, 0.0:float, 0.0:float}:vec4 [1] : vec4
                  %1 = extract {1.0:float, 2.0:float}:vec2 [0] : float
                  %2 = extract {{1.0:float}:float[1], {2.0:float}:float[1]}:float[2][1] [1, 0] : float
                  store @c, %0
                  ret
                }
                """;
        var m = dev.csir.ssa.text.Parser.parse(text).orElseThrow();
        org.assertj.core.api.Assertions.assertThat(Printer.print(m)).isEqualTo(text);
    }
}
