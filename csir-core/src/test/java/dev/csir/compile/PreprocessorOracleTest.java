package dev.csir.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.ir.Stage;
import dev.csir.testing.Glslang;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The preprocessor against the reference: small valid and invalid preprocessor cases, each
 * compiled by {@code glslangValidator} (OpenGL GLSL) and by csir, which must agree on whether
 * it is accepted. The valid ones are shaders of csir's language, so that only the preprocessor
 * can make them differ. Skips without glslang, fails under CI.
 */
class PreprocessorOracleTest {
    /** One case: a name ending in the stage's extension, whether glslang accepts it (checked too), the source. */
    private record Case(String name, boolean valid, String source) {
    }

    private static final String FS = "out vec4 c;\nvoid main() { c = vec4(1.0); }\n";
    private static final String VS = "in vec4 p;\nvoid main() { gl_Position = p; }\n";

    private static Case ok(String name, String source) {
        return new Case(name + ".frag", true, source);
    }

    private static Case bad(String name, String source) {
        return new Case(name + ".frag", false, source);
    }

    static final List<Case> CASES = List.of(
            ok("object", "#version 330\n#define ONE vec4(1.0)\nout vec4 c;\nvoid main() { c = ONE; }\n"),
            ok("function", "#version 330\n#define MUL(a, b) ((a) * (b))\nout vec4 c;\n"
                    + "void main() { c = vec4(MUL(0.5, 2.0)); }\n"),
            ok("rescan", "#version 330\n#define A B(2.0)\n#define B(x) vec4(x)\nout vec4 c;\nvoid main() { c = A; }\n"),
            ok("paste", "#version 330\n#define V(n) vec##n\nout V(4) c;\nvoid main() { c = V(4)(1.0); }\n"),
            ok("ifchain", "#version 330\n#if 0\n#error no\n#elif 1 + 1 == 2\n" + FS + "#else\n#error no\n#endif\n"),
            ok("ifdef", "#version 330\n#define X\n#ifdef X\n" + FS + "#endif\n#ifndef X\n#error no\n#endif\n"),
            ok("defined", "#version 330\n#define X\n#if defined(X) && defined X && !defined(Y)\n" + FS + "#endif\n"),
            ok("operators", "#version 330\n#if (1 << 2) == 4 && ~0 == -1 && 5 % 3 == 2 && (6 ^ 3) == 5 && (6 & 3) == 2"
                    + " && (4 | 1) == 5 && 16 >> 2 == 4 && 2 >= 2 && 1 <= 1\n" + FS + "#endif\n"),
            ok("literals", "#version 330\n#if 0x10 == 16 && 010 == 8\n" + FS + "#endif\n"),
            ok("undefinedIsZero", "#version 330\n#if UNDEFINED\n#error no\n#endif\n" + FS),
            ok("lineMacro", "#version 330\n#if __LINE__ != 2\n#error no\n#endif\n" + FS),
            ok("versionMacro", "#version 330\n#if __VERSION__ != 330 || GL_core_profile != 1\n#error no\n#endif\n" + FS),
            ok("core450", "#version 450 core\n#ifndef GL_core_profile\n#error no\n#endif\n" + FS),
            ok("compatibility", "#version 330 compatibility\n#ifndef GL_core_profile\n#error no\n#endif\n"
                    + "#if GL_compatibility_profile != 1\n#error no\n#endif\n" + FS),
            bad("compatibilityIsCore", "#version 330 compatibility\n#ifdef GL_core_profile\n#error yes\n#endif\n" + FS),
            ok("line", "#version 330\n#line 20 3\n#if __LINE__ != 20 || __FILE__ != 3\n#error no\n#endif\n" + FS),
            ok("pragma", "#version 330\n#pragma optimize(off)\n#pragma debug(on)\n#pragma anything at all\n" + FS),
            ok("null", "#version 330\n#\n  #  \n" + FS),
            ok("extensionKnown", "#version 330\n#extension GL_ARB_separate_shader_objects : enable\n" + FS),
            ok("extensionUnknownEnable", "#version 330\n#extension GL_FOO_bar : enable\n#extension GL_X : warn\n" + FS),
            ok("extensionAll", "#version 330\n#extension all : warn\n#extension all : disable\n" + FS),
            ok("sameRedefinition", "#version 330\n#define A 1.0\n#define A  1.0 \nout vec4 c;\n"
                    + "void main() { c = vec4(A); }\n"),
            ok("undefRedefine", "#version 330\n#define A 1\n#undef A\n#define A 2\n#undef NEVER\n" + FS),
            ok("underscores", "#version 330\n#define MY__NAME 1\n" + FS),
            ok("skippedGarbage", "#version 330\n#if 0\n#bogus\n@ $ `\n#if garbage (\n#endif\n#endif\n" + FS),
            ok("commentBeforeHash", "#version 330\n/* a\n */ #define X 1\n/* */ #define Y 2\n" + FS),
            ok("multiLineCall", "#version 330\n#define F(x) vec4(x)\nout vec4 c;\nvoid main() { c = F(\n1.0\n); }\n"),
            ok("continuation", "#version 450\n#define F(x) \\\n  vec4(x)\nout vec4 c;\nvoid main() { c = F(1.0); }\n"),
            bad("divisionByZeroSkipped", "#version 330\n#if 0 && (1 / 0)\n#endif\n" + FS),
            ok("emptyCall", "#version 330\n#define F() 1.0\nout vec4 c;\nvoid main() { c = vec4(F()); }\n"),
            ok("precisionWords", "#version 330\n#define lowp\nout lowp vec4 c;\nvoid main() { c = vec4(1.0); }\n"),
            ok("selfReference", "#version 330\n#define c c\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"),
            ok("leadingZeroVersion", "#version 0330\n" + FS),
            ok("emptyElifSkipped", "#version 330\n#if 1\n#elif\n#endif\n" + FS),
            ok("argumentWithParens", "#version 330\n#define F(x) x\nout vec4 c;\nvoid main() { c = F(vec4(1.0, 2.0,"
                    + " 3.0, 4.0)); }\n"),
            new Case("es.vert", true, "#version 300 es\n#if GL_ES != 1 || __VERSION__ != 300\n#error no\n#endif\n" + VS),
            bad("error", "#version 330\n#error stop here\n" + FS),
            bad("unknownDirective", "#version 330\n#foo\n" + FS),
            bad("unterminatedIf", "#version 330\n#if 1\n" + FS),
            bad("endifWithoutIf", "#version 330\n#endif\n" + FS),
            bad("elifAfterElse", "#version 330\n#if 1\n#else\n#elif 1\n#endif\n" + FS),
            bad("redefinition", "#version 330\n#define A 1\n#define A 2\n" + FS),
            bad("reservedDefine", "#version 330\n#define GL_FOO 1\n" + FS),
            bad("reservedUndef", "#version 330\n#undef GL_core_profile\n" + FS),
            bad("tooFewArguments", "#version 330\n#define F(a, b) a\nout vec4 c;\nvoid main() { c = vec4(F(1.0)); }\n"),
            bad("tooManyArguments", "#version 330\n#define F(a) a\nout vec4 c;\nvoid main() { c = vec4(F(1.0, 2.0)); }\n"),
            bad("oneArgumentMissing", "#version 330\n#define F(a) 1.0\nout vec4 c;\nvoid main() { c = vec4(F()); }\n"),
            bad("unterminatedCall", "#version 330\n#define F(a) a\nout vec4 c;\nvoid main() { c = vec4(F(1.0); }\n"),
            bad("divisionByZero", "#version 330\n#if 1 / 0\n#endif\n" + FS),
            bad("floatInIf", "#version 330\n#if 1.0\n#endif\n" + FS),
            bad("ternaryInIf", "#version 330\n#if 1 ? 2 : 3\n#endif\n" + FS),
            bad("emptyElifEvaluated", "#version 330\n#if 0\n#elif\n#endif\n" + FS),
            bad("extensionRequireUnknown", "#version 330\n#extension GL_FOO_bar : require\n" + FS),
            bad("extensionAllEnable", "#version 330\n#extension all : enable\n" + FS),
            bad("extensionBehavior", "#version 330\n#extension GL_FOO : bogus\n" + FS),
            bad("extensionColon", "#version 330\n#extension GL_FOO\n" + FS),
            bad("includeNotEnabled", "#version 330\n#include \"x.h\"\n" + FS),
            bad("includeMissing", "#version 330\n#extension GL_GOOGLE_include_directive : enable\n"
                    + "#include \"no-such-file.h\"\n" + FS),
            bad("versionNotFirst", "out vec4 c;\n#version 330\nvoid main() { c = vec4(1.0); }\n"),
            bad("versionNeedsEs", "#version 310\n" + FS),
            bad("versionNotEs", "#version 330 es\n" + FS),
            bad("versionNoProfile", "#version 140 core\n" + FS),
            bad("versionExtra", "#version 330 core foo\n" + FS),
            bad("continuationTooOld", "#version 330\n#define F(x) \\\n  vec4(x)\nout vec4 c;\n"
                    + "void main() { c = F(1.0); }\n"),
            bad("ifdefNoName", "#version 330\n#ifdef\n#endif\n" + FS),
            bad("ifdefExtra", "#version 330\n#ifdef X extra\n#endif\n" + FS),
            bad("undefExtra", "#version 330\n#undef X Y\n" + FS),
            bad("duplicateParameter", "#version 330\n#define F(a, a) a\n" + FS),
            bad("elseExtra", "#version 330\n#if 1\n#else junk\n#endif\n" + FS),
            bad("endifExtra", "#version 330\n#if 1\n#endif junk\n" + FS),
            bad("badMacroArgumentUse", "#version 330\n#define C vec4(1.0 +)\nout vec4 c;\nvoid main() { c = C; }\n"),
            new Case("esPaste.vert", false, "#version 300 es\n#define V(n) vec##n\nin V(4) p;\n"
                    + "void main() { gl_Position = p; }\n"),
            new Case("esShortCircuit.vert", true, "#version 300 es\n#if defined(FOO) && FOO > 1 || 1 || BAR\n"
                    + "#endif\n" + VS),
            new Case("esUndefined.vert", false, "#version 300 es\n#if FOO\n#endif\n" + VS));

