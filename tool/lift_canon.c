/* Lifting a for loop's head: whether it is a canonical counted loop (one
 * counter, a bound its body does not change, a constant or invariant step,
 * the comparison in either order and direction), and the range [lo, hi)
 * and step pargrad runs it with; and what a loop's body assigns, which
 * decides both the bound's invariance and the scalars the loop carries
 * (lift_loop.c lifts the loops). */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <string.h>

/* Whether a pointer of type t points to const */
static bool points_to_const(CXType t) {
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* The &x among call c's arguments that the callee reads only: passed as
 * `const T *` (g(x[i], &cfg) with g(double, const cfg_t *)) */
static void note_read_only_args(Assigned *as, CXCursor c) {
    int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n; i++) {
        CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
        CXCursor inner = strip_implicit(arg);
        bool post;
        if (points_to_const(clang_getCursorType(arg)) &&
            clang_getCursorKind(inner) == CXCursor_UnaryOperator &&
            !strcmp(unop_of(as->L, inner, &post), "&")) {
            CXCursor *p = arena_alloc(as->L->a, sizeof(CXCursor));
            *p = inner;
            vec_push(as->L->a, &as->read_only, p);
        }
    }
}

static bool read_only_address(Assigned *as, CXCursor c) {
    if (points_to_const(clang_getCursorType(c))) /* &x of a const x */
        return true;
    for (int i = 0; i < as->read_only.len; i++)
        if (same_node(*(CXCursor *)as->read_only.items[i], c))
            return true;
    return false;
}

static void add_assigned(Assigned *as, CXCursor d) {
    for (int i = 0; i < as->n; i++)
        if (clang_equalCursors(as->decls[i], d))
            return;
    if (as->n == as->cap) {
        as->cap = as->cap ? 2 * as->cap : 16;
        CXCursor *v = arena_alloc(as->L->a, sizeof(CXCursor) * (size_t)as->cap);
        if (as->n)
            memcpy(v, as->decls, sizeof(CXCursor) * (size_t)as->n);
        as->decls = v;
    }
    as->decls[as->n++] = d;
}

/* fl->u, s.u: a pointer field of a struct (not an array field) */
static bool through_pointer_field(CXCursor c) {
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_implicit(kids_of(c).items[0]);
    return clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
           clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Assigned *as = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool assigns = k == CXCursor_CompoundAssignOperator ||
                   (k == CXCursor_BinaryOperator && strcmp(binop_of(as->L, c), "=") == 0);
    if (k == CXCursor_CallExpr)
        note_read_only_args(as, c);
    if (k == CXCursor_UnaryOperator) {
        bool post;
        const char *op = unop_of(as->L, c, &post);
        /* &x passed to a helper, which may assign x through it */
        assigns = strcmp(op, "++") == 0 || strcmp(op, "--") == 0 ||
                  (strcmp(op, "&") == 0 && !read_only_address(as, c));
    }
    if (assigns) {
        CXCursor target = strip_implicit(kids_of(c).items[0]);
        /* an element: the array it belongs to (for loop bounds that read it) */
        bool element = false;
        for (;;) { /* a[i].x[j]: a; d.x: the local struct d */
            enum CXCursorKind tk = clang_getCursorKind(target);
            if (tk == CXCursor_ParenExpr) {
                target = strip_implicit(kids_of(target).items[0]);
            } else if (tk == CXCursor_ArraySubscriptExpr) {
                target = strip_implicit(kids_of(target).items[0]);
                element = true;
                if (through_pointer_field(target)) {
                    /* fl->u[i]: an element of the array the field points to,
                     * not of the struct: its field stands for it (for the
                     * loop bounds that read it) */
                    if (as->elements)
                        add_assigned(as, clang_getCursorReferenced(target));
                    return CXChildVisit_Recurse;
                }
            } else if (tk == CXCursor_MemberRefExpr) {
                /* v->x as *v: v may point to a local struct */
                target = strip_implicit(kids_of(target).items[0]);
                if (clang_getCanonicalType(clang_getCursorType(target)).kind == CXType_Pointer)
                    element = false;
            } else {
                break;
            }
        }
        /* *p = e: the pointer, which may point to a scalar (see carried_bindings) */
        bool post;
        if (clang_getCursorKind(target) == CXCursor_UnaryOperator &&
            strcmp(unop_of(as->L, target, &post), "*") == 0) {
            target = strip_implicit(kids_of(target).items[0]);
            element = false;
        }
        if (clang_getCursorKind(target) == CXCursor_DeclRefExpr && (as->elements || !element))
            add_assigned(as, clang_getCursorReferenced(target));
    }
    return CXChildVisit_Recurse;
}
/* The end of the iteration range of `i < bound` (or `i <= bound`), as C
 * compares: a floating bound is not truncated, `i < 2.5` runs i = 0, 1, 2. */
