package dev.csir.ssa.text;

import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Constant;
import dev.csir.ssa.ControlHint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.Value;
import dev.csir.ssa.text.Parser.Bad;
import dev.csir.ssa.text.Token.Kind;
import dev.csir.types.Type;
import dev.csir.types.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses one {@code func} line and its body. Blocks are created on first mention (label or
 * reference) and put in label order at the closing brace, so branches, phis and structure
 * markers may name blocks further down. Values may likewise be used above their definition (a
 * phi's value from a later block, or any use in a block laid out before its definition's): such an
 * operand holds a placeholder until the closing brace patches it.
 */
final class BodyParser {
    private static final Pattern BLOCK = Pattern.compile("bb[0-9]+");
    private static final Set<String> TOP_LEVEL = Set.of("func", "struct", "spec", "global", "entry");
    /** Identifiers that start an operand rather than name an intrinsic or atomic op. */
    private static final Set<String> OPERAND_WORDS = Set.of("true", "false", "undef", "spec");
    /** Stands in for an operand that is defined further down; never survives the closing brace. */
    private static final Value PLACEHOLDER = new Constant.Undef(VoidType.VOID);

    private final Parser p;
    private final Lexer lx;
    private Function f;
    private Builder builder;
    private final Map<String, Value> values = new HashMap<>();
    private final Map<String, Block> blocks = new LinkedHashMap<>();
    private final Map<Block, Token> firstUse = new HashMap<>();
    private final List<Block> labelled = new ArrayList<>();
    private final List<Runnable> patches = new ArrayList<>();
    private Block current;

    /** The pieces of one instruction line, collected before it is built so a bad line builds nothing. */
    private static final class Parts {
        final List<Value> operands = new ArrayList<>();
        final List<Block> targets = new ArrayList<>();
        final List<Integer> imms = new ArrayList<>();
        /** Operand index to the token of a name that resolves later. */
        final Map<Integer, Token> pending = new HashMap<>();
        Token callee;
    }

    BodyParser(Parser p) {
        this.p = p;
        this.lx = p.lx;
    }

    void function() {
        try {
            header();
        } catch (Bad b) {
            // without a header the body cannot be read; skip it so its lines are not reported one by one
            p.error(b);
            lx.skipLine();
            skipBody();
            return;
        }
        body();
    }

    private void header() {
        p.advance();
        Token at = lx.peek();
        String name = p.globalName();
        p.expect("(");
        List<String> names = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        if (!lx.peek().isPunct(")")) {
            do {
                Token v = lx.peek();
                if (v.kind() != Kind.VALUE) {
                    throw Parser.bad(v, "a parameter %argN");
                }
                p.advance();
                if (names.contains(v.text())) {
                    throw new Bad(v, "parameter %" + v.text() + " defined twice");
                }
                names.add(v.text());
                p.expect(":");
                Token tt = lx.peek();
                Type t = p.type();
                if (t instanceof VoidType) {
                    throw new Bad(tt, "a parameter cannot be void");
                }
                types.add(t);
            } while (p.accept(","));
        }
        p.expect(")");
        p.expect("->");
        Type ret = p.type();
        p.expect("{");
        List<String> hints = null;
        Token hintAt = lx.peek();
        if (lx.peek().kind() == Kind.SEMI) {
            lx.next();
            hintAt = lx.peek();
            hints = new ArrayList<>();
            do {
                hints.add(p.hint());
            } while (p.accept(","));
            if (hints.size() != names.size()) {
                throw new Bad(hintAt, "expected " + names.size() + " parameter names, found " + hints.size());
            }
        }
        p.endOfLine();
        if (p.functions.containsKey(name)) {
            throw new Bad(at, "function @" + name + " defined twice");
        }
        f = new Function(name, ret, types);
        for (int k = 0; k < names.size(); k++) {
            values.put(names.get(k), f.params().get(k));
            if (hints != null) {
                f.params().get(k).setName(hints.get(k));
            }
        }
        p.functions.put(name, f);
        p.module.addFunction(f);
        builder = new Builder(f);
    }

