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
 *        scan: the running value keeps the adjoint on ties). */
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

void rev_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    Buffer *h = s->buf, *vals = s->scan_in[0];
    bool active = h->active && h->adj;
    Builder bd = {r->a, r->dst, out, s->loc};
    Buffer *fin = NULL;
    if (active && s->scan_op != RED_MUL)
        fin = copy_final_bins(r, s, &bd);
    restore_regions(r, &s, 1, out, dead);
    if (!active)
        return;
    Stmt *adj = stmt_new(r->a, S_HIST, s->loc);
    *adj = *s;
    adj->reversed = true;
    adj->hist_rev[0] = fin;
    adj->hist_rev[1] = h->adj;
    adj->hist_rev[2] = vals->active ? vals->adj : NULL;
    adj->note = arena_printf(
        r->a,
        s->scan_op == RED_MUL
            ? "adjoint of the histogram into %s: per bin the product of the non-zero values and "
              "the number of zeros, then each value's adjoint from its bin's"
            : "adjoint of the histogram into %s: per bin the first update that gave the final "
              "value takes the bin's adjoint (the value from before keeps it on ties)",
        buffer_label(r->a, h));
    body_append(r->a, out, adj);
    if (fin)
        rule_free(r, &bd, fin);
}
