/* Dead-code elimination on generated code. Redundant execution re-emits a
 * scope's whole forward body before its adjoint; most of it (array reads the
 * adjoint does not need, values only the primal output used) is dead there.
 * Removing it is what makes a re-executed map or reduce cost no more than the
 * adjoint itself. Statements with effects (writes, accumulations, tape
 * operations, returns) stay; loops and ifs whose bodies empty out go. */
#include "rev.h"

#include <string.h>

typedef struct Live {
    int n;
    Arena *a;
} Live;

static unsigned char *live_new(Live *L) {
    return arena_alloc(L->a, (size_t)L->n + 1);
}

static void live_or(Live *L, unsigned char *into, const unsigned char *from) {
    for (int i = 0; i <= L->n; i++)
        into[i] |= from[i];
}

static void mark_use(Operand *o, void *ctx) {
    unsigned char *live = ctx;
    if (o->kind == OPD_VAR)
        live[o->var->id] = 1;
}

/* Operands a statement reads itself (not in nested bodies), leaving out a
 * mutable variable's reads of itself in `v = v + e`. */
static void mark_stmt_uses(Stmt *s, unsigned char *live) {
    if (s->kind == S_LET && s->dst && s->dst->is_mutable) {
        for (int i = 0; i < s->nargs; i++)
            if (!(s->args[i].kind == OPD_VAR && s->args[i].var == s->dst))
                mark_use(&s->args[i], live);
        return;
    }
    stmt_visit_operands(s, mark_use, live);
}

static void mark_all_uses(Body *b, unsigned char *live) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        mark_stmt_uses(s, live);
        mark_all_uses(s->then_body, live);
        mark_all_uses(s->else_body, live);
        mark_all_uses(s->body, live);
    }
}

static bool is_live(unsigned char *live, Var *v) {
    return v && live[v->id];
}

static bool body_empty(Body *b) {
    return !b || b->stmts.len == 0;
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
        return !stmt_writes_any(s);
    default:
        return false;
    }
}

static unsigned char *sweep_body(Live *L, Body *b, unsigned char *live_out, bool *changed);

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

/* A nested body: what is live at its end is what is live after the
 * statement, plus (for loops) whatever the body itself reads, since a later
 * iteration may read it. */
static unsigned char *sweep_nested(Live *L, Stmt *s, Body *body, unsigned char *live_after,
                                   bool *changed) {
    unsigned char *out = live_new(L);
    live_or(L, out, live_after);
    if (s->kind != S_IF && s->kind != S_BLOCK)
        mark_all_uses(body, out);
    mark_stmt_uses(s, out); /* yields, contributions and phi values */
    return sweep_body(L, body, out, changed);
}

static unsigned char *sweep_body(Live *L, Body *b, unsigned char *live_out, bool *changed) {
    unsigned char *live = live_new(L);
    live_or(L, live, live_out);
    int keep = b->stmts.len;
    for (int i = b->stmts.len - 1; i >= 0; i--) {
        Stmt *s = b->stmts.items[i];
        drop_dead_results(s, live, changed);
        Body *bodies[3] = {s->then_body, s->else_body, s->body};
        unsigned char *inner = live_new(L);
        for (int q = 0; q < 3; q++)
            if (bodies[q])
                live_or(L, inner, sweep_nested(L, s, bodies[q], live, changed));
        if (removable(s, live)) {
            b->stmts.items[i] = NULL;
            keep--;
            *changed = true;
            continue;
        }
        Var *defs[64];
        int n = stmt_defs(s, defs, 64);
        for (int k = 0; k < n; k++)
            if (!defs[k]->is_mutable || s->kind == S_DECL)
                live[defs[k]->id] = 0;
        mark_stmt_uses(s, live);
        live_or(L, live, inner);
    }
    int k = 0;
    for (int i = 0; i < b->stmts.len; i++)
        if (b->stmts.items[i])
            b->stmts.items[k++] = b->stmts.items[i];
    b->stmts.len = k;
    (void)keep;
    return live;
}

