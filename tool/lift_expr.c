/* Lifting expressions, assignments and declarations, and inlining the calls
 * to helpers of the same file. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>

/* ---- expressions ---- */
Operand evaluate_constant(Lift *L, CXCursor c, bool *ok) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    *ok = false;
    Operand o = opd_none();
    if (!r)
        return o;
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty))
        ty = type_int();
    switch (clang_EvalResult_getKind(r)) {
    case CXEval_Int: {
        /* unsigned values above LLONG_MAX do not come back as long long */
        bool is_unsigned = clang_EvalResult_isUnsignedInt(r);
        long long bits = is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r)
                                     : clang_EvalResult_getAsLongLong(r);
        double value = is_unsigned ? (double)(unsigned long long)bits : (double)bits;
        o = type_is_float(ty) ? opd_float(value, ty) : opd_int(bits);
        if (!type_is_float(ty))
            o.ty = ty;
        *ok = true;
        break;
    }
    case CXEval_Float:
        o = opd_float(clang_EvalResult_getAsDouble(r), type_is_float(ty) ? ty : type_double());
        *ok = true;
        break;
    default:
        break;
    }
    clang_EvalResult_dispose(r);
    (void)L;
    return o;
}

static Type expr_type(Lift *L, CXCursor c) {
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty)) {
        CXString s = clang_getTypeSpelling(clang_getCursorType(c));
        lift_fail(L, c, "pargrad differentiates float and double arithmetic with integer indices",
                  "expression of type '%s' is not supported here", clang_getCString(s));
        clang_disposeString(s);
        return type_double();
    }
    return ty;
}

/* Collects a[i][j] into its buffer and subscripts (outermost first). */
/* *p, an output or state through a scalar pointer (*err = total): p[0]. */
static bool is_deref(Lift *L, CXCursor c) {
    bool post;
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           strcmp(unop_of(L, c, &post), "*") == 0;
}

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

static bool is_pointer_type(CXCursor c) {
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

/* NULL, 0 or (void *)0 */
static bool is_null_pointer(Lift *L, CXCursor c) {
    c = strip_casts(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_GNUNullExpr ||
           (k == CXCursor_IntegerLiteral && strcmp(extent_text(L->fe, c), "0") == 0);
}

static Operand offset_plus(Lift *L, CXCursor at, Operand off, Operand k, bool minus) {
    Builder bd = lift_builder(L, at);
    if (type_is_float(k.ty))
        lift_fail(L, at, NULL, "pointer offset of floating type%s", "");
    if (opd_is_const(off, 0) && !minus)
        return b_cast(&bd, type_long(), k);
    if (opd_is_const(k, 0))
        return b_cast(&bd, type_long(), off);
    return b_op(&bd, minus ? OP_SUB : OP_ADD, type_long(), b_cast(&bd, type_long(), off),
                b_cast(&bd, type_long(), k));
}

static const char *view_hint = "point into an array: &a[i], a + i, or another such pointer";

static bool has_kind(CXCursor c, enum CXCursorKind kind);

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
static Buffer *inside_row(Lift *L, CXCursor at, Buffer *buf) {
    lift_fail(L, at, "point at the row itself, A[i], and index it: row[j]",
              "a pointer into the middle of a row of the 2-D array '%s'", buf->name);
    return NULL;
}

/* *p++ = e, s += *q++, *--p: the element at the pointer's offset before
 * (postfix) or after (prefix) it moves by one. */
static bool check_assignable(Lift *L, CXCursor c, int b);
static void assign_scalar(Lift *L, CXCursor at, int b, Operand v);
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
    lift_fail(L, c, view_hint, "unsupported pointer expression%s", "");
    return NULL;
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
    if (clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
        lift_fail(L, cur,
                  "keep the field's elements in an array of their own (a parameter or a local "
                  "array), or in scalar fields",
                  "'%s' is an array or pointer field of a struct, which pargrad does not follow",
                  extent_text(L->fe, cur));
        return NULL;
    }
    int b = clang_getCursorKind(cur) == CXCursor_DeclRefExpr ? env_lookup(L, cur) : -1;
    bool plain = b >= 0 && L->env[b].is_array;
    Buffer *table = NULL;
    if (b < 0 && clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
        is_file_scope_var(clang_getCursorReferenced(cur))) {
        table = global_table(L, cur, clang_getCursorReferenced(cur));
        if (!table)
            return NULL;
        plain = true;
    }
    if (!plain && (n != 1 || !is_pointer_type(cur))) {
        if (b >= 0 || clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
            lift_fail(L, cur, "index a parameter, a local array or a pointer into one, e.g. x[i]",
                      "unsupported array expression%s", "");
        else
            lift_fail(L, cur, NULL, "'%s' is not an array pargrad knows", cursor_spelling(L, cur));
        return NULL;
    }
    Operand off = opd_int(0);
    Buffer *buf = table ? table : plain ? L->env[b].buf : lift_view(L, cur, &off);
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
    if (!plain && !view_index(L, cur, buf, off, idx, nidx))
        return NULL;
    if (buf->rank < *nidx)
        buf->rank = *nidx;
    return buf;
}

/* The caller's scalar that `*p` or `p[0]` names when p is a helper's
 * pointer to it; -1 otherwise (or when reported). */
static int scalar_ref_target(Lift *L, CXCursor e) {
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
static void struct_as_value(Lift *L, CXCursor at) {
    lift_fail(L, at, "use one of its fields, e.g. p[i].x", "a struct used as a number here%s", "");
}

static Operand scalar_read(Lift *L, CXCursor c, int b);

static Operand lift_read(Lift *L, CXCursor c) {
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
static Operand lift_member_read(Lift *L, CXCursor c) {
    Operand idx[4];
    int n = 0, slot;
    Buffer *buf = lift_member(L, c, idx, &n, &slot);
    if (slot >= 0)
        return binding_value(L, c, slot);
    return buf ? read_element(L, c, buf, idx, n) : opd_float(0, type_double());
}

static PrimOp binop_code(const char *op, bool *ok) {
    static const struct {
        const char *s;
        PrimOp op;
    } ops[] = {{"+", OP_ADD},    {"-", OP_SUB},   {"*", OP_MUL},    {"/", OP_DIV},  {"%", OP_MOD},
               {"&", OP_BITAND}, {"|", OP_BITOR}, {"^", OP_BITXOR}, {"<<", OP_SHL}, {">>", OP_SHR},
               {"<", OP_LT},     {"<=", OP_LE},   {">", OP_GT},     {">=", OP_GE},  {"==", OP_EQ},
               {"!=", OP_NE},    {"&&", OP_AND},  {"||", OP_OR}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(op, ops[i].s) == 0) {
            *ok = true;
            return ops[i].op;
        }
    *ok = false;
    return OP_COPY;
}

static bool has_kind(CXCursor c, enum CXCursorKind kind);

/* Whether c or an expression inside it matches: one visitor for the
 * searches the lowering of operators makes. */
typedef struct Search {
    Lift *L;
    bool (*matches)(Lift *L, CXCursor c, enum CXCursorKind kind);
    enum CXCursorKind kind;
    bool found;
} Search;

static enum CXChildVisitResult find_match(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Search *se = data;
    if (se->matches(se->L, c, se->kind)) {
        se->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool contains(Search se, CXCursor c) {
    if (se.matches(se.L, c, se.kind))
        return true;
    clang_visitChildren(c, find_match, &se);
    return se.found;
}

static bool is_kind(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)L;
    return clang_getCursorKind(c) == kind;
}

static bool has_kind(CXCursor c, enum CXCursorKind kind) {
    return contains((Search){NULL, is_kind, kind, false}, c);
}

static bool is_division(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)kind;
    return clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "/");
}

/* Whether e divides: an arm of `n > 1 ? s / (n - 1) : 0` that C does not
 * evaluate may divide by zero, and its partials (inf, NaN) times the zero
 * adjoint a select gives the arm not taken are NaN. */
static bool has_division(Lift *L, CXCursor e) {
    return contains((Search){L, is_division, CXCursor_BinaryOperator, false}, e);
}

/* Lowers `c ? a : b` (or a short-circuit operator) whose arms read arrays
 * into an if, so that an arm is evaluated only when C would evaluate it. */
static Operand lift_guarded(Lift *L, CXCursor at, Operand cond, CXCursor then_e, CXCursor else_e,
                            Operand else_const, Type ty) {
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, at));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    Body *saved = L->cur;
    L->cur = s->then_body;
    Builder bd = lift_builder(L, at);
    Operand tv = b_cast(&bd, ty, lift_expr(L, then_e));
    L->cur = s->else_body;
    bd = lift_builder(L, at);
    Operand ev = clang_Cursor_isNull(else_e) ? else_const : b_cast(&bd, ty, lift_expr(L, else_e));
    L->cur = saved;
    Phi *p = arena_alloc(L->a, sizeof(Phi));
    p->dst = var_new(L->a, L->f, TEMP_NAME, ty);
    p->then_val = tv;
    p->else_val = ev;
    vec_push(L->a, &s->phis, p);
    body_append(L->a, L->cur, s);
    return opd_var(p->dst);
}

/* True when the expression reads a variable or calls a function; otherwise
 * it is constant arithmetic (also from macros, whose tokens are not in the
 * file), which clang folds with C's own rules. */
static bool reads_or_calls(CXCursor c) {
    return has_kind(c, CXCursor_DeclRefExpr) || has_kind(c, CXCursor_CallExpr);
}

/* The operator of a binary expression as a primitive, or a diagnostic. */
static bool binary_op(Lift *L, CXCursor c, PrimOp *op) {
    const char *ops = binop_of(L, c);
    bool ok;
    *op = binop_code(ops, &ok);
    if (ok)
        return true;
    if (!*ops)
        lift_fail(L, c,
                  "make the macro a static inline function; pargrad reads the operators of a "
                  "macro's own body when its result is parenthesised, ((a) - (b))",
                  "cannot see the operator of this expression: it is inside a macro that uses "
                  "another macro, or whose expansion regroups with what surrounds it%s",
                  "");
    else if (strcmp(ops, "=") == 0 || strchr("+-*/", ops[0]))
        lift_fail(L, c, "write assignments as statements of their own",
                  "assignment inside an expression%s", "");
    else
        lift_fail(L, c, "use arithmetic, comparisons and && || on scalars",
                  "unsupported operator '%s'", ops);
    return false;
}

/* x OP y for the binary expression c, in c's type. Located at the right
 * operand: clang finds the location of c itself by walking down its left
 * operands, quadratic on long chains. */
static Operand apply_binary(Lift *L, CXCursor c, PrimOp op, Operand x, Operand y) {
    Builder bd = lift_builder(L, kids_of(c).items[1]);
    if (op >= OP_LT && op <= OP_OR)
        return b_cmp(&bd, op, x, y);
    if (op >= OP_MOD && op <= OP_SHR && (type_is_float(x.ty) || type_is_float(y.ty)))
        lift_fail(L, c, NULL, "'%s' on floating values", binop_of(L, c));
    Type ty = expr_type(L, c);
    return b_op(&bd, op, ty, b_cast(&bd, ty, x), b_cast(&bd, ty, y));
}

/* One step down the left spine of a chain a + b + c + ...: the binary
 * expression whose value is c's left operand, through parentheses and
 * implicit conversions (kept in *conv, applied when going back up). */
typedef struct SpineLink {
    CXCursor node; /* a binary expression */
    PrimOp op;
    CXCursor conv[4]; /* implicit conversions of its value, innermost last */
    int nconv;
} SpineLink;

static bool spine_next(Lift *L, CXCursor c, SpineLink *next) {
    CXCursor lhs = kids_of(c).items[0];
    next->nconv = 0;
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(lhs);
        if (k == CXCursor_ParenExpr) {
            lhs = kids_of(lhs).items[0];
        } else if (k == CXCursor_UnexposedExpr && next->nconv < 4) {
            Kids kk = kids_of(lhs);
            if (kk.n != 1)
                return false;
            next->conv[next->nconv++] = lhs;
            lhs = kk.items[0];
        } else {
            break;
        }
    }
    next->node = lhs;
    if (clang_getCursorKind(lhs) != CXCursor_BinaryOperator)
        return false;
    /* An operator pargrad does not lift (1u << 4, in constant arithmetic
     * clang folds) ends the spine there: lift_expr decides. */
    bool ok;
    next->op = binop_code(binop_of(L, lhs), &ok);
    return ok && next->op != OP_AND && next->op != OP_OR;
}

