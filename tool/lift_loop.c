/* Lifting loops: canonical for loops, sequential loops (carried scalars,
 * break), maps and reduces (privatised scalars, accumulators). */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

typedef struct Canon {
    CXCursor index_decl;
    const char *index_name;
    Type index_ty;
    Operand lo, hi;
    CXCursor body;
} Canon;

static bool is_one(Lift *L, CXCursor e) {
    bool ok;
    Operand v = evaluate_constant(L, strip_implicit(e), &ok);
    return ok && opd_is_const(v, 1);
}

/* Declarations assigned anywhere inside `c` (scalars a loop body carries). */
typedef struct Assigned {
    Lift *L;
    CXCursor *decls; /* scalars, and arrays whose elements are assigned */
    int n, cap;
} Assigned;

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

static enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Assigned *as = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool assigns = k == CXCursor_CompoundAssignOperator ||
                   (k == CXCursor_BinaryOperator && strcmp(binop_of(as->L, c), "=") == 0);
    if (k == CXCursor_UnaryOperator) {
        bool post;
        const char *op = unop_of(as->L, c, &post);
        assigns = strcmp(op, "++") == 0 || strcmp(op, "--") == 0;
    }
    if (assigns) {
        CXCursor target = strip_implicit(kids_of(c).items[0]);
        /* an element: the array it belongs to (for loop bounds that read it) */
        while (clang_getCursorKind(target) == CXCursor_ArraySubscriptExpr)
            target = strip_implicit(kids_of(target).items[0]);
        if (clang_getCursorKind(target) == CXCursor_DeclRefExpr)
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
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
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
    Assigned as = {.L = L};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    BoundScan bs = {&as, false};
    find_bound_var(bound, clang_getNullCursor(), &bs);
    clang_visitChildren(bound, find_bound_var, &bs);
    return bs.changed;
}

static bool canonical_loop(Lift *L, CXCursor c, Canon *cn) {
    const char *hint = "write the loop as for (int i = A; i < B; i++)";
    Kids k = kids_of(c);
    if (k.n != 4 || clang_getCursorKind(k.items[0]) != CXCursor_DeclStmt) {
        lift_fail(L, c, hint, "loop is not canonical: it must declare its index%s", "");
        return false;
    }
    Kids dk = kids_of(k.items[0]);
    if (dk.n != 1 || clang_getCursorKind(dk.items[0]) != CXCursor_VarDecl) {
        lift_fail(L, c, hint, "loop is not canonical: it must declare one index%s", "");
        return false;
    }
    cn->index_decl = dk.items[0];
    cn->index_name = cursor_spelling(L, cn->index_decl);
    if (!map_type(clang_getCursorType(cn->index_decl), &cn->index_ty) ||
        cn->index_ty.kind != TY_INT) {
        lift_fail(L, c, hint, "loop is not canonical: its index '%s' is not an integer",
                  cn->index_name);
        return false;
    }
    Kids ik = kids_of(cn->index_decl);
    if (ik.n < 1) {
        lift_fail(L, c, hint, "loop is not canonical: index '%s' has no initial value",
                  cn->index_name);
        return false;
    }
    CXCursor cond = strip_implicit(k.items[1]);
    const char *op = clang_getCursorKind(cond) == CXCursor_BinaryOperator ? binop_of(L, cond) : "";
    Kids ck = kids_of(cond);
    bool index_left =
        ck.n == 2 && clang_getCursorKind(strip_implicit(ck.items[0])) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(strip_implicit(ck.items[0])), cn->index_decl);
    if (!index_left || (strcmp(op, "<") != 0 && strcmp(op, "<=") != 0)) {
        lift_fail(L, k.items[1], hint,
                  "loop is not canonical: the condition must be '%s < B' or '<= B'",
                  cn->index_name);
        return false;
    }
    CXCursor inc = k.items[2];
    bool inc_ok = false;
    enum CXCursorKind ik2 = clang_getCursorKind(inc);
    Kids inck = kids_of(inc);
    bool on_index =
        inck.n >= 1 && clang_equalCursors(clang_getCursorReferenced(strip_implicit(inck.items[0])),
                                          cn->index_decl);
    if (ik2 == CXCursor_UnaryOperator) {
        bool post;
        inc_ok = on_index && strcmp(unop_of(L, inc, &post), "++") == 0;
    } else if (ik2 == CXCursor_CompoundAssignOperator) {
        inc_ok = on_index && strcmp(binop_of(L, inc), "+=") == 0 && is_one(L, inck.items[1]);
    } else if (ik2 == CXCursor_BinaryOperator && on_index && strcmp(binop_of(L, inc), "=") == 0) {
        CXCursor r = strip_implicit(inck.items[1]);
        Kids rk = kids_of(r);
        inc_ok = clang_getCursorKind(r) == CXCursor_BinaryOperator &&
                 strcmp(binop_of(L, r), "+") == 0 && rk.n == 2 &&
                 clang_equalCursors(clang_getCursorReferenced(strip_implicit(rk.items[0])),
                                    cn->index_decl) &&
                 is_one(L, rk.items[1]);
    }
    if (!inc_ok) {
        lift_fail(L, inc, hint, "loop is not canonical: the step must be %s++ or += 1",
                  cn->index_name);
        return false;
    }
    if (bound_changes_in(L, ck.items[1], k.items[3])) {
        lift_fail(L, ck.items[1],
                  "compute the bound into a variable before the loop and leave it unchanged",
                  "the loop bound changes inside the loop%s", "");
        return false;
    }
    Builder bd = lift_builder(L, c);
    cn->lo = b_cast(&bd, cn->index_ty, lift_expr(L, ik.items[ik.n - 1]));
    cn->hi = loop_end(L, c, lift_expr(L, ck.items[1]), cn->index_ty, strcmp(op, "<=") == 0);
    cn->body = k.items[3];
    return !L->failed;
}