/* Bodies and statements are shared between the primal, the forward sweep
 * and re-executions; copy them so that renaming and sweeping one place
 * never changes another. */
static void unshare_body(Arena *a, Body **bp);

static PtrVec copy_items(Arena *a, PtrVec v, size_t size) {
    PtrVec out = {0};
    for (int i = 0; i < v.len; i++) {
        void *c = arena_alloc(a, size);
        memcpy(c, v.items[i], size);
        vec_push(a, &out, c);
    }
    return out;
}

static void unshare_body(Arena *a, Body **bp) {
    if (!*bp)
        return;
    Body *nb = body_new(a);
    for (int i = 0; i < (*bp)->stmts.len; i++) {
        Stmt *c = stmt_new(a, S_LET, (SrcLoc){0});
        *c = *(Stmt *)(*bp)->stmts.items[i];
        c->phis = copy_items(a, c->phis, sizeof(Phi));
        c->carried = copy_items(a, c->carried, sizeof(Carried));
        c->accums = copy_items(a, c->accums, sizeof(Accum));
        unshare_body(a, &c->then_body);
        unshare_body(a, &c->else_body);
        unshare_body(a, &c->body);
        body_append(a, nb, c);
    }
    *bp = nb;
}

/* Renaming: a re-executed statement binds the same variables as its first
 * execution; each binding gets its own variable here, so that later passes
 * and the emitter see one definition per variable. */
typedef struct Renamer {
    Arena *a;
    Func *f;
    unsigned char *seen;
    int nseen;
    PtrVec from, to; /* scoped substitution */
} Renamer;

static Var *lookup_var(Renamer *rn, Var *v) {
    for (int i = rn->from.len - 1; i >= 0; i--)
        if (rn->from.items[i] == v)
            return rn->to.items[i];
    return v;
}

static void subst_operand(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR)
        o->var = lookup_var(ctx, o->var);
}

static Var *bind_var(Renamer *rn, Var *v) {
    if (v->id >= rn->nseen)
        return v;
    /* Adjoints always get their own variable: their names follow their
     * primal's, which may have been renamed in this scope. */
    if (!rn->seen[v->id] && !v->primal) {
        rn->seen[v->id] = 1;
        vec_push(rn->a, &rn->from, v);
        vec_push(rn->a, &rn->to, v);
        return v;
    }
    Var *fresh = var_new(rn->a, rn->f, v->name, v->ty);
    fresh->is_mutable = v->is_mutable;
    fresh->active = v->active;
    fresh->primal = v->primal ? lookup_var(rn, v->primal) : NULL;
    vec_push(rn->a, &rn->from, v);
    vec_push(rn->a, &rn->to, fresh);
    return fresh;
}

static void rename_body(Renamer *rn, Body *b, Stmt *owner, bool tails);

static void rename_header(Renamer *rn, Stmt *s) {
    for (int i = 0; i < s->nargs; i++)
        subst_operand(&s->args[i], rn);
    for (int i = 0; i < s->nidx; i++)
        subst_operand(&s->idx[i], rn);
    subst_operand(&s->cond, rn);
    subst_operand(&s->lo, rn);
    subst_operand(&s->hi, rn);
    for (int i = 0; i < s->carried.len; i++)
        subst_operand(&((Carried *)s->carried.items[i])->init, rn);
    for (int i = 0; i < s->accums.len; i++)
        subst_operand(&((Accum *)s->accums.items[i])->init, rn);
}

/* Operands evaluated at the end of a nested body: phi values, loop yields,
 * reduce contributions. */
static void rename_tails(Renamer *rn, Stmt *s, Body *b) {
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        subst_operand(b == s->then_body ? &p->then_val : &p->else_val, rn);
    }
    for (int i = 0; i < s->carried.len; i++)
        subst_operand(&((Carried *)s->carried.items[i])->yield, rn);
    for (int i = 0; i < s->accums.len; i++)
        subst_operand(&((Accum *)s->accums.items[i])->contrib, rn);
}

