package dev.csir.lang;

import dev.csir.diag.DiagnosticLog;
import dev.csir.diag.Messages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The GLSL preprocessor (GLSL 4.60 and ES 3.20 section 3.3, glslang's behaviour where they leave
 * room): directives, conditional groups, macro expansion and {@code #include}, between the
 * lexer's raw tokens and the parser. Every token keeps a place in the original source: an
 * expansion is shown at the macro's use (and an error there gets a note at the definition), an
 * included file's tokens at the {@code #include}.
 *
 * <p>A source whose only directive is a leading {@code #version}, with no predefined macro, no
 * line continuation and no {@code -D}, is lexed once by {@link Lexer#plain} and never reaches
 * this class; the rest is lexed again in raw mode and expanded here.
 *
 * <p>This class reads the directives and keeps the macro table, the version and the
 * conditional stack (its directive handlers share them, which is why it is longer than 600
 * lines); {@link MacroExpander} holds the token streams and expands macros, {@link PpExpression}
 * evaluates {@code #if}, {@link IncludeFiles} finds and reads included files.
 */
public final class Preprocessor {
    /** Tokens that macro expansion may make in one compile before it stops with an error. */
    public static final int MAX_EXPANSION_TOKENS = 1 << 19;
    /** Macro calls nested inside macro arguments before expansion stops with an error. */
    public static final int MAX_EXPANSION_DEPTH = 64;
    /** {@code #include} nesting. */
    public static final int MAX_INCLUDE_DEPTH = 32;
    /** Bytes of one included file, and of all included files together ({@code 16} times). */
    public static final int MAX_INCLUDE_BYTES = 1 << 20;

    /** Extensions csir knows: {@code #extension} with them is never a warning, and each has its macro. */
    static final Set<String> KNOWN_EXTENSIONS = Set.of("GL_GOOGLE_include_directive",
            "GL_GOOGLE_cpp_style_line_directive", "GL_ARB_separate_shader_objects", "GL_ARB_explicit_attrib_location",
            "GL_ARB_explicit_uniform_location", "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod",
            "GL_KHR_vulkan_glsl", "GL_ARB_shading_language_420pack", "GL_ARB_gpu_shader5",
            "GL_ARB_shader_texture_lod", "GL_ARB_texture_rectangle", "GL_ARB_enhanced_layouts",
            "GL_ARB_uniform_buffer_object", "GL_EXT_frag_depth", "GL_OES_EGL_image_external",
            "GL_ARB_shading_language_packing", "GL_EXT_shader_integer_mix", "GL_ARB_derivative_control",
            "GL_ARB_texture_gather", "GL_EXT_gpu_shader5", "GL_OES_gpu_shader5", "GL_ARB_texture_cube_map_array",
            "GL_EXT_texture_cube_map_array", "GL_OES_texture_cube_map_array", "GL_ARB_texture_multisample",
            "GL_OES_texture_storage_multisample_2d_array", "GL_EXT_multiview", "GL_EXT_fragment_shading_rate");
    /** Of {@link #KNOWN_EXTENSIONS}, those of the ES profile only. */
    private static final Set<String> ES_EXTENSIONS = Set.of("GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod",
            "GL_EXT_frag_depth", "GL_OES_EGL_image_external", "GL_EXT_gpu_shader5", "GL_OES_gpu_shader5",
            "GL_EXT_texture_cube_map_array", "GL_OES_texture_cube_map_array", "GL_OES_texture_storage_multisample_2d_array");
    /** Where GL_EXT_multiview exists, as glslang has it: GLSL 1.40 and ES 3.10 on. */
    public static boolean multiview(GlslVersion v) {
        return v.number() >= (v.es() ? 310 : 140);
    }

    /** Whether glslang defines the macro of this one of {@link #KNOWN_EXTENSIONS} for desktop GLSL only: the ARB's are. */
    private static boolean desktopOnly(String extension) {
        return extension.startsWith("GL_ARB_");
    }

    /** What a compile gives the preprocessor: {@code -D} macros in order, {@code -I} directories, the source's directory. */
    public record Options(List<Define> defines, List<Path> includeDirs, Path sourceDir) {
        public static final Options NONE = new Options(List.of(), List.of(), null);

        public Options {
            defines = List.copyOf(defines);
            includeDirs = List.copyOf(includeDirs);
        }

        boolean isEmpty() {
            return defines.isEmpty() && includeDirs.isEmpty() && sourceDir == null;
        }
    }

    /** A predefined macro: {@code NAME} is defined as {@code value} ({@code -D NAME=value}; {@code -D NAME} is 1). */
    public record Define(String name, String value) {
        public Define {
            if (name == null || value == null) {
                throw new IllegalArgumentException("name and value");
            }
        }
    }

    /** One open conditional group. */
    private static final class Cond {
        final PpToken at;
        final String directive;
        final boolean parentActive;
        boolean active;
        boolean taken;
        boolean seenElse;

        Cond(PpToken at, String directive, boolean parentActive, boolean active) {
            this.at = at;
            this.directive = directive;
            this.parentActive = parentActive;
            this.active = active;
            this.taken = active;
        }
    }

    private final DiagnosticLog log;
    private final Options options;
    private byte[] pool;
    private int poolSize;
    final Map<String, Macro> macros = new HashMap<>();
    private final ArrayList<Cond> conds = new ArrayList<>();
    private final ArrayList<PpToken> out = new ArrayList<>();
    private GlslVersion version = GlslVersion.DEFAULT;
    private boolean versionFixed;
    private boolean includeEnabled;
    /** The known extensions {@code #extension} has enabled and not disabled since, in order. */
    private final java.util.LinkedHashSet<String> extensions = new java.util.LinkedHashSet<>();
    private int includedBytes;
    private PpFile mainFile;
    private final MacroExpander ex = new MacroExpander(this);

    private Preprocessor(DiagnosticLog log, Options options) {
        this.log = log;
        this.options = options;
    }

    /**
     * The tokens of {@code source} for the parser, preprocessed; errors and warnings go to
     * {@code log}. A leading byte-order mark is skipped.
     */
    public static Tokens run(String source, DiagnosticLog log, Options options) {
        String text = source.startsWith(Lexer.BOM) ? source.substring(Lexer.BOM.length()) : source;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (options.isEmpty() || bytes.length == 0) {
            Tokens plain = Lexer.plain(bytes, log);
            if (plain != null) {
                return plain;
            }
        }
        return new Preprocessor(log, options).process(bytes);
    }

    // ---- the pool of token texts ----------------------------------------------------------

    /** Appends bytes to the pool; returns their offset. */
    int append(byte[] b) {
        if (poolSize + b.length > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + b.length + 64));
        }
        System.arraycopy(b, 0, pool, poolSize, b.length);
        int at = poolSize;
        poolSize += b.length;
        return at;
    }

    int poolSize() {
        return poolSize;
    }

    GlslVersion version() {
        return version;
    }

    PpFile mainFile() {
        return mainFile;
    }

    DiagnosticLog log() {
        return log;
    }

    String text(PpToken t) {
        return new String(pool, t.off, t.len, StandardCharsets.UTF_8);
    }

    int byteAt(int off) {
        return pool[off] & 0xFF;
    }

    static boolean isWordStart(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    /** A token spelled as an identifier: a name, a keyword, or a qualifier the parser rejects. */
    boolean isWord(PpToken t) {
        return t.off >= 0 && t.len > 0 && t.kind != TokenKind.INT && t.kind != TokenKind.FLOAT && isWordStart(byteAt(t.off));
    }

    // ---- diagnostics ------------------------------------------------------------------------

    /** Reports an error at a token: in the file it was read from when that is an included file. */
    void error(PpToken t, String message) {
        if (t.file != null && !t.file.main) {
            // the line is looked up only for an error the log keeps: a bad file may have one on every token
            String line = log.full(t.line, t.col) ? "" : t.file.sourceLine(t.fileLine);
            log.errorIn(t.file.name, line, t.fileLine, t.fileCol, message, t.line, t.col);
        } else {
            log.error(t.line, t.col, t.spanOff, t.spanLen, message);
        }
    }

    private void warning(PpToken t, String message) {
        if (t.file != null && !t.file.main) {
            log.warningIn(t.file.name, t.file.sourceLine(t.fileLine), t.fileLine, t.fileCol, message, t.line, t.col);
        } else {
            log.warning(t.line, t.col, message);
        }
    }

    // ---- the main loop ----------------------------------------------------------------------

    private Tokens process(byte[] bytes) {
        pool = Arrays.copyOf(bytes, bytes.length + 256);
        poolSize = bytes.length;
        Lexer lx = Lexer.raw(bytes);
        mainFile = new PpFile(log.file(), options.sourceDir(), bytes, true, null, 0);
        Tokens raw = lx.tokens();
        PpToken eof = ex.fileToken(new MacroExpander.Frame(mainFile, raw, 0), raw.count() - 1);
        if (bytes.length == 0) {
            log.error(Messages.EMPTY_SHADER);
        }
        defineBuiltin("__LINE__", Macro.Builtin.LINE);
        defineBuiltin("__FILE__", Macro.Builtin.FILE);
        for (Define d : options.defines()) {
            defineOption(d);
        }
        MacroExpander.Stream s = new MacroExpander.Stream(eof);
        s.frames.add(new MacroExpander.Frame(mainFile, raw, 0));
        while (!ex.aborted) {
            PpToken t = ex.next(s);
            if (t.kind == TokenKind.NEWLINE) {
                continue;
            }
            if (t.kind == TokenKind.HASH && t.lineStart) {
                directive(s, t);
                continue;
            }
            if (t.kind == TokenKind.EOF) {
                break; // only the shader's own end: an included file's is left behind in ex.next()
            }
            if (skipping()) {
                continue;
            }
            fixVersion(GlslVersion.DEFAULT);
            if (!t.noExpand && isWord(t)) {
                Macro m = macros.get(text(t));
                if (m != null) {
                    if (m.busy > 0) {
                        t = t.copy();
                        t.noExpand = true;
                    } else if (ex.expand(s, t, m, 0)) {
                        continue;
                    }
                }
            }
            emit(t);
        }
        endOfFile(mainFile);
        if (lx.continuationLine > 0) {
            checkContinuation(mainFile, lx);
        }
        return result(eof);
    }

    private void emit(PpToken t) {
        out.add(t);
        if (t.error != null) {
            error(t, t.error);
        }
    }

    private boolean skipping() {
        return !conds.isEmpty() && !conds.getLast().active;
    }

    private Tokens result(PpToken eof) {
        Tokens tk = new Tokens(Arrays.copyOf(pool, poolSize), out.size() + 1);
        tk.separateSpans();
        for (PpToken t : out) {
            int k = tk.add(t.kind, t.line, t.col, Math.max(0, t.off), t.off < 0 ? 0 : t.len);
            tk.floatValue[k] = t.floatValue;
            tk.intValue[k] = t.intValue;
            tk.spanOffset[k] = t.spanOff;
            tk.spanLength[k] = t.spanLen;
        }
        int k = tk.add(TokenKind.EOF, eof.line, eof.col, eof.spanOff, 0);
        tk.spanOffset[k] = eof.spanOff;
        tk.spanLength[k] = 0;
        tk.version = extensions.isEmpty() ? version : version.withExtensions(extensions);
        tk.extensions = Set.copyOf(extensions);
        return tk;
    }

    /** The end of a file: its open conditionals are unterminated. */
    void endOfFile(PpFile file) {
        while (!conds.isEmpty() && conds.getLast().at.file == file) {
            Cond c = conds.removeLast();
            error(c.at, Messages.unterminatedConditional(c.directive));
        }
    }

    private void checkContinuation(PpFile file, Lexer lx) {
        if (!version.lineContinuation()) {
            PpToken at = new PpToken();
            at.file = file;
            at.fileLine = lx.continuationLine;
            at.fileCol = lx.continuationColumn;
            at.line = file.main ? lx.continuationLine : file.site.line;
            at.col = file.main ? lx.continuationColumn : file.site.col;
            at.spanOff = -1;
            error(at, Messages.LINE_CONTINUATION_VERSION);
        }
    }

    // ---- predefined macros ------------------------------------------------------------------

    private void defineBuiltin(String name, Macro.Builtin kind) {
        macros.put(name, new Macro(name, null, new PpToken[0], new int[0], new String[0], kind, true, null, 0, 0));
    }

    private void defineValue(String name, String value, boolean predefined) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        int base = append(b);
        Tokens r = Lexer.raw(b).tokens();
        List<PpToken> body = new ArrayList<>();
        MacroExpander.Frame f = new MacroExpander.Frame(new PpFile(name, null, b, true, null, 0), r, base);
        for (int k = 0; r.kind[k] != TokenKind.EOF; k++) {
            if (r.kind[k] != TokenKind.NEWLINE) {
                PpToken t = ex.fileToken(f, k);
                t.file = null; // shown at each use
                body.add(t);
            }
        }
        PpToken[] toks = body.toArray(new PpToken[0]);
        macros.put(name, new Macro(name, null, toks, minusOnes(toks.length), texts(toks), Macro.Builtin.NONE,
                predefined, null, 0, 0));
    }

    private void defineOption(Define d) {
        String n = d.name();
        boolean ident = !n.isEmpty() && isWordStart(n.charAt(0)) && n.chars().allMatch(
                c -> isWordStart(c) || c >= '0' && c <= '9');
        if (!ident || n.startsWith("GL_") || n.equals("defined") || macros.containsKey(n) && macros.get(n).predefined) {
            log.error(Messages.invalidDefineOption(n));
            return;
        }
        defineValue(n, d.value(), false);
    }

    /** Fixes the version at the #version or at the first thing that is not one, and defines its macros. */
    private void fixVersion(GlslVersion v) {
        if (versionFixed) {
            return;
        }
        versionFixed = true;
        version = v;
        defineValue("__VERSION__", Integer.toString(v.number()), true);
        if (v.es()) {
            defineValue("GL_ES", "1", true);
        }
        if (v.core()) {
            defineValue("GL_core_profile", "1", true);
        }
        if (v.profile() == GlslVersion.Profile.COMPATIBILITY) {
            defineValue("GL_compatibility_profile", "1", true);
        }
        for (String e : KNOWN_EXTENSIONS) {
            // as glslang outside Vulkan: GL_KHR_vulkan_glsl is accepted but not defined
            if ((v.es() ? !desktopOnly(e) : !ES_EXTENSIONS.contains(e))
                    && !e.equals("GL_KHR_vulkan_glsl") && (!e.equals("GL_EXT_multiview") || multiview(v))) {
                defineValue(e, "1", true);
            }
        }
    }

    private static int[] minusOnes(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    private String[] texts(PpToken[] toks) {
        String[] s = new String[toks.length];
        for (int i = 0; i < toks.length; i++) {
            s[i] = text(toks[i]);
        }
        return s;
    }

    // ---- directives -------------------------------------------------------------------------

    private void directive(MacroExpander.Stream s, PpToken hash) {
        MacroExpander.Frame f = ex.fileFrame(s);
        List<PpToken> line = ex.restOfLine(f);
        if (line.isEmpty()) {
            return; // the null directive
        }
        PpToken nameTok = line.getFirst();
        String name = isWord(nameTok) ? text(nameTok) : "";
        List<PpToken> args = line.subList(1, line.size());
        switch (name) {
            case "if", "ifdef", "ifndef" -> {
                fixVersion(GlslVersion.DEFAULT);
                openConditional(hash, name, args);
                return;
            }
            case "elif", "else", "endif" -> {
                fixVersion(GlslVersion.DEFAULT);
                continueConditional(hash, name, args);
                return;
            }
            default -> {
            }
        }
        if (skipping()) {
            return;
        }
        if (name.equals("version")) {
            version(hash, args);
            return;
        }
        fixVersion(GlslVersion.DEFAULT);
        switch (name) {
            case "define" -> define(hash, nameTok, args);
            case "undef" -> undef(hash, args);
            case "line" -> line(hash, args);
            case "error" -> error(hash, Messages.errorDirective(restText(nameTok, line)));
            case "pragma" -> {
                // implementation-defined; glslang ignores what it does not know, as does csir
            }
            case "extension" -> extension(hash, args);
            case "include" -> include(s, hash, args, line);
            default -> error(hash, Messages.unknownDirective(name.isEmpty() ? text(nameTok) : name));
        }
    }

    /** The text of a line after a token, as written (for #error). */
    private String restText(PpToken after, List<PpToken> line) {
        PpToken last = line.getLast();
        int from = after.off + after.len;
        int to = last.off + last.len;
        return to <= from ? "" : new String(pool, from, to - from, StandardCharsets.UTF_8).strip();
    }

    private void version(PpToken hash, List<PpToken> args) {
        if (versionFixed || !hash.file.main) {
            error(hash, Messages.VERSION_NOT_FIRST);
            return;
        }
        if (args.isEmpty() || args.getFirst().kind != TokenKind.INT) {
            // as the one-pass lexer: an end-of-file token here stops the parser (the original's token of kind 0)
            error(hash, Messages.EXPECTED_VERSION_NUMBER);
            emitQuirk(hash, TokenKind.EOF);
            fixVersion(GlslVersion.DEFAULT);
            return;
        }
        PpToken num = args.getFirst();
        String written = text(num);
        String digits = written.replaceFirst("^0+(?=.)", ""); // glslang reads 0450 as 450
        int number = digits.length() > 6 ? -1 : Integer.parseInt(digits);
        if (!GlslVersion.known(number)) {
            error(hash, Messages.unsupportedVersion(written));
            emitQuirk(hash, TokenKind.INT);
            fixVersion(GlslVersion.DEFAULT);
            return;
        }
        String word = args.size() > 1 && isWord(args.get(1)) ? text(args.get(1)) : null;
        int used = word == null ? 1 : 2;
        Object v = GlslVersion.of(number, word);
        if (v instanceof GlslVersion gv) {
            fixVersion(gv);
        } else {
            error(hash, (String) v);
            fixVersion(GlslVersion.DEFAULT);
            return;
        }
        if (args.size() > used) {
            error(args.get(used), Messages.extraTokens("#version"));
        }
    }

    /** The token the one-pass lexer leaves for a bad #version, which the parser then trips over. */
    private void emitQuirk(PpToken hash, TokenKind kind) {
        PpToken q = hash.copy();
        q.kind = kind;
        q.len = 1;
        q.intValue = 0;
        q.floatValue = 0;
        q.error = null;
        out.add(q);
    }

    private boolean checkMacroName(PpToken hash, String directive, List<PpToken> args) {
        if (args.isEmpty() || !isWord(args.getFirst())) {
            error(args.isEmpty() ? hash : args.getFirst(), Messages.expectedMacroName(directive));
            return false;
        }
        PpToken nameTok = args.getFirst();
        String name = text(nameTok);
        if (name.equals("defined")) {
            error(nameTok, Messages.DEFINED_AS_MACRO);
            return false;
        }
        Macro old = macros.get(name);
        if (old != null && old.predefined || name.equals("__VERSION__")) {
            error(nameTok, Messages.predefinedMacro(name));
            return false;
        }
        if (name.startsWith("GL_")) {
            error(nameTok, Messages.reservedGlName(name));
            return false;
        }
        if (name.contains("__")) {
            warning(nameTok, Messages.reservedUnderscores(name));
        }
        return true;
    }

    private void define(PpToken hash, PpToken directiveTok, List<PpToken> args) {
        if (!checkMacroName(hash, "#define", args)) {
            return;
        }
        PpToken nameTok = args.getFirst();
        String name = text(nameTok);
        int i = 1;
        String[] params = null;
        if (args.size() > 1 && args.get(1).kind == TokenKind.LPAREN && args.get(1).off == nameTok.off + nameTok.len) {
            List<String> ps = new ArrayList<>();
            i = 2;
            boolean ok = false;
            if (i < args.size() && args.get(i).kind == TokenKind.RPAREN) {
                ok = true;
                i++;
            } else {
                while (i < args.size() && isWord(args.get(i))) {
                    String p = text(args.get(i));
                    if (ps.contains(p)) {
                        error(args.get(i), Messages.duplicateMacroParameter(p));
                        return;
                    }
                    ps.add(p);
                    i++;
                    if (i < args.size() && args.get(i).kind == TokenKind.COMMA) {
                        i++;
                    } else if (i < args.size() && args.get(i).kind == TokenKind.RPAREN) {
                        ok = true;
                        i++;
                        break;
                    } else {
                        break;
                    }
                }
            }
            if (!ok) {
                error(i < args.size() ? args.get(i) : nameTok, Messages.BAD_MACRO_PARAMETERS);
                return;
            }
            params = ps.toArray(new String[0]);
        }
        PpToken[] body = args.subList(i, args.size()).toArray(new PpToken[0]);
        if (body.length > 0 && (body[0].kind == TokenKind.HASHHASH || body[body.length - 1].kind == TokenKind.HASHHASH)) {
            error(body[0].kind == TokenKind.HASHHASH ? body[0] : body[body.length - 1], Messages.PASTE_AT_EDGE);
            return;
        }
        int[] paramOf = minusOnes(body.length);
        if (params != null) {
            List<String> ps = Arrays.asList(params);
            for (int b = 0; b < body.length; b++) {
                if (isWord(body[b])) {
                    paramOf[b] = ps.indexOf(text(body[b]));
                }
            }
        }
        Macro m = new Macro(name, params, body, paramOf, texts(body), Macro.Builtin.NONE, false, nameTok.file,
                nameTok.fileLine, nameTok.fileCol);
        Macro old = macros.get(name);
        if (old != null && !old.sameAs(m)) {
            error(nameTok, Messages.macroRedefined(name));
            return;
        }
        if (old == null) {
            macros.put(name, m);
        }
    }

    private void undef(PpToken hash, List<PpToken> args) {
        if (!checkMacroName(hash, "#undef", args)) {
            return;
        }
        if (args.size() > 1) {
            error(args.get(1), Messages.extraTokens("#undef"));
            return;
        }
        macros.remove(text(args.getFirst()));
    }

    private void openConditional(PpToken hash, String name, List<PpToken> args) {
        boolean parent = !skipping();
        boolean value = false;
        if (parent) {
            if (name.equals("if")) {
                Integer v = evaluate(hash, args);
                value = v != null && v != 0;
            } else if (args.isEmpty() || !isWord(args.getFirst())) {
                error(args.isEmpty() ? hash : args.getFirst(), Messages.expectedMacroName("#" + name));
            } else if (args.size() > 1) {
                error(args.get(1), Messages.extraTokens("#" + name));
            } else {
                value = macros.containsKey(text(args.getFirst())) == name.equals("ifdef");
            }
        }
        conds.add(new Cond(hash, "#" + name, parent, parent && value));
    }

    private void continueConditional(PpToken hash, String name, List<PpToken> args) {
        Cond c = conds.isEmpty() ? null : conds.getLast();
        if (c == null || c.at.file != hash.file) {
            error(hash, switch (name) {
                case "elif" -> Messages.ELIF_WITHOUT_IF;
                case "else" -> Messages.ELSE_WITHOUT_IF;
                default -> Messages.ENDIF_WITHOUT_IF;
            });
            return;
        }
        switch (name) {
            case "elif" -> {
                if (c.seenElse) {
                    error(hash, Messages.ELIF_AFTER_ELSE);
                    return;
                }
                if (!c.parentActive || c.taken) {
                    c.active = false;
                    return;
                }
                Integer v = evaluate(hash, args);
                c.active = v != null && v != 0;
                c.taken = c.active;
            }
            case "else" -> {
                if (c.seenElse) {
                    error(hash, Messages.ELSE_AFTER_ELSE);
                    return;
                }
                if (!args.isEmpty() && c.parentActive) {
                    error(args.getFirst(), Messages.extraTokens("#else"));
                }
                c.seenElse = true;
                c.active = c.parentActive && !c.taken;
                c.taken = true;
            }
            default -> {
                if (!args.isEmpty() && c.parentActive) {
                    error(args.getFirst(), Messages.extraTokens("#endif"));
                }
                conds.removeLast();
            }
        }
    }

    /** A #if or #elif expression: {@code defined} first, then macro expansion, then the arithmetic. */
    private Integer evaluate(PpToken hash, List<PpToken> args) {
        List<PpToken> line = new ArrayList<>(args.size());
        for (int i = 0; i < args.size(); i++) {
            PpToken t = args.get(i);
            if (isWord(t) && text(t).equals("defined")) {
                int j = i + 1;
                boolean paren = j < args.size() && args.get(j).kind == TokenKind.LPAREN;
                if (paren) {
                    j++;
                }
                if (j >= args.size() || !isWord(args.get(j))
                        || paren && (j + 1 >= args.size() || args.get(j + 1).kind != TokenKind.RPAREN)) {
                    error(j < args.size() ? args.get(j) : t, Messages.invalidIfExpression(
                            "expected a macro name after defined"));
                    return null;
                }
                PpToken v = t.copy();
                v.kind = TokenKind.INT;
                v.off = -1;
                v.intValue = macros.containsKey(text(args.get(j))) ? 1 : 0;
                line.add(v);
                i = paren ? j + 1 : j;
            } else {
                line.add(t);
            }
        }
        int errors = log.count();
        List<PpToken> expanded = ex.expandList(line, 0, hash);
        if (ex.aborted || log.count() > errors) {
            return null; // the expansion's error is the one to see
        }
        return PpExpression.evaluate(this, expanded, hash, version.es());
    }

    private void line(PpToken hash, List<PpToken> args) {
        int errors = log.count();
        List<PpToken> e = ex.expandList(args, 0, hash);
        if (ex.aborted || log.count() > errors) {
            return;
        }
        int[] v = PpExpression.lineNumbers(this, e, hash);
        if (v == null) {
            return;
        }
        hash.file.lineDelta = v[0] - (hash.fileLine + 1);
        if (v.length == 2) {
            hash.file.sourceString = v[1];
        }
    }

    private int intOf(PpToken t) {
        if (t.off < 0) {
            return (int) t.intValue;
        }
        long v = 0;
        for (int k = 0; k < t.len; k++) {
            v = Math.min(v * 10 + (pool[t.off + k] - '0'), Integer.MAX_VALUE);
        }
        return (int) v;
    }

    private void extension(PpToken hash, List<PpToken> args) {
        if (args.isEmpty() || !isWord(args.getFirst())) {
            error(args.isEmpty() ? hash : args.getFirst(), Messages.EXPECTED_EXTENSION_NAME);
            return;
        }
        PpToken nameTok = args.getFirst();
        String name = text(nameTok);
        if (args.size() < 2 || args.get(1).kind != TokenKind.COLON) {
            error(args.size() < 2 ? nameTok : args.get(1), Messages.EXPECTED_EXTENSION_COLON);
            return;
        }
        if (args.size() < 3 || !isWord(args.get(2))) {
            error(args.size() < 3 ? args.get(1) : args.get(2), Messages.unknownExtensionBehavior(
                    args.size() < 3 ? "" : text(args.get(2))));
            return;
        }
        PpToken behaviorTok = args.get(2);
        String behavior = text(behaviorTok);
        if (!Set.of("require", "enable", "warn", "disable").contains(behavior)) {
            error(behaviorTok, Messages.unknownExtensionBehavior(behavior));
            return;
        }
        if (args.size() > 3) {
            error(args.get(3), Messages.extraTokens("#extension"));
            return;
        }
        if (name.equals("all")) {
            if (behavior.equals("require") || behavior.equals("enable")) {
                error(behaviorTok, Messages.EXTENSION_ALL_BEHAVIOR);
            }
            return;
        }
        if (!KNOWN_EXTENSIONS.contains(name)) {
            if (behavior.equals("require")) {
                error(nameTok, Messages.extensionNotSupported(name));
            } else {
                warning(nameTok, Messages.extensionNotSupported(name));
            }
            return;
        }
        if (name.equals("GL_GOOGLE_include_directive")) {
            includeEnabled = !behavior.equals("disable");
        }
        if (behavior.equals("disable")) {
            extensions.remove(name);
        } else {
            extensions.add(name);
        }
    }

    // ---- #include ---------------------------------------------------------------------------

    private void include(MacroExpander.Stream s, PpToken hash, List<PpToken> args, List<PpToken> line) {
        if (!includeEnabled) {
            error(hash, Messages.INCLUDE_NOT_ENABLED);
            return;
        }
        PpToken open = args.isEmpty() ? null : args.getFirst();
        boolean quoted = open != null && open.kind == TokenKind.BAD && text(open).equals("\"");
        boolean angled = open != null && open.kind == TokenKind.LT;
        PpToken last = line.getLast();
        int end = last.off + last.len;
        int close = -1;
        if (quoted || angled) {
            byte want = (byte) (quoted ? '"' : '>');
            for (int k = open.off + 1; k < end; k++) {
                if (pool[k] == want) {
                    close = k;
                    break;
                }
            }
        }
        if (close < 0 || close == open.off + 1) {
            error(open == null ? hash : open, Messages.EXPECTED_INCLUDE_NAME);
            return;
        }
        for (PpToken t : args) {
            if (t.off > close) {
                error(t, Messages.extraTokens("#include"));
                return;
            }
        }
        String name = new String(pool, open.off + 1, close - open.off - 1, StandardCharsets.UTF_8);
        PpFile from = hash.file;
        if (from.depth + 1 > MAX_INCLUDE_DEPTH) {
            error(hash, Messages.includeTooDeep(MAX_INCLUDE_DEPTH));
            return;
        }
        List<Path> dirs = new ArrayList<>();
        if (quoted && from.dir != null) {
            dirs.add(from.dir);
        }
        dirs.addAll(options.includeDirs());
        Path found = IncludeFiles.find(name, dirs);
        if (found == null) {
            error(hash, Messages.includeNotFound(name));
            return;
        }
        Object read = IncludeFiles.read(found, name, 16 * MAX_INCLUDE_BYTES - includedBytes);
        if (read instanceof String why) {
            error(hash, why);
            return;
        }
        byte[] bytes = (byte[]) read;
        includedBytes += bytes.length;
        PpToken site = from.main ? hash : from.site;
        Path dir = found.toAbsolutePath().getParent();
        PpFile file = new PpFile(name, dir, bytes, false, site, from.depth + 1);
        Lexer lx = Lexer.raw(bytes);
        if (lx.continuationLine > 0) {
            checkContinuation(file, lx);
        }
        int base = append(bytes);
        s.frames.add(new MacroExpander.Frame(file, lx.tokens(), base));
    }
}
