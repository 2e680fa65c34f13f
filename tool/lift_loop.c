/* Lifting loops: sequential loops (carried scalars, break), maps and
 * reduces (privatised scalars, accumulators), while loops (lift_canon.c
 * reads the heads of canonical for loops). */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

/* A break or continue of this loop (not of a loop or switch inside it). */
typedef struct JumpScan {
    enum CXCursorKind kind;
    bool found;
} JumpScan;

static enum CXChildVisitResult find_jump(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    JumpScan *js = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == js->kind) {
        js->found = true;
        return CXChildVisit_Break;
    }
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
        (k == CXCursor_SwitchStmt && js->kind == CXCursor_BreakStmt))
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

static bool contains_jump(CXCursor c, enum CXCursorKind kind) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == kind)
        return true;
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
        return false;
    JumpScan js = {kind, false};
    clang_visitChildren(c, find_jump, &js);
    return js.found;
}

bool contains_break(CXCursor c) {
    return contains_jump(c, CXCursor_BreakStmt);
}

bool contains_continue(CXCursor c) {
    return contains_jump(c, CXCursor_ContinueStmt);
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

/* Lifts what `lift` lifts under `if (cond)`, merging what it assigns with
 * phis (the values before, when cond is false). */

static void lift_guarded(Lift *L, CXCursor at, Operand cond, bool ends_loop, LiftFn lift,
                         void *ctx) {
    if (cond.kind == OPD_CONST) { /* (`if (!var) return;`, var a helper's NULL) */
        if (cond.ival)
            lift(L, ctx);
        return;
    }
    Stmt *s = if_stmt(L, at, cond);
    int outer = L->nenv;
    Operand *before = env_snapshot(L);
    bool *never = xcalloc((size_t)outer + 1, sizeof(bool)); /* assigned nowhere before */
    for (int i = 0; i < outer; i++)
        never[i] = before[i].kind == OPD_NONE && !L->env[i].unset_why;
    ViewState *vbefore = views_snapshot(L);
    Body *saved = L->cur;
    L->cur = s->then_body;
    lift(L, ctx);
    L->cur = saved;
    L->nenv = outer;
    Operand *after = env_snapshot(L);
    ViewState *vafter = views_snapshot(L);
    /* Where the guard is false the iteration (or the function) is over: a
     * variable declared in it and never assigned before the guard (double
     * w; ... if (c) continue; w = 0.5;) is read only where the guarded
     * statements ran, and has their value. (One whose value is unknown for
     * another reason, a map's private assignment, keeps it where the
     * guard is false: the next iteration may read it.) */
    Operand *skipped = env_snapshot(L);
    for (int i = 0; i < outer; i++) /* (a stand-in there, as after an exit) */
        skipped[i] = never[i] && after[i].kind != OPD_NONE ? b_fconst(0, L->env[i].ty) : before[i];
    merge_branches(L, at, true, s, outer, before, after, skipped);
    free(skipped);
    free(never);
    /* A guard that is false only once the loop does nothing more (it
     * stopped, or the function returned): its pointers point where the
     * guarded statements left them for every iteration that follows, and
     * after the loop they are not known (views_after_loop). */
    views_merge(L, at, outer, vafter, ends_loop ? vafter : vbefore);
    free(before);
    free(after);
    free(vbefore);
    free(vafter);
    body_append(L->a, L->cur, s);
}

typedef struct StmtList {
    CXCursor *v;
    int n;
} StmtList;

static void lift_list(Lift *L, void *ctx) {
    StmtList *sl = ctx;
    lift_stmts(L, sl->v, sl->n);
}

void lift_under_guard(Lift *L, CXCursor at, Operand cond, bool ends_loop, CXCursor *v, int n) {
    StmtList sl = {v, n};
    lift_guarded(L, at, cond, ends_loop, lift_list, &sl);
}

/* cond: the enclosing sequential loop has not stopped (stopped >= 0, after
 * a break) and the function has not returned (returned); opd_none when
 * neither applies. */
Operand not_stopped(Lift *L, CXCursor at, int stopped, int skipped, bool returned) {
    Builder bd = lift_builder(L, at);
    Operand flag = opd_none();
    if (stopped >= 0)
        flag = L->env[stopped].val;
    if (skipped >= 0) {
        Operand s = L->env[skipped].val;
        flag = flag.kind == OPD_NONE ? s : b_op(&bd, OP_OR, type_int(), flag, s);
    }
    if (returned) {
        Operand r = L->env[L->ret_flag].val;
        flag = flag.kind == OPD_NONE ? r : b_op(&bd, OP_OR, type_int(), flag, r);
    }
    return flag.kind == OPD_NONE ? flag : b_cmp(&bd, OP_EQ, flag, opd_int(0));
}

typedef struct Privatised {
    int binding, outer_barrier;
} Privatised;

/* The scalar bindings that the declarations in `as` name (the innermost
 * binding of each; the scalar a pointer to a scalar names; the fields of
 * a local struct), each once. */
static int *assigned_bindings(Lift *L, Assigned *as, int extra, int *n) {
    int cap = extra + 4;
    for (int i = 0; i < as->n; i++)
        cap++;
    for (int b = 0; b < L->nenv; b++)
        if (L->env[b].shape)
            cap += L->env[b].shape->n;
    int *out = arena_alloc(L->a, sizeof(int) * (size_t)cap);
    *n = 0;
    for (int i = 0; i < as->n; i++) {
        int b = L->nenv - 1;
        while (b >= 0 && !clang_equalCursors(L->env[b].decl, as->decls[i]))
            b--;
        if (b < 0 || L->env[b].is_array)
            continue;
        if (L->env[b].ref) /* *p = e: the scalar p points to */
            b = L->env[b].ref - 1;
        int nf = L->env[b].shape ? L->env[b].shape->n : 0;
        for (int f = nf ? 1 : 0; f <= nf; f++) {
            bool seen = false;
            for (int k = 0; k < *n; k++)
                seen |= out[k] == b + f;
            if (!seen)
                out[(*n)++] = b + f;
        }
    }
    return out;
}

/* The pointer views declared outside `scope` that it points elsewhere. */
int *assigned_views(Lift *L, CXCursor scope, int *n) {
    Assigned as = {.L = L};
    find_assigned(scope, clang_getNullCursor(), &as);
    clang_visitChildren(scope, find_assigned, &as);
    int *out = arena_alloc(L->a, sizeof(int) * (size_t)(as.n + 1));
    *n = 0;
    for (int i = 0; i < as.n; i++) {
        int b = L->nenv - 1;
        while (b >= 0 && !clang_equalCursors(L->env[b].decl, as.decls[i]))
            b--;
        if (b >= 0 && L->env[b].is_view)
            out[(*n)++] = b;
    }
    return out;
}

/* A helper's pointer its call gives NULL that a loop points elsewhere is
 * NULL in the loop's first iteration only: its tests are not constant
 * there (nor after it) */
static void forget_null_views(Lift *L, CXCursor loop) {
    if (L->null_views == 0)
        return;
    int n;
    int *views = assigned_views(L, loop, &n);
    for (int k = 0; k < n; k++)
        L->env[views[k]].null = false;
}

/* The scalars declared outside a map or reduce that its body assigns are
 * private to its iterations: each iteration starts with no value for them
 * (a read before the assignment is reported), and after the loop they have
 * none either (C would give the last iteration's). */
static Privatised *privatise(Lift *L, CXCursor body, int barrier, int *n) {
    Assigned as = {.L = L};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    int nb;
    int *bs = assigned_bindings(L, &as, 0, &nb);
    Privatised *pv = arena_alloc(L->a, sizeof(Privatised) * (size_t)(nb + 1));
    *n = 0;
    for (int i = 0; i < nb; i++) {
        int b = bs[i];
        if (L->env[b].role != ROLE_NORMAL || L->env[b].private_barrier == barrier + 1)
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

/* The user's counter in iteration s->index of the loop (in its body). */
static Operand counter_value(Lift *L, Stmt *s, Canon *cn) {
    if (cn->step.kind == OPD_NONE && !cn->down)
        return opd_var(s->index);
    Builder bd = lift_builder(L, cn->body);
    Operand k = opd_var(s->index);
    Operand moved = cn->step.kind == OPD_NONE ? k : b_mul(&bd, k, cn->step);
    Operand v = cn->down ? b_sub(&bd, cn->first, moved) : b_add(&bd, cn->first, moved);
    v = named(L, cn->body, v, cn->index_name);
    Counter *ctr = arena_alloc(L->a, sizeof(Counter));
    *ctr = (Counter){.var = v.var,
                     .first = cn->first,
                     .step = cn->step.kind == OPD_NONE ? b_fconst(1, cn->index_ty) : cn->step,
                     .limit = cn->limit,
                     .trips = cn->hi,
                     .down = cn->down};
    s->counter = ctr;
    Body *b = L->cur;
    for (int i = b->stmts.len - 1; i >= 0; i--) {
        Stmt *d = b->stmts.items[i];
        if (d->dst == v.var) {
            d->counter = ctr;
            break;
        }
    }
    return v;
}

/* The counter after an iteration (with break): unchanged once the loop has
 * stopped, the iteration's value if this one broke out, else the next. */
static void carry_exit(Lift *L, Canon *cn, int stopped, Operand stopped_in, Operand counter) {
    Builder bd = lift_builder(L, cn->body);
    Operand step = cn->step.kind == OPD_NONE ? b_fconst(1, cn->index_ty) : cn->step;
    Operand next = cn->down ? b_sub(&bd, counter, step) : b_add(&bd, counter, step);
    Operand broke_before = b_cmp(&bd, OP_NE, stopped_in, opd_int(0));
    Operand broke = b_cmp(&bd, OP_NE, L->env[stopped].val, opd_int(0));
    Binding *eb = &L->env[cn->exit_binding];
    Operand at_break = b_select(&bd, broke_before, eb->val, counter);
    eb->val = named(L, cn->body, b_select(&bd, broke, at_break, next), cn->index_name);
}

/* The body of a counted loop's iteration: after a break or a return, the
 * remaining iterations do nothing. */
typedef struct CanonIteration {
    CXCursor body;
    int stopped;
    bool returns;
    const Canon *cn;
} CanonIteration;

static void lift_canon_iteration(Lift *L, void *ctx) {
    CanonIteration *ci = ctx;
    for (int i = 0; i < ci->cn->nprelude && !L->failed; i++)
        lift_stmt(L, ci->cn->prelude[i]);
    Operand go_on = not_stopped(L, ci->body, ci->stopped, -1, ci->returns);
    if (go_on.kind != OPD_NONE)
        lift_under_guard(L, ci->body, go_on, true, &ci->body, 1);
    else
        lift_stmt(L, ci->body);
}

/* OpenMP's private(t) on a parallel loop s, for a local array t declared
 * outside it (C89's habit, `double t[3];` at the top): each iteration gets
 * a copy of its own, declared again at the start of the body (C makes
 * one per thread, which a correct program writes before reading in each
 * iteration). The bindings of the arrays outside, whose uses after the
 * loop are reported (end_private_arrays), go to *out. */
static int declare_private_arrays(Lift *L, Stmt *s, int mark, int **out) {
    OmpPrivate *op = NULL; /* (a loop has one OpenMP pragma) */
    for (int i = 0; i < L->fe->omp_private.len && !op; i++) {
        OmpPrivate *o = L->fe->omp_private.items[i];
        if (o->target_line == s->loc.line && o->target_col == s->loc.col &&
            s->loc.file == L->fe->path)
            op = o;
    }
    int n = 0;
    *out = op ? arena_alloc(L->a, sizeof(int) * (size_t)(op->names.len + 1)) : NULL;
    for (int k = 0; op && k < op->names.len; k++) {
        int b = env_named(L, op->names.items[k]);
        if (b < 0 || b >= mark || !L->env[b].is_array || !L->env[b].buf ||
            L->env[b].buf->kind != BUF_LOCAL || L->env[b].buf->heap || L->env[b].shape ||
            L->env[b].arrays)
            continue;
        lift_var_decl(L, L->env[b].decl);
        (*out)[n++] = b;
    }
    return n;
}

static void end_private_arrays(Lift *L, Stmt *s, const int *arrays, int n) {
    for (int i = 0; i < n; i++) {
        Binding *b = &L->env[arrays[i]];
        b->is_array = false;
        b->is_view = true;
        b->buf = NULL;
        b->ty = type_long();
        b->val = opd_none();
        b->buf_why = arena_printf(
            L->a,
            "'%%s' is private to the iterations of the parallel loop at line %d (OpenMP's "
            "private clause): after it, C leaves it as it was before the loop, and as the last "
            "iteration left it where the loop runs sequentially; pargrad follows neither",
            s->loc.line);
        b->buf_hint = "declare it inside the loop, and keep what is needed after it in an array "
                      "the loop writes element by element";
    }
}

/* vp: the versions of a sequential loop whose pointers move between
 * arrays, with `selector` its carried configuration (lift_view.c);
 * `iteration` (with ctx), where given, lifts the iteration instead of
 * cn->body as it is. */
static void lift_loop_body_by(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, int stopped,
                              ViewPlan *vp, int selector, LiftFn iteration, void *ctx) {
    int mark = L->nenv;
    int npriv = 0;
    Privatised *priv = bk == BARRIER_MAP || bk == BARRIER_REDUCE
                           ? privatise(L, cn->body, L->nbarriers, &npriv)
                           : NULL;
    push_barrier(L, (Barrier){bk, mark, stopped, -1, 0});
    Body *saved = L->cur;
    L->cur = s->body;
    Operand counter = counter_value(L, s, cn);
    Binding *ib = env_bind(L, cn->index_decl, cn->index_name);
    ib->ty = cn->index_ty;
    ib->val = counter;
    ib->role = ROLE_INDEX;
    if (contains_continue(cn->body)) { /* set by continue, guards the rest of the iteration */
        Binding *sb = env_bind(L, clang_getNullCursor(), "skipped");
        sb->ty = type_int();
        sb->val = opd_int(0);
        L->barriers[L->nbarriers - 1].skipped = L->nenv - 1;
    }
    int *private_arrays = NULL, nprivate_arrays = 0;
    if (bk == BARRIER_MAP || bk == BARRIER_REDUCE)
        nprivate_arrays = declare_private_arrays(L, s, mark, &private_arrays);
    Operand stopped_in = stopped >= 0 ? L->env[stopped].val : opd_none();
    CanonIteration ci = {cn->body, stopped, bk == BARRIER_LOOP && returns_by_flag(L, cn->body), cn};
    if (iteration)
        iteration(L, ctx);
    else if (views_versioned(vp))
        lift_in_versions(L, cn->body, vp, selector, lift_canon_iteration, &ci, NULL);
    else
        lift_canon_iteration(L, &ci);
    if (cn->exit_binding >= 0 && !L->failed)
        carry_exit(L, cn, stopped, stopped_in, counter);
    L->cur = saved;
    pop_barrier(L, s->loc.line);
    L->nenv = mark;
    end_private(L, cn->body, priv, npriv);
    end_private_arrays(L, s, private_arrays, nprivate_arrays);
}

static void lift_loop_body(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, int stopped, ViewPlan *vp,
                           int selector) {
    lift_loop_body_by(L, s, cn, bk, stopped, vp, selector, NULL, NULL);
}

void lift_parallel_body(Lift *L, Stmt *s, Canon *cn, BarrierKind bk) {
    lift_loop_body(L, s, cn, bk, -1, NULL, -1);
}

void lift_parallel_iteration(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, LiftFn iteration,
                             void *ctx) {
    lift_loop_body_by(L, s, cn, bk, -1, NULL, -1, iteration, ctx);
}

/* The bindings a sequential loop carries: the scalars assigned in `scope`
 * (room is left for `extra` more); *n counts them. */
static int *carried_bindings(Lift *L, CXCursor scope, int extra, int *n) {
    Assigned as = {.L = L};
    /* the body itself may be the assignment: for (...) r += e; */
    find_assigned(scope, clang_getNullCursor(), &as);
    clang_visitChildren(scope, find_assigned, &as);
    int *carried_b = assigned_bindings(L, &as, extra + 1, n);
    for (int i = 0; i < *n; i++)
        if (L->env[carried_b[i]].val.kind == OPD_NONE)
            L->env[carried_b[i]].val = b_fconst(0, L->env[carried_b[i]].ty);
    if (numbers_kept_calls(L) && reads_kept_value(L, scope))
        carried_b[(*n)++] = L->kept_calls - 1; /* (lift_expr.c number_kept_call) */
    return carried_b;
}

/* A loop that returns carries the `returned` flag and what is returned:
 * the value, or a struct's fields. Returns the new count. */
static int carry_returns(Lift *L, int *carried_b, int nc) {
    carried_b[nc++] = L->ret_flag;
    if (L->ret_slot >= 0)
        carried_b[nc++] = L->ret_slot;
    for (int k = 0; L->ret_struct && k < L->env[L->ret_struct - 1].shape->n; k++)
        carried_b[nc++] = L->ret_struct + k;
    return nc;
}

/* A flag binding of the loop (`stopped` by a break), starting at 0. */
static int flag_binding(Lift *L, const char *name, Type ty) {
    Binding *fb = env_bind(L, clang_getNullCursor(), name);
    fb->ty = ty;
    fb->val = opd_int(0);
    return L->nenv - 1;
}

/* Each carried binding's value in the body is the loop's parameter. */
static void start_carried(Lift *L, Stmt *s, const int *carried_b, int nc) {
    for (int i = 0; i < nc; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = arena_alloc(L->a, sizeof(Carried));
        cr->init = b->val;
        cr->param = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->param);
        vec_push(L->a, &s->carried, cr);
    }
}

static void finish_carried(Lift *L, CXCursor c, Stmt *s, const int *carried_b, int nc);

static void lift_seq_loop_with(Lift *L, CXCursor c, Canon *cn, ViewPlan *vp) {
    Stmt *s = loop_stmt(L, c, S_LOOP, cn, NULL);
    int nc;
    int *carried_b = carried_bindings(L, cn->body, 1, &nc);
    int flags = L->nenv;
    /* break: a carried flag, set by the break, guards the rest */
    int stopped = -1;
    if (contains_break(cn->body)) {
        stopped = flag_binding(L, "stopped", type_int());
        carried_b[nc++] = stopped;
        if (cn->outer) { /* where the break leaves the counter */
            Binding *eb = env_bind(L, clang_getNullCursor(), cn->index_name);
            eb->ty = cn->index_ty;
            eb->val = cn->first;
            cn->exit_binding = L->nenv - 1;
            carried_b[nc++] = cn->exit_binding;
        }
    }
    bool returns = returns_by_flag(L, cn->body);
    if (returns)
        nc = carry_returns(L, carried_b, nc);
    int selector = views_versioned(vp) ? flag_binding(L, "swapped", type_int()) : -1;
    if (selector >= 0)
        carried_b[nc++] = selector;
    start_carried(L, s, carried_b, nc);
    lift_loop_body(L, s, cn, BARRIER_LOOP, stopped, vp, selector);
    finish_carried(L, c, s, carried_b, nc);
    if (cn->exit_binding >= 0)
        cn->exit = L->env[cn->exit_binding].val;
    Operand ended_in = selector >= 0 ? L->env[selector].val : opd_int(0);
    L->nenv = flags;
    body_append(L->a, L->cur, s);
    views_after_loop(L, vp, ended_in, stopped < 0 && !returns);
}

typedef struct SeqLoop {
    CXCursor c;
    Canon *cn;
} SeqLoop;

static void lift_seq_loop_plain(Lift *L, void *ctx) {
    SeqLoop *sl = ctx;
    Canon saved = *sl->cn;
    lift_seq_loop_with(L, sl->c, sl->cn, NULL);
    *sl->cn = saved;
}

void lift_seq_loop(Lift *L, CXCursor c, Canon *cn) {
    SeqLoop sl = {c, cn};
    ViewPlan *vp = plan_views(L, c, cn->body, lift_seq_loop_plain, &sl);
    if (!L->failed)
        lift_seq_loop_with(L, c, cn, vp);
}

/* ---- loops pargrad builds itself (tool/lift_tuple.c) ---- */
/* A sequential loop over [lo, hi) with no cursor of the user's:
 * `iteration` lifts its body into L->cur given the index; the bindings
 * carried_b are carried. The loop, appended to L->cur. */
Stmt *lift_built_range(Lift *L, CXCursor at, Operand lo, Operand hi, const int *carried_b, int nc,
                       BuiltIteration iteration, void *ctx) {
    Stmt *s = stmt_new(L->a, S_LOOP, loc_of(L, at));
    s->index = var_new(L->a, L->f, "blk", type_long());
    s->lo = lo;
    s->hi = hi;
    s->body = body_new(L->a);
    start_carried(L, s, carried_b, nc);
    push_barrier(L, (Barrier){BARRIER_LOOP, L->nenv, -1, -1, 0});
    Body *saved = L->cur;
    L->cur = s->body;
    iteration(L, ctx, opd_var(s->index));
    L->cur = saved;
    pop_barrier(L, s->loc.line);
    finish_carried(L, at, s, carried_b, nc);
    body_append(L->a, L->cur, s);
    return s;
}

void lift_built_loop(Lift *L, CXCursor at, Operand n, const int *carried_b, int nc,
                     BuiltIteration iteration, void *ctx) {
    lift_built_range(L, at, opd_int(0), n, carried_b, nc, iteration, ctx);
}

/* A map over [0, n) whose iterations run the statements of `scope` (the
 * scalars it assigns are private to them, as in a map of the user's). */
void lift_built_map(Lift *L, CXCursor at, CXCursor scope, Operand n, const char *note,
                    BuiltIteration iteration, void *ctx) {
    Stmt *m = stmt_new(L->a, S_MAP, loc_of(L, at));
    m->index = var_new(L->a, L->f, "blk", type_long());
    m->lo = opd_int(0);
    m->hi = n;
    m->body = body_new(L->a);
    m->note = note;
    int mark = L->nenv, npriv = 0;
    Privatised *priv = privatise(L, scope, L->nbarriers, &npriv);
    push_barrier(L, (Barrier){BARRIER_MAP, mark, -1, -1, 0});
    Body *saved = L->cur;
    L->cur = m->body;
    iteration(L, ctx, opd_var(m->index));
    L->cur = saved;
    pop_barrier(L, m->loc.line);
    L->nenv = mark;
    end_private(L, scope, priv, npriv);
    body_append(L->a, L->cur, m);
}

/* The yields of the carried bindings, and their results after the loop
 * (dropping those without a value at the end of an iteration). */
/* Carried scalars that only take each other's values, all starting at one
 * constant, keep it (the offsets of pointers swapped between arrays, each
 * at the start of its array): they are marked unchanged (yield = param),
 * so that index bounds see the constant. */
static void keep_constant_cycles(Stmt *s, int nc) {
    bool *keep = xcalloc((size_t)nc + 1, sizeof(bool));
    for (int i = 0; i < nc; i++)
        keep[i] = ((Carried *)s->carried.items[i])->init.kind == OPD_CONST;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < nc; i++) {
            Carried *cr = s->carried.items[i];
            bool ok = keep[i] && opd_equal(cr->yield, cr->init);
            for (int j = 0; j < nc && keep[i] && !ok; j++) {
                Carried *cj = s->carried.items[j];
                ok = keep[j] && opd_equal(cr->yield, opd_var(cj->param)) &&
                     opd_equal(cj->init, cr->init);
            }
            changed |= keep[i] && !ok;
            keep[i] = ok;
        }
    }
    for (int i = 0; i < nc; i++)
        if (keep[i]) {
            Carried *cr = s->carried.items[i];
            cr->yield = opd_var(cr->param);
        }
    free(keep);
}

