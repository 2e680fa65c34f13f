/* The arithmetic of indices, made cheap for the loops that run it.
 *
 * ---- Range checks of histogram keys, hoisted out of inner loops ----
 *
 * The forward sweep checks every bin a histogram updates (pg_bin_check: a
 * key out of range stops the gradient with a message instead of
 * corrupting memory). A histogram of rows updates h[k + j] for j over a
 * row, and a check per element costs as much as the update itself (a
 * fifth of hist_vmin10's gradient). Where the bin is an affine function of
 * the inner loop's index j (k + j, 10 * k + j, k - j: j once, through
 * +, -, negation, a product with what does not depend on j, widening
 * casts; what does not depend on j computed any way, or read from an
 * array the loop does not write), its values over the
 * loop lie between those at the first and the last iteration, so checking
 * those two before the loop checks them all.
 *
 * Only checks that every iteration runs move: at the top level of the
 * body of a counted loop (not a while loop) that cannot end early (no
 * return in it), with the bin computed by lets at that top level from j
 * and values bound outside the loop. Signed integer arithmetic only: an
 * unsigned one wraps, and the ends would no longer bound it.
 *
 * ---- Spans of partial-sum updates ----
 *
 * An atomic + update affine in the index of its loop the same way (at the
 * top of the body, from lets only: a read at the first or last index
 * might be out of bounds where the loop does not run) gets its index at
 * the first and last iteration (Stmt.span: AccSpan). Where
 * the threads add into partial sums of the array (emit_par.c), they are
 * grown once to the span before the loop, which then updates them plainly
 * (vector lanes: k-means' C_b[c * d + j], 2.2x -> 1.4x the primal at 2
 * threads); a map in a parallel loop runs as a loop and gets them too. */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

typedef struct Hoist {
    Arena *a;
    Func *f;
    Stmt **def;   /* by variable id: its let at the top level of the loop's body */
    bool *needed; /* by variable id: in the chain of the check being hoisted */
    int cap;      /* of both */
    Stmt *loop;   /* the loop whose checks move */
    PtrVec reads; /* Stmt*: the reads copied for the check being moved */
} Hoist;

/* A table by variable id grown from old to n entries, the new zeroed. */
static void *grown(void *table, int old, int n, size_t size) {
    table = xrealloc(table, (size_t)n * size);
    memset((char *)table + (size_t)old * size, 0, (size_t)(n - old) * size);
    return table;
}

/* The copies of hoisted checks bind new variables: the tables follow. */
static void fit(Hoist *h) {
    int n = h->f->next_var_id + 1;
    if (n <= h->cap)
        return;
    h->def = grown(h->def, h->cap, n, sizeof(Stmt *));
    h->needed = grown(h->needed, h->cap, n, sizeof(bool));
    h->cap = n;
}

static bool returns(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_RETURN || returns(s->then_body) || returns(s->else_body) ||
            returns(s->body))
            return true;
    }
    return false;
}

static bool signed_int(Type t) {
    return t.kind == TY_INT && !type_is_unsigned(t);
}

/* How often j occurs in o's value (through the lets of the chain), or -1
 * where o is not affine in j or depends on what the loop computes
 * otherwise. Marks the chain's lets as needed. */