/* The value of the deepest links of the spine that are constant (no
 * variable, no call: clang folds them, as lift_expr would), or of the left
 * operand of the deepest link; *from is the first link still to apply. */
static Operand spine_start(Lift *L, SpineLink *spine, int n, int *from) {
    CXCursor leaf = kids_of(spine[n - 1].node).items[0];
    bool varies = reads_or_calls(leaf);
    int k = n; /* links k..n-1 are constant */
    while (k > 0 && !varies) {
        varies = reads_or_calls(kids_of(spine[k - 1].node).items[1]);
        if (!varies)
            k--;
    }
    *from = n - 1;
    if (k < n) {
        bool ok;
        Operand v = evaluate_constant(L, spine[k].node, &ok);
        if (ok) {
            *from = k - 1;
            for (int j = k > 0 ? spine[k].nconv - 1 : -1; j >= 0; j--) {
                Builder bd = lift_builder(L, spine[k].conv[j]);
                v = b_cast(&bd, expr_type(L, spine[k].conv[j]), v);
            }
            return v;
        }
    }
    return lift_expr(L, leaf);
}

/* Left-nested chains (a + b + c + ..., thousands of terms in generated
 * code) are lifted by a loop down their left spine: no recursion as deep as
 * the chain, and each operand is looked at once. */
static Operand lift_binary(Lift *L, CXCursor c) {
    PrimOp op;
    if (!binary_op(L, c, &op))
        return opd_float(0, type_double());
    Kids k = kids_of(c);
    if (op == OP_AND || op == OP_OR) {
        Type ty = expr_type(L, c);
        Builder bd = lift_builder(L, c);
        Operand lhs = lift_expr(L, k.items[0]);
        if (!has_kind(k.items[1], CXCursor_ArraySubscriptExpr))
            return b_cmp(&bd, op, lhs, lift_expr(L, k.items[1]));
        Operand test = b_cmp(&bd, OP_NE, lhs, opd_int(0));
        if (op == OP_AND)
            return lift_guarded(L, c, test, k.items[1], clang_getNullCursor(), opd_int(0), ty);
        Operand neg = b_op(&bd, OP_NOT, type_bool(), test, opd_none());
        return lift_guarded(L, c, neg, k.items[1], clang_getNullCursor(), opd_int(1), ty);
    }
    SpineLink *spine = xmalloc(sizeof(SpineLink) * 16);
    int n = 1, cap = 16;
    spine[0] = (SpineLink){.node = c, .op = op};
    for (SpineLink next; !L->failed && spine_next(L, spine[n - 1].node, &next);) {
        if (n == cap)
            spine = xrealloc(spine, sizeof(SpineLink) * (size_t)(cap *= 2));
        spine[n++] = next;
    }
    int from;
    Operand x = spine_start(L, spine, n, &from);
    for (int i = from; i >= 0 && !L->failed; i--) {
        CXCursor node = spine[i].node;
        x = apply_binary(L, node, spine[i].op, x, lift_expr(L, kids_of(node).items[1]));
        /* the conversions between this node and the one above */
        for (int j = i > 0 ? spine[i].nconv - 1 : -1; j >= 0; j--) {
            Builder bd = lift_builder(L, spine[i].conv[j]);
            x = b_cast(&bd, expr_type(L, spine[i].conv[j]), x);
        }
    }
    free(spine);
    return x;
}

static Operand lift_unary(Lift *L, CXCursor c) {
    bool postfix;
    const char *op = unop_of(L, c, &postfix);
    Kids k = kids_of(c);
    Builder bd = lift_builder(L, c);
    if (strcmp(op, "-") == 0 && !postfix)
        return b_neg(&bd, b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0])));
    if (strcmp(op, "+") == 0 && !postfix)
        return b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0]));
    if (strcmp(op, "!") == 0 && !postfix)
        return b_op(&bd, OP_NOT, type_bool(), lift_expr(L, k.items[0]), opd_none());
    if (strcmp(op, "~") == 0 && !postfix) {
        Type ty = expr_type(L, c);
        return b_op(&bd, OP_BITNOT, ty, b_cast(&bd, ty, lift_expr(L, k.items[0])), opd_none());
    }
    if (is_deref(L, c))
        return lift_read(L, c);
    if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0)
        lift_fail(L, c, "write increments as statements of their own", "'%s' inside an expression",
                  op);
    else
        lift_fail(L, c,
                  "take addresses of array elements (&a[i]) or pass &x to a helper of this file",
                  "unsupported unary operator '%s'", op);
    return opd_int(0);
}

static Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args);

/* An argument of an inactive call that is no value: a string literal, or
 * stdout and stderr (which the output's #include <stdio.h> declares). */
static bool verbatim_arg(Lift *L, CXCursor a) {
    a = strip_implicit(a);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k == CXCursor_StringLiteral)
        return true;
    if (k != CXCursor_DeclRefExpr || env_lookup(L, a) >= 0)
        return false;
    const char *name = cursor_spelling(L, a);
    return strcmp(name, "stderr") == 0 || strcmp(name, "stdout") == 0;
}

/* printf, timers...: no derivative, and they must run as often as in the
 * primal (the forward sweep), never in re-executions. Arguments are values
 * (lifted) or verbatim text. */
static Operand lift_effect(Lift *L, CXCursor c, const char *name, KidList *k) {
    Stmt *s = stmt_new(L->a, S_EFFECT, loc_of(L, c));
    s->text = name;
    s->effect_id = L->f->next_effect_id++;
    for (int i = 1; i < k->n && !L->failed; i++) {
        EffectArg *ea = arena_alloc(L->a, sizeof(EffectArg));
        Type ty;
        if (verbatim_arg(L, k->items[i]))
            ea->text = extent_text(L->fe, k->items[i]);
        else if (map_type(clang_getCursorType(k->items[i]), &ty))
            ea->val = lift_expr(L, k->items[i]);
        else
            lift_fail(L, k->items[i], "pass numbers, string literals, stdout or stderr to it",
                      "argument of '%s' that pargrad cannot keep", name);
        vec_push(L->a, &s->effect_args, ea);
    }
    Type rty;
    if (map_type(clang_getCursorType(c), &rty) && rty.kind != TY_VOID)
        s->dst = var_new(L->a, L->f, TEMP_NAME, rty);
    body_append(L->a, L->cur, s);
    return s->dst ? opd_var(s->dst) : opd_int(0);
}

