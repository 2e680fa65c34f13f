/* Dead-code elimination on generated code. Redundant execution re-emits a
 * scope's whole forward body before its adjoint; most of it (array reads the
 * adjoint does not need, values only the primal output used) is dead there.
 * Removing it is what makes a re-executed map or reduce cost no more than the
 * adjoint itself. Statements with effects (writes, accumulations, tape
 * operations, returns) stay; loops and ifs whose bodies empty out go.
 *
 * Every pass here takes time linear in the size of the function (times the
 * loop nesting depth): generated and unrolled functions run to tens of
 * thousands of statements, so nothing is allocated or scanned per statement
 * in proportion to the whole function. */
#include "rev.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- scratch memory ---- */
/* Per-pass work arrays are malloc'ed (xcalloc) and freed at the end of the
 * pass, not kept in the arena for the rest of the run. */

typedef struct IntVec {
    int *items;
    int len, cap;
} IntVec;

static void ints_push(IntVec *v, int x) {
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 256;
        v->items = xrealloc(v->items, sizeof(int) * (size_t)cap);
        v->cap = cap;
    }
    v->items[v->len++] = x;
}

/* ---- reads of a statement ---- */
/* Operands a statement reads itself (not in nested bodies), leaving out a
 * mutable variable's reads of itself in `v = v + e`. */
static void visit_stmt_uses(Stmt *s, OperandVisitor visit, void *ctx) {
    if (s->kind == S_LET && s->dst && s->dst->is_mutable) {
        for (int i = 0; i < s->nargs; i++)
            if (!(s->args[i].kind == OPD_VAR && s->args[i].var == s->dst))
                visit(&s->args[i], ctx);
        return;
    }
    stmt_visit_operands(s, visit, ctx);
}

static void visit_all_uses(Body *b, OperandVisitor visit, void *ctx) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        visit_stmt_uses(s, visit, ctx);
        visit_all_uses(s->then_body, visit, ctx);
        visit_all_uses(s->else_body, visit, ctx);
        visit_all_uses(s->body, visit, ctx);
    }
}

static void mark_used(Operand *o, void *ctx) {
    unsigned char *used = ctx;
    if (o->kind == OPD_VAR)
        used[o->var->id] = 1;
}

/* ---- the live set ---- */
/* One flag per variable, updated in place as the sweep goes backwards. A
 * nested body is swept starting from the set after its statement, and the
 * set is restored afterwards: every change is logged on a trail and undone,
 * so a statement costs the changes it makes, not the number of variables. */
/* A set of pointers (open addressing) */
typedef struct PtrSet {
    const void **slots;
    size_t cap, len;
} PtrSet;

static size_t ptr_hash(const void *p) {
    unsigned long long x = (unsigned long long)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

/* Adds p; false if it was there already. */
static bool ptrset_add(PtrSet *set, const void *p) {
    if (2 * (set->len + 1) > set->cap) {
        PtrSet bigger = {xcalloc(set->cap ? 2 * set->cap : 1024, sizeof(void *)),
                         set->cap ? 2 * set->cap : 1024, 0};
        for (size_t i = 0; i < set->cap; i++)
            if (set->slots[i])
                ptrset_add(&bigger, set->slots[i]);
        free(set->slots);
        *set = bigger;
    }
    size_t i = ptr_hash(p) & (set->cap - 1);
    for (; set->slots[i]; i = (i + 1) & (set->cap - 1))
        if (set->slots[i] == p)
            return false;
    set->slots[i] = p;
    set->len++;
    return true;
}

typedef struct Dce {
    unsigned char *live; /* per variable id */
    IntVec trail;        /* id * 2 + the flag before the change, newest last */
    IntVec gained;       /* variables nested bodies made live, per statement */
    bool changed;
} Dce;

static void set_live(Dce *d, int id, unsigned char on) {
    if (d->live[id] == on)
        return;
    ints_push(&d->trail, id * 2 + d->live[id]);
    d->live[id] = on;
}

static void undo_to(Dce *d, int mark) {
    while (d->trail.len > mark) {
        int e = d->trail.items[--d->trail.len];
        d->live[e / 2] = (unsigned char)(e % 2);
    }
}

static void mark_live(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR)
        set_live(ctx, o->var->id, 1);
}

static void mark_live_mutable(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR && o->var->is_mutable)
        set_live(ctx, o->var->id, 1);
}

/* The lengths parameters are declared with (double h[nb * w]) are values
 * of the body's first statements, which the output may also read where it
 * prints an adjoint's length (reduction(+ : h_b[:t3])). */
static void visit_param_lengths(Func *f, void (*visit)(Operand *, void *), void *ctx) {
    for (int i = 0; i < f->params.len; i++) {
        Buffer *b = ((Param *)f->params.items[i])->buf;
        if (b && b->extent)
            visit(b->extent, ctx);
        for (int d = 0; b && b->shape && d < b->rank; d++)
            visit(&b->shape[d], ctx);
        for (int d = 1; b && b->row_dims && d < b->rank; d++)
            visit(&b->row_dims[d], ctx);
        for (int d = 1; b && b->inner_dims && d < b->rank; d++)
            visit(&b->inner_dims[d], ctx);
    }
}

static bool is_live(unsigned char *live, Var *v) {
    return v && live[v->id];
}

static bool body_empty(Body *b) {
    return !b || b->stmts.len == 0;
}

static bool calls_effect(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT || calls_effect(s->then_body) || calls_effect(s->else_body) ||
            calls_effect(s->body))
            return true;
    }
    return false;
}

static bool removable(Stmt *s, unsigned char *live) {
    switch (s->kind) {
    case S_LET:
    case S_READ:
    case S_DECL:
        return s->dst && !is_live(live, s->dst);
    case S_IF:
        if (!body_empty(s->then_body) || !body_empty(s->else_body))
            return false;
        for (int i = 0; i < s->phis.len; i++)
            if (is_live(live, ((Phi *)s->phis.items[i])->dst))
                return false;
        return true;
    case S_MAP:
    case S_BLOCK:
        return body_empty(s->body);
    case S_LOOP:
        if (!body_empty(s->body))
            return false;
        for (int i = 0; i < s->carried.len; i++)
            if (is_live(live, ((Carried *)s->carried.items[i])->result))
                return false;
        return true;
    case S_REDUCE:
        for (int i = 0; i < s->accums.len; i++) {
            Accum *a = s->accums.items[i];
            if (is_live(live, a->result) || is_live(live, a->arg_result))
                return false;
        }
        return !stmt_writes_any(s) && !calls_effect(s->body);
    default:
        return false;
    }
}

