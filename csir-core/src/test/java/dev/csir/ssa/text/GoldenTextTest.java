package dev.csir.ssa.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ssa.Block;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.StructureKind;
import dev.csir.types.ArrayType;
import dev.csir.types.ImageType;
import dev.csir.types.PointerType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hand-written texts in canonical form: parsing and printing them gives them back exactly. */
class GoldenTextTest {
    /** Every opcode, constant kind, type kind, global field, structure marker and entry kind. */
    static final String FULL = """
            struct Light { position: vec3, color: vec4 }
            struct Globals { light: Light, lights: Light[4], scale: float, m: mat2x3, dm: dmat4, flags: bvec2 }
            struct Buf { count: uint, data: vec4[] }
            struct "my struct" { "a b": ivec3, d: dvec3, u: uvec4, dm: dmat3x2 }
            struct "int" { x: int }
            spec 3 SCALE = 1.5:float
            spec 7 - = -4:int
            spec 8 "odd name" = true:bool
            spec 9 BIG = 4294967295:uint
            spec 10 D = 2.5E-300:double
            global @position : ptr<input, vec4> location=0
            global @uv : ptr<output, vec2> location=1 flat
            global @w : ptr<output, float> location=2 noperspective
            global @gl_Position : ptr<output, vec4> builtin=position
            global @tex : ptr<uniform_constant, sampler2D> set=0 binding=1
            global @shadow : ptr<uniform_constant, sampler2DShadow> set=0 binding=2
            global @cube : ptr<uniform_constant, isamplerCubeArray> set=1 binding=0
            global @texes : ptr<uniform_constant, usampler3D[2]> set=1 binding=5
            global @buf1d : ptr<uniform_constant, sampler1DArray> set=1 binding=6
            global @tbuf : ptr<uniform_constant, samplerBuffer> set=1 binding=7
            global @tx : ptr<uniform_constant, texture2D> set=1 binding=8
            global @st : ptr<uniform_constant, samplerShadow> set=1 binding=9
            global @paired : ptr<uniform_constant, sampler2DShadow> pair=@tx,@st
            global @img : ptr<uniform_constant, image2D<rgba8>> set=1 binding=1
            global @uimg : ptr<uniform_constant, uimage3D> set=1 binding=2
            global @iimg : ptr<uniform_constant, iimage2DArray<r32i>> set=1 binding=3
            global @previous : ptr<uniform_constant, subpassInput> set=1 binding=10 input_attachment=0
            global @samples : ptr<uniform_constant, usubpassInputMS> set=1 binding=11 input_attachment=4
            global @ubo : ptr<uniform, Globals> set=0 binding=0 layout=std140
            global @ssbo : ptr<storage, Buf> set=0 binding=3 layout=std430
            global @pc : ptr<push_constant, "my struct">
            global @oddset : ptr<uniform, "int"> set=2
            global @oddbinding : ptr<uniform, "int"> binding=9
            global @counter : ptr<private, int> = 0:int
            global @table : ptr<private, float[2][3]> = {{1.0:float, 2.0:float, 3.0:float}:float[3], {4.0:float, 5.0:float, 6.0:float}:float[3]}:float[2][3]
            global @mat : ptr<private, mat2> = {{1.0:float, 0.0:float}:vec2, {0.0:float, 1.0:float}:vec2}:mat2
            global @"odd global" : ptr<private, dvec2> = {-0.0:double, 0x7ff0000000000000:double}:dvec2
            global @nan : ptr<private, float> = 0x7fc00001:float
            global @inf : ptr<private, float> = 0xff800000:float
            global @u : ptr<private, vec4> = undef:vec4
            global @light : ptr<private, Light> = {{0.0:float, 1.0:float, 2.0:float}:vec3, undef:vec4}:Light
            global @shared : ptr<workgroup, uint[64]>
            global @gid : ptr<input, uvec3> builtin=global_invocation_id
            global @vid : ptr<input, int> location=5 builtin=vertex_index
            entry vertex @main(@position, @uv, @w, @gl_Position)
            entry compute @cs(@gid, @shared) local_size=8,8,1
            entry fragment @helper()

            func @helper(%arg0: float, %arg1: vec2) -> float { ; n, uv
            bb0: ; (entry)
              %0 = extract %arg1 [0] : float ; x
              %1 = precise mul %arg0, %0 : float ; "the product"
              %2 = gather @tex, %arg1, 1:int, {1:int, -2:int}:ivec2 [1] : vec4
              %3 = gathercmp @shadow, %arg1, 0.5:float : vec4
              %4 = querylevels @tex : int
              %5 = querylod @tex, %arg1 : vec2
              ret %1
            }

            func @main() -> void {
            bb0: ; selection merge=bb3 hint=flatten (entry)
              %0 = alloca : ptr<function, int> ; sum
              %1 = alloca : ptr<function, vec4>
              store %0, 0:int
              %2 = load @position : vec4
              %3 = neg %2 : vec4
              %4 = extract %2 [0] : float
              %5 = convert %4 : int
              %6 = bitnot %5 : int
              %7 = add %5, 1:int : int
              %8 = sub %7, -1:int : int
              %9 = mul %8, 2:int : int
              %10 = div %9, 3:int : int
              %11 = rem %10, 4:int : int
              %12 = bitand %11, 255:int : int
              %13 = bitor %12, 256:int : int
              %14 = bitxor %13, -2147483648:int : int
              %15 = shl %14, 2:int : int
              %16 = shr %15, 1:int : int
              %17 = convert %16 : uint
              %18 = shr %17, 4294967295:uint : uint
              %19 = eq %5, %16 : bool
              %20 = ne %5, spec(7 -) : bool
              %21 = lt %4, 0.5:float : bool
              %22 = le %4, -0.0:float : bool
              %23 = gt %4, 1.0E10:float : bool
              %24 = ge %4, 1.4E-45:float : bool
              %25 = land %19, %20 : bool
              %26 = lor %21, true:bool : bool
              %27 = lnot %26 : bool
              %28 = select %27, %2, undef:vec4 : vec4
              %29 = bitcast %4 : uint
              %30 = construct %4, %4, %4 : vec3
              %31 = insert 2.0:float, %30 [1] : vec3
              %32 = shuffle %30, %31 [0, 1, 4, 5] : vec4
              %33 = extractdyn %32, %5 : float
              %34 = insertdyn %32, %33, 0:int : vec4
              %35 = access @ubo, 0:int, 1:int : ptr<uniform, vec4>
              %36 = load %35 : vec4
              %37 = construct {1.0:float, 0.0:float, 0.0:float}:vec3, {0.0:float, 1.0:float, 0.0:float}:vec3 : mat2x3
              %38 = matmul %37, {1.0:float, 2.0:float}:vec2 : vec3
              %39 = call @helper(%4, {0.5:float, 0.25:float}:vec2) : float
              %40 = intrinsic sin(%39) : float
              %41 = intrinsic clamp(%40, 0.0:float, spec(3 SCALE)) : float
              %42 = samplelod @tex, {0.5:float, 0.5:float}:vec2, 0.0:float : vec4
              %43 = samplegrad @tex, {0.5:float, 0.5:float}:vec2, {1.0:float, 0.0:float}:vec2, {0.0:float, 1.0:float}:vec2 : vec4
              %44 = samplecmp @shadow, {0.5:float, 0.5:float}:vec2, 0.5:float : float
              %45 = fetch @tex, {1:int, 2:int}:ivec2, 0:int : vec4
              %46 = texsize @tex, 0:int : ivec2
              %47 = imageload @img, {1:int, 2:int}:ivec2 : vec4
              imagestore @img, {1:int, 2:int}:ivec2, %47
              %48 = load @counter : int
              %49 = access @"odd global", 1:int : ptr<private, double>
              %50 = load %49 : double
              %51 = add %50, 0x7ff8000000000001:double : double
              %52 = load @pc : "my struct"
              %53 = extract %52 [3] : dmat3x2
              %54 = load @table : float[2][3]
              %55 = access @texes, 1:int : ptr<uniform_constant, usampler3D>
              %56 = texsize %55 : ivec3
              condbr %25, bb1, bb2
            bb1: ; (then)
              %57 = sample @tex, {0.5:float, 0.5:float}:vec2 : vec4
              br bb3
            bb2:
              kill
            bb3: ; loop merge=bb6 continue=bb5 hint=dontunroll (for.header)
              %58 = phi [%57, bb1], [%61, bb5] : vec4
              %59 = phi [0:int, bb1], [%62, bb5] : int
              %60 = lt %59, 4:int : bool
              condbr %60, bb4, bb6
            bb4: ; selection merge=bb5
              switch %59, bb5 [1: bb5, -2: bb5]
            bb5: ; (for.continue)
              %61 = add %58, %58 : vec4
              %62 = add %59, 1:int : int
              br bb3
            bb6: ; loop merge=bb6 hint=unroll
              store %1, %58
              store @gl_Position, %58
              ret
            }

            func @cs() -> void {
            bb0:
              %0 = load @gid : uvec3
              %1 = extract %0 [0] : uint
              %2 = access @shared, %1 : ptr<workgroup, uint>
              %3 = atomic add %2, 1:uint : uint
              %4 = atomic exchange %2, %3 : uint
              %5 = cmpxchg %2, %3, 0:uint : uint
              %6 = access @ssbo, 1:int, %1 : ptr<storage, vec4>
              %7 = atomic max @iimg, {0:int, 0:int, 1:int}:ivec3, 5:int : int
              %8 = subpassload @previous : vec4
              %9 = subpassload @samples, 2:int : uvec4
              barrier [3]
              unreachable
            }
            """;

