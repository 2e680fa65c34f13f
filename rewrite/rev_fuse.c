/* The last parallel loop's two sweeps in one loop (rev.c's rev_sweeps
 * calls fuse_last before reversing a body the ordinary way): when the seed
 * of its results is known before it runs, each iteration computes its
 * primal part and its adjoint at once, reading its inputs once. */
#include "rev.h"

#include <stdlib.h>

Body *sub_body(Rev *r, Body *b, int from, int to) {
    Body *s = body_new(r->a);
    for (int i = from; i < to; i++)
        body_append(r->a, s, b->stmts.items[i]);
    return s;
}

/* Histogram updates of *, min or max at any depth: their rules (rev_hist.c)
 * run their own forward and adjoint, never one loop of both. */
static bool updates_by_rule(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_ACC && s->acc_op != RED_ADD) || updates_by_rule(s->then_body) ||
            updates_by_rule(s->else_body) || updates_by_rule(s->body))
            return true;
    }
    return false;
}

/* What may run before a loop whose results it does not read: no
 * parallel loop, scan, histogram, call with effects, allocation or tape,
 * at any depth. */
static bool movable_before(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP || s->kind == S_REDUCE || s->kind == S_SCAN || s->kind == S_HIST ||
            s->kind == S_EFFECT || s->kind == S_ALLOC || s->kind == S_FREE || s->kind == S_RETURN ||
            !movable_before(s->then_body) || !movable_before(s->else_body) ||
            !movable_before(s->body))
            return false;
    }
    return true;
}

/* Whether b writes an array s reads or writes, or reads one s writes
 * (moved before s, it would see or leave other values). */
static bool touches_what_loop_uses(Body *b, Stmt *s) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *t = b->stmts.items[i];
        bool s_writes =
            t->buf && body_writes_buffer(s->body, t->buf) && !body_declares(s->body, t->buf);
        if (t->buf &&
            ((stmt_writes_buffer(t, t->buf) && (body_reads_buffer(s->body, t->buf) || s_writes)) ||
             (stmt_reads_buffer(t, t->buf) && s_writes)))
            return true;
        if (touches_what_loop_uses(t->then_body, s) || touches_what_loop_uses(t->else_body, s) ||
            touches_what_loop_uses(t->body, s))
            return true;
    }
    return false;
}

static void add_defs(Rev *r, Stmt *t, PtrVec *to) {
    int n;
    Var **defs = stmt_all_defs(t, &n);
    for (int k = 0; k < n; k++)
        vec_push(r->a, to, defs[k]);
    free(defs);
}

/* The statements after the last parallel one split into those that do not
 * depend on its results (before: they run first, in the forward sweep)
 * and scalar lets that do (after, with the return). False where one that
 * depends is not a let, or one that does not cannot move. */
static bool split_after(Rev *r, Body *body, int last, Body *before, Body *after, PtrVec *defined) {
    add_defs(r, body->stmts.items[last], defined);
    bool lets_only = true;
    for (int i = last + 1; i < body->stmts.len; i++) {
        Stmt *t = body->stmts.items[i];
        lets_only &= t->kind == S_LET || t->kind == S_RETURN;
    }
    for (int i = last + 1; i < body->stmts.len; i++) {
        Stmt *t = body->stmts.items[i];
        Body one = {0};
        body_append(r->a, &one, t);
        /* (only lets after it: all of them after the loop, as written) */
        if (lets_only || t->kind == S_RETURN || body_refers_to(&one, defined)) {
            if (t->kind != S_LET && t->kind != S_RETURN)
                return false;
            body_append(r->a, after, t);
            add_defs(r, t, defined);
            continue;
        }
        if (!movable_before(&one) || touches_what_loop_uses(&one, body->stmts.items[last]))
            return false;
        body_append(r->a, before, t);
    }
    return true;
}