/* Phis and reduce accumulators whose results nobody reads go, and with them
 * the computations of their values. */
static void drop_dead_results(Stmt *s, unsigned char *live, bool *changed) {
    int k = 0;
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        if (is_live(live, p->dst))
            s->phis.items[k++] = p;
    }
    *changed |= k != s->phis.len;
    s->phis.len = k;
    k = 0;
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        if (is_live(live, a->result) || is_live(live, a->arg_result))
            s->accums.items[k++] = a;
    }
    *changed |= k != s->accums.len;
    s->accums.len = k;
}

static void sweep_body(Dce *d, Body *b);

/* A carried scalar nobody reads after the loop nor in its body (a loop
 * counter assigned by an inner loop, a scalar only ever written) goes;
 * with it its yield, which kept its computation alive. */
typedef struct UseOf {
    Var *v;
    bool found;
    Operand *skip; /* an operand not to count (the carried scalar's own yield) */
} UseOf;

static void note_use_of(Operand *o, void *ctx) {
    UseOf *u = ctx;
    u->found |= o != u->skip && o->kind == OPD_VAR && o->var == u->v;
}

/* The statements of a loop's body (at any depth) by the variables they
 * read, sorted by variable: one walk per loop, not one per value followed */
typedef struct UsePair {
    int id;
    Stmt *s;
} UsePair;

typedef struct Users {
    UsePair *p;
    int n, cap;
    Stmt *at; /* the statement being walked */
} Users;

static void note_user(Operand *o, void *ctx) {
    Users *u = ctx;
    if (o->kind != OPD_VAR)
        return;
    if (u->n == u->cap) {
        u->cap = u->cap ? 2 * u->cap : 64;
        u->p = xrealloc(u->p, sizeof *u->p * (size_t)u->cap);
    }
    u->p[u->n++] = (UsePair){o->var->id, u->at};
}

static void collect_users(Body *b, Users *u) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        u->at = s;
        stmt_visit_operands(s, note_user, u);
        collect_users(s->then_body, u);
        collect_users(s->else_body, u);
        collect_users(s->body, u);
    }
}

static int by_id(const void *x, const void *y) {
    int a = ((const UsePair *)x)->id, b = ((const UsePair *)y)->id;
    return (a > b) - (a < b);
}