static Stmt *loop_stmt(Lift *L, CXCursor c, StmtKind kind, Canon *cn, Pragma *pg) {
    Stmt *s = stmt_new(L->a, kind, loc_of(L, c));
    s->index = var_new(L->a, L->f, cn->index_name, cn->index_ty);
    s->lo = cn->lo;
    s->hi = cn->hi;
    s->body = body_new(L->a);
    s->text = pg ? pg->text : NULL;
    return s;
}

/* Lifts the loop body with the index bound, inside a barrier. */
static enum CXChildVisitResult find_break(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BreakStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    /* a break in a nested loop or switch is that statement's own */
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
        k == CXCursor_SwitchStmt)
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

bool contains_break(CXCursor c) {
    if (clang_getCursorKind(c) == CXCursor_BreakStmt)
        return true;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
        return false;
    bool found = false;
    clang_visitChildren(c, find_break, &found);
    return found;
}

static enum CXChildVisitResult find_return(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool contains_return(CXCursor c) {
    bool found = clang_getCursorKind(c) == CXCursor_ReturnStmt;
    if (!found)
        clang_visitChildren(c, find_return, &found);
    return found;
}

/* Lifted with a `returned` flag: a return at that point sets it, and
 * whatever follows in the loops and blocks around it is guarded by it. */
bool returns_by_flag(Lift *L, CXCursor c) {
    return L->ret_flag >= 0 && contains_return(c);
}

/* An empty `if (cond)` at `at`, both branches ready to lift into. */
Stmt *if_stmt(Lift *L, CXCursor at, Operand cond) {
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, at));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    return s;
}

/* Lifts statements under `if (cond)`, merging what they assign with phis
 * (the values before, when cond is false). */
void lift_under_guard(Lift *L, CXCursor at, Operand cond, CXCursor *v, int n) {
    Stmt *s = if_stmt(L, at, cond);
    int outer = L->nenv;
    Operand *before = env_snapshot(L);
    Body *saved = L->cur;
    L->cur = s->then_body;
    lift_stmts(L, v, n);
    L->cur = saved;
    L->nenv = outer;
    Operand *after = env_snapshot(L);
    merge_branches(L, at, s, outer, before, after, before);
    free(before);
    free(after);
    body_append(L->a, L->cur, s);
}

/* cond: the enclosing sequential loop has not stopped (stopped >= 0, after
 * a break) and the function has not returned (returned); opd_none when
 * neither applies. */
Operand not_stopped(Lift *L, CXCursor at, int stopped, bool returned) {
    Builder bd = lift_builder(L, at);
    Operand flag = opd_none();
    if (stopped >= 0)
        flag = L->env[stopped].val;
    if (returned) {
        Operand r = L->env[L->ret_flag].val;
        flag = flag.kind == OPD_NONE ? r : b_op(&bd, OP_OR, type_int(), flag, r);
    }
    return flag.kind == OPD_NONE ? flag : b_cmp(&bd, OP_EQ, flag, opd_int(0));
}

typedef struct Privatised {
    int binding, outer_barrier;
} Privatised;