static int occurrences(Hoist *h, Operand o, Var *j) {
    if (o.kind != OPD_VAR)
        return 0;
    if (o.var == j)
        return 1;
    if (o.var->is_mutable)
        return -1;
    Stmt *d = h->def[o.var->id];
    if (!d)
        return 0; /* bound before the loop */
    if (d == (Stmt *)h || !signed_int(d->dst->ty))
        return -1;
    if (d->kind == S_READ) { /* key[i]: the same in every iteration, if nothing writes key */
        for (int k = 0; k < d->nidx; k++)
            if (occurrences(h, d->idx[k], j) != 0)
                return -1;
        if (body_writes_buffer(h->loop->body, d->buf))
            return -1;
        h->needed[o.var->id] = true;
        return 0;
    }
    if (d->op > OP_SELECT && d->op != OP_CAST)
        return -1; /* calls: copied only where they must be */
    int n[3] = {0, 0, 0};
    for (int k = 0; k < d->nargs; k++) {
        n[k] = occurrences(h, d->args[k], j);
        if (n[k] < 0)
            return -1;
    }
    bool affine = n[0] + n[1] + n[2] == 0; /* the same in every iteration */
    switch (d->op) {
    case OP_COPY:
    case OP_NEG:
    case OP_ADD:
    case OP_SUB:
        affine = true;
        break;
    case OP_MUL:
        affine |= n[0] == 0 || n[1] == 0;
        break;
    case OP_CAST:
        affine |= (d->args[0].ty.kind != TY_INT || d->cast_exact ||
                   widening_int_cast(d->args[0].ty, d->dst->ty) ||
                   strcmp(type_cname(d->args[0].ty), type_cname(d->dst->ty)) == 0) &&
                  signed_int(d->args[0].ty);
        break;
    default:
        break;
    }
    if (!affine)
        return -1;
    h->needed[o.var->id] = true;
    return n[0] + n[1] + n[2];
}

/* The value of chain variable v in a copy (j bound to at): vals[k] for the
 * chain's k-th let. */
static Operand value_in_copy(Body *chain, Operand *vals, Var *j, Operand at, Operand o) {
    if (o.kind != OPD_VAR)
        return o;
    if (o.var == j)
        return at;
    for (int k = 0; k < chain->stmts.len; k++)
        if (((Stmt *)chain->stmts.items[k])->dst == o.var)
            return vals[k];
    return o;
}

/* s's read with j bound to at, into out; the first and the last
 * iteration's checks read key[i] once. */
static Operand read_in_copy(Hoist *h, Body *chain, Operand *vals, Var *j, Operand at, Stmt *s,
                            Body *out) {
    Stmt *rd = stmt_new(h->a, S_READ, s->loc);
    *rd = *s;
    for (int q = 0; q < s->nidx; q++)
        rd->idx[q] = value_in_copy(chain, vals, j, at, s->idx[q]);
    for (int i = 0; i < h->reads.len; i++) {
        Stmt *t = h->reads.items[i];
        bool same = t->buf == rd->buf && t->nidx == rd->nidx;
        for (int q = 0; same && q < rd->nidx; q++)
            same = opd_equal(t->idx[q], rd->idx[q]);
        if (same)
            return opd_var(t->dst);
    }
    rd->dst = var_new(h->a, h->f, s->dst->name, s->dst->ty);
    body_append(h->a, out, rd);
    vec_push(h->a, &h->reads, rd);
    return opd_var(rd->dst);
}

/* The chain's lets (all but its last statement) computed again into out
 * with j bound to at, folding what becomes constant (k + 0 is k): their
 * values, by position in the chain (the caller frees them). */
static Operand *chain_at(Hoist *h, Body *chain, Var *j, Operand at, Body *out) {
    int n = chain->stmts.len;
    Operand *vals = xcalloc((size_t)n, sizeof(Operand));
    Builder bd = {h->a, h->f, out, ((Stmt *)chain->stmts.items[n - 1])->loc};
    for (int k = 0; k < n - 1; k++) {
        Stmt *s = chain->stmts.items[k];
        if (s->kind == S_READ) {
            vals[k] = read_in_copy(h, chain, vals, j, at, s, out);
            continue;
        }
        Operand x = value_in_copy(chain, vals, j, at, s->args[0]);
        Operand y = s->nargs > 1 ? value_in_copy(chain, vals, j, at, s->args[1]) : opd_none();
        Operand z = s->nargs > 2 ? value_in_copy(chain, vals, j, at, s->args[2]) : opd_none();
        vals[k] = s->op == OP_COPY     ? x
                  : s->op == OP_NEG    ? b_neg(&bd, x)
                  : s->op == OP_ADD    ? b_add(&bd, x, y)
                  : s->op == OP_SUB    ? b_sub(&bd, x, y)
                  : s->op == OP_MUL    ? b_mul(&bd, x, y)
                  : s->op == OP_CAST   ? b_cast(&bd, s->dst->ty, x)
                  : s->op == OP_SELECT ? b_select(&bd, x, y, z)
                                       : b_op(&bd, s->op, s->dst->ty, x, y);
    }
    return vals;
}

