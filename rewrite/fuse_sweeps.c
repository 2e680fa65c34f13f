/* A sequential loop's forward and adjoint as one loop.
 *
 * In a parallel loop's body, or anywhere, a sequential loop runs forward,
 * and its adjoint runs later, reversed, computing again what each
 * iteration computed (redundant execution): XSBench's loop over a
 * material's nuclides reads each nuclide's cross sections twice, the
 * second time from a cache the code between has cooled. Where the
 * adjoint of an iteration needs nothing the later iterations or the code
 * after the loop compute from the loop's results (a sum that is linear in
 * them: its seed is known before the loop), each iteration can run its
 * forward work and its adjoint at once, reading its inputs once:
 *
 *     for j: forward(j)               the seeds' statements
 *     ... the seeds' statements  ->   for j: forward(j); adjoint(j)
 *     for j reversed: adjoint(j)      ... the rest
 *
 * On generated code: a loop A and, later in the same body, a reversed
 * loop Y from the same source loop with the same trips, where
 *   - Y's iterations may run in any order: nothing carried, no tape, and
 *     all they change outside themselves are sums (x_b[k] += v into
 *     arrays Y does not read, s_b = s_b + v into scalars it reads nowhere
 *     else);
 *   - A and Y share nothing one writes and the other touches;
 *   - the statements between that Y depends on (its seeds), with those
 *     they depend on in turn, share nothing with A or with the statements
 *     between that they would move ahead of: they move before A; Y then
 *     shares nothing with those that stay.
 * Elsewhere the two loops stay (correct, slower). */
#include "rev.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Beyond these many statements between the loops, the question is left
 * unasked (the loops stay apart): it costs the product of both. */
#define BETWEEN_LIMIT 256

/* What statements touch: the arrays they read and change, the variables
 * they bind or set and those they read; `barrier` where their order
 * against anything matters (tape, calls with effects, scans,
 * histograms, returns). */
typedef struct Foot {
    PtrVec rd, wr, def, ref;
    bool barrier;
} Foot;

static void add_once(Arena *a, PtrVec *v, void *p) {
    if (p && !vec_contains(v, p))
        vec_push(a, v, p);
}

typedef struct RefCtx {
    Arena *a;
    Foot *f;
} RefCtx;

/* (a foot's sets collect with repeats, sorted and made unique once:
 * foot_of) */
static void add_to(Arena *a, PtrVec *v, void *p) {
    if (p)
        vec_push(a, v, p);
}

static void note_ref(Operand *o, void *ctx) {
    RefCtx *c = ctx;
    if (o->kind == OPD_VAR)
        add_to(c->a, &c->f->ref, o->var);
}

static void foot_body(Arena *a, Body *b, Foot *f);

static void foot_stmt(Arena *a, Stmt *s, Foot *f) {
    if (stmt_uses_tape(s) || s->kind == S_EFFECT || s->kind == S_RETURN || s->kind == S_SCAN ||
        s->kind == S_HIST)
        f->barrier = true;
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int k = 0; k < n; k++)
        add_to(a, &f->def, defs[k]);
    free(defs);
    if (s->kind == S_LET && s->dst->is_mutable)
        add_to(a, &f->def, s->dst);
    add_to(a, &f->def, s->index);
    for (int k = 0; k < s->carried.len; k++)
        add_to(a, &f->def, ((Carried *)s->carried.items[k])->param);
    RefCtx c = {a, f};
    stmt_visit_operands(s, note_ref, &c);
    switch (s->kind) {
    case S_READ:
        add_to(a, &f->rd, s->buf);
        break;
    case S_WRITE:
    case S_ACC:
    case S_DECL:
    case S_ALLOC:
    case S_FREE:
        add_to(a, &f->wr, s->buf);
        break;
    default:
        break;
    }
    foot_body(a, s->then_body, f);
    foot_body(a, s->else_body, f);
    foot_body(a, s->body, f);
}

static void foot_body(Arena *a, Body *b, Foot *f) {
    for (int i = 0; b && i < b->stmts.len; i++)
        foot_stmt(a, b->stmts.items[i], f);
}

static int by_address(const void *x, const void *y) {
    uintptr_t p = (uintptr_t) * (void *const *)x, q = (uintptr_t) * (void *const *)y;
    return (p > q) - (p < q);
}