/* The first pair for variable id (u->n if none) */
static int first_user(const Users *u, int id) {
    int lo = 0, hi = u->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (u->p[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether every use of v in loop's body (at any depth) is a let binding a
 * value that itself only reaches `yield` that way: v feeds nothing but the
 * next value of the carried scalar it is (a sum whose total nobody reads). */
static bool only_feeds(Stmt *loop, const Users *users, Var *v, Operand *yield) {
    PtrVec work = {0};
    PtrSet seen = {0};
    Arena a = {0};
    vec_push(&a, &work, v);
    bool ok = true;
    while (ok && work.len) {
        Var *w = work.items[--work.len];
        for (int k = first_user(users, w->id); ok && k < users->n && users->p[k].id == w->id; k++) {
            Stmt *s = users->p[k].s;
            if (s->kind != S_LET || s->dst->is_mutable || s->then_body || s->body) {
                ok = false;
                break;
            }
            if (!ptrset_add(&seen, s->dst))
                continue;
            /* (the loop's own operands, another carried scalar's yield or
             * its condition, would take the value out; the yield itself
             * may feed nothing else in the iteration either: campaign seed
             * 47034, a sum also read by a reduce after it) */
            UseOf out = {s->dst, false, yield};
            stmt_visit_operands(loop, note_use_of, &out);
            if (out.found) /* (campaign seed 49288: the yield in a while's condition) */
                ok = false;
            else
                vec_push(&a, &work, s->dst);
        }
    }
    free(seen.slots);
    arena_free(&a);
    return ok;
}

static void drop_dead_carried(Stmt *s, unsigned char *live, const bool *param_live, bool *changed) {
    int k = 0;
    Users users = {0};
    bool indexed = false;
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        bool cycle_only = false;
        if (param_live[i] && !is_live(live, c->result) && c->yield.kind == OPD_VAR) {
            UseOf out = {c->param, false, NULL};
            stmt_visit_operands(s, note_use_of, &out);
            if (!out.found && !indexed) {
                collect_users(s->body, &users);
                qsort(users.p, (size_t)users.n, sizeof *users.p, by_id);
                indexed = true;
            }
            cycle_only = !out.found && only_feeds(s, &users, c->param, &c->yield);
        }
        if ((param_live[i] && !cycle_only) || is_live(live, c->result))
            s->carried.items[k++] = c;
    }
    free(users.p);
    *changed |= k != s->carried.len;
    s->carried.len = k;
}

/* Sweeps a nested body of s. What is live at its end is what is live after
 * s, plus the operands s reads there (phi values, yields, contributions),
 * plus, for loops, the mutable variables the body reads: a later iteration
 * reads what an earlier one assigned. (Immutable values need no such rule:
 * one bound in the body is read only after its binding, which the backward
 * flow sees.) The set is restored afterwards; the variables live at the
 * body's entry go to d->gained, and def_live[k] notes whether defs[k] was. */
static void sweep_nested(Dce *d, Stmt *s, Body *body, Var **defs, int ndefs, bool *def_live,
                         bool *param_live) {
    int mark = d->trail.len;
    if (s->kind != S_IF && s->kind != S_BLOCK)
        visit_all_uses(body, mark_live_mutable, d);
    visit_stmt_uses(s, mark_live, d);
    sweep_body(d, body);
    for (int k = 0; param_live && k < s->carried.len; k++)
        param_live[k] = d->live[((Carried *)s->carried.items[k])->param->id];
    /* Only variables on the trail can differ from the set after s. */
    for (int i = mark; i < d->trail.len; i++) {
        int id = d->trail.items[i] / 2;
        if (d->live[id])
            ints_push(&d->gained, id);
    }
    for (int k = 0; k < ndefs; k++)
        def_live[k] |= d->live[defs[k]->id];
    undo_to(d, mark);
}

/* Takes the live set from after s to before it; returns false when s is
 * dead (its nested bodies are swept all the same). Before s is live: what
 * is live after it, less what it binds, plus what it reads and whatever is
 * live at the entry of one of its bodies. */
static bool sweep_stmt(Dce *d, Stmt *s) {
    drop_dead_results(s, d->live, &d->changed);
    int ndefs;
    Var **defs = stmt_all_defs(s, &ndefs);
    bool *def_live = xcalloc((size_t)ndefs + 1, sizeof(bool));
    int gained_mark = d->gained.len;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    bool *param_live = s->carried.len ? xcalloc((size_t)s->carried.len, sizeof(bool)) : NULL;
    for (int q = 0; q < 3; q++)
        if (bodies[q])
            sweep_nested(d, s, bodies[q], defs, ndefs, def_live, q == 2 ? param_live : NULL);
    if (param_live)
        drop_dead_carried(s, d->live, param_live, &d->changed);
    free(param_live);
    bool keep = !removable(s, d->live);
    if (keep) {
        for (int k = 0; k < ndefs; k++)
            if ((!defs[k]->is_mutable || s->kind == S_DECL) && !def_live[k])
                set_live(d, defs[k]->id, 0);
        visit_stmt_uses(s, mark_live, d);
        for (int i = gained_mark; i < d->gained.len; i++)
            set_live(d, d->gained.items[i], 1);
    }
    d->gained.len = gained_mark;
    free(defs);
    free(def_live);
    return keep;
}

static void sweep_body(Dce *d, Body *b) {
    for (int i = b->stmts.len - 1; i >= 0; i--)
        if (!sweep_stmt(d, b->stmts.items[i])) {
            b->stmts.items[i] = NULL;
            d->changed = true;
        }
    int k = 0;
    for (int i = 0; i < b->stmts.len; i++)
        if (b->stmts.items[i])
            b->stmts.items[k++] = b->stmts.items[i];
    b->stmts.len = k;
}

/* Bodies and statements are shared between the primal, the forward sweep
 * and re-executions; unsharing gives every place its own, so that renaming
 * and sweeping one place never changes another. The first place an object
 * (a body, a statement, a phi, an item array...) is met keeps it, and only
 * later ones get copies: most statements occur once, and copying them all
 * doubled the memory of long functions. */
typedef struct Unshare {
    Arena *a;
    PtrSet met; /* objects kept or copied so far */
} Unshare;

/* p itself the first time, else a copy (itself met: copies are never shared). */
static void *claim(Unshare *u, void *p, size_t size) {
    if (ptrset_add(&u->met, p))
        return p;
    void *c = arena_alloc(u->a, size);
    memcpy(c, p, size);
    ptrset_add(&u->met, c);
    return c;
}

/* The array of v and each of its items. */
static void claim_items(Unshare *u, PtrVec *v, size_t size) {
    if (!v->items)
        return;
    if (!ptrset_add(&u->met, v->items)) {
        PtrVec own = {0};
        for (int i = 0; i < v->len; i++)
            vec_push(u->a, &own, v->items[i]);
        *v = own;
        if (own.items)
            ptrset_add(&u->met, own.items);
    }
    for (int i = 0; i < v->len; i++)
        v->items[i] = claim(u, v->items[i], size);
}

static void unshare_body(Unshare *u, Body **bp) {
    if (!*bp)
        return;
    Body *b = *bp = claim(u, *bp, sizeof(Body));
    claim_items(u, &b->stmts, sizeof(Stmt));
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *c = b->stmts.items[i];
        claim_items(u, &c->phis, sizeof(Phi));
        claim_items(u, &c->carried, sizeof(Carried));
        claim_items(u, &c->accums, sizeof(Accum));
        claim_items(u, &c->effect_args, sizeof(EffectArg));
        unshare_body(u, &c->then_body);
        unshare_body(u, &c->else_body);
        unshare_body(u, &c->body);
    }
}

static void unshare_function(Arena *a, Func *f) {
    Unshare u = {.a = a};
    unshare_body(&u, &f->body);
    free(u.met.slots);
}

/* Renaming: a re-executed statement binds the same variables as its first
 * execution; each binding gets its own variable here, so that later passes
 * and the emitter see one definition per variable. */
typedef struct Renamer {
    Arena *a;
    Func *f;
    unsigned char *seen;
    int nseen;
    Var **current;            /* per variable id below nseen: its name in this scope */
    PtrVec undo_var, undo_to; /* bindings to undo at the end of a scope: var, previous name */
} Renamer;

static Var *lookup_var(Renamer *rn, Var *v) {
    if (v->id < rn->nseen && rn->current[v->id])
        return rn->current[v->id];
    return v;
}

static void subst_operand(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR)
        o->var = lookup_var(ctx, o->var);
}

static void rename_to(Renamer *rn, Var *v, Var *to) {
    vec_push(rn->a, &rn->undo_var, v);
    vec_push(rn->a, &rn->undo_to, rn->current[v->id]);
    rn->current[v->id] = to;
}

static Var *bind_var(Renamer *rn, Var *v) {
    if (v->id >= rn->nseen)
        return v;
    /* Adjoints always get their own variable: their names follow their
     * primal's, which may have been renamed in this scope. */
    if (!rn->seen[v->id] && !v->primal) {
        rn->seen[v->id] = 1;
        rename_to(rn, v, v);
        return v;
    }
    Var *fresh = var_new(rn->a, rn->f, v->name, v->ty);
    fresh->is_mutable = v->is_mutable;
    fresh->active = v->active;
    fresh->primal = v->primal ? lookup_var(rn, v->primal) : NULL;
    rename_to(rn, v, fresh);
    return fresh;
}

