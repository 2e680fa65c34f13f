/* Reverse rule for map (SC22, section 4): the adjoint of a map is a map whose
 * body re-executes the primal body, then runs its adjoint. Reads of free
 * arrays become accumulations into their adjoints: plain where the index is
 * injective in the map index, atomic otherwise. Free scalars' adjoints are
 * summed across iterations (the emitter makes them OpenMP reductions). */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

void rev_map_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    WriteLog *log = save_regions(r, &s, 1, out, dead);
    if (log || !rev_recomputed_hist_fwd(r, s, out)) {
        Stmt *c = copy_forward_stmt(r, s, dead, log);
        if (c)
            body_append(r->a, out, c);
    }
    end_log(r, log, out);
}

void adjoint_iterations(Rev *r, Body *src, Body *out) {
    rev_fwd_body(r, src, out, true);
    rev_adjoint_decls(r, src, out);
    rev_bwd_stmts(r, src, out, true);
}

/* Whether anything in b carries a derivative: a value or an array written. */
static bool body_has_active(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        bool active = false;
        for (int k = 0; k < n; k++)
            active |= defs[k]->active;
        free(defs);
        if (active)
            return true;
        bool writes =
            s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_HIST || s->kind == S_SCAN;
        if ((writes && s->buf->active) || body_has_active(s->then_body) ||
            body_has_active(s->else_body) || body_has_active(s->body))
            return true;
    }
    return false;
}

void rev_map_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    if (is_recomputed_hist(s)) {
        rev_recomputed_hist_bwd(r, s, out, dead);
        return;
    }
    /* Back to the values the map read: its iterations re-execute. */
    restore_regions(r, &s, 1, out, dead);
    /* (a map of values no derivative flows through, e.g. the blocks of an
     * invertible reduce, has no adjoint to run) */
    if (!body_has_active(s->body))
        return;
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    m->index = s->index;
    m->counter = s->counter;
    m->lo = s->lo;
    m->hi = s->hi;
    /* a histogram's adjoint only gathers from the bins: a map */
    m->text = s->text && !strncmp(s->text, "histogram", 9) ? "map" : s->text;
    m->note = "adjoint";
    m->body = body_new(r->a);
    Stmt *outer = enter_par_loop(r, m, s);
    adjoint_iterations(r, s->body, m->body);
    leave_par_loop(r, m, outer);
    body_append(r->a, out, m);
}