static void sort_unique(PtrVec *v) {
    if (v->len < 2)
        return;
    qsort(v->items, (size_t)v->len, sizeof(void *), by_address);
    int n = 1;
    for (int i = 1; i < v->len; i++)
        if (v->items[i] != v->items[n - 1])
            v->items[n++] = v->items[i];
    v->len = n;
}

/* (its sets sorted by address: a large loop's meet two of them in one
 * walk, not one search per element) */
static Foot foot_of(Arena *a, Stmt *s) {
    Foot f = {0};
    foot_stmt(a, s, &f);
    sort_unique(&f.rd);
    sort_unique(&f.wr);
    sort_unique(&f.def);
    sort_unique(&f.ref);
    return f;
}

static bool meet(const PtrVec *x, const PtrVec *y) {
    for (int i = 0, j = 0; i < x->len && j < y->len;) {
        uintptr_t p = (uintptr_t)x->items[i], q = (uintptr_t)y->items[j];
        if (p == q)
            return true;
        i += p < q;
        j += q < p;
    }
    return false;
}

/* Whether x and y may not change places. */
static bool conflict(const Foot *x, const Foot *y) {
    return x->barrier || y->barrier || meet(&x->wr, &y->rd) || meet(&x->wr, &y->wr) ||
           meet(&x->rd, &y->wr) || meet(&x->def, &y->ref) || meet(&x->def, &y->def) ||
           meet(&x->ref, &y->def);
}

/* ---- iterations in any order ---- */
static void declared_in(Arena *a, Body *b, PtrVec *vars, PtrVec *bufs) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_DECL || s->kind == S_ALLOC) {
            add_once(a, vars, s->dst);
            add_once(a, bufs, s->buf);
        }
        declared_in(a, s->then_body, vars, bufs);
        declared_in(a, s->else_body, vars, bufs);
        declared_in(a, s->body, vars, bufs);
    }
}

typedef struct Outside {
    Arena *a;
    PtrVec vars, bufs;         /* declared inside the loop's body */
    PtrVec summed, other, set; /* outer scalars: summed into, read, set otherwise */
    PtrVec acc, read, written; /* outer arrays: accumulated into, read, written */
} Outside;

static void note_outer_read(Operand *o, void *ctx) {
    Outside *w = ctx;
    if (o->kind == OPD_VAR && o->var->is_mutable && !vec_contains(&w->vars, o->var))
        add_once(w->a, &w->other, o->var);
}

static void outside_effects(Outside *w, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool sum = s->kind == S_LET && s->dst->is_mutable && s->op == OP_ADD && s->nargs == 2 &&
                   s->args[0].kind == OPD_VAR && s->args[0].var == s->dst;
        if (sum && !vec_contains(&w->vars, s->dst)) {
            add_once(w->a, &w->summed, s->dst);
            note_outer_read(&s->args[1], w);
        } else {
            if (s->kind == S_LET && s->dst->is_mutable && !vec_contains(&w->vars, s->dst))
                add_once(w->a, &w->set, s->dst);
            stmt_visit_operands(s, note_outer_read, w);
        }
        if (s->buf && !vec_contains(&w->bufs, s->buf)) {
            if (s->kind == S_ACC && s->acc_op == RED_ADD)
                add_once(w->a, &w->acc, s->buf);
            else if (s->kind == S_READ)
                add_once(w->a, &w->read, s->buf);
            else
                add_once(w->a, &w->written, s->buf);
        }
        outside_effects(w, s->then_body);
        outside_effects(w, s->else_body);
        outside_effects(w, s->body);
    }
}

/* A loop of a few trips, known: its lanes would gain little. */
#define FEW_TRIPS 16
static bool few_trips(const Stmt *l) {
    return l->lo.kind == OPD_CONST && l->hi.kind == OPD_CONST && !type_is_float(l->lo.ty) &&
           l->hi.ival - l->lo.ival <= FEW_TRIPS;
}

/* Y's iterations may run in any order: each changes outside itself only
 * sums that no iteration reads. A loop summing into scalars, of more
 * than a few trips, stays apart: alone it runs as vector lanes (simd.c),
 * which a loop with the forward's writes cannot. */
static bool order_free(Arena *a, Stmt *y, const Foot *fy) {
    if (!is_counted_loop(y) || y->carried.len || fy->barrier)
        return false;
    Outside w = {.a = a};
    declared_in(a, y->body, &w.vars, &w.bufs);
    outside_effects(&w, y->body);
    return !w.set.len && !w.written.len && (few_trips(y) || !w.summed.len) &&
           !meet(&w.summed, &w.other) && !meet(&w.acc, &w.read);
}

