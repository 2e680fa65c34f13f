/* Lifting assignments: to scalars, to elements, the updates of
 * reductions and scans, and increments. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>

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

/* Accumulator b combined with e by its operator, or with e's inverse for
 * that operator (s -= e under +, s /= e under *: the product takes 1 / e,
 * as it would in another order). */
static void combine_into(Lift *L, CXCursor c, int b, CXCursor e, bool inverse) {
    Operand v = lift_expr(L, e);
    if (inverse) {
        Builder bd = lift_builder(L, c);
        Type ty = L->env[b].ty;
        v = L->env[b].acc_op == RED_MUL ? b_div(&bd, b_fconst(1, ty), b_cast(&bd, ty, v))
                                        : b_neg(&bd, v);
    }
    Binding *acc = &L->env[b];
    acc->val = combine_acc(L, c, acc->acc_op, acc->acc_uop, acc->val, v, acc->ty);
}

/* A reduce update of accumulator `b`: s op= e, s = s op e, s = e op s,
 * s = fmin(s, e), s = (e < s) ? e : s. */
static void lift_acc_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs) {
    Binding *bd = &L->env[b];
    ReduceOp rop = bd->acc_op;
    if (rop == RED_AFFINE) {
        scan_affine_update(L, c, b, op, rhs, NULL);
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
    /* the operator that takes the inverse: s - e under +, s / e under * */
    const char *inverse = rop == RED_ADD                            ? "-"
                          : rop == RED_MUL && type_is_float(bd->ty) ? "/" /* (not integers') */
                                                                    : "";
    if (strcmp(op, "=") != 0) {
        bool inv = *inverse && op[0] == inverse[0] && op[1] == '=';
        if (!inv && !(op[0] == want[0] && op[1] == '=')) {
            lift_fail(L, c, "update the variable with the operator of its reduce clause",
                      "'%s' does not match the reduce operator", op);
            return;
        }
        combine_into(L, c, b, rhs, inv);
        return;
    }
    CXCursor r = strip_implicit(rhs);
    Kids k = kids_of(r);
    CXCursor other = clang_getNullCursor();
    bool negate = false;
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator && k.n == 2) {
        const char *bop = binop_of(L, r);
        bool inv = *inverse && strcmp(bop, inverse) == 0;
        bool ok_op = strcmp(bop, want) == 0 || inv;
        if (ok_op && refers_to(L, k.items[0], b)) {
            other = k.items[1];
            negate = inv;
        } else if (ok_op && !inv && refers_to(L, k.items[1], b)) {
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
    } else if (clang_getCursorKind(r) == CXCursor_CallExpr && k.n == 4 && rop == RED_ADD &&
               refers_to(L, k.items[3], b) &&
               (!strcmp(cursor_spelling(L, r), "fma") || !strcmp(cursor_spelling(L, r), "fmaf"))) {
        /* s = fma(a, b, s): s + a * b */
        Operand a = lift_expr(L, k.items[1]), m = lift_expr(L, k.items[2]);
        Builder bdr = lift_builder(L, c);
        Operand v = b_mul(&bdr, b_cast(&bdr, bd->ty, a), b_cast(&bdr, bd->ty, m));
        bd = &L->env[b];
        bd->val = combine_acc(L, c, rop, bd->acc_uop, bd->val, v, bd->ty);
        return;
    }
    if (clang_Cursor_isNull(other)) {
        lift_fail(
            L, c,
            "write the update as s += e, s = s + e, s *= e, s = fmin(s, e), s = fmax(s, e) or "
            "if (e < s) s = e",
            "unsupported update of reduction variable '%s'", bd->name);
        return;
    }
    combine_into(L, c, b, other, negate);
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

void assign_scalar(Lift *L, CXCursor c, int b, Operand v) {
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
bool check_assignable(Lift *L, CXCursor c, int b) {
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
void point_view(Lift *L, CXCursor at, int b, CXCursor e) {
    L->env[b].null = false; /* (a helper's NULL pointer, pointed elsewhere) */
    if (is_null_pointer(L, e)) {
        L->env[b].val = opd_none();
        L->env[b].unset_why = NULL;
        return;
    }
    if (view_choice(L, at, b, e) || point_view_at_allocation(L, at, b, e))
        return;
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
    if (!ok && !*op)
        operator_unseen(L, c);
    else if (!ok)
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
        else if (buf && is_hist_target(L, buf))
            hist_increment(L, c, buf, idx, n, op[0] == '-');
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