/* A yield that is another carried scalar's parameter (pointers swapped
 * within one array: cur takes nxt's offset, nxt takes cur's) is copied at
 * the end of the body: the carried scalars are updated one after another,
 * and nxt must get cur's value before cur is updated. */
static void yield_copies(Lift *L, CXCursor c, Stmt *s, int nc) {
    for (int i = 0; i < nc; i++) {
        Carried *cr = s->carried.items[i];
        for (int j = 0; j < nc; j++) {
            Carried *cj = s->carried.items[j];
            if (j == i || !opd_equal(cr->yield, opd_var(cj->param)))
                continue;
            cr->yield =
                opd_var(emit_let(L->a, L->f, s->body, loc_of(L, c), cj->param->name, cj->param->ty,
                                 OP_COPY, 1, cr->yield, opd_none(), opd_none()));
            break;
        }
    }
}

static void finish_carried(Lift *L, CXCursor c, Stmt *s, const int *carried_b, int nc) {
    for (int i = 0; i < nc; i++)
        ((Carried *)s->carried.items[i])->yield = L->env[carried_b[i]].val;
    keep_constant_cycles(s, nc);
    yield_copies(L, c, s, nc);
    PtrVec carried = {0};
    for (int i = 0; i < nc && !L->failed; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = s->carried.items[i];
        if (b->val.kind == OPD_NONE) {
            /* No value at the end of an iteration (assigned in a parallel
             * loop of the body): nothing to carry, and a read at the start
             * of the next iteration has no value to read. */
            if (start_read(L, s, cr->param))
                binding_value(L, c, carried_b[i]);
            else
                zero_unread(s->body, cr->param);
            continue;
        }
        if (opd_equal(cr->yield, opd_var(cr->param))) {
            /* unchanged by the loop (a struct's field that the loop's
             * assignments left alone): a copy of its initial value */
            Stmt *copy = stmt_new(L->a, S_LET, loc_of(L, c));
            copy->dst = cr->param;
            copy->op = OP_COPY;
            copy->nargs = 1;
            copy->args[0] = cr->init;
            vec_push(L->a, &s->body->stmts, NULL);
            memmove(s->body->stmts.items + 1, s->body->stmts.items,
                    sizeof(void *) * (size_t)(s->body->stmts.len - 1));
            s->body->stmts.items[0] = copy;
            b->val = cr->init;
            continue;
        }
        cr->result = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->result);
        vec_push(L->a, &carried, cr);
    }
    s->carried = carried;
}