static Operand lift_call(Lift *L, CXCursor c) {
    const char *name = cursor_spelling(L, c);
    KidList k = all_kids(L->a, c);
    /* k.items[0] is the callee; the rest are arguments. */
    if (strncmp(name, "__builtin_", 10) == 0) {
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
        Type ty = expr_type(L, c);
        if (strstr(name, "inf") || strstr(name, "huge_val"))
            return opd_float(INFINITY, ty);
        if (strstr(name, "nan"))
            return opd_float(NAN, ty);
    }
    Type fty;
    int fn = deriv_lookup(name, &fty);
    if (fn >= 0 && strncmp(name, "pg_", 3) != 0) {
        int arity = deriv_arity(fn);
        if (k.n - 1 != arity) {
            lift_fail(L, c, NULL, "wrong number of arguments to '%s'", name);
            return opd_float(0, fty);
        }
        Builder bd = lift_builder(L, c);
        Operand x = b_cast(&bd, fty, lift_expr(L, k.items[1]));
        Operand y = arity > 1 ? b_cast(&bd, fty, lift_expr(L, k.items[2])) : opd_none();
        bd = lift_builder(L, c);
        return b_call(&bd, fn, x, y);
    }
    if ((strcmp(name, "abs") == 0 || strcmp(name, "labs") == 0 || strcmp(name, "llabs") == 0) &&
        k.n == 2) { /* integer arithmetic: no derivative, C's value */
        Builder bd = lift_builder(L, c);
        Operand x = b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[1]));
        Operand neg = b_cmp(&bd, OP_LT, x, b_fconst(0, x.ty));
        return b_select(&bd, neg, b_neg(&bd, x), x);
    }
    if (strcmp(name, "free") == 0 && k.n == 2) {
        CXCursor a = strip_implicit(k.items[1]);
        int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
        if (b >= 0 && L->env[b].is_array && L->env[b].buf->heap)
            return opd_int(0); /* the generated code frees its temporaries at its end */
    }
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl &&
        user_definition(def)) {
        KidList args = {.a = L->a, .items = k.items + 1, .n = k.n - 1};
        return lift_inline_call(L, c, def, &args);
    }
    if (effect_header(name))
        return lift_effect(L, c, name, &k);
    lift_fail(L, c,
              "pargrad differentiates the math.h functions and functions defined in the file "
              "or its own headers; printf, fprintf, puts, timers and omp_set_num_threads are kept "
              "as they are",
              "call to '%s', which pargrad cannot see or differentiate", name);
    return opd_float(0, type_double());
}

/* The current value of a scalar binding, reporting a read of no value. */
Operand binding_value(Lift *L, CXCursor at, int b) {
    Binding *bd = &L->env[b];
    if (bd->val.kind != OPD_NONE)
        return bd->val;
    if (bd->ref)
        lift_fail(L, at, "read the scalar as *p or p[0]", "%s",
                  arena_printf(L->a, "'%s' points to the scalar '%s' and is used here as a value",
                               bd->name, L->env[bd->ref - 1].name));
    else if (bd->private_barrier)
        lift_fail(
            L, at,
            "assign it in the iteration before reading it, or declare it inside the loop; to "
            "combine values across iterations use reduce(OP: var)",
            "'%s' is declared outside this parallel loop and read before the iteration assigns "
            "it: its value would come from another iteration",
            bd->name);
    else if (bd->unset_why)
        lift_fail(L, at, "declare it inside the loop, or give it a value on every path",
                  bd->unset_why, bd->name);
    else
        lift_fail(L, at, "give the variable a value before using it",
                  "'%s' is used before it is assigned", bd->name);
    return opd_float(0, type_is_float(bd->ty) ? bd->ty : type_double());
}

/* The scalar b read at c: a scan's variable combines its prefix. */
static Operand scalar_read(Lift *L, CXCursor c, int b) {
    if (L->env[b].role == ROLE_SCAN)
        return scan_value(L, c, b);
    if (L->env[b].role == ROLE_ACC) {
        lift_fail(L, c,
                  "a reduce variable may only be updated (s += e, s = fmin(s, e), ...); "
                  "read it after the loop",
                  "reads the reduction variable '%s' inside its reduce", L->env[b].name);
        return opd_int(0);
    }
    return binding_value(L, c, b);
}

static Operand lift_expr_node(Lift *L, CXCursor c);

/* Expressions nested deeper than this (left-nested chains do not count:
 * lift_binary loops over them) are reported instead of overflowing the
 * stack. */
enum { MAX_EXPR_DEPTH = 1000, MAX_INLINE_DEPTH = 200 };

Operand lift_expr(Lift *L, CXCursor c) {
    if (L->failed)
        return opd_float(0, type_double());
    if (L->expr_depth == MAX_EXPR_DEPTH) {
        lift_fail(L, c, "split the expression into statements with temporaries",
                  "expression nested more than %s levels deep",
                  arena_printf(L->a, "%d", MAX_EXPR_DEPTH));
        return opd_float(0, type_double());
    }
    L->expr_depth++;
    Operand v = lift_expr_node(L, c);
    L->expr_depth--;
    return v;
}

static Operand lift_expr_node(Lift *L, CXCursor c) {
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* Constant arithmetic (also from macros, whose tokens are not in the
     * file) is folded by clang. */
    if ((kind == CXCursor_UnaryOperator || kind == CXCursor_BinaryOperator) && !reads_or_calls(c)) {
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
    }
    switch (kind) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: { /* sizeof, _Alignof */
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (!ok)
            lift_fail(L, c, NULL, "cannot evaluate this constant%s", "");
        return v;
    }
    case CXCursor_ParenExpr:
        return lift_expr(L, kids_of(c).items[0]);
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        Kids k = kids_of(c);
        if (k.n == 0) {
            lift_fail(L, c, NULL, "unsupported expression%s", "");
            return opd_int(0);
        }
        CXCursor inner = k.items[k.n - 1];
        Operand v = lift_expr(L, inner);
        CXType ct = clang_getCanonicalType(clang_getCursorType(c));
        if (ct.kind == CXType_Pointer || ct.kind == CXType_ConstantArray)
            return v;
        Builder bd = lift_builder(L, c);
        return b_cast(&bd, expr_type(L, c), v);
    }
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(c);
        if (clang_getCursorKind(decl) == CXCursor_EnumConstantDecl)
            return opd_int(clang_getEnumConstantDeclValue(decl));
        int b = env_lookup(L, c);
        if (b < 0 && is_file_scope_var(decl))
            return lift_global_scalar(L, c, decl);
        if (b < 0) {
            lift_fail(L, c, "differentiated functions may read their parameters and locals only",
                      "'%s' is not a parameter or local of the function", cursor_spelling(L, c));
            return opd_int(0);
        }
        Binding *bd = &L->env[b];
        if (bd->shape || (bd->is_array && bd->buf->by_value)) {
            struct_as_value(L, c);
            return opd_int(0);
        }
        if (bd->is_array || bd->is_view) {
            lift_fail(L, c, "index it, e.g. x[i] or *p",
                      bd->is_array ? "array '%s' used as a value" : "pointer '%s' used as a value",
                      bd->name);
            return opd_int(0);
        }
        return scalar_read(L, c, b);
    }
    case CXCursor_BinaryOperator:
        return lift_binary(L, c);
    case CXCursor_UnaryOperator:
        return lift_unary(L, c);
    case CXCursor_ArraySubscriptExpr:
        return lift_read(L, c);
    case CXCursor_MemberRefExpr:
        return lift_member_read(L, c);
    case CXCursor_CallExpr:
        return lift_call(L, c);
    case CXCursor_ConditionalOperator: {
        Kids k = kids_of(c);
        Type ty = expr_type(L, c);
        Builder bd = lift_builder(L, c);
        Operand cond = b_cmp(&bd, OP_NE, lift_expr(L, k.items[0]), opd_int(0));
        if (has_kind(k.items[1], CXCursor_ArraySubscriptExpr) ||
            has_kind(k.items[2], CXCursor_ArraySubscriptExpr) ||
            has_kind(k.items[1], CXCursor_CallExpr) || has_kind(k.items[2], CXCursor_CallExpr) ||
            has_division(L, k.items[1]) || has_division(L, k.items[2]))
            return lift_guarded(L, c, cond, k.items[1], k.items[2], opd_none(), ty);
        Operand x = b_cast(&bd, ty, lift_expr(L, k.items[1]));
        Operand y = b_cast(&bd, ty, lift_expr(L, k.items[2]));
        bd = lift_builder(L, c);
        return b_select(&bd, cond, x, y);
    }
    case CXCursor_CompoundAssignOperator:
        lift_fail(L, c, "write assignments as statements of their own",
                  "assignment inside an expression%s", "");
        return opd_int(0);
    default: {
        CXString ks = clang_getCursorKindSpelling(kind);
        lift_fail(L, c, "see the supported C subset in PRAGMAS.md section 5",
                  "unsupported expression (%s)", clang_getCString(ks));
        clang_disposeString(ks);
        return opd_int(0);
    }
    }
}