/* The check computed again into out with j bound to at; the copy is a
 * call of its own (simplify.c keeps one of the copies of each). */
static void check_at(Hoist *h, Body *chain, Var *j, Operand at, Body *out) {
    Stmt *check = chain->stmts.items[chain->stmts.len - 1];
    Operand *vals = chain_at(h, chain, j, at, out);
    Operand idx =
        value_in_copy(chain, vals, j, at, ((EffectArg *)check->effect_args.items[0])->val);
    Operand len = ((EffectArg *)check->effect_args.items[1])->val;
    if (idx.kind == OPD_CONST && len.kind == OPD_CONST && !type_is_float(idx.ty) && idx.ival >= 0 &&
        idx.ival < len.ival) {
        free(vals); /* a bin known in range: nothing to check */
        return;
    }
    Stmt *c = stmt_new(h->a, S_EFFECT, check->loc);
    c->text = check->text;
    c->effect_id = h->f->next_effect_id++;
    for (int k = 0; k < check->effect_args.len; k++) {
        EffectArg *ea = arena_alloc(h->a, sizeof(EffectArg));
        *ea = *(EffectArg *)check->effect_args.items[k];
        if (!ea->text)
            ea->val = value_in_copy(chain, vals, j, at, ea->val);
        vec_push(h->a, &c->effect_args, ea);
    }
    body_append(h->a, out, c);
    free(vals);
}

/* Appends to pre: if (lo < hi) { check at lo; check at hi - 1 }, the if
 * left out where the loop certainly runs. False where it never does. */
static bool hoist(Hoist *h, Stmt *loop, Stmt *check, Body *chain, Body *pre) {
    Builder bd = {h->a, h->f, pre, check->loc};
    h->reads.len = 0;
    Operand runs = b_cmp(&bd, OP_LT, loop->lo, loop->hi);
    if (runs.kind == OPD_CONST && !runs.ival)
        return false;
    Body *checks = body_new(h->a);
    Body *then = checks;
    if (runs.kind != OPD_CONST) {
        Stmt *c = stmt_new(h->a, S_IF, check->loc);
        c->cond = runs;
        c->then_body = then = body_new(h->a);
        c->else_body = body_new(h->a);
        body_append(h->a, checks, c);
    }
    Var *j = loop->index;
    check_at(h, chain, j, loop->lo, then);
    Builder tb = {h->a, h->f, then, check->loc};
    Operand last =
        loop->hi.kind == OPD_CONST ? opd_int(loop->hi.ival - 1) : b_sub(&tb, loop->hi, opd_int(1));
    check_at(h, chain, j, b_cast(&tb, j->ty, last), then);
    fit(h);
    bool any = false; /* bins known in range leave no check */
    for (int i = 0; i < then->stmts.len; i++)
        any |= ((Stmt *)then->stmts.items[i])->kind == S_EFFECT;
    if (any)
        b_comment(&bd, arena_printf(h->a,
                                    "the bins of every iteration of the loop below, checked at "
                                    "its first and last (the bin moves one way with %s)",
                                    loop->index->name));
    for (int i = 0; any && i < checks->stmts.len; i++)
        body_append(h->a, pre, checks->stmts.items[i]);
    return true;
}

static void remove_at(Body *b, int i) {
    memmove(b->stmts.items + i, b->stmts.items + i + 1,
            (size_t)(b->stmts.len - i - 1) * sizeof(void *));
    b->stmts.len--;
}

/* Can check s, at position i of the loop's body, move before the loop?
 * Gathers the lets it needs into chain, followed by s. */
static bool movable_check(Hoist *h, Stmt *loop, int i, Stmt *s, Body *chain) {
    EffectArg *idx = s->effect_args.items[0], *len = s->effect_args.items[1];
    bool len_outside = len->text || len->val.kind != OPD_VAR || !h->def[len->val.var->id];
    Body *b = loop->body;
    bool ok = !idx->text && len_outside && occurrences(h, idx->val, loop->index) == 1;
    for (int k = 0; k < i; k++) {
        Stmt *t = b->stmts.items[k];
        bool value = t->kind == S_LET || t->kind == S_READ;
        if (value && h->needed[t->dst->id] && ok)
            body_append(h->a, chain, t);
        if (value)
            h->needed[t->dst->id] = false;
    }
    body_append(h->a, chain, s);
    return ok;
}