    private void skipBody() {
        while (true) {
            Token t = lx.peek();
            if (t.kind() == Kind.EOF || t.kind() == Kind.IDENT && TOP_LEVEL.contains(t.text())) {
                return;
            }
            lx.next();
            if (t.isPunct("}") && (lx.peek().kind() == Kind.NEWLINE || lx.peek().kind() == Kind.EOF)) {
                return;
            }
            lx.skipLine();
            if (lx.peek().kind() == Kind.NEWLINE) {
                lx.next();
            }
        }
    }

    private void body() {
        while (true) {
            Token t = lx.peek();
            if (t.kind() == Kind.EOF || t.kind() == Kind.IDENT && TOP_LEVEL.contains(t.text())) {
                p.error(t, "missing '}' at the end of function @" + f.name());
                break;
            }
            if (t.kind() == Kind.NEWLINE) {
                lx.next();
                continue;
            }
            if (t.kind() == Kind.SEMI) {
                lx.skipLine();
                continue;
            }
            try {
                if (t.isPunct("}")) {
                    lx.next();
                    p.endOfLine();
                    break;
                }
                if (t.kind() == Kind.IDENT && BLOCK.matcher(t.text()).matches() && lx.peek(1).isPunct(":")) {
                    label();
                } else {
                    instruction();
                }
            } catch (Bad b) {
                p.error(b);
                lx.skipLine();
            }
        }
        finish();
    }

    /** Puts the blocks in label order, drops those never labelled, and patches forward values. */
    private void finish() {
        for (int k = 0; k < labelled.size(); k++) {
            f.moveBlock(labelled.get(k), k);
        }
        for (Block b : blocks.values()) {
            if (!labelled.contains(b)) {
                Token at = firstUse.get(b);
                p.error(at, "unknown block " + at.text());
                f.removeBlock(b);
            }
        }
        patches.forEach(Runnable::run);
    }

    private void label() {
        Token at = lx.next();
        lx.next();
        Block b = block(at);
        if (labelled.contains(b)) {
            throw new Bad(at, "block " + at.text() + " defined twice");
        }
        labelled.add(b);
        current = b;
        if (lx.peek().kind() == Kind.SEMI) {
            lx.next();
            structure(b);
        }
        p.endOfLine();
    }

    /** The block hint: {@code [loop|selection] [merge=bb] [continue=bb] [hint=word] [(name)]}. */
    private void structure(Block b) {
        Token kind = lx.peek();
        boolean loop = kind.isIdent("loop");
        boolean selection = kind.isIdent("selection");
        if (loop || selection) {
            p.advance();
        }
        Block merge = null;
        Block cont = null;
        ControlHint hint = ControlHint.NONE;
        while (lx.peek().kind() == Kind.IDENT && lx.peek(1).isPunct("=")) {
            Token key = p.advance();
            p.advance();
            if (!loop && !selection) {
                throw new Bad(key, key.text() + "= needs 'loop' or 'selection' first");
            }
            switch (key.text()) {
                case "merge" -> merge = block(p.advance());
                case "continue" -> {
                    if (!loop) {
                        throw new Bad(key, "only a loop has a continue block");
                    }
                    cont = block(p.advance());
                }
                case "hint" -> {
                    Token w = lx.peek();
                    hint = w.kind() == Kind.IDENT ? ControlHint.ofWord(w.text()) : null;
                    if (hint == null) {
                        throw Parser.bad(w, "a control hint (unroll, dontunroll, flatten, dontflatten)");
                    }
                    p.advance();
                }
                default -> throw new Bad(key, "unknown block marker '" + key.text() + "'");
            }
        }
        if (p.accept("(")) {
            b.setName(p.name());
            p.expect(")");
        }
        if (loop) {
            b.markLoop(merge, cont, hint);
        } else if (selection) {
            b.markSelection(merge, hint);
        }
    }

    private Block block(Token t) {
        if (t.kind() != Kind.IDENT || !BLOCK.matcher(t.text()).matches()) {
            throw Parser.bad(t, "a block bbN");
        }
        Block b = blocks.computeIfAbsent(t.text(), k -> f.addBlock(null));
        firstUse.putIfAbsent(b, t);
        return b;
    }