/* The scalars declared outside a map or reduce that its body assigns are
 * private to its iterations: each iteration starts with no value for them
 * (a read before the assignment is reported), and after the loop they have
 * none either (C would give the last iteration's). */
static Privatised *privatise(Lift *L, CXCursor body, int barrier, int *n) {
    Assigned as = {.L = L};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    Privatised *pv = arena_alloc(L->a, sizeof(Privatised) * (size_t)(as.n + 1));
    *n = 0;
    for (int i = 0; i < as.n; i++) {
        int b = L->nenv - 1;
        while (b >= 0 && !clang_equalCursors(L->env[b].decl, as.decls[i]))
            b--;
        if (b < 0 || L->env[b].is_array || L->env[b].role != ROLE_NORMAL)
            continue;
        pv[*n] = (Privatised){b, L->env[b].private_barrier};
        (*n)++;
        L->env[b].private_barrier = barrier + 1;
        L->env[b].val = opd_none();
    }
    return pv;
}

static void end_private(Lift *L, CXCursor loop, Privatised *pv, int n) {
    for (int i = 0; i < n; i++) {
        Binding *b = &L->env[pv[i].binding];
        b->private_barrier = pv[i].outer_barrier;
        b->val = opd_none();
        b->unset_why = arena_printf(L->a,
                                    "'%%s' is assigned inside the parallel loop at line %d: "
                                    "after the loop it would hold the last iteration's value, "
                                    "which pargrad does not keep",
                                    loc_of(L, loop).line);
    }
}

static void lift_loop_body(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, int stopped) {
    int mark = L->nenv;
    int npriv = 0;
    Privatised *priv = bk == BARRIER_MAP || bk == BARRIER_REDUCE
                           ? privatise(L, cn->body, L->nbarriers, &npriv)
                           : NULL;
    push_barrier(L, (Barrier){bk, mark, stopped});
    Binding *ib = env_bind(L, cn->index_decl, cn->index_name);
    ib->ty = cn->index_ty;
    ib->val = opd_var(s->index);
    ib->role = ROLE_INDEX;
    Body *saved = L->cur;
    L->cur = s->body;
    /* After a break or a return, the remaining iterations do nothing. */
    Operand go_on =
        not_stopped(L, cn->body, stopped, bk == BARRIER_LOOP && returns_by_flag(L, cn->body));
    if (go_on.kind != OPD_NONE)
        lift_under_guard(L, cn->body, go_on, &cn->body, 1);
    else
        lift_stmt(L, cn->body);
    L->cur = saved;
    L->nbarriers--;
    L->nenv = mark;
    end_private(L, cn->body, priv, npriv);
}

typedef struct UseScan {
    Var *v;
    bool found;
} UseScan;

static void find_use(Operand *o, void *ctx) {
    UseScan *us = ctx;
    us->found |= o->kind == OPD_VAR && o->var == us->v;
}

static bool body_uses_var(Body *b, Var *v) {
    UseScan us = {v, false};
    for (int i = 0; b && i < b->stmts.len && !us.found; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, find_use, &us);
        us.found |= body_uses_var(s->then_body, v) || body_uses_var(s->else_body, v) ||
                    body_uses_var(s->body, v);
    }
    return us.found;
}

static void lift_seq_loop(Lift *L, CXCursor c, Canon *cn) {
    Stmt *s = loop_stmt(L, c, S_LOOP, cn, NULL);
    Assigned as = {.L = L};
    /* the body itself may be the assignment: for (...) r += e; */
    find_assigned(cn->body, clang_getNullCursor(), &as);
    clang_visitChildren(cn->body, find_assigned, &as);
    int *carried_b = arena_alloc(L->a, sizeof(int) * (size_t)(as.n + 3)), nc = 0;
    for (int i = 0; i < as.n; i++) {
        for (int b = L->nenv - 1; b >= 0; b--) {
            if (clang_equalCursors(L->env[b].decl, as.decls[i]) && !L->env[b].is_array) {
                if (L->env[b].val.kind == OPD_NONE)
                    L->env[b].val = b_fconst(0, L->env[b].ty);
                carried_b[nc++] = b;
                break;
            }
        }
    }
    /* break: a carried flag, set by the break, guards the rest */
    int stopped = -1;
    if (contains_break(cn->body)) {
        Binding *fb = env_bind(L, clang_getNullCursor(), "stopped");
        fb->ty = type_int();
        fb->val = opd_int(0);
        stopped = L->nenv - 1;
        carried_b[nc++] = stopped;
    }
    if (returns_by_flag(L, cn->body)) {
        carried_b[nc++] = L->ret_flag;
        if (L->ret_slot >= 0)
            carried_b[nc++] = L->ret_slot;
    }
    for (int i = 0; i < nc; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = arena_alloc(L->a, sizeof(Carried));
        cr->init = b->val;
        cr->param = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->param);
        vec_push(L->a, &s->carried, cr);
    }
    lift_loop_body(L, s, cn, BARRIER_LOOP, stopped);
    PtrVec carried = {0};
    for (int i = 0; i < nc && !L->failed; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = s->carried.items[i];
        if (b->val.kind == OPD_NONE) {
            /* No value at the end of an iteration (assigned in a parallel
             * loop of the body): nothing to carry, and a read at the start
             * of the next iteration has no value to read. */
            if (body_uses_var(s->body, cr->param))
                binding_value(L, c, carried_b[i]);
            continue;
        }
        cr->yield = b->val;
        cr->result = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->result);
        vec_push(L->a, &carried, cr);
    }
    s->carried = carried;
    if (stopped >= 0)
        L->nenv = stopped;
    body_append(L->a, L->cur, s);
}

