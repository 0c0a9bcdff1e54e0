package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.ModuleResult;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Interpolation;
import dev.csir.testing.Glslang;
import dev.csir.testing.GlslangAgreement;
import dev.csir.types.AddressSpace;
import dev.csir.types.ShaderStage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interpolation qualifiers {@code smooth}, {@code flat}, {@code noperspective} and the
 * auxiliary {@code centroid} across versions: csir's front end accepts them exactly where glslang
 * does (each word a keyword, a plain name or reserved per version; their order, repetition and
 * placement), and an accepted one reaches the transform IR's variable.
 */
class InterpolationFormsTest {
    private static final List<String> VERSIONS = List.of("110", "120", "130", "330", "420", "450", "100", "300 es",
            "310 es", "320 es");
    private static final List<String> WORDS = List.of("smooth", "flat", "noperspective", "centroid", "sample");

    private static boolean es(String v) {
        return v.equals("100") || v.endsWith("es");
    }

    private static boolean legacy(String v) {
        return v.equals("100") || v.equals("110") || v.equals("120");
    }

    /** A fragment shader declaring input {@code c} with {@code qualifiers} (the storage word included). */
    private static String fragment(String v, String decl) {
        String head = "#version " + v + "\n" + (es(v) ? "precision mediump float;\n" : "");
        return legacy(v)
                ? head + decl + "\nvoid main() { gl_FragColor = vec4(c); }\n"
                : head + decl + "\nout vec4 o;\nvoid main() { o = vec4(c); }\n";
    }

    private static String vertex(String v, String decl) {
        String head = "#version " + v + "\n";
        return head + decl + "\nvoid main() { c = vec4(1.0); gl_Position = vec4(0.0); }\n";
    }

    @Test
    void acceptedExactlyWhereGlslangAcceptsThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int forms = 0;
        for (String v : VERSIONS) {
            String in = legacy(v) ? "varying" : "in";
            String out = legacy(v) ? "varying" : "out";
            for (String w : WORDS) {
                // per-sample interpolation is not supported: csir rejects the qualifier where glslang has it
                boolean sampleQualifier = w.equals("sample") && (es(v) ? v.equals("320 es") : !legacy(v) && !v.equals("130") && !v.equals("330"));
                if (!sampleQualifier) {
                    GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, fragment(v, w + " " + in + " vec4 c;"));
                    GlslangAgreement.check(disagreements, ShaderStage.VERTEX, vertex(v, w + " " + out + " vec4 c;"));
                }
                // before its version (or where reserved) the word is a name, or an error
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                        fragment(v, "float " + w + ";\nfloat c;"));
                forms += 3;
            }
            for (String decl : List.of("flat smooth " + in + " vec4 c;", "flat flat " + in + " vec4 c;",
                    "centroid centroid " + in + " vec4 c;", "flat centroid " + in + " vec4 c;",
                    "centroid flat " + in + " vec4 c;", in + " flat vec4 c;", in + " centroid vec4 c;",
                    in + " int c;", "flat " + in + " int c;", "smooth " + in + " int c;", "flat uniform vec4 c;",
                    "flat vec4 c;", "flat " + in + " vec4 c[2];", "noperspective " + in + " vec4 c;")) {
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT, fragment(v, decl));
                forms++;
            }
            if (!v.equals("100")) { // ES 1.00 has no integer varyings, which csir does not check yet
                GlslangAgreement.check(disagreements, ShaderStage.VERTEX, vertex(v, out + " int k;\nvec4 c;"));
            }
            GlslangAgreement.check(disagreements, ShaderStage.VERTEX, vertex(v, "flat " + in + " vec4 p;\nvec4 c;"));
            GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                    fragment(v, "float c;\nfloat f() { flat float x = 1.0; return x; }"));
            forms += 3;
            if (!legacy(v) && !v.equals("130")) { // stage blocks came with 1.50 and ES 3.10
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                        fragment(v, "flat out vec4 o2;\nfloat c;"));
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                        fragment(v, "flat in B { vec4 a; } b;\nvec4 c;"));
                GlslangAgreement.check(disagreements, ShaderStage.FRAGMENT,
                        fragment(v, "in B { flat vec4 a; noperspective vec4 n; } b;\nvec4 c;"));
                forms += 3;
            }
        }
        assertThat(forms).isGreaterThanOrEqualTo(30);
        assertThat(disagreements).isEmpty();
    }

    @Test
    void theQualifierReachesTheTransformIrsVariable() throws Exception {
        ModuleResult r = dev.csir.ShaderCompiler.compileModule(ShaderStage.FRAGMENT, "a.frag", """
                #version 330
                flat in vec4 f;
                noperspective in vec4 n;
                smooth centroid in vec4 s;
                in vec4 d;
                out vec4 o;
                void main() { o = f + n + s + d; }
                """);
        assertThat(r.ok()).as(r.log()).isTrue();
        List<String> seen = new ArrayList<>();
        for (GlobalVariable g : r.module().globals()) {
            if (g.space() == AddressSpace.INPUT && g.builtIn() == null) {
                seen.add(g.name() + ":" + g.interpolation() + (g.centroid() ? "+centroid" : ""));
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("f:" + Interpolation.FLAT, "n:" + Interpolation.NOPERSPECTIVE,
                "s:" + Interpolation.SMOOTH + "+centroid", "d:" + Interpolation.SMOOTH);
    }

    /**
     * CSIR carries flat and noperspective on the interface symbol (CSI version 2 only), so the
     * ChrisOS profile, whose consumers interpolate every varying with perspective, refuses them
     * at the declaration; centroid is the pixel centre without multisampling in both.
     * ({@code InterpolationCsirTest} follows them through CSI, TGSI and linking.)
     */
    @Test
    void csirTakesThemWhereItsBlobCanStoreThem() {
        for (String q : List.of("flat", "noperspective")) {
            String src = "#version 330\n" + q + " in vec4 f;\nout vec4 o;\nvoid main() { o = f; }\n";
            dev.csir.CompileResult r = dev.csir.ShaderCompiler.compile(dev.csir.ir.Stage.FRAGMENT, "a.frag", src);
            assertThat(r.ok()).as(r.log()).isTrue();
            assertThat(r.ir().iface().inputs().getFirst().interpolation().word()).isEqualTo(q);
            dev.csir.CompileResult chrisos = dev.csir.ShaderCompiler.compile(dev.csir.ir.Stage.FRAGMENT, "a.frag", src,
                    dev.csir.CompileOptions.DEFAULT.withLimits(dev.csir.ir.Limits.CHRISOS));
            assertThat(chrisos.ok()).as(q).isFalse();
            assertThat(chrisos.log()).as(q).contains("a.frag:2:").contains("CSIR cannot express a " + q + " varying ('f')");
        }
        dev.csir.CompileResult centroid = dev.csir.ShaderCompiler.compile(dev.csir.ir.Stage.FRAGMENT, "a.frag",
                "#version 330\ncentroid in vec4 f;\nout vec4 o;\nvoid main() { o = f; }\n");
        assertThat(centroid.ok()).as(centroid.log()).isTrue();
    }
}