    // ---- instructions ----------------------------------------------------------------------------

    private void instruction() {
        Token result = null;
        if (lx.peek().kind() == Kind.VALUE && lx.peek(1).isPunct("=")) {
            result = p.advance();
            p.advance();
            if (values.containsKey(result.text())) {
                throw new Bad(result, "value %" + result.text() + " defined twice");
            }
        }
        boolean precise = false;
        if (lx.peek().isIdent("precise")) {
            p.advance();
            precise = true;
        }
        Token m = lx.peek();
        Opcode op = m.kind() == Kind.IDENT ? Opcode.ofMnemonic(m.text()) : null;
        if (op == null) {
            throw m.kind() == Kind.IDENT ? new Bad(m, "unknown opcode '" + m.text() + "'") : Parser.bad(m, "an opcode");
        }
        p.advance();
        if (current == null) {
            throw new Bad(m, "instruction before the first block label");
        }
        Parts parts = new Parts();
        body(op, parts);
        Type type = VoidType.VOID;
        if (result != null) {
            p.expect(":");
            Token tt = lx.peek();
            type = p.type();
            if (type instanceof VoidType) {
                throw new Bad(tt, "a value's type cannot be void");
            }
        } else if (lx.peek().isPunct(":")) {
            throw new Bad(lx.peek(), "a type needs a result: write %N = ... : type");
        }
        String name = null;
        if (result != null && lx.peek().kind() == Kind.SEMI) {
            lx.next();
            name = p.name();
        }
        p.endOfLine();
        build(op, type, parts, result, precise, name);
    }

    private void build(Opcode op, Type type, Parts parts, Token result, boolean precise, String name) {
        int[] imms = parts.imms.stream().mapToInt(Integer::intValue).toArray();
        Instruction i = builder.at(current).emit(op, type, parts.operands, parts.targets, imms);
        i.setPrecise(precise);
        i.setName(name);
        if (result != null) {
            values.put(result.text(), i);
        }
        for (Map.Entry<Integer, Token> e : parts.pending.entrySet()) {
            int index = e.getKey();
            Token t = e.getValue();
            if (t.kind() == Kind.VALUE) {
                patches.add(() -> {
                    Value v = values.get(t.text());
                    if (v == null) {
                        p.error(t, "unknown value %" + t.text());
                    } else {
                        i.operands().set(index, v);
                    }
                });
            } else {
                p.later(() -> {
                    Value v = moduleValue(t);
                    if (v != null) {
                        i.operands().set(index, v);
                    }
                });
            }
        }
        if (parts.callee != null) {
            Token c = parts.callee;
            p.later(() -> {
                Function callee = p.functions.get(c.text());
                if (callee == null) {
                    p.error(c, "unknown function @" + c.text());
                }
                i.setCallee(callee);
            });
        }
    }

    /** The opcode-specific part between the mnemonic and the {@code :} of the type. */
    private void body(Opcode op, Parts parts) {
        Token t = lx.peek();
        switch (op) {
            case PHI -> {
                if (t.isPunct("[") && !immediatesAhead()) {
                    do {
                        p.expect("[");
                        operand(parts);
                        p.expect(",");
                        parts.targets.add(block(p.advance()));
                        p.expect("]");
                    } while (p.accept(","));
                    return;
                }
            }
            case SWITCH -> {
                items(parts);
                if (lx.peek().isPunct("[") && lx.peek(1).kind() == Kind.NUMBER && lx.peek(2).isPunct(":")) {
                    p.advance();
                    do {
                        parts.imms.add(p.integer());
                        p.expect(":");
                        parts.targets.add(block(p.advance()));
                    } while (p.accept(","));
                    p.expect("]");
                } else {
                    immediates(parts);
                }
                return;
            }
            case CALL_INTRINSIC -> {
                if (t.kind() == Kind.IDENT && lx.peek(1).isPunct("(") && !OPERAND_WORDS.contains(t.text())) {
                    Intrinsic in = Intrinsic.ofName(t.text());
                    if (in == null) {
                        throw new Bad(t, "unknown intrinsic '" + t.text() + "'");
                    }
                    p.advance();
                    parts.imms.add(in.ordinal());
                    parenthesized(parts);
                    return;
                }
            }
            case ATOMIC_RMW -> {
                if (t.kind() == Kind.IDENT && !OPERAND_WORDS.contains(t.text()) && !BLOCK.matcher(t.text()).matches()) {
                    AtomicOp a = AtomicOp.ofWord(t.text());
                    if (a == null) {
                        throw new Bad(t, "unknown atomic operation '" + t.text() + "'");
                    }
                    p.advance();
                    parts.imms.add(a.ordinal());
                }
            }
            case CALL -> {
                if (t.kind() == Kind.GLOBAL && lx.peek(1).isPunct("(")) {
                    parts.callee = p.advance();
                    parenthesized(parts);
                    return;
                }
            }
            default -> {
            }
        }
        items(parts);
        immediates(parts);
    }

