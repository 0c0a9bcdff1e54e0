package dev.csir.lang;

import java.util.List;

/**
 * A readable, indented dump of a syntax tree: one node per line with its kind, its type, name,
 * operator or value, and its {@code @line:col}; children two spaces deeper, labelled where the
 * role is not obvious. For debugging and snapshot tests; the format is csir's own.
 */
public final class AstDump {
    private final StringBuilder sb = new StringBuilder(256);

    private AstDump() {
    }

    public static String dump(Ast.Unit unit) {
        AstDump d = new AstDump();
        d.sb.append("unit\n");
        for (Ast.Decl g : unit.globals()) {
            d.decl(g, 1, null);
        }
        return d.sb.toString();
    }

    private StringBuilder line(int depth, String label) {
        for (int i = 0; i < depth; i++) {
            sb.append("  ");
        }
        if (label != null) {
            sb.append(label).append(": ");
        }
        return sb;
    }

    private void end(Ast.Pos p) {
        sb.append(" @").append(p.line()).append(':').append(p.column()).append('\n');
    }

    private void decl(Ast.Decl d, int depth, String label) {
        switch (d) {
            case Ast.VarDecl v -> {
                line(depth, label).append("var");
                Ast.Qualifiers q = v.qualifiers();
                layout(q.layout());
                if (q.interp() != Ast.Interp.NONE) {
                    sb.append(' ').append(q.interp().name().toLowerCase(java.util.Locale.ROOT));
                }
                if (q.centroid()) {
                    sb.append(" centroid");
                }
                if (q.storage() != Ast.Storage.NONE) {
                    sb.append(' ').append(q.storage().name().toLowerCase(java.util.Locale.ROOT));
                }
                if (q.isConst()) {
                    sb.append(" const");
                }
                sb.append(' ').append(v.type().name()).append(' ').append(v.name());
                for (Ast.Expr dim : v.dims()) {
                    sb.append(dim == null ? "[]" : "[.]");
                }
                end(v.pos());
                for (Ast.Expr dim : v.dims()) {
                    if (dim != null) {
                        expr(dim, depth + 1, "size");
                    }
                }
                if (v.init() != null) {
                    expr(v.init(), depth + 1, "init");
                }
            }
            case Ast.StructDecl st -> {
                line(depth, label).append("struct ").append(st.name());
                end(st.pos());
                for (dev.csir.types.StructType.Member m : st.type().members()) {
                    line(depth + 1, "member").append(m.type().name()).append(' ').append(m.name()).append('\n');
                }
            }
            case Ast.BlockDecl b -> {
                line(depth, label).append("block");
                layout(b.qualifiers().layout());
                sb.append(' ').append(b.qualifiers().storage().name().toLowerCase(java.util.Locale.ROOT)).append(' ')
                        .append(b.name());
                if (b.instance() != null) {
                    sb.append(" instance ").append(b.instance());
                }
                for (Ast.Expr dim : b.dims()) {
                    sb.append(dim == null ? "[]" : "[.]");
                }
                end(b.pos());
                for (Ast.Expr dim : b.dims()) {
                    if (dim != null) {
                        expr(dim, depth + 1, "size");
                    }
                }
                for (Ast.VarDecl m : b.members()) {
                    decl(m, depth + 1, "member");
                }
            }
            case Ast.DefaultLayout dl -> {
                line(depth, label).append("default");
                layout(dl.qualifiers().layout());
                sb.append(' ').append(dl.qualifiers().storage().name().toLowerCase(java.util.Locale.ROOT));
                end(dl.pos());
            }
            case Ast.FuncDecl f -> {
                line(depth, label).append("func ").append(f.returnType().name()).append(' ').append(f.name());
                end(f.pos());
                for (Ast.Param p : f.params()) {
                    line(depth + 1, null).append("param ")
                            .append(p.direction() == Ast.Direction.IN ? "" : p.direction().name().toLowerCase(java.util.Locale.ROOT) + " ")
                            .append(p.type().name()).append(' ').append(p.name());
                    end(p.pos());
                }
                if (f.body() == null) {
                    line(depth + 1, null).append("prototype\n");
                } else {
                    stmt(f.body(), depth + 1, null);
                }
            }
        }
    }

    private void layout(Ast.Layout layout) {
        if (layout.ids().isEmpty()) {
            return;
        }
        sb.append(" layout(");
        for (int i = 0; i < layout.ids().size(); i++) {
            Ast.LayoutId id = layout.ids().get(i);
            sb.append(i == 0 ? "" : ", ").append(id.name());
            if (id.hasValue()) {
                sb.append('=').append(id.value());
            }
        }
        sb.append(')');
    }