    /** Structurally broken but well-formed text: every fallback form of the printer. */
    static final String BROKEN = """
            func @broken(%arg0: int) -> int {
            bb0:
              %0 = add %1, %arg0 : int
              %1 = add %arg0, 1.0:float : float
              %2 = intrinsic %arg0 : int
              %3 = intrinsic %arg0 [999] : int
              %4 = phi : int
              %5 = phi %arg0, bb0, bb1 : int
              %6 = phi %arg0, bb0 [7] : int
              %7 = atomic %arg0 [99] : int
              %8 = call %arg0 : int
              %9 = precise load %arg0 : int
              %10 = store %0, %1 : int
              switch %arg0, bb1
              switch %arg0, bb1, bb0 [1, 2]
              ret %arg0, bb0
              br
            bb1: ; selection hint=dontflatten
              %11 = intrinsic sin(%arg0, bb0) [4, 5] : float
            bb2: ; loop continue=bb1
            }
            """;

    @Test
    void theFullModulePrintsBackExactly() {
        assertThat(Printer.print(Parser.parse(FULL).orElseThrow())).isEqualTo(FULL);
    }

    @Test
    void theFullModuleUsesEveryOpcodeAndTypeKind() {
        Module m = Parser.parse(FULL).orElseThrow();
        Set<Opcode> ops = EnumSet.noneOf(Opcode.class);
        Set<Class<?>> kinds = new HashSet<>();
        for (Function f : m.functions()) {
            kinds.add(f.returnType().getClass());
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    ops.add(i.op());
                    collect(i.type(), kinds);
                }
            }
        }
        for (GlobalVariable g : m.globals()) {
            collect(g.type(), kinds);
        }
        assertThat(ops).containsExactlyInAnyOrder(Opcode.values());
        assertThat(kinds).containsExactlyInAnyOrder(Type.class.getPermittedSubclasses());
        assertThat(m.entryPoints()).hasSize(3);
        assertThat(m.entryPoints().get(1).workgroupSize()).containsExactly(8, 8, 1);
        assertThat(m.specConstants()).hasSize(5);
        Block header = m.function("main").orElseThrow().blocks().get(3);
        assertThat(header.structure()).isEqualTo(StructureKind.LOOP);
        assertThat(header.name()).isEqualTo("for.header");
        assertThat(header.continueTarget()).isSameAs(m.function("main").orElseThrow().blocks().get(5));
        GlobalVariable img = m.global("img").orElseThrow();
        assertThat(((ImageType) img.valueType()).format()).isEqualTo("rgba8");
        assertThat(m.global("paired").orElseThrow().pair()).containsExactly(m.global("tx").orElseThrow(),
                m.global("st").orElseThrow());
    }

    private static void collect(Type t, Set<Class<?>> kinds) {
        kinds.add(t.getClass());
        switch (t) {
            case PointerType p -> collect(p.pointee(), kinds);
            case ArrayType a -> collect(a.element(), kinds);
            case StructType s -> s.members().forEach(member -> collect(member.type(), kinds));
            default -> { }
        }
    }

    @Test
    void brokenButWellFormedTextParsesAndPrintsBack() {
        assertThat(Printer.print(Parser.parse(BROKEN).orElseThrow())).isEqualTo(BROKEN);
    }
}