    private void parenthesized(Parts parts) {
        p.expect("(");
        items(parts);
        p.expect(")");
        immediates(parts);
    }

    /** {@code [} then a bare number and {@code ,} or {@code ]}: immediates, not a phi pair. */
    private boolean immediatesAhead() {
        return lx.peek(1).isPunct("]")
                || lx.peek(1).kind() == Kind.NUMBER && (lx.peek(2).isPunct(",") || lx.peek(2).isPunct("]"));
    }

    private void immediates(Parts parts) {
        if (!p.accept("[")) {
            return;
        }
        if (!lx.peek().isPunct("]")) {
            do {
                parts.imms.add(p.integer());
            } while (p.accept(","));
        }
        p.expect("]");
    }

    /** Operands and blocks, comma-separated: operands go to the operands, blocks to the targets. */
    private void items(Parts parts) {
        Kind k = lx.peek().kind();
        if (k != Kind.VALUE && k != Kind.GLOBAL && k != Kind.NUMBER && k != Kind.IDENT && !lx.peek().isPunct("{")) {
            return;
        }
        do {
            Token t = lx.peek();
            if (t.kind() == Kind.IDENT && BLOCK.matcher(t.text()).matches()) {
                parts.targets.add(block(p.advance()));
            } else {
                operand(parts);
            }
        } while (p.accept(","));
    }

    private void operand(Parts parts) {
        Token t = lx.peek();
        int index = parts.operands.size();
        switch (t.kind()) {
            case VALUE -> {
                p.advance();
                Value v = values.get(t.text());
                if (v == null) {
                    parts.pending.put(index, t);
                }
                parts.operands.add(v == null ? PLACEHOLDER : v);
            }
            case GLOBAL -> {
                p.advance();
                GlobalVariable g = p.globals.get(t.text());
                if (g == null) {
                    parts.pending.put(index, t);
                }
                parts.operands.add(g == null ? PLACEHOLDER : g);
            }
            default -> {
                if (t.isIdent("spec")) {
                    p.advance();
                    p.expect("(");
                    int id = p.integer();
                    String name = p.hint();
                    p.expect(")");
                    String key = Parser.specKey(id, name);
                    SpecConstant s = p.specs.get(key);
                    if (s == null) {
                        parts.pending.put(index, new Token(Kind.IDENT, key, t.line(), t.col()));
                    }
                    parts.operands.add(s == null ? PLACEHOLDER : s);
                } else {
                    parts.operands.add(p.constant());
                }
            }
        }
    }

    /** A global or spec constant named before its line; null (and an error) when there is none. */
    private Value moduleValue(Token t) {
        if (t.kind() == Kind.GLOBAL) {
            GlobalVariable g = p.globals.get(t.text());
            if (g == null) {
                p.error(t, "unknown global @" + t.text());
            }
            return g;
        }
        SpecConstant s = p.specs.get(t.text());
        if (s == null) {
            p.error(t, "unknown spec constant spec(" + t.text() + ")");
        }
        return s;
    }
}