static Operand loop_end(Lift *L, CXCursor c, Operand bound, Type ity, bool inclusive) {
    Builder bd = lift_builder(L, c);
    Operand t = b_cast(&bd, ity, bound);
    if (!type_is_float(bound.ty))
        return inclusive ? b_add(&bd, t, b_fconst(1, ity)) : t;
    /* t = (int)bound truncates towards zero; one more iteration when t is
     * still below (or at, for <=) the bound. */
    Operand more = b_cmp(&bd, inclusive ? OP_LE : OP_LT, b_cast(&bd, bound.ty, t), bound);
    return b_add(&bd, t, b_cast(&bd, ity, more));
}

typedef struct BoundScan {
    Assigned *as;
    bool changed;
} BoundScan;

static enum CXChildVisitResult find_bound_var(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    BoundScan *bs = data;
    /* a variable, or a pointer field whose elements the body writes */
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr ||
        clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        for (int i = 0; i < bs->as->n; i++)
            bs->changed |= clang_equalCursors(bs->as->decls[i], d);
    }
    return CXChildVisit_Recurse;
}

/* C evaluates the condition before every iteration: a bound that reads a
 * variable the body assigns (or an array the body writes) is not the
 * fixed bound pargrad's loops have. */
static bool bound_changes_in(Lift *L, CXCursor bound, CXCursor body) {
    Assigned as = {.L = L, .elements = true};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    BoundScan bs = {&as, false};
    find_bound_var(bound, clang_getNullCursor(), &bs);
    clang_visitChildren(bound, find_bound_var, &bs);
    return bs.changed;
}

static const char *const canon_hint =
    "write the loop as for (i = A; i < B; i++) (or <=, i += S), or for (i = B; i >= A; i--)";

/* for (int i = A; ...) or for (i = A; ...) on an integer variable declared
 * before; sets the counter and returns the initial value's expression. */
