/* Lifting accesses to arrays: pointer views (an array and an element
 * offset), subscripts of any rank, and element reads and writes. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>

/* ---- pointer views ---- */
/* A pointer into an array (`double *row = &A[i * m];`, `A + off` passed to
 * a helper) is a view: the array and an element offset. The offset is an
 * integer local like any other (carried through loops, merged after ifs,
 * private to a map's iterations), so `row[j]` reads A[row + j]. */
CXCursor strip_casts(CXCursor c) {
    for (;;) {
        c = strip_implicit(c);
        if (clang_getCursorKind(c) != CXCursor_CStyleCastExpr)
            return c;
        Kids k = kids_of(c);
        c = k.items[k.n - 1];
    }
}

bool is_pointer_type(CXCursor c) {
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

/* NULL, 0 or (void *)0 */
bool is_null_pointer(Lift *L, CXCursor c) {
    c = strip_casts(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_GNUNullExpr)
        return true;
    if (k != CXCursor_IntegerLiteral)
        return false;
    /* (NULL: 0 in C's ((void *)0), whose text is the macro's name; inside
     * a macro's argument the literal has no text of its own: its value) */
    const char *text = extent_text(L->fe, c);
    if (strcmp(text, "0") == 0 || strcmp(text, "NULL") == 0)
        return true;
    bool ok;
    Operand v = evaluate_constant(L, c, &ok);
    return ok && v.kind == OPD_CONST && !type_is_float(v.ty) && v.ival == 0;
}

static Operand offset_plus(Lift *L, CXCursor at, Operand off, Operand k, bool minus) {
    Builder bd = lift_builder(L, at);
    if (type_is_float(k.ty))
        lift_fail(L, at, NULL, "pointer offset of floating type%s", "");
    if (opd_is_const(off, 0) && !minus)
        return b_cast(&bd, type_long(), k);
    if (opd_is_const(k, 0))
        return b_cast(&bd, type_long(), off);
    Operand sum = b_op(&bd, minus ? OP_SUB : OP_ADD, type_long(), b_cast(&bd, type_long(), off),
                       b_cast(&bd, type_long(), k));
    Stmt *last = bd.b->stmts.len ? bd.b->stmts.items[bd.b->stmts.len - 1] : NULL;
    if (last && sum.kind == OPD_VAR && last->dst == sum.var)
        last->view_sum = true;
    return sum;
}

static const char *view_hint = "point into an array: &a[i], a + i, or another such pointer";

/* Whether the offset of pointer expression e reads an array or calls a
 * function (both arms of c ? p : q are lifted; C evaluates one). */
static bool offset_reads(Lift *L, CXCursor e) {
    CXCursor c = strip_casts(e);
    bool post;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "&")) {
        CXCursor a = strip_implicit(kids_of(c).items[0]);
        if (clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr) {
            Kids ak = kids_of(a);
            return offset_reads(L, ak.items[0]) ||
                   has_kind(ak.items[1], CXCursor_ArraySubscriptExpr) ||
                   has_kind(ak.items[1], CXCursor_CallExpr);
        }
    }
    return has_kind(c, CXCursor_ArraySubscriptExpr) || has_kind(c, CXCursor_CallExpr);
}

/* Rows of 2-D arrays are followed whole: a pointer is row i (A[i],
 * &A[i][0]), never an element inside a row. */
Buffer *inside_row(Lift *L, CXCursor at, Buffer *buf) {
    if (buf->field) /* each struct's array: a row of the field's */
        lift_fail(L, at,
                  "index the field itself, with the offset in the subscript: "
                  "L->W[o * n + i] for w_row = L->W + o * n; w_row[i]",
                  "a pointer into the middle of the array '%s' points to (pargrad follows "
                  "each element's array whole)",
                  arena_printf(L->a, "%s[i].%s", buf->name, buf->field));
    else
        lift_fail(L, at, "point at the row itself, A[i], and index it: row[j]",
                  "a pointer into the middle of a row of the 2-D array '%s'", buf->name);
    return NULL;
}

