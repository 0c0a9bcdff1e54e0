package dev.csir.ssa.text;

import dev.csir.ssa.Argument;
import dev.csir.ssa.AtomicOp;
import dev.csir.ssa.Block;
import dev.csir.ssa.Constant;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Intrinsic;
import dev.csir.ssa.Interpolation;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.SpecConstant;
import dev.csir.ssa.StructureKind;
import dev.csir.ssa.Value;
import dev.csir.ssa.BlockLayout;
import dev.csir.ssa.ControlHint;
import dev.csir.types.ArrayType;
import dev.csir.types.PointerType;
import dev.csir.types.ScalarType;
import dev.csir.types.StructType;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prints a {@link Module} in the transform IR's text form, the form tests compare and
 * {@link Parser} reads back; print, parse, print is byte-identical. Nothing printed depends on
 * object identity, hash order or source names: values are numbered in print order per function
 * ({@code %0}, {@code %1}, only instructions with a result; parameters {@code %arg0}), blocks by
 * layout position ({@code bb0}), and source names appear only in {@code ;} hints.
 *
 * <pre>
 * module    := { line NL }            lines: struct*, spec*, global*, entry*, then functions
 * struct    := 'struct' NAME '{' member { ',' member } '}'   member := NAME ':' type [ 'offset' INT ]
 * spec      := 'spec' INT HINT '=' constant
 * global    := 'global' '@'NAME ':' type { attr } [ '=' constant ]
 * attr      := 'location='INT | 'builtin='WORD | 'set='INT | 'binding='INT | 'pair='GLOBAL','GLOBAL | 'flat' | 'noperspective'
 *            | 'layout='WORD                    (each only when not the default)
 * entry     := 'entry' STAGE '@'NAME '(' [ '@'NAME { ',' '@'NAME } ] ')' [ 'local_size=' INT { ',' INT } ]
 *              [ 'early_fragment_tests' ]
 * function  := 'func' '@'NAME '(' [ param { ',' param } ] ')' '->' type '{' [ ';' HINT { ',' HINT } ] NL
 *              { block } '}'              param := '%argN' ':' type; the hints are the parameters' names
 * block     := 'bbN' ':' [ ';' [ kind ] [ 'hint=' WORD ] [ '(' NAME ')' ] ] NL { '  ' inst NL }
 * kind      := 'loop' [ 'merge=' bb ] [ 'continue=' bb ] | 'selection' [ 'merge=' bb ]
 * inst      := [ '%N' '=' ] [ 'precise' ] MNEMONIC body [ ':' type [ ';' NAME ] ]
 *              (a result, its type and its name hint go together; void instructions have none)
 * body      := items [ imms ]                                   every opcode, the general form
 *            | 'phi' '[' operand ',' bb ']' { ',' '[' operand ',' bb ']' }
 *            | 'switch' operand ',' bb '[' INT ':' bb { ',' INT ':' bb } ']'
 *            | 'intrinsic' GLSLNAME '(' items ')' [ imms ]      (immediate 0 by name)
 *            | 'atomic' OPWORD items [ imms ]                   (immediate 0 by name)
 *            | 'call' '@'NAME '(' items ')' [ imms ]            (the callee)
 * items     := [ item { ',' item } ]    item := operand | bb   (operands first, then targets)
 * imms      := '[' INT { ',' INT } ']'
 * operand   := '%N' | '%argN' | '@'NAME | 'spec(' INT HINT ')' | constant
 * constant  := INT ':' type | FLOAT ':' type | '0x'HEX ':' type | 'true:bool' | 'false:bool'
 *            | 'undef:' type | '{' constant { ',' constant } '}' ':' type
 * type      := 'void' | scalar | vector | matrix | sampler | image [ '<' NAME '>' ] | STRUCTNAME
 *            | 'ptr<' SPACE ',' type '>' | type '[' [ INT ] ']'
 * NAME      := identifier [A-Za-z_.$][A-Za-z0-9_.$]* | quoted string ("a b", escapes \" \\ \n \t \\uXXXX)
 * HINT      := NAME | '-'   (no name)
 * </pre>
 *
 * <p>Floats print with {@link Float#toString(float)} (exact round trip, {@code -0.0} kept) and
 * NaNs and infinities as raw bits {@code 0x7fc00001:float}; doubles likewise with 16 hex digits.
 * Ints print signed, uints unsigned. The special bodies print only when the instruction has their
 * shape (a phi with one block per value, a switch with one block per case value, an intrinsic or
 * atomic whose immediate 0 names one, a call with a callee); anything else falls back to the
 * general form, so a structurally broken instruction still prints and reads back. A value or
 * block that is not part of the printed function prints as {@code %?} / {@code bb?}, which the
 * parser rejects. The name {@code (entry)} on a first block is just that block's name (the
 * builder names entry blocks so); the entry is always the first block.
 *
 * <p>Struct types are printed before their first use, nested members first. Two different
 * structs that share a name get distinct spellings ({@code "S#2"}), so the text stays unambiguous.
 */
public final class Printer {
    private final StringBuilder out = new StringBuilder();
    private final Map<StructType, String> structNames = new LinkedHashMap<>();
    private final Set<String> structSpellings = new HashSet<>();
    // per function
    private final Map<Instruction, Integer> numbers = new IdentityHashMap<>();
    private final Map<Block, Integer> blockIndex = new IdentityHashMap<>();
    private Function function;

    private Printer() {
    }

    /** The module's text form. */
    public static String print(Module module) {
        Printer p = new Printer();
        p.module(module);
        return p.out.toString();
    }

    /** One function alone (structs by name, no struct lines): for messages and debugging. */
    public static String print(Function function) {
        Printer p = new Printer();
        p.function(function);
        return p.out.toString();
    }

    private void module(Module m) {
        collectStructs(m);
        for (Map.Entry<StructType, String> e : structNames.entrySet()) {
            List<String> members = new ArrayList<>();
            for (StructType.Member member : e.getKey().members()) {
                members.add(Names.name(member.name()) + ": " + type(member.type())
                        + (member.offset() >= 0 ? " offset " + member.offset() : ""));
            }
            out.append("struct ").append(e.getValue()).append(" { ").append(String.join(", ", members)).append(" }\n");
        }
        for (SpecConstant s : m.specConstants()) {
            out.append("spec ").append(s.id()).append(' ').append(Names.hint(s.name())).append(" = ")
                    .append(constant(s.defaultValue())).append('\n');
        }
        for (GlobalVariable g : m.globals()) {
            global(g);
        }
        for (EntryPoint e : m.entryPoints()) {
            entry(e);
        }
        for (Function f : m.functions()) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            function(f);
        }
    }

    private void global(GlobalVariable g) {
        out.append("global ").append(Names.global(g.name())).append(" : ").append(type(g.type()));
        if (g.location() != -1) {
            out.append(" location=").append(g.location());
        }
        if (g.builtIn() != null) {
            out.append(" builtin=").append(g.builtIn().word());
        }
        if (g.set() != -1) {
            out.append(" set=").append(g.set());
        }
        if (g.binding() != -1) {
            out.append(" binding=").append(g.binding());
        }
        if (g.inputAttachment() != -1) {
            out.append(" input_attachment=").append(g.inputAttachment());
        }
        if (g.interpolation() != null && g.interpolation() != Interpolation.SMOOTH) {
            out.append(' ').append(g.interpolation().word());
        }
        if (g.centroid()) {
            out.append(" centroid");
        }
        if (g.layout() != null && g.layout() != BlockLayout.NONE) {
            out.append(" layout=").append(g.layout().word());
        }
        if (g.pair() != null) {
            out.append(" pair=").append(Names.global(g.pair()[0].name())).append(',').append(Names.global(g.pair()[1].name()));
        }
        if (g.initializer() != null) {
            out.append(" = ").append(constant(g.initializer()));
        }
        out.append('\n');
    }

    private void entry(EntryPoint e) {
        List<String> vars = new ArrayList<>();
        for (GlobalVariable g : e.interfaceVariables()) {
            vars.add(g == null ? "@?" : Names.global(g.name()));
        }
        out.append("entry ").append(e.stage() == null ? "?" : e.stage().word()).append(' ')
                .append(e.function() == null ? "@?" : Names.global(e.function().name()))
                .append('(').append(String.join(", ", vars)).append(')');
        if (!e.workgroupSize().isEmpty()) {
            out.append(" local_size=")
                    .append(String.join(",", e.workgroupSize().stream().map(String::valueOf).toList()));
        }
        if (e.earlyFragmentTests()) {
            out.append(" early_fragment_tests");
        }
        out.append('\n');
    }

    // ---- functions -------------------------------------------------------------------------------

    private void function(Function f) {
        function = f;
        numbers.clear();
        blockIndex.clear();
        for (Block b : f.blocks()) {
            blockIndex.put(b, blockIndex.size());
            for (Instruction i : b.instructions()) {
                if (i.hasResult()) {
                    numbers.put(i, numbers.size());
                }
            }
        }
        List<String> params = new ArrayList<>();
        List<String> hints = new ArrayList<>();
        boolean named = false;
        for (Argument a : f.params()) {
            params.add("%arg" + a.index() + ": " + type(a.type()));
            hints.add(Names.hint(a.name()));
            named |= a.name() != null;
        }
        out.append("func ").append(Names.global(f.name())).append('(').append(String.join(", ", params))
                .append(") -> ").append(type(f.returnType())).append(" {");
        if (named) {
            out.append(" ; ").append(String.join(", ", hints));
        }
        out.append('\n');
        for (Block b : f.blocks()) {
            block(b);
        }
        out.append("}\n");
    }

    private void block(Block b) {
        out.append(blockRef(b)).append(':');
        List<String> marks = new ArrayList<>();
        if (b.structure() != null && b.structure() != StructureKind.NONE) {
            marks.add(b.structure().word());
            if (b.merge() != null) {
                marks.add("merge=" + blockRef(b.merge()));
            }
            if (b.structure() == StructureKind.LOOP && b.continueTarget() != null) {
                marks.add("continue=" + blockRef(b.continueTarget()));
            }
            if (b.hint() != null && b.hint() != ControlHint.NONE) {
                marks.add("hint=" + b.hint().word());
            }
        }
        if (b.name() != null) {
            marks.add("(" + Names.name(b.name()) + ")");
        }
        if (!marks.isEmpty()) {
            out.append(" ; ").append(String.join(" ", marks));
        }
        out.append('\n');
        for (Instruction i : b.instructions()) {
            out.append("  ");
            instruction(i);
            out.append('\n');
        }
    }

    private void instruction(Instruction i) {
        if (i.hasResult()) {
            out.append('%').append(numbers.get(i)).append(" = ");
        }
        if (i.precise()) {
            out.append("precise ");
        }
        out.append(i.op().mnemonic());
        int[] imms = i.immediates();
        List<String> items = items(i);
        switch (i.op()) {
            case PHI -> {
                if (i.operands().size() == i.targets().size() && imms.length == 0 && !items.isEmpty()) {
                    List<String> pairs = new ArrayList<>();
                    for (int k = 0; k < i.operands().size(); k++) {
                        pairs.add("[" + operand(i.operand(k)) + ", " + blockRef(i.targets().get(k)) + "]");
                    }
                    out.append(' ').append(String.join(", ", pairs));
                } else {
                    general(items, imms, 0);
                }
            }
            case SWITCH -> {
                if (i.operands().size() == 1 && imms.length >= 1 && i.targets().size() == imms.length + 1) {
                    List<String> cases = new ArrayList<>();
                    for (int k = 0; k < imms.length; k++) {
                        cases.add(imms[k] + ": " + blockRef(i.targets().get(k + 1)));
                    }
                    out.append(' ').append(operand(i.operand(0))).append(", ").append(blockRef(i.targets().get(0)))
                            .append(" [").append(String.join(", ", cases)).append(']');
                } else {
                    general(items, imms, 0);
                }
            }
            case CALL_INTRINSIC -> {
                if (imms.length >= 1 && imms[0] >= 0 && imms[0] < Intrinsic.count()) {
                    out.append(' ').append(Intrinsic.ofOrdinal(imms[0]).glslName());
                    out.append('(').append(String.join(", ", items)).append(')');
                    immediates(imms, 1);
                } else {
                    general(items, imms, 0);
                }
            }
            case ATOMIC_RMW -> {
                if (imms.length >= 1 && imms[0] >= 0 && imms[0] < AtomicOp.values().length) {
                    out.append(' ').append(AtomicOp.values()[imms[0]].word());
                    general(items, imms, 1);
                } else {
                    general(items, imms, 0);
                }
            }
            case CALL -> {
                if (i.callee() != null) {
                    out.append(' ').append(Names.global(i.callee().name()));
                    out.append('(').append(String.join(", ", items)).append(')');
                    immediates(imms, 0);
                } else {
                    general(items, imms, 0);
                }
            }
            default -> general(items, imms, 0);
        }
        if (i.hasResult()) {
            out.append(" : ").append(type(i.type()));
            if (i.name() != null) {
                out.append(" ; ").append(Names.name(i.name()));
            }
        }
    }

    /** Operands, then targets: the general form's item list. */
    private List<String> items(Instruction i) {
        List<String> items = new ArrayList<>();
        for (Value v : i.operands()) {
            items.add(operand(v));
        }
        for (Block b : i.targets()) {
            items.add(blockRef(b));
        }
        return items;
    }

    private void general(List<String> items, int[] imms, int from) {
        if (!items.isEmpty()) {
            out.append(' ').append(String.join(", ", items));
        }
        immediates(imms, from);
    }

    private void immediates(int[] imms, int from) {
        if (imms.length > from) {
            List<String> s = new ArrayList<>();
            for (int k = from; k < imms.length; k++) {
                s.add(Integer.toString(imms[k]));
            }
            out.append(" [").append(String.join(", ", s)).append(']');
        }
    }

    private String blockRef(Block b) {
        Integer n = blockIndex.get(b);
        return n == null ? "bb?" : "bb" + n;
    }

    private String operand(Value v) {
        return switch (v) {
            case null -> "%?";
            case Constant c -> constant(c);
            case Argument a -> function != null && a.index() < function.params().size()
                    && function.params().get(a.index()) == a ? "%arg" + a.index() : "%?";
            case GlobalVariable g -> Names.global(g.name());
            case Instruction i -> numbers.containsKey(i) ? "%" + numbers.get(i) : "%?";
            case SpecConstant s -> "spec(" + s.id() + " " + Names.hint(s.name()) + ")";
        };
    }

    // ---- constants and types ---------------------------------------------------------------------

    private String constant(Constant c) {
        return switch (c) {
            case Constant.Scalar s -> scalar(s) + ":" + type(s.type());
            case Constant.Undef u -> "undef:" + type(u.type());
            case Constant.Composite k -> {
                List<String> elements = new ArrayList<>();
                for (Constant e : k.elements()) {
                    elements.add(constant(e));
                }
                yield "{" + String.join(", ", elements) + "}:" + type(k.type());
            }
        };
    }

    /** The literal of a scalar, without its type. */
    static String scalar(Constant.Scalar s) {
        return switch (s.type().kind()) {
            case BOOL -> s.boolValue() ? "true" : "false";
            case INT -> Integer.toString(s.intValue());
            case UINT -> Long.toString(s.bits());
            case FLOAT -> Float.isFinite(s.floatValue()) ? Float.toString(s.floatValue())
                    : String.format("0x%08x", s.bits());
            case DOUBLE -> Double.isFinite(s.doubleValue()) ? Double.toString(s.doubleValue())
                    : String.format("0x%016x", s.bits());
        };
    }

    private String type(Type t) {
        return TypeText.print(t, this::structName);
    }

    private String structName(StructType s) {
        String known = structNames.get(s);
        if (known != null) {
            return known;
        }
        String base = TypeText.bareStructName(s.name()) ? s.name() : Names.quote(s.name());
        String spelling = base;
        for (int n = 2; structSpellings.contains(spelling); n++) {
            spelling = Names.quote(s.name() + "#" + n);
        }
        structSpellings.add(spelling);
        structNames.put(s, spelling);
        return spelling;
    }

    /** Registers every struct in first-use order, members before the struct that holds them. */
    private void collectStructs(Module m) {
        for (SpecConstant s : m.specConstants()) {
            visit(s.type());
        }
        for (GlobalVariable g : m.globals()) {
            visit(g.type());
            visitConstant(g.initializer());
        }
        for (Function f : m.functions()) {
            f.paramTypes().forEach(this::visit);
            visit(f.returnType());
            for (Block b : f.blocks()) {
                for (Instruction i : b.instructions()) {
                    for (Value v : i.operands()) {
                        if (v instanceof Constant c) {
                            visitConstant(c);
                        }
                    }
                    visit(i.type());
                }
            }
        }
    }

    private void visitConstant(Constant c) {
        switch (c) {
            case null -> { }
            case Constant.Composite k -> {
                k.elements().forEach(this::visitConstant);
                visit(k.type());
            }
            default -> visit(c.type());
        }
    }

    private void visit(Type t) {
        switch (t) {
            case StructType s -> {
                if (!structNames.containsKey(s)) {
                    s.members().forEach(member -> visit(member.type()));
                    structName(s);
                }
            }
            case ArrayType a -> visit(a.element());
            case PointerType p -> visit(p.pointee());
            case ScalarType s -> { }
            default -> { }
        }
    }
}
