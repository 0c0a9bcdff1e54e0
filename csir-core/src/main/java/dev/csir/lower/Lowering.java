package dev.csir.lower;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.IrBuilder;
import dev.csir.ir.Limits;
import dev.csir.ir.Opcode;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.ShaderIr;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Ast;

/**
 * Semantic analysis and lowering of a parsed shader to CSIR: registers the globals, binds interface
 * slots, emits the prologue, initialises globals, then inlines main.
 */
public final class Lowering {
    /** User functions may declare at most this many parameters. */
    public static final int MAX_PARAMETERS = 4;

    private Lowering() {
    }

    /**
     * Lowers a unit; returns the shader, or null when the log holds any error (including earlier
     * parse errors: lowering still runs while the log has room, so its messages follow them).
     */
    public static ShaderIr lower(Ast.Unit unit, Stage stage, String name, DiagnosticLog log, Limits limits) {
        if (log.full()) {
            return null;
        }
        Scopes scopes = new Scopes();
        Symbol position = new Symbol("gl_Position", Symbol.Kind.POSITION, Ast.Storage.NONE, Type.VEC4, false, -1,
                Ast.Pos.NONE, null, null);
        // Read-only through its kind, not const: assigning it is "invalid assignment" (§2.9).
        Symbol fragCoord = new Symbol("gl_FragCoord", Symbol.Kind.FRAG_COORD, Ast.Storage.NONE, Type.VEC4, false,
                -1, Ast.Pos.NONE, null, null);
        scopes.declare(position);
        scopes.declare(fragCoord);
        if (!register(unit, scopes, log)) {
            return null;
        }
        scopes.sealGlobals();
        Symbol[] globals = scopes.globals();
        ShaderInterface iface = SlotBinder.bind(globals, stage, limits, log);
        if (iface == null) {
            return null;
        }
        Symbol main = scopes.global("main");
        if (main == null || !main.isFunction()) {
            log.error(Messages.MISSING_MAIN);
            return null;
        }
        if (CsirTypes.of(main.function.returnType()) != Type.VOID || !main.function.params().isEmpty()) {
            log.error(Messages.MAIN_SIGNATURE);
            return null;
        }
        IrBuilder b = new IrBuilder(limits);
        Lowerer lw = new Lowerer(b, log, stage, scopes);
        prologue(b, stage, globals);
        boolean hasOutput = false;
        for (int i = 2; i < globals.length; i++) {
            Symbol s = globals[i];
            hasOutput |= s.kind == Symbol.Kind.VARIABLE && s.storage == Ast.Storage.OUT;
            if (s.kind == Symbol.Kind.VARIABLE && s.declaration.init() != null
                    && (s.storage == Ast.Storage.NONE || s.storage == Ast.Storage.CONST) && !log.full()) {
                lw.globalInit(s);
            }
        }
        lw.lowerMain(main.function);
        if (b.failed()) {
            // Lowering went on past the overflow, reporting nothing, to count what the shader
            // needs; an abort (a duplicate symbol) cut that count short.
            String message = b.failure(!lw.aborted());
            if (b.failureLine() > 0) {
                log.error(b.failureLine(), b.failureColumn(), message);
            } else {
                log.error(message);
            }
            return null;
        }
        if (lw.aborted()) {
            return null;
        }
        if (stage == Stage.VERTEX && !lw.positionWritten) {
            log.error(Messages.NO_POSITION_WRITE);
        }
        if (stage == Stage.FRAGMENT && !hasOutput) {
            log.error(Messages.NO_FRAGMENT_OUTPUT);
        }
        if (log.hasErrors()) {
            return null;
        }
        return b.build(name, stage, iface);
    }