static void rename_stmt(Renamer *rn, Stmt *s) {
    rename_header(rn, s);
    if (s->kind == S_LET && s->dst->is_mutable)
        s->dst = lookup_var(rn, s->dst); /* an update, not a binding */
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        if (bodies[q])
            rename_body(rn, bodies[q], s, true);
    if ((s->kind == S_LET && !s->dst->is_mutable) || s->kind == S_READ || s->kind == S_POP ||
        s->kind == S_DECL) {
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
    int mark = rn->from.len;
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
        rename_tails(rn, owner, b);
    rn->from.len = mark;
    rn->to.len = mark;
}

static void rename_function(Arena *a, Func *f) {
    Renamer rn = {.a = a, .f = f, .nseen = f->next_var_id};
    rn.seen = arena_alloc(a, (size_t)rn.nseen + 1);
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (p->var)
            bind_var(&rn, p->var);
    }
    rename_body(&rn, f->body, NULL, false);
}

static bool refers_to_var(Stmt *s, Var *v);

static bool body_refers_var(Body *b, Var *v) {
    for (int i = 0; b && i < b->stmts.len; i++)
        if (refers_to_var(b->stmts.items[i], v))
            return true;
    return false;
}

static void find_var(Operand *o, void *ctx) {
    Var **v = ctx;
    if (o->kind == OPD_VAR && o->var == *v)
        *v = NULL;
}

static bool refers_to_var(Stmt *s, Var *v) {
    Var *probe = v;
    stmt_visit_operands(s, find_var, &probe);
    if (!probe || s->dst == v)
        return true;
    return body_refers_var(s->then_body, v) || body_refers_var(s->else_body, v) ||
           body_refers_var(s->body, v);
}

/* `double v_b = 0; ... v_b += e;` becomes `double v_b = e;` where the first
 * use of v_b is that update: adjoints are declared where they get a value. */
static bool merge_one(Body *b, int i) {
    Stmt *s = b->stmts.items[i];
    if (s->kind != S_DECL || !s->dst || !opd_is_const(s->args[0], 0))
        return false;
    for (int j = i + 1; j < b->stmts.len; j++) {
        Stmt *t = b->stmts.items[j];
        if (!refers_to_var(t, s->dst))
            continue;
        bool update = t->kind == S_LET && t->dst == s->dst && t->op == OP_ADD &&
                      t->args[0].kind == OPD_VAR && t->args[0].var == s->dst &&
                      !(t->args[1].kind == OPD_VAR && t->args[1].var == s->dst);
        if (!update)
            return false;
        t->kind = S_DECL;
        t->nargs = 1;
        t->args[0] = t->args[1];
        memmove(&b->stmts.items[i], &b->stmts.items[i + 1],
                sizeof(void *) * (size_t)(b->stmts.len - i - 1));
        b->stmts.len--;
        return true;
    }
    return false;
}

static void merge_adjoint_decls(Body *b) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->then_body)
            merge_adjoint_decls(s->then_body);
        if (s->else_body)
            merge_adjoint_decls(s->else_body);
        if (s->body)
            merge_adjoint_decls(s->body);
    }
    for (int i = 0; i < b->stmts.len;)
        if (!merge_one(b, i))
            i++;
}

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
        changed |= drop_dead_pairs(s->then_body, live_pair) |
                   drop_dead_pairs(s->else_body, live_pair) | drop_dead_pairs(s->body, live_pair);
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
static bool drop_unneeded_tape(Arena *a, Func *f) {
    Live L = {.n = f->next_var_id, .a = a};
    unsigned char *used = live_new(&L);
    mark_all_uses(f->body, used);
    unsigned char *live_pair = live_new(&L);
    find_live_pairs(f->body, used, live_pair, L.n + 1);
    return drop_dead_pairs(f->body, live_pair);
}

void simplify_dead_code(Arena *a, Func *f) {
    unshare_body(a, &f->body);
    rename_function(a, f);
    Live L = {.n = f->next_var_id, .a = a};
    bool changed = true;
    while (changed) {
        changed = false;
        sweep_body(&L, f->body, live_new(&L), &changed);
        if (!changed)
            changed = drop_unneeded_tape(a, f);
    }
    merge_adjoint_decls(f->body);
}