/* One iteration's body, then the step of a for loop: a continue skips the
 * rest of the body but not the step; a break or a return skips both. */
typedef struct Iteration {
    CXCursor body, step;
    int stopped;
} Iteration;

static void lift_iteration(Lift *L, void *ctx) {
    Iteration *it = ctx;
    CXCursor body = it->body, step = it->step;
    int stopped = it->stopped;
    lift_stmt(L, body);
    /* the step runs after a continue: not guarded by its flag (which the
     * next version of a versioned loop needs again) */
    int skipped = L->barriers[L->nbarriers - 1].skipped;
    L->barriers[L->nbarriers - 1].skipped = -1;
    if (!clang_Cursor_isNull(step) && !L->failed) {
        Operand go_on = not_stopped(L, step, stopped, -1, returns_by_flag(L, body));
        if (go_on.kind != OPD_NONE)
            lift_under_guard(L, step, go_on, true, &step, 1);
        else
            lift_stmt(L, step);
    }
    L->barriers[L->nbarriers - 1].skipped = skipped;
}

/* One iteration of an unbounded loop: the condition (for while), the body
 * and the step, and whether the loop ends after it (into `done`). */
typedef struct Unbounded {
    CXCursor c, cond, body, step;
    bool cond_first, returns;
    int stopped, trips, done;
    Operand go;    /* the condition held: the iteration ran */
    Operand bound; /* `#pragma pargrad while bound(N)`: N, else none */
} Unbounded;

