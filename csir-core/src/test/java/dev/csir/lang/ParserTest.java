package dev.csir.lang;

import static dev.csir.lang.LangTesting.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csir.types.ScalarType;
import dev.csir.types.VectorType;
import dev.csir.lang.Ast.*;
import org.junit.jupiter.api.Test;

/** The shape and positions of the trees the parser builds. */
class ParserTest {

    /** The expression of {@code float x = SRC;}, the single global. */
    private static Expr init(String expr) {
        VarDecl d = (VarDecl) ok("float x = " + expr + ";").globals().getFirst();
        return d.init();
    }

    /** The statements of {@code void main() { BODY }}. */
    private static java.util.List<Stmt> body(String body) {
        FuncDecl f = (FuncDecl) ok("void main() { " + body + " }").globals().getFirst();
        return f.body().stmts();
    }

    @Test
    void globalDeclarationsAndQualifiers() {
        Ast.Unit u = ok("""
                #version 330
                layout(location = 3) in vec4 p;
                smooth out vec3 n;
                layout(location=1) smooth in const vec2 t;
                uniform mat4 m;
                const float k = 2.0;
                out const int o;
                sampler2D s;
                """);
        assertThat(u.globals()).hasSize(7);
        VarDecl p = (VarDecl) u.globals().get(0);
        assertQualifiers(p.qualifiers(), 3, false, Storage.IN, false);
        assertThat(p.type()).isEqualTo(VectorType.VEC4);
        assertThat(p.name()).isEqualTo("p");
        assertThat(p.pos()).isEqualTo(new Pos(2, 30)); // line 1 is the #version that makes smooth a keyword
        assertThat(p.typePos()).isEqualTo(new Pos(2, 25));
        assertQualifiers(((VarDecl) u.globals().get(1)).qualifiers(), -1, true, Storage.OUT, false);
        assertQualifiers(((VarDecl) u.globals().get(2)).qualifiers(), 1, true, Storage.IN, true);
        assertQualifiers(((VarDecl) u.globals().get(3)).qualifiers(), -1, false, Storage.UNIFORM, false);
        VarDecl k = (VarDecl) u.globals().get(4);
        assertQualifiers(k.qualifiers(), -1, false, Storage.CONST, false);
        assertThat(k.init()).isEqualTo(new FloatLit(new Pos(6, 17), 2.0f));
        assertQualifiers(((VarDecl) u.globals().get(5)).qualifiers(), -1, false, Storage.OUT, true);
        assertThat(((VarDecl) u.globals().get(6)).qualifiers()).isSameAs(Qualifiers.NONE);
    }

    @Test
    void aParenthesisedLiteralTakesAPostfixABareOneDoesNot() {
        Expr e = init("(2.0).x");
        assertThat(e).isInstanceOf(Swizzle.class);
        assertThat(((Swizzle) e).base()).isEqualTo(new FloatLit(new Pos(1, 12), 2.0f));
        assertThat(LangTesting.errors("float x = 2.0.x;")).first().asString().endsWith("expected ';'");
    }

    @Test
    void functions() {
        Ast.Unit u = ok("vec3 f(vec3 a, float b) { return a * b; }\nvoid main() { }");
        FuncDecl f = (FuncDecl) u.globals().get(0);
        assertThat(f.pos()).isEqualTo(new Pos(1, 6));
        assertThat(f.returnType()).isEqualTo(VectorType.VEC3);
        assertThat(f.params()).containsExactly(new Param(new Pos(1, 13), VectorType.VEC3, "a"),
                new Param(new Pos(1, 22), ScalarType.FLOAT, "b"));
        assertThat(f.body().pos()).isEqualTo(new Pos(1, 25));
        Return r = (Return) f.body().stmts().getFirst();
        assertThat(r.pos()).isEqualTo(new Pos(1, 27));
        assertThat(r.value()).isInstanceOf(Binary.class);
        FuncDecl main = (FuncDecl) u.globals().get(1);
        assertThat(main.params()).isEmpty();
        assertThat(main.body().stmts()).isEmpty();
    }

    @Test
    void binaryOperatorsArePositionedAtTheOperatorAndLeftAssociative() {
        Binary sub = (Binary) init("a - b - c");
        assertThat(sub.pos()).isEqualTo(new Pos(1, 17));
        assertThat(sub.op()).isEqualTo(BinaryOp.SUB);
        assertThat(sub.right()).isEqualTo(new Ident(new Pos(1, 19), "c"));
        Binary inner = (Binary) sub.left();
        assertThat(inner.pos()).isEqualTo(new Pos(1, 13));
        assertThat(inner.left()).isEqualTo(new Ident(new Pos(1, 11), "a"));
    }

