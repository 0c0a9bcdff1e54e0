package dev.csir.lower;

import dev.csir.ir.Type;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.*;
import java.util.List;

/** Hand-built syntax trees for lowering tests (positions: line 1, column given or 1). */
final class A {
    private A() {
    }

    static Pos p(int col) {
        return new Pos(1, col);
    }

    static final Pos P = p(1);

    static Unit unit(Decl... d) {
        return new Unit(List.of(d));
    }

    static VarDecl global(Storage st, Type t, String name) {
        return new VarDecl(P, new Qualifiers(-1, false, st, false), t, P, name, null);
    }

    static VarDecl global(Storage st, int loc, Type t, String name) {
        return new VarDecl(P, new Qualifiers(loc, false, st, false), t, P, name, null);
    }

    static VarDecl global(Storage st, Type t, String name, Expr init) {
        return new VarDecl(P, new Qualifiers(-1, false, st, false), t, P, name, init);
    }

    static FuncDecl fn(Type ret, String name, List<Param> params, Stmt... body) {
        return new FuncDecl(P, ret, name, params, new Block(P, List.of(body)));
    }

    static FuncDecl main(Stmt... body) {
        return fn(Type.VOID, "main", List.of(), body);
    }

    static Param param(Type t, String name) {
        return new Param(P, t, name);
    }

    static Stmt local(Type t, String name, Expr init) {
        return new DeclStmt(P, new VarDecl(P, Qualifiers.NONE, t, P, name, init));
    }

    static Stmt set(String name, Expr value) {
        return new Assign(P, id(name), value);
    }

    static Stmt set(Pos at, Expr target, Expr value) {
        return new Assign(at, target, value);
    }

    static Stmt ret(Expr e) {
        return new Return(P, e);
    }

    static Stmt block(Stmt... s) {
        return new Block(P, List.of(s));
    }

    static Stmt iff(Expr c, Stmt then, Stmt otherwise) {
        return new If(P, c, then, otherwise);
    }

    static Stmt loop(String var, long from, BinaryOp cmp, long to, boolean inc, Stmt body) {
        return new For(P, local(Type.INT, var, lit(from)), new Binary(P, cmp, id(var), lit(to)),
                new Step(P, id(var), inc, false), body);
    }

    static Expr lit(float f) {
        return new FloatLit(P, f);
    }

    static Expr lit(long i) {
        return new IntLit(P, i, (float) i);
    }

    static Expr id(String n) {
        return new Ident(P, n);
    }

    static Expr call(String n, Expr... args) {
        return new Call(P, n, List.of(args));
    }

    static Expr ctor(Type t, Expr... args) {
        return new Construct(P, t, List.of(args));
    }

    static Expr vec4(float x, float y, float z, float w) {
        return ctor(Type.VEC4, lit(x), lit(y), lit(z), lit(w));
    }

    static Expr bin(BinaryOp op, Expr l, Expr r) {
        return new Binary(P, op, l, r);
    }

    static Expr add(Expr l, Expr r) {
        return bin(BinaryOp.ADD, l, r);
    }

    static Expr mul(Expr l, Expr r) {
        return bin(BinaryOp.MUL, l, r);
    }

    static Expr swz(Expr base, String letters) {
        int mask = 0;
        for (int i = 0; i < letters.length(); i++) {
            mask |= "xyzw".indexOf(letters.charAt(i)) << (2 * i);
        }
        return new Swizzle(P, base, letters, mask, letters.length());
    }

    static Expr neg(Expr e) {
        return new Unary(P, UnaryOp.NEG, e);
    }
}