/* *p++ = e, s += *q++, *--p: the element at the pointer's offset before
 * (postfix) or after (prefix) it moves by one. */
static Buffer *step_view(Lift *L, CXCursor c, Operand *off) {
    bool post;
    const char *op = unop_of(L, c, &post);
    CXCursor v = strip_casts(kids_of(c).items[0]);
    int b = clang_getCursorKind(v) == CXCursor_DeclRefExpr ? env_lookup(L, v) : -1;
    if (b >= 0 && L->env[b].is_view && L->env[b].buf_why) {
        lift_fail(L, c, L->env[b].buf_hint, L->env[b].buf_why, L->env[b].name);
        return NULL;
    }
    if (b < 0 || !L->env[b].is_view || !L->env[b].buf) {
        lift_fail(L, c, view_hint, "'%s' on something that is not a pointer into an array", op);
        return NULL;
    }
    Buffer *buf = L->env[b].buf;
    if (buf->rank > 1)
        return inside_row(L, c, buf);
    if (!check_assignable(L, c, b))
        return NULL;
    Builder bd = lift_builder(L, c);
    Operand old = binding_value(L, c, b);
    Operand moved = op[0] == '+' ? b_add(&bd, old, opd_int(1)) : b_sub(&bd, old, opd_int(1));
    assign_scalar(L, c, b, b_cast(&bd, type_long(), moved));
    *off = post ? old : L->env[b].val;
    return buf;
}

/* The array the pointer expression e points into, with the offset there
 * (for a 2-D array: the row) in *off; NULL (reported) if e is not one
 * pargrad can follow. */
/* The element offset of X[i][j]... (subs[0] the outermost, nsub of them)
 * in the flat array a view of rows X points into: i * m + j for
 * double (*X)[m], a row's start i * m for X[i]. */
static Operand rows_offset(Lift *L, CXCursor at, const Binding *v, CXCursor *subs, int nsub) {
    Builder bd = lift_builder(L, at);
    Operand flat = opd_none();
    for (int d = 0; d < v->rows_nd + 1; d++) {
        Operand sub = d < nsub ? lift_expr(L, subs[d]) : opd_int(0);
        if (type_is_float(sub.ty))
            lift_fail(L, subs[d], NULL, "array index of floating type%s", "");
        sub = b_cast(&bd, type_long(), sub);
        flat = d == 0 ? sub
                      : b_add(&bd, b_mul(&bd, flat, b_cast(&bd, type_long(), v->rows_dims[d - 1])),
                              sub);
    }
    return flat;
}

/* The array a view of rows points into, and the subscripts of X[i]...
 * (c, nsub of them) there: idx[0] the element offset in an array laid out
 * flat (double (*X)[m] = (double (*)[m])buf), or for a temporary of rows
 * the view was pointed at (t = malloc(n * sizeof *t), allocate_rows_view)
 * its own subscripts, which the analyses of accesses compare dimension by
 * dimension (a row's start, X[i], its row i). NULL where reported. */
static Buffer *rows_view(Lift *L, CXCursor c, int b, CXCursor *subs, int nsub, Operand *idx,
                         int *nidx) {
    Binding *v = &L->env[b];
    Operand base;
    CXCursor ref = strip_implicit(c);
    while (clang_getCursorKind(ref) == CXCursor_ArraySubscriptExpr)
        ref = strip_implicit(kids_of(ref).items[0]);
    Buffer *buf = lift_view(L, ref, &base);
    *nidx = 1;
    if (buf && buf->rank == v->rows_nd + 1 && buf->inner_dims && opd_is_const(base, 0) &&
        (nsub == buf->rank || (nsub == 1 && buf->rank == 2))) {
        for (int d = 0; d < nsub; d++)
            idx[d] = lift_expr(L, subs[d]);
        *nidx = nsub;
        return buf;
    }
    if (buf && buf->rank > 1) {
        lift_fail(L, c,
                  "index the array itself, a[i][j] (a view of its rows as long as its own, "
                  "double (*A)[m] = a, is the array)",
                  "%s",
                  arena_printf(L->a,
                               "'%s' views the rows of a %d-D array: pargrad follows a pointer to "
                               "rows into an array of numbers laid out flat",
                               v->name, buf->rank));
        return NULL;
    }
    if (buf)
        idx[0] = offset_plus(L, c, base, rows_offset(L, c, v, subs, nsub), false);
    return buf;
}