/* A check of pargrad.h's the forward sweep runs where the primal runs the
 * code (a kept call): fn(vals..., "WHAT at FILE:LINE"). */
void runtime_check(Lift *L, CXCursor c, const char *fn, const Operand *vals, int nvals,
                   const char *what) {
    Stmt *s = stmt_new(L->a, S_EFFECT, loc_of(L, c));
    s->text = fn;
    s->effect_id = L->f->next_effect_id++;
    SrcLoc at = loc_of(L, c);
    const char *file = strrchr(at.file, '/') ? strrchr(at.file, '/') + 1 : at.file;
    EffectArg *args = arena_alloc(L->a, (size_t)(nvals + 1) * sizeof(EffectArg));
    for (int i = 0; i < nvals; i++)
        args[i].val = vals[i];
    args[nvals].text = arena_printf(L->a, "\"%s at %s:%d\"", what, file, at.line);
    for (int i = 0; i <= nvals; i++)
        vec_push(L->a, &s->effect_args, &args[i]);
    body_append(L->a, L->cur, s);
}

/* Under `while bound(N)`, the forward sweep checks that the body has not
 * run more than N times (pargrad.h pg_bound_check: a message and a stop,
 * not a gradient of a loop other than the one promised). A kept call: it
 * runs once, where the primal runs the iteration. */