/* When the last parallel statement of a body that runs once (the
 * function's, or a branch of its tail if: rev.c rev_sweeps; a map, or a
 * +-reduce)
 * is followed by scalar arithmetic whose adjoint does not need the
 * statement's results, and by code that does not use them (a mixture's
 * prior, after its points' sum), its forward and return sweeps run as one
 * loop: the seed is known before the loop runs, so each iteration
 * computes its primal part and its adjoint at once, reading its inputs
 * once; the code that does not use its results runs before it. */
bool fuse_last(Rev *r, Body *body, const Seeds *sd, Body *out) {
    Stmt *ret = sd->ret;
    int last = body->stmts.len - 1 - (ret ? 1 : 0);
    while (last >= 0 && ((Stmt *)body->stmts.items[last])->kind != S_MAP &&
           ((Stmt *)body->stmts.items[last])->kind != S_REDUCE)
        last--;
    if (last < 0)
        return false;
    Stmt *s = body->stmts.items[last];
    if (is_carrier(s)) /* it runs no forward */
        return false;
    for (int i = 0; i < s->accums.len; i++)
        if (((Accum *)s->accums.items[i])->op != RED_ADD)
            return false;
    if (saves_anything(r, s, NULL) || updates_by_rule(s->body))
        return false;
    /* a map reading a scan's prefixes stays beside the scan, which fusion
     * (fuse_scan.c) runs with it in one parallel pass per sweep */
    for (int i = 0; i < last; i++) {
        Stmt *t = body->stmts.items[i];
        if ((t->kind == S_SCAN || t->kind == S_HIST) && body_reads_buffer(s->body, t->buf))
            return false;
    }
    PtrVec defined = {0};
    Body *first = body_new(r->a), *after = body_new(r->a);
    if (!split_after(r, body, last, first, after, &defined))
        return false;
    Body *rest = body_new(r->a);
    for (int i = last + 1; i < body->stmts.len; i++)
        body_append(r->a, rest, body->stmts.items[i]);
    /* the seeds: the adjoint of what follows the loop, which must not
     * need its results; tried first, built again below once the forward
     * sweep has made the adjoint arrays it adds into */
    Body *probe = body_new(r->a);
    Builder pb = {r->a, r->dst, probe, s->loc};
    add_seeds(r, &pb, sd);
    rev_bwd_stmts(r, rest, probe, false);
    if (body_refers_to(probe, &defined))
        return false;

    Builder bd = {r->a, r->dst, out, r->src->loc};
    bool top = !sd->branch_of; /* (a branch's if says what runs inside it) */
    if (top && (last > 0 || first->stmts.len))
        b_comment(&bd, "forward sweep");
    rev_fwd_body(r, sub_body(r, body, 0, last), out, false);
    rev_fwd_body(r, first, out, false);
    if (top)
        b_comment(&bd, last > 0 ? "return sweep" : "forward and return sweeps");
    rev_adjoint_decls(r, body, out);
    Builder sb = {r->a, r->dst, out, s->loc};
    add_seeds(r, &sb, sd);
    rev_bwd_stmts(r, rest, out, false);
    Stmt *fused = stmt_new(r->a, s->kind, s->loc);
    *fused = *s;
    fused->note = "forward and adjoint in one loop";
    fused->body = body_new(r->a);
    Stmt *outer = enter_par_loop(r, fused, s); /* (none: the body runs once) */
    r->fused = s;
    rev_fwd_body(r, s->body, fused->body, false);
    rev_adjoint_decls(r, s->body, fused->body);
    Builder in = {r->a, r->dst, fused->body, s->loc};
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        if (ac->result->active)
            add_adjoint(r, &in, ac->contrib, opd_var(adjoint_of(r, ac->result)));
    }
    rev_bwd_stmts(r, s->body, fused->body, false);
    r->fused = NULL;
    leave_par_loop(r, fused, outer);
    body_append(r->a, out, fused);
    Builder ab = {r->a, r->dst, out, s->loc};
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        if (ac->result->active)
            add_adjoint(r, &ab, ac->init, opd_var(adjoint_of(r, ac->result)));
    }
    rev_fwd_body(r, after, out, false);
    rev_bwd_stmts(r, sub_body(r, body, 0, last), out, false);
    return true;
}