static void rename_body(Renamer *rn, Body *b, Stmt *owner, bool tails);

static void rename_stmt(Renamer *rn, Stmt *s) {
    stmt_visit_header(s, subst_operand, rn);
    if (s->kind == S_LET && s->dst->is_mutable)
        s->dst = lookup_var(rn, s->dst); /* an update, not a binding */
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        if (bodies[q])
            rename_body(rn, bodies[q], s, true);
    if ((s->kind == S_LET && !s->dst->is_mutable) || s->kind == S_READ || s->kind == S_POP ||
        s->kind == S_DECL || s->kind == S_EFFECT) {
        if (s->dst)
            s->dst = bind_var(rn, s->dst);
    }
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        p->dst = bind_var(rn, p->dst);
    }
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        c->result = bind_var(rn, c->result);
    }
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        ac->result = bind_var(rn, ac->result);
        if (ac->arg_result)
            ac->arg_result = bind_var(rn, ac->arg_result);
    }
}

static void rename_body(Renamer *rn, Body *b, Stmt *owner, bool tails) {
    int mark = rn->undo_var.len;
    if (owner && owner->body == b) {
        if (owner->index)
            owner->index = bind_var(rn, owner->index);
        for (int i = 0; i < owner->carried.len; i++) {
            Carried *c = owner->carried.items[i];
            c->param = bind_var(rn, c->param);
        }
    }
    for (int i = 0; i < b->stmts.len; i++)
        rename_stmt(rn, b->stmts.items[i]);
    if (owner && tails)
        stmt_visit_tails(owner, b, subst_operand, rn);
    /* the scope's bindings end here, newest first */
    while (rn->undo_var.len > mark) {
        int top = --rn->undo_var.len;
        rn->undo_to.len = top;
        rn->current[((Var *)rn->undo_var.items[top])->id] = rn->undo_to.items[top];
    }
}

static void rename_function(Arena *a, Func *f) {
    Renamer rn = {.a = a, .f = f, .nseen = f->next_var_id};
    rn.seen = xcalloc((size_t)rn.nseen + 1, 1);
    rn.current = xcalloc((size_t)rn.nseen + 1, sizeof(Var *));
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (p->var)
            bind_var(&rn, p->var);
    }
    rename_body(&rn, f->body, NULL, false);
    free(rn.seen);
    free(rn.current);
}

static bool drop_identity_sets(Func *f);

/* ---- adjoint declarations ---- */
/* `double v_b = 0; ... v_b += e;` becomes `double v_b = e;` where the first
 * statement of the body that refers to v_b (at any depth) is that update:
 * adjoints are declared where they get a value. One backward scan of a body
 * finds, for every statement, the first later one that refers to what it
 * binds. */
typedef struct RefScan {
    int *at;    /* per variable id: the earliest statement seen that refers to it */
    int *stamp; /* per variable id: the scan `at` belongs to */
    int scan, index;
} RefScan;

static void note_var(RefScan *r, Var *v) {
    r->at[v->id] = r->index;
    r->stamp[v->id] = r->scan;
}

static void note_operand(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR)
        note_var(ctx, o->var);
}

static void note_body_refs(RefScan *r, Body *b);

/* What refers to a variable: an operand, or binding it as dst, at any depth. */
static void note_refs(RefScan *r, Stmt *s) {
    stmt_visit_operands(s, note_operand, r);
    if (s->dst)
        note_var(r, s->dst);
    note_body_refs(r, s->then_body);
    note_body_refs(r, s->else_body);
    note_body_refs(r, s->body);
}

static void note_body_refs(RefScan *r, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++)
        note_refs(r, b->stmts.items[i]);
}

/* Merges the declaration s into t, the first statement referring to its
 * variable (NULL if none), when t is an update of it. */
static bool merge_one(Stmt *s, Stmt *t) {
    if (s->kind != S_DECL || !s->dst || !opd_is_const(s->args[0], 0) || !t)
        return false;
    bool update = t->kind == S_LET && t->dst == s->dst && t->op == OP_ADD &&
                  t->args[0].kind == OPD_VAR && t->args[0].var == s->dst &&
                  !(t->args[1].kind == OPD_VAR && t->args[1].var == s->dst);
    if (!update)
        return false;
    t->kind = S_DECL;
    t->nargs = 1;
    t->args[0] = t->args[1];
    return true;
}

static void merge_adjoint_decls(RefScan *r, Body *b) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->then_body)
            merge_adjoint_decls(r, s->then_body);
        if (s->else_body)
            merge_adjoint_decls(r, s->else_body);
        if (s->body)
            merge_adjoint_decls(r, s->body);
    }
    int n = b->stmts.len;
    int *first_ref = xcalloc((size_t)n + 1, sizeof(int));
    r->scan++;
    for (int i = n - 1; i >= 0; i--) {
        Stmt *s = b->stmts.items[i];
        bool seen = s->dst && r->stamp[s->dst->id] == r->scan;
        first_ref[i] = seen ? r->at[s->dst->id] : -1;
        r->index = i;
        note_refs(r, s);
    }
    /* In order: a merge turns a later update into a declaration, which may
     * merge in turn; merges do not change which statements refer to what. */
    for (int i = 0; i < n; i++) {
        Stmt *s = b->stmts.items[i];
        if (merge_one(s, first_ref[i] >= 0 ? b->stmts.items[first_ref[i]] : NULL))
            b->stmts.items[i] = NULL;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (b->stmts.items[i])
            b->stmts.items[k++] = b->stmts.items[i];
    b->stmts.len = k;
    free(first_ref);
}

/* ---- tape pairs ---- */
/* Pairs whose every pop is dead: collected, then their pushes and pops go. */
static void find_live_pairs(Body *b, unsigned char *used, unsigned char *live_pair, int npairs) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_POP && s->tape_pair > 0 && s->tape_pair < npairs && used[s->dst->id])
            live_pair[s->tape_pair] = 1;
        find_live_pairs(s->then_body, used, live_pair, npairs);
        find_live_pairs(s->else_body, used, live_pair, npairs);
        find_live_pairs(s->body, used, live_pair, npairs);
    }
}