static void bound_check(Lift *L, Unbounded *u) {
    Builder bd = lift_builder(L, u->c);
    Operand runs = L->env[u->trips].val;
    if (u->go.kind != OPD_NONE) /* the last trip of a while loop runs no body */
        runs = b_sub(&bd, runs, b_cast(&bd, type_long(), b_cmp(&bd, OP_EQ, u->go, opd_int(0))));
    Operand vals[2] = {runs, b_cast(&bd, type_long(), u->bound)};
    runtime_check(L, u->c, "pg_bound_check", vals, 2, "the loop");
}

static void lift_unbounded_iteration(Lift *L, void *ctx) {
    Unbounded *u = ctx;
    CXCursor c = u->c;
    Builder bd = lift_builder(L, c);
    u->go = opd_none();
    if (u->cond_first && !clang_Cursor_isNull(u->cond))
        u->go = b_cmp(&bd, OP_NE, lift_expr(L, u->cond), opd_int(0));
    Iteration it = {u->body, u->step, u->stopped};
    if (u->go.kind != OPD_NONE)
        lift_guarded(L, u->body, u->go, true, lift_iteration, &it);
    else
        lift_iteration(L, &it);
    bd = lift_builder(L, c);
    L->env[u->trips].val = b_add(&bd, L->env[u->trips].val, opd_int(1));
    if (u->bound.kind != OPD_NONE)
        bound_check(L, u);
    /* when the loop ends after this iteration */
    Operand done = opd_int(0);
    if (u->go.kind != OPD_NONE)
        done = b_cmp(&bd, OP_EQ, u->go, opd_int(0));
    else if (!clang_Cursor_isNull(u->cond)) /* do ... while (c): c after the body */
        done = b_cmp(&bd, OP_EQ, lift_expr(L, u->cond), opd_int(0));
    bd = lift_builder(L, c);
    if (u->stopped >= 0)
        done = b_op(&bd, OP_OR, type_int(), done, L->env[u->stopped].val);
    if (u->returns)
        done = b_op(&bd, OP_OR, type_int(), done, L->env[L->ret_flag].val);
    L->env[u->done].val = done;
}

/* while (c) body, do body while (c), and for loops that are not canonical
 * (lowered to while by the caller): a loop without a bound. An iteration
 * of `while` evaluates c first and does nothing once it is false; the
 * loop ends after that iteration (or after a break or a return). A
 * carried count of the iterations bounds the return sweep. */
