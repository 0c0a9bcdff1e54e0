package dev.csir.ssa;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep copies of modules and functions, so that a pass can work on a copy and the original
 * survives when it fails. Constants are values and are shared; everything else is new.
 */
public final class Copier {
    private final Map<Object, Object> map = new IdentityHashMap<>();

    private Copier() {
    }

    /** A module equal to {@code m} that shares no mutable object with it. */
    public static Module copy(Module m) {
        return new Copier().module(m);
    }

    private Module module(Module m) {
        Module out = new Module();
        for (SpecConstant s : m.specConstants()) {
            SpecConstant c = new SpecConstant(s.id(), s.name(), s.defaultValue());
            map.put(s, c);
            out.specConstants().add(c);
        }
        for (GlobalVariable g : m.globals()) {
            GlobalVariable c = new GlobalVariable(g.name(), g.space(), g.valueType()).setLocation(g.location())
                    .setBuiltIn(g.builtIn()).setBinding(g.set(), g.binding())
                    .setInputAttachment(g.inputAttachment()).setInterpolation(g.interpolation()).setCentroid(g.centroid())
                    .setLayout(g.layout()).setInitializer(g.initializer());
            map.put(g, c);
            out.addGlobal(c);
        }
        for (GlobalVariable g : m.globals()) {
            GlobalVariable[] pair = g.pair();
            if (pair != null) {
                ((GlobalVariable) map.get(g)).setPair((GlobalVariable) map.get(pair[0]), (GlobalVariable) map.get(pair[1]));
            }
        }
        for (Function f : m.functions()) {
            Function c = new Function(f.name(), f.returnType(), f.paramTypes());
            for (int i = 0; i < f.params().size(); i++) {
                c.params().get(i).setName(f.params().get(i).name());
                map.put(f.params().get(i), c.params().get(i));
            }
            map.put(f, c);
            out.addFunction(c);
        }
        for (Function f : m.functions()) {
            body(f, (Function) map.get(f));
        }
        for (EntryPoint e : m.entryPoints()) {
            List<GlobalVariable> iface = new ArrayList<>();
            for (GlobalVariable g : e.interfaceVariables()) {
                iface.add((GlobalVariable) map.getOrDefault(g, g));
            }
            out.entryPoints().add(new EntryPoint(e.stage(), (Function) map.getOrDefault(e.function(), e.function()),
                    iface, e.workgroupSize(), e.earlyFragmentTests()));
        }
        return out;
    }

    private void body(Function from, Function to) {
        for (Block b : from.blocks()) {
            map.put(b, to.addBlock(b.name()));
        }
        Map<Instruction, Instruction> made = new HashMap<>();
        for (Block b : from.blocks()) {
            Block c = (Block) map.get(b);
            for (Instruction i : b.instructions()) {
                Instruction n = new Instruction(i.op(), i.type(), i.operands(), List.of(), i.immediates());
                n.setPrecise(i.precise());
                n.setName(i.name());
                n.setPosition(i.line(), i.column());
                c.append(n);
                map.put(i, n);
                made.put(i, n);
            }
        }
        // operands, targets and callees point into the copy once every instruction exists
        for (Map.Entry<Instruction, Instruction> e : made.entrySet()) {
            Instruction i = e.getKey();
            Instruction n = e.getValue();
            for (int k = 0; k < n.operands().size(); k++) {
                Value v = n.operands().get(k);
                n.operands().set(k, (Value) map.getOrDefault(v, v));
            }
            for (Block t : i.targets()) {
                n.targets().add(t == null ? null : (Block) map.getOrDefault(t, t));
            }
            if (i.callee() != null) {
                n.setCallee((Function) map.getOrDefault(i.callee(), i.callee()));
            }
        }
        for (Block b : from.blocks()) {
            Block c = (Block) map.get(b);
            switch (b.structure()) {
                case SELECTION -> c.markSelection(block(b.merge()), b.hint());
                case LOOP -> c.markLoop(block(b.merge()), block(b.continueTarget()), b.hint());
                case NONE -> {
                }
            }
        }
    }

    private Block block(Block b) {
        return b == null ? null : (Block) map.getOrDefault(b, b);
    }
}
