package dev.csir.lower;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.ir.InterfaceVar;
import dev.csir.ir.Limits;
import dev.csir.ir.ShaderInterface;
import dev.csir.ir.Stage;
import dev.csir.ir.Type;
import dev.csir.lang.Ast.Storage;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds interface slots (section 3.2): a first pass places explicit locations, a second assigns the
 * rest in declaration order. Samplers and vec4 uniforms count separately. Stops at the first error,
 * which is reported at 1:1 as the original does.
 */
public final class SlotBinder {
    private SlotBinder() {
    }

    /** Assigns {@link Symbol#slot} to every interface global; returns the interface, or null on error. */
    public static ShaderInterface bind(Symbol[] globals, Stage stage, Limits limits, DiagnosticLog log) {
        boolean vertex = stage == Stage.VERTEX;
        boolean[] attrUsed = new boolean[limits.attributeSlots()];
        boolean[] varUsed = new boolean[limits.varyingSlots()];
        for (Symbol s : globals) {
            if (s.kind != Symbol.Kind.VARIABLE || s.location < 0) {
                continue;
            }
            if (vertex && s.storage == Storage.IN) {
                if (s.location >= attrUsed.length || attrUsed[s.location]) {
                    log.error(Messages.ATTRIBUTE_LOCATION_CONFLICT);
                    return null;
                }
                attrUsed[s.location] = true;
                s.slot = s.location;
            } else if (isVarying(s, vertex)) {
                if (s.location >= varUsed.length || varUsed[s.location]) {
                    log.error(Messages.LOCATION_CONFLICT);
                    return null;
                }
                varUsed[s.location] = true;
                s.slot = s.location;
            }
        }
        int attrCursor = 0, varCursor = 0, samplers = 0, uniforms = 0, outputs = 0;
        List<InterfaceVar> vars = new ArrayList<>();
        for (Symbol s : globals) {
            if (s.kind != Symbol.Kind.VARIABLE) {
                continue;
            }
            switch (s.storage) {
                case IN -> {
                    if (vertex && s.slot < 0) {
                        while (attrCursor < attrUsed.length && attrUsed[attrCursor]) {
                            attrCursor++;
                        }
                        if (attrCursor >= attrUsed.length) {
                            log.error(Messages.TOO_MANY_ATTRIBUTES);
                            return null;
                        }
                        attrUsed[attrCursor] = true;
                        s.slot = attrCursor++;
                    } else if (!vertex && s.slot < 0) {
                        varCursor = nextFree(varUsed, varCursor);
                        if (varCursor < 0) {
                            log.error(Messages.TOO_MANY_VARYINGS);
                            return null;
                        }
                        s.slot = varCursor++;
                    }
                    vars.add(new InterfaceVar(InterfaceVar.Kind.INPUT, s.name, s.type, s.slot, s.pos.line(), s.pos.column(), s.location >= 0));
                }
                case OUT -> {
                    if (vertex) {
                        if (s.slot < 0) {
                            varCursor = nextFree(varUsed, varCursor);
                            if (varCursor < 0) {
                                log.error(Messages.TOO_MANY_VARYINGS);
                                return null;
                            }
                            s.slot = varCursor++;
                        }
                    } else {
                        if (s.type != Type.VEC4) {
                            log.error(Messages.FRAGMENT_OUTPUT_VEC4);
                            return null;
                        }
                        if (++outputs > 1) {
                            log.error(Messages.ONE_FRAGMENT_OUTPUT);
                            return null;
                        }
                        s.slot = 0;
                    }
                    vars.add(new InterfaceVar(InterfaceVar.Kind.OUTPUT, s.name, s.type, s.slot, s.pos.line(), s.pos.column(), s.location >= 0));
                }
                case UNIFORM -> {
                    if (s.isSampler()) {
                        if (samplers >= limits.samplerSlots()) {
                            log.error(Messages.TOO_MANY_SAMPLERS);
                            return null;
                        }
                        s.slot = samplers++;
                    } else {
                        s.slot = uniforms;
                        uniforms += s.type.uniformSlots();
                        if (uniforms > limits.uniformSlots()) {
                            log.error(Messages.TOO_MANY_UNIFORMS);
                            return null;
                        }
                    }
                    vars.add(new InterfaceVar(InterfaceVar.Kind.UNIFORM, s.name, s.type, s.slot, s.pos.line(), s.pos.column(), s.location >= 0));
                }
                default -> {
                }
            }
        }
        return ShaderInterface.of(stage, vars);
    }

    private static boolean isVarying(Symbol s, boolean vertex) {
        return vertex ? s.storage == Storage.OUT : s.storage == Storage.IN;
    }

    /** The lowest free slot at or above the cursor, claimed; -1 when none is left. */
    private static int nextFree(boolean[] used, int cursor) {
        while (cursor < used.length && used[cursor]) {
            cursor++;
        }
        if (cursor >= used.length) {
            return -1;
        }
        used[cursor] = true;
        return cursor;
    }
}