/* The subscripts of a chain X[i][j]... whose base is a view of rows,
 * outermost first: their number, 0 if the base is no such view or the
 * chain is longer than its dimensions (or as long, for a pointer: whole) */
static int rows_chain(Lift *L, CXCursor c, CXCursor *subs, int *b) {
    CXCursor chain[8];
    int n = 0;
    CXCursor cur = strip_implicit(c);
    while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr && n < 8) {
        chain[n++] = cur;
        cur = strip_implicit(kids_of(cur).items[0]);
    }
    *b = clang_getCursorKind(cur) == CXCursor_DeclRefExpr ? env_lookup(L, cur) : -1;
    if (n == 0 || *b < 0 || !L->env[*b].is_view || !L->env[*b].rows_nd ||
        n > L->env[*b].rows_nd + 1)
        return 0;
    for (int i = 0; i < n; i++)
        subs[i] = kids_of(chain[n - 1 - i]).items[1];
    return n;
}

Buffer *lift_view(Lift *L, CXCursor e, Operand *off) {
    CXCursor c = strip_casts(e);
    *off = opd_int(0);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr) {
        int b = env_lookup(L, c);
        Binding *bd = b >= 0 ? &L->env[b] : NULL;
        if (bd && bd->is_array && bd->buf->rank > 1) {
            lift_fail(L, c, "take one of its rows, A[i] or &A[i][0]",
                      "the 2-D array '%s' used as a pointer", bd->name);
            return NULL;
        }
        if (bd && bd->is_array)
            return bd->buf;
        if (bd && bd->is_view && bd->buf) {
            *off = binding_value(L, c, b);
            return bd->buf;
        }
        if (!bd && is_file_scope_var(clang_getCursorReferenced(c)))
            return global_table(L, c, clang_getCursorReferenced(c));
        if (bd && bd->is_view && bd->buf_why)
            lift_fail(L, c, bd->buf_hint, bd->buf_why, bd->name);
        else if (bd && bd->is_view)
            lift_fail(L, c, "make it point into an array first, e.g. p = &a[i];",
                      "pointer '%s' is used before it points into an array", bd->name);
        else
            lift_fail(L, c, view_hint, "'%s' is not an array or a pointer pargrad knows",
                      cursor_spelling(L, c));
        return NULL;
    }
    if (k == CXCursor_MemberRefExpr) { /* fl->u: what a struct's pointer field points to */
        Operand row;
        Buffer *buf = pointer_field(L, c, &row);
        if (buf && row.kind != OPD_NONE) { /* layers[l].W: a row of the table */
            Builder bd = lift_builder(L, c);
            *off = b_cast(&bd, type_long(), row);
        }
        return buf;
    }
    bool post;
    if (k == CXCursor_UnaryOperator &&
        (!strcmp(unop_of(L, c, &post), "++") || !strcmp(unop_of(L, c, &post), "--")))
        return step_view(L, c, off);
    if (k == CXCursor_UnaryOperator && strcmp(unop_of(L, c, &post), "&") == 0) {
        CXCursor a = strip_implicit(kids_of(c).items[0]);
        if (clang_getCursorKind(a) == CXCursor_DeclRefExpr) {
            lift_fail(L, c,
                      "point at one scalar where the pointer is declared (double *p = &x;) or "
                      "pass &x to a helper of this file",
                      "a pointer to the scalar '%s' here: pargrad follows one from its "
                      "declaration or as a helper's argument",
                      cursor_spelling(L, a));
            return NULL;
        }
        if (clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr) {
            Kids ak = kids_of(a);
            Operand base;
            Buffer *buf = lift_view(L, ak.items[0], &base);
            Operand col = buf ? lift_expr(L, ak.items[1]) : opd_none();
            if (buf && buf->rank > 1) /* &A[i][0]: row i */
                return opd_is_const(col, 0) ? (*off = base, buf) : inside_row(L, c, buf);
            if (buf)
                *off = offset_plus(L, c, base, col, false);
            return buf;
        }
    }
    CXCursor subs[8];
    int rb, nsub = k == CXCursor_ArraySubscriptExpr ? rows_chain(L, c, subs, &rb) : 0;
    int nidx;                               /* (one: an offset, or a temporary of rows' row) */
    if (nsub && nsub <= L->env[rb].rows_nd) /* X[i]: row i of a view of rows */
        return rows_view(L, c, rb, subs, nsub, off, &nidx);
    if (k == CXCursor_ArraySubscriptExpr) { /* A[i]: row i of a 2-D array */
        Kids ak = kids_of(c);
        CXCursor base = strip_casts(ak.items[0]);
        int b = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? env_lookup(L, base) : -1;
        if (b >= 0 && L->env[b].is_array && L->env[b].buf->rank == 2) {
            Builder bd = lift_builder(L, c);
            *off = b_cast(&bd, type_long(), lift_expr(L, ak.items[1]));
            return L->env[b].buf;
        }
    }
    if (k == CXCursor_BinaryOperator &&
        (!strcmp(binop_of(L, c), "+") || !strcmp(binop_of(L, c), "-"))) {
        Kids bk = kids_of(c);
        int p = is_pointer_type(bk.items[0]) ? 0 : 1;
        if (is_pointer_type(bk.items[p]) && !is_pointer_type(bk.items[1 - p]) &&
            (p == 0 || !strcmp(binop_of(L, c), "+"))) {
            Operand base;
            Buffer *buf = lift_view(L, bk.items[p], &base);
            if (buf && buf->rank > 1)
                return inside_row(L, c, buf);
            if (buf)
                *off = offset_plus(L, c, base, lift_expr(L, bk.items[1 - p]),
                                   !strcmp(binop_of(L, c), "-"));
            return buf;
        }
    }
    if (k == CXCursor_ConditionalOperator) { /* c ? &a[i] : &a[j], into one array */
        Kids ck = kids_of(c);
        if (offset_reads(L, ck.items[1]) || offset_reads(L, ck.items[2])) {
            lift_fail(L, c, "compute the offset first: k = c ? idx[i] : 0; p = &a[k];",
                      "a conditional pointer whose offsets read arrays or call functions%s", "");
            return NULL;
        }
        Operand cond = lift_expr(L, ck.items[0]), then_off, else_off;
        Buffer *buf = lift_view(L, ck.items[1], &then_off);
        Buffer *other = buf ? lift_view(L, ck.items[2], &else_off) : NULL;
        if (other && other != buf) {
            lift_fail(L, c, "use one pointer per array",
                      "the two branches point into different arrays ('%s' and another)", buf->name);
            return NULL;
        }
        if (other) {
            Builder bd = lift_builder(L, c);
            *off = b_select(&bd, b_cmp(&bd, OP_NE, cond, opd_int(0)),
                            b_cast(&bd, type_long(), then_off), b_cast(&bd, type_long(), else_off));
        }
        return other;
    }
    bool postfix;
    if (k == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &postfix), "&") &&
        clang_getCursorKind(strip_casts(kids_of(c).items[0])) == CXCursor_MemberRefExpr &&
        clang_getCanonicalType(clang_getCursorType(strip_casts(kids_of(c).items[0]))).kind ==
            CXType_Record) { /* &m->lin: a struct inside a struct */
        const char *t = written_text(L->fe, kids_of(c).items[0]);
        lift_fail(L, c,
                  arena_printf(L->a,
                               "use its fields through the outer struct (%s.w[i] for a field "
                               "w, the outer struct passed to a helper), or pass the inner "
                               "struct to the function as a parameter of its own",
                               t),
                  "'&%s' points to a struct inside a struct, which pargrad does not follow", t);
        return NULL;
    }
    lift_fail(L, c, view_hint, "unsupported pointer expression%s", "");
    return NULL;
}