    private void stmt(Ast.Stmt s, int depth, String label) {
        switch (s) {
            case Ast.Empty e -> {
                line(depth, label).append("empty");
                end(e.pos());
            }
            case Ast.Block b -> {
                line(depth, label).append("block");
                end(b.pos());
                stmts(b.stmts(), depth + 1);
            }
            // an assignment statement reads as one, not as an expression holding one
            case Ast.ExprStmt e when e.expr() instanceof Ast.Assign a -> expr(a, depth, label);
            case Ast.ExprStmt e -> {
                line(depth, label).append("expr");
                end(e.pos());
                expr(e.expr(), depth + 1, null);
            }
            case Ast.DeclStmt d -> decl(d.decl(), depth, label);
            case Ast.Decls d -> {
                for (Ast.Decl v : d.decls()) {
                    decl(v, depth, label);
                }
            }
            case Ast.If i -> {
                line(depth, label).append("if");
                end(i.pos());
                expr(i.cond(), depth + 1, "cond");
                stmt(i.then(), depth + 1, "then");
                if (i.otherwise() != null) {
                    stmt(i.otherwise(), depth + 1, "else");
                }
            }
            case Ast.For f -> {
                line(depth, label).append("for");
                end(f.pos());
                if (f.init() != null) {
                    stmt(f.init(), depth + 1, "init");
                }
                if (f.cond() != null) {
                    expr(f.cond(), depth + 1, "cond");
                }
                if (f.step() != null) {
                    expr(f.step(), depth + 1, "step");
                }
                stmt(f.body(), depth + 1, "body");
            }
            case Ast.DoWhile d -> {
                line(depth, label).append("do");
                end(d.pos());
                stmt(d.body(), depth + 1, "body");
                expr(d.cond(), depth + 1, "cond");
            }
            case Ast.Switch w -> {
                line(depth, label).append("switch");
                end(w.pos());
                expr(w.selector(), depth + 1, "selector");
                stmts(w.body(), depth + 1);
            }
            case Ast.Case c -> {
                line(depth, label).append(c.value() == null ? "default" : "case");
                end(c.pos());
                if (c.value() != null) {
                    expr(c.value(), depth + 1, null);
                }
            }
            case Ast.Return r -> {
                line(depth, label).append("return");
                end(r.pos());
                if (r.value() != null) {
                    expr(r.value(), depth + 1, null);
                }
            }
            case Ast.Discard d -> {
                line(depth, label).append("discard");
                end(d.pos());
            }
            case Ast.Break b -> {
                line(depth, label).append("break");
                end(b.pos());
            }
            case Ast.Continue c -> {
                line(depth, label).append("continue");
                end(c.pos());
            }
        }
    }

    private void stmts(List<Ast.Stmt> list, int depth) {
        for (Ast.Stmt s : list) {
            stmt(s, depth, null);
        }
    }

    private void expr(Ast.Expr e, int depth, String label) {
        line(depth, label);
        switch (e) {
            case Ast.IntLit i -> {
                sb.append("int ").append(i.value());
                end(i.pos());
            }
            case Ast.UintLit u -> {
                sb.append("uint ").append(u.value());
                end(u.pos());
            }
            case Ast.FloatLit f -> {
                sb.append("float ").append(f.value());
                end(f.pos());
            }
            case Ast.BoolLit b -> {
                sb.append("bool ").append(b.value());
                end(b.pos());
            }
            case Ast.Ident i -> {
                sb.append("ident ").append(i.name());
                end(i.pos());
            }
            case Ast.Call c -> {
                sb.append("call ").append(c.name());
                end(c.pos());
                for (Ast.Expr a : c.args()) {
                    expr(a, depth + 1, null);
                }
            }
            case Ast.Construct c -> {
                sb.append("construct ").append(c.type().name());
                for (Ast.Expr dim : c.dims()) {
                    sb.append(dim == null ? "[]" : "[.]");
                }
                end(c.pos());
                for (Ast.Expr dim : c.dims()) {
                    if (dim != null) {
                        expr(dim, depth + 1, "size");
                    }
                }
                for (Ast.Expr a : c.args()) {
                    expr(a, depth + 1, null);
                }
            }
            case Ast.Unary u -> {
                sb.append("unary ").append(switch (u.op()) {
                    case NEG -> '-';
                    case NOT -> '!';
                    case BIT_NOT -> '~';
                });
                end(u.pos());
                expr(u.operand(), depth + 1, null);
            }
            case Ast.Binary b -> {
                sb.append("binary ").append(b.op().symbol());
                end(b.pos());
                expr(b.left(), depth + 1, null);
                expr(b.right(), depth + 1, null);
            }
            case Ast.Swizzle s -> {
                sb.append("swizzle ").append(s.letters()).append(" mask=").append(s.mask())
                        .append(" count=").append(s.count());
                end(s.pos());
                expr(s.base(), depth + 1, null);
            }
            case Ast.Field f -> {
                sb.append("field ").append(f.name());
                end(f.pos());
                expr(f.base(), depth + 1, null);
            }
            case Ast.Length l -> {
                sb.append("length");
                end(l.pos());
                expr(l.base(), depth + 1, null);
            }
            case Ast.Index i -> {
                sb.append("index");
                end(i.pos());
                expr(i.base(), depth + 1, "base");
                expr(i.index(), depth + 1, "index");
            }
            case Ast.Step s -> {
                sb.append("step ").append(s.increment() ? "++" : "--").append(s.prefix() ? " prefix" : " postfix");
                end(s.pos());
                expr(s.target(), depth + 1, null);
            }
            case Ast.Conditional c -> {
                sb.append("conditional");
                end(c.pos());
                expr(c.cond(), depth + 1, "cond");
                expr(c.then(), depth + 1, "then");
                expr(c.otherwise(), depth + 1, "else");
            }
            case Ast.Assign a -> {
                sb.append("assign");
                end(a.pos());
                expr(a.target(), depth + 1, "target");
                expr(a.value(), depth + 1, "value");
            }
            case Ast.Comma c -> {
                sb.append("comma");
                end(c.pos());
                expr(c.left(), depth + 1, null);
                expr(c.right(), depth + 1, null);
            }
        }
    }
}