static void lift_unbounded_with(Lift *L, Unbounded *u, ViewPlan *vp) {
    CXCursor c = u->c, body = u->body;
    Stmt *s = stmt_new(L->a, S_LOOP, loc_of(L, c));
    s->index = var_new(L->a, L->f, "iter", type_long());
    s->lo = opd_int(0);
    s->hi = opd_none();
    s->body = body_new(L->a);
    int nc;
    /* the condition and the step may assign too (through a helper) */
    int *carried_b = carried_bindings(L, c, 4, &nc);
    u->trips = flag_binding(L, "trips", type_long());
    carried_b[nc++] = u->trips;
    u->stopped = contains_break(body) ? flag_binding(L, "stopped", type_int()) : -1;
    if (u->stopped >= 0)
        carried_b[nc++] = u->stopped;
    u->returns = returns_by_flag(L, body);
    if (u->returns)
        nc = carry_returns(L, carried_b, nc);
    int selector = views_versioned(vp) ? flag_binding(L, "swapped", type_int()) : -1;
    if (selector >= 0)
        carried_b[nc++] = selector;
    start_carried(L, s, carried_b, nc);

    int mark = L->nenv;
    push_barrier(L, (Barrier){BARRIER_LOOP, mark, u->stopped, -1, 0});
    Body *saved = L->cur;
    L->cur = s->body;
    if (contains_continue(body)) /* set by continue, guards the rest of the iteration */
        L->barriers[L->nbarriers - 1].skipped = flag_binding(L, "skipped", type_int());
    u->done = flag_binding(L, "done", type_int());
    if (selector >= 0)
        lift_in_versions(L, c, vp, selector, lift_unbounded_iteration, u, &u->go);
    else
        lift_unbounded_iteration(L, u);
    s->until = L->env[u->done].val;
    if (u->bound.kind != OPD_NONE)
        loop_notes(L->a, s)->bound = u->bound;
    L->cur = saved;
    pop_barrier(L, s->loc.line);
    L->nenv = mark;

    finish_carried(L, c, s, carried_b, nc);
    Binding *tb = &L->env[u->trips];
    s->trips = tb->val.kind == OPD_VAR ? tb->val.var : NULL;
    if (!s->trips && !L->failed)
        lift_fail(L, c, NULL, "cannot count the iterations of this loop%s", "");
    Operand ended_in = selector >= 0 ? L->env[selector].val : opd_int(0);
    L->nenv = u->trips;
    body_append(L->a, L->cur, s);
    views_after_loop(L, vp, ended_in, u->stopped < 0 && !u->returns);
}

static void lift_unbounded_plain(Lift *L, void *ctx) {
    lift_unbounded_with(L, ctx, NULL);
}

static void lift_unbounded(Lift *L, CXCursor c, CXCursor cond, CXCursor body, CXCursor step,
                           bool cond_first, Operand bound) {
    Unbounded u = {
        .c = c, .cond = cond, .body = body, .step = step, .cond_first = cond_first, .bound = bound};
    ViewPlan *vp = plan_views(L, c, c, lift_unbounded_plain, &u);
    if (!L->failed)
        lift_unbounded_with(L, &u, vp);
}

/* N of `while bound(N)`: constants and integer variables with a value (a
 * parameter, a local) under + - *; none after a diagnostic. */
static Operand while_bound(Lift *L, BoundExpr *e) {
    if (!e->op && !e->name)
        return opd_int(e->val);
    if (!e->op) {
        int b = env_named(L, e->name);
        if (b < 0 || L->env[b].is_array || L->env[b].is_view || type_is_float(L->env[b].ty) ||
            L->env[b].val.kind == OPD_NONE) {
            lift_fail_at(L, e->loc,
                         "name an integer variable with a value here (a parameter, a local), "
                         "or write a constant",
                         "'%s' is not an integer with a value before the loop", e->name);
            return opd_none();
        }
        return L->env[b].val;
    }
    Operand l = while_bound(L, e->l), r = l.kind == OPD_NONE ? l : while_bound(L, e->r);
    if (r.kind == OPD_NONE)
        return r;
    Builder bd = {L->a, L->f, L->cur, e->loc};
    l = b_cast(&bd, type_long(), l);
    r = b_cast(&bd, type_long(), r);
    return e->op == '+' ? b_add(&bd, l, r) : e->op == '-' ? b_sub(&bd, l, r) : b_mul(&bd, l, r);
}

void lift_while(Lift *L, CXCursor c) {
    Pragma *pg = loop_pragma(L, c);
    forget_null_views(L, c);
    if (pg && pg->kind != PG_WHILE) {
        lift_fail_at(L, pg->loc, "annotate a canonical for loop: for (i = lo; i < hi; i++)",
                     "'#pragma pargrad %s' on a while or do loop", pg->text);
        return;
    }
    Operand bound = pg ? while_bound(L, pg->bound) : opd_none();
    if (pg && bound.kind == OPD_NONE)
        return;
    Kids k = kids_of(c);
    bool is_do = clang_getCursorKind(c) == CXCursor_DoStmt;
    CXCursor cond = is_do ? k.items[1] : k.items[0], body = is_do ? k.items[0] : k.items[1];
    lift_unbounded(L, c, cond, body, clang_getNullCursor(), !is_do, bound);
}

/* The binding of the i-th variable of a reduce or scan clause: a scalar
 * declared before the loop, with a value, listed once; -1 after a
 * diagnostic. */
int accumulator_binding(Lift *L, Pragma *pg, int i) {
    const char *name = pg->vars.items[i];
    const char *what = pg->kind == PG_SCAN ? "scan" : "reduce";
    int found = env_named(L, name);
    SrcLoc at = *(SrcLoc *)pg->var_locs.items[i];
    if (found >= 0 && L->env[found].is_view) { /* (the array form takes arrays, not views) */
        lift_fail_at(L, at,
                     arena_printf(L->a,
                                  "carry the value in a scalar: declare `double acc = ...;` "
                                  "before the loop, list it (%s), and write acc = ... acc ...; "
                                  "%s[k] = acc; in the loop",
                                  pg->kind == PG_SCAN ? "scan(affine : acc) for a recurrence"
                                                      : "reduce(+ : acc) for a sum",
                                  name),
                     arena_printf(L->a,
                                  "%s variable '%%s' is a pointer into another array: the "
                                  "clause lists a scalar%s",
                                  what, pg->kind == PG_SCAN ? " or an array itself" : ""),
                     name);
        return -1;
    }
    if (found < 0 || L->env[found].is_array) {
        lift_fail_at(
            L, at, "declare the variable before the loop",
            arena_printf(L->a, "%s variable '%%s' is not a scalar declared before the loop", what),
            name);
        return -1;
    }
    for (int k = 0; k < i; k++)
        if (strcmp(pg->vars.items[k], name) == 0) {
            lift_fail_at(L, at, "list each variable once",
                         arena_printf(L->a, "'%%s' is listed twice in the %s clause", what), name);
            return -1;
        }
    if (L->env[found].val.kind == OPD_NONE && L->env[found].private_barrier) {
        /* declared outside a parallel loop around this one */
        lift_fail_at(L, at,
                     arena_printf(L->a,
                                  "declare it inside the enclosing parallel loop, or assign it "
                                  "there before this loop, e.g. %s = 0;",
                                  name),
                     arena_printf(L->a,
                                  "%s variable '%%s' is private to the iterations of the parallel "
                                  "loop around this one and has no value in them yet",
                                  what),
                     name);
        return -1;
    }
    if (L->env[found].val.kind == OPD_NONE) {
        lift_fail_at(L, at, "initialise it before the loop, e.g. double s = 0;",
                     arena_printf(L->a, "%s variable '%%s' has no initial value", what), name);
        return -1;
    }
    return found;
}