static void lift_reduce(Lift *L, CXCursor c, Canon *cn, Pragma *pg) {
    Stmt *s = loop_stmt(L, c, S_REDUCE, cn, pg);
    int *accb = arena_alloc(L->a, sizeof(int) * (size_t)(pg->vars.len + 1)), na = 0;
    for (int i = 0; i < pg->vars.len; i++) {
        const char *name = pg->vars.items[i];
        int found = -1;
        for (int b = L->nenv - 1; b >= 0 && found < 0; b--)
            if (strcmp(L->env[b].name, name) == 0)
                found = b;
        SrcLoc at = *(SrcLoc *)pg->var_locs.items[i];
        if (found < 0 || L->env[found].is_array) {
            diag_error(L->fe->d, at, "declare the variable before the loop",
                       "reduce variable '%s' is not a scalar declared before the loop", name);
            L->failed = true;
            return;
        }
        for (int k = 0; k < na; k++)
            if (accb[k] == found) {
                diag_error(L->fe->d, at, "list each variable once",
                           "'%s' is listed twice in the reduce clause", name);
                L->failed = true;
                return;
            }
        Binding *b = &L->env[found];
        if (b->val.kind == OPD_NONE) {
            diag_error(L->fe->d, at, "initialise it before the loop, e.g. double s = 0;",
                       "reduce variable '%s' has no initial value", name);
            L->failed = true;
            return;
        }
        Accum *ac = arena_alloc(L->a, sizeof(Accum));
        ac->op = pg->op;
        ac->init = b->val;
        ac->user_name = b->name;
        vec_push(L->a, &s->accums, ac);
        b->role = ROLE_ACC;
        b->acc_barrier = L->nbarriers + 1; /* the barrier lift_loop_body pushes */
        b->acc_op = pg->op;
        b->val = identity_of(pg->op, b->ty);
        accb[na++] = found;
    }
    lift_loop_body(L, s, cn, BARRIER_REDUCE, -1);
    for (int i = 0; i < na; i++) {
        Binding *b = &L->env[accb[i]];
        Accum *ac = s->accums.items[i];
        ac->contrib = b->val;
        ac->result = var_new(L->a, L->f, b->name, b->ty);
        b->role = ROLE_NORMAL;
        b->val = opd_var(ac->result);
    }
    body_append(L->a, L->cur, s);
}

void lift_for(Lift *L, CXCursor c) {
    Pragma *pg = loop_pragma(L, c);
    Canon cn;
    if (pg && pg->kind != PG_MAP && pg->kind != PG_REDUCE) {
        diag_error(L->fe->d, pg->loc, "this version of pargrad supports map and reduce loops",
                   "'#pragma pargrad %s' is not supported yet", pg->text);
        L->failed = true;
        return;
    }
    /* Sequential loops must be canonical too, for the reverse sweep. */
    if (!canonical_loop(L, c, &cn))
        return;
    if (!pg) {
        lift_seq_loop(L, c, &cn);
    } else if (pg->kind == PG_MAP) {
        Stmt *s = loop_stmt(L, c, S_MAP, &cn, pg);
        lift_loop_body(L, s, &cn, BARRIER_MAP, -1);
        body_append(L->a, L->cur, s);
    } else {
        lift_reduce(L, c, &cn, pg);
    }
}
