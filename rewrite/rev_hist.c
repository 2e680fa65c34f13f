/* Reverse rules for histograms, reduce-by-index (Bruun et al., "Reverse-Mode
 * AD of Reduce-by-Index and Scan in Futhark", the hist section).
 *
 * A `#pragma pargrad histogram(+: h)` loop is a map whose iterations update
 * h[k] += v (S_ACC in the primal, atomic where iterations may collide).
 * For +, the final bin is its initial value plus the values sent to it, so
 * the adjoint of the initial bin is the bin's adjoint itself (nothing to do)
 * and each value's adjoint is a gather: v_b += h_b[k]. The map rule puts
 * that in the adjoint map, parallel without atomics (it only reads h_b);
 * the elements h held before the loop are saved and restored as for any
 * write (rev_save.c), since the re-executed iterations do not update h. */
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
