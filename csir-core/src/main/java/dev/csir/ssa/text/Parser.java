package dev.csir.ssa.text;

import dev.csir.ssa.BlockLayout;
import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Interpolation;
import dev.csir.ssa.Module;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.text.Token.Kind;
import dev.csir.types.AddressSpace;
import dev.csir.types.ArrayType;
import dev.csir.types.ImageType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the text form {@link Printer} writes (its class comment has the grammar) back into a
 * {@link Module}. It judges syntax only: a block without terminator or an operand of the wrong
 * type parses, the verifier judges those. Module-level names ({@code @global}, {@code @function},
 * {@code spec(...)}) may be used before their line; they are resolved when the whole text is read.
 * Bad text never throws: each bad line yields a located error and parsing goes on at the next
 * line, so one run reports every error.
 */
public final class Parser {
    final Lexer lx;
    final Module module = new Module();
    private final List<ParseError> errors = new ArrayList<>();
    private final Map<String, StructType> structs = new HashMap<>();
    final Map<String, GlobalVariable> globals = new HashMap<>();
    final Map<String, Function> functions = new HashMap<>();
    final Map<String, SpecConstant> specs = new HashMap<>();
    /** Resolutions of names that may be defined after their use, run at the end in text order. */
    private final List<Runnable> later = new ArrayList<>();
    private static final int MAX_DEPTH = 64;
    private int depth;

    /** A syntax error on the current line; caught per line, never leaves the parser. */
    static final class Bad extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Token at;