/* ---- the statements between ---- */
/* Marks in up[] (by position after a) the statements between a and y
 * that y depends on, and those they depend on; false where one of them
 * cannot move before a or ahead of those that stay. */
static bool seeds_move(int ia, int iy, Foot *feet, bool *up) {
    Foot *fa = &feet[0], *fy = &feet[iy - ia];
    for (int k = ia + 1; k < iy; k++)
        up[k - ia] = conflict(&feet[k - ia], fy);
    for (int k = iy - 1; k > ia; k--) /* later ones first: what they need is earlier */
        for (int m = ia + 1; up[k - ia] && m < k; m++)
            up[m - ia] |= conflict(&feet[m - ia], &feet[k - ia]);
    for (int k = ia + 1; k < iy; k++) {
        if (!up[k - ia])
            continue;
        if (conflict(&feet[k - ia], fa))
            return false;
        for (int m = ia + 1; m < k; m++)
            if (!up[m - ia] && conflict(&feet[m - ia], &feet[k - ia]))
                return false;
    }
    return true;
}

static bool same_loop(const Stmt *x, const Stmt *y) {
    return x->loc.line == y->loc.line && x->loc.col == y->loc.col && opd_equal(x->lo, y->lo) &&
           opd_equal(x->hi, y->hi) && x->index->ty.kind == y->index->ty.kind;
}

/* ---- what the adjoint's iteration computes again ----
 * In the fused body the adjoint's iteration recomputes what the forward's
 * just computed (its index, the values it read): each such statement is
 * dropped and its variables read as the earlier one's. Pure statements
 * only: lets, reads of arrays the loop does not write, ifs of them. */
typedef struct Share {
    Operand *as; /* per variable id: the variable it is read as, or none */
    int nvars;
    PtrVec trail;        /* Var*: mapped while matching, unmapped if it fails */
    unsigned char *gone; /* per variable id: bound by a statement dropped */
    PtrVec written;
    Arena *a;
} Share;

static Operand mapped(Share *sh, Operand o) {
    if (o.kind == OPD_VAR && o.var->id < sh->nvars && sh->as[o.var->id].kind != OPD_NONE)
        return sh->as[o.var->id];
    return o;
}

static bool same_opd(Share *sh, Operand x, Operand y) {
    return opd_equal(mapped(sh, x), mapped(sh, y)) &&
           !(x.kind == OPD_VAR && mapped(sh, x).var->is_mutable);
}

static bool map_var(Share *sh, Var *from, Var *to) {
    if (from->id >= sh->nvars || from->ty.kind != to->ty.kind ||
        strcmp(type_cname(from->ty), type_cname(to->ty)) || from->is_mutable || to->is_mutable)
        return false;
    sh->as[from->id] = opd_var(to);
    vec_push(sh->a, &sh->trail, from);
    return true;
}

static bool same_stmt(Share *sh, Stmt *x, Stmt *y);

static bool same_body(Share *sh, Body *x, Body *y) {
    if (!x || !y)
        return x == y;
    if (x->stmts.len != y->stmts.len)
        return false;
    for (int i = 0; i < x->stmts.len; i++)
        if (!same_stmt(sh, x->stmts.items[i], y->stmts.items[i]))
            return false;
    return true;
}

/* y computes what x computed (y's variables then map to x's) */
static bool same_stmt(Share *sh, Stmt *x, Stmt *y) {
    if (x->kind != y->kind)
        return false;
    switch (x->kind) {
    case S_COMMENT:
        return true;
    case S_LET:
        if (x->op != y->op || x->nargs != y->nargs || x->op >= OP_UOP ||
            (x->op == OP_CALL && x->fn != y->fn))
            return false;
        for (int k = 0; k < x->nargs; k++)
            if (!same_opd(sh, x->args[k], y->args[k]))
                return false;
        return map_var(sh, y->dst, x->dst);
    case S_READ:
        if (x->buf != y->buf || x->nidx != y->nidx || vec_contains(&sh->written, x->buf))
            return false;
        for (int k = 0; k < x->nidx; k++)
            if (!same_opd(sh, x->idx[k], y->idx[k]))
                return false;
        return map_var(sh, y->dst, x->dst);
    case S_IF:
        if (!same_opd(sh, x->cond, y->cond) || x->phis.len != y->phis.len ||
            !same_body(sh, x->then_body, y->then_body) ||
            !same_body(sh, x->else_body, y->else_body))
            return false;
        for (int k = 0; k < x->phis.len; k++) {
            Phi *px = x->phis.items[k], *py = y->phis.items[k];
            if (!same_opd(sh, px->then_val, py->then_val) ||
                !same_opd(sh, px->else_val, py->else_val) || !map_var(sh, py->dst, px->dst))
                return false;
        }
        return true;
    default:
        return false;
    }
}

