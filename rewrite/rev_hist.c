/* Reverse rules for histograms, reduce-by-index (Bruun et al., "Reverse-Mode
 * AD of Reduce-by-Index and Scan in Futhark", the hist section).
 *
 * `+`: a `#pragma pargrad histogram(+: h)` loop is a map whose iterations
 * update h[k] += v (S_ACC in the primal, atomic where iterations may
 * collide). The final bin is its initial value plus the values sent to it,
 * so the adjoint of the initial bin is the bin's adjoint itself (nothing to
 * do) and each value's adjoint is a gather: v_b += h_b[k]. The map rule puts
 * that in the adjoint map, parallel without atomics (it only reads h_b);
 * the elements h held before the loop are saved and restored as for any
 * write (rev_save.c), since the re-executed iterations do not update h.
 *
 * `*`, `min`, `max`: the lifter turns the loop into a map that writes each
 * update's key and value to arrays, and an S_HIST over them. Its bins are
 * saved whole before it (rev_save.c); the adjoint runs in the runtime
 * (runtime/hist.c) once the bins hold their values from before again:
 *   `*`  per bin the product of its non-zero values and their zero count
 *        (the paper's zero counting), then v_b += h_b[k] * h0[k] * (the
 *        product of the bin's other values), h_b[b] *= (the product of all
 *        its values);
 *   min/max  per bin the first update (in the loop's order) whose value is
 *        the bin's final value gets h_b[k], unless the bin's value from
 *        before already was it, which keeps it (the tie rule of reduce and
 *        scan: the running value keeps the adjoint on ties);
 *   a declared operator, commutative with an inverse: the invertible rule
 *        (the paper's section 4.2.4), as maps. The other values of bin k
 *        combine to b = INV(fin[k], v), so v_b += h_b[k] * (the partial of
 *        COMBINE(b, v) in v); the bin's value from before, h0, meets the
 *        rest r = INV(fin[k], h0): h_b[k] *= the partial of COMBINE(h0, r)
 *        in h0. Without an inverse, the general rule (PG_HIST_GENERAL_REV
 *        of pargrad_parallel.h): the updates sorted by bin, keeping the
 *        loop's order, and each bin's run back through the partials. */
#include "rev.h"

void rev_hist_update(Rev *r, Stmt *s, Builder *bd) {
    Buffer *h = s->buf;
    if (!h->active || !h->adj || s->args[0].kind != OPD_VAR || !s->args[0].var->active)
        return;
    Stmt *rd = stmt_new(r->a, S_READ, s->loc);
    rd->buf = h->adj;
    rd->nidx = s->nidx;
    for (int i = 0; i < s->nidx; i++)
        rd->idx[i] = s->idx[i];
    rd->dst = var_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, h)), h->elem);
    body_append(r->a, bd->b, rd);
    add_adjoint(r, bd, s->args[0], opd_var(rd->dst));
}

/* fin[b] = h[b]: the bins' final values, before the restore puts back the
 * ones from before the histogram. */
static Buffer *copy_final_bins(Rev *r, Stmt *s, Builder *bd) {
    Buffer *h = s->buf;
    Buffer *fin = rule_temp(r, bd, arena_printf(r->a, "%s_final", buffer_label(r->a, h)), h->elem,
                            s->args[0]);
    Builder in;
    Stmt *m = rule_map(r, s, s->args[0], "the bins' final values", &in);
    Operand b = opd_var(m->index);
    Stmt *w = stmt_new(r->a, S_WRITE, s->loc);
    w->buf = fin;
    w->nidx = 1;
    w->idx[0] = b;
    w->nargs = 1;
    w->args[0] = rule_read(r, &in, h, b);
    body_append(r->a, m->body, w);
    body_append(r->a, bd->b, m);
    return fin;
}

/* v_b[e] += h_b[k] * d COMBINE(INV(fin[k], v), v) / dv for every entry e
 * whose update ran (k = keys[e] >= 0). */
static void invertible_values(Rev *r, Stmt *s, Buffer *fin, Body *out) {
    Buffer *vals = s->scan_in[0], *keys = s->scan_in[1];
    Builder in;
    Stmt *m =
        rule_map(r, s, s->hi, "each value's adjoint from its bin's, through the inverse", &in);
    Operand e = opd_var(m->index), k = rule_read(r, &in, keys, e);
    Stmt *ran = stmt_new(r->a, S_IF, s->loc);
    ran->cond = b_cmp(&in, OP_GE, k, opd_int(0));
    ran->then_body = body_new(r->a);
    ran->else_body = body_new(r->a);
    Builder th = {r->a, r->dst, ran->then_body, s->loc};
    Operand v = rule_read(r, &th, vals, e);
    Operand rest = b_uop(&th, OP_UOP_INV, s->uop, rule_read(r, &th, fin, k), v);
    Operand d =
        b_mul(&th, rule_read(r, &th, s->buf->adj, k), b_uop(&th, OP_UOP_D1, s->uop, rest, v));
    Stmt *acc = stmt_new(r->a, S_ACC, s->loc);
    acc->buf = vals->adj;
    acc->nidx = 1;
    acc->idx[0] = e;
    acc->nargs = 1;
    acc->args[0] = d;
    acc->acc = ACC_PLAIN; /* one entry per iteration */
    body_append(r->a, ran->then_body, acc);
    body_append(r->a, m->body, ran);
    body_append(r->a, out, m);
}