        Bad(Token at, String message) {
            super(message, null, false, false);
            this.at = at;
        }
    }

    private Parser(String text) {
        this.lx = new Lexer(text);
    }

    /** Parses a whole module. */
    public static ParseResult parse(String text) {
        Parser p = new Parser(text == null ? "" : text);
        try {
            p.module();
            p.later.forEach(Runnable::run);
        } catch (RuntimeException e) {
            // a bug of the parser, not of the text; still reported rather than thrown
            p.errors.add(new ParseError(1, 1, "internal parser error: " + e));
        }
        if (!p.errors.isEmpty()) {
            List<ParseError> sorted = new ArrayList<>(p.errors);
            sorted.sort(Comparator.comparingInt(ParseError::line).thenComparingInt(ParseError::column));
            return new ParseResult.Failed(sorted);
        }
        return new ParseResult.Parsed(p.module);
    }

    private void module() {
        while (true) {
            Token t = lx.peek();
            switch (t.kind()) {
                case EOF -> {
                    return;
                }
                case NEWLINE -> lx.next();
                case SEMI -> lx.skipLine();
                default -> {
                    if (t.isIdent("func")) {
                        new BodyParser(this).function();
                        continue;
                    }
                    try {
                        switch (t.kind() == Kind.IDENT ? t.text() : "") {
                            case "struct" -> struct();
                            case "spec" -> spec();
                            case "global" -> global();
                            case "entry" -> entry();
                            default -> throw bad(t, "struct, spec, global, entry or func");
                        }
                        endOfLine();
                    } catch (Bad b) {
                        error(b);
                        lx.skipLine();
                    }
                }
            }
        }
    }

    private void struct() {
        advance();
        Token at = lx.peek();
        String name = name();
        if (structs.containsKey(name)) {
            throw new Bad(at, "struct " + Names.name(name) + " defined twice");
        }
        expect("{");
        List<StructType.Member> members = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        do {
            Token m = lx.peek();
            String member = name();
            if (!seen.add(member)) {
                throw new Bad(m, "member " + Names.name(member) + " defined twice");
            }
            expect(":");
            Type type = type();
            if (type instanceof VoidType) {
                throw new Bad(m, "a struct member cannot be void");
            }
            int offset = -1;
            if (lx.peek().isIdent("offset")) {
                lx.next();
                offset = integer();
            }
            members.add(new StructType.Member(member, type, offset));
        } while (accept(","));
        expect("}");
        structs.put(name, new StructType(name, members));
    }

    private void spec() {
        advance();
        Token at = lx.peek();
        int id = integer();
        String name = hint();
        expect("=");
        Token c = lx.peek();
        if (!(constant() instanceof Constant.Scalar value)) {
            throw new Bad(c, "bad constant: a spec constant's default is a scalar");
        }
        String key = specKey(id, name);
        if (specs.containsKey(key)) {
            throw new Bad(at, "spec constant " + key + " defined twice");
        }
        SpecConstant s = new SpecConstant(id, name, value);
        specs.put(key, s);
        module.specConstants().add(s);
    }

    static String specKey(int id, String name) {
        return id + " " + Names.hint(name);
    }

    private void global() {
        advance();
        Token at = lx.peek();
        String name = globalName();
        if (globals.containsKey(name)) {
            throw new Bad(at, "global @" + name + " defined twice");
        }
        expect(":");
        Token tt = lx.peek();
        if (!(type() instanceof PointerType ptr)) {
            throw new Bad(tt, "a global's type is a pointer, ptr<space, type>");
        }
        if (name.isEmpty()) {
            throw new Bad(at, "a global needs a name");
        }
        GlobalVariable g = new GlobalVariable(name, ptr.space(), ptr.pointee());
        Set<String> seen = new HashSet<>();
        while (lx.peek().kind() == Kind.IDENT) {
            Token a = advance();
            String key = Interpolation.ofWord(a.text()) != null ? "interpolation" : a.text();
            if (!seen.add(key)) {
                throw new Bad(a, "duplicate attribute " + key);
            }
            switch (a.text()) {
                case "location" -> g.setLocation(attrInt());
                case "set" -> g.setBinding(attrInt(), g.binding());
                case "binding" -> g.setBinding(g.set(), attrInt());
                case "input_attachment" -> g.setInputAttachment(attrInt());
                case "builtin" -> g.setBuiltIn(attrWord(BuiltIn::ofWord, "built-in"));
                case "layout" -> g.setLayout(attrWord(BlockLayout::ofWord, "layout"));
                case "centroid" -> g.setCentroid(true);
                case "pair" -> {
                    // a sampler constructor's sampler: its texture and sampler state, globals defined before it
                    expect("=");
                    Token texture = lx.peek();
                    GlobalVariable t = globals.get(globalName());
                    expect(",");
                    Token state = lx.peek();
                    GlobalVariable st = globals.get(globalName());
                    if (t == null || st == null) {
                        throw new Bad(t == null ? texture : state, "unknown global @" + (t == null ? texture : state).text());
                    }
                    g.setPair(t, st);
                }
                default -> {
                    Interpolation i = Interpolation.ofWord(a.text());
                    if (i == null) {
                        throw new Bad(a, "unknown global attribute '" + a.text() + "'");
                    }
                    g.setInterpolation(i);
                }
            }
        }
        if (accept("=")) {
            g.setInitializer(constant());
        }
        globals.put(name, g);
        module.addGlobal(g);
    }

    private int attrInt() {
        expect("=");
        return integer();
    }

    private <T> T attrWord(java.util.function.Function<String, T> ofWord, String what) {
        expect("=");
        Token w = lx.peek();
        T value = w.kind() == Kind.IDENT ? ofWord.apply(w.text()) : null;
        if (value == null) {
            throw bad(w, "a " + what + " name");
        }
        advance();
        return value;
    }

    private void entry() {
        advance();
        Token st = lx.peek();
        ShaderStage stage = st.kind() == Kind.IDENT ? ShaderStage.ofWord(st.text()) : null;
        if (stage == null) {
            throw bad(st, "a shader stage");
        }
        advance();
        Token fn = lx.peek();
        String fname = globalName();
        expect("(");
        List<Token> vars = new ArrayList<>();
        if (!lx.peek().isPunct(")")) {
            do {
                vars.add(lx.peek());
                globalName();
            } while (accept(","));
        }
        expect(")");
        List<Integer> size = new ArrayList<>();
        if (lx.peek().isIdent("local_size")) {
            advance();
            expect("=");
            do {
                size.add(integer());
            } while (accept(","));
        }
        boolean early = lx.peek().isIdent("early_fragment_tests");
        if (early) {
            advance();
        }
        // the function usually follows the entry line: resolve when everything is read
        later.add(() -> {
            Function f = functions.get(fname);
            List<GlobalVariable> gs = new ArrayList<>();
            boolean ok = f != null;
            if (f == null) {
                error(fn, "unknown function @" + fname);
            }
            for (Token v : vars) {
                GlobalVariable g = globals.get(v.text());
                if (g == null) {
                    error(v, "unknown global @" + v.text());
                    ok = false;
                }
                gs.add(g);
            }
            if (ok) {
                module.entryPoints().add(new EntryPoint(stage, f, gs, size, early));
            }
        });
    }

    // ---- shared pieces: types, constants, names, tokens ------------------------------------------

    Type type() {
        enter();
        try {
            return typeInner();
        } finally {
            depth--;
        }
    }

    /** Types and constants nest; a limit keeps garbage like a million '{' from overflowing the stack. */
    private void enter() {
        if (++depth > MAX_DEPTH) {
            depth--;
            throw new Bad(lx.peek(), "nested too deeply");
        }
    }

    private Type typeInner() {
        Token t = lx.peek();
        Type base;
        if (t.isIdent("ptr") && lx.peek(1).isPunct("<")) {
            advance();
            advance();
            Token sp = lx.peek();
            AddressSpace space = sp.kind() == Kind.IDENT ? AddressSpace.ofWord(sp.text()) : null;
            if (space == null) {
                throw bad(sp, "an address space");
            }
            advance();
            expect(",");
            Token pt = lx.peek();
            Type pointee = type();
            expect(">");
            if (pointee instanceof PointerType || pointee instanceof VoidType) {
                throw new Bad(pt, "unknown type: no pointer to " + pointee.name());
            }
            base = new PointerType(space, pointee);
        } else if (t.kind() == Kind.IDENT && TypeText.NAMED.containsKey(t.text())) {
            advance();
            base = TypeText.NAMED.get(t.text());
            if (base instanceof ImageType i && lx.peek().isPunct("<")) {
                advance();
                base = new ImageType(i.dim(), i.arrayed(), i.sampled(), name());
                expect(">");
            }
        } else if (t.kind() == Kind.IDENT || t.kind() == Kind.STRING) {
            base = structs.get(t.text());
            if (base == null) {
                throw new Bad(t, "unknown type " + (t.kind() == Kind.IDENT ? "'" + t.text() + "'" : t.describe()));
            }
            advance();
        } else {
            throw bad(t, "a type");
        }
        List<Integer> dims = new ArrayList<>();
        List<Token> at = new ArrayList<>();
        // an array type's [ is written against its element type (float[4]), an instruction's
        // immediates after a space (extract {...}:vec3 [1]): that keeps a constant's type unambiguous
        while (lx.peek().isPunct("[") && !lx.spacedBefore(0)) {
            at.add(advance());
            dims.add(lx.peek().isPunct("]") ? ArrayType.RUNTIME : integer());
            expect("]");
        }
        for (int k = dims.size() - 1; k >= 0; k--) {
            if (base instanceof VoidType || base instanceof PointerType || dims.get(k) < 1 && dims.get(k) != -1) {
                throw new Bad(at.get(k), "unknown type: no array of " + dims.get(k) + " " + base.name());
            }
            base = new ArrayType(base, dims.get(k));
        }
        return base;
    }

    /** A constant: a typed number, true/false, undef or a braced composite. */
    Constant constant() {
        enter();
        try {
            return constantInner();
        } finally {
            depth--;
        }
    }

    private Constant constantInner() {
        Token t = lx.peek();
        if (t.kind() == Kind.NUMBER) {
            advance();
            expect(":");
            Token tt = lx.peek();
            if (!(type() instanceof ScalarType s)) {
                throw new Bad(tt, "bad constant: a number needs a scalar type");
            }
            return Literals.scalar(t, s);
        }
        if (t.isIdent("true") || t.isIdent("false")) {
            advance();
            expect(":");
            Token tt = lx.peek();
            if (!type().equals(ScalarType.BOOL)) {
                throw new Bad(tt, "bad constant: " + t.text() + " is a bool");
            }
            return new Constant.Scalar(ScalarType.BOOL, t.isIdent("true") ? 1 : 0);
        }
        if (t.isIdent("undef")) {
            advance();
            expect(":");
            Token tt = lx.peek();
            Type type = type();
            if (type instanceof VoidType) {
                throw new Bad(tt, "bad constant: undef needs a type");
            }
            return new Constant.Undef(type);
        }
        if (t.isPunct("{")) {
            advance();
            List<Constant> elements = new ArrayList<>();
            if (!lx.peek().isPunct("}")) {
                do {
                    elements.add(constant());
                } while (accept(","));
            }
            expect("}");
            expect(":");
            Type type = type();
            try {
                return new Constant.Composite(type, elements);
            } catch (IllegalArgumentException e) {
                throw new Bad(t, "bad constant: " + e.getMessage());
            }
        }
        throw bad(t, "a constant");
    }

    /** A decimal or 0x int (immediates, locations, ids). */
    int integer() {
        Token t = lx.peek();
        if (t.kind() != Kind.NUMBER) {
            throw bad(t, "an integer");
        }
        Integer v = Literals.integer(t.text());
        if (v == null) {
            throw new Bad(t, "bad integer '" + t.text() + "'");
        }
        advance();
        return v;
    }

    /** An identifier or a quoted string. */
    String name() {
        Token t = lx.peek();
        if (t.kind() != Kind.IDENT && t.kind() != Kind.STRING) {
            throw bad(t, "a name");
        }
        advance();
        return t.text();
    }

    /** A name, or {@code -} for none. */
    String hint() {
        if (accept("-")) {
            return null;
        }
        return name();
    }

    String globalName() {
        Token t = lx.peek();
        if (t.kind() != Kind.GLOBAL) {
            throw bad(t, "an @name");
        }
        advance();
        return t.text();
    }

    /** Consumes the next token; an end of line or input or a lexer error is an error instead. */
    Token advance() {
        Token t = lx.peek();
        if (t.kind() == Kind.NEWLINE || t.kind() == Kind.EOF || t.kind() == Kind.ERROR) {
            throw bad(t, "more");
        }
        return lx.next();
    }

    boolean accept(String punct) {
        if (lx.peek().isPunct(punct)) {
            lx.next();
            return true;
        }
        return false;
    }

    void expect(String punct) {
        if (!accept(punct)) {
            throw bad(lx.peek(), "'" + punct + "'");
        }
    }

    /** Ends a line: an optional free comment, then a newline (or the end of the input). */
    void endOfLine() {
        if (lx.peek().kind() == Kind.SEMI) {
            lx.skipLine();
        }
        Token t = lx.peek();
        if (t.kind() == Kind.NEWLINE) {
            lx.next();
        } else if (t.kind() != Kind.EOF) {
            throw bad(t, "end of line");
        }
    }

    static Bad bad(Token found, String expected) {
        if (found.kind() == Kind.ERROR) {
            return new Bad(found, found.text());
        }
        return new Bad(found, "expected " + expected + ", found " + found.describe());
    }

    void error(Bad b) {
        error(b.at, b.getMessage());
    }

    void error(Token at, String message) {
        errors.add(new ParseError(at.line(), at.col(), message));
    }

    /** Runs {@code r} once the whole text is read (to resolve names defined later). */
    void later(Runnable r) {
        later.add(r);
    }
}
