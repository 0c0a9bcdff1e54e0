package dev.csir.testing;

import dev.csir.csi.Csi;
import dev.csir.csi.CsiResult;
import dev.csir.diag.Messages;
import dev.csir.exec.Frame;
import dev.csir.exec.Interpreter;
import dev.csir.exec.Status;
import dev.csir.exec.Texture2D;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.tgsi.TgsiEmitter;
import dev.csir.tgsi.TgsiResult;
import dev.csir.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The contract every shader the {@link Verifier} accepts must keep: the TGSI emitter gives text
 * within the budget or exactly the budget error, the interpreter runs it to the end (twice, with
 * the same results; a loop that never ends stops at the iteration guard), and CSI version 2 saves
 * and loads it unchanged. Violations are
 * {@link AssertionError}s; anything else thrown escapes as the bug it is.
 */
public final class VerifiedIrContract {
    /** What happened to one shader. */
    public enum Outcome { REJECTED, EMITTED, OVER_BUDGET }

    private VerifiedIrContract() {
    }

    public static Outcome check(ShaderIr ir, RandomIr.Choices c) {
        if (!Verifier.verify(ir).isEmpty()) {
            return Outcome.REJECTED;
        }
        int[] remap = ir.stage() == Stage.FRAGMENT ? RandomIr.remap(c) : null;
        Outcome outcome;
        switch (TgsiEmitter.emit(ir, remap, Limits.CHRISOS)) {
            case TgsiResult.Ok ok -> {
                int bytes = ok.text().getBytes(StandardCharsets.UTF_8).length;
                require(bytes <= Limits.CHRISOS.tgsiBudget(), "TGSI of " + bytes + " bytes is over the budget");
                require(ok.text().startsWith(dev.csir.tgsi.TgsiEmitter.header(ir.stage()) + "\n"), "TGSI without its header");
                require(ok.text().contains("END"), "TGSI without END");
                outcome = Outcome.EMITTED;
            }
            case TgsiResult.Failed f -> {
                require(f.message().startsWith(Messages.TGSI_BUDGET + ": "), "TGSI failed: " + f.message());
                outcome = Outcome.OVER_BUDGET;
            }
        }
        Interpreter in = Interpreter.of(ir, remap);
        Frame frame = in.newFrame();
        fill(frame.attributes(), c);
        fill(frame.uniforms(), c);
        fill(frame.varyingsIn(), c);
        fill(frame.fragCoord(), c);
        Texture2D[] textures = frame.textures();
        for (int s = 0; s < textures.length; s++) {
            if (c.below(3) > 0) {
                int w = c.below(3);
                int h = c.below(3);
                int[] argb = new int[w * h];
                for (int k = 0; k < argb.length; k++) {
                    argb[k] = c.below(1 << 16) << 16 | c.below(1 << 16);
                }
                frame.texture(s, new Texture2D(w, h, argb));
            }
        }
        Status first = in.run(frame);
        // a verified loop may run forever; the guard then ends the invocation, as documented
        require(first == Status.OK || first == Status.ITERATION_LIMIT, "interpreter ended with " + first);
        float[] pos = frame.position().clone();
        float[] color = frame.color().clone();
        float[] vary = frame.varyingsOut().clone();
        boolean discarded = frame.discarded();
        require(in.run(frame) == first, "second run ended otherwise");
        require(Arrays.equals(pos, frame.position()) && Arrays.equals(color, frame.color())
                && Arrays.equals(vary, frame.varyingsOut()) && discarded == frame.discarded(),
                "two runs over the same inputs disagree");
        CsiResult back = Csi.load(Csi.save(ir));
        require(back instanceof CsiResult.Loaded l && l.shader().equals(ir), "CSI v2 round trip: " + back);
        return outcome;
    }

    private static void fill(float[] values, RandomIr.Choices c) {
        for (int i = 0; i < values.length; i++) {
            values[i] = c.below(8) == 0 ? Float.NaN : (c.below(2001) - 1000) / 16f;
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