static void read_as_mapped(Operand *o, void *ctx) {
    *o = mapped(ctx, *o);
}

static void map_operands(Share *sh, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, read_as_mapped, sh);
        map_operands(sh, s->then_body);
        map_operands(sh, s->else_body);
        map_operands(sh, s->body);
    }
}

static void written_in(Arena *a, Body *b, PtrVec *out) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->buf && s->kind != S_READ)
            add_once(a, out, s->buf);
        written_in(a, s->then_body, out);
        written_in(a, s->else_body, out);
        written_in(a, s->body, out);
    }
}

static void map_copies(Share *sh, Stmt *s) {
    if (s->kind == S_LET && s->op == OP_COPY && s->args[0].kind == OPD_VAR &&
        !s->args[0].var->is_mutable)
        map_var(sh, s->dst, mapped(sh, s->args[0]).var);
    for (int i = 0; s->then_body && i < s->then_body->stmts.len; i++)
        map_copies(sh, s->then_body->stmts.items[i]);
    for (int i = 0; s->else_body && i < s->else_body->stmts.len; i++)
        map_copies(sh, s->else_body->stmts.items[i]);
}

static void defs_in(Arena *a, Stmt *s, PtrVec *out) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int k = 0; k < n; k++)
        vec_push(a, out, defs[k]);
    free(defs);
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            defs_in(a, bodies[q]->stmts.items[i], out);
}

/* The forward's variable of v's name, if any (the adjoint of the value
 * the forward computed, whose copy in the adjoint went). */
static Var *forward_named(const PtrVec *forward, const Var *v) {
    for (int i = 0; i < forward->len; i++) {
        Var *f = forward->items[i];
        if (!strcmp(f->name, v->name) && !f->primal)
            return f;
    }
    return NULL;
}

/* An adjoint is named after its primal (x_b): one whose primal went, or
 * is bound nowhere in the loop (the source's variable, whose copy the
 * adjoint computed), is named after the forward's variable in its place.
 * `forward` and `all`: the variables the loop's forward part and the
 * whole loop bind. */
static void rename_adjoints(Share *sh, Stmt *s, const PtrVec *forward, const PtrVec *all) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int k = 0; k < n; k++) {
        Var *p = defs[k]->primal, *f;
        if (p && p->id < sh->nvars && sh->gone[p->id])
            defs[k]->primal = mapped(sh, opd_var(p)).var;
        else if (p && !vec_contains(all, p) && (f = forward_named(forward, p)))
            defs[k]->primal = f;
    }
    free(defs);
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            rename_adjoints(sh, bodies[q]->stmts.items[i], forward, all);
}

/* Drops the statements of b from position `from` on that compute again
 * what one before them computed. */
static void share_recomputation(Arena *a, Func *f, Body *b, int from) {
    Share sh = {.nvars = f->next_var_id, .a = a};
    sh.as = xcalloc((size_t)sh.nvars + 1, sizeof(Operand));
    sh.gone = xcalloc((size_t)sh.nvars + 1, 1);
    written_in(a, b, &sh.written);
    /* the forward's copies read as what they copy, for comparisons */
    for (int i = 0; i < from; i++)
        map_copies(&sh, b->stmts.items[i]);
    int n = from;
    for (int i = from; i < b->stmts.len; i++) {
        Stmt *y = b->stmts.items[i];
        Body one = {.stmts = {(void **)&y, 1, 1}};
        map_operands(&sh, &one);
        bool dup = false;
        for (int k = 0; !dup && k < n; k++) {
            sh.trail.len = 0;
            dup = y->kind != S_COMMENT && same_stmt(&sh, b->stmts.items[k], y);
            for (int t = 0; !dup && t < sh.trail.len; t++)
                sh.as[((Var *)sh.trail.items[t])->id] = opd_none();
        }
        /* (a copy of a variable: read as that variable) */
        sh.trail.len = dup ? sh.trail.len : 0;
        if (!dup && y->kind == S_LET && y->op == OP_COPY && y->args[0].kind == OPD_VAR &&
            !y->args[0].var->is_mutable)
            dup = map_var(&sh, y->dst, mapped(&sh, y->args[0]).var);
        if (!dup)
            b->stmts.items[n++] = y;
        for (int t = 0; dup && t < sh.trail.len; t++)
            sh.gone[((Var *)sh.trail.items[t])->id] = 1;
    }
    b->stmts.len = n;
    PtrVec forward = {0}, all = {0};
    for (int i = 0; i < b->stmts.len; i++)
        defs_in(a, b->stmts.items[i], i < from ? &forward : &all);
    for (int i = 0; i < forward.len; i++)
        vec_push(a, &all, forward.items[i]);
    for (int i = from; i < b->stmts.len; i++)
        rename_adjoints(&sh, b->stmts.items[i], &forward, &all);
    free(sh.as);
    free(sh.gone);
}

