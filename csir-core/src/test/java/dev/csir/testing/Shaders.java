package dev.csir.testing;

import dev.csir.CompileResult;
import dev.csir.ShaderCompiler;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.verify.Verifier;

/** Compiles test shaders from source through {@link ShaderCompiler} and runs them on the interpreter. */
public final class Shaders {
    private Shaders() {
    }

    /** A compiled shader ready to run: its result, interpreter and one frame. */
    public record Run(CompileResult result, Interpreter exec, Frame frame) {

        public ShaderIr ir() {
            return result.ir();
        }

        /** The slot of a named interface symbol (uniform slot, attribute location, varying slot). */
        public int slot(String name) {
            for (InterfaceVar v : result.ir().iface().vars()) {
                if (v.name().equals(name)) {
                    return v.slot();
                }
            }
            throw new AssertionError("no interface symbol " + name);
        }

        public Run uniform(String name, float... xyzw) {
            int o = slot(name) * 4;
            System.arraycopy(xyzw, 0, frame.uniforms(), o, xyzw.length);
            return this;
        }

        /** A matrix uniform from column-major floats (columns of 3 or 4). */
        public Run matrix(String name, int columns, float... columnMajor) {
            frame.uniformMatrix(slot(name), columns, columnMajor);
            return this;
        }

        public Run attribute(String name, float... xyzw) {
            System.arraycopy(xyzw, 0, frame.attributes(), slot(name) * 4, xyzw.length);
            return this;
        }

        public Run varying(String name, float... xyzw) {
            System.arraycopy(xyzw, 0, frame.varyingsIn(), slot(name) * 4, xyzw.length);
            return this;
        }

        /** Runs one invocation, which must end normally. */
        public Run run() {
            Status st = exec.run(frame);
            if (st != Status.OK) {
                throw new AssertionError("run ended " + st);
            }
            return this;
        }

        public float[] position() {
            return frame.position().clone();
        }

        public float[] color() {
            return frame.color().clone();
        }

        /** A vertex output by name (4 lanes). */
        public float[] out(String name) {
            int o = slot(name) * 4;
            return java.util.Arrays.copyOfRange(frame.varyingsOut(), o, o + 4);
        }
    }

    /** Compiles a shader that must compile, verify and emit TGSI. */
    public static CompileResult ok(Stage stage, String source) {
        CompileResult r = ShaderCompiler.compile(stage, stage == Stage.VERTEX ? "t.vert" : "t.frag", source);
        if (!r.ok()) {
            throw new AssertionError("does not compile:\n" + r.log() + "\n" + source);
        }
        if (!Verifier.verify(r.ir()).isEmpty()) {
            throw new AssertionError("does not verify: " + Verifier.verify(r.ir()));
        }
        return r;
    }

    public static Run vertex(String source) {
        return run(ok(Stage.VERTEX, source));
    }

    public static Run fragment(String source) {
        return run(ok(Stage.FRAGMENT, source));
    }

    public static Run run(CompileResult r) {
        Interpreter in = Interpreter.of(r.ir(), null);
        return new Run(r, in, in.newFrame());
    }

    /** "line:col: message" of the first error of a shader that must fail. */
    public static String firstError(Stage stage, String source) {
        CompileResult r = ShaderCompiler.compile(stage, "t", source);
        if (r.ok() || r.diagnostics().isEmpty()) {
            throw new AssertionError("compiled but should fail:\n" + source);
        }
        var d = r.diagnostics().getFirst();
        return d.line() + ":" + d.column() + ": " + d.message();
    }
}