static bool loop_counter(Lift *L, CXCursor c, CXCursor init, Canon *cn, CXCursor *first) {
    enum CXCursorKind k = clang_getCursorKind(init);
    if (k == CXCursor_DeclStmt) {
        Kids dk = kids_of(init);
        if (dk.n != 1 || clang_getCursorKind(dk.items[0]) != CXCursor_VarDecl) {
            lift_fail(L, c, canon_hint, "loop is not canonical: it must declare one counter%s", "");
            return false;
        }
        cn->index_decl = dk.items[0];
        Kids ik = kids_of(cn->index_decl);
        if (ik.n < 1 || !clang_isExpression(clang_getCursorKind(ik.items[ik.n - 1]))) {
            lift_fail(L, c, canon_hint, "loop is not canonical: counter '%s' has no initial value",
                      cursor_spelling(L, cn->index_decl));
            return false;
        }
        *first = ik.items[ik.n - 1];
    } else {
        Kids ak = kids_of(init);
        CXCursor target = ak.n == 2 ? strip_implicit(ak.items[0]) : init;
        if (k != CXCursor_BinaryOperator || strcmp(binop_of(L, init), "=") != 0 ||
            clang_getCursorKind(target) != CXCursor_DeclRefExpr) {
            lift_fail(L, init, canon_hint,
                      "loop is not canonical: it must start by setting one counter%s", "");
            return false;
        }
        int b = env_lookup(L, target);
        if (b < 0 || L->env[b].is_array || L->env[b].is_view) {
            L->probe_final = b < 0 || !L->env[b].is_view; /* (a pointer walks as a while loop) */
            lift_fail(L, init, "count with a local variable or a parameter",
                      "loop counter '%s' is not a local variable", cursor_spelling(L, target));
            return false;
        }
        if (L->env[b].role != ROLE_NORMAL) {
            L->probe_final = true;
            lift_fail(L, init, "count with another variable",
                      L->env[b].role == ROLE_INDEX
                          ? "'%s' is already the counter of an enclosing loop"
                          : "'%s' is a reduce variable: it cannot count a loop",
                      L->env[b].name);
            return false;
        }
        cn->index_decl = clang_getCursorReferenced(target);
        cn->counter_ref = target;
        cn->outer = true;
        *first = ak.items[1];
    }
    cn->index_name = cursor_spelling(L, cn->index_decl);
    if (!map_type(clang_getCursorType(cn->index_decl), &cn->index_ty) ||
        cn->index_ty.kind != TY_INT) {
        lift_fail(L, c, canon_hint, "loop is not canonical: its counter '%s' is not an integer",
                  cn->index_name);
        return false;
    }
    return true;
}

static bool is_counter(Canon *cn, CXCursor e) {
    e = strip_implicit(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(e), cn->index_decl);
}

/* The step: i++, ++i, i--, --i, i += S, i -= S, i = i + S, i = S + i,
 * i = i - S. Sets *dir (+1 or -1) and *amount (null for 1). */
static bool loop_step(Lift *L, CXCursor inc, Canon *cn, int *dir, CXCursor *amount) {
    enum CXCursorKind k = clang_getCursorKind(inc);
    Kids ik = kids_of(inc);
    *amount = clang_getNullCursor();
    *dir = 0;
    if (ik.n < 1 || !is_counter(cn, ik.items[0]))
        return false;
    if (k == CXCursor_UnaryOperator) {
        bool post;
        const char *op = unop_of(L, inc, &post);
        *dir = strcmp(op, "++") == 0 ? 1 : strcmp(op, "--") == 0 ? -1 : 0;
        return *dir != 0;
    }
    if (ik.n != 2)
        return false;
    const char *op = binop_of(L, inc);
    if (k == CXCursor_CompoundAssignOperator) {
        *dir = strcmp(op, "+=") == 0 ? 1 : strcmp(op, "-=") == 0 ? -1 : 0;
        *amount = ik.items[1];
        return *dir != 0;
    }
    CXCursor r = strip_implicit(ik.items[1]);
    Kids rk = kids_of(r);
    if (k != CXCursor_BinaryOperator || strcmp(op, "=") != 0 ||
        clang_getCursorKind(r) != CXCursor_BinaryOperator || rk.n != 2)
        return false;
    const char *rop = binop_of(L, r);
    if (strcmp(rop, "+") == 0 && is_counter(cn, rk.items[0]))
        *dir = 1, *amount = rk.items[1];
    else if (strcmp(rop, "+") == 0 && is_counter(cn, rk.items[1]))
        *dir = 1, *amount = rk.items[0];
    else if (strcmp(rop, "-") == 0 && is_counter(cn, rk.items[0]))
        *dir = -1, *amount = rk.items[1];
    return *dir != 0;
}

/* The smallest integer counter value that still passes `i > bound` or
 * `i >= bound` (inclusive), as C compares: i >= 0.5 starts at 1. */
static Operand loop_floor(Lift *L, CXCursor c, Operand bound, Type ity, bool inclusive) {
    Builder bd = lift_builder(L, c);
    Operand t = b_cast(&bd, ity, bound);
    if (!type_is_float(bound.ty))
        return inclusive ? t : b_add(&bd, t, b_fconst(1, ity));
    Operand below = b_cmp(&bd, inclusive ? OP_LT : OP_LE, b_cast(&bd, bound.ty, t), bound);
    return b_add(&bd, t, b_cast(&bd, ity, below));
}