/* Can the span of accumulation s, at position i of the loop's body, be
 * computed before the loop? Its index affine in j, once, from lets only
 * (a read at the first or last index might be out of bounds where the
 * loop does not run); gathers them into chain, followed by s. */
static bool spannable_update(Hoist *h, Stmt *loop, int i, Stmt *s, Body *chain) {
    if (s->kind != S_ACC || s->acc != ACC_ATOMIC || s->acc_op != RED_ADD || s->nidx != 1 ||
        !partial_sums_fit(s->buf))
        return false;
    bool ok = occurrences(h, s->idx[0], loop->index) == 1;
    for (int k = 0; k < i; k++) {
        Stmt *t = loop->body->stmts.items[k];
        bool value = t->kind == S_LET || t->kind == S_READ;
        if (value && h->needed[t->dst->id] && ok) {
            ok = t->kind == S_LET;
            body_append(h->a, chain, t);
        }
        if (value)
            h->needed[t->dst->id] = false;
    }
    body_append(h->a, chain, s);
    return ok;
}

static void note_live(Operand *o, void *ctx) {
    Hoist *h = ((void **)ctx)[0];
    PtrVec *live = ((void **)ctx)[1];
    if (o->kind == OPD_VAR && !vec_contains(live, o->var))
        vec_push(h->a, live, o->var);
}

/* Drops the lets of pre that neither end value uses (the chain is
 * computed whole at both ends; each end needs only its own part): no
 * unused variable in the output */
static void prune_span(Hoist *h, Body *pre, Operand first, Operand last) {
    PtrVec live = {0};
    void *ctx[2] = {h, &live};
    note_live(&first, ctx);
    note_live(&last, ctx);
    int k = pre->stmts.len;
    bool *keep = xcalloc((size_t)k + 1, sizeof(bool));
    for (int i = k - 1; i >= 0; i--) {
        Stmt *t = pre->stmts.items[i];
        keep[i] = t->kind != S_LET || vec_contains(&live, t->dst);
        if (keep[i])
            stmt_visit_operands(t, note_live, ctx);
    }
    int n = 0;
    for (int i = 0; i < k; i++)
        if (keep[i])
            pre->stmts.items[n++] = pre->stmts.items[i];
    pre->stmts.len = n;
    free(keep);
}

/* s's index at the loop's first and last iteration, computed by lets of
 * s->span->pre (emitted before the loop, where used: emit_par.c) */
static void span_update(Hoist *h, Stmt *loop, Stmt *s, Body *chain) {
    Var *j = loop->index;
    AccSpan *sp = s->span = arena_alloc(h->a, sizeof(AccSpan));
    sp->pre = body_new(h->a);
    Operand *vals = chain_at(h, chain, j, loop->lo, sp->pre);
    sp->first = value_in_copy(chain, vals, j, loop->lo, s->idx[0]);
    free(vals);
    Builder bd = {h->a, h->f, sp->pre, s->loc};
    Operand last =
        loop->hi.kind == OPD_CONST ? opd_int(loop->hi.ival - 1) : b_sub(&bd, loop->hi, opd_int(1));
    last = b_cast(&bd, j->ty, last);
    vals = chain_at(h, chain, j, last, sp->pre);
    sp->last = value_in_copy(chain, vals, j, last, s->idx[0]);
    free(vals);
    prune_span(h, sp->pre, sp->first, sp->last);
    fit(h);
}

static void atomic_updates(Body *b, PtrVec *out, Arena *a);

/* A thread's partial sums grow (move) where an update needs it: a span
 * holds only where every update of the array in the loop, at any depth,
 * is one of its body's with a span. A loop is emitted twice where it has
 * spans (with and without): one around a loop with spans of its own
 * would make four copies of that one, so the innermost keep theirs. */
