package dev.csir.lang;

import dev.csir.diag.Messages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Preprocessor}'s token streams and macro expansion: frames of a file's raw tokens,
 * of an expansion being read (its macro busy until the frame is left) or of a finite list; calls
 * with their arguments, parameters replaced by pre-expanded arguments, {@code ##}, and the bounds
 * on how much and how deep expansion goes.
 */
final class MacroExpander {
    private final Preprocessor pp;
    /** Tokens made by expansion so far, against {@link Preprocessor#MAX_EXPANSION_TOKENS}. */
    private int spent;
    /** Set once a bound is crossed (reported): expansion and the main loop stop. */
    boolean aborted;
    private boolean pasteEsReported;

    MacroExpander(Preprocessor pp) {
        this.pp = pp;
    }

    /** Where tokens are read from: a file's raw tokens, a macro's expansion, or a finite list. */
    static final class Frame {
        final PpFile file;
        final Tokens raw;
        final int base;
        final List<PpToken> list;
        final Macro macro;
        int k;

        Frame(PpFile file, Tokens raw, int base) {
            this.file = file;
            this.raw = raw;
            this.base = base;
            this.list = null;
            this.macro = null;
        }

        Frame(List<PpToken> list, Macro macro) {
            this.file = null;
            this.raw = null;
            this.base = 0;
            this.list = list;
            this.macro = macro;
        }
    }

    /** A stack of frames; the bottom one ends the stream (a file's end, or a list's). */
    static final class Stream {
        final ArrayList<Frame> frames = new ArrayList<>();
        final PpToken end;

        Stream(PpToken end) {
            this.end = end;
        }
    }

    // ---- reading ----------------------------------------------------------------------------

    PpToken fileToken(Frame f, int k) {
        Tokens r = f.raw;
        PpToken t = new PpToken();
        t.kind = r.kind[k];
        t.off = r.offset[k] + f.base;
        t.len = r.length[k];
        t.fileLine = r.line[k];
        t.fileCol = r.column[k];
        t.file = f.file;
        if (f.file.main) {
            t.line = r.line[k];
            t.col = r.column[k];
            t.spanOff = r.offset[k];
            t.spanLen = r.length[k];
        } else {
            PpToken site = f.file.site;
            t.line = site.line;
            t.col = site.col;
            t.spanOff = site.spanOff;
            t.spanLen = site.spanLen;
        }
        t.floatValue = r.floatValue[k];
        t.intValue = r.intValue[k];
        t.error = r.error[k];
        t.lineStart = k == 0 || r.kind[k - 1] == TokenKind.NEWLINE;
        return t;
    }

    /** The next token; an exhausted frame is left only now, so its macro stays busy while its last token is read. */
    PpToken next(Stream s) {
        while (true) {
            if (s.frames.isEmpty()) {
                return s.end;
            }
            Frame f = s.frames.getLast();
            if (f.raw != null) {
                if (f.raw.kind[f.k] != TokenKind.EOF) {
                    return fileToken(f, f.k++);
                }
                if (s.frames.size() == 1) {
                    return fileToken(f, f.k);
                }
                pp.endOfFile(f.file);
                s.frames.removeLast();
                continue;
            }
            if (f.k < f.list.size()) {
                return f.list.get(f.k++);
            }
            if (f.macro != null) {
                f.macro.busy--;
            }
            s.frames.removeLast();
        }
    }

    /** The next token that is not a line end, without reading it; null when it starts a directive. */
    private PpToken peekPastNewlines(Stream s) {
        for (int i = s.frames.size() - 1; i >= 0; i--) {
            Frame f = s.frames.get(i);
            if (f.raw != null) {
                int k = f.k;
                while (f.raw.kind[k] == TokenKind.NEWLINE) {
                    k++;
                }
                if (f.raw.kind[k] == TokenKind.EOF && i > 0) {
                    continue;
                }
                PpToken t = fileToken(f, k);
                return t.kind == TokenKind.HASH && t.lineStart ? null : t;
            }
            for (int k = f.k; k < f.list.size(); k++) {
                if (f.list.get(k).kind != TokenKind.NEWLINE) {
                    return f.list.get(k);
                }
            }
        }
        return s.end;
    }

    /** Pops exhausted expansion frames so that the top one is the file being read. */
    Frame fileFrame(Stream s) {
        while (s.frames.getLast().raw == null) {
            Frame f = s.frames.removeLast();
            if (f.macro != null) {
                f.macro.busy--;
            }
        }
        return s.frames.getLast();
    }

    /** The rest of a directive's line, read from the file. */
    List<PpToken> restOfLine(Frame f) {
        List<PpToken> line = new ArrayList<>();
        while (f.raw.kind[f.k] != TokenKind.NEWLINE && f.raw.kind[f.k] != TokenKind.EOF) {
            line.add(fileToken(f, f.k++));
        }
        return line;
    }

    // ---- macro expansion --------------------------------------------------------------------

    /** Fully expands a finite list of tokens (a macro argument, a #if line). */
    List<PpToken> expandList(List<PpToken> in, int depth, PpToken where) {
        List<PpToken> result = new ArrayList<>(in.size());
        if (depth > Preprocessor.MAX_EXPANSION_DEPTH) {
            pp.error(where, Messages.expansionTooDeep(Preprocessor.MAX_EXPANSION_DEPTH));
            aborted = true;
            return result;
        }
        PpToken end = new PpToken();
        end.kind = TokenKind.EOF;
        Stream s = new Stream(end);
        s.frames.add(new Frame(in, null));
        while (!aborted) {
            PpToken t = next(s);
            if (t == end) {
                break;
            }
            if (!t.noExpand && pp.isWord(t)) {
                Macro m = pp.macros.get(pp.text(t));
                if (m != null) {
                    if (m.busy > 0) {
                        t = t.copy();
                        t.noExpand = true;
                    } else if (expand(s, t, m, depth)) {
                        continue;
                    }
                }
            }
            result.add(t);
        }
        return result;
    }

    /**
     * Expands the macro {@code use} names, pushing its expansion to be read (and rescanned) next;
     * false when it is function-like and not called, so the name stays as it is.
     */
    boolean expand(Stream s, PpToken use, Macro m, int depth) {
        if (m.builtin != Macro.Builtin.NONE) {
            PpFile f = use.file == null ? pp.mainFile() : use.file;
            int v = m.builtin == Macro.Builtin.LINE ? use.fileLine + f.lineDelta : f.sourceString;
            PpToken t = use.copy();
            t.kind = TokenKind.INT;
            t.off = pp.append(Integer.toString(v).getBytes(StandardCharsets.US_ASCII));
            t.len = pp.poolSize() - t.off;
            t.intValue = v & 0xFFFFFFFFL;
            t.floatValue = v;
            t.error = null;
            push(s, List.of(t), null);
            return true;
        }
        List<List<PpToken>> args = null;
        if (m.functionLike()) {
            PpToken p = peekPastNewlines(s);
            if (p == null || p.kind != TokenKind.LPAREN) {
                return false;
            }
            args = arguments(s, use, m);
            if (args == null) {
                return true;
            }
            if (args.size() == 1 && args.getFirst().isEmpty()) {
                args = List.of(); // as glslang: F() has no argument, also where F takes one
            }
            if (args.size() != m.params.length) {
                note(use, m);
                pp.error(use, Messages.macroArgumentCount(m.name, m.params.length, args.size()));
                return true;
            }
        }
        note(use, m);
        List<PpToken> body = substitute(use, m, args, depth);
        if (aborted) {
            return true;
        }
        spent += body.size();
        if (spent > Preprocessor.MAX_EXPANSION_TOKENS) {
            pp.error(use, Messages.expansionTooLarge(Preprocessor.MAX_EXPANSION_TOKENS));
            aborted = true;
            return true;
        }
        push(s, body, m);
        return true;
    }

    void push(Stream s, List<PpToken> toks, Macro m) {
        if (m != null) {
            m.busy++;
        }
        s.frames.add(new Frame(toks, m));
    }

    /** An error at a macro's use in the shader gets a note at the macro's definition. */
    private void note(PpToken use, Macro m) {
        if (m.defFile != null && use.file != null && use.file.main) {
            if (m.defFile.main) {
                pp.log().noteAt(use.line, use.col, null, null, m.defLine, m.defCol, Messages.expansionNote(m.name));
            } else {
                pp.log().noteAt(use.line, use.col, m.defFile.name, m.defFile.sourceLine(m.defLine), m.defLine, m.defCol,
                        Messages.expansionNote(m.name));
            }
        }
    }

    /** The arguments of a call, from its '(' to its ')'; null (reported) when it does not end. */
    private List<List<PpToken>> arguments(Stream s, PpToken use, Macro m) {
        PpToken t = next(s);
        while (t.kind == TokenKind.NEWLINE) {
            t = next(s);
        }
        List<List<PpToken>> args = new ArrayList<>();
        List<PpToken> cur = new ArrayList<>();
        int depth = 0;
        while (true) {
            t = next(s);
            if (t.kind == TokenKind.NEWLINE) {
                continue;
            }
            if (t.kind == TokenKind.EOF || t.kind == TokenKind.HASH && t.lineStart) {
                note(use, m);
                pp.error(use, t.kind == TokenKind.HASH ? Messages.DIRECTIVE_IN_MACRO_ARGUMENTS
                        : Messages.unterminatedMacroCall(m.name));
                if (t.kind == TokenKind.HASH) {
                    push(s, List.of(t), null); // the directive is still read
                }
                return null;
            }
            if (t.kind == TokenKind.LPAREN) {
                depth++;
            } else if (t.kind == TokenKind.RPAREN) {
                if (depth == 0) {
                    args.add(cur);
                    return args;
                }
                depth--;
            } else if (t.kind == TokenKind.COMMA && depth == 0) {
                args.add(cur);
                cur = new ArrayList<>();
                continue;
            }
            if (cur.size() + spent > Preprocessor.MAX_EXPANSION_TOKENS) {
                pp.error(use, Messages.expansionTooLarge(Preprocessor.MAX_EXPANSION_TOKENS));
                aborted = true;
                return null;
            }
            cur.add(t);
        }
    }

    /** The body with parameters replaced (pre-expanded unless next to ##) and ## pasted, shown at {@code use}. */
    private List<PpToken> substitute(PpToken use, Macro m, List<List<PpToken>> args, int depth) {
        PpToken[] body = m.body;
        List<PpToken> result = new ArrayList<>(body.length);
        List<List<PpToken>> expanded = args == null ? null : new ArrayList<>(args.size());
        if (args != null) {
            for (int i = 0; i < args.size(); i++) {
                expanded.add(null);
            }
        }
        boolean leftEmpty = false; // the operand before a ## made no tokens (an empty argument)
        for (int b = 0; b < body.length && !aborted; b++) {
            PpToken tok = body[b];
            if (tok.kind == TokenKind.HASHHASH) {
                continue;
            }
            boolean pasteBefore = b > 0 && body[b - 1].kind == TokenKind.HASHHASH;
            boolean pasteAfter = b + 1 < body.length && body[b + 1].kind == TokenKind.HASHHASH;
            List<PpToken> piece;
            int pi = m.paramOf[b];
            if (pi >= 0) {
                if (pasteBefore || pasteAfter) {
                    piece = args.get(pi);
                } else {
                    if (expanded.get(pi) == null) {
                        expanded.set(pi, expandList(args.get(pi), depth + 1, use));
                    }
                    piece = expanded.get(pi);
                }
            } else {
                piece = List.of(tok);
            }
            if (pasteBefore && pp.version().es() && !pasteEsReported) {
                pasteEsReported = true;
                pp.error(use, Messages.PASTE_ES);
            }
            int from = 0;
            if (pasteBefore && !leftEmpty && !piece.isEmpty() && !result.isEmpty()) {
                PpToken merged = paste(use, result.getLast(), piece.getFirst());
                if (merged == null) {
                    return result;
                }
                result.set(result.size() - 1, merged);
                from = 1;
            }
            if (result.size() + piece.size() + spent > Preprocessor.MAX_EXPANSION_TOKENS) {
                pp.error(use, Messages.expansionTooLarge(Preprocessor.MAX_EXPANSION_TOKENS));
                aborted = true;
                return result;
            }
            for (int k = from; k < piece.size(); k++) {
                result.add(piece.get(k).at(use));
            }
            // pasting an empty operand leaves the other one
            leftEmpty = piece.isEmpty() && (!pasteBefore || leftEmpty || result.isEmpty());
        }
        return result;
    }

    /** Two tokens pasted into one, lexed again; null (reported) when they do not make one token. */
    private PpToken paste(PpToken use, PpToken a, PpToken b) {
        String text = (a.off < 0 ? Long.toString(a.intValue) : pp.text(a)) + (b.off < 0 ? Long.toString(b.intValue) : pp.text(b));
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Tokens r = Lexer.raw(bytes).tokens();
        if (r.count() != 2 || r.kind[0] == TokenKind.NEWLINE) {
            pp.error(use, Messages.pasteInvalid(text));
            aborted = true;
            return null;
        }
        int base = pp.append(bytes);
        PpToken t = use.copy();
        t.kind = r.kind[0];
        t.off = base;
        t.len = r.length[0];
        t.floatValue = r.floatValue[0];
        t.intValue = r.intValue[0];
        t.error = r.error[0];
        t.noExpand = false;
        return t;
    }
}