/* The iteration range: a unit step up is the IR loop itself; anything else
 * counts iterations: (end - min(first, end) + step - 1) / step going up,
 * (first - last) / step + 1 going down when first >= last (no differences
 * of unordered values: unsigned counters would wrap). */
static void loop_range(Lift *L, CXCursor c, Canon *cn, Operand first, Operand bound, bool inclusive,
                       Operand step) {
    Builder bd = lift_builder(L, c);
    Type ity = cn->index_ty;
    Operand one = b_fconst(1, ity), zero = b_fconst(0, ity);
    cn->first = first;
    if (!cn->down && step.kind == OPD_NONE) {
        cn->lo = first;
        cn->hi = loop_end(L, c, bound, ity, inclusive);
        cn->step = opd_none();
        cn->exit = b_select(&bd, b_cmp(&bd, OP_LT, first, cn->hi), cn->hi, first);
        return;
    }
    Operand s = step.kind == OPD_NONE ? one : step, trip;
    if (cn->down) {
        cn->limit = loop_floor(L, c, bound, ity, inclusive);
        Operand span = b_add(&bd, b_div(&bd, b_sub(&bd, first, cn->limit), s), one);
        trip = b_select(&bd, b_cmp(&bd, OP_GE, first, cn->limit), span, zero);
    } else {
        cn->limit = loop_end(L, c, bound, ity, inclusive);
        Operand from = b_select(&bd, b_cmp(&bd, OP_LT, first, cn->limit), first, cn->limit);
        Operand s_less_1 =
            s.kind == OPD_CONST ? b_fconst((double)(s.ival - 1), ity) : b_sub(&bd, s, one);
        Operand span = b_add(&bd, b_sub(&bd, cn->limit, from), s_less_1);
        trip = b_div(&bd, span, s);
    }
    cn->lo = zero;
    cn->hi = named(L, c, trip, arena_printf(L->a, "%s_trips", cn->index_name));
    cn->step = step;
    Operand moved = b_mul(&bd, cn->hi, s);
    cn->exit = cn->down ? b_sub(&bd, first, moved) : b_add(&bd, first, moved);
}

/* Whether e reads the counter. */
static bool has_counter(Lift *L, CXCursor e, Canon *cn) {
    Assigned as = {.L = L, .decls = &cn->index_decl, .n = 1, .cap = 1};
    BoundScan bs = {&as, false};
    find_bound_var(e, clang_getNullCursor(), &bs);
    clang_visitChildren(e, find_bound_var, &bs);
    return bs.changed;
}

/* A loop condition as `i OP bound`, offset_sign * offset moved to the
 * bound's side: i + 1 < n is i < n - 1, n > i is i < n. */
typedef struct LoopCond {
    const char *op;
    CXCursor bound, offset; /* offset: null for none */
    int offset_sign;
} LoopCond;

static const char *mirrored(const char *op) {
    static const char *const pairs[][2] = {
        {"<", ">"}, {">", "<"}, {"<=", ">="}, {">=", "<="}, {"!=", "!="}};
    for (int i = 0; i < 5; i++)
        if (strcmp(op, pairs[i][0]) == 0)
            return pairs[i][1];
    return NULL;
}

/* Whether e is the counter, or the counter plus or minus an offset. */
static bool counter_side(Lift *L, CXCursor e, Canon *cn, LoopCond *lc) {
    if (is_counter(cn, e))
        return true;
    CXCursor x = strip_implicit(e);
    if (clang_getCursorKind(x) != CXCursor_BinaryOperator)
        return false;
    const char *op = binop_of(L, x);
    Kids xk = kids_of(x);
    if (xk.n != 2 || (strcmp(op, "+") != 0 && strcmp(op, "-") != 0))
        return false;
    for (int q = 0; q < 2; q++)
        if (is_counter(cn, xk.items[q]) && (q == 0 || op[0] == '+')) {
            lc->offset = xk.items[1 - q];
            lc->offset_sign = op[0] == '+' ? 1 : -1;
            return true;
        }
    return false;
}