static void keep_whole_spans(Stmt *loop) {
    PtrVec accs = {0};
    Arena a = {0};
    atomic_updates(loop->body, &accs, &a);
    bool inner = false;
    for (int k = 0; k < accs.len; k++) {
        Stmt *t = accs.items[k];
        inner |= t->span && !vec_contains(&loop->body->stmts, t);
    }
    for (int i = 0; i < loop->body->stmts.len; i++) {
        Stmt *s = loop->body->stmts.items[i];
        for (int k = 0; s->kind == S_ACC && s->span && k < accs.len; k++) {
            Stmt *t = accs.items[k];
            if (inner || (t->buf == s->buf && (!t->span || !vec_contains(&loop->body->stmts, t))))
                s->span = NULL;
        }
    }
    arena_free(&a);
}

/* Records what s binds as bound by `as` (NULL: forgotten). */
static void bind_defs(Hoist *h, Stmt *s, Stmt *as) {
    int max = stmt_defs_bound(s);
    Var **defs = xcalloc((size_t)max, sizeof(Var *));
    int n = stmt_defs(s, defs, max);
    for (int k = 0; k < n; k++)
        h->def[defs[k]->id] = as;
    free(defs);
}

/* Moves the checks of the loop's body it can to the end of pre. The
 * loop's carried scalars change from one iteration to the next, as do the
 * values its body binds other than by a let: marked bound by h itself. */
static void hoist_from_loop(Hoist *h, Stmt *loop, Body *pre, bool checks, bool spans) {
    Body *b = loop->body;
    h->loop = loop;
    for (int i = 0; i < loop->carried.len; i++)
        h->def[((Carried *)loop->carried.items[i])->param->id] = (Stmt *)h;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool check = checks && stmt_is_bin_check(s), update = spans && s->kind == S_ACC;
        Body *chain = check || update ? body_new(h->a) : NULL; /* (only where it is used) */
        if (check && movable_check(h, loop, i, s, chain) && hoist(h, loop, s, chain, pre)) {
            remove_at(b, i--);
            continue;
        }
        if (update && spannable_update(h, loop, i, s, chain))
            span_update(h, loop, s, chain);
        bind_defs(h, s, s->kind == S_LET || s->kind == S_READ ? s : (Stmt *)h);
    }
    for (int i = 0; i < b->stmts.len; i++)
        bind_defs(h, b->stmts.items[i], NULL);
    for (int i = 0; i < loop->carried.len; i++)
        h->def[((Carried *)loop->carried.items[i])->param->id] = NULL;
    if (spans)
        keep_whole_spans(loop);
}

static void atomic_updates(Body *b, PtrVec *out, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc == ACC_ATOMIC)
            vec_push(a, out, s);
        atomic_updates(s->then_body, out, a);
        atomic_updates(s->else_body, out, a);
        atomic_updates(s->body, out, a);
    }
}

static bool counted(Stmt *s) {
    return is_counted_loop(s) && !returns(s->body);
}

static void hoist_in_body(Hoist *h, Body *b, bool spans) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        hoist_in_body(h, s->then_body, spans);
        hoist_in_body(h, s->else_body, spans);
        hoist_in_body(h, s->body, spans);
        /* (a map in a parallel loop runs as a loop: its updates' spans) */
        bool map = s->kind == S_MAP && !s->counter && !s->blocks_of && !returns(s->body);
        if (!counted(s) && !map)
            continue;
        Body *pre = body_new(h->a);
        hoist_from_loop(h, s, pre, !map && !spans, spans);
        for (int k = 0; k < pre->stmts.len; k++)
            body_insert(h->a, b, i++, pre->stmts.items[k]);
    }
}

/* (spans: the partial sums' spans of the updates, not the checks) */
static void hoist_bin_checks(Arena *a, Func *f, bool spans) {
    Hoist h = {a, f, NULL, NULL, 0, NULL, {0}};
    fit(&h);
    hoist_in_body(&h, f->body, spans);
    free(h.def);
    free(h.needed);
}

/* After the last pass that renames, removes or regroups lets: a span's
 * copies (span->pre) are not operands those passes see */
void mark_partial_spans(Arena *a, Func *f) {
    hoist_bin_checks(a, f, true);
}