static bool drop_dead_pairs(Body *b, unsigned char *live_pair) {
    bool changed = false;
    int k = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        /* every body, even once one has changed */
        changed |= drop_dead_pairs(s->then_body, live_pair);
        changed |= drop_dead_pairs(s->else_body, live_pair);
        changed |= drop_dead_pairs(s->body, live_pair);
        if ((s->kind == S_PUSH || s->kind == S_POP) && s->tape_pair > 0 &&
            !live_pair[s->tape_pair]) {
            changed = true;
            continue;
        }
        b->stmts.items[k++] = s;
    }
    if (b)
        b->stmts.len = k;
    return changed;
}

/* Carried scalars whose popped values the return sweep never reads need
 * not travel through the tape at all. */
static bool drop_unneeded_tape(Func *f) {
    int n = f->next_var_id;
    unsigned char *used = xcalloc((size_t)n + 1, 1);
    visit_all_uses(f->body, mark_used, used);
    unsigned char *live_pair = xcalloc((size_t)n + 1, 1);
    find_live_pairs(f->body, used, live_pair, n + 1);
    bool changed = drop_dead_pairs(f->body, live_pair);
    free(used);
    free(live_pair);
    return changed;
}

/* Local arrays (not malloc'ed) that nothing in their scope reads (a re-executed
 * body whose reads of them went as dead code): their writes and
 * declaration go too, which also keeps compilers from warning about them.
 * One buffer may be declared in several scopes (the forward sweep and a
 * re-execution), so each declaration is judged in its own scope. */
static bool reads_local_here(Stmt *s, Buffer *buf) {
    /* (an update, + or * or min or max, reads the element only to update
     * it: unread, it goes with the array, as histogram updates into bins
     * nothing reads after: campaign seeds 51439, and 96913 for *) */
    return ((s->kind == S_READ || s->kind == S_HIST) && s->buf == buf) ||
           ((s->kind == S_SCAN || s->kind == S_HIST) &&
            (s->scan_in[0] == buf || s->scan_in[1] == buf)) ||
           (s->kind == S_HIST &&
            (s->hist_rev[0] == buf || s->hist_rev[1] == buf || s->hist_rev[2] == buf));
}

static bool body_reads_local(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (reads_local_here(s, buf))
            return true;
        if (body_reads_local(s->then_body, buf) || body_reads_local(s->else_body, buf) ||
            body_reads_local(s->body, buf))
            return true;
    }
    return false;
}

static void drop_writes_to(Body *b, Buffer *buf) {
    int k = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        drop_writes_to(s->then_body, buf);
        drop_writes_to(s->else_body, buf);
        drop_writes_to(s->body, buf);
        if ((s->kind == S_WRITE || s->kind == S_ACC) && s->buf == buf)
            continue;
        if (s->hist_bins == buf || s->hist_more_bins == buf) /* no copies of them either */
            s->hist_bins = s->hist_more_bins = NULL;
        b->stmts.items[k++] = s;
    }
    if (b)
        b->stmts.len = k;
}

static bool drop_unread_locals(Body *b) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        changed |= drop_unread_locals(s->then_body);
        changed |= drop_unread_locals(s->else_body);
        changed |= drop_unread_locals(s->body);
        if (s->kind != S_DECL || !s->buf || s->buf->kind != BUF_LOCAL || s->buf->heap ||
            !(s->buf->dims || s->buf->sized_at_run_time))
            continue;
        bool read = false;
        for (int j = i + 1; j < b->stmts.len && !read; j++) {
            Stmt *t = b->stmts.items[j];
            read = reads_local_here(t, s->buf) || body_reads_local(t->then_body, s->buf) ||
                   body_reads_local(t->else_body, s->buf) || body_reads_local(t->body, s->buf);
        }
        if (read)
            continue;
        Body rest = {.stmts = {b->stmts.items + i + 1, b->stmts.len - i - 1, 0}};
        drop_writes_to(&rest, s->buf);
        int removed = (b->stmts.len - i - 1) - rest.stmts.len;
        memmove(b->stmts.items + i, b->stmts.items + i + 1,
                sizeof(void *) * (size_t)rest.stmts.len);
        b->stmts.len -= removed + 1;
        changed = true;
        i--;
    }
    return changed;
}

/* Heap temporaries allocated zeroed that nothing writes, only reads (the
 * adjoints of a scan's prefixes, once fusion has given each iteration its
 * prefix's adjoint directly, read only for the adjoint of the last): their
 * reads are zeros, and the allocation, which zeroed the whole array in
 * every call, goes. A fused scan whose terms its maps compute names its
 * term arrays without reading them. Per buffer id: 1 a zeroed allocation,
 * 2 any use but a read or a free. */
enum { HEAP_ZEROED = 1, HEAP_OTHER_USE = 2 };

static void note_heap_uses(Body *b, unsigned char *use);

static void note_heap_use(Stmt *s, unsigned char *use) {
    Buffer *named[] = {s->buf,        s->hist_bins,   s->hist_more_bins, s->scan_in[0],
                       s->scan_in[1], s->hist_rev[0], s->hist_rev[1],    s->hist_rev[2]};
    for (size_t k = 0; k < sizeof named / sizeof *named; k++) {
        if (!named[k])
            continue;
        bool plain = (k == 0 && (s->kind == S_READ || s->kind == S_FREE)) ||
                     ((k == 3 || k == 4) && s->fusion && !s->fusion->in_memory[k - 3]);
        if (k == 0 && s->kind == S_ALLOC && !named[k]->filled_first)
            use[named[k]->id] |= HEAP_ZEROED;
        else if (!plain)
            use[named[k]->id] |= HEAP_OTHER_USE;
    }
    note_heap_uses(s->then_body, use);
    note_heap_uses(s->else_body, use);
    note_heap_uses(s->body, use);
    if (s->fusion)
        note_heap_uses(s->fusion->pre_slice, use);
}