static bool loop_cond(Lift *L, CXCursor cond_e, Canon *cn, LoopCond *lc) {
    CXCursor cond = strip_implicit(cond_e);
    *lc = (LoopCond){"", clang_getNullCursor(), clang_getNullCursor(), 0};
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return false;
    const char *op = binop_of(L, cond);
    Kids ck = kids_of(cond);
    if (ck.n != 2 || !mirrored(op))
        return false;
    if (counter_side(L, ck.items[0], cn, lc)) {
        lc->op = op;
        lc->bound = ck.items[1];
    } else if (counter_side(L, ck.items[1], cn, lc)) {
        lc->op = mirrored(op);
        lc->bound = ck.items[0];
    } else
        return false;
    /* the other side must not read the counter too (i < 2 * i) */
    return !has_counter(L, lc->bound, cn) &&
           (clang_Cursor_isNull(lc->offset) || !has_counter(L, lc->offset, cn));
}

/* bound - sign * offset: for an unsigned counter (only i + C < B) 0 when
 * C > B, as C compares (no value of i passes). */
static Operand offset_bound(Lift *L, CXCursor c, Canon *cn, Operand bound, Operand offset,
                            int sign) {
    Builder bd = lift_builder(L, c);
    Type ty = type_is_float(bound.ty) || type_is_float(offset.ty) ? type_double() : cn->index_ty;
    if (type_is_float(bound.ty) && !type_is_float(offset.ty))
        ty = bound.ty;
    Operand b = b_cast(&bd, ty, bound), o = b_cast(&bd, ty, offset);
    if (sign > 0 && type_is_unsigned(ty))
        return b_select(&bd, b_cmp(&bd, OP_GE, b, o), b_sub(&bd, b, o), b_fconst(0, ty));
    return sign > 0 ? b_sub(&bd, b, o) : b_add(&bd, b, o);
}

/* A counted loop as pargrad runs it: the IR loop's index k runs over
 * [lo, hi), and the user's counter is k itself (step == opd_none) or
 * first + k * step (first - k * step when `down`). */