static void lift_reduce(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u) {
    Stmt *s = loop_stmt(L, c, S_REDUCE, cn, pg);
    int *accb = arena_alloc(L->a, sizeof(int) * (size_t)(pg->vars.len + 1)), na = 0;
    for (int i = 0; i < pg->vars.len; i++) {
        int found = accumulator_binding(L, pg, i);
        if (found < 0)
            return;
        Binding *b = &L->env[found];
        Accum *ac = arena_alloc(L->a, sizeof(Accum));
        ac->op = pragma_var_op(pg, i);
        ac->uop = u;
        ac->init = b->val;
        ac->user_name = b->name;
        vec_push(L->a, &s->accums, ac);
        b->role = ROLE_ACC;
        b->acc_barrier = L->nbarriers + 1; /* the barrier lift_loop_body pushes */
        b->acc_op = ac->op;
        b->acc_uop = u;
        b->val = identity_of(ac->op, u, b->ty);
        accb[na++] = found;
    }
    lift_loop_body(L, s, cn, BARRIER_REDUCE, -1, NULL, -1);
    for (int i = 0; i < na; i++) {
        Binding *b = &L->env[accb[i]];
        Accum *ac = s->accums.items[i];
        ac->contrib = b->val;
        ac->result = var_new(L->a, L->f, b->name, b->ty);
        b->role = ROLE_NORMAL;
        b->acc_uop = NULL;
        b->val = opd_var(ac->result);
    }
    body_append(L->a, L->cur, s);
}

/* reduce(OP: a) of arrays (OpenMP's reduction(+: a[:n])): each element is
 * reduced, a histogram whose bins the iterations index. True when every
 * variable is an array; arrays beside scalars are reported. */
static bool reduces_arrays(Lift *L, Pragma *pg) {
    if (pg->kind != PG_REDUCE)
        return false;
    int arrays = 0;
    for (int i = 0; i < pg->vars.len; i++) {
        int b = env_named(L, pg->vars.items[i]);
        if (b < 0) /* reduce(+: st->u) */
            b = pointer_field_binding(L, pg->vars.items[i]);
        arrays += b >= 0 && (L->env[b].is_array || L->env[b].is_view);
    }
    if (arrays && arrays < pg->vars.len)
        lift_fail_at(L, pg->loc, "reduce the arrays and the scalars in loops of their own",
                     "'#pragma pargrad %s' reduces arrays and scalars together", pg->text);
    return arrays == pg->vars.len;
}

/* Tries the canonical form; if it fails, undoes what the attempt lifted
 * and bound. False when the loop is to run as a while loop instead; a
 * failure no other form cures is reported (true, with L->failed). */
bool canonical_or_rolled_back(Lift *L, CXCursor c, Canon *cn) {
    LiftMark m = lift_mark(L);
    bool probing = L->probing; /* inside a trial of lift_view.c */
    L->probing = true;
    L->probe_final = false;
    bool ok = canonical_loop(L, c, cn);
    L->probing = probing;
    if (!ok)
        lift_undo(L, &m);
    lift_mark_free(&m);
    if (!ok && L->probe_final) {
        canonical_loop(L, c, cn); /* reported this time */
        return true;
    }
    return ok;
}

/* for (init; cond; step) body as { init; while (cond) { body; step } },
 * with continue going to the step. */
static void lift_for_as_while(Lift *L, CXCursor c) {
    CXCursor parts[4];
    if (!for_parts(L, c, parts)) {
        Canon cn;
        canonical_loop(L, c, &cn); /* reports why it is not canonical */
        return;
    }
    int mark = L->nenv;
    if (!clang_Cursor_isNull(parts[0]))
        lift_stmt(L, parts[0]);
    if (!L->failed)
        lift_unbounded(L, c, parts[1], parts[3], parts[2], true, opd_none());
    L->nenv = mark;
}

/* Says in the output why an annotated loop is differentiated as the
 * sequential loop it also is (correct, not parallel). */
static void sequential_note(Lift *L, CXCursor c, Pragma *pg, const char *why) {
    Builder bd = lift_builder(L, c);
    b_comment(&bd,
              arena_printf(L->a, "'#pragma pargrad %s': %s; differentiated as the sequential loop",
                           pg->text, why));
}

/* The note, and a warning for the user reading the build's messages,
 * where pargrad falls back on its own (what it cannot lift in parallel). */
static void sequential_fallback(Lift *L, CXCursor c, Pragma *pg, const char *why) {
    sequential_note(L, c, pg, why);
    if (pg->fallback_warned)
        return;
    pg->fallback_warned = true;
    SrcLoc at = loc_of(L, c);
    diag_warning(L->fe->d, at, NULL,
                 "the %s at line %d is differentiated as a sequential loop (correct, not "
                 "parallel): %s",
                 pg->text, at.line, why);
}

/* A reduce, scan or histogram of a declared operator on structs, or of
 * a struct variable or an array of structs (the operator left out). */
static bool combines_structs(Lift *L, Pragma *pg, UserOp *u) {
    if (u && u->tuple)
        return true;
    for (int i = 0; !u && pg->kind != PG_MAP && pg->kind != PG_SCATTER && i < pg->vars.len; i++) {
        int b = env_named(L, pg->vars.items[i]);
        if (b >= 0 &&
            (L->env[b].shape || (L->env[b].is_array && L->env[b].buf && L->env[b].buf->fields)))
            return true;
    }
    return false;
}

/* The arrays `checkpoint(entry: a, b)` names, struct arrays by their
 * fields and pointers by the arrays they point into; false (reported) for
 * a name that is no array here. */