static void note_heap_uses(Body *b, unsigned char *use) {
    for (int i = 0; b && i < b->stmts.len; i++)
        note_heap_use(b->stmts.items[i], use);
}

static bool zeros_only(Buffer *b, const unsigned char *use) {
    return b && use[b->id] == HEAP_ZEROED;
}

static bool drop_zero_heaps_in(Body *b, const unsigned char *use) {
    bool changed = false;
    int k = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        changed |= drop_zero_heaps_in(s->then_body, use) | drop_zero_heaps_in(s->else_body, use) |
                   drop_zero_heaps_in(s->body, use) |
                   (s->fusion && drop_zero_heaps_in(s->fusion->pre_slice, use));
        if ((s->kind == S_ALLOC || s->kind == S_FREE) && zeros_only(s->buf, use)) {
            changed = true;
            continue;
        }
        if (s->kind == S_READ && zeros_only(s->buf, use)) {
            s->kind = S_LET;
            s->op = OP_COPY;
            s->args[0] = b_fconst(0, s->dst->ty);
            s->nargs = 1;
            s->buf = NULL;
            s->nidx = 0;
            changed = true;
        }
        b->stmts.items[k++] = s;
    }
    if (b)
        b->stmts.len = k;
    return changed;
}

static bool drop_zero_heaps(Func *f) {
    unsigned char *use = xcalloc((size_t)f->next_buf_id + 1, 1);
    note_heap_uses(f->body, use);
    bool changed = drop_zero_heaps_in(f->body, use);
    free(use);
    return changed;
}

/* ---- kept calls (printf, timers) ----
 * A kept call runs where the primal runs it: its first copy, in the
 * forward sweep, comes first in the function; copies in re-executions
 * (adjoint loops, re-run blocks) go. Where its value is numbered
 * (lift_expr.c number_kept_call), a copy that goes reads back the value the
 * first copy kept under that number. */
/* Without a number (a call inside a parallel loop), the read has no
 * operand: where it stays live, Func.lost_value reports it. */
static Stmt *kept_value_read(Arena *a, Stmt *call) {
    Stmt *s = stmt_new(a, S_LET, call->loc);
    s->dst = call->dst;
    s->op = OP_KEPT;
    s->effect_id = call->effect_id;
    s->text = call->text;
    if (kept_number_of(call)) {
        s->nargs = 1;
        s->args[0] = kept_number_of(call)->val;
    }
    return s;
}

static void keep_first_effects(Arena *a, Body *b, unsigned char *seen) {
    int k = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT) {
            if (seen[s->effect_id] && !s->dst)
                continue;
            if (seen[s->effect_id])
                s = kept_value_read(a, s);
            seen[s->effect_id] = 1;
        }
        keep_first_effects(a, s->then_body, seen);
        keep_first_effects(a, s->else_body, seen);
        keep_first_effects(a, s->body, seen);
        b->stmts.items[k++] = s;
    }
    if (b)
        b->stmts.len = k;
}

static Stmt *lost_value_read(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->op == OP_KEPT && s->nargs == 0)
            return s;
        Stmt *in = lost_value_read(s->then_body);
        in = in ? in : lost_value_read(s->else_body);
        in = in ? in : lost_value_read(s->body);
        if (in)
            return in;
    }
    return NULL;
}

static void note_kept_reads(Body *b, unsigned char *read) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->op == OP_KEPT)
            read[s->effect_id] = 1;
        note_kept_reads(s->then_body, read);
        note_kept_reads(s->else_body, read);
        note_kept_reads(s->body, read);
    }
}

static bool unnumber_calls(Body *b, const unsigned char *read) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT && kept_number_of(s) && !read[s->effect_id]) {
            s->effect_args.len--;
            changed = true;
        }
        changed |= unnumber_calls(s->then_body, read);
        changed |= unnumber_calls(s->else_body, read);
        changed |= unnumber_calls(s->body, read);
    }
    return changed;
}

/* Calls whose values no re-execution reads back keep nothing: their
 * numbers go (and with them, in the next sweep, the counter). */
static bool drop_unread_numbers(Func *f) {
    unsigned char *read = xcalloc((size_t)f->next_effect_id + 1, 1);
    note_kept_reads(f->body, read);
    bool changed = unnumber_calls(f->body, read);
    free(read);
    return changed;
}

/* Sweeps until nothing changes. Whatever order dead statements go in, the
 * result is the same: the largest set of statements none of which is dead
 * given the others (removing code never makes other code live). */
static void sweep_function(Func *f) {
    Dce d = {.live = xcalloc((size_t)f->next_var_id + 1, 1), .changed = true};
    while (d.changed) {
        d.changed = false;
        if (!f->lengths_settled)
            visit_param_lengths(f, mark_live, &d);
        sweep_body(&d, f->body);
        undo_to(&d, 0); /* each sweep starts from an empty set */
        if (!d.changed)
            d.changed = drop_unneeded_tape(f);
        if (!d.changed)
            d.changed = drop_unread_locals(f->body);
        if (!d.changed)
            d.changed = drop_zero_heaps(f);
        if (!d.changed)
            d.changed = drop_unread_numbers(f);
    }
    free(d.live);
    free(d.trail.items);
    free(d.gained.items);
}

/* Drops the labels (Stmt.label) that name nothing. */
static void drop_empty_labels(Body *b) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Stmt *next = i + 1 < b->stmts.len ? b->stmts.items[i + 1] : NULL;
        if (s->kind == S_COMMENT && s->label &&
            (!next || (next->kind == S_COMMENT && (!next->label || next->label >= s->label))))
            continue;
        drop_empty_labels(s->then_body);
        drop_empty_labels(s->else_body);
        drop_empty_labels(s->body);
        b->stmts.items[n++] = s;
    }
    if (b)
        b->stmts.len = n;
}