    /** Registers the global variables and functions in declaration order; false on an error. */
    private static boolean register(Ast.Unit unit, Scopes scopes, DiagnosticLog log) {
        boolean ok = true;
        for (Ast.Decl d : unit.globals()) {
            Symbol s;
            if (d instanceof Ast.VarDecl v) {
                Ast.Qualifiers q = v.qualifiers();
                Ast.Storage st = q.storage();
                if (CsirTypes.of(v.type()) == Type.VOID) {
                    error(log, v.pos(), Messages.VOID_VARIABLE);
                    ok = false;
                    continue;
                }
                if (CsirTypes.of(v.type()) == Type.SAMPLER2D && st != Ast.Storage.UNIFORM) {
                    error(log, v.pos(), Messages.SAMPLER_NOT_UNIFORM);
                    ok = false;
                    continue;
                }
                if (v.init() != null && st == Ast.Storage.UNIFORM) {
                    error(log, v.pos(), Messages.UNIFORM_INITIALIZER);
                    ok = false;
                } else if (v.init() != null && (st == Ast.Storage.IN || st == Ast.Storage.OUT)) {
                    error(log, v.pos(), Messages.INTERFACE_INITIALIZER);
                    ok = false;
                }
                s = new Symbol(v.name(), Symbol.Kind.VARIABLE, st, CsirTypes.of(v.type()), st == Ast.Storage.CONST || q.isConst(),
                        Math.min(q.location(), 127), v.pos(), null, v);
            } else {
                Ast.FuncDecl f = (Ast.FuncDecl) d;
                if (f.params().size() > MAX_PARAMETERS) {
                    error(log, f.pos(), Messages.TOO_MANY_PARAMETERS);
                    ok = false;
                    continue;
                }
                s = new Symbol(f.name(), Symbol.Kind.FUNCTION, Ast.Storage.NONE, CsirTypes.of(f.returnType()), true, -1, f.pos(), f,
                        null);
            }
            if (!scopes.declare(s)) {
                // shown at 1:1 as the original shows it, sorted at the second declaration
                log.error(1, 1, Messages.DUPLICATE_SYMBOL, d.pos().line(), d.pos().column());
                return false;
            }
        }
        return ok;
    }

    private static void error(DiagnosticLog log, Ast.Pos pos, String message) {
        log.error(pos.line(), pos.column(), message);
    }

    /** Section 3.3: interface loads and zero-initialised outputs, in symbol order. */
    private static void prologue(IrBuilder b, Stage stage, Symbol[] globals) {
        for (Symbol s : globals) {
            // located at the declaration (gl_Position and gl_FragCoord have none)
            if (s.declaration != null) {
                b.at(s.pos.line(), s.pos.column());
            } else {
                b.at(0, 0);
            }
            switch (s.kind) {
                case POSITION -> {
                    if (stage == Stage.VERTEX) {
                        zeroInit(b, s);
                    }
                }
                case FRAG_COORD -> {
                    if (stage == Stage.FRAGMENT) {
                        s.temp = b.temp();
                        if (s.temp >= 0) {
                            b.emit(Opcode.LOAD_FCOORD, Type.VEC4, 4, s.temp, -1, -1, 0, 0);
                        }
                    }
                }
                case VARIABLE -> {
                    switch (s.storage) {
                        case UNIFORM -> {
                            if (!s.isSampler()) {
                                int n = s.type.uniformSlots();
                                s.temp = b.temp(n);
                                if (s.temp >= 0) {
                                    b.emit(Opcode.LOAD_UNI, s.type, n == 1 ? s.type.components() : 4, s.temp, -1, -1,
                                            s.slot, n);
                                }
                            }
                        }
                        case IN -> {
                            s.temp = b.temp();
                            if (s.temp >= 0) {
                                if (stage == Stage.VERTEX) {
                                    b.emit(Opcode.LOAD_ATTR, s.type, 4, s.temp, -1, -1, s.slot, 0);
                                } else {
                                    b.emit(Opcode.LOAD_VAR, s.type, s.type.components(), s.temp, -1, -1, s.slot, 0);
                                }
                            }
                        }
                        case OUT -> zeroInit(b, s);
                        default -> {
                        }
                    }
                }
                default -> {
                }
            }
        }
        b.at(0, 0);
    }

    private static void zeroInit(IrBuilder b, Symbol s) {
        s.temp = b.temp();
        int z = b.constant(0f, 0f, 0f, 0f);
        if (s.temp >= 0 && z >= 0) {
            b.emit(Opcode.MOV, s.type, 4, s.temp, z, -1, 0, 0);
        }
    }
}
