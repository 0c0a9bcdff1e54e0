package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser from {@link Tokens} to {@link Ast}, with the original's grammar, error
 * positions, statement-level recovery and error cap. It never throws and always returns the
 * globals parsed so far.
 */
public final class Parser {
    /** Expression nesting limit: every binary-expression and primary level counts, as in the original. */
    public static final int NEST_LIMIT = 32;
    /**
     * Statement nesting (blocks, if and for bodies) allowed before "nesting limit exceeded". The
     * original had no such check but could not hold a deeper source in its 768 tokens; this keeps
     * the parser and later recursive passes off the end of the Java stack.
     */
    public static final int STATEMENT_NEST_LIMIT = 512;
    /**
     * Operators (prefix, binary, postfix) allowed in one outermost expression before "nesting
     * limit exceeded": bounds the height of left-deep chains such as {@code a+a+a+...} and
     * {@code -----x} for recursive passes. The original's 768-token limit bounded them too.
     */
    public static final int EXPRESSION_OPERATOR_LIMIT = 1024;

    private final Tokens tk;
    private final DiagnosticLog log;
    private int tp;
    private int depth;
    private int stmtDepth;
    private int ops;
    /** The instance names of the interface blocks declared so far: {@code name.x} after one is a member. */
    private final java.util.Set<String> blockInstances = new java.util.HashSet<>();

    private Parser(Tokens tokens, DiagnosticLog log) {
        this.tk = tokens;
        this.log = log;
    }

    /** Lexes and parses {@code source}; all errors go to {@code log}. */
    public static Ast.Unit parse(String source, DiagnosticLog log) {
        return parse(Lexer.lex(source, log), log);
    }

    /** Preprocesses with {@code options}, lexes and parses {@code source}; all errors go to {@code log}. */
    public static Ast.Unit parse(String source, DiagnosticLog log, Preprocessor.Options options) {
        return parse(Preprocessor.run(source, log, options), log);
    }

    /**
     * Parses lexed tokens, until {@link DiagnosticLog#MAX_REPORTED} errors are known before the
     * current token (the log keeps the first ones in source order; the original stopped at 8
     * errors of any position, so lexer errors late in a source hid syntax errors before them).
     */
    public static Ast.Unit parse(Tokens tokens, DiagnosticLog log) {
        List<Ast.Decl> globals = new ArrayList<>();
        if (tokens.count() == 0) {
            return new Ast.Unit(globals, tokens.version());
        }
        Parser p = new Parser(tokens, log);
        if (!p.full()) {
            p.unit(globals);
        }
        return new Ast.Unit(globals, tokens.version());
    }

    // ---- token access ----------------------------------------------------------------------

    private TokenKind peek() {
        return tp < tk.count ? tk.kind[tp] : TokenKind.EOF;
    }

    private boolean at(TokenKind k) {
        return peek() == k;
    }

    /** Consumes the expected token, or reports {@code message} at the current one and returns false. */
    private boolean expect(TokenKind kind, String message) {
        if (!at(kind)) {
            error(tp, message);
            return false;
        }
        adv();
        return true;
    }

    /** Moves to the next token, never past an EOF token. */
    private void adv() {
        if (tp < tk.count && tk.kind[tp] != TokenKind.EOF) {
            tp++;
        }
    }

    private Ast.Pos pos(int tok) {
        return new Ast.Pos(tk.line[tok], tk.column[tok], tk.spanOffset(tok), tk.spanLength(tok));
    }

    private void error(int tok, String message) {
        if (tok >= 0 && tok < tk.count) {
            log.error(tk.line[tok], tk.column[tok], tk.spanOffset(tok), tk.spanLength(tok), message);
        } else {
            log.error(1, 1, message);
        }
    }

    private boolean full() {
        int tok = Math.min(tp, tk.count - 1);
        return log.full(tk.line[tok], tk.column[tok]);
    }

    private boolean enter() {
        if (depth >= NEST_LIMIT) {
            error(tp < tk.count ? tp : tk.count - 1, Messages.NESTING_LIMIT);
            return false;
        }
        depth++;
        return true;
    }

    private void leave() {
        if (depth > 0) {
            depth--;
        }
    }