/* Whether `at` (the assignment, or the declaration of a variable) is the
 * statement being lifted: a choice of arrays there versions the statements
 * after it in the list. */
static bool whole_statement(Lift *L, CXCursor at) {
    CXCursor st = L->cur_stmt;
    if (clang_Cursor_isNull(st))
        return false;
    if (clang_equalCursors(st, at))
        return true;
    if (clang_getCursorKind(st) != CXCursor_DeclStmt)
        return false;
    Kids k = kids_of(st);
    for (int i = 0; i < k.n; i++)
        if (clang_equalCursors(k.items[i], at))
            return true;
    return false;
}

bool view_choice(Lift *L, CXCursor at, int b, CXCursor e) {
    CXCursor c = strip_casts(strip_parens(e));
    if (clang_getCursorKind(c) != CXCursor_ConditionalOperator || !whole_statement(L, at))
        return false;
    Kids ck = kids_of(c);
    if (ck.n != 3 || offset_reads(L, ck.items[1]) || offset_reads(L, ck.items[2]))
        return false;
    CXCursor stmt = L->cur_stmt;
    LiftMark mark = lift_mark(L);
    bool probing = L->probing;
    L->probing = true; /* a failure here is reported by the plain path */
    Operand then_off, else_off;
    Buffer *then_buf = lift_view(L, ck.items[1], &then_off);
    Buffer *else_buf = then_buf && !L->failed ? lift_view(L, ck.items[2], &else_off) : NULL;
    L->probing = probing;
    if (!else_buf || else_buf == then_buf || L->failed) {
        lift_undo(L, &mark);
        lift_mark_free(&mark);
        return false;
    }
    lift_mark_free(&mark);
    Builder bd = lift_builder(L, c);
    Binding *p = &L->env[b];
    ViewFact *key = choice_key(L, ck.items[0]);
    bool holds;
    if (choice_decided(L, key, &holds)) { /* the version around it took a branch on it */
        p->buf = holds ? then_buf : else_buf;
        p->buf_why = NULL;
        p->val = b_cast(&bd, p->ty, b_cast(&bd, type_long(), holds ? then_off : else_off));
        return true;
    }
    Operand cond = b_cmp(&bd, OP_NE, lift_expr(L, ck.items[0]), opd_int(0));
    int n = L->nenv;
    p = &L->env[b];
    p->buf = then_buf;
    p->buf_why = NULL;
    ViewState *then_views = views_snapshot(L);
    p->buf = else_buf;
    ViewState *else_views = views_snapshot(L);
    views_merge(L, stmt, n, then_views, else_views);
    p->val = b_cast(&bd, p->ty,
                    b_select(&bd, cond, b_cast(&bd, type_long(), then_off),
                             b_cast(&bd, type_long(), else_off)));
    ViewPlan *before = L->left_versions;
    views_after_if(L, stmt, cond, n, then_views, else_views);
    if (L->left_versions != before) /* (the plan for the statements after it) */
        choice_versioned(L, key);
    free(then_views);
    free(else_views);
    return true;
}