/* h_b[k] *= d COMBINE(h0, INV(fin[k], h0)) / dh0, h holding h0 again. */
static void invertible_bins(Rev *r, Stmt *s, Buffer *fin, Body *out) {
    Builder in;
    Stmt *m = rule_map(r, s, s->args[0], "the bins' adjoints, through the inverse", &in);
    Operand k = opd_var(m->index);
    Operand h0 = rule_read(r, &in, s->buf, k);
    Operand rest = b_uop(&in, OP_UOP_INV, s->uop, rule_read(r, &in, fin, k), h0);
    Stmt *w = stmt_new(r->a, S_WRITE, s->loc);
    w->buf = s->buf->adj;
    w->nidx = 1;
    w->idx[0] = k;
    w->nargs = 1;
    w->args[0] =
        b_mul(&in, rule_read(r, &in, s->buf->adj, k), b_uop(&in, OP_UOP_D0, s->uop, h0, rest));
    body_append(r->a, m->body, w);
    body_append(r->a, out, m);
}

/* Whether the bins the return sweep finds when it reaches s are the ones s
 * left, to stand in for s after the sweep: s is a statement of the
 * function's body itself (those run again after the sweep where it
 * restored anything) and no statement after it writes its bins (a later
 * one that adds into them without saving them leaves its sums there, and
 * would add them again after the copy). */
static bool final_bins_kept(Rev *r, Stmt *s) {
    Body *b = r->src->body;
    int at = -1;
    for (int i = 0; i < b->stmts.len && at < 0; i++)
        if (b->stmts.items[i] == s)
            at = i;
    for (int i = at + 1; at >= 0 && i < b->stmts.len; i++)
        if (stmt_writes_buffer(b->stmts.items[i], s->buf))
            return false;
    return at >= 0;
}

Stmt *rev_hist_final_copy(Rev *r, Stmt *s) {
    Buffer *fin = NULL;
    for (int i = 0; i < r->hist_finals.len && !fin; i++)
        if (((HistFinal *)r->hist_finals.items[i])->hist == s)
            fin = ((HistFinal *)r->hist_finals.items[i])->fin;
    if (!fin)
        return NULL;
    Builder in;
    Stmt *m = rule_map(r, s, s->args[0],
                       "the histogram's final bins, kept from the return sweep, instead of "
                       "running it again",
                       &in);
    Stmt *w = stmt_new(r->a, S_WRITE, s->loc);
    w->buf = s->buf;
    w->nidx = 1;
    w->idx[0] = opd_var(m->index);
    w->nargs = 1;
    w->args[0] = rule_read(r, &in, fin, opd_var(m->index));
    body_append(r->a, m->body, w);
    return m;
}

void rev_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    Buffer *h = s->buf, *vals = s->scan_in[0];
    bool active = h->active && h->adj;
    Builder bd = {r->a, r->dst, out, s->loc};
    Buffer *fin = NULL;
    /* The final bins of a histogram of the function's body are kept to the
     * end: copying nb bins back costs less than combining n values again. */
    bool keep = final_bins_kept(r, s);
    if ((active && s->scan_op != RED_MUL) || keep)
        fin = copy_final_bins(r, s, &bd);
    if (keep) {
        HistFinal *hf = arena_alloc(r->a, sizeof(HistFinal));
        *hf = (HistFinal){s, fin};
        vec_push(r->a, &r->hist_finals, hf);
    }
    restore_regions(r, &s, 1, out, dead);
    if (!active)
        return;
    if (s->scan_op == RED_USER && s->uop->inverse) {
        b_comment(&bd, arena_printf(r->a,
                                    "adjoint of the histogram into %s: the invertible rule of "
                                    "'%s'",
                                    buffer_label(r->a, h), s->uop->name));
        if (vals->active && vals->adj) /* the values' first: they read h_b */
            invertible_values(r, s, fin, out);
        invertible_bins(r, s, fin, out);
        if (!keep)
            rule_free(r, &bd, fin);
        return;
    }
    Stmt *adj = stmt_new(r->a, S_HIST, s->loc);
    *adj = *s;
    adj->reversed = true;
    adj->hist_rev[0] = fin;
    adj->hist_rev[1] = h->adj;
    adj->hist_rev[2] = vals->active ? vals->adj : NULL;
    adj->note = arena_printf(
        r->a,
        s->scan_op == RED_USER
            ? "adjoint of the histogram into %s: the general rule, the updates sorted by bin in "
              "the loop's order, each bin's run forward for its prefixes and back through the "
              "operator's partials"
        : s->scan_op == RED_MUL
            ? "adjoint of the histogram into %s: per bin the product of the non-zero values and "
              "the number of zeros, then each value's adjoint from its bin's"
            : "adjoint of the histogram into %s: per bin the first update that gave the final "
              "value takes the bin's adjoint (the value from before keeps it on ties)",
        buffer_label(r->a, h));
    body_append(r->a, out, adj);
    if (fin && !keep)
        rule_free(r, &bd, fin);
}