/* ---- Index sums widened before they are cast ----
 *
 * A user's int index k + j goes into a long one (the offset of a
 * thread's copy of the bins, t + (long)(k + j)); cast as a whole, the sum
 * is done in int and sign-extended for every element, and the compiler
 * cannot fold j into an address (a third of hist_vmin10's pass). The
 * primal computed k + j in int: where that overflowed its behaviour was
 * undefined, elsewhere (long)(k + j) is (long)k + (long)j. So a widening
 * cast of a signed sum, difference, product or negation is rewritten as
 * the operation on the operands cast, down the chain of temporaries (the
 * user's variables stay, cast: computed once, where the user did). */
typedef struct Widen {
    Arena *a;
    Func *f;
    Stmt **def; /* by variable id: its let */
    int ndef;
} Widen;

static void note_lets(Widen *w, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->dst && !s->dst->is_mutable)
            w->def[s->dst->id] = s;
        note_lets(w, s->then_body);
        note_lets(w, s->else_body);
        note_lets(w, s->body);
    }
}

/* The let that defines the signed arithmetic c casts wider, or NULL. */
static Stmt *widened_arithmetic(Widen *w, Stmt *c) {
    if (c->kind != S_LET || c->op != OP_CAST || c->args[0].kind != OPD_VAR)
        return NULL;
    Var *v = c->args[0].var;
    if (!var_is_temp(v)) /* the user's k stays k: computed once where the user did */
        return NULL;
    Stmt *d = v->id < w->ndef && !v->is_mutable ? w->def[v->id] : NULL;
    if (!d || (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL && d->op != OP_NEG))
        return NULL;
    if (!signed_int(v->ty) || !signed_int(c->dst->ty) || !widening_int_cast(v->ty, c->dst->ty))
        return NULL;
    for (int k = 0; k < d->nargs; k++)
        if (!signed_int(d->args[k].ty))
            return NULL;
    return d;
}

/* c, at b's position *at, becomes d's operation on d's operands cast;
 * the casts go before it (widened in turn), *at follows c. */
static void widen_let(Widen *w, Body *b, int *at, Stmt *c) {
    Stmt *d = widened_arithmetic(w, c);
    if (!d)
        return;
    Operand args[2];
    for (int k = 0; k < d->nargs; k++) {
        Body *tmp = body_new(w->a);
        Builder bd = {w->a, w->f, tmp, c->loc};
        args[k] = b_cast(&bd, c->dst->ty, d->args[k]);
        if (tmp->stmts.len != 1)
            continue;
        body_insert(w->a, b, *at, tmp->stmts.items[0]);
        int pos = *at;
        widen_let(w, b, &pos, tmp->stmts.items[0]);
        *at = pos + 1;
    }
    c->op = d->op;
    c->nargs = d->nargs;
    for (int k = 0; k < d->nargs; k++)
        c->args[k] = args[k];
}

static void widen_in_body(Widen *w, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        widen_in_body(w, s->then_body);
        widen_in_body(w, s->else_body);
        widen_in_body(w, s->body);
        widen_let(w, b, &i, s);
    }
}

static void widen_index_casts(Arena *a, Func *f) {
    Widen w = {a, f, xcalloc((size_t)f->next_var_id + 1, sizeof(Stmt *)), f->next_var_id + 1};
    note_lets(&w, f->body);
    widen_in_body(&w, f->body);
    free(w.def);
}

/* ---- Sums ordered by loop depth ----
 *
 * t + ((long)k + (long)j), the offset of a thread's copy plus a row plus
 * the element, leaves a signed sum the compiler may not regroup (it could
 * overflow where the original did not): the row and the offset are added
 * again for every element. (t + (long)k) + (long)j adds them once per
 * row (GCC 12 runs hist_vmin10's pass 40% faster). A sum of signed
 * integers is regrouped so that the terms bound in outer loops add first:
 * x = a + (b + c), c bound deeper in the loops than a and b, becomes t =
 * a + b, x = t + c; indices only, which stay far from overflowing. */
typedef struct Regroup {
    Arena *a;
    Func *f;
    Stmt **def;
    int *depth; /* by variable id: the depth of the innermost loop it varies in */
    int cap;
} Regroup;