/* The element of view buffer buf at offset off plus idx (one subscript):
 * for a row of a 2-D array, off is the row (*n becomes 2). */
static bool view_index(Lift *L, CXCursor at, Buffer *buf, Operand off, Operand *idx, int *n) {
    if (*n != 1 || buf->rank > 2) {
        lift_fail(L, at, "index the array itself, e.g. a[i][j]",
                  arena_printf(L->a, "pointer into the %d-D array '%%s' indexed with %d subscripts",
                               buf->rank > *n ? buf->rank : *n, *n),
                  buf->name);
        return false;
    }
    if (buf->rank == 2) {
        idx[1] = idx[0];
        idx[0] = off;
        *n = 2;
    } else if (!opd_is_const(off, 0))
        idx[0] = offset_plus(L, at, off, idx[0], false);
    return true;
}

Buffer *lift_subscripts(Lift *L, CXCursor c, Operand *idx, int *nidx) {
    CXCursor cur = strip_implicit(c);
    CXCursor chain[4];
    int n = 0;
    while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr && n < 4) {
        chain[n++] = cur;
        Kids k = kids_of(cur);
        cur = strip_implicit(k.items[0]);
    }
    if (n == 0 && is_deref(L, cur)) { /* *p, *(p + k): p[0], p[k] */
        Operand off;
        Buffer *buf = lift_view(L, kids_of(cur).items[0], &off);
        idx[0] = opd_int(0);
        *nidx = 1;
        if (buf && buf->rank < 1)
            buf->rank = 1;
        return buf && view_index(L, cur, buf, off, idx, nidx) ? buf : NULL;
    }
    int b = clang_getCursorKind(cur) == CXCursor_DeclRefExpr ? env_lookup(L, cur) : -1;
    if (b >= 0 && L->env[b].is_view && !L->env[b].buf && L->env[b].buf_why) {
        lift_fail(L, cur, L->env[b].buf_hint, L->env[b].buf_why, L->env[b].name);
        return NULL;
    }
    if (b >= 0 && L->env[b].rows_nd && n == L->env[b].rows_nd + 1) { /* X[i][k]: flat */
        CXCursor subs[8];
        rows_chain(L, c, subs, &b);
        Buffer *buf = rows_view(L, c, b, subs, n, idx, nidx);
        if (buf && buf->rank < 1)
            buf->rank = 1;
        return buf;
    }
    bool plain = b >= 0 && L->env[b].is_array;
    Buffer *direct = NULL; /* a table of the file, or a pointer field's array */
    Operand row = opd_none();
    if (clang_getCursorKind(cur) == CXCursor_MemberRefExpr) { /* fl->u[i], p[k].u[i] */
        if (!(direct = pointer_field(L, cur, &row)))
            return NULL;
        plain = true;
    }
    if (b < 0 && clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
        is_file_scope_var(clang_getCursorReferenced(cur))) {
        direct = global_table(L, cur, clang_getCursorReferenced(cur));
        if (!direct)
            return NULL;
        plain = true;
    }
    if (!plain && (n != 1 || !is_pointer_type(cur))) {
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(cur)));
        bool rows = pointee.kind == CXType_ConstantArray || pointee.kind == CXType_VariableArray;
        if (rows) /* double (*X)[nf] = (double (*)[nf])buf: a view of rows */
            lift_fail(L, cur,
                      "declare the parameter with its rows' length and index it (for example const "
                      "double "
                      "X[n][nf], X[i][j]), or index the flat array (buf[i * nf + j])",
                      "a pointer to rows of a local view, which pargrad does not follow%s", "");
        else if (b >= 0 || clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
            lift_fail(L, cur, "index a parameter, a local array or a pointer into one, e.g. x[i]",
                      "unsupported array expression%s", "");
        else
            lift_fail(L, cur, NULL, "'%s' is not an array pargrad knows", cursor_spelling(L, cur));
        return NULL;
    }
    Operand off = opd_int(0);
    Buffer *buf = direct ? direct : plain ? L->env[b].buf : lift_view(L, cur, &off);
    if (!buf)
        return NULL;
    for (int i = n - 1, k = 0; i >= 0; i--, k++) {
        Kids kk = kids_of(chain[i]);
        Operand o = lift_expr(L, kk.items[1]);
        if (type_is_float(o.ty))
            lift_fail(L, kk.items[1], NULL, "array index of floating type%s", "");
        idx[k] = o;
    }
    *nidx = n;
    if (row.kind != OPD_NONE) { /* p[k].u[i]: row k of the table */
        if (n != 1) {
            lift_fail(L, cur, "index the field's array once: p[k].u[i]",
                      "'%s' indexed with more than one subscript", extent_text(L->fe, cur));
            return NULL;
        }
        idx[1] = idx[0];
        idx[0] = row;
        *nidx = 2;
    }
    if (!plain && !view_index(L, cur, buf, off, idx, nidx))
        return NULL;
    if (buf->rank < *nidx)
        buf->rank = *nidx;
    return buf;
}