    @Test
    void csirAndGlslangAgreeOnEveryCase() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int valid = 0;
        for (Case c : CASES) {
            String glslang = Glslang.validate(c.name(), c.source());
            Stage stage = c.name().endsWith(".vert") ? Stage.VERTEX : Stage.FRAGMENT;
            CompileResult r = ShaderCompiler.compile(stage, c.name(), c.source());
            boolean reference = glslang == null;
            if (reference != c.valid()) {
                disagreements.add(c.name() + ": the case says " + (c.valid() ? "valid" : "invalid")
                        + " but glslang says " + (reference ? "valid" : glslang));
            }
            if (r.ok() != reference) {
                disagreements.add(c.name() + ": glslang " + (reference ? "accepts" : "rejects") + ", csir "
                        + (r.ok() ? "accepts" : "rejects: " + r.diagnostics().getFirst().header()));
            }
            if (!r.ok()) {
                // a rejection is a located error, never a stack trace
                assertThat(r.diagnostics().getFirst().located()).as(c.name()).isTrue();
            }
            valid += reference ? 1 : 0;
        }
        assertThat(disagreements).isEmpty();
        assertThat(CASES).hasSizeGreaterThanOrEqualTo(40);
        assertThat(valid).isBetween(20, CASES.size() - 20);
    }

    /** The extensions csir knows, whose macros the preprocessor defines where glslang does. */
    private static final List<String> EXTENSIONS = List.of("GL_GOOGLE_include_directive",
            "GL_GOOGLE_cpp_style_line_directive", "GL_ARB_separate_shader_objects", "GL_ARB_explicit_attrib_location",
            "GL_ARB_explicit_uniform_location", "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod",
            "GL_KHR_vulkan_glsl", "GL_ARB_shading_language_420pack", "GL_ARB_gpu_shader5", "GL_ARB_shader_texture_lod",
            "GL_ARB_texture_rectangle", "GL_ARB_enhanced_layouts", "GL_ARB_uniform_buffer_object", "GL_EXT_frag_depth",
            "GL_OES_EGL_image_external", "GL_ARB_shading_language_packing", "GL_EXT_shader_integer_mix",
            "GL_ARB_derivative_control");

    @Test
    void extensionMacrosAreDefinedWhereGlslangDefinesThem() throws Exception {
        Glslang.requireTool();
        List<String> disagreements = new ArrayList<>();
        int defined = 0;
        for (String version : List.of("100", "300 es", "310 es", "320 es", "110", "150", "330", "450")) {
            String body = version.equals("100") || version.equals("110") ? "void main() { gl_FragColor = vec4(0.0); }\n"
                    : "out highp vec4 o;\nvoid main() { o = vec4(0.0); }\n";
            for (String e : EXTENSIONS) {
                String src = "#version " + version + "\n#ifdef " + e + "\n#error defined\n#endif\n" + body;
                boolean glslang = Glslang.validate("m.frag", src) != null;
                boolean csir = !ShaderCompiler.compile(Stage.FRAGMENT, "m.frag", src).ok();
                if (glslang != csir) {
                    disagreements.add("#version " + version + ": " + e + " is " + (glslang ? "" : "not ")
                            + "defined by glslang, " + (csir ? "" : "not ") + "by csir");
                }
                defined += glslang ? 1 : 0;
            }
        }
        assertThat(disagreements).isEmpty();
        // both kinds occur: macros defined and macros left undefined
        assertThat(defined).isBetween(40, 8 * EXTENSIONS.size() - 40);
    }
}
