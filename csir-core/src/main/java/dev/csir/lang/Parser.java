package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import dev.csir.types.ArrayType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
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
    /** The structs declared so far, by name: their names are type names from there on. */
    private final java.util.Map<String, StructType> structs = new java.util.HashMap<>();
    /**
     * The values of the int constants declared so far with a literal-valued initializer: what a
     * struct member's, a block member's or a parameter's array size may name, since those types
     * are resolved here.
     */
    private final java.util.Map<String, Long> intConstants = new java.util.HashMap<>();

    /** GLSL for Vulkan: its texture and sampler-state type names ({@code texture2D}, {@code sampler}) are types. */
    private final boolean vulkan;

    private Parser(Tokens tokens, DiagnosticLog log, boolean vulkan) {
        this.tk = tokens;
        this.log = log;
        this.vulkan = vulkan;
    }

    /** Lexes and parses {@code source}; all errors go to {@code log}. */
    public static Ast.Unit parse(String source, DiagnosticLog log) {
        return parse(Lexer.lex(source, log), log);
    }

    /** Preprocesses with {@code options}, lexes and parses {@code source}; all errors go to {@code log}. */
    public static Ast.Unit parse(String source, DiagnosticLog log, Preprocessor.Options options) {
        return parse(Preprocessor.run(source, log, options), log, false);
    }

    /** As {@link #parse(String, DiagnosticLog, Preprocessor.Options)}, in the language of {@code client}. */
    public static Ast.Unit parse(String source, DiagnosticLog log, Preprocessor.Options options, Client client) {
        return parse(Preprocessor.run(source, log, options), log, client == Client.VULKAN);
    }

    /**
     * Parses lexed tokens, until {@link DiagnosticLog#MAX_REPORTED} errors are known before the
     * current token (the log keeps the first ones in source order; the original stopped at 8
     * errors of any position, so lexer errors late in a source hid syntax errors before them).
     */
    public static Ast.Unit parse(Tokens tokens, DiagnosticLog log) {
        return parse(tokens, log, false);
    }

    private static Ast.Unit parse(Tokens tokens, DiagnosticLog log, boolean vulkan) {
        List<Ast.Decl> globals = new ArrayList<>();
        if (tokens.count() == 0) {
            return new Ast.Unit(globals, tokens.version());
        }
        namesBeforeTheirVersion(tokens);
        InterpolationWords.apply(tokens, log);
        SamplerWords.apply(tokens, log);
        Parser p = new Parser(tokens, log, vulkan);
        if (!p.full()) {
            p.unit(globals);
        }
        return new Ast.Unit(globals, tokens.version(), p.floatWithoutPrecision, p.samplerWithoutPrecision, p.samplerName,
                tokens.extensions());
    }

    /** Keywords of later versions are plain names in earlier ones, as GLSL reserves them only from then. */
    private static void namesBeforeTheirVersion(Tokens tokens) {
        GlslVersion v = tokens.version();
        boolean matrices = v.sizedMatrices();
        boolean samplers = v.glsl130();
        if (matrices && samplers) {
            return;
        }
        for (int t = 0; t < tokens.count; t++) {
            TokenKind k = tokens.kind[t];
            if (!matrices && k.isSizedMatrix() || !samplers && k.isType130()) {
                tokens.kind[t] = TokenKind.IDENT;
            }
        }
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

    /** The type the current token names: a type keyword or a declared struct's name; null otherwise. */
    private Type typeAt() {
        Type t = peek().type();
        if (t != null || !at(TokenKind.IDENT)) {
            return t;
        }
        String name = tk.text(tp);
        StructType st = structs.get(name);
        return st != null || !vulkan ? st : VulkanTypes.named(name);
    }

    /** Whether a struct's name starts a declaration here ({@code S s;}, {@code S[2] s;}) rather than an expression. */
    private boolean structDeclarationAhead() {
        if (!at(TokenKind.IDENT) || !structs.containsKey(tk.text(tp)) || tp + 1 >= tk.count) {
            return false;
        }
        TokenKind next = tk.kind[tp + 1];
        if (next == TokenKind.IDENT) {
            return true;
        }
        // S[2] s; against S[2](...): the bracket's partner is followed by a name
        if (next != TokenKind.LBRACK) {
            return false;
        }
        int t = tp + 1;
        int d = 0;
        while (t < tk.count && tk.kind[t] != TokenKind.EOF) {
            if (tk.kind[t] == TokenKind.LBRACK) {
                d++;
            } else if (tk.kind[t] == TokenKind.RBRACK && --d == 0 && t + 1 < tk.count && tk.kind[t + 1] != TokenKind.LBRACK) {
                return tk.kind[t + 1] == TokenKind.IDENT;
            }
            t++;
        }
        return false;
    }

    /**
     * Array sizes {@code [n]...} at the current token, outermost first, a null one for
     * {@code []}; an empty list without any, null after a reported error.
     */
    private List<Ast.Expr> dims() {
        List<Ast.Expr> out = new ArrayList<>(0);
        while (at(TokenKind.LBRACK)) {
            adv();
            if (at(TokenKind.RBRACK)) {
                out.add(null);
                adv();
                continue;
            }
            Ast.Expr size = expr();
            if (size == null || !expect(TokenKind.RBRACK, Messages.EXPECTED_RBRACKET)) {
                return null;
            }
            out.add(size);
        }
        return out;
    }

    /**
     * {@code element} with array sizes the parser resolves itself (a struct's, a block's members,
     * parameters): each an integer literal or a sum, difference, product or quotient of such and
     * of int constants declared before; null after a reported error.
     */
    private Type sized(Type element, List<Ast.Expr> dims) {
        Type t = element;
        for (int k = dims.size() - 1; k >= 0; k--) {
            Ast.Expr d = dims.get(k);
            Long n = d == null ? null : literalSize(d);
            if (n == null || n < 1 || n > Integer.MAX_VALUE) {
                error(d == null ? Math.max(tp - 1, 0) : tokenAt(d), d == null || n == null ? Messages.ARRAY_SIZE_CONSTANT
                        : Messages.ARRAY_SIZE_POSITIVE);
                return null;
            }
            t = new ArrayType(t, (int) (long) n);
        }
        return t;
    }

    /**
     * The type of a member or parameter whose name was just read: {@code element} with the sizes
     * after the name, then those after the type ({@link #sized}); null after a reported error.
     */
    private Type sizedAfterName(Type element, List<Ast.Expr> typeDims) {
        List<Ast.Expr> nameDims = dims();
        if (nameDims == null) {
            return null;
        }
        nameDims.addAll(typeDims);
        return sized(element, nameDims);
    }

    private Long literalSize(Ast.Expr e) {
        return switch (e) {
            case Ast.IntLit l -> l.exact();
            case Ast.UintLit l -> l.value();
            case Ast.Ident id -> intConstants.containsKey(id.name()) ? intConstants.get(id.name())
                    : boxed(BuiltinConstants.value(id.name(), tk.version()));
            case Ast.Binary b -> {
                Long l = literalSize(b.left());
                Long r = literalSize(b.right());
                if (l == null || r == null) {
                    yield null;
                }
                yield switch (b.op()) {
                    case ADD -> l + r;
                    case SUB -> l - r;
                    case MUL -> l * r;
                    case DIV -> r == 0 ? null : l / r;
                    default -> null;
                };
            }
            default -> null;
        };
    }

    private static Long boxed(Integer v) {
        return v == null ? null : (long) v;
    }

    /** The token an expression's position names (for an error there). */
    private int tokenAt(Ast.Expr e) {
        for (int t = Math.min(tp, tk.count - 1); t >= 0; t--) {
            if (tk.line[t] == e.pos().line() && tk.column[t] == e.pos().column()) {
                return t;
            }
        }
        return Math.max(tp - 1, 0);
    }

    /**
     * {@code struct Name { type member[dims]; ... }} at the {@code struct} keyword: the type, now
     * a type name, or null after a reported error.
     */
    private StructType structSpecifier() {
        adv();
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_NAME);
            return null;
        }
        int nameTok = tp;
        String name = tk.text(tp);
        adv();
        if (!expect(TokenKind.LBRACE, Messages.EXPECTED_LBRACE)) {
            return null;
        }
        List<StructType.Member> members = new ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        while (!at(TokenKind.RBRACE)) {
            precisionQualified = false;
            skipPrecision();
            Type type = typeAt();
            if (type == null || type instanceof VoidType) {
                error(tp, Messages.EXPECTED_TYPE);
                return null;
            }
            notePrecision(tp, type);
            adv();
            List<Ast.Expr> typeDims = dims();
            if (typeDims == null) {
                return null;
            }
            for (;;) {
                if (!at(TokenKind.IDENT)) {
                    error(tp, Messages.EXPECTED_NAME);
                    return null;
                }
                int memberTok = tp;
                adv();
                Type t = sizedAfterName(type, typeDims);
                if (t == null) {
                    return null;
                }
                if (!names.add(tk.text(memberTok))) {
                    error(memberTok, Messages.DUPLICATE_SYMBOL);
                    return null;
                }
                members.add(new StructType.Member(tk.text(memberTok), t));
                if (!at(TokenKind.COMMA)) {
                    break;
                }
                adv();
            }
            if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
                return null;
            }
        }
        adv();
        if (members.isEmpty()) {
            error(nameTok, Messages.EMPTY_STRUCT);
            return null;
        }
        if (structs.containsKey(name)) {
            error(nameTok, Messages.DUPLICATE_SYMBOL);
            return null;
        }
        StructType st = new StructType(name, members);
        structs.put(name, st);
        structPos = pos(nameTok);
        return st;
    }

    /** Where the struct {@link #structSpecifier()} just read was named. */
    private Ast.Pos structPos;

    /**
     * A declaration or function definition, at global scope or as a statement: a
     * {@link Ast.DeclStmt}, an {@link Ast.Empty} after a rejected qualifier (already reported and
     * skipped), or null on error.
     */
    private Ast.Stmt globalOrFunction() {
        if (at(TokenKind.PRECISION)) {
            return precisionStatement();
        }
        precisionQualified = false;
        Ast.Layout layout = layouts();
        if (layout == null) {
            return null;
        }
        InterpolationQualifiers iq = new InterpolationQualifiers();
        if (!iq.read()) {
            return null;
        }
        Ast.Storage storage = Ast.Storage.NONE;
        boolean trailingConst = false;
        switch (peek()) {
            case IN -> storage = Ast.Storage.IN;
            case OUT -> storage = Ast.Storage.OUT;
            case UNIFORM -> storage = Ast.Storage.UNIFORM;
            case CONST -> storage = Ast.Storage.CONST;
            case ATTRIBUTE -> storage = Ast.Storage.ATTRIBUTE;
            case VARYING -> storage = Ast.Storage.VARYING;
            default -> {
            }
        }
        if (storage != Ast.Storage.NONE) {
            adv();
            if (at(TokenKind.CONST) && storage != Ast.Storage.CONST) {
                trailingConst = true;
                adv();
            }
            if (iq.ahead()) {
                // GLSL 4.20 and ES 3.10 let the qualifiers come in any order
                if (!iq.anyOrder()) {
                    error(tp, Messages.INTERPOLATION_ORDER);
                    return null;
                }
                if (!iq.read()) {
                    return null;
                }
            }
        }
        skipPrecision();
        if (at(TokenKind.STRUCT)) {
            return structDeclaration(iq.qualifiers(layout, storage, trailingConst));
        }
        if ((storage == Ast.Storage.UNIFORM || storage == Ast.Storage.IN || storage == Ast.Storage.OUT) && !trailingConst) {
            Ast.Qualifiers q = iq.qualifiers(layout, storage, false);
            if (at(TokenKind.IDENT) && tp + 1 < tk.count && tk.kind[tp + 1] == TokenKind.LBRACE) {
                if (q.interpolated()) {
                    error(tp, Messages.INTERPOLATION_BLOCK);
                    return null;
                }
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
        Type type = typeAt();
        if (type == null) {
            error(tp, Messages.EXPECTED_TYPE);
            return null;
        }
        int typeTok = tp;
        notePrecision(typeTok, type);
        adv();
        List<Ast.Expr> typeDims = dims();
        if (typeDims == null) {
            return null;
        }
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_NAME);
            return null;
        }
        int nameTok = tp;
        adv();
        if (at(TokenKind.LPAREN)) {
            // float[4] f(): an array return type, sized by constants
            Type returned = typeDims.isEmpty() ? type : sized(type, typeDims);
            if (returned == null) {
                return null;
            }
            type = returned;
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
            Ast.Pos p = pos(nameTok);
            if (at(TokenKind.SEMI)) {
                adv(); // a prototype
                return new Ast.DeclStmt(p, new Ast.FuncDecl(p, type, tk.text(nameTok), params, null));
            }
            if (!at(TokenKind.LBRACE)) {
                error(tp, Messages.EXPECTED_FUNCTION_BODY);
                return null;
            }
            Ast.Block body = block();
            if (body == null) {
                return null;
            }
            return new Ast.DeclStmt(p, new Ast.FuncDecl(p, type, tk.text(nameTok), params, body));
        }
        Ast.Qualifiers q = layout.ids().isEmpty() && !iq.written() && storage == Ast.Storage.NONE
                ? Ast.Qualifiers.NONE
                : iq.qualifiers(layout, storage, trailingConst);
        return declarators(q, type, typeDims, typeTok, nameTok, null);
    }

    /**
     * The interpolation ({@code smooth}, {@code flat}, {@code noperspective}) and auxiliary
     * ({@code centroid}) qualifiers of one declaration, read where they may stand; at most one of
     * each, the interpolation one first unless the version allows any order.
     */
    private final class InterpolationQualifiers {
        private Ast.Interp interp = Ast.Interp.NONE;
        private boolean centroid;

        boolean ahead() {
            TokenKind k = peek();
            return k == TokenKind.SMOOTH || k == TokenKind.FLAT || k == TokenKind.NOPERSPECTIVE
                    || k == TokenKind.CENTROID || k == TokenKind.SAMPLE;
        }

        boolean anyOrder() {
            GlslVersion v = tk.version();
            return v.es() ? v.number() >= 310 : v.number() >= 420;
        }

        boolean written() {
            return interp != Ast.Interp.NONE || centroid;
        }

        /** The words here; false after reporting a second one of a kind or one out of order. */
        boolean read() {
            while (ahead()) {
                TokenKind k = peek();
                if (k == TokenKind.SAMPLE) {
                    error(tp, Messages.SAMPLE_UNSUPPORTED);
                    return false;
                }
                if (k == TokenKind.CENTROID) {
                    if (centroid) {
                        error(tp, Messages.ONE_AUXILIARY);
                        return false;
                    }
                    centroid = true;
                } else {
                    if (interp != Ast.Interp.NONE) {
                        error(tp, Messages.ONE_INTERPOLATION);
                        return false;
                    }
                    if (centroid && !anyOrder()) {
                        error(tp, Messages.INTERPOLATION_ORDER);
                        return false;
                    }
                    interp = k == TokenKind.SMOOTH ? Ast.Interp.SMOOTH
                            : k == TokenKind.FLAT ? Ast.Interp.FLAT : Ast.Interp.NOPERSPECTIVE;
                }
                adv();
            }
            return true;
        }

        Ast.Qualifiers qualifiers(Ast.Layout layout, Ast.Storage storage, boolean isConst) {
            return new Ast.Qualifiers(layout, interp, centroid, storage, isConst);
        }
    }

    /** {@code [qualifiers] struct S { ... } [declarators];} at the {@code struct} keyword. */
    private Ast.Stmt structDeclaration(Ast.Qualifiers q) {
        int typeTok = tp;
        StructType type = structSpecifier();
        if (type == null) {
            return null;
        }
        Ast.StructDecl decl = new Ast.StructDecl(structPos, type);
        if (at(TokenKind.SEMI)) {
            adv();
            return new Ast.DeclStmt(decl.pos(), decl);
        }
        List<Ast.Expr> typeDims = dims();
        if (typeDims == null) {
            return null;
        }
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_NAME);
            return null;
        }
        int nameTok = tp;
        adv();
        Ast.Qualifiers qualifiers = q.layout().ids().isEmpty() && !q.interpolated() && q.storage() == Ast.Storage.NONE
                && !q.isConst() ? Ast.Qualifiers.NONE : q;
        return declarators(qualifiers, type, typeDims, typeTok, nameTok, decl);
    }

    /**
     * The declarators of a declaration from its first name: one as a DeclStmt, several (or one
     * after the struct it declares, {@code first}, when not null) as Decls.
     */
    private Ast.Stmt declarators(Ast.Qualifiers q, Type type, List<Ast.Expr> typeDims, int typeTok, int nameTok,
            Ast.StructDecl first) {
        List<Ast.Decl> decls = new ArrayList<>(2);
        if (first != null) {
            decls.add(first);
        }
        for (;;) {
            Ast.VarDecl d = declarator(q, type, typeDims, typeTok, nameTok);
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
        // GLSL for Vulkan's type names (sampler, subpassInput, texture3D) are names, not keywords
        Type type = peek().type() != null ? peek().type() : vulkan && at(TokenKind.IDENT) ? VulkanTypes.named(tk.text(tp)) : null;
        if (type == null || peek() == TokenKind.VOID) {
            error(tp, Messages.EXPECTED_TYPE);
            return null;
        }
        precisionQualified = false;
        defaultPrecisions.peek().add(type);
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
            precisionQualified = true;
            return true;
        }
        return false;
    }

    // ---- GLSL ES's precisions: which declarations have none (the checker decides if that is an error)

    /** Whether the declaration being read had a precision qualifier before its type. */
    private boolean precisionQualified;
    /** The types given a default precision ({@code precision mediump float;}), one set per open scope. */
    private final java.util.ArrayDeque<java.util.Set<Type>> defaultPrecisions = new java.util.ArrayDeque<>(
            List.of(new java.util.HashSet<>()));
    private Ast.Pos floatWithoutPrecision;
    private Ast.Pos samplerWithoutPrecision;
    private String samplerName;

    /** A declaration's type at token {@code typeTok}: notes it when it has no precision, then forgets the qualifier. */
    private void notePrecision(int typeTok, Type type) {
        boolean qualified = precisionQualified;
        precisionQualified = false;
        Type base = type;
        while (base instanceof dev.csir.types.ArrayType a) {
            base = a.element();
        }
        if (qualified || base == null) {
            return;
        }
        if (base.scalarKind() == dev.csir.types.ScalarKind.FLOAT && !(base instanceof dev.csir.types.SamplerType)
                && floatWithoutPrecision == null && !hasDefault(dev.csir.types.ScalarType.FLOAT)) {
            floatWithoutPrecision = pos(typeTok);
        }
        if (base.isOpaque() && samplerWithoutPrecision == null && !hasDefault(base) && !lowpByDefault(base)) {
            samplerWithoutPrecision = pos(typeTok);
            samplerName = base.name();
        }
    }

    /** sampler2D and samplerCube, and GLSL for Vulkan's texture2D and textureCube, are lowp by default in both stages; the other opaque types have no default. */
    private static boolean lowpByDefault(Type t) {
        if (t instanceof dev.csir.types.SamplerType s) {
            return s.sampled() == dev.csir.types.ScalarKind.FLOAT && !s.shadow() && !s.arrayed() && !s.multisampled()
                    && (s.dim() == dev.csir.types.Dim.D2 || s.dim() == dev.csir.types.Dim.CUBE);
        }
        return t instanceof dev.csir.types.TextureType x && x.sampled() == dev.csir.types.ScalarKind.FLOAT && !x.arrayed()
                && (x.dim() == dev.csir.types.Dim.D2 || x.dim() == dev.csir.types.Dim.CUBE);
    }

    private boolean hasDefault(Type t) {
        for (java.util.Set<Type> scope : defaultPrecisions) {
            if (scope.contains(t)) {
                return true;
            }
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
        List<Ast.Expr> dims = List.of();
        if (at(TokenKind.IDENT)) {
            instance = tk.text(tp);
            instancePos = pos(tp);
            blockInstances.add(instance);
            adv();
            dims = dims();
            if (dims == null) {
                return null;
            }
        }
        if (!expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        Ast.Pos p = pos(nameTok);
        return new Ast.DeclStmt(p, new Ast.BlockDecl(p, q, tk.text(nameTok), members, instance, instancePos, dims));
    }

    /** Whether the member just named at {@code memberTok} is {@code gl_ClipDistance[]}, the one unsized member GLSL redeclares. */
    private boolean unsizedClipDistance(int memberTok, List<Ast.Expr> typeDims) {
        return tk.text(memberTok).equals("gl_ClipDistance") && typeDims.isEmpty() && at(TokenKind.LBRACK)
                && tp + 1 < tk.count && tk.kind[tp + 1] == TokenKind.RBRACK;
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
            InterpolationQualifiers iq = new InterpolationQualifiers();
            if (!iq.read()) {
                return false;
            }
            precisionQualified = false;
            skipPrecision();
            Type type = typeAt();
            notePrecision(tp, type);
            if (type == null) {
                error(tp, Messages.EXPECTED_TYPE);
                return false;
            }
            int typeTok = tp;
            adv();
            List<Ast.Expr> typeDims = dims();
            if (typeDims == null) {
                return false;
            }
            Ast.Qualifiers mq = layout.ids().isEmpty() && !iq.written() ? Ast.Qualifiers.NONE
                    : iq.qualifiers(layout, Ast.Storage.NONE, false);
            for (;;) {
                if (!at(TokenKind.IDENT)) {
                    error(tp, Messages.EXPECTED_NAME);
                    return false;
                }
                int memberTok = tp;
                adv();
                if (unsizedClipDistance(memberTok, typeDims)) {
                    // gl_PerVertex's gl_ClipDistance[], sized later by its use (the checker)
                    adv();
                    adv();
                    List<Ast.Expr> unsized = new ArrayList<>();
                    unsized.add(null);
                    members.add(new Ast.VarDecl(pos(memberTok), mq, type, pos(typeTok), tk.text(memberTok), null,
                            unsized));
                } else {
                    Type t = sizedAfterName(type, typeDims);
                    if (t == null) {
                        return false;
                    }
                    members.add(new Ast.VarDecl(pos(memberTok), mq, t, pos(typeTok), tk.text(memberTok), null));
                }
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

    /** One declarator from its name: the name, its array sizes and an initializer, if any. */
    private Ast.VarDecl declarator(Ast.Qualifiers q, Type type, List<Ast.Expr> typeDims, int typeTok, int nameTok) {
        List<Ast.Expr> dims = dims();
        if (dims == null) {
            return null;
        }
        dims.addAll(typeDims);
        Ast.Expr init = null;
        if (at(TokenKind.ASSIGN)) {
            adv();
            init = single();
            if (init == null) {
                return null;
            }
        }
        String name = tk.text(nameTok);
        boolean constant = q.storage() == Ast.Storage.CONST || q.isConst();
        Long value = constant && dims.isEmpty() && type == ScalarType.INT && init != null ? literalSize(init) : null;
        if (value != null) {
            intConstants.put(name, value);
        } else {
            intConstants.remove(name);
        }
        return new Ast.VarDecl(pos(nameTok), q, type, pos(typeTok), name, init, dims);
    }

    private Ast.Param param() {
        // const, one of in, out and inout, and a precision, each at most once, in any order; a
        // repeated one is where a type was expected
        boolean isConst = false;
        Ast.Direction direction = null;
        boolean precision = false;
        precisionQualified = false;
        for (;;) {
            if (at(TokenKind.CONST) && !isConst) {
                isConst = true;
                adv();
            } else if ((at(TokenKind.IN) || at(TokenKind.OUT) || at(TokenKind.INOUT)) && direction == null) {
                direction = at(TokenKind.IN) ? Ast.Direction.IN : at(TokenKind.OUT) ? Ast.Direction.OUT : Ast.Direction.INOUT;
                adv();
            } else if (precision || !skipPrecision()) {
                break;
            } else {
                precision = true;
            }
        }
        Type type = typeAt();
        if (type == null) {
            error(tp, Messages.EXPECTED_PARAMETER_TYPE);
            return null;
        }
        notePrecision(tp, type);
        adv();
        List<Ast.Expr> typeDims = dims();
        if (typeDims == null) {
            return null;
        }
        if (!at(TokenKind.IDENT)) {
            error(tp, Messages.EXPECTED_PARAMETER_NAME);
            return null;
        }
        int nameTok = tp;
        adv();
        Type t = sizedAfterName(type, typeDims);
        if (t != null && isConst && direction != null && direction != Ast.Direction.IN) {
            error(nameTok, Messages.CONST_OUT_PARAMETER);
            return null;
        }
        return t == null ? null : new Ast.Param(pos(nameTok), t, tk.text(nameTok),
                direction == null ? Ast.Direction.IN : direction);
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
        defaultPrecisions.push(new java.util.HashSet<>());
        try {
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
        } finally {
            defaultPrecisions.pop();
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
            case SWITCH -> {
                return switchStatement();
            }
            case CASE, DEFAULT -> {
                // a label wherever a statement may be: the checker says where it is valid, as glslang does
                int tok = tp;
                adv();
                Ast.Expr value = null;
                if (k == TokenKind.CASE && (value = expr()) == null) {
                    return null;
                }
                return expect(TokenKind.COLON, Messages.EXPECTED_COLON) ? new Ast.Case(pos(tok), value) : null;
            }
            case LAYOUT, IN, OUT, UNIFORM, CONST, SMOOTH, FLAT, NOPERSPECTIVE, CENTROID, SAMPLE, PRECISION, HIGHP, MEDIUMP, LOWP, STRUCT, ATTRIBUTE, VARYING -> {
                return globalOrFunction();
            }
            default -> {
                if (k.isType() || structDeclarationAhead()) {
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
        Type type = peek().type() != null || structDeclarationAhead() ? typeAt() : null;
        if (type != null) {
            int typeTok = tp;
            precisionQualified = false;
            notePrecision(typeTok, type);
            adv();
            List<Ast.Expr> typeDims = dims();
            if (typeDims == null) {
                return null;
            }
            if (!at(TokenKind.IDENT)) {
                error(tp, Messages.EXPECTED_LOOP_VARIABLE);
                return null;
            }
            int nameTok = tp;
            adv();
            init = declarators(Ast.Qualifiers.NONE, type, typeDims, typeTok, nameTok, null);
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

    /** {@code switch (selector) { statements and labels }}. */
    private Ast.Stmt switchStatement() {
        int tok = tp;
        adv();
        Ast.Expr selector = parenthesized(Messages.EXPECTED_LPAREN_AFTER_SWITCH);
        if (selector == null) {
            return null;
        }
        Ast.Block body = block();
        return body == null ? null : new Ast.Switch(pos(tok), selector, body.stmts());
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
            case SHL_ASSIGN -> Ast.BinaryOp.SHL;
            case SHR_ASSIGN -> Ast.BinaryOp.SHR;
            case AMP_ASSIGN -> Ast.BinaryOp.BIT_AND;
            case BAR_ASSIGN -> Ast.BinaryOp.BIT_OR;
            case CARET_ASSIGN -> Ast.BinaryOp.BIT_XOR;
            default -> null;
        };
    }

    private Ast.Stmt expressionStatement() {
        Ast.Expr e = expr();
        if (e == null || !expect(TokenKind.SEMI, Messages.EXPECTED_SEMICOLON)) {
            return null;
        }
        return new Ast.ExprStmt(e.pos(), e);
    }

    // ---- expressions -------------------------------------------------------------------------

    /** An expression, commas included (GLSL's {@code expression}). */
    private Ast.Expr expr() {
        if (depth == 0) {
            ops = 0;
        }
        return comma();
    }

    /** An expression without a comma at its top (an argument, an initializer: GLSL's {@code assignment_expression}). */
    private Ast.Expr single() {
        if (depth == 0) {
            ops = 0;
        }
        return assignment();
    }

    /** {@code a, b, c}: the lowest precedence, grouping to the left. */
    private Ast.Expr comma() {
        Ast.Expr left = assignment();
        while (left != null && at(TokenKind.COMMA)) {
            int tok = tp;
            adv();
            if (!spend(tok)) {
                return null;
            }
            Ast.Expr right = assignment();
            left = right == null ? null : new Ast.Comma(pos(tok), left, right);
        }
        return left;
    }

    /**
     * {@code target = value} and {@code target op= value}, grouping to the right; the checker
     * decides whether the target is an l-value. {@code a op= b} is {@code a = a op b}: the target
     * is evaluated twice, as a value and as the place written.
     */
    private Ast.Expr assignment() {
        Ast.Expr target = conditional();
        Ast.BinaryOp compound = compoundOperator(peek());
        if (target == null || !at(TokenKind.ASSIGN) && compound == null) {
            return target;
        }
        // no nesting level of its own, as a statement's assignment had none: spend() bounds a chain
        int tok = tp;
        adv();
        if (!spend(tok)) {
            return null;
        }
        Ast.Expr rhs = assignment();
        return rhs == null ? null
                : new Ast.Assign(pos(tok), target, compound == null ? rhs : new Ast.Binary(pos(tok), compound, target, rhs));
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
            Ast.Expr then = comma();
            if (then == null || !expect(TokenKind.COLON, Messages.EXPECTED_COLON)) {
                return null;
            }
            Ast.Expr otherwise = assignment();
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
            case XOR -> Ast.BinaryOp.XOR;
            case BAR -> Ast.BinaryOp.BIT_OR;
            case CARET -> Ast.BinaryOp.BIT_XOR;
            case AMP -> Ast.BinaryOp.BIT_AND;
            case SHL -> Ast.BinaryOp.SHL;
            case SHR -> Ast.BinaryOp.SHR;
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
        if (k == TokenKind.PLUS || k == TokenKind.MINUS || k == TokenKind.NOT || k == TokenKind.TILDE
                || k == TokenKind.INC || k == TokenKind.DEC) {
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
                case TILDE -> new Ast.Unary(pos(tok), Ast.UnaryOp.BIT_NOT, e);
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
                if (peek() == TokenKind.IDENT && tk.line[tp] == tk.line[tok]
                        && tk.column[tp] == tk.column[tok] + tk.length(tok)
                        && (tk.text(tp).equals("u") || tk.text(tp).equals("U"))) {
                    // 3u lexes as 3 and an adjacent u, which #if reads as one literal too
                    if (!tk.version().glsl130()) {
                        error(tok, Messages.UINT_LITERAL);
                    }
                    adv();
                    return new Ast.UintLit(pos(tok), tk.exactInt(tok) & 0xFFFF_FFFFL);
                }
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
                if (structs.containsKey(tk.text(tp))) {
                    return constructor(structs.get(tk.text(tp)));
                }
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
                return constructor(type);
            }
        }
    }

    /** {@code type(args)} or {@code type[n](args)} at the type's token. */
    private Ast.Expr constructor(Type type) {
        int tok = tp;
        adv();
        List<Ast.Expr> dims = dims();
        if (dims == null || !expect(TokenKind.LPAREN, Messages.EXPECTED_LPAREN_AFTER_TYPE)) {
            return null;
        }
        List<Ast.Expr> args = arguments();
        if (args == null || !expect(TokenKind.RPAREN, Messages.EXPECTED_RPAREN)) {
            return null;
        }
        return new Ast.Construct(pos(tok), type, args, dims);
    }

    /** Comma-separated arguments up to (not including) the closing parenthesis; null on error. */
    private List<Ast.Expr> arguments() {
        List<Ast.Expr> args = new ArrayList<>(4);
        if (at(TokenKind.RPAREN)) {
            return args;
        }
        for (;;) {
            Ast.Expr e = single();
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
                if (isWord(tp, "length") && tp + 2 < tk.count && tk.kind[tp + 1] == TokenKind.LPAREN
                        && tk.kind[tp + 2] == TokenKind.RPAREN) {
                    base = new Ast.Length(pos(tp), base);
                    adv();
                    adv();
                    adv();
                    continue;
                }
                int mask = Swizzles.mask(tk.text(tp));
                if (mask < 0 || base instanceof Ast.Ident id && blockInstances.contains(id.name())) {
                    // a block's or a struct's member, or letters that are no swizzle: the checker
                    // knows the base's type (and reads a member of an instance that a local hides as a swizzle)
                    base = new Ast.Field(pos(dot), base, tk.text(tp), pos(tp));
                    adv();
                    continue;
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
}