static void regroup_fit(Regroup *g) {
    int n = g->f->next_var_id + 1;
    if (n <= g->cap)
        return;
    g->def = grown(g->def, g->cap, n, sizeof(Stmt *));
    g->depth = grown(g->depth, g->cap, n, sizeof(int));
    g->cap = n;
}

static int depth_of(Regroup *g, Operand o) {
    return o.kind == OPD_VAR && o.var->id < g->cap ? g->depth[o.var->id] : 0;
}

/* The sum o is, where it is a let adding two values of type ty. */
static Stmt *sum_let(Regroup *g, Operand o, Type ty) {
    if (o.kind != OPD_VAR || o.var->is_mutable || o.var->id >= g->cap)
        return NULL;
    Stmt *d = g->def[o.var->id];
    return d && d->op == OP_ADD && d->dst->ty.kind == ty.kind && d->dst->ty.cname == ty.cname
               ? d
               : NULL;
}

/* One regrouping of x = a + (b + c) (either side), with t = a + b inserted
 * at b's position *at; false where there is none. */
static bool regroup_once(Regroup *g, Body *b, int *at, Stmt *x) {
    for (int side = 0; side < 2; side++) {
        Stmt *d = sum_let(g, x->args[side], x->dst->ty);
        if (!d)
            continue;
        Operand a = x->args[1 - side];
        int deep = depth_of(g, d->args[1]) >= depth_of(g, d->args[0]) ? 1 : 0;
        Operand c = d->args[deep], bb = d->args[1 - deep];
        int outer = depth_of(g, a) > depth_of(g, bb) ? depth_of(g, a) : depth_of(g, bb);
        if (depth_of(g, c) <= outer)
            continue;
        Body *tmp = body_new(g->a);
        Builder bd = {g->a, g->f, tmp, x->loc};
        Operand t = b_op(&bd, OP_ADD, x->dst->ty, a, bb); /* (two constants fold) */
        if (tmp->stmts.len) {
            Stmt *let = tmp->stmts.items[0];
            body_insert(g->a, b, (*at)++, let);
            regroup_fit(g);
            g->def[t.var->id] = let;
            g->depth[t.var->id] = outer;
        }
        x->args[0] = t;
        x->args[1] = c;
        return true;
    }
    return false;
}

static void regroup_body(Regroup *g, Body *b, int depth) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool loop = s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE;
        if (loop && s->index)
            g->depth[s->index->id] = depth + 1;
        for (int k = 0; loop && k < s->carried.len; k++)
            g->depth[((Carried *)s->carried.items[k])->param->id] = depth + 1;
        regroup_body(g, s->then_body, depth);
        regroup_body(g, s->else_body, depth);
        regroup_body(g, s->body, depth + (loop ? 1 : 0));
        if (s->kind == S_LET && s->op == OP_ADD && signed_int(s->dst->ty) && !s->dst->is_mutable)
            while (regroup_once(g, b, &i, s))
                ;
        int max = stmt_defs_bound(s);
        Var **defs = xcalloc((size_t)max, sizeof(Var *));
        int n = stmt_defs(s, defs, max);
        for (int k = 0; k < n; k++)
            if (!defs[k]->is_mutable)
                g->depth[defs[k]->id] = depth;
        free(defs);
        if (s->kind == S_LET && !s->dst->is_mutable && s->op != OP_THREADS) {
            int level = 0; /* a pure value varies with the loops its operands vary in */
            for (int k = 0; k < s->nargs; k++)
                level = depth_of(g, s->args[k]) > level ? depth_of(g, s->args[k]) : level;
            g->depth[s->dst->id] = level;
        }
        if (s->kind == S_LET && !s->dst->is_mutable)
            g->def[s->dst->id] = s;
    }
}

static void regroup_sums(Arena *a, Func *f) {
    Regroup g = {a, f, NULL, NULL, 0};
    regroup_fit(&g);
    regroup_body(&g, f->body, 0);
    free(g.def);
    free(g.depth);
}

void simplify_indices(Arena *a, Func *f) {
    hoist_bin_checks(a, f, false);
    widen_index_casts(a, f);
    regroup_sums(a, f);
}