    /** Counts one operator of the current expression at token {@code tok}; false past the limit. */
    private boolean spend(int tok) {
        if (++ops > EXPRESSION_OPERATOR_LIMIT) {
            error(tok, Messages.NESTING_LIMIT);
            return false;
        }
        return true;
    }

    /**
     * Error recovery: skips to just after the next {@code ;} at brace depth 0, or to a {@code }}
     * at depth 0 (not consumed), or past the brace pair it enters.
     */
    private void syncStmt() {
        int d = 0;
        while (!at(TokenKind.EOF)) {
            TokenKind k = peek();
            if (k == TokenKind.LBRACE) {
                d++;
            } else if (k == TokenKind.RBRACE) {
                if (d == 0) {
                    break;
                }
                d--;
                adv();
                if (d == 0) {
                    break;
                }
                continue;
            } else if (k == TokenKind.SEMI && d == 0) {
                adv();
                break;
            }
            adv();
        }
    }

    // ---- declarations ------------------------------------------------------------------------

    private void unit(List<Ast.Decl> globals) {
        while (!at(TokenKind.EOF)) {
            if (full()) {
                break;
            }
            Ast.Stmt g = globalOrFunction();
            if (g == null) {
                syncStmt();
                if (full()) {
                    break;
                }
                continue;
            }
            if (g instanceof Ast.DeclStmt ds) {
                globals.add(ds.decl());
            } else if (g instanceof Ast.Decls ds) {
                globals.addAll(ds.decls());
            }
        }
    }