static bool entry_buffers(Lift *L, Pragma *pg, PtrVec *out) {
    for (int i = 0; i < pg->entry_vars.len; i++) {
        const char *name = pg->entry_vars.items[i];
        SrcLoc *at = pg->entry_locs.items[i];
        int b = env_named(L, name);
        Buffer *buf = b >= 0 && L->env[b].is_array ? L->env[b].buf : NULL;
        if (!buf) {
            lift_fail_at(L, *at,
                         "name arrays the loop writes (its scalars are saved per iteration "
                         "anyway)",
                         b < 0 ? "'%s' is not declared here" : "'%s' is not an array", name);
            return false;
        }
        for (int f = 0; buf->fields && f < buf->fields->n; f++)
            if (buf->fields->bufs[f])
                vec_push(L->a, out, buf->fields->bufs[f]);
        if (!buf->fields)
            vec_push(L->a, out, buf);
    }
    return true;
}

/* A sequential loop under `#pragma pargrad loop`: lifted as any other, with
 * the pragma's choices on its S_LOOP. */
static void lift_marked_seq_loop(Lift *L, CXCursor c, Pragma *pg) {
    Canon cn;
    if (!canonical_loop(L, c, &cn))
        return;
    PtrVec entry = {0};
    if (!entry_buffers(L, pg, &entry))
        return;
    if (pg->stripmine > 1 && contains_break(cn.body)) {
        lift_fail_at(L, pg->stripmine_loc,
                     "remove stripmine, or end the loop by its bound instead of break",
                     "a loop left by break cannot be strip-mined%s", "");
        return;
    }
    Body *in = L->cur;
    int before = in->stmts.len;
    lift_seq_loop(L, c, &cn);
    for (int i = before; i < in->stmts.len && !L->failed; i++) {
        Stmt *s = in->stmts.items[i];
        if (s->kind == S_LOOP) {
            loop_notes(L->a, s)->stripmine = pg->stripmine;
            s->loop_notes->entry = entry;
            s->loop_notes->entry_loc = pg->loc;
            break;
        }
    }
    int b = cn.outer && !L->failed ? env_lookup(L, cn.counter_ref) : -1;
    if (b >= 0)
        L->env[b].val = named(L, c, cn.exit, cn.index_name);
}

void lift_for(Lift *L, CXCursor c) {
    Pragma *pg = loop_pragma(L, c);
    forget_null_views(L, c);
    Canon cn;
    if (pg && pg->kind == PG_LOOP) {
        lift_marked_seq_loop(L, c, pg);
        return;
    }
    if (pg && pg->kind == PG_WHILE) {
        lift_fail_at(L, pg->loc,
                     "remove the pragma: a for loop's own condition bounds it (or write the "
                     "loop as a while loop)",
                     "'#pragma pargrad %s' is for while and do loops", pg->text);
        return;
    }
    if (pg && pg->kind != PG_MAP && pg->kind != PG_REDUCE && pg->kind != PG_SCAN &&
        pg->kind != PG_HISTOGRAM && pg->kind != PG_SCATTER) {
        lift_fail_at(L, pg->loc, "this version of pargrad supports map, reduce and scan loops",
                     "'#pragma pargrad %s' is not supported yet", pg->text);
        return;
    }
    if (pg && pg->sequential_why) { /* (its promise could not be checked) */
        sequential_note(L, c, pg, pg->sequential_why);
        pg = NULL;
    }
    /* A sequential loop that is not canonical runs as a while loop. */
    if (!pg && !canonical_or_rolled_back(L, c, &cn)) {
        lift_for_as_while(L, c);
        return;
    }
    if (L->failed)
        return;
    if (pg && !canonical_loop(L, c, &cn))
        return;
    UserOp *u = pg && pg->op_name ? pragma_user_op(L, pg) : NULL;
    if (pg && pg->op_name && !u)
        return;
    const char *why = NULL;
    if (pg && pg->var_ops.len && (combines_structs(L, pg, u) || reduces_arrays(L, pg))) {
        lift_fail_at(L, pg->loc,
                     "give the arrays or structs a reduce pragma of one clause, on a loop of "
                     "their own",
                     "several reduce clauses reduce scalars only%s", "");
        return;
    }
    if (pg && combines_structs(L, pg, u)) {
        if (u)
            u->used = false; /* no helpers: the loops inline COMBINE as written */
        if (!lift_tuple_combinator(L, c, &cn, pg, u, &why)) {
            sequential_fallback(L, c, pg, why);
            lift_seq_loop(L, c, &cn);
        }
    } else if (!pg) {
        lift_seq_loop(L, c, &cn);
    } else if (pg->kind == PG_MAP || pg->kind == PG_SCATTER) {
        /* A scatter, y[k_i] = v_i at distinct k_i, is a map: the map rule
         * saves the elements it overwrites, gathers the seed for the values,
         * zeroes it at the scattered positions and restores them (the scatter
         * rule of the papers). */
        Stmt *s = loop_stmt(L, c, S_MAP, &cn, pg);
        lift_loop_body(L, s, &cn, BARRIER_MAP, -1, NULL, -1);
        body_append(L->a, L->cur, s);
    } else if (pg->kind == PG_HISTOGRAM || reduces_arrays(L, pg)) {
        LiftMark mark = lift_mark(L);
        const char *fallback = NULL;
        if (!lift_histogram(L, c, &cn, pg, &fallback)) {
            lift_undo(L, &mark);
            sequential_fallback(L, c, pg, fallback);
            lift_seq_loop(L, c, &cn);
        }
        lift_mark_free(&mark);
    } else if (pg->kind == PG_SCAN || pg->op == RED_AFFINE ||
               (u && !(u->inverse && u->commutative))) {
        /* A reduce of affine maps is a scan whose prefixes go unused; so is
         * a reduce of a declared operator without the invertible rule
         * (the general rule needs the prefixes). */
        LiftMark mark = lift_mark(L);
        const char *fallback = NULL;
        if (!lift_scan(L, c, &cn, pg, u, &fallback)) {
            lift_undo(L, &mark);
            if (fallback)
                sequential_fallback(L, c, pg, fallback);
            lift_seq_loop(L, c, &cn);
        }
        lift_mark_free(&mark);
    } else {
        lift_reduce(L, c, &cn, pg, u);
    }
    /* A counter declared before the loop keeps its final value, as in C. */
    int b = cn.outer && !L->failed ? env_lookup(L, cn.counter_ref) : -1;
    if (b >= 0)
        L->env[b].val = named(L, c, cn.exit, cn.index_name);
}
