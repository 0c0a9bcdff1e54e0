package dev.csir.gfx.testing;

import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.link.LinkedProgram;
import dev.csir.link.Program;

/**
 * The programs of the draw tests, written as CSIR and linked by {@link Program}, so their TGSI is
 * what the project's emitter and linker produce. Each comment gives the GLSL-like equivalent.
 */
public final class TestPrograms {
    private TestPrograms() {
    }

    public static LinkedProgram link(ShaderIr vs, ShaderIr fs) {
        Program p = new Program();
        p.attach(vs);
        p.attach(fs);
        if (!p.link()) {
            throw new IllegalStateException("link failed: " + p.log());
        }
        return p.linked().orElseThrow();
    }

    /** {@code in vec4 position, color; out vec4 vColor; gl_Position = position; vColor = color;} + pass-through FS. */
    public static LinkedProgram colouredTriangle() {
        IrAsm v = new IrAsm(Stage.VERTEX);
        int pos = v.attribute("position", Type.VEC4, 0);
        int col = v.attribute("color", Type.VEC4, 1);
        v.varyingOut("vColor", Type.VEC4, 0, col);
        v.position(pos);
        IrAsm f = new IrAsm(Stage.FRAGMENT);
        f.color(f.varyingIn("vColor", Type.VEC4, 0));
        return link(v.build("tri.vert"), f.build("tri.frag"));
    }

    /** {@code in vec4 position; in vec2 uv; out vec2 vUV;} and {@code color = texture(tex, vUV)}. */
    public static LinkedProgram texturedQuad() {
        IrAsm v = new IrAsm(Stage.VERTEX);
        int pos = v.attribute("position", Type.VEC4, 0);
        int uv = v.attribute("uv", Type.VEC2, 1);
        v.varyingOut("vUV", Type.VEC2, 0, uv);
        v.position(pos);
        IrAsm f = new IrAsm(Stage.FRAGMENT);
        int c = f.varyingIn("vUV", Type.VEC2, 0);
        f.color(f.sample("tex", 0, c));
        return link(v.build("tex.vert"), f.build("tex.frag"));
    }

    /**
     * {@code gl_Position = projection * view * model * position; vColor = color;} with
     * {@code uniform mat4 model, view, projection} and the pass-through fragment shader.
     */
    public static LinkedProgram mvpCube() {
        IrAsm v = new IrAsm(Stage.VERTEX);
        int model = v.uniform("model", Type.MAT4, 0);
        int view = v.uniform("view", Type.MAT4, 4);
        int proj = v.uniform("projection", Type.MAT4, 8);
        int pos = v.attribute("position", Type.VEC4, 0);
        int col = v.attribute("color", Type.VEC4, 1);
        int world = v.mulMatVec(model, pos);
        int eye = v.mulMatVec(view, world);
        v.position(v.mulMatVec(proj, eye));
        v.varyingOut("vColor", Type.VEC4, 0, col);
        IrAsm f = new IrAsm(Stage.FRAGMENT);
        f.color(f.varyingIn("vColor", Type.VEC4, 0));
        return link(v.build("cube.vert"), f.build("cube.frag"));
    }

    /**
     * Diffuse lighting: the VS passes {@code vN = normal; vP = position.xyz} and draws the position
     * as is; the FS computes
     * {@code ambientColor + max(dot(normalize(vN), normalize(lightPosition - vP)), 0) * lightColor}.
     */
    public static LinkedProgram diffuse() {
        IrAsm v = new IrAsm(Stage.VERTEX);
        int pos = v.attribute("position", Type.VEC4, 0);
        int normal = v.attribute("normal", Type.VEC3, 1);
        v.varyingOut("vN", Type.VEC3, 0, normal);
        v.varyingOut("vP", Type.VEC3, 1, pos);
        v.position(pos);
        IrAsm f = new IrAsm(Stage.FRAGMENT);
        int lp = f.uniform("lightPosition", Type.VEC3, 0);
        int lc = f.uniform("lightColor", Type.VEC3, 1);
        int amb = f.uniform("ambientColor", Type.VEC3, 2);
        int vn = f.varyingIn("vN", Type.VEC3, 0);
        int vp = f.varyingIn("vP", Type.VEC3, 1);
        int n = f.normalize3(vn);
        int l = f.normalize3(f.op(Opcode.SUB, 3, lp, vp));
        int d = f.op(Opcode.MAX, 1, f.dot3(n, l), f.constant(0f));
        int rgb = f.op(Opcode.ADD, 3, amb, f.op(Opcode.MUL, 3, f.broadcast(d, 3), lc));
        int out = f.constant(0f, 0f, 0f, 1f);
        f.moveInto(out, rgb, 3);
        f.color(out);
        return link(v.build("light.vert"), f.build("light.frag"));
    }
}
