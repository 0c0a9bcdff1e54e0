package dev.csir.ssa.opt;

import dev.csir.ssa.Block;
import dev.csir.ssa.Builder;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.Instruction;
import dev.csir.ssa.Module;
import dev.csir.ssa.Opcode;
import dev.csir.ssa.Value;
import dev.csir.types.AddressSpace;
import dev.csir.types.PointerType;
import java.util.ArrayList;
import java.util.List;

/**
 * Private globals become locals of the one function that is left after inlining: a module
 * whose only function is its entry point has no other code that could see them between
 * invocations. An alloca at the top of the entry block takes each one's place (and its
 * initializer as the first store), so SROA and mem2reg can then split and promote it like any
 * local, which matters most to an array a back end can only hold as registers.
 */
public final class Localize implements Pass {
    @Override
    public String name() {
        return "localize";
    }

    @Override
    public boolean run(Module module) {
        if (module.functions().size() != 1 || module.entryPoints().size() != 1) {
            return false;
        }
        Function f = module.functions().getFirst();
        List<GlobalVariable> privates = new ArrayList<>();
        for (GlobalVariable g : module.globals()) {
            if (g.space() == AddressSpace.PRIVATE) {
                privates.add(g);
            }
        }
        if (privates.isEmpty()) {
            return false;
        }
        Builder b = new Builder(f);
        for (GlobalVariable g : privates) {
            Instruction local = b.alloca(g.valueType(), g.name());
            if (g.initializer() != null) {
                Block entry = f.entry();
                int at = entry.instructions().indexOf(local) + 1;
                while (at < entry.instructions().size() && entry.instructions().get(at).op() == Opcode.ALLOCA) {
                    at++;
                }
                entry.insert(at, b.at(entry).store(local, g.initializer()));
            }
            for (Block blk : f.blocks()) {
                for (Instruction i : blk.instructions()) {
                    if (i != local) {
                        i.replaceOperand(g, local);
                    }
                }
            }
            module.globals().remove(g);
        }
        // the access chains into what were private globals now point into function memory
        for (boolean again = true; again;) {
            again = false;
            for (Block blk : f.blocks()) {
                for (Instruction i : blk.instructions()) {
                    if (i.op() == Opcode.ACCESS_CHAIN && i.type() instanceof PointerType p
                            && p.space() == AddressSpace.PRIVATE && i.operand(0).type() instanceof PointerType base
                            && base.space() == AddressSpace.FUNCTION) {
                        i.rewrite(Opcode.ACCESS_CHAIN, new PointerType(AddressSpace.FUNCTION, p.pointee()), new ArrayList<>(i.operands()),
                                i.immediates());
                        again = true;
                    }
                }
            }
        }
        return true;
    }
}