    @Test
    void precedence() {
        assertThat(AstDump.dump(ok("float x = a || b && c == d < e + f * g;"))).isEqualTo("""
                unit
                  var float x @1:7
                    init: binary || @1:13
                      ident a @1:11
                      binary && @1:18
                        ident b @1:16
                        binary == @1:23
                          ident c @1:21
                          binary < @1:28
                            ident d @1:26
                            binary + @1:32
                              ident e @1:30
                              binary * @1:36
                                ident f @1:34
                                ident g @1:38
                """);
        Binary mod = (Binary) init("a * b / c % d");
        assertThat(mod.op()).isEqualTo(BinaryOp.MOD);
        assertThat(((Binary) mod.left()).op()).isEqualTo(BinaryOp.DIV);
        Binary cmp = (Binary) init("a != b >= c");
        assertThat(cmp.op()).isEqualTo(BinaryOp.NE);
        assertThat(((Binary) cmp.right()).op()).isEqualTo(BinaryOp.GE);
        Binary paren = (Binary) init("(a + b) * c");
        assertThat(paren.op()).isEqualTo(BinaryOp.MUL);
        assertThat(((Binary) paren.left()).op()).isEqualTo(BinaryOp.ADD);
    }

    @Test
    void unaryOperators() {
        assertThat(init("+a")).isEqualTo(new Ident(new Pos(1, 12), "a"));
        assertThat(init("-!a")).isEqualTo(new Unary(new Pos(1, 11), UnaryOp.NEG,
                new Unary(new Pos(1, 12), UnaryOp.NOT, new Ident(new Pos(1, 13), "a"))));
        assertThat(init("- +a")).isEqualTo(new Unary(new Pos(1, 11), UnaryOp.NEG, new Ident(new Pos(1, 14), "a")));
        // Unary operators bind tighter than binary ones.
        Binary b = (Binary) init("-a * b");
        assertThat(b.left()).isInstanceOf(Unary.class);
    }

    @Test
    void incrementsAndDecrements() {
        assertThat(init("++a")).isEqualTo(new Step(new Pos(1, 11), new Ident(new Pos(1, 13), "a"), true, true));
        assertThat(init("a--")).isEqualTo(new Step(new Pos(1, 12), new Ident(new Pos(1, 11), "a"), false, false));
        ExprStmt s = (ExprStmt) body("k++;").getFirst();
        // An expression statement sits where its expression does: here the operator.
        assertThat(s.pos()).isEqualTo(new Pos(1, 16));
        assertThat(s.expr()).isEqualTo(new Step(new Pos(1, 16), new Ident(new Pos(1, 15), "k"), true, false));
    }

    @Test
    void literals() {
        assertThat(init("7")).isEqualTo(new IntLit(new Pos(1, 11), 7, 7f));
        assertThat(init("1.5")).isEqualTo(new FloatLit(new Pos(1, 11), 1.5f));
        assertThat(init("true")).isEqualTo(new BoolLit(new Pos(1, 11), true));
        assertThat(init("false")).isEqualTo(new BoolLit(new Pos(1, 11), false));
    }

    @Test
    void callsConstructorsSwizzlesAndIndexes() {
        Call c = (Call) init("max(a, 1.0)");
        assertThat(c.pos()).isEqualTo(new Pos(1, 11));
        assertThat(c.name()).isEqualTo("max");
        assertThat(c.args()).hasSize(2);
        assertThat(((Call) init("f()")).args()).isEmpty();
        Construct v = (Construct) init("ivec3(1, 2, 3)");
        assertThat(v.pos()).isEqualTo(new Pos(1, 11));
        assertThat(v.type()).isEqualTo(VectorType.IVEC3);
        assertThat(v.args()).hasSize(3);
        Swizzle s = (Swizzle) init("v.wzyx");
        assertThat(s.pos()).isEqualTo(new Pos(1, 12));
        assertThat(s.letters()).isEqualTo("wzyx");
        assertThat(s.mask()).isEqualTo(3 | 2 << 2 | 1 << 4);
        assertThat(s.count()).isEqualTo(4);
        Swizzle rgba = (Swizzle) init("c.rgba");
        assertThat(rgba.mask()).isEqualTo(1 << 2 | 2 << 4 | 3 << 6);
        assertThat(((Swizzle) init("c.g")).mask()).isEqualTo(1);
        Index ix = (Index) init("m[1 + 1]");
        assertThat(ix.pos()).isEqualTo(new Pos(1, 12));
        assertThat(ix.index()).isInstanceOf(Binary.class);
        // Postfix operators chain on calls, constructors and parenthesised expressions.
        Swizzle chained = (Swizzle) init("texture(s, uv).rgb[0].x");
        Index mid = (Index) chained.base();
        assertThat(((Swizzle) mid.base()).base()).isInstanceOf(Call.class);
        assertThat(((Swizzle) init("(a + b).x")).base()).isInstanceOf(Binary.class);
        assertThat(((Swizzle) init("vec4(1.0).xy")).base()).isInstanceOf(Construct.class);
    }