void simplify_dead_code(Arena *a, Func *f) {
    unshare_function(a, f);
    unsigned char *seen = xcalloc((size_t)f->next_effect_id + 1, 1);
    keep_first_effects(a, f->body, seen);
    free(seen);
    rename_function(a, f);
    sweep_function(f);
    if (!f->lost_value)
        f->lost_value = lost_value_read(f->body);
    RefScan r = {.at = xcalloc((size_t)f->next_var_id + 1, sizeof(int)),
                 .stamp = xcalloc((size_t)f->next_var_id + 1, sizeof(int))};
    merge_adjoint_decls(&r, f->body);
    free(r.at);
    free(r.stamp);
    if (drop_identity_sets(f)) /* the copies they read go too */
        sweep_function(f);
    drop_empty_labels(f->body);
}

/* ---- sets that change nothing ---- */
/* A carried adjoint of a sum is handed on unchanged: `double s_1_b = s_b;
 * ... s_b = s_1_b;` in a loop's body. Such a set goes: the variable then
 * has one binding, which the interchange (interchange.c) needs, and the
 * output one statement fewer per iteration. */
typedef struct Binds {
    int *count; /* per variable id: statements binding or setting it */
    Stmt **def;
} Binds;

static void count_binds(Binds *bn, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_LET || s->kind == S_DECL) && s->dst) {
            bn->count[s->dst->id]++;
            bn->def[s->dst->id] = s;
        }
        count_binds(bn, s->then_body);
        count_binds(bn, s->else_body);
        count_binds(bn, s->body);
    }
}

/* The statement of b at or holding position of s, -1 if none. */
static int position_in(Body *b, Stmt *s) {
    for (int i = 0; i < b->stmts.len; i++)
        if (b->stmts.items[i] == s)
            return i;
    return -1;
}

static bool sets_var(Stmt *s, Var *v) {
    if ((s->kind == S_LET || s->kind == S_DECL || s->kind == S_POP) && s->dst == v)
        return true;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (sets_var(bodies[q]->stmts.items[i], v))
                return true;
    return false;
}

/* Whether `set x = copy y` in b at position at puts back the value x had:
 * y a chain of single copies (in b) of x read after x's last set. */
static bool identity_set(Binds *bn, Body *b, int at) {
    Stmt *set = b->stmts.items[at];
    Operand y = set->args[0];
    Var *x = set->dst;
    for (int guard = 0; guard < 32 && y.kind == OPD_VAR && y.var != x; guard++) {
        Stmt *d = bn->count[y.var->id] == 1 ? bn->def[y.var->id] : NULL;
        bool copy = d && ((d->kind == S_DECL && !d->buf && d->nargs == 1) ||
                          (d->kind == S_LET && d->op == OP_COPY));
        int p = copy ? position_in(b, d) : -1;
        if (p < 0 || p >= at)
            return false;
        y = d->args[0];
        if (y.kind == OPD_VAR && y.var == x) {
            for (int k = p + 1; k < at; k++)
                if (sets_var(b->stmts.items[k], x))
                    return false;
            return true;
        }
    }
    return false;
}

static bool drop_identity_sets_in(Binds *bn, Body *b) {
    if (!b)
        return false;
    bool dropped = false;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        dropped |= drop_identity_sets_in(bn, s->then_body);
        dropped |= drop_identity_sets_in(bn, s->else_body);
        dropped |= drop_identity_sets_in(bn, s->body);
    }
    /* found first, removed after: positions stay put while looking */
    unsigned char *drop = xcalloc((size_t)b->stmts.len + 1, 1);
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        drop[i] = s->kind == S_LET && s->dst->is_mutable && s->op == OP_COPY && s->nargs == 1 &&
                  identity_set(bn, b, i);
    }
    int k = 0;
    for (int i = 0; i < b->stmts.len; i++)
        if (!drop[i])
            b->stmts.items[k++] = b->stmts.items[i];
    dropped |= k != b->stmts.len;
    b->stmts.len = k;
    free(drop);
    return dropped;
}

static bool drop_identity_sets(Func *f) {
    Binds bn = {xcalloc((size_t)f->next_var_id + 1, sizeof(int)),
                xcalloc((size_t)f->next_var_id + 1, sizeof(Stmt *))};
    count_binds(&bn, f->body);
    bool dropped = drop_identity_sets_in(&bn, f->body);
    free(bn.count);
    free(bn.def);
    return dropped;
}

/* ---- common subexpressions ---- */
/* Value numbering over the lifted function: a pure let or an array read
 * that repeats an earlier one in scope is replaced by it. `x[idx[i]] *
 * x[idx[i]]` then reads once, and its adjoint accumulates once. A read is
 * available until a write to its array; entering a loop forgets the reads
 * of arrays the loop writes.
 *
 * The available values are in a hash table; the statements of a scope
 * leave it when the scope ends. Forgetting the reads of an array counts a
 * write to it: a read recorded before the latest write is stale. */
typedef struct CseEntry {
    Stmt *s;
    unsigned hash;
    long writes;                  /* S_READ: writes to its array before it */
    struct CseEntry *prev, *next; /* in its bucket, newest first */
    bool in_table;
} CseEntry;

typedef struct Cse {
    Arena *a;
    CseEntry **buckets;
    unsigned mask;
    PtrVec scope; /* CseEntry*: the available values, innermost scope last */
    Var **subst;  /* per variable id: the variable that replaces it */
    long *writes; /* per buffer id: writes so far */
} Cse;

static void cse_subst(Operand *o, void *ctx) {
    Cse *c = ctx;
    if (o->kind == OPD_VAR && c->subst[o->var->id])
        *o = opd_var(c->subst[o->var->id]);
}

static bool same_operands(const Operand *x, const Operand *y, int n) {
    for (int i = 0; i < n; i++)
        if (!opd_equal(x[i], y[i]))
            return false;
    return true;
}

static bool same_value(Stmt *s, Stmt *t) {
    if (s->kind != t->kind)
        return false;
    if (s->kind == S_READ)
        return s->buf == t->buf && s->nidx == t->nidx && same_operands(s->idx, t->idx, s->nidx);
    return lets_alike(s, t) && same_operands(s->args, t->args, s->nargs);
}

/* Hashes agree whenever same_value does. */
static unsigned hash_mix(unsigned h, unsigned long long x) {
    h ^= (unsigned)(x ^ (x >> 32));
    return h * 16777619u;
}