    /**
     * Every {@code layout(...)} in a row, as one list of ids, each with an integer value when it
     * takes one; {@link Ast.Layout#NONE} without any, null after a reported error. Which ids a
     * declaration may carry is the checker's to say; the parser knows which take a value.
     */
    private Ast.Layout layouts() {
        if (!at(TokenKind.LAYOUT)) {
            return Ast.Layout.NONE;
        }
        List<Ast.LayoutId> ids = new ArrayList<>();
        while (at(TokenKind.LAYOUT)) {
            adv();
            if (!expect(TokenKind.LPAREN, Messages.EXPECTED_LPAREN_AFTER_LAYOUT)) {
                return null;
            }
            for (;;) {
                Ast.LayoutId id = layoutId();
                if (id == null) {
                    return null;
                }
                ids.add(id);
                if (!at(TokenKind.COMMA)) {
                    break;
                }
                adv();
            }
            if (!expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN_AFTER_LAYOUT)) {
                return null;
            }
        }
        return new Ast.Layout(ids);
    }

    /** {@code name} or {@code name = integer}, as {@link LayoutIds} knows it; null after a reported error. */
    private Ast.LayoutId layoutId() {
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_LAYOUT_ID);
            return null;
        }
        int idTok = tp;
        String name = tk.text(tp);
        adv();
        if (!at(TokenKind.ASSIGN)) {
            if (!LayoutIds.isPlain(name)) {
                error(idTok, Messages.layoutUnknown(name));
                return null;
            }
            return new Ast.LayoutId(pos(idTok), name, -1, false);
        }
        if (!LayoutIds.takesValue(name)) {
            error(idTok, Messages.layoutNeedsNoValue(name));
            return null;
        }
        adv();
        if (!at(TokenKind.INT)) {
            error(tp, name.equals("location") ? Messages.EXPECTED_INTEGER_LOCATION : Messages.EXPECTED_LAYOUT_INTEGER);
            return null;
        }
        // kept non-negative so that a value given is never mistaken for "absent"
        int value = (int) Math.min(tk.exactInt(tp), Integer.MAX_VALUE);
        adv();
        return new Ast.LayoutId(pos(idTok), name, value, true);
    }

    private boolean isWord(int tok, String word) {
        if (tk.length[tok] != word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (tk.charAt(tok, k) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A declaration or function definition, at global scope or as a statement: a
     * {@link Ast.DeclStmt}, an {@link Ast.Empty} after a rejected qualifier (already reported and
     * skipped), or null on error.
     */
    private Ast.Stmt globalOrFunction() {
        if (at(TokenKind.PRECISION)) {
            return precisionStatement();
        }
        Ast.Layout layout = layouts();
        if (layout == null) {
            return null;
        }
        boolean smooth = false;
        if (at(TokenKind.SMOOTH)) {
            smooth = true;
            adv();
        }
        Ast.Storage storage = Ast.Storage.NONE;
        boolean trailingConst = false;
        switch (peek()) {
            case IN -> storage = Ast.Storage.IN;
            case OUT -> storage = Ast.Storage.OUT;
            case UNIFORM -> storage = Ast.Storage.UNIFORM;
            case CONST -> storage = Ast.Storage.CONST;
            default -> {
            }
        }
        if (storage != Ast.Storage.NONE) {
            adv();
            if (at(TokenKind.CONST) && storage != Ast.Storage.CONST) {
                trailingConst = true;
                adv();
            }
        }
        skipPrecision();
        if ((storage == Ast.Storage.UNIFORM || storage == Ast.Storage.IN || storage == Ast.Storage.OUT) && !trailingConst) {
            Ast.Qualifiers q = new Ast.Qualifiers(layout, smooth, storage, false);
            if (at(TokenKind.IDENT) && tp + 1 < tk.count && tk.kind[tp + 1] == TokenKind.LBRACE) {
                return interfaceBlock(q);
            }
            if (at(TokenKind.SEMI) && !layout.ids().isEmpty()) {
                Ast.Stmt d = new Ast.DeclStmt(pos(tp - 1), new Ast.DefaultLayout(pos(tp - 1), q));
                adv();
                return d;
            }
        }
        if (at(TokenKind.BAD)) {
            // The lexer has reported this token already; the original reports it again here.
            error(tp, Messages.UNSUPPORTED_QUALIFIER);
            adv();
            syncStmt();
            return new Ast.Empty(pos(tp));
        }
        Type type = peek().type();
        if (type == null) {
            error(tp, Messages.EXPECTED_TYPE);
            return null;
        }
        int typeTok = tp;
        adv();
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_NAME);
            return null;
        }
        int nameTok = tp;
        adv();
        if (at(TokenKind.LPAREN)) {
            adv();
            List<Ast.Param> params = new ArrayList<>(4);
            if (at(TokenKind.VOID) && tp + 1 < tk.count && tk.kind[tp + 1] == TokenKind.RPAREN) {
                adv(); // f(void): no parameters
            }
            if (!at(TokenKind.RPAREN)) {
                for (;;) {
                    Ast.Param p = param();
                    if (p == null) {
                        return null;
                    }
                    params.add(p);
                    if (at(TokenKind.COMMA)) {
                        adv();
                        continue;
                    }
                    break;
                }
            }
            if (!expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
                return null;
            }
            if (!at(TokenKind.LBRACE)) {
                error(tp, Messages.EXPECTED_FUNCTION_BODY);
                return null;
            }
            Ast.Block body = block();
            if (body == null) {
                return null;
            }
            Ast.Pos p = pos(nameTok);
            return new Ast.DeclStmt(p, new Ast.FuncDecl(p, type, tk.text(nameTok), params, body));
        }
        Ast.Qualifiers q = layout.ids().isEmpty() && !smooth && storage == Ast.Storage.NONE
                ? Ast.Qualifiers.NONE
                : new Ast.Qualifiers(layout, smooth, storage, trailingConst);
        return declarators(q, type, typeTok, nameTok);
    }

    /** The declarators of a declaration from its first name: one as a DeclStmt, several as Decls. */
    private Ast.Stmt declarators(Ast.Qualifiers q, Type type, int typeTok, int nameTok) {
        List<Ast.VarDecl> decls = new ArrayList<>(1);
        for (;;) {
            Ast.VarDecl d = declarator(q, type, typeTok, nameTok);
            if (d == null) {
                return null;
            }
            decls.add(d);
            if (!at(TokenKind.COMMA)) {
                break;
            }
            adv();
            if (!at(TokenKind.IDENT)) {
                error(tp, Messages.EXPECTED_NAME);
                return null;
            }
            nameTok = tp;
            adv();
        }
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        return decls.size() == 1 ? new Ast.DeclStmt(decls.getFirst().pos(), decls.getFirst())
                : new Ast.Decls(decls.getFirst().pos(), decls);
    }

    /** {@code precision highp float;}: checked and kept by no one (csir computes every type at one precision). */
    private Ast.Stmt precisionStatement() {
        int tok = tp;
        adv();
        if (!skipPrecision()) {
            error(tp, Messages.EXPECTED_PRECISION);
            return null;
        }
        if (peek().type() == null || peek() == TokenKind.VOID) {
            error(tp, Messages.EXPECTED_TYPE);
            return null;
        }
        adv();
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        return new Ast.Empty(pos(tok));
    }

    /** Skips a precision qualifier (highp, mediump, lowp); whether there was one. */
    private boolean skipPrecision() {
        if (at(TokenKind.HIGHP) || at(TokenKind.MEDIUMP) || at(TokenKind.LOWP)) {
            adv();
            return true;
        }
        return false;
    }

    /**
     * {@code Name { [layout(...)] type member[, member]; ... } [instance];} after the qualifiers,
     * at the block's name; the members carry their own layout ids.
     */
    private Ast.Stmt interfaceBlock(Ast.Qualifiers q) {
        int nameTok = tp;
        adv();
        adv(); // the '{'
        List<Ast.VarDecl> members = new ArrayList<>();
        if (!blockMembers(members)) {
            // reported: the rest of the block, its instance name and ';' go with it
            while (!at(TokenKind.RBRACE) && !at(TokenKind.EOF)) {
                adv();
            }
            adv();
            if (at(TokenKind.IDENT)) {
                adv();
            }
            if (at(TokenKind.SEMI)) {
                adv();
            }
            return new Ast.Empty(pos(nameTok));
        }
        adv();
        String instance = null;
        Ast.Pos instancePos = null;
        if (at(TokenKind.IDENT)) {
            instance = tk.text(tp);
            instancePos = pos(tp);
            blockInstances.add(instance);
            adv();
        }
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        Ast.Pos p = pos(nameTok);
        return new Ast.DeclStmt(p, new Ast.BlockDecl(p, q, tk.text(nameTok), members, instance, instancePos));
    }

    /** The members of a block up to its closing brace (not consumed); false after a reported error. */
    private boolean blockMembers(List<Ast.VarDecl> members) {
        while (!at(TokenKind.RBRACE)) {
            if (at(TokenKind.EOF)) {
                error(tp, Messages.EXPECTED_RBRACE);
                return false;
            }
            Ast.Layout layout = layouts();
            if (layout == null) {
                return false;
            }
            skipPrecision();
            Type type = peek().type();
            if (type == null) {
                error(tp, Messages.EXPECTED_TYPE);
                return false;
            }
            int typeTok = tp;
            adv();
            Ast.Qualifiers mq = layout.ids().isEmpty() ? Ast.Qualifiers.NONE
                    : new Ast.Qualifiers(layout, false, Ast.Storage.NONE, false);
            for (;;) {
                if (!at(TokenKind.IDENT)) {
                    error(tp, Messages.EXPECTED_NAME);
                    return false;
                }
                members.add(new Ast.VarDecl(pos(tp), mq, type, pos(typeTok), tk.text(tp), null));
                adv();
                if (!at(TokenKind.COMMA)) {
                    break;
                }
                adv();
            }
            if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
                return false;
            }
        }
        return true;
    }

    /** {@code [= init] ;} after a declaration's name. */
    /** One declarator from its name: the name and an initializer, if any. */
    private Ast.VarDecl declarator(Ast.Qualifiers q, Type type, int typeTok, int nameTok) {
        Ast.Expr init = null;
        if (at(TokenKind.ASSIGN)) {
            adv();
            init = expr();
            if (init == null) {
                return null;
            }
        }
        return new Ast.VarDecl(pos(nameTok), q, type, pos(typeTok), tk.text(nameTok), init);
    }

    private Ast.Param param() {
        // const, in and a precision, each at most once, in any order: an in parameter is what a
        // parameter is anyway; a repeated one is where a type was expected
        boolean isConst = false;
        boolean in = false;
        boolean precision = false;
        for (;;) {
            if (at(TokenKind.CONST) && !isConst) {
                isConst = true;
                adv();
            } else if (at(TokenKind.IN) && !in) {
                in = true;
                adv();
            } else if (precision || !skipPrecision()) {
                break;
            } else {
                precision = true;
            }
        }
        Type type = peek().type();
        if (type == null) {
            error(tp, Messages.EXPECTED_PARAMETER_TYPE);
            return null;
        }
        adv();
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_PARAMETER_NAME);
            return null;
        }
        Ast.Param p = new Ast.Param(pos(tp), type, tk.text(tp));
        adv();
        return p;
    }

    // ---- statements --------------------------------------------------------------------------

    private Ast.Block block() {
        if (!at(TokenKind.LBRACE)) {
            error(tp, Messages.EXPECTED_LBRACE);
            return null;
        }
        int open = tp;
        adv();
        List<Ast.Stmt> stmts = new ArrayList<>();
        while (!at(TokenKind.RBRACE) && !at(TokenKind.EOF)) {
            Ast.Stmt s = statement();
            if (s == null) {
                syncStmt();
                if (full()) {
                    return null;
                }
                continue;
            }
            stmts.add(s);
        }
        if (!expect(TokenKind.RBRACE, Messages.EXPECTED_RBRACE)) {
            return null;
        }
        return new Ast.Block(pos(open), stmts);
    }

    private Ast.Stmt statement() {
        if (stmtDepth >= STATEMENT_NEST_LIMIT) {
            error(tp, Messages.NESTING_LIMIT);
            return null;
        }
        stmtDepth++;
        try {
            return statementBody();
        } finally {
            stmtDepth--;
        }
    }

    private Ast.Stmt statementBody() {
        TokenKind k = peek();
        switch (k) {
            case SEMI -> {
                Ast.Stmt s = new Ast.Empty(pos(tp));
                adv();
                return s;
            }
            case LBRACE -> {
                return block();
            }
            case DISCARD, BREAK, CONTINUE -> {
                int tok = tp;
                adv();
                if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
                    return null;
                }
                return switch (k) {
                    case BREAK -> new Ast.Break(pos(tok));
                    case CONTINUE -> new Ast.Continue(pos(tok));
                    default -> new Ast.Discard(pos(tok));
                };
            }
            case RETURN -> {
                int tok = tp;
                adv();
                Ast.Expr value = null;
                if (!at(TokenKind.SEMI)) {
                    value = expr();
                    if (value == null) {
                        return null;
                    }
                }
                if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
                    return null;
                }
                return new Ast.Return(pos(tok), value);
            }
            case IF -> {
                return ifStatement();
            }
            case FOR -> {
                return forStatement();
            }
            case WHILE -> {
                return whileStatement();
            }
            case DO -> {
                return doStatement();
            }
            case LAYOUT, IN, OUT, UNIFORM, CONST, SMOOTH, PRECISION, HIGHP, MEDIUMP, LOWP -> {
                return globalOrFunction();
            }
            default -> {
                if (k.isType()) {
                    return globalOrFunction();
                }
                return expressionStatement();
            }
        }
    }

    private Ast.Stmt ifStatement() {
        int tok = tp;
        adv();
        if (!expect(TokenKind.LPAREN, Messages.EXPECTED_LPAREN_AFTER_IF)) {
            return null;
        }
        Ast.Expr cond = expr();
        if (cond == null) {
            return null;
        }
        if (!expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
            return null;
        }
        Ast.Stmt then = statement();
        if (then == null) {
            return null;
        }
        Ast.Stmt otherwise = null;
        if (at(TokenKind.ELSE)) {
            adv();
            otherwise = statement();
            if (otherwise == null) {
                return null;
            }
        }
        return new Ast.If(pos(tok), cond, then, otherwise);
    }

    private Ast.Stmt forStatement() {
        int tok = tp;
        adv();
        if (!expect(TokenKind.LPAREN, Messages.EXPECTED_LPAREN_AFTER_FOR)) {
            return null;
        }
        Ast.Stmt init = null;
        Type type = peek().type();
        if (type != null) {
            int typeTok = tp;
            adv();
            if (!at(TokenKind.IDENT)) {
                error(tp, Messages.EXPECTED_LOOP_VARIABLE);
                return null;
            }
            int nameTok = tp;
            adv();
            init = declarators(Ast.Qualifiers.NONE, type, typeTok, nameTok);
            if (init == null) {
                return null;
            }
        } else if (!at(TokenKind.SEMI)) {
            // an expression or an assignment to a variable declared before the loop: for (i = 0; ...)
            init = expressionStatement();
            if (init == null) {
                return null;
            }
        } else {
            adv();
        }
        Ast.Expr cond = null;
        if (!at(TokenKind.SEMI)) {
            cond = expr();
            if (cond == null) {
                return null;
            }
        }
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        Ast.Expr step = null;
        if (!at(TokenKind.RPAREN)) {
            step = expr();
            if (step == null) {
                return null;
            }
            Ast.BinaryOp compound = compoundOperator(peek());
            if (at(TokenKind.ASSIGN) || compound != null) {
                int assign = tp;
                adv();
                Ast.Expr rhs = expr();
                if (rhs == null) {
                    return null;
                }
                step = new Ast.StepAssign(pos(assign), step,
                        compound == null ? rhs : new Ast.Binary(pos(assign), compound, step, rhs));
            }
        }
        if (!expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
            return null;
        }
        Ast.Stmt body = statement();
        if (body == null) {
            return null;
        }
        return new Ast.For(pos(tok), init, cond, step, body);
    }

    /** {@code while (cond) body}: a for loop with only a condition. */
    private Ast.Stmt whileStatement() {
        int tok = tp;
        adv();
        Ast.Expr cond = parenthesized(Messages.EXPECTED_LPAREN_AFTER_WHILE);
        if (cond == null) {
            return null;
        }
        Ast.Stmt body = statement();
        return body == null ? null : new Ast.For(pos(tok), null, cond, null, body);
    }

    /** {@code do body while (cond);} */
    private Ast.Stmt doStatement() {
        int tok = tp;
        adv();
        Ast.Stmt body = statement();
        if (body == null) {
            return null;
        }
        if (!expect(TokenKind.WHILE, Messages.EXPECTED_WHILE)) {
            return null;
        }
        Ast.Expr cond = parenthesized(Messages.EXPECTED_LPAREN_AFTER_WHILE);
        if (cond == null || !expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        return new Ast.DoWhile(pos(tok), body, cond);
    }

    /** {@code ( expr )}, the first parenthesis missing reported with {@code message}. */
    private Ast.Expr parenthesized(String message) {
        if (!expect(TokenKind.LPAREN, message)) {
            return null;
        }
        Ast.Expr e = expr();
        if (e == null || !expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
            return null;
        }
        return e;
    }

    /** The operator of a compound assignment token ({@code +=} gives ADD), or null. */
    private static Ast.BinaryOp compoundOperator(TokenKind k) {
        return switch (k) {
            case PLUS_ASSIGN -> Ast.BinaryOp.ADD;
            case MINUS_ASSIGN -> Ast.BinaryOp.SUB;
            case STAR_ASSIGN -> Ast.BinaryOp.MUL;
            case SLASH_ASSIGN -> Ast.BinaryOp.DIV;
            case PERCENT_ASSIGN -> Ast.BinaryOp.MOD;
            default -> null;
        };
    }

    private Ast.Stmt expressionStatement() {
        Ast.Expr e = expr();
        if (e == null) {
            return null;
        }
        Ast.Stmt s;
        Ast.BinaryOp compound = compoundOperator(peek());
        if (at(TokenKind.ASSIGN) || compound != null) {
            int tok = tp;
            adv();
            Ast.Expr rhs = expr();
            if (rhs == null) {
                return null;
            }
            // a op= b is a = a op b: the target is a name or a swizzle of one, evaluated without effect
            s = new Ast.Assign(pos(tok), e, compound == null ? rhs : new Ast.Binary(pos(tok), compound, e, rhs));
        } else {
            s = new Ast.ExprStmt(e.pos(), e);
        }
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        return s;
    }

    // ---- expressions -------------------------------------------------------------------------

    private Ast.Expr expr() {
        if (depth == 0) {
            ops = 0;
        }
        return conditional();
    }

    /** {@code a ? b : c}, below every binary operator and grouping to the right. */
    private Ast.Expr conditional() {
        Ast.Expr cond = binary(1);
        if (cond == null || !at(TokenKind.QUESTION)) {
            return cond;
        }
        int tok = tp;
        if (!enter()) {
            return null;
        }
        try {
            adv();
            Ast.Expr then = conditional();
            if (then == null || !expect(TokenKind.COLON, Messages.EXPECTED_COLON)) {
                return null;
            }
            Ast.Expr otherwise = conditional();
            return otherwise == null ? null : new Ast.Conditional(pos(tok), cond, then, otherwise);
        } finally {
            leave();
        }
    }

    private static Ast.BinaryOp binaryOp(TokenKind k) {
        return switch (k) {
            case OR -> Ast.BinaryOp.OR;
            case AND -> Ast.BinaryOp.AND;
            case EQ -> Ast.BinaryOp.EQ;
            case NE -> Ast.BinaryOp.NE;
            case LT -> Ast.BinaryOp.LT;
            case GT -> Ast.BinaryOp.GT;
            case LE -> Ast.BinaryOp.LE;
            case GE -> Ast.BinaryOp.GE;
            case PLUS -> Ast.BinaryOp.ADD;
            case MINUS -> Ast.BinaryOp.SUB;
            case STAR -> Ast.BinaryOp.MUL;
            case SLASH -> Ast.BinaryOp.DIV;
            case PERCENT -> Ast.BinaryOp.MOD;
            default -> null;
        };
    }

    /** Precedence climbing; every level counts towards the nesting limit. */
    private Ast.Expr binary(int minPrec) {
        if (!enter()) {
            return null;
        }
        Ast.Expr left = unary();
        if (left == null) {
            leave();
            return null;
        }
        for (;;) {
            Ast.BinaryOp op = binaryOp(peek());
            if (op == null || op.precedence() < minPrec) {
                break;
            }
            int tok = tp;
            adv();
            if (!spend(tok)) {
                leave();
                return null;
            }
            Ast.Expr right = binary(op.precedence() + 1);
            if (right == null) {
                leave();
                return null;
            }
            left = new Ast.Binary(pos(tok), op, left, right);
        }
        leave();
        return left;
    }

    private Ast.Expr unary() {
        TokenKind k = peek();
        if (k == TokenKind.PLUS || k == TokenKind.MINUS || k == TokenKind.NOT || k == TokenKind.INC
                || k == TokenKind.DEC) {
            int tok = tp;
            adv();
            if (!spend(tok)) {
                return null;
            }
            Ast.Expr e = unary();
            if (e == null) {
                return null;
            }
            return switch (k) {
                case PLUS -> e;
                case MINUS -> new Ast.Unary(pos(tok), Ast.UnaryOp.NEG, e);
                case NOT -> new Ast.Unary(pos(tok), Ast.UnaryOp.NOT, e);
                default -> new Ast.Step(pos(tok), e, k == TokenKind.INC, true);
            };
        }
        return primary();
    }

    private Ast.Expr primary() {
        if (!enter()) {
            return null;
        }
        TokenKind first = peek();
        Ast.Expr e = atom();
        leave();
        // A bare literal takes no postfix, as in the original: `2.0++` fails with "expected ';'"
        // (a parenthesised one does: `(2.0).x`).
        boolean literal = first == TokenKind.INT || first == TokenKind.FLOAT || first == TokenKind.TRUE
                || first == TokenKind.FALSE;
        return e == null || literal ? e : postfix(e);
    }

    /** A literal, name, call, parenthesised expression or constructor, before any postfix. */
    private Ast.Expr atom() {
        TokenKind k = peek();
        int tok = tp;
        switch (k) {
            case INT -> {
                adv();
                return new Ast.IntLit(pos(tok), tk.intValue[tok], tk.floatValue[tok], tk.exactInt(tok));
            }
            case FLOAT -> {
                adv();
                return new Ast.FloatLit(pos(tok), tk.floatValue[tok], tk.exactFloat(tok));
            }
            case TRUE, FALSE -> {
                adv();
                return new Ast.BoolLit(pos(tok), k == TokenKind.TRUE);
            }
            case IDENT -> {
                adv();
                if (!at(TokenKind.LPAREN)) {
                    return new Ast.Ident(pos(tok), tk.text(tok));
                }
                adv();
                List<Ast.Expr> args = arguments();
                if (args == null || !expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
                    return null;
                }
                return new Ast.Call(pos(tok), tk.text(tok), args);
            }
            case LPAREN -> {
                adv();
                Ast.Expr e = expr();
                if (e == null || !expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
                    return null;
                }
                return e;
            }
            default -> {
                Type type = k.type();
                if (type == null || type instanceof VoidType) {
                    error(tp, Messages.EXPECTED_EXPRESSION);
                    return null;
                }
                adv();
                if (!expect(TokenKind.LPAREN, Messages.EXPECTED_LPAREN_AFTER_TYPE)) {
                    return null;
                }
                List<Ast.Expr> args = arguments();
                if (args == null || !expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
                    return null;
                }
                return new Ast.Construct(pos(tok), type, args);
            }
        }
    }

    /** Comma-separated arguments up to (not including) the closing parenthesis; null on error. */
    private List<Ast.Expr> arguments() {
        List<Ast.Expr> args = new ArrayList<>(4);
        if (at(TokenKind.RPAREN)) {
            return args;
        }
        for (;;) {
            Ast.Expr e = expr();
            if (e == null) {
                return null;
            }
            args.add(e);
            if (at(TokenKind.COMMA)) {
                adv();
                continue;
            }
            return args;
        }
    }

    private Ast.Expr postfix(Ast.Expr base) {
        for (;;) {
            TokenKind k = peek();
            if (k == TokenKind.DOT) {
                int dot = tp;
                adv();
                if (!spend(dot)) {
                    return null;
                }
                if (!at(TokenKind.IDENT)) {
                    error(tp, Messages.EXPECTED_SWIZZLE);
                    return null;
                }
                if (base instanceof Ast.Ident id && blockInstances.contains(id.name())) {
                    // a block's member; should a local hide the instance, the checker reads it as a swizzle
                    base = new Ast.Field(pos(dot), base, tk.text(tp));
                    adv();
                    continue;
                }
                int mask = swizzleMask(tp);
                if (mask < 0) {
                    error(tp, mask == MIXED ? Messages.MIXED_SWIZZLE_SETS : Messages.INVALID_SWIZZLE_LETTERS);
                    adv();
                    return null;
                }
                base = new Ast.Swizzle(pos(dot), base, tk.text(tp), mask, tk.length[tp]);
                adv();
            } else if (k == TokenKind.LBRACK) {
                int open = tp;
                adv();
                if (!spend(open)) {
                    return null;
                }
                Ast.Expr index = expr();
                if (index == null) {
                    return null;
                }
                if (!expect(TokenKind.RBRACK, Messages.EXPECTED_RBRACKET)) {
                    return null;
                }
                base = new Ast.Index(pos(open), base, index);
            } else if (k == TokenKind.INC || k == TokenKind.DEC) {
                if (!spend(tp)) {
                    return null;
                }
                base = new Ast.Step(pos(tp), base, k == TokenKind.INC, false);
                adv();
            } else {
                return base;
            }
        }
    }

    private static final int INVALID = -1;
    private static final int MIXED = -2;

    /** The 2-bit-per-lane mask of swizzle token {@code tok}, or INVALID / MIXED. */
    private int swizzleMask(int tok) {
        int len = tk.length[tok];
        if (len < 1 || len > 4) {
            return INVALID;
        }
        int set = 0;
        int mask = 0;
        for (int i = 0; i < len; i++) {
            int comp;
            int which;
            switch (tk.charAt(tok, i)) {
                case 'x' -> { comp = 0; which = 1; }
                case 'y' -> { comp = 1; which = 1; }
                case 'z' -> { comp = 2; which = 1; }
                case 'w' -> { comp = 3; which = 1; }
                case 'r' -> { comp = 0; which = 2; }
                case 'g' -> { comp = 1; which = 2; }
                case 'b' -> { comp = 2; which = 2; }
                case 'a' -> { comp = 3; which = 2; }
                default -> {
                    return INVALID;
                }
            }
            if (set == 0) {
                set = which;
            } else if (set != which) {
                return MIXED;
            }
            mask |= comp << (i * 2);
        }
        return mask;
    }
}