/* ---- assignments ---- */
Operand identity_of(ReduceOp op, const UserOp *u, Type ty) {
    switch (op) {
    case RED_USER:
        return opd_float(u->identity.fval, ty);
    case RED_ADD:
    case RED_AFFINE: /* its B part: x -> 1 * x + 0 */
        return b_fconst(0, ty);
    case RED_MUL:
        return b_fconst(1, ty);
    case RED_MIN:
    case RED_ARGMIN:
        return opd_float(INFINITY, ty);
    default:
        return opd_float(-INFINITY, ty);
    }
}

/* acc OP e, folding the identity so that one update per iteration makes the
 * contribution the updated expression itself. */
Operand combine_acc(Lift *L, CXCursor at, ReduceOp op, UserOp *u, Operand acc, Operand e, Type ty) {
    if (type_is_float(e.ty) && !type_is_float(ty)) {
        lift_fail(L, at,
                  "declare the reduce variable as double, or convert each contribution yourself, "
                  "e.g. r += (int)(e)",
                  "floating contribution to the integer reduce variable: C converts after every "
                  "update (r = (int)(r + e)), which is not a reduction%s",
                  "");
        return acc;
    }
    Builder bd = lift_builder(L, at);
    e = b_cast(&bd, ty, e);
    if (opd_equal(acc, identity_of(op, u, ty)) ||
        (op >= RED_MIN && op <= RED_ARGMAX && acc.kind == OPD_CONST && isinf(acc.fval)))
        return e;
    Type fty;
    switch (op) {
    case RED_USER:
        return b_uop(&bd, OP_UOP, u, acc, e);
    case RED_ADD:
        return b_add(&bd, acc, e);
    case RED_MUL:
        return b_mul(&bd, acc, e);
    case RED_MIN:
        return b_call(&bd, deriv_lookup("fmin", &fty), acc, e);
    default:
        return b_call(&bd, deriv_lookup("fmax", &fty), acc, e);
    }
}

int row_element_of(Lift *L, CXCursor e) {
    CXCursor s = strip_implicit(e);
    while (clang_getCursorKind(s) == CXCursor_ParenExpr)
        s = strip_implicit(kids_of(s).items[0]);
    if (clang_getCursorKind(s) != CXCursor_ArraySubscriptExpr)
        return -1;
    Kids k = kids_of(s);
    CXCursor base = strip_casts(k.items[0]), j = strip_implicit(k.items[1]);
    int b = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? env_lookup(L, base) : -1;
    if (b < 0 || !L->env[b].row_elem || clang_getCursorKind(j) != CXCursor_DeclRefExpr ||
        env_lookup(L, j) != L->env[b].row_index)
        return -1;
    return L->env[b].row_elem - 1;
}

bool refers_to(Lift *L, CXCursor e, int binding) {
    CXCursor s = strip_implicit(e);
    if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
        return binding >= 0 && row_element_of(L, s) == binding;
    return env_lookup(L, s) == binding;
}

/* cond ? if_true : if_false, one of them s and cond comparing the other, e,
 * with s: the e of a min update (e < s ? e : s, s > e ? e : s, <=, >=),
 * or of a max one, as rop asks; else a null cursor. */
CXCursor extremum_choice(Lift *L, CXCursor cond, CXCursor if_true, CXCursor if_false,
                         SelfTest is_self, const void *self, ReduceOp rop) {
    CXCursor none = clang_getNullCursor();
    cond = strip_implicit(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return none;
    Kids ck = kids_of(cond);
    const char *op = binop_of(L, cond);
    bool less = !strcmp(op, "<") || !strcmp(op, "<="),
         greater = !strcmp(op, ">") || !strcmp(op, ">=");
    if (!less && !greater)
        return none;
    /* which branch is s, which is e, and where s stands in the condition */
    int s_branch = is_self(L, if_true, self) ? 1 : is_self(L, if_false, self) ? 2 : 0;
    int s_side = is_self(L, ck.items[0], self) ? 0 : is_self(L, ck.items[1], self) ? 1 : -1;
    if (!s_branch || s_side < 0)
        return none;
    CXCursor e = s_branch == 1 ? if_false : if_true, e_cond = ck.items[1 - s_side];
    /* the same expression, as written (a macro's body is written once for
     * all its uses: PICK(a, b, c) ((a) < (b) ? (c) : (b)) is no minimum) */
    const char *te = written_text_within(L->fe, e, cond),
               *tc = written_text_within(L->fe, e_cond, cond);
    if (!te || !tc || strcmp(te, tc))
        return none;
    /* the condition picks the smaller of the two when it is true for the
     * smaller side: (e < s) ? e : s, (s < e) ? s : e */
    bool true_is_smaller = (less && ((s_side == 0) == (s_branch == 1))) ||
                           (greater && ((s_side == 0) != (s_branch == 1)));
    return (true_is_smaller ? RED_MIN : RED_MAX) == rop ? e : none;
}

/* s = (e < s) ? e : s and its mirror images (s = (s > e) ? e : s, <=,
 * >=): the e of a min (max for > and <) update, or a null cursor. */
CXCursor ternary_extremum_of(Lift *L, CXCursor r, SelfTest is_self, const void *self,
                             ReduceOp rop) {
    Kids k = kids_of(r);
    return extremum_choice(L, k.items[0], k.items[1], k.items[2], is_self, self, rop);
}

static bool refers_to_binding(Lift *L, CXCursor e, const void *b) {
    return refers_to(L, e, *(const int *)b);
}

CXCursor ternary_extremum(Lift *L, CXCursor r, int b, ReduceOp rop) {
    return ternary_extremum_of(L, r, refers_to_binding, &b, rop);
}

/* s = COMBINE(s, e) for a declared operator. */
static void lift_user_op_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs) {
    UserOp *u = L->env[b].acc_uop;
    CXCursor e = strcmp(op, "=") ? clang_getNullCursor() : user_op_update(L, rhs, b, u);
    if (L->failed)
        return;
    if (clang_Cursor_isNull(e)) {
        lift_fail(L, c,
                  arena_printf(L->a, "write the update as %s = %s(%s, e)", L->env[b].name,
                               u->combine, L->env[b].name),
                  "unsupported update of '%s' with a declared operator", L->env[b].name);
        return;
    }
    Operand v = lift_expr(L, e);
    Binding *bd = &L->env[b];
    bd->val = combine_acc(L, c, RED_USER, u, bd->val, v, bd->ty);
}

/* A reduce update of accumulator `b`: s op= e, s = s op e, s = e op s,
 * s = fmin(s, e), s = (e < s) ? e : s. */
static void lift_acc_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs) {
    Binding *bd = &L->env[b];
    ReduceOp rop = bd->acc_op;
    if (rop == RED_AFFINE) {
        scan_affine_update(L, c, b, op, rhs);
        return;
    }
    const char *want = rop == RED_ADD   ? "+"
                       : rop == RED_MUL ? "*"
                       : rop == RED_MIN ? "fmin"
                                        : "fmax";
    if (rop == RED_USER) {
        lift_user_op_update(L, c, b, op, rhs);
        return;
    }
    if (strcmp(op, "=") != 0) {
        bool minus = strcmp(op, "-=") == 0 && rop == RED_ADD;
        if (!minus && !(op[0] == want[0] && op[1] == '=')) {
            lift_fail(L, c, "update the variable with the operator of its reduce clause",
                      "'%s' does not match the reduce operator", op);
            return;
        }
        Operand e = lift_expr(L, rhs);
        if (minus) {
            Builder bd2 = lift_builder(L, c);
            e = b_neg(&bd2, e);
        }
        bd = &L->env[b];
        bd->val = combine_acc(L, c, rop, bd->acc_uop, bd->val, e, bd->ty);
        return;
    }
    CXCursor r = strip_implicit(rhs);
    Kids k = kids_of(r);
    CXCursor other = clang_getNullCursor();
    bool negate = false;
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator && k.n == 2) {
        const char *bop = binop_of(L, r);
        bool ok_op = strcmp(bop, want) == 0 || (rop == RED_ADD && strcmp(bop, "-") == 0);
        if (ok_op && refers_to(L, k.items[0], b)) {
            other = k.items[1];
            negate = strcmp(bop, "-") == 0;
        } else if (ok_op && strcmp(bop, "-") != 0 && refers_to(L, k.items[1], b)) {
            other = k.items[0];
        }
    } else if (clang_getCursorKind(r) == CXCursor_CallExpr && k.n == 3) {
        const char *fname = cursor_spelling(L, r);
        bool ok_fn = strncmp(fname, want, 4) == 0 && (fname[4] == 0 || strcmp(fname + 4, "f") == 0);
        if (ok_fn && refers_to(L, k.items[1], b))
            other = k.items[2];
        else if (ok_fn && refers_to(L, k.items[2], b))
            other = k.items[1];
    } else if (clang_getCursorKind(r) == CXCursor_ConditionalOperator && k.n == 3 &&
               (rop == RED_MIN || rop == RED_MAX)) {
        other = ternary_extremum(L, r, b, rop);
    }
    if (clang_Cursor_isNull(other)) {
        lift_fail(
            L, c,
            "write the update as s += e, s = s + e, s *= e, s = fmin(s, e), s = fmax(s, e) or "
            "if (e < s) s = e",
            "unsupported update of reduction variable '%s'", bd->name);
        return;
    }
    Operand e = lift_expr(L, other);
    if (negate) {
        Builder bd2 = lift_builder(L, c);
        e = b_neg(&bd2, e);
    }
    bd = &L->env[b];
    bd->val = combine_acc(L, c, rop, bd->acc_uop, bd->val, e, bd->ty);
}

