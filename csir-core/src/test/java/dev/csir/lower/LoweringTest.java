package dev.csir.lower;

import static dev.csir.lower.A.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.diag.DiagnosticLog;
import dev.csir.ir.IrDump;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Storage;
import dev.csir.verify.Verifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoweringTest {
    static ShaderIr lower(Ast.Unit u, Stage stage, DiagnosticLog log) {
        return Lowering.lower(u, stage, "t", log, Limits.DEFAULT);
    }

    static ShaderIr ok(Ast.Unit u, Stage stage) {
        DiagnosticLog log = new DiagnosticLog("t", "");
        ShaderIr ir = lower(u, stage, log);
        assertThat(log.render()).isEmpty();
        assertThat(ir).isNotNull();
        assertThat(Verifier.verify(ir)).isEmpty();
        return ir;
    }

    static String firstError(Ast.Unit u, Stage stage) {
        DiagnosticLog log = new DiagnosticLog("t", "");
        assertThat(lower(u, stage, log)).isNull();
        var d = log.diagnostics().getFirst();
        return d.line() + ":" + d.column() + " " + d.message();
    }

    @Test
    void lightingFragmentLowersLikeTheOriginal() {
        var u = unit(global(Storage.IN, Type.VEC3, "n"), global(Storage.UNIFORM, Type.VEC3, "l"),
                global(Storage.OUT, Type.VEC4, "c"),
                main(local(Type.VEC3, "m", call("normalize", id("n"))),
                        local(Type.FLOAT, "d", call("max", call("dot", id("m"), id("l")), lit(0f))),
                        set("c", ctor(Type.VEC4, swz(id("l"), "xyz"), id("d")))));
        ShaderIr ir = ok(u, Stage.FRAGMENT);
        assertThat(IrDump.dump(ir)).isEqualTo("""
                shader t
                stage fragment
                input vec3 n
                uniform vec3 l slot 0
                output vec4 c
                block 0:
                  %0 = load_fragcoord
                  %1 = load_var
                  %2 = load_uni aux 0
                  %4 = const
                  %3 = mov %4
                  %6 = dot %1 %1 aux 3
                  %7 = rsq %6
                  %8 = swz %7
                  %9 = mul %1 %8
                  %5 = mov %9
                  %11 = dot %5 %2 aux 3
                  %12 = const aux 4
                  %13 = max %11 %12
                  %10 = mov %13
                  %14 = swz %2 aux 36
                  %16 = const aux 5
                  %15 = mov %16
                  %15 = lane %14
                  %15 = lane %14 aux 1
                  %15 = lane %14 aux 2
                  %15 = lane %10 aux 3
                  %3 = mov %15
                  store_color %3
                """);
    }

    @Test
    void slotsFollowExplicitLocationsThenDeclarationOrder() {
        var u = unit(global(Storage.IN, 1, Type.VEC4, "a"), global(Storage.IN, Type.VEC4, "b"),
                global(Storage.IN, Type.VEC4, "c"), global(Storage.OUT, 0, Type.VEC2, "v0"),
                global(Storage.OUT, Type.VEC3, "v1"), global(Storage.UNIFORM, Type.MAT4, "m"),
                global(Storage.UNIFORM, Type.SAMPLER2D, "s0"), global(Storage.UNIFORM, Type.MAT3, "n"),
                global(Storage.UNIFORM, Type.FLOAT, "f"), global(Storage.UNIFORM, Type.SAMPLER2D, "s1"),
                main(set("gl_Position", id("a"))));
        ShaderIr ir = ok(u, Stage.VERTEX);
        var vars = ir.iface().vars();
        assertThat(vars).extracting(v -> v.name() + "=" + v.slot())
                .containsExactly("a=1", "b=0", "c=2", "v0=0", "v1=1", "m=0", "s0=0", "n=4", "f=7", "s1=1");
        assertThat(ir.iface().attrHi()).isEqualTo(2);
        assertThat(ir.iface().uniHi()).isEqualTo(7);
        assertThat(ir.iface().sampHi()).isEqualTo(1);
        assertThat(ir.iface().varHi()).isEqualTo(1);
    }

    @Test
    void slotLimitsAtTheEdgeAndOnePast() {
        for (int n : new int[] {8, 9}) {
            Ast.Decl[] d = new Ast.Decl[n + 1];
            for (int i = 0; i < n; i++) {
                d[i] = global(Storage.IN, Type.FLOAT, "a" + i);
            }
            d[n] = main(set("gl_Position", vec4(0, 0, 0, 1)));
            DiagnosticLog log = new DiagnosticLog("t", "");
            ShaderIr ir = lower(unit(d), Stage.VERTEX, log);
            if (n == 8) {
                assertThat(ir).isNotNull();
                assertThat(ir.iface().attrHi()).isEqualTo(7);
            } else {
                assertThat(firstError(unit(d), Stage.VERTEX)).isEqualTo("1:1 too many attributes");
            }
        }
        var samplers = new java.util.ArrayList<Ast.Decl>();
        for (int i = 0; i < 5; i++) {
            samplers.add(global(Storage.UNIFORM, Type.SAMPLER2D, "s" + i));
        }
        samplers.add(main(set("gl_Position", vec4(0, 0, 0, 1))));
        assertThat(firstError(new Ast.Unit(samplers), Stage.VERTEX)).isEqualTo("1:1 too many samplers");
        assertThat(ok(new Ast.Unit(samplers.subList(1, 6)), Stage.VERTEX).iface().sampHi()).isEqualTo(3);
        var uniforms = new java.util.ArrayList<Ast.Decl>();
        for (int i = 0; i < 8; i++) {
            uniforms.add(global(Storage.UNIFORM, Type.MAT4, "m" + i));
        }
        uniforms.add(main(set("gl_Position", vec4(0, 0, 0, 1))));
        assertThat(ok(new Ast.Unit(uniforms), Stage.VERTEX).iface().uniHi()).isEqualTo(31);
        uniforms.add(0, global(Storage.UNIFORM, Type.FLOAT, "z"));
        assertThat(firstError(new Ast.Unit(uniforms), Stage.VERTEX)).isEqualTo("1:1 too many uniforms");
        assertThat(firstError(unit(global(Storage.IN, 8, Type.VEC4, "p"), main()), Stage.VERTEX))
                .isEqualTo("1:1 attribute location conflict");
        assertThat(firstError(unit(global(Storage.OUT, 3, Type.VEC4, "p"), global(Storage.OUT, 3, Type.VEC4, "q"),
                main()), Stage.VERTEX)).isEqualTo("1:1 location conflict");
    }

    @Test
    void programLevelErrors() {
        assertThat(firstError(unit(), Stage.VERTEX)).isEqualTo("1:1 missing main");
        assertThat(firstError(unit(fn(Type.FLOAT, "main", List.of(), ret(lit(1f)))), Stage.VERTEX))
                .isEqualTo("1:1 main must be void main()");
        assertThat(firstError(unit(main()), Stage.VERTEX)).isEqualTo("1:1 vertex shader does not write gl_Position");
        assertThat(firstError(unit(main()), Stage.FRAGMENT)).isEqualTo("1:1 fragment shader has no output");
        assertThat(firstError(unit(global(Storage.OUT, Type.VEC3, "c"), main()), Stage.FRAGMENT))
                .isEqualTo("1:1 fragment output must be vec4");
        assertThat(firstError(unit(global(Storage.OUT, Type.VEC4, "c"), global(Storage.OUT, Type.VEC4, "d"), main()),
                Stage.FRAGMENT)).isEqualTo("1:1 only one fragment output is supported");
        assertThat(firstError(unit(main(local(Type.FLOAT, "a", lit(1f)), local(Type.FLOAT, "a", lit(2f)))),
                Stage.VERTEX)).isEqualTo("1:1 duplicate symbol");
    }

    @Test
    void swizzleErrorsAreAtOneOne() {
        var u = unit(main(local(Type.VEC2, "v", ctor(Type.VEC2, lit(1f), lit(2f))),
                set("gl_Position", ctor(Type.VEC4, swz(id("v"), "z"), lit(0f), lit(0f), lit(1f)))));
        assertThat(firstError(u, Stage.VERTEX)).isEqualTo("1:1 invalid swizzle");
    }

    @Test
    void globalConstInitializerIsReadable() {
        var u = unit(global(Storage.CONST, Type.FLOAT, "k", lit(2f)),
                main(set("gl_Position", ctor(Type.VEC4, id("k"), lit(0f), lit(0f), lit(1f)))));
        ok(u, Stage.VERTEX);
        assertThat(firstError(unit(global(Storage.UNIFORM, Type.FLOAT, "u", lit(1f)), main()), Stage.VERTEX))
                .isEqualTo("1:1 uniforms cannot have an initializer");
    }
}