/* 0.0 and -0.0 compare equal, so they hash alike. */
static unsigned long long double_bits(double x) {
    unsigned long long bits = 0;
    if (x != 0)
        memcpy(&bits, &x, sizeof bits);
    return bits;
}

static unsigned hash_operands(unsigned h, const Operand *x, int n) {
    for (int i = 0; i < n; i++) {
        h = hash_mix(h, (unsigned)x[i].kind);
        if (x[i].kind == OPD_VAR)
            h = hash_mix(h, (unsigned long long)(uintptr_t)x[i].var);
        else if (x[i].kind == OPD_CONST && type_is_float(x[i].ty))
            h = hash_mix(h, double_bits(x[i].fval));
        else if (x[i].kind == OPD_CONST)
            h = hash_mix(h, (unsigned long long)x[i].ival);
    }
    return h;
}

static unsigned hash_value(Stmt *s) {
    unsigned h = hash_mix(2166136261u, (unsigned)s->kind);
    if (s->kind == S_READ)
        return hash_operands(hash_mix(h, (unsigned long long)(uintptr_t)s->buf), s->idx, s->nidx);
    h = hash_mix(h, (unsigned)s->op * 1000003u + (unsigned)s->fn);
    h = hash_mix(h, (unsigned long long)(uintptr_t)s->buf); /* OP_NOT_NULL's pointer */
    h = hash_mix(h, (unsigned)s->nargs * 31u + (unsigned)s->dst->ty.kind);
    h = hash_mix(h, (unsigned long long)(uintptr_t)s->dst->ty.cname);
    return hash_operands(h, s->args, s->nargs);
}

static void unlink_entry(Cse *c, CseEntry *e) {
    if (!e->in_table)
        return;
    if (e->prev)
        e->prev->next = e->next;
    else
        c->buckets[e->hash & c->mask] = e->next;
    if (e->next)
        e->next->prev = e->prev;
    e->in_table = false;
}

static bool stale(Cse *c, CseEntry *e) {
    return e->s->kind == S_READ && e->writes != c->writes[e->s->buf->id];
}

/* The newest available statement computing what s computes, or NULL. */
static Stmt *cse_find(Cse *c, Stmt *s, unsigned hash) {
    CseEntry *e = c->buckets[hash & c->mask];
    while (e) {
        CseEntry *next = e->next;
        if (stale(c, e))
            unlink_entry(c, e); /* stale for good: writes only grow */
        else if (e->hash == hash && same_value(e->s, s))
            return e->s;
        e = next;
    }
    return NULL;
}

static void cse_add(Cse *c, Stmt *s, unsigned hash) {
    CseEntry *e = arena_alloc(c->a, sizeof(CseEntry));
    e->s = s;
    e->hash = hash;
    e->writes = s->kind == S_READ ? c->writes[s->buf->id] : 0;
    CseEntry **head = &c->buckets[hash & c->mask];
    e->next = *head;
    if (*head)
        (*head)->prev = e;
    *head = e;
    e->in_table = true;
    vec_push(c->a, &c->scope, e);
}

static void cse_end_scope(Cse *c, int mark) {
    while (c->scope.len > mark)
        unlink_entry(c, c->scope.items[--c->scope.len]);
}

/* Counts a write to every array s writes (at any depth). */
static void forget_reads_written_by(Cse *c, Stmt *s) {
    if ((s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) &&
        s->buf)
        c->writes[s->buf->id]++;
    for (int i = 1; s->kind == S_HIST && i < 3; i++) /* an adjoint: it writes the adjoints */
        if (s->hist_rev[i])
            c->writes[s->hist_rev[i]->id]++;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            forget_reads_written_by(c, bodies[q]->stmts.items[i]);
}

static void cse_body(Cse *c, Body *b, Stmt *owner);

static void cse_header(Cse *c, Stmt *s) {
    stmt_visit_header(s, cse_subst, c);
    if (s->counter) { /* values computed before the loop, for index bounds */
        cse_subst(&s->counter->first, c);
        cse_subst(&s->counter->step, c);
        cse_subst(&s->counter->limit, c);
        cse_subst(&s->counter->trips, c);
    }
}

/* Returns false when s repeats an available value (and is dropped). */
static bool cse_stmt(Cse *c, Stmt *s) {
    cse_header(c, s);
    if ((s->kind == S_LET && !s->dst->is_mutable) || s->kind == S_READ) {
        unsigned hash = hash_value(s);
        Stmt *same = cse_find(c, s, hash);
        if (same) {
            c->subst[s->dst->id] = same->dst;
            return false;
        }
        cse_add(c, s, hash);
    }
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++) {
        if (!bodies[q])
            continue;
        cse_body(c, bodies[q], s);
        stmt_visit_tails(s, bodies[q], cse_subst, c);
    }
    if (s->kind == S_WRITE || s->kind == S_SCAN || s->kind == S_HIST || bodies[0] || bodies[2])
        forget_reads_written_by(c, s);
    return true;
}

static void cse_body(Cse *c, Body *b, Stmt *owner) {
    int mark = c->scope.len;
    if (owner && owner->body == b)
        forget_reads_written_by(c, owner);
    int k = 0;
    for (int i = 0; i < b->stmts.len; i++)
        if (cse_stmt(c, b->stmts.items[i]))
            b->stmts.items[k++] = b->stmts.items[i];
    b->stmts.len = k;
    cse_end_scope(c, mark);
}

void simplify_cse(Arena *a, Func *f) {
    Cse c = {.a = a};
    unsigned size = 64;
    for (int n = body_count_stmts(f->body); size < 2u * (unsigned)n;)
        size *= 2;
    c.buckets = xcalloc(size, sizeof(CseEntry *));
    c.mask = size - 1;
    c.subst = xcalloc((size_t)f->next_var_id + 1, sizeof(Var *));
    c.writes = xcalloc((size_t)f->next_buf_id + 1, sizeof(long));
    cse_body(&c, f->body, NULL);
    visit_param_lengths(f, cse_subst, &c);
    free(c.buckets);
    free(c.subst);
    free(c.writes);
}