/* Names a value after the user's variable, for readable output: a
 * temporary takes the name, another variable is copied into one. */
Operand named(Lift *L, CXCursor at, Operand v, const char *name) {
    if (v.kind == OPD_VAR && var_is_temp(v.var))
        v.var->name = ident_of(L->a, name);
    else if (v.kind == OPD_VAR)
        v = opd_var(emit_let(L->a, L->f, L->cur, loc_of(L, at), name, v.var->ty, OP_COPY, 1, v,
                             opd_none(), opd_none()));
    return v;
}

static void assign_scalar(Lift *L, CXCursor c, int b, Operand v) {
    Binding *bd = &L->env[b];
    Builder bld = lift_builder(L, c);
    bd->val = named(L, c, b_cast(&bld, bd->ty, v), bd->name);
}

void assign_field(Lift *L, CXCursor at, int b, Operand v) {
    if (check_assignable(L, at, b))
        assign_scalar(L, at, b, v);
}

/* A scalar declared outside a map or reduce may be assigned inside it when
 * it is private to the iterations (each assigns it before reading it), or
 * when it is that reduce's own accumulator; never an enclosing reduce's
 * accumulator from a nested map or reduce. */
static bool check_assignable(Lift *L, CXCursor c, int b) {
    Binding *bd = &L->env[b];
    if (bd->role == ROLE_INDEX) {
        lift_fail(L, c, "loop indices of canonical loops are assigned by the loop only",
                  "assigns to the loop index '%s'", bd->name);
        return false;
    }
    for (int k = L->nbarriers - 1; k >= 0 && b < L->barriers[k].floor; k--) {
        BarrierKind kind = L->barriers[k].kind;
        if (kind != BARRIER_MAP && kind != BARRIER_REDUCE)
            continue;
        bool accumulator = bd->role == ROLE_ACC || bd->role == ROLE_SCAN;
        if (bd->private_barrier == k + 1 || (accumulator && bd->acc_barrier == k + 1))
            return true;
        if (accumulator)
            lift_fail(
                L, c,
                "accumulate into a variable of the inner loop (reduce it there), then combine "
                "it into the outer accumulator once per outer iteration",
                "updates the reduce variable '%s' of an enclosing loop inside a nested parallel "
                "loop",
                bd->name);
        else
            lift_fail(L, c, "declare the variable inside the loop",
                      "assigns to '%s' inside a parallel loop, but it is declared outside",
                      bd->name);
        return false;
    }
    return true;
}

/* The binding a statement assigns to, or -1 (reported) if it may not. */
static int scalar_target(Lift *L, CXCursor c, CXCursor target) {
    int b = env_lookup(L, target);
    if (b >= 0 && L->env[b].is_array && (L->env[b].buf->heap || L->env[b].buf->kind == BUF_PARAM)) {
        lift_fail(L, c,
                  "keep the array in its own name and move another pointer: double *cur = a; ... "
                  "cur = b;",
                  "'%s' names an array as a whole (a parameter or an allocation): pargrad does "
                  "not point it elsewhere",
                  L->env[b].name);
        return -1;
    }
    if (b < 0 || L->env[b].is_array) {
        lift_fail(L, c, NULL, "cannot assign to '%s'", cursor_spelling(L, target));
        return -1;
    }
    return check_assignable(L, c, b) ? b : -1;
}

/* p = e for a pointer view p: it points into e's array from here on;
 * NULL leaves it pointing nowhere. */
static void point_view(Lift *L, CXCursor at, int b, CXCursor e) {
    if (is_null_pointer(L, e)) {
        L->env[b].val = opd_none();
        L->env[b].unset_why = NULL;
        return;
    }
    Operand off;
    Buffer *buf = lift_view(L, e, &off);
    if (!buf)
        return;
    Binding *bd = &L->env[b];
    /* into another array: where control flow meets, lift_view.c checks
     * that it is known which */
    bd->buf = buf;
    bd->buf_why = NULL;
    /* the offset as it is, not a copy named after the pointer: pointers
     * swapped in a loop then carry each other's offsets, which stay 0 */
    Builder bld = lift_builder(L, at);
    bd->val = b_cast(&bld, bd->ty, off);
}

/* The operation of a compound assignment `a OP= b`: arithmetic, and for
 * integers % and the bit operations. */
static bool compound_op(Lift *L, CXCursor c, const char *op, bool floating, PrimOp *pop) {
    size_t n = strlen(op);
    char bop[4] = {0};
    bool ok = n >= 2 && n <= 4 && op[n - 1] == '=';
    if (ok) {
        memcpy(bop, op, n - 1);
        *pop = binop_code(bop, &ok);
    }
    ok = ok && *pop != OP_AND && *pop != OP_OR && (*pop < OP_LT || *pop > OP_NE);
    if (ok && floating && *pop >= OP_MOD && *pop <= OP_SHR) {
        lift_fail(L, c, NULL, "'%s' on floating values", op);
        return false;
    }
    if (!ok)
        lift_fail(L, c, NULL, "unsupported assignment operator '%s'", op);
    return ok;
}

/* The value of an assignment's right side; a chained `a = b = 0.0` assigns
 * b first and gives its new value. */
static Operand lift_assigned_value(Lift *L, CXCursor rhs) {
    CXCursor r = strip_implicit(rhs);
    while (clang_getCursorKind(r) == CXCursor_ParenExpr)
        r = strip_implicit(kids_of(r).items[0]);
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator && strcmp(binop_of(L, r), "=") == 0)
        return lift_assign(L, r, "=");
    return lift_expr(L, rhs);
}

/* buf[idx] = rhs, or OP= rhs; returns the value written. */
static Operand assign_element(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n,
                              const char *op, CXCursor rhs) {
    if (buf->fields) {
        struct_as_value(L, c);
        return opd_int(0);
    }
    if (is_hist_target(L, buf)) {
        hist_update(L, c, buf, idx, n, op, strip_implicit(kids_of(c).items[0]), rhs);
        return opd_int(0);
    }
    Operand v = lift_assigned_value(L, rhs);
    if (strcmp(op, "=") != 0) {
        Operand old = read_element(L, c, buf, idx, n);
        PrimOp pop;
        if (!compound_op(L, c, op, type_is_float(buf->elem) || type_is_float(v.ty), &pop))
            return opd_int(0);
        Builder bd = lift_builder(L, c);
        v = b_op(&bd, pop, buf->elem, b_cast(&bd, buf->elem, old), b_cast(&bd, buf->elem, v));
    }
    return write_element(L, c, buf, idx, n, v);
}

/* Returns the value assigned (for chains). */
Operand lift_assign(Lift *L, CXCursor c, const char *op) {
    Kids k = kids_of(c);
    CXCursor lhs = strip_implicit(k.items[0]);
    CXCursor rhs = k.items[1];
    if (is_struct_type(clang_getCursorType(lhs))) {
        if (strcmp(op, "=") != 0)
            lift_fail(L, c, NULL, "'%s' on a struct", op);
        else
            lift_struct_assign(L, c, lhs, rhs);
        return opd_int(0);
    }
    int ref = scalar_ref_target(L, lhs);
    if (L->failed)
        return opd_int(0);
    Operand idx[4];
    int n = 0, member = -1;
    if (ref < 0 && clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
        Buffer *buf = lift_member(L, lhs, idx, &n, &member);
        if (buf)
            return assign_element(L, c, buf, idx, n, op, rhs);
        if (member < 0)
            return opd_int(0);
    } else if (ref < 0 &&
               (clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr || is_deref(L, lhs))) {
        if (recurrence_assign(L, c, lhs, op, rhs))
            return opd_int(0);
        Buffer *buf = lift_subscripts(L, lhs, idx, &n);
        return buf ? assign_element(L, c, buf, idx, n, op, rhs) : opd_int(0);
    }
    if (member >= 0)
        ref = member;
    if (ref < 0 && clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) {
        lift_fail(L, c, "assign to a local scalar or an array element", "unsupported assignment%s",
                  "");
        return opd_int(0);
    }
    int b = ref >= 0 ? (check_assignable(L, c, ref) ? ref : -1) : scalar_target(L, c, lhs);
    if (b < 0)
        return opd_int(0);
    if (L->env[b].role == ROLE_ACC || L->env[b].role == ROLE_SCAN) {
        lift_acc_update(L, c, b, op, rhs);
        return opd_int(0);
    }
    if (L->env[b].ref && ref < 0) { /* p = ... for p = &x: it stays on x */
        lift_fail(L, c,
                  "point at one scalar where the pointer is declared (double *p = &x;) or pass "
                  "&x to a helper of this file",
                  "%s",
                  arena_printf(L->a,
                               "'%s' points to the scalar '%s' and is pointed elsewhere here: "
                               "pargrad follows a pointer to a scalar from its declaration",
                               L->env[b].name, L->env[L->env[b].ref - 1].name));
        return opd_int(0);
    }
    if (L->env[b].is_view && L->env[b].buf && L->env[b].buf->rank > 1 && strcmp(op, "=") != 0) {
        inside_row(L, c, L->env[b].buf);
        return opd_int(0);
    }
    if (L->env[b].is_view && strcmp(op, "=") == 0) {
        point_view(L, c, b, rhs);
        return opd_int(0);
    }
    Operand v = lift_assigned_value(L, rhs);
    if (strcmp(op, "=") != 0) {
        PrimOp pop;
        if (!compound_op(L, c, op, type_is_float(L->env[b].ty) || type_is_float(v.ty), &pop))
            return opd_int(0);
        Builder bd = lift_builder(L, c);
        Type ty = L->env[b].ty;
        Type ct = type_is_float(v.ty) && !type_is_float(ty) ? v.ty : ty;
        v = b_op(&bd, pop, ct, b_cast(&bd, ct, binding_value(L, c, b)), b_cast(&bd, ct, v));
    }
    assign_scalar(L, c, b, v);
    return L->env[b].val;
}