static bool fuse_body(Arena *a, Func *f, Body *b);

/* The loop at ia and the reversed one at iy as one; true if they could. */
static bool fuse_pair(Arena *a, Func *f, Body *b, int ia, int iy) {
    Stmt *x = b->stmts.items[ia], *y = b->stmts.items[iy];
    int n = iy - ia + 1;
    Foot *feet = arena_alloc(a, sizeof(Foot) * (size_t)n);
    for (int k = 0; k < n; k++)
        feet[k] = foot_of(a, b->stmts.items[ia + k]);
    bool *up = arena_alloc(a, sizeof(bool) * (size_t)n);
    /* (a forward carrying scalars, a sum in order, stays apart: its
     * adjoint's lanes run faster beside it than one loop of both) */
    if (x->carried.len || !order_free(a, y, &feet[n - 1]) || conflict(&feet[0], &feet[n - 1]) ||
        !seeds_move(ia, iy, feet, up))
        return false;
    Stmt *fused = stmt_new(a, S_LOOP, x->loc);
    *fused = *x;
    fused->note = "forward and adjoint in one loop";
    fused->body = body_new(a);
    for (int i = 0; i < x->body->stmts.len; i++)
        body_append(a, fused->body, x->body->stmts.items[i]);
    /* the adjoint's iteration j after the forward's: its index bound again */
    Stmt *at = stmt_new(a, S_LET, y->loc);
    at->dst = y->index;
    at->op = OP_COPY;
    at->nargs = 1;
    at->args[0] = opd_var(x->index);
    body_append(a, fused->body, at);
    for (int i = 0; i < y->body->stmts.len; i++)
        body_append(a, fused->body, y->body->stmts.items[i]);
    share_recomputation(a, f, fused->body, x->body->stmts.len);
    fuse_body(a, f, fused->body); /* their inner loops, now side by side */
    /* the seeds, the fused loop, then the rest in their order */
    PtrVec order = {0};
    for (int k = 1; k < n - 1; k++)
        if (up[k])
            vec_push(a, &order, b->stmts.items[ia + k]);
    vec_push(a, &order, fused);
    for (int k = 1; k < n - 1; k++)
        if (!up[k])
            vec_push(a, &order, b->stmts.items[ia + k]);
    /* (one statement fewer: y is in the fused loop) */
    for (int k = 0; k < order.len; k++)
        b->stmts.items[ia + k] = order.items[k];
    memmove(b->stmts.items + ia + order.len, b->stmts.items + iy + 1,
            sizeof(void *) * (size_t)(b->stmts.len - iy - 1));
    b->stmts.len--;
    return true;
}

/* The first reversed loop after position ia that is the adjoint of the
 * loop there, within BETWEEN_LIMIT statements; -1 where none is. */
static int adjoint_after(Body *b, int ia) {
    Stmt *x = b->stmts.items[ia];
    for (int k = ia + 1; k < b->stmts.len && k <= ia + BETWEEN_LIMIT; k++) {
        Stmt *y = b->stmts.items[k];
        if (y->kind == S_LOOP && y->reversed && same_loop(x, y))
            return k;
    }
    return -1;
}

static bool fuse_body(Arena *a, Func *f, Body *b) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        changed |= fuse_body(a, f, s->then_body) | fuse_body(a, f, s->else_body) |
                   fuse_body(a, f, s->body);
        if (!is_counted_loop(s) || s->reversed)
            continue;
        int k = adjoint_after(b, i);
        if (k > 0 && fuse_pair(a, f, b, i, k))
            changed = true;
    }
    return changed;
}

bool fuse_loop_sweeps(Arena *a, Func *f) {
    return fuse_body(a, f, f->body);
}