    @Test
    void statements() {
        var stmts = body("; { } discard; return; return 1.0; x = y; f(x); float a = 1.0; vec2 b;"
                + " if (a > 0.0) x = y; else { } for (int i = 0; i < 4; i++) ; for (;;) { } for (i; ; --i) ;"
                + " float g(float t) { return t; }");
        assertThat(stmts).hasSize(14);
        assertThat(stmts.get(0)).isEqualTo(new Empty(new Pos(1, 15)));
        assertThat(stmts.get(1)).isEqualTo(new Block(new Pos(1, 17), java.util.List.of()));
        assertThat(stmts.get(2)).isEqualTo(new Discard(new Pos(1, 21)));
        assertThat(stmts.get(3)).isEqualTo(new Return(new Pos(1, 30), null));
        assertThat(((Return) stmts.get(4)).value()).isEqualTo(new FloatLit(new Pos(1, 45), 1f));
        Assign a = (Assign) ((ExprStmt) stmts.get(5)).expr();
        assertThat(a.pos()).isEqualTo(new Pos(1, 52));
        assertThat(a.target()).isEqualTo(new Ident(new Pos(1, 50), "x"));
        assertThat(stmts.get(6)).isInstanceOf(ExprStmt.class);
        DeclStmt d = (DeclStmt) stmts.get(7);
        assertThat(d.pos()).isEqualTo(d.decl().pos());
        assertThat(((VarDecl) d.decl()).init()).isNotNull();
        assertThat(((VarDecl) ((DeclStmt) stmts.get(8)).decl()).init()).isNull();
        If i = (If) stmts.get(9);
        assertThat(i.then()).isInstanceOf(ExprStmt.class);
        assertThat(i.otherwise()).isInstanceOf(Block.class);
        For f = (For) stmts.get(10);
        assertThat(f.init()).isInstanceOf(DeclStmt.class);
        assertThat(((VarDecl) ((DeclStmt) f.init()).decl()).type()).isEqualTo(ScalarType.INT);
        assertThat(f.cond()).isInstanceOf(Binary.class);
        assertThat(f.step()).isInstanceOf(Step.class);
        assertThat(f.body()).isInstanceOf(Empty.class);
        For empty = (For) stmts.get(11);
        assertThat(empty.init()).isNull();
        assertThat(empty.cond()).isNull();
        assertThat(empty.step()).isNull();
        For exprInit = (For) stmts.get(12);
        assertThat(exprInit.init()).isInstanceOf(ExprStmt.class);
        assertThat(((Step) exprInit.step()).prefix()).isTrue();
        // A function definition inside a block parses (semantics ignore it).
        assertThat(((DeclStmt) stmts.get(13)).decl()).isInstanceOf(FuncDecl.class);
    }

    @Test
    void danglingElseBindsToTheNearestIf() {
        If outer = (If) body("if (a) if (b) x = y; else x = z;").getFirst();
        assertThat(outer.otherwise()).isNull();
        assertThat(((If) outer.then()).otherwise()).isInstanceOf(ExprStmt.class);
    }

    @Test
    void localDeclarationsTakeTheGlobalPath() {
        var stmts = ((FuncDecl) ok("#version 330\nvoid main() { const float c = 1.0; uniform float u; "
                + "layout(location = 2) smooth vec3 n; }").globals().getFirst()).body().stmts();
        VarDecl c = (VarDecl) ((DeclStmt) stmts.get(0)).decl();
        assertThat(c.qualifiers().storage()).isEqualTo(Storage.CONST);
        VarDecl u = (VarDecl) ((DeclStmt) stmts.get(1)).decl();
        assertThat(u.qualifiers().storage()).isEqualTo(Storage.UNIFORM);
        VarDecl n = (VarDecl) ((DeclStmt) stmts.get(2)).decl();
        assertQualifiers(n.qualifiers(), 2, true, Storage.NONE, false);
    }

    @Test
    void positionsCarryTheSpanOfTheirToken() {
        String src = "void main() { float longName = 1.0; }";
        Ast.Unit u = ok(src);
        FuncDecl f = (FuncDecl) u.globals().get(0);
        VarDecl v = (VarDecl) ((DeclStmt) f.body().stmts().getFirst()).decl();
        assertThat(src.substring(v.pos().offset(), v.pos().offset() + v.pos().length())).isEqualTo("longName");
        assertThat(src.substring(f.pos().offset(), f.pos().offset() + f.pos().length())).isEqualTo("main");
        // equal by line and column: a hand-made position without a span names the same place
        assertThat(v.pos()).isEqualTo(new Pos(1, 21)).hasSameHashCodeAs(new Pos(1, 21));
    }

    /** The qualifiers as written: the location of the layout (-1: none), smooth, storage and trailing const. */
    private static void assertQualifiers(Qualifiers q, int location, boolean smooth, Storage storage, boolean isConst) {
        assertThat(q.location()).isEqualTo(location);
        assertThat(q.interp() == Ast.Interp.SMOOTH).isEqualTo(smooth);
        assertThat(q.storage()).isEqualTo(storage);
        assertThat(q.isConst()).isEqualTo(isConst);
    }
}