void lift_incdec(Lift *L, CXCursor c) {
    bool postfix;
    const char *op = unop_of(L, c, &postfix);
    CXCursor target = strip_implicit(kids_of(c).items[0]);
    if (strcmp(op, "++") != 0 && strcmp(op, "--") != 0) {
        lift_expr(L, c); /* evaluated for its diagnostics; the value is unused */
        return;
    }
    int ref = scalar_ref_target(L, target);
    if (L->failed)
        return;
    enum CXCursorKind tk = clang_getCursorKind(target);
    if (ref < 0 && (tk == CXCursor_MemberRefExpr || tk == CXCursor_ArraySubscriptExpr ||
                    is_deref(L, target))) { /* count[k]++, p[i].n--: an element */
        Operand idx[4];
        int n = 0, member = -1;
        Buffer *buf = tk == CXCursor_MemberRefExpr ? lift_member(L, target, idx, &n, &member)
                                                   : lift_subscripts(L, target, idx, &n);
        if (buf && buf->fields)
            struct_as_value(L, target);
        else if (buf) {
            Operand old = read_element(L, c, buf, idx, n);
            Builder bd = lift_builder(L, c);
            Operand one = b_fconst(1, buf->elem);
            write_element(L, c, buf, idx, n,
                          op[0] == '+' ? b_add(&bd, old, one) : b_sub(&bd, old, one));
        }
        if (member < 0)
            return;
        ref = member;
    }
    int b = ref >= 0 ? (check_assignable(L, c, ref) ? ref : -1) : scalar_target(L, c, target);
    if (b < 0)
        return;
    if (L->env[b].role == ROLE_ACC || L->env[b].role == ROLE_SCAN) {
        lift_fail(L, c, "write s += 1", "'%s' on a reduction variable", op);
        return;
    }
    if (L->env[b].is_view && L->env[b].buf && L->env[b].buf->rank > 1) {
        inside_row(L, c, L->env[b].buf);
        return;
    }
    Builder bd = lift_builder(L, c);
    Binding *bn = &L->env[b];
    Operand old = binding_value(L, c, b);
    Operand v =
        op[0] == '+' ? b_add(&bd, old, b_fconst(1, bn->ty)) : b_sub(&bd, old, b_fconst(1, bn->ty));
    assign_scalar(L, c, b, v);
}

/* ---- declarations ---- */
/* The factors of a product a * b * ... (at most max; *n counts them all). */
static void collect_factors(Lift *L, CXCursor e, CXCursor *out, int *n, int max) {
    CXCursor c = strip_implicit(e);
    if (clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "*")) {
        Kids k = kids_of(c);
        collect_factors(L, k.items[0], out, n, max);
        collect_factors(L, k.items[1], out, n, max);
        return;
    }
    if (*n < max)
        out[*n] = c;
    (*n)++;
}

/* The element count of `malloc(n * sizeof(T))`, `malloc(sizeof(T) * n)` or
 * `calloc(n, sizeof(T))`; false if the call is not one of these. */
static bool malloc_count(Lift *L, CXCursor call, CXCursor size, Operand *count);

static bool heap_count(Lift *L, CXCursor call, Operand *count) {
    const char *fn = cursor_spelling(L, call);
    Kids k = kids_of(call);
    if (strcmp(fn, "calloc") == 0 && k.n == 3) {
        *count = lift_expr(L, k.items[1]);
        return clang_getCursorKind(strip_implicit(k.items[2])) == CXCursor_UnaryExpr;
    }
    if (strcmp(fn, "malloc") != 0 || k.n != 2)
        return false;
    return malloc_count(L, call, k.items[1], count);
}

/* The element count of malloc(size): size a product with one sizeof. */
static bool malloc_count(Lift *L, CXCursor call, CXCursor size, Operand *count) {
    CXCursor factors[16];
    int n = 0, size_at = -1;
    collect_factors(L, size, factors, &n, 16);
    for (int q = 0; q < n; q++)
        if (clang_getCursorKind(factors[q]) == CXCursor_UnaryExpr)
            size_at = size_at < 0 ? q : n; /* a second sizeof: not an element count */
    if (n > 16 || size_at < 0 || size_at >= n || n < 2)
        return false;
    Builder bd = lift_builder(L, call);
    *count = opd_none();
    for (int q = 0; q < n; q++)
        if (q != size_at) {
            Operand f = lift_expr(L, factors[q]);
            *count = count->kind == OPD_NONE ? f : b_mul(&bd, *count, f);
        }
    return true;
}

static CXCursor strip_cast_call(CXCursor e) {
    CXCursor c = strip_implicit(e);
    while (clang_getCursorKind(c) == CXCursor_CStyleCastExpr) {
        Kids ck = kids_of(c);
        c = strip_implicit(ck.items[ck.n - 1]);
    }
    return c;
}

/* An allocating helper of the file, `double *new_vec(int n) { return
 * malloc(n * sizeof(double)); }`, or with a local it returns (and checks
 * for NULL first): its malloc or calloc call, or a null cursor. */
static CXCursor allocation_in(Lift *L, CXCursor def) {
    CXCursor none = clang_getNullCursor(), found = none;
    KidList body = all_kids(L->a, kids_of(def).last);
    CXCursor local = none;
    for (int i = 0; i < body.n; i++) {
        CXCursor st = body.items[i];
        enum CXCursorKind k = clang_getCursorKind(st);
        if (k == CXCursor_DeclStmt && clang_Cursor_isNull(local)) {
            local = kids_of(st).items[0];
        } else if (k == CXCursor_ReturnStmt && kids_of(st).n == 1 && i == body.n - 1) {
            CXCursor e = strip_cast_call(kids_of(st).items[0]);
            if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && !clang_Cursor_isNull(local) &&
                clang_equalCursors(clang_getCursorReferenced(e), local)) {
                Kids lk = kids_of(local);
                e = lk.n ? strip_cast_call(lk.last) : none;
            }
            found = e;
        } else if (k != CXCursor_IfStmt) { /* if (!p) { ... exit(1); }: for failures */
            return none;
        }
    }
    return !clang_Cursor_isNull(found) && clang_getCursorKind(found) == CXCursor_CallExpr ? found
                                                                                          : none;
}

/* The element count of an allocating helper's call: its parameters bound
 * to the arguments while its malloc's count is read. */
static bool helper_heap_count(Lift *L, CXCursor call, Operand *count) {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl)
        return false;
    CXCursor inner = allocation_in(L, def);
    KidList args = all_kids(L->a, call);
    int np = clang_Cursor_getNumArguments(def);
    if (clang_Cursor_isNull(inner) || args.n != np + 1)
        return false;
    /* xmalloc(size_t bytes) { ... malloc(bytes) ... }: the caller's size */
    Kids ik = kids_of(inner);
    CXCursor size = ik.n == 2 ? strip_cast_call(ik.items[1]) : clang_getNullCursor();
    for (int i = 0; i < np && !clang_Cursor_isNull(size); i++)
        if (clang_getCursorKind(size) == CXCursor_DeclRefExpr &&
            clang_equalCursors(clang_getCursorReferenced(size),
                               clang_Cursor_getArgument(def, (unsigned)i)) &&
            !strcmp(cursor_spelling(L, inner), "malloc"))
            return malloc_count(L, call, args.items[i + 1], count);
    int mark = L->nenv;
    for (int i = 0; i < np; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        Type ty;
        if (!map_type(clang_getCursorType(p), &ty)) {
            L->nenv = mark;
            return false;
        }
        Operand v = lift_expr(L, args.items[i + 1]);
        Binding *b = env_bind(L, p, cursor_spelling(L, p));
        b->ty = ty;
        Builder bd = lift_builder(L, call);
        b->val = b_cast(&bd, ty, v);
    }
    bool ok = heap_count(L, inner, count);
    L->nenv = mark;
    return ok;
}

/* `T *p = malloc(n * sizeof(T));` at the top of the function (or a call of
 * an allocating helper): a temporary array of n elements (the generated
 * code frees it when it returns). */
