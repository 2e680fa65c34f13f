/* Reverse rule for map (SC22, section 4): the adjoint of a map is a map whose
 * body re-executes the primal body, then runs its adjoint. Reads of free
 * arrays become accumulations into their adjoints: plain where the index is
 * injective in the map index, atomic otherwise. Free scalars' adjoints are
 * summed across iterations (the emitter makes them OpenMP reductions). */
#include "rev.h"

#include <string.h>

void rev_map_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    WriteLog *log = save_regions(r, &s, 1, out, dead);
    Stmt *c = copy_forward_stmt(r, s, dead, log);
    if (c)
        body_append(r->a, out, c);
    end_log(r, log, out);
}

void adjoint_iterations(Rev *r, Body *src, Body *out) {
    rev_fwd_body(r, src, out, true);
    rev_adjoint_decls(r, src, out);
    rev_bwd_stmts(r, src, out, true);
}

void rev_map_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    if (is_recomputed_hist(s)) {
        rev_recomputed_hist_bwd(r, s, out, dead);
        return;
    }
    /* Back to the values the map read: its iterations re-execute. */
    restore_regions(r, &s, 1, out, dead);
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    m->index = s->index;
    m->counter = s->counter;
    m->lo = s->lo;
    m->hi = s->hi;
    /* a histogram's adjoint only gathers from the bins: a map */
    m->text = s->text && !strncmp(s->text, "histogram", 9) ? "map" : s->text;
    m->note = "adjoint";
    m->body = body_new(r->a);
    Stmt *outer = r->par_loop;
    if (!outer)
        r->par_loop = m;
    adjoint_iterations(r, s->body, m->body);
    r->par_loop = outer;
    if (!outer)
        settle_accumulations(r, m);
    body_append(r->a, out, m);
}