/* The caller's scalar that `*p` or `p[0]` names when p is a helper's
 * pointer to it; -1 otherwise (or when reported). */
int scalar_ref_target(Lift *L, CXCursor e) {
    CXCursor c = strip_implicit(e);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_implicit(kids_of(c).items[0]);
    bool deref = is_deref(L, c);
    if (!deref && clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
        return -1;
    Kids k = kids_of(c);
    CXCursor p = strip_casts(k.items[0]);
    int b = clang_getCursorKind(p) == CXCursor_DeclRefExpr ? env_lookup(L, p) : -1;
    if (b >= 0 && L->env[b].row_elem) { /* lift_scan.c checked every use first */
        int r = row_element_of(L, c);
        if (r < 0)
            lift_fail(L, c, NULL, "'%s' is scanned by rows: only its column's element is used",
                      L->env[b].name);
        return r;
    }
    if (b < 0 || !L->env[b].ref)
        return -1;
    if (!deref) {
        Operand i = lift_expr(L, k.items[1]);
        if (!opd_is_const(i, 0)) {
            lift_fail(L, c, "read it as *p or p[0]", "%s",
                      arena_printf(L->a,
                                   "'%s' points to the scalar '%s', indexed here past its one "
                                   "element",
                                   L->env[b].name, L->env[L->env[b].ref - 1].name));
            return -1;
        }
    }
    return L->env[b].ref - 1;
}

/* buf[idx], named after the array and the index for readable output (x[i]
 * reads into x_i). */
Operand read_element(Lift *L, CXCursor at, Buffer *buf, const Operand *idx, int n) {
    if (is_hist_target(L, buf)) {
        lift_fail(
            L, at,
            "read it after the loop; inside, only update it (h[k] += v, h[k] = fmin(h[k], v))",
            "reads the histogram '%s' inside its loop", buf->name);
        return b_fconst(0, buf->elem);
    }
    Stmt *s = stmt_new(L->a, S_READ, loc_of(L, at));
    s->buf = buf;
    const char *label = buffer_label(L->a, buf);
    const char *name = n == 1 && idx[0].kind == OPD_VAR && !var_is_temp(idx[0].var)
                           ? arena_printf(L->a, "%s_%s", label, idx[0].var->name)
                           : arena_printf(L->a, "%s_v", label);
    s->dst = var_new(L->a, L->f, name, buf->elem);
    s->nidx = n;
    memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
    body_append(L->a, L->cur, s);
    return opd_var(s->dst);
}

Operand write_element(Lift *L, CXCursor at, Buffer *buf, const Operand *idx, int n, Operand v) {
    Builder bd = lift_builder(L, at);
    Stmt *s = stmt_new(L->a, S_WRITE, loc_of(L, at));
    s->buf = buf;
    s->nidx = n;
    memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
    s->nargs = 1;
    s->args[0] = b_cast(&bd, buf->elem, v);
    body_append(L->a, L->cur, s);
    return s->args[0];
}

/* A whole struct where a number is expected. */
void struct_as_value(Lift *L, CXCursor at) {
    lift_fail(L, at, "use one of its fields, e.g. p[i].x", "a struct used as a number here%s", "");
}

Operand lift_read(Lift *L, CXCursor c) {
    Operand prev;
    if (recurrence_read(L, c, &prev))
        return prev;
    int rb = scalar_ref_target(L, c);
    if (rb >= 0)
        return scalar_read(L, c, rb);
    if (L->failed)
        return opd_float(0, type_double());
    Operand idx[4];
    int n = 0;
    Buffer *buf = lift_subscripts(L, c, idx, &n);
    if (buf && buf->fields)
        struct_as_value(L, c), buf = NULL;
    if (!buf)
        return opd_float(0, type_double());
    return read_element(L, c, buf, idx, n);
}

/* A struct's scalar field, p[i].x, p->x, d.x. */
Operand lift_member_read(Lift *L, CXCursor c) {
    Operand idx[4];
    int n = 0, slot;
    Buffer *buf = lift_member(L, c, idx, &n, &slot);
    if (slot >= 0)
        return binding_value(L, c, slot);
    return buf ? read_element(L, c, buf, idx, n) : opd_float(0, type_double());
}