static void lift_heap_array(Lift *L, CXCursor d, const char *name, CXType pointee, CXCursor init) {
    const char *hint = "allocate temporaries as T *p = malloc(n * sizeof(T)); at the top level "
                       "of the function";
    CXCursor call = strip_implicit(init);
    if (clang_getCursorKind(call) == CXCursor_CStyleCastExpr) {
        Kids ck = kids_of(call);
        call = strip_implicit(ck.items[ck.n - 1]);
    }
    Type ety;
    Operand count;
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !map_type(pointee, &ety) ||
        ety.kind == TY_BOOL ||
        !(heap_count(L, call, &count) || helper_heap_count(L, call, &count))) {
        lift_fail(L, d, hint, "unsupported initialisation of pointer '%s'", name);
        return;
    }
    if (L->nbarriers > 0) {
        lift_fail(L, d, hint, "'%s' is allocated inside a loop or a called function", name);
        return;
    }
    Binding *b = env_bind(L, d, name);
    b->is_array = true;
    b->buf = heap_array(L, loc_of(L, d), name, ety, count);
}

Buffer *heap_array(Lift *L, SrcLoc loc, const char *name, Type elem, Operand count) {
    Buffer *buf = buffer_new(L->a, L->f, name, elem, BUF_LOCAL);
    buf->rank = 1;
    buf->heap = true;
    buf->extent = arena_alloc(L->a, sizeof(Operand));
    *buf->extent = count;
    Stmt *s = stmt_new(L->a, S_ALLOC, loc);
    s->buf = buf;
    s->nargs = 1;
    s->args[0] = count;
    body_append(L->a, L->cur, s);
    return buf;
}

/* double h[3] = {1.0, x[0]}, w[2][2] = {{1, 2}, {3, 4}}: a write per value
 * given (zeros are there already: the array starts zeroed). */
static void lift_array_init(Lift *L, Buffer *buf, CXCursor list, Operand *idx, int depth) {
    if (depth >= buf->rank || depth >= 4) /* ranks are at most 4 (Stmt.idx) */
        return;
    KidList items = all_kids(L->a, list);
    for (int i = 0; i < items.n && !L->failed; i++) {
        CXCursor v = items.items[i];
        idx[depth] = opd_int(i);
        bool nested = clang_getCursorKind(v) == CXCursor_InitListExpr;
        if (i >= (int)buf->dims[depth].ival || nested != (depth + 1 < buf->rank) ||
            !clang_isExpression(clang_getCursorKind(v))) {
            lift_fail(L, v, "give the values in order, one brace level per dimension",
                      "unsupported initialiser of '%s'", buf->name);
            return;
        }
        if (nested) {
            lift_array_init(L, buf, v, idx, depth + 1);
            continue;
        }
        if (clang_getCursorType(v).kind == CXType_Void) { /* libclang's designated initialiser */
            lift_fail(L, v, "give the values in order, or assign the element after the declaration",
                      "designated initialisers are not supported ('%s')", buf->name);
            return;
        }
        Operand x = lift_expr(L, v);
        if (opd_is_const(x, 0))
            continue;
        Builder bd = lift_builder(L, v);
        Stmt *w = stmt_new(L->a, S_WRITE, loc_of(L, v));
        w->buf = buf;
        w->nidx = depth + 1;
        memcpy(w->idx, idx, sizeof(Operand) * (size_t)(depth + 1));
        w->nargs = 1;
        w->args[0] = b_cast(&bd, buf->elem, x);
        body_append(L->a, L->cur, w);
    }
}

static int scalar_ref_arg(Lift *L, CXCursor arg);

void lift_var_decl(Lift *L, CXCursor d) {
    const char *name = cursor_spelling(L, d);
    CXType t = clang_getCursorType(d);
    CXType ct = clang_getCanonicalType(t);
    Kids k = kids_of(d);
    if (ct.kind == CXType_Pointer) {
        CXCursor init = clang_getNullCursor();
        for (int i = 0; i < k.n; i++)
            if (clang_isExpression(clang_getCursorKind(k.items[i])))
                init = k.items[i];
        CXCursor call = clang_Cursor_isNull(init) ? init : strip_casts(init);
        if (!clang_Cursor_isNull(call) && clang_getCursorKind(call) == CXCursor_CallExpr) {
            lift_heap_array(L, d, name, clang_getCanonicalType(clang_getPointeeType(ct)), init);
            return;
        }
        /* double *acc = &total;: *acc is total */
        int ref = clang_Cursor_isNull(init) ? 0 : scalar_ref_arg(L, init);
        Binding *b = env_bind(L, d, name);
        if (ref) {
            b->ref = ref;
            return;
        }
        b->is_view = true;
        b->ty = type_long();
        if (!clang_Cursor_isNull(init))
            point_view(L, d, L->nenv - 1, init);
        return;
    }
    if (ct.kind == CXType_ConstantArray) {
        CXType elem = ct;
        Operand dims[4];
        int rank = 0;
        while (elem.kind == CXType_ConstantArray && rank < 4) {
            dims[rank++] = opd_int(clang_getArraySize(elem));
            elem = clang_getCanonicalType(clang_getArrayElementType(elem));
        }
        Type ety;
        if (!map_type(elem, &ety) || ety.kind == TY_BOOL) {
            lift_fail(L, d, "local arrays must hold float, double or integers",
                      "unsupported local array '%s'", name);
            return;
        }
        Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
        buf->rank = rank;
        buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
        memcpy(buf->dims, dims, sizeof(Operand) * (size_t)rank);
        /* Declared where it appears, so that each iteration gets its own. */
        Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
        s->buf = buf;
        body_append(L->a, L->cur, s);
        for (int i = 0; i < k.n; i++)
            if (clang_getCursorKind(k.items[i]) == CXCursor_InitListExpr) {
                /* C fills what the list leaves out with zeros */
                buf->zero_init = true;
                Operand idx[4];
                lift_array_init(L, buf, k.items[i], idx, 0);
            }
        Binding *b = env_bind(L, d, name);
        b->is_array = true;
        b->buf = buf;
        return;
    }
    if (is_struct_type(t)) {
        lift_struct_decl(L, d, name, t);
        return;
    }
    Type ty;
    if (!map_type(t, &ty)) {
        CXString s = clang_getTypeSpelling(t);
        lift_fail(L, d, "locals must be float, double or integer scalars, or fixed-size arrays",
                  "local '%s' has an unsupported type", name);
        clang_disposeString(s);
        return;
    }
    Operand init = opd_none();
    for (int i = 0; i < k.n; i++) {
        enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
        if (clang_isExpression(kk))
            init = lift_expr(L, k.items[i]);
    }
    Binding *b = env_bind(L, d, name);
    b->ty = ty;
    if (init.kind != OPD_NONE)
        assign_scalar(L, d, L->nenv - 1, init);
}

/* The lifted size (values) up to which helpers are inlined: lifting that
 * many takes about 200 MB, and a 10,000-line function needs about 30,000. */
enum { MAX_LIFTED_VALUES = 200000 };

/* The value of the variable `name` where the call is (the caller's
 * bindings are the newest), or none. */
static Operand caller_value(Lift *L, const char *name) {
    int b = env_named(L, name);
    if (b < 0 || L->env[b].is_array || L->env[b].is_view || L->env[b].ref)
        return opd_none();
    return L->env[b].val;
}

/* Whether the inner extents of a 2-D parameter (its canonical spelling,
 * `double (*)[m]`) and of the array passed agree: the same text, each name
 * in it a parameter given the caller's value of that name. */
static bool same_inner_extents(Lift *L, CXCursor def, int pi, CXCursor p, CXCursor arg,
                               Operand *vals) {
    CXString ps = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(p)));
    CXString as = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(arg)));
    const char *pt = strchr(clang_getCString(ps), '['), *at = strchr(clang_getCString(as), '[');
    bool same = pt && at && strcmp(pt, at) == 0;
    for (const char *q = pt; same && *q; q++) {
        if (!(isalpha((unsigned char)*q) || *q == '_') ||
            (q > pt && (isalnum((unsigned char)q[-1]) || q[-1] == '_')))
            continue;
        size_t n = 0;
        while (isalnum((unsigned char)q[n]) || q[n] == '_')
            n++;
        const char *name = arena_printf(L->a, "%.*s", (int)n, q);
        bool found = false;
        for (int j = 0; j < pi && !found; j++) {
            CXCursor pj = clang_Cursor_getArgument(def, (unsigned)j);
            if (strcmp(cursor_spelling(L, pj), name) == 0) {
                found = true;
                same = opd_equal(vals[j], caller_value(L, name));
            }
        }
        same &= found;
    }
    clang_disposeString(ps);
    clang_disposeString(as);
    return same;
}

/* A whole 2-D array given to a helper's 2-D parameter (T g[n][m], T **g):
 * the array, if its rows are laid out as the parameter says (row pointers
 * for row pointers, the same inner extents otherwise); NULL (reported)
 * if not. */
static Buffer *whole_array_arg(Lift *L, CXCursor def, int pi, CXCursor arg, Operand *vals) {
    CXCursor p = clang_Cursor_getArgument(def, (unsigned)pi);
    CXCursor a = strip_casts(arg);
    int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
    Buffer *buf = b >= 0 && L->env[b].is_array ? L->env[b].buf : NULL;
    int prank;
    bool prows;
    array_shape(clang_getCursorType(p), &prank, &prows);
    if (buf && buf->rank == prank && buf->row_table == prows &&
        (prows || same_inner_extents(L, def, pi, p, a, vals)))
        return buf;
    lift_fail(L, arg,
              "pass the array itself, declared with the same inner extents as the parameter "
              "(T a[n][m] to T g[n][m], T **a to T **g)",
              "%s",
              arena_printf(L->a,
                           "the argument of the %d-D parameter '%s' is not an array of that shape",
                           prank, cursor_spelling(L, p)));
    return NULL;
}

