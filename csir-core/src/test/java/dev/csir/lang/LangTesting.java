package dev.csir.lang;

import dev.csir.diag.Diagnostic;
import dev.csir.diag.DiagnosticLog;
import java.util.ArrayList;
import java.util.List;

/** Small helpers shared by the lexer and parser tests. */
final class LangTesting {
    private LangTesting() {
    }

    /** "line:col: message" for every diagnostic of lexing and parsing {@code src}. */
    static List<String> errors(String src) {
        DiagnosticLog log = new DiagnosticLog("t.vert", src);
        Parser.parse(src, log);
        return render(log);
    }

    /** "line:col: message" for every diagnostic of lexing {@code src} only. */
    static List<String> lexErrors(String src) {
        DiagnosticLog log = new DiagnosticLog("t.vert", src);
        Lexer.lex(src, log);
        return render(log);
    }

    static List<String> render(DiagnosticLog log) {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : log.diagnostics()) {
            out.add(d.line() + ":" + d.column() + ": " + d.message());
        }
        return out;
    }

    /** Parses a source that must have no errors. */
    static Ast.Unit ok(String src) {
        DiagnosticLog log = new DiagnosticLog("t.vert", src);
        Ast.Unit u = Parser.parse(src, log);
        if (log.hasErrors()) {
            throw new AssertionError("unexpected errors in [" + src + "]: " + render(log));
        }
        return u;
    }

    /** The token kinds of {@code src}, EOF included. */
    static List<TokenKind> kinds(String src) {
        Tokens t = Lexer.lex(src, new DiagnosticLog("t", src));
        List<TokenKind> out = new ArrayList<>();
        for (int i = 0; i < t.count(); i++) {
            out.add(t.kind(i));
        }
        return out;
    }
}