/* ---- common subexpressions ---- */
/* Value numbering over the lifted function: a pure let or an array read
 * that repeats an earlier one in scope is replaced by it. `x[idx[i]] *
 * x[idx[i]]` then reads once, and its adjoint accumulates once. A read is
 * available until a write to its array; entering a loop forgets the reads
 * of arrays the loop writes. */
typedef struct Cse {
    Arena *a;
    PtrVec avail; /* Stmt* in scope */
    PtrVec from, to;
} Cse;

static void cse_subst(Operand *o, void *ctx) {
    Cse *c = ctx;
    if (o->kind != OPD_VAR)
        return;
    for (int i = c->from.len - 1; i >= 0; i--)
        if (c->from.items[i] == o->var) {
            *o = opd_var(c->to.items[i]);
            return;
        }
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
    return s->op == t->op && s->fn == t->fn && s->nargs == t->nargs &&
           s->dst->ty.kind == t->dst->ty.kind && s->dst->ty.cname == t->dst->ty.cname &&
           same_operands(s->args, t->args, s->nargs);
}

static void forget_reads_written_by(Cse *c, int from, Stmt *writer) {
    int k = from;
    for (int i = from; i < c->avail.len; i++) {
        Stmt *t = c->avail.items[i];
        if (t->kind == S_READ && stmt_writes_buffer(writer, t->buf))
            continue;
        c->avail.items[k++] = t;
    }
    c->avail.len = k;
}

static void cse_body(Cse *c, Body *b, Stmt *owner);

static void cse_tails(Cse *c, Stmt *s, Body *b) {
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        cse_subst(b == s->then_body ? &p->then_val : &p->else_val, c);
    }
    for (int i = 0; i < s->carried.len; i++)
        cse_subst(&((Carried *)s->carried.items[i])->yield, c);
    for (int i = 0; i < s->accums.len; i++)
        cse_subst(&((Accum *)s->accums.items[i])->contrib, c);
}

static void cse_body(Cse *c, Body *b, Stmt *owner) {
    int scope = c->avail.len;
    if (owner && owner->body == b)
        forget_reads_written_by(c, 0, owner);
    int k = 0;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        /* header operands (not tails) */
        for (int q = 0; q < s->nargs; q++)
            cse_subst(&s->args[q], c);
        for (int q = 0; q < s->nidx; q++)
            cse_subst(&s->idx[q], c);
        cse_subst(&s->cond, c);
        cse_subst(&s->lo, c);
        cse_subst(&s->hi, c);
        for (int q = 0; q < s->carried.len; q++)
            cse_subst(&((Carried *)s->carried.items[q])->init, c);
        for (int q = 0; q < s->accums.len; q++)
            cse_subst(&((Accum *)s->accums.items[q])->init, c);
        if ((s->kind == S_LET && !s->dst->is_mutable) || s->kind == S_READ) {
            Stmt *same = NULL;
            for (int q = c->avail.len - 1; q >= 0 && !same; q--)
                if (same_value(c->avail.items[q], s))
                    same = c->avail.items[q];
            if (same) {
                vec_push(c->a, &c->from, s->dst);
                vec_push(c->a, &c->to, same->dst);
                continue; /* dropped */
            }
            vec_push(c->a, &c->avail, s);
        }
        Body *bodies[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++) {
            if (!bodies[q])
                continue;
            int mark = c->avail.len;
            cse_body(c, bodies[q], s);
            cse_tails(c, s, bodies[q]);
            c->avail.len = mark;
        }
        if (s->kind == S_WRITE || bodies[0] || bodies[2])
            forget_reads_written_by(c, 0, s);
        b->stmts.items[k++] = s;
    }
    b->stmts.len = k;
    c->avail.len = scope < c->avail.len ? scope : c->avail.len;
}

void simplify_cse(Arena *a, Func *f) {
    Cse c = {.a = a};
    cse_body(&c, f->body, NULL);
}