/* For an argument `&x` (x a scalar) or a helper's own pointer to a scalar
 * passed on: 1 + the binding of that scalar; 0 for anything else. */
static int scalar_ref_arg(Lift *L, CXCursor arg) {
    CXCursor c = strip_casts(arg);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_casts(kids_of(c).items[0]);
    bool post;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "&")) {
        CXCursor a = strip_implicit(kids_of(c).items[0]);
        int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
        if (b >= 0 && !L->env[b].is_array && !L->env[b].is_view && !L->env[b].ref)
            return b + 1;
        return 0;
    }
    int b = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    return b >= 0 ? L->env[b].ref : 0;
}

/* The arguments of an inlined call: cursors to lift, or (given) the
 * fields of struct arguments already lifted, NULL for the others. */
typedef struct CallArgs {
    KidList cursors;
    Operand **given;
} CallArgs;

static Operand inline_call(Lift *L, CXCursor call, CXCursor def, CallArgs *args,
                           Operand **fields_out, int *nfields_out);

static Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args) {
    CallArgs ca = {*args, NULL};
    return inline_call(L, call, def, &ca, NULL, NULL);
}

/* The fields of the struct that a call of a helper of the user's returns
 * (inlined); NULL after a diagnostic. */
Operand *lift_struct_call(Lift *L, CXCursor call, int *n) {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl ||
        !user_definition(def)) {
        lift_fail(L, call,
                  "define the function in this file or a header of yours, or return the struct "
                  "through a pointer",
                  "call to '%s', which returns a struct pargrad cannot see",
                  cursor_spelling(L, call));
        return NULL;
    }
    KidList k = all_kids(L->a, call);
    KidList args = {.a = L->a, .items = k.items + 1, .n = k.n - 1};
    Operand *fields = NULL;
    CallArgs ca = {args, NULL};
    inline_call(L, call, def, &ca, &fields, n);
    return L->failed ? NULL : fields;
}

/* fn(x, y) for fn a declared operator's COMBINE or INV on structs,
 * inlined at `at` with the fields of x and y given: the result's fields,
 * NULL after a diagnostic. */
Operand *inline_tuple_op(Lift *L, CXCursor at, const char *fn, Operand *x, Operand *y) {
    CXCursor def = frontend_find_function(L->fe, fn);
    CXCursor none[2] = {clang_getNullCursor(), clang_getNullCursor()};
    Operand *given[2] = {x, y};
    CallArgs ca = {{.a = L->a, .items = none, .n = 2}, given};
    Operand *fields = NULL;
    int n;
    inline_call(L, at, def, &ca, &fields, &n);
    return L->failed ? NULL : fields;
}

/* Inlines a call to a function of the same file: parameters are bound to the
 * argument values (scalars), the argument arrays (pointers), or the
 * caller's scalars whose address is passed (`&seed`). A returned struct's
 * fields go to *fields (NULL: the value is not used). */
static Operand inline_call(Lift *L, CXCursor call, CXCursor def, CallArgs *ca, Operand **fields_out,
                           int *nfields_out) {
    KidList *args = &ca->cursors;
    for (int i = 0; i < L->ninlining; i++)
        if (clang_equalCursors(L->inlining[i], def)) {
            lift_fail(L, call, "rewrite the recursion as a loop",
                      "'%s' is recursive, which pargrad cannot differentiate",
                      cursor_spelling(L, def));
            return opd_float(0, type_double());
        }
    if (L->ninlining > MAX_INLINE_DEPTH) {
        lift_fail(L, call, "call fewer helpers from helpers",
                  "helpers call each other more than %s levels deep",
                  arena_printf(L->a, "%d", MAX_INLINE_DEPTH));
        return opd_float(0, type_double());
    }
    /* Every call is a copy of the helper: helpers calling helpers from many
     * places grow exponentially with their depth. */
    if (L->f->next_var_id > MAX_LIFTED_VALUES) {
        const char *why = arena_printf(L->a,
                                       "'%s' grows too large with the helpers it calls inlined "
                                       "(more than %d values): each call is a copy of the helper",
                                       L->f->name, MAX_LIFTED_VALUES);
        lift_fail(L, call, "call the helpers from fewer places, e.g. from a loop over the calls",
                  "%s", why);
        return opd_float(0, type_double());
    }
    int nparams = clang_Cursor_getNumArguments(def);
    if (nparams != args->n) {
        lift_fail(L, call, NULL, "wrong number of arguments to '%s'", cursor_spelling(L, def));
        return opd_float(0, type_double());
    }
    Operand *vals = arena_alloc(L->a, sizeof(Operand) * (size_t)(nparams + 1));
    Buffer **bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(nparams + 1));
    int *refs = arena_alloc(L->a, sizeof(int) * (size_t)(nparams + 1));
    bool *whole = arena_alloc(L->a, sizeof(bool) * (size_t)(nparams + 1));
    Operand **fields = arena_alloc(L->a, sizeof(Operand *) * (size_t)(nparams + 1));
    int *nfields = arena_alloc(L->a, sizeof(int) * (size_t)(nparams + 1));
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        bufs[i] = NULL;
        if (ca->given && ca->given[i]) {
            fields[i] = ca->given[i];
            nfields[i] = struct_shape(L, def, clang_getCursorType(p))->n;
            continue;
        }
        if (is_struct_type(clang_getCursorType(p))) { /* by value: a copy of its fields */
            if (!(fields[i] = struct_values(L, args->items[i], &nfields[i])))
                return opd_float(0, type_double());
            continue;
        }
        if (!is_pointer_type(p)) {
            vals[i] = lift_expr(L, args->items[i]);
            continue;
        }
        int prank;
        bool prows;
        array_shape(clang_getCursorType(p), &prank, &prows);
        if (prank > 1) { /* T g[n][m], T **g: a whole array of that shape */
            if (!(bufs[i] = whole_array_arg(L, def, i, args->items[i], vals)))
                return opd_float(0, type_double());
            vals[i] = opd_int(0);
            whole[i] = true;
            continue;
        }
        if ((refs[i] = scalar_ref_arg(L, args->items[i])) > 0)
            continue;
        bufs[i] = lift_view(L, args->items[i], &vals[i]);
        if (!bufs[i])
            return opd_float(0, type_double());
    }
    int mark = L->nenv;
    push_inlining(L, def);
    push_barrier(L, (Barrier){BARRIER_CALL, mark, -1, -1});
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        if (fields[i]) {
            bind_struct_arg(L, p, fields[i], nfields[i]);
            continue;
        }
        Binding *b = env_bind(L, p, cursor_spelling(L, p));
        if (refs[i]) {
            b->ref = refs[i];
        } else if (bufs[i] && opd_is_const(vals[i], 0) && (bufs[i]->rank == 1 || whole[i])) {
            b->is_array = true;
            b->buf = bufs[i];
        } else if (bufs[i]) { /* a + off: a view */
            b->is_view = true;
            b->buf = bufs[i];
            b->ty = type_long();
            b->val = vals[i];
        } else {
            Type ty;
            if (!map_type(clang_getCursorType(p), &ty)) {
                lift_fail(L, p, NULL, "parameter '%s' has an unsupported type", b->name);
                break;
            }
            b->ty = ty;
            Builder bd = lift_builder(L, call);
            b->val = b_cast(&bd, ty, vals[i]);
        }
    }
    CXCursor body = kids_of(def).last;
    bool outer_return = L->seen_return;
    Operand outer_val = L->ret_val;
    Type outer_ty = L->ret_ty;
    int outer_flag = L->ret_flag, outer_slot = L->ret_slot, outer_struct = L->ret_struct;
    L->seen_return = false;
    L->ret_struct = 0;
    CXType rct = clang_getCursorResultType(def);
    if (!map_type(rct, &L->ret_ty))
        L->ret_ty.kind = TY_VOID;
    if (is_struct_type(rct)) {
        StructFields *sh = struct_shape(L, def, rct);
        int head = bind_struct_local(L, clang_getNullCursor(), "retval", sh);
        for (int k = 0; k < sh->n; k++)
            L->env[head + 1 + k].val = b_fconst(0, sh->types[k]);
        L->ret_struct = head + 1;
    }
    start_returns(L, body);
    lift_stmt(L, body);
    end_returns(L, body);
    if (L->ret_struct && fields_out) {
        int head = L->ret_struct - 1;
        *nfields_out = L->env[head].shape->n;
        *fields_out = arena_alloc(L->a, sizeof(Operand) * (size_t)(*nfields_out + 1));
        for (int k = 0; k < *nfields_out; k++)
            (*fields_out)[k] = L->env[head + 1 + k].val;
    }
    L->ret_struct = outer_struct;
    L->ret_ty = outer_ty;
    L->ret_flag = outer_flag;
    L->ret_slot = outer_slot;
    Operand result = L->seen_return ? L->ret_val : opd_none();
    L->seen_return = outer_return;
    L->ret_val = outer_val;
    L->nbarriers--;
    L->ninlining--;
    L->nenv = mark;
    Type rty;
    if (map_type(clang_getCursorResultType(def), &rty) && result.kind != OPD_NONE) {
        Builder bd = lift_builder(L, call);
        return b_cast(&bd, rty, result);
    }
    return opd_float(0, type_double());
}