bool canonical_loop(Lift *L, CXCursor c, Canon *cn) {
    memset(cn, 0, sizeof *cn);
    cn->exit_binding = -1;
    Kids k = kids_of(c);
    if (k.n != 4) {
        lift_fail(L, c, canon_hint, "loop is not canonical: it must set its counter%s", "");
        return false;
    }
    CXCursor first_e;
    if (!loop_counter(L, c, k.items[0], cn, &first_e))
        return false;
    LoopCond lc;
    if (!loop_cond(L, k.items[1], cn, &lc)) {
        lift_fail(L, k.items[1], canon_hint,
                  "loop is not canonical: the condition must compare '%s' with a bound (i < B, "
                  "<=, >, >=, !=, i + 1 < B)",
                  cn->index_name);
        return false;
    }
    const char *op = lc.op;
    int dir;
    CXCursor amount;
    if (!loop_step(L, k.items[2], cn, &dir, &amount)) {
        lift_fail(L, k.items[2], canon_hint,
                  "loop is not canonical: the step of '%s' must be ++, --, += S or -= S",
                  cn->index_name);
        return false;
    }
    bool konst = true;
    Operand step_c = opd_none();
    if (!clang_Cursor_isNull(amount)) {
        step_c = evaluate_constant(L, strip_implicit(amount), &konst);
        if (konst && !type_is_float(step_c.ty) && step_c.ival < 0)
            dir = -dir, step_c.ival = -step_c.ival;
        if (konst && (type_is_float(step_c.ty) || step_c.ival == 0)) {
            lift_fail(L, k.items[2], canon_hint,
                      "loop is not canonical: the step of '%s' must be a non-zero integer",
                      cn->index_name);
            return false;
        }
    }
    if (strcmp(op, "!=") == 0) /* i != B: the counter reaches B (else C loops forever) */
        op = dir > 0 ? "<" : ">";
    bool up = strcmp(op, "<") == 0 || strcmp(op, "<=") == 0;
    bool down = !up;
    if ((up && dir < 0) || (down && dir > 0)) {
        lift_fail(L, k.items[2],
                  "count up (i++, i += S) with < or <=, and down (i--, i -= S) with > or >=",
                  "the step moves '%s' away from the bound: the loop would not end",
                  cn->index_name);
        return false;
    }
    bool inclusive = strcmp(op, "<=") == 0 || strcmp(op, ">=") == 0;
    bool is_const_bound;
    Operand b0 = evaluate_constant(L, strip_implicit(lc.bound), &is_const_bound);
    if (down && inclusive && type_is_unsigned(cn->index_ty) && is_const_bound &&
        clang_Cursor_isNull(lc.offset) && !type_is_float(b0.ty) && b0.ival == 0) {
        L->probe_final = true;
        lift_fail(L, k.items[1], "count down with i > 0 and use i - 1, or use a signed counter",
                  "the loop never ends: the unsigned counter '%s' is always >= 0", cn->index_name);
        return false;
    }
    const char *fixed_hint =
        "compute the bound into a variable before the loop and leave it unchanged";
    if (bound_changes_in(L, lc.bound, k.items[3]) ||
        (!clang_Cursor_isNull(lc.offset) && bound_changes_in(L, lc.offset, k.items[3]))) {
        lift_fail(L, lc.bound, fixed_hint, "the loop bound changes inside the loop%s", "");
        return false;
    }
    if (!clang_Cursor_isNull(lc.offset) && type_is_unsigned(cn->index_ty) &&
        (strcmp(op, "<") != 0 || lc.offset_sign < 0)) {
        lift_fail(L, k.items[1], "write the condition as i < B - C, or use a signed counter",
                  "an offset to the unsigned counter '%s' in the loop condition (only i + C < B "
                  "is supported)",
                  cn->index_name);
        return false;
    }
    if (!konst && bound_changes_in(L, amount, k.items[3])) {
        lift_fail(L, amount, fixed_hint, "the loop step changes inside the loop%s", "");
        return false;
    }
    cn->down = down;
    Builder bd = lift_builder(L, c);
    Operand first = b_cast(&bd, cn->index_ty, lift_expr(L, first_e));
    Operand bound = lift_expr(L, lc.bound);
    if (!clang_Cursor_isNull(lc.offset))
        bound = offset_bound(L, c, cn, bound, lift_expr(L, lc.offset), lc.offset_sign);
    Operand step = opd_none();
    if (!clang_Cursor_isNull(amount) && !(konst && step_c.ival == 1))
        step = konst ? b_fconst((double)step_c.ival, cn->index_ty)
                     : b_cast(&bd, cn->index_ty, lift_expr(L, amount));
    if (L->failed)
        return false;
    loop_range(L, c, cn, first, bound, inclusive, step);
    cn->body = k.items[3];
    return !L->failed;
}

Stmt *loop_stmt(Lift *L, CXCursor c, StmtKind kind, Canon *cn, Pragma *pg) {
    Stmt *s = stmt_new(L->a, kind, loc_of(L, c));
    /* The iteration number, when the counter is not the index itself. */
    const char *name = cn->step.kind == OPD_NONE && !cn->down
                           ? cn->index_name
                           : arena_printf(L->a, "%s_iter", cn->index_name);
    s->index = var_new(L->a, L->f, name, cn->index_ty);
    s->lo = cn->lo;
    s->hi = cn->hi;
    s->body = body_new(L->a);
    s->text = pg ? pg->text : NULL;
    if (pg)
        loop_notes(L->a, s)->annotation = pg->text;
    return s;
}
