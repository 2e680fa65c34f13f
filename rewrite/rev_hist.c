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
 * `min`, `max` loops whose iterations write nothing but the bins: see
 * rev_recomputed_hist_bwd below (the iterations recomputed, not recorded).
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

#include <limits.h>

/* ... with the bin's adjoint read at idx (the update's own index, or one
 * known equal to it) */
static void update_adjoint_at(Rev *r, Stmt *s, Builder *bd, const Operand *idx) {
    Buffer *h = s->buf;
    if (!h->active || !h->adj || s->args[0].kind != OPD_VAR || !s->args[0].var->active)
        return;
    Stmt *rd = stmt_new(r->a, S_READ, s->loc);
    rd->buf = h->adj;
    rd->nidx = s->nidx;
    for (int i = 0; i < s->nidx; i++)
        rd->idx[i] = idx[i];
    rd->dst = var_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, h)), h->elem);
    body_append(r->a, bd->b, rd);
    add_adjoint(r, bd, s->args[0], opd_var(rd->dst));
}

void rev_hist_update(Rev *r, Stmt *s, Builder *bd) {
    update_adjoint_at(r, s, bd, s->idx);
}

/* fin[b] = h[b] for b < nb: the bins' final values, before the restore
 * puts back the ones from before the histogram. */
static Buffer *copy_final_bins(Rev *r, Stmt *s, Buffer *h, Operand nb, Builder *bd) {
    Buffer *fin =
        rule_temp(r, bd, arena_printf(r->a, "%s_final", buffer_label(r->a, h)), h->elem, nb);
    Builder in;
    Stmt *m = rule_map(r, s, nb, "the bins' final values", &in);
    Operand b = opd_var(m->index);
    body_append(r->a, m->body, stmt_write(r->a, s->loc, fin, b, rule_read(r, &in, h, b)));
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
    Stmt *ran = rule_if(r, s->loc, b_cmp(&in, OP_GE, k, opd_int(0)));
    Builder th = {r->a, r->dst, ran->then_body, s->loc};
    Operand v = rule_read(r, &th, vals, e);
    Operand rest = b_uop(&th, OP_UOP_INV, s->uop, rule_read(r, &th, fin, k), v);
    Operand d =
        b_mul(&th, rule_read(r, &th, s->buf->adj, k), b_uop(&th, OP_UOP_D1, s->uop, rest, v));
    /* one entry per iteration: plain */
    body_append(r->a, ran->then_body, stmt_acc(r->a, s->loc, vals->adj, e, d, ACC_PLAIN));
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
    body_append(r->a, m->body,
                stmt_write(r->a, s->loc, s->buf->adj, k,
                           b_mul(&in, rule_read(r, &in, s->buf->adj, k),
                                 b_uop(&in, OP_UOP_D0, s->uop, h0, rest))));
    body_append(r->a, out, m);
}

/* Whether the bins the return sweep finds when it reaches s are the ones s
 * left, to stand in for s after the sweep: s is a statement of the
 * function's body itself (those run again after the sweep where it
 * restored anything) and no statement after it writes its bins h (a later
 * one that adds into them without saving them leaves its sums there, and
 * would add them again after the copy). */
static bool final_bins_kept(Rev *r, Stmt *s, Buffer *h) {
    Body *b = r->src->body;
    int at = -1;
    for (int i = 0; i < b->stmts.len && at < 0; i++)
        if (b->stmts.items[i] == s)
            at = i;
    for (int i = at + 1; at >= 0 && i < b->stmts.len; i++)
        if (stmt_writes_buffer(b->stmts.items[i], h))
            return false;
    return at >= 0;
}

/* The final bins of a histogram of the function's body, copied for its
 * adjoint, stand in for running it again after the return sweep: copying
 * nb bins back costs less than combining n values again. */
static void keep_final_bins(Rev *r, Stmt *s, Buffer *fin, Buffer *h, Operand nb) {
    HistFinal *hf = arena_alloc(r->a, sizeof(HistFinal));
    *hf = (HistFinal){s, fin, h, nb};
    vec_push(r->a, &r->hist_finals, hf);
}

Stmt *rev_hist_final_copy(Rev *r, Stmt *s) {
    HistFinal *hf = NULL;
    for (int i = 0; i < r->hist_finals.len && !hf; i++)
        if (((HistFinal *)r->hist_finals.items[i])->hist == s)
            hf = r->hist_finals.items[i];
    if (!hf)
        return NULL;
    Builder in;
    Stmt *m = rule_map(r, s, hf->nbins,
                       "the histogram's final bins, kept from the return sweep, instead of "
                       "running it again",
                       &in);
    body_append(r->a, m->body,
                stmt_write(r->a, s->loc, hf->bins, opd_var(m->index),
                           rule_read(r, &in, hf->fin, opd_var(m->index))));
    return m;
}

void rev_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    Buffer *h = s->buf, *vals = s->scan_in[0];
    bool active = h->active && h->adj;
    Builder bd = {r->a, r->dst, out, s->loc};
    Buffer *fin = NULL;
    bool keep = final_bins_kept(r, s, h);
    if ((active && s->scan_op != RED_MUL) || keep)
        fin = copy_final_bins(r, s, h, s->args[0], &bd);
    if (keep)
        keep_final_bins(r, s, fin, h, s->args[0]);
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

/* ---- min and max: the map that updates the bins itself (for *, see
 * further down) ----
 *
 * histogram(min | max: h) whose iterations write nothing but the bins is a
 * map with updates h[k] = fmin(h[k], v) in its body (S_ACC of acc_op
 * RED_MIN or RED_MAX). Its adjoint needs, per bin, the first entry (an
 * update in an iteration, in the loop's order) whose value is the bin's
 * final one, and only where the bin's value from before was not (the tie
 * rule above). Instead of keeping every entry's key and value, it
 * recomputes them:
 *   1. the final bins are copied and the bins from before restored;
 *   2. a map runs the iterations again, each update becoming
 *      first[k] = min(first[k], e) where v == fin[k] (e numbers the
 *      entries in the loop's order: per-thread copies or atomics, as the
 *      forward map's bins);
 *   3. a map over the bins runs, for each bin with a first entry and a
 *      value from before that is not the final one, that entry's
 *      iteration again with its adjoint, the update's adjoint being
 *      v_b += h_b[k] for that entry's update only: nb iterations'
 *      adjoints, not n (the adjoint is sparse);
 *   4. the bins whose final value came from an update give the bins from
 *      before no adjoint: h_b[k] = 0 there. */
bool is_recomputed_hist(Stmt *s) {
    return s->kind == S_MAP && s->hist_bins && body_update_op(s->body, s->hist_bins) != RED_ADD;
}

static void collect_updates(Arena *a, Body *b, Buffer *h, PtrVec *out) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc_op != RED_ADD && s->buf == h)
            vec_push(a, out, s);
        collect_updates(a, s->then_body, h, out);
        collect_updates(a, s->else_body, h, out);
        collect_updates(a, s->body, h, out);
    }
}

static int site_number(const PtrVec *sites, Stmt *update) {
    for (int i = 0; i < sites->len; i++)
        if (sites->items[i] == update)
            return i;
    return -1;
}

/* The innermost loop of b around statement u, or NULL. */
static Stmt *loop_around(Body *b, Stmt *u) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Body *in[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++)
            if (body_contains(in[q], u)) {
                Stmt *inner = loop_around(in[q], u);
                return inner ? inner : s->kind == S_LOOP && q == 2 ? s : NULL;
            }
    }
    return NULL;
}

/* The entry of update site `site` (of nsites) in iteration i of the map:
 * i * nsites + site, or with updates in an inner loop over a row of trips
 * entries, (i * trips + j) * nsites + site. */
static Operand entry_number(Builder *bd, Stmt *map, Stmt *row, Operand trips, int nsites,
                            int site) {
    Operand i =
        b_sub(bd, b_cast(bd, type_long(), opd_var(map->index)), b_cast(bd, type_long(), map->lo));
    if (row) {
        Operand j = b_sub(bd, b_cast(bd, type_long(), opd_var(row->index)),
                          b_cast(bd, type_long(), row->lo));
        i = b_add(bd, b_mul(bd, i, trips), j);
    }
    return b_add(bd, b_mul(bd, i, opd_int(nsites)), opd_int(site));
}

typedef struct FirstPass {
    Rev *r;
    Stmt *map;
    Buffer *fin, *first;
    PtrVec sites;
    Stmt *row; /* the inner loop around the updates, or NULL */
} FirstPass;

/* if (v == fin[k]) first[k] = min(first[k], e) */
static void first_entry_update(FirstPass *fp, Stmt *u, Body *out) {
    Rev *r = fp->r;
    Builder bd = {r->a, r->dst, out, u->loc};
    Operand k = u->idx[0], v = u->args[0];
    Stmt *pick = rule_if(r, u->loc, b_cmp(&bd, OP_EQ, v, rule_read(r, &bd, fp->fin, k)));
    Builder th = {r->a, r->dst, pick->then_body, u->loc};
    Operand e = entry_number(&th, fp->map, fp->row, fp->map->hist_row_trips, fp->sites.len,
                             site_number(&fp->sites, u));
    Stmt *acc = stmt_acc(r->a, u->loc, fp->first, k, e, ACC_ATOMIC);
    acc->acc_op = RED_MIN;
    body_append(r->a, pick->then_body, acc);
    body_append(r->a, out, pick);
}

/* The map's body with its updates of the bins turned into updates of
 * first[]; kept calls (printf) go later, in simplify.c, as in every
 * re-execution. */
static bool first_pass_update(void *ctx, Stmt *s, Body *out) {
    FirstPass *fp = ctx;
    if (site_number(&fp->sites, s) < 0)
        return false;
    first_entry_update(fp, s, out);
    return true;
}

/* Steps 1 and 2: first[b], the bin's first entry with its final value (or
 * LONG_MAX). */
static Buffer *first_entries(Rev *r, Stmt *s, Buffer *fin, PtrVec sites, Builder *bd) {
    Buffer *h = s->hist_bins;
    Buffer *first = rule_temp(r, bd, arena_printf(r->a, "%s_first", buffer_label(r->a, h)),
                              type_long(), s->hist_nbins);
    Builder in;
    Stmt *none = rule_map(r, s, s->hist_nbins, "no bin has an entry yet", &in);
    body_append(r->a, none->body,
                stmt_write(r->a, s->loc, first, opd_var(none->index), opd_int(LONG_MAX)));
    body_append(r->a, bd->b, none);
    Stmt *row = s->hist_row_trips.kind != OPD_NONE ? loop_around(s->body, sites.items[0]) : NULL;
    FirstPass fp = {r, s, fin, first, sites, row};
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    *m = *s;
    m->text = "map";
    m->note = arena_printf(r->a,
                           "per bin of %s the first entry, in the loop's order, that gave its "
                           "final value (the iterations run again)",
                           buffer_label(r->a, h));
    m->hist_bins = first;
    m->body = body_rewrite(r->a, s->body, first_pass_update, &fp);
    body_append(r->a, bd->b, m);
    return first;
}

/* ---- min and max: the first entries found forward ----
 *
 * A min or max histogram of the function's body whose values carry
 * derivatives runs once forward. There, instead of the loop as written
 * (and steps 1 and 2 again in the return sweep), its iterations run in
 * blocks, each a sequential loop into a copy of the bins of its own (from
 * their values from before) that keeps with each bin the first entry that
 * bettered it; then per bin the blocks' copies in order (the earlier
 * block's entry keeps ties, and the value from before keeps them against
 * all): the final bins, and the first entries the return sweep's sparse
 * adjoint reads. One pass over the iterations, not three. A value betters
 * a bin as fmin and fmax replace it: below it (above, for max), or the bin
 * is a NaN and the value is not. */
typedef struct BlockFirst {
    FirstPass fp;
    Buffer *vals, *firsts; /* the blocks' copies, block j's at j * stride */
    Operand base;          /* the block's j * stride */
    bool is_min;
} BlockFirst;

static Operand betters(Builder *bd, bool is_min, Operand v, Operand bin) {
    /* !(v >= bin) && v == v: the usual case, v not below the bin, costs one
     * comparison (!(v >= bin) also holds where either is a NaN) */
    Operand not_short =
        b_op(bd, OP_NOT, type_bool(), b_cmp(bd, is_min ? OP_GE : OP_LE, v, bin), opd_none());
    return b_op(bd, OP_AND, type_bool(), not_short, b_cmp(bd, OP_EQ, v, v));
}

/* if (v betters part[base + k]) { part[base + k] = v; first[..] = e; } */
static bool block_first_update(void *ctx, Stmt *u, Body *out) {
    BlockFirst *bf = ctx;
    FirstPass *fp = &bf->fp;
    if (site_number(&fp->sites, u) < 0)
        return false;
    Rev *r = fp->r;
    Builder bd = {r->a, r->dst, out, u->loc};
    Operand at = b_add(&bd, bf->base, b_cast(&bd, type_long(), u->idx[0])), v = u->args[0];
    Stmt *take = rule_if(r, u->loc, betters(&bd, bf->is_min, v, rule_read(r, &bd, bf->vals, at)));
    Builder th = {r->a, r->dst, take->then_body, u->loc};
    body_append(r->a, take->then_body, stmt_write(r->a, u->loc, bf->vals, at, v));
    Operand e = entry_number(&th, fp->map, fp->row, fp->map->hist_row_trips, fp->sites.len,
                             site_number(&fp->sites, u));
    body_append(r->a, take->then_body, stmt_write(r->a, u->loc, bf->firsts, at, e));
    body_append(r->a, out, take);
    return true;
}

/* The let or read of row loop l binding v; l where something else in it
 * does; NULL where v is bound before l. */
static Stmt *bound_in(Stmt *l, Var *v) {
    bool other = false;
    Stmt *d = binding_in(l->body, v, NULL, &other);
    return other ? l : d;
}

/* o, in row loop l, is l's index plus or minus values the same in every
 * trip (through widening casts): a bin of its own in each trip. */
static bool own_bin(Stmt *l, Operand o, int depth) {
    if (o.kind != OPD_VAR || o.var->is_mutable || depth == 0)
        return false;
    if (o.var == l->index)
        return true;
    Stmt *d = bound_in(l, o.var);
    if (!d || d->kind != S_LET)
        return false;
    if (d->op == OP_CAST)
        return widening_int_cast(d->args[0].ty, d->dst->ty) && own_bin(l, d->args[0], depth - 1);
    for (int q = 0; q < 2 && (d->op == OP_ADD || (d->op == OP_SUB && q == 0)); q++)
        if (same_each_iteration(l->body, l->index, d->args[1 - q], true, 8) &&
            own_bin(l, d->args[q], depth - 1))
            return true;
    return false;
}

/* A statement of a row's trip that leaves the other trips alone: a let
 * without calls, a key check, a read (of the block's bins only at the
 * trip's own, `at`). */
static bool lane_safe(BlockFirst *bf, Stmt *u, Operand at) {
    if (u->kind == S_READ && (u->buf == bf->vals || u->buf == bf->firsts))
        return u->nidx == 1 && opd_equal(u->idx[0], at);
    return u->kind == S_COMMENT || u->kind == S_READ || stmt_is_bin_check(u) ||
           (u->kind == S_LET && !u->dst->is_mutable && u->op != OP_CALL && u->op < OP_UOP);
}

/* The write of the bin's value in u, a row's update (if (v betters it)
 * { bin = v; first = e; }), at a bin of the trip's own; or NULL. */
static Stmt *own_update(BlockFirst *bf, Stmt *l, Stmt *u) {
    if (u->kind != S_IF || (u->else_body && u->else_body->stmts.len) || u->phis.len)
        return NULL;
    Stmt *w[2] = {NULL, NULL};
    Body *b = u->then_body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int q = s->kind == S_WRITE && s->buf == bf->vals     ? 0
                : s->kind == S_WRITE && s->buf == bf->firsts ? 1
                                                             : -1;
        if (q >= 0 && (w[q] || s->nidx != 1))
            return NULL;
        if (q >= 0)
            w[q] = s;
    }
    if (!w[0] || !w[1] || !opd_equal(w[0]->idx[0], w[1]->idx[0]) || !own_bin(l, w[0]->idx[0], 16))
        return NULL;
    for (int i = 0; i < b->stmts.len; i++)
        if (b->stmts.items[i] != w[0] && b->stmts.items[i] != w[1] &&
            !lane_safe(bf, b->stmts.items[i], w[0]->idx[0]))
            return NULL;
    return w[0];
}

/* Row loops of the blocks' copy (counted, forward) whose trips each
 * update a bin of their own (one update at the top level, nothing else
 * written, no calls): their trips can run as vector lanes. */
static void mark_simd_rows(BlockFirst *bf, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *l = b->stmts.items[i];
        mark_simd_rows(bf, l->then_body);
        mark_simd_rows(bf, l->else_body);
        mark_simd_rows(bf, l->body);
        if (l->kind != S_LOOP || l->hi.kind == OPD_NONE || l->until.kind != OPD_NONE ||
            l->reversed || l->carried.len)
            continue;
        Stmt *update = NULL;
        int ifs = 0;
        for (int k = 0; k < l->body->stmts.len; k++) {
            Stmt *u = l->body->stmts.items[k];
            if (u->kind == S_IF && ifs++ == 0)
                update = own_update(bf, l, u);
        }
        bool ok = update && ifs == 1;
        for (int k = 0; ok && k < l->body->stmts.len; k++) {
            Stmt *u = l->body->stmts.items[k];
            ok = u->kind == S_IF || lane_safe(bf, u, update->idx[0]);
        }
        l->simd_rows = ok;
    }
}

/* Blocks: one per thread, fewer where the bins are many next to the
 * entries (each block's copy costs a pass over the bins, twice). */
static Operand block_count(Rev *r, Stmt *s, int nsites, Operand n, Builder *bd) {
    Operand entries = b_mul(bd, n, opd_int(nsites));
    if (s->hist_row_trips.kind != OPD_NONE)
        entries = b_mul(bd, entries, b_cast(bd, type_long(), s->hist_row_trips));
    Operand nb = s->hist_nbins;
    Operand t = b_div(bd, entries, b_select(bd, b_cmp(bd, OP_GT, nb, opd_int(0)), nb, opd_int(1)));
    Operand most = b_threads(bd);
    t = b_select(bd, b_cmp(bd, OP_LE, t, most), t, most);
    (void)r;
    return b_select(bd, b_cmp(bd, OP_GE, t, opd_int(1)), t, opd_int(1));
}

/* The map over the blocks: block j's copy from the bins, then its
 * iterations [lo + j n / nblk, lo + (j + 1) n / nblk) in order. */
static Stmt *blocks_map(Rev *r, Stmt *s, BlockFirst *bf, Operand nblk, Operand stride, Operand n) {
    Builder in;
    Stmt *m = rule_map(r, s, nblk,
                       "blocks of the iterations, each into a copy of the bins of its "
                       "own, keeping each bin's first entry that bettered it",
                       &in);
    m->index->name = "blk";
    Operand j = opd_var(m->index);
    bf->base = b_mul(&in, j, stride);
    Stmt *init = rule_map(r, s, s->hist_nbins, "the block's copy of the bins", &(Builder){0});
    Builder ib = {r->a, r->dst, init->body, s->loc};
    init->serial = true; /* inside a parallel map */
    Operand at = b_add(&ib, bf->base, opd_var(init->index));
    body_append(r->a, init->body,
                stmt_write(r->a, s->loc, bf->vals, at,
                           rule_read(r, &ib, s->hist_bins, opd_var(init->index))));
    /* the entries need no initial value: blocks_combined reads one only
     * where the block's value betters the bin's, which the copy from
     * before never does */
    body_append(r->a, m->body, init);
    Operand lo = b_cast(&in, type_long(), s->lo);
    Operand from = b_add(&in, lo, b_div(&in, b_mul(&in, j, n), nblk));
    Operand to = b_add(&in, lo, b_div(&in, b_mul(&in, b_add(&in, j, opd_int(1)), n), nblk));
    Stmt *loop = stmt_new(r->a, S_LOOP, s->loc);
    loop->index = s->index;
    loop->lo = b_cast(&in, s->index->ty, from);
    loop->hi = b_cast(&in, s->index->ty, to);
    loop->blocks_of = m->index;
    loop->whole_lo = s->lo;
    loop->whole_hi = s->hi;
    loop->body = body_rewrite(r->a, s->body, block_first_update, bf);
    mark_simd_rows(bf, loop->body);
    body_append(r->a, m->body, loop);
    return m;
}

/* Per bin: the blocks' copies in order, into h (the final bins) and
 * first (each bin's first entry with its final value, LONG_MAX where the
 * value from before is it). A block's value betters the running bin only
 * if the block updated the bin: otherwise it is the value from before,
 * which the running bin equals or betters (betters is strict, false for a
 * NaN, and transitive), so its entry was written. */
static Stmt *blocks_combined(Rev *r, Stmt *s, BlockFirst *bf, Operand nblk, Operand stride) {
    Buffer *h = s->hist_bins;
    Builder in;
    Stmt *m = rule_map(r, s, s->hist_nbins,
                       "the bins' final values and first entries: from before, then the blocks' "
                       "in order",
                       &in);
    Operand b = opd_var(m->index);
    body_append(r->a, m->body, stmt_write(r->a, s->loc, bf->fp.first, b, opd_int(LONG_MAX)));
    Stmt *loop = stmt_new(r->a, S_LOOP, s->loc);
    loop->index = var_new(r->a, r->dst, "blk", type_long());
    loop->lo = opd_int(0);
    loop->hi = nblk;
    loop->body = body_new(r->a);
    Builder lb = {r->a, r->dst, loop->body, s->loc};
    Operand at = b_add(&lb, b_mul(&lb, opd_var(loop->index), stride), b);
    Operand v = rule_read(r, &lb, bf->vals, at);
    Stmt *take = rule_if(r, s->loc, betters(&lb, bf->is_min, v, rule_read(r, &lb, h, b)));
    Builder tb = {r->a, r->dst, take->then_body, s->loc};
    Operand e = rule_read(r, &tb, bf->firsts, at);
    body_append(r->a, take->then_body, stmt_write(r->a, s->loc, h, b, v));
    body_append(r->a, take->then_body, stmt_write(r->a, s->loc, bf->fp.first, b, e));
    body_append(r->a, loop->body, take);
    body_append(r->a, m->body, loop);
    return m;
}

static bool first_found_forward(Rev *r, Stmt *s, PtrVec *sites) {
    Buffer *h = s->hist_bins;
    /* (not on a GPU: a block per CPU thread there is one block, its loop
     * on one GPU thread; the map as written updates the bins atomically,
     * and the return sweep finds the first entries again, on the grid) */
    if (r->gpu || !is_recomputed_hist(s) || !h->active || !h->adj || r->par_loop ||
        !vec_contains(&r->src->body->stmts, s))
        return false;
    collect_updates(r->a, s->body, h, sites);
    ReduceOp op = ((Stmt *)sites->items[0])->acc_op;
    bool values_active = false;
    for (int i = 0; i < sites->len; i++) {
        Operand v = ((Stmt *)sites->items[i])->args[0];
        values_active |= v.kind == OPD_VAR && v.var->active;
    }
    return (op == RED_MIN || op == RED_MAX) && values_active;
}

bool hist_firsts_forward(Rev *r, Stmt *s) {
    PtrVec sites = {0};
    return first_found_forward(r, s, &sites);
}

static bool rev_first_hist_fwd(Rev *r, Stmt *s, Body *out) {
    PtrVec sites = {0};
    if (!first_found_forward(r, s, &sites))
        return false;
    Buffer *h = s->hist_bins;
    const char *label = buffer_label(r->a, h);
    Builder bd = {r->a, r->dst, out, s->loc};
    ReduceOp op = ((Stmt *)sites.items[0])->acc_op;
    b_comment(&bd, arena_printf(r->a,
                                "the %s histogram into %s in blocks of the iterations, each into "
                                "a copy of the bins of its own; then per bin the blocks' in "
                                "order: the final bins, and each one's first entry that gave its "
                                "final value, kept for the return sweep",
                                reduce_op_name(op), label));
    Operand lo = b_cast(&bd, type_long(), s->lo), hi = b_cast(&bd, type_long(), s->hi);
    Operand n = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    Operand nblk = block_count(r, s, sites.len, n, &bd);
    /* a block's bins a cache line (8 elements) or more from the next's */
    Operand stride = b_add(
        &bd, b_mul(&bd, b_div(&bd, b_add(&bd, s->hist_nbins, opd_int(7)), opd_int(8)), opd_int(8)),
        opd_int(8));
    Operand copies = b_mul(&bd, nblk, stride);
    Stmt *row = s->hist_row_trips.kind != OPD_NONE ? loop_around(s->body, sites.items[0]) : NULL;
    BlockFirst bf = {
        {r, s, NULL,
         rule_temp(r, &bd, arena_printf(r->a, "%s_first", label), type_long(), s->hist_nbins),
         sites, row},
        rule_temp(r, &bd, arena_printf(r->a, "%s_part", label), h->elem, copies),
        rule_temp(r, &bd, arena_printf(r->a, "%s_part_first", label), type_long(), copies),
        opd_none(),
        op == RED_MIN};
    body_append(r->a, out, blocks_map(r, s, &bf, nblk, stride, n));
    body_append(r->a, out, blocks_combined(r, s, &bf, nblk, stride));
    rule_free(r, &bd, bf.vals);
    rule_free(r, &bd, bf.firsts);
    KeptFirst *kf = arena_alloc(r->a, sizeof(KeptFirst));
    *kf = (KeptFirst){s, bf.fp.first};
    vec_push(r->a, &r->kept_firsts, kf);
    return true;
}

static Buffer *kept_first(Rev *r, Stmt *s) {
    for (int i = 0; i < r->kept_firsts.len; i++) {
        KeptFirst *kf = r->kept_firsts.items[i];
        if (kf->hist == s)
            return kf->first;
    }
    return NULL;
}

/* The iterations of map s again with their adjoints, into `into`, a body
 * of par (already linked there): the parallel loop the accumulations are
 * judged against, unless one is around it. */
static void adjoint_in(Rev *r, Stmt *s, Body *into, Stmt *par) {
    Stmt *outer = enter_par_loop(r, par, s);
    adjoint_iterations(r, s->body, into);
    leave_par_loop(r, par, outer);
}

/* Whether the iterations of the row loop around the updates share nothing:
 * no carried values, no writes but the updates of the bins (sites). */
static bool trips_independent(Body *b, const PtrVec *sites) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        switch (s->kind) {
        case S_LET:
        case S_READ:
        case S_COMMENT:
        case S_EFFECT: /* a bin check; effects do not run again */
            break;
        case S_ACC:
            if (site_number(sites, s) < 0)
                return false;
            break;
        case S_DECL:
            if (s->buf)
                return false;
            break;
        case S_IF:
        case S_LOOP:
        case S_MAP:
            if (s->carried.len || !trips_independent(s->then_body, sites) ||
                !trips_independent(s->else_body, sites) || !trips_independent(s->body, sites))
                return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

typedef struct OneTrip {
    Rev *r;
    Stmt *row;
    Operand trip;
} OneTrip;

/* The row loop narrowed to the trip: over [lo + trip, lo + trip + 1); with
 * a counter of the user's (computed from the trips' count) its body under
 * if (j - lo == trip) instead. */
static bool one_trip(void *ctx, Stmt *s, Body *out) {
    OneTrip *ot = ctx;
    if (s != ot->row)
        return false;
    Rev *r = ot->r;
    Stmt *loop = stmt_new(r->a, S_LOOP, s->loc);
    *loop = *s;
    if (!s->counter) {
        Builder pre = {r->a, r->dst, out, s->loc};
        Type ty = s->index->ty;
        loop->lo = b_cast(&pre, ty, b_add(&pre, b_cast(&pre, type_long(), s->lo), ot->trip));
        loop->hi = b_add(&pre, loop->lo, opd_int(1));
        body_append(r->a, out, loop);
        return true;
    }
    loop->body = body_new(r->a);
    Builder in = {r->a, r->dst, loop->body, s->loc};
    Operand j =
        b_sub(&in, b_cast(&in, type_long(), opd_var(s->index)), b_cast(&in, type_long(), s->lo));
    Stmt *mine = stmt_new(r->a, S_IF, s->loc);
    mine->cond = b_cmp(&in, OP_EQ, j, ot->trip);
    mine->then_body = s->body; /* the trip's statements, as they are */
    mine->else_body = body_new(r->a);
    body_append(r->a, loop->body, mine);
    body_append(r->a, out, loop);
    return true;
}

/* Step 3: for each bin with a first entry e, the iteration of e runs again
 * with its adjoint (a map of one iteration inside the map over bins). Where
 * the updates are in a row loop whose trips share nothing, only the
 * entry's trip runs: the others would add zeros to the values' adjoints,
 * atomically. */
static void sparse_adjoint(Rev *r, Stmt *s, Buffer *fin, Buffer *first, PtrVec sites, Body *out) {
    Builder in;
    Stmt *bins = rule_map(r, s, s->hist_nbins,
                          "each bin's adjoint to the value of its first entry with its final "
                          "value: that entry's iteration and its adjoint",
                          &in);
    /* a loop of its own, not fused into the blocks' merge before it: there
     * each bin's loop over the blocks branches unpredictably, and behind
     * those branches the scattered updates of the entries' adjoints waited
     * (apart, 14-31% faster on hist_vmin10_50000) */
    bins->apart = true;
    Operand b = opd_var(bins->index), e = rule_read(r, &in, first, b);
    Stmt *has = rule_if(r, s->loc, b_cmp(&in, OP_NE, e, opd_int(LONG_MAX)));
    /* the bin's value from before keeps the adjoint where it is the final
     * value (h holds it again; first entries found forward say so
     * themselves) */
    if (fin)
        has->cond =
            b_op(&in, OP_AND, type_bool(), has->cond,
                 b_cmp(&in, OP_NE, rule_read(r, &in, s->hist_bins, b), rule_read(r, &in, fin, b)));
    Builder th = {r->a, r->dst, has->then_body, s->loc};
    Operand lo = b_cast(&th, type_long(), s->lo);
    Stmt *row = s->hist_row_trips.kind != OPD_NONE ? loop_around(s->body, sites.items[0]) : NULL;
    Operand per_iteration = opd_int(sites.len);
    if (row)
        per_iteration = b_mul(&th, s->hist_row_trips, per_iteration);
    Operand at = b_add(&th, lo, b_div(&th, e, per_iteration));
    bool one_trip_only = row && !row->carried.len && trips_independent(row->body, &sites);
    Operand trip = one_trip_only ? b_op(&th, OP_MOD, type_long(), b_div(&th, e, opd_int(sites.len)),
                                        s->hist_row_trips)
                                 : opd_none();
    Stmt *one = stmt_new(r->a, S_MAP, s->loc);
    one->index = s->index;
    one->counter = s->counter;
    one->lo = b_cast(&th, s->index->ty, at);
    one->hi = b_cast(&th, s->index->ty, b_add(&th, at, opd_int(1)));
    one->note = "the entry's iteration, and its adjoint";
    one->serial = true; /* one iteration */
    one->body = body_new(r->a);
    body_append(r->a, has->then_body, one);
    body_append(r->a, bins->body, has);
    /* one trip: its updates are the entry's trip's, told apart by site */
    HistSparse sp = {e.var, sites, one_trip_only ? NULL : row, s->hist_row_trips, bins->index};
    HistSparse *outer_sparse = r->hist_sparse;
    r->hist_sparse = &sp;
    bool distinct = !r->par_loop && sites.len == 1 && (!row || one_trip_only);
    r->entry_map = distinct ? one : NULL;
    r->entry_row = distinct ? row : NULL;
    Stmt *again = s;
    if (one_trip_only) {
        OneTrip ot = {r, row, trip};
        again = stmt_new(r->a, S_MAP, s->loc);
        *again = *s;
        again->body = body_rewrite(r->a, s->body, one_trip, &ot);
    }
    adjoint_in(r, again, one->body, bins);
    r->entry_map = r->entry_row = NULL;
    r->hist_sparse = outer_sparse;
    body_append(r->a, out, bins);
}

/* Step 4: h_b[k] = 0 where the bin's final value is not its value from
 * before (h holds that again), or where it has a first entry found
 * forward. */
static void zero_replaced_bins(Rev *r, Stmt *s, Buffer *fin, Buffer *first, Body *out) {
    Buffer *h = s->hist_bins;
    Builder in;
    Stmt *m = rule_map(r, s, s->hist_nbins,
                       "the bins from before keep no adjoint where an update "
                       "gave the final value",
                       &in);
    Operand k = opd_var(m->index);
    Stmt *replaced =
        rule_if(r, s->loc,
                first ? b_cmp(&in, OP_NE, rule_read(r, &in, first, k), opd_int(LONG_MAX))
                      : b_cmp(&in, OP_NE, rule_read(r, &in, h, k), rule_read(r, &in, fin, k)));
    body_append(r->a, replaced->then_body,
                stmt_write(r->a, s->loc, h->adj, k, b_fconst(0, h->elem)));
    body_append(r->a, m->body, replaced);
    body_append(r->a, out, m);
}

/* ---- *: the map that updates the bins itself ----
 *
 * histogram(*: h) whose iterations write nothing but the bins: the rule of
 * the runtime's PG_HIST_MUL_REV (zero counting), with the values
 * recomputed instead of read from arrays:
 *   1. one map runs the iterations again, each update becoming two
 *      products per bin: nonzero[k] of the bin's non-zero values, zeros[k]
 *      of 2 per zero (2^zeros: exact, and it tells no zero, one, and more,
 *      even where it overflows to inf);
 *   2. the adjoint map over all iterations, the update's adjoint being
 *      v_b += h_b[k] * h0[k] * (the product of the bin's other values);
 *   3. h_b[k] *= (the product of all the bin's values). */
typedef struct Products {
    Rev *r;
    Buffer *nonzero, *zeros;
    PtrVec sites;
    bool rows; /* every update in an inner loop (over a row of bins) */
} Products;

static bool product_update(void *ctx, Stmt *u, Body *out) {
    Products *pr = ctx;
    if (site_number(&pr->sites, u) < 0)
        return false;
    Rev *r = pr->r;
    Builder bd = {r->a, r->dst, out, u->loc};
    Type ty = pr->nonzero->elem;
    Operand v = u->args[0];
    Operand zero = b_cmp(&bd, OP_EQ, v, b_fconst(0, ty));
    /* one update per value (where bins are updated atomically, a product
     * by 1 would cost as much as any), but both in a row's loop: its bins
     * as vector lanes, no branch */
    Operand two = b_fconst(2, ty);
    if (pr->rows) {
        two = b_select(&bd, zero, two, b_fconst(1, ty));
        v = b_select(&bd, zero, b_fconst(1, ty), v);
    }
    Stmt *twice = stmt_acc(r->a, u->loc, pr->zeros, u->idx[0], two, ACC_ATOMIC);
    Stmt *times = stmt_acc(r->a, u->loc, pr->nonzero, u->idx[0], v, ACC_ATOMIC);
    twice->acc_op = times->acc_op = RED_MUL;
    if (pr->rows) {
        body_append(r->a, out, twice);
        body_append(r->a, out, times);
        return true;
    }
    Stmt *is_zero = rule_if(r, u->loc, zero);
    body_append(r->a, is_zero->then_body, twice);
    body_append(r->a, is_zero->else_body, times);
    body_append(r->a, out, is_zero);
    return true;
}

/* Step 1: both products per bin, starting at 1, in one pass over the
 * iterations (the per-thread copies hold both arrays where they fit the
 * threads' stacks: pg_hist_private counts 2 elements a bin). */
static HistProducts bin_products(Rev *r, Stmt *s, PtrVec sites, Builder *bd) {
    Buffer *h = s->hist_bins;
    const char *label = buffer_label(r->a, h);
    HistProducts hp = {
        rule_temp(r, bd, arena_printf(r->a, "%s_nonzero", label), h->elem, s->hist_nbins),
        rule_temp(r, bd, arena_printf(r->a, "%s_zeros", label), h->elem, s->hist_nbins)};
    Builder in;
    Stmt *ones = rule_map(r, s, s->hist_nbins, "every product starts at 1", &in);
    body_append(r->a, ones->body,
                stmt_write(r->a, s->loc, hp.nonzero, opd_var(ones->index), b_fconst(1, h->elem)));
    body_append(r->a, ones->body,
                stmt_write(r->a, s->loc, hp.zeros, opd_var(ones->index), b_fconst(1, h->elem)));
    body_append(r->a, bd->b, ones);
    Products pr = {r, hp.nonzero, hp.zeros, sites, sites.len > 0};
    for (int i = 0; i < sites.len; i++)
        pr.rows &= loop_around(s->body, sites.items[i]) != NULL;
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    *m = *s;
    m->text = "map";
    m->note = arena_printf(r->a,
                           "per bin of %s the product of its non-zero values and 2^(its zero "
                           "values): 1, 2, or more (the iterations run again)",
                           label);
    m->hist_bins = hp.nonzero;
    m->hist_more_bins = hp.zeros;
    m->body = body_rewrite(r->a, s->body, product_update, &pr);
    body_append(r->a, bd->b, m);
    return hp;
}

/* Step 2: the adjoint map over every iteration. */
static void product_values(Rev *r, Stmt *s, HistProducts *hp, Body *out) {
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    m->index = s->index;
    m->counter = s->counter;
    m->lo = s->lo;
    m->hi = s->hi;
    m->text = "map";
    m->note = "adjoint: each value's from its bin's, times the bin's value from before and the "
              "product of its other values";
    m->body = body_new(r->a);
    HistProducts *outer_products = r->hist_products;
    r->hist_products = hp;
    adjoint_in(r, s, m->body, m);
    r->hist_products = outer_products;
    body_append(r->a, out, m);
}

/* Step 3: h_b[k] *= nonzero[k] where the bin had no zero, 0 where it had. */
static void product_bins(Rev *r, Stmt *s, HistProducts *hp, Body *out) {
    Buffer *h = s->hist_bins;
    Builder in;
    Stmt *m = rule_map(r, s, s->hist_nbins,
                       "the bins from before: their adjoints times the product of the values", &in);
    Operand k = opd_var(m->index), ty1 = b_fconst(1, h->elem);
    Operand none = b_cmp(&in, OP_EQ, rule_read(r, &in, hp->zeros, k), ty1);
    body_append(r->a, m->body,
                stmt_write(r->a, s->loc, h->adj, k,
                           b_mul(&in, rule_read(r, &in, h->adj, k),
                                 b_select(&in, none, rule_read(r, &in, hp->nonzero, k),
                                          b_fconst(0, h->elem)))));
    body_append(r->a, out, m);
}

/* ---- *: the products kept from the forward sweep ----
 *
 * A * histogram of the function's body runs once forward. There, instead
 * of the loop as written, step 1's pass computes both products per bin,
 * and the bins follow from them: h[b] *= (no zero ? nonzero[b] : 0). The
 * return sweep then finds the products where it needs them, and the
 * iterations run twice in all (this pass and the adjoint), not three
 * times. */
typedef struct KeptProducts {
    Stmt *hist;
    HistProducts hp;
} KeptProducts;

static bool products_kept_forward(Rev *r, Stmt *s) {
    Buffer *h = s->hist_bins;
    if (!is_recomputed_hist(s) || !h->active || !h->adj || r->par_loop ||
        !vec_contains(&r->src->body->stmts, s))
        return false;
    PtrVec sites = {0};
    collect_updates(r->a, s->body, h, &sites);
    return ((Stmt *)sites.items[0])->acc_op == RED_MUL;
}

static bool rev_product_hist_fwd(Rev *r, Stmt *s, Body *out) {
    if (!products_kept_forward(r, s))
        return false;
    Buffer *h = s->hist_bins;
    Builder bd = {r->a, r->dst, out, s->loc};
    b_comment(&bd, arena_printf(r->a,
                                "the * histogram into %s as per bin the product of its non-zero "
                                "values and 2^(its zero values), kept for the return sweep, "
                                "then the bins from them",
                                buffer_label(r->a, h)));
    PtrVec sites = {0};
    collect_updates(r->a, s->body, h, &sites);
    KeptProducts *kp = arena_alloc(r->a, sizeof(KeptProducts));
    kp->hist = s;
    kp->hp = bin_products(r, s, sites, &bd);
    vec_push(r->a, &r->kept_products, kp);
    Builder in;
    Stmt *m = rule_map(r, s, s->hist_nbins, "the bins: times the product of their values", &in);
    Operand k = opd_var(m->index), one = b_fconst(1, h->elem);
    Operand none = b_cmp(&in, OP_EQ, rule_read(r, &in, kp->hp.zeros, k), one);
    Operand all = b_select(&in, none, rule_read(r, &in, kp->hp.nonzero, k), b_fconst(0, h->elem));
    body_append(r->a, m->body,
                stmt_write(r->a, s->loc, h, k, b_mul(&in, rule_read(r, &in, h, k), all)));
    body_append(r->a, out, m);
    return true;
}

static HistProducts *kept_products(Rev *r, Stmt *s) {
    for (int i = 0; i < r->kept_products.len; i++) {
        KeptProducts *kp = r->kept_products.items[i];
        if (kp->hist == s)
            return &kp->hp;
    }
    return NULL;
}

/* v_b += h_b[k] * h0[k] * rest, rest the product of the bin's other
 * values: t[k] / v without zeros, t[k] for the bin's one zero, else 0 */
static void product_update_adjoint(Rev *r, Stmt *s, Builder *bd) {
    HistProducts *hp = r->hist_products;
    Buffer *h = s->buf;
    Operand v = s->args[0];
    if (!hp) {
        rev_error(r, s->loc, NULL, "internal: a * histogram's update outside its rule");
        return;
    }
    if (v.kind != OPD_VAR || !v.var->active)
        return;
    Type ty = h->elem;
    Operand k = s->idx[0];
    Operand p = rule_read(r, bd, hp->nonzero, k);
    Operand z = rule_read(r, bd, hp->zeros, k);
    Operand zero = b_cmp(bd, OP_EQ, v, b_fconst(0, ty));
    Operand others = b_div(bd, p, b_select(bd, zero, b_fconst(1, ty), v));
    Operand one_zero_here =
        b_op(bd, OP_AND, type_bool(), b_cmp(bd, OP_EQ, z, b_fconst(2, ty)), zero);
    Operand rest = b_select(bd, b_cmp(bd, OP_EQ, z, b_fconst(1, ty)), others,
                            b_select(bd, one_zero_here, p, b_fconst(0, ty)));
    Operand d = b_mul(bd, b_mul(bd, rule_read(r, bd, h->adj, k), rule_read(r, bd, h, k)), rest);
    add_adjoint(r, bd, v, d);
}

void rev_recomputed_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    Buffer *h = s->hist_bins;
    bool active = h->active && h->adj;
    Builder bd = {r->a, r->dst, out, s->loc};
    PtrVec sites = {0};
    collect_updates(r->a, s->body, h, &sites);
    ReduceOp op = ((Stmt *)sites.items[0])->acc_op;
    bool keep = final_bins_kept(r, s, h);
    /* the first entries found forward tell the bins replaced: no final
     * values needed to compare with those from before */
    Buffer *first = active ? kept_first(r, s) : NULL;
    Buffer *fin = (active && op != RED_MUL && !first) || keep
                      ? copy_final_bins(r, s, h, s->hist_nbins, &bd)
                      : NULL;
    if (keep)
        keep_final_bins(r, s, fin, h, s->hist_nbins);
    restore_regions(r, &s, 1, out, dead);
    if (!active)
        return;
    bool values_active = false;
    for (int i = 0; i < sites.len; i++) {
        Operand v = ((Stmt *)sites.items[i])->args[0];
        values_active |= v.kind == OPD_VAR && v.var->active;
    }
    if (op == RED_MUL) {
        b_comment(&bd, arena_printf(r->a,
                                    "adjoint of the * histogram into %s: per bin the product of "
                                    "the non-zero values and the number of zeros, then each "
                                    "value's adjoint from its bin's",
                                    buffer_label(r->a, h)));
        HistProducts *kept = kept_products(r, s);
        HistProducts hp = kept ? *kept : bin_products(r, s, sites, &bd);
        if (values_active)
            product_values(r, s, &hp, out);
        product_bins(r, s, &hp, out);
        rule_free(r, &bd, hp.nonzero);
        rule_free(r, &bd, hp.zeros);
    } else {
        b_comment(&bd, arena_printf(r->a,
                                    "adjoint of the %s histogram into %s: per bin the first "
                                    "update that gave the final value takes the bin's adjoint "
                                    "(the value from before keeps it on ties)",
                                    reduce_op_name(op), buffer_label(r->a, h)));
        if (first) {
            sparse_adjoint(r, s, NULL, first, sites, out);
            zero_replaced_bins(r, s, NULL, first, out);
            rule_free(r, &bd, first);
        } else {
            if (values_active) {
                first = first_entries(r, s, fin, sites, &bd);
                sparse_adjoint(r, s, fin, first, sites, out);
                rule_free(r, &bd, first);
            }
            zero_replaced_bins(r, s, fin, NULL, out);
        }
    }
    if (fin && !keep)
        rule_free(r, &bd, fin);
}

/* The adjoint of an update h[k] = fmin(h[k], v) in the sparse adjoint
 * above: the entry being run takes the bin's adjoint; the iteration's other
 * updates, whose entries are other bins' or none, take nothing. */
void rev_recomputed_update(Rev *r, Stmt *s, Builder *bd) {
    if (s->acc_op == RED_MUL) {
        product_update_adjoint(r, s, bd);
        return;
    }
    HistSparse *sp = r->hist_sparse;
    if (!sp) {
        rev_error(r, s->loc, NULL, "internal: a min or max histogram's update outside its rule");
        return;
    }
    /* the entry's update is its bin's: h_b read at the bins map's index,
     * which the map zeroing the bins' adjoints after it then fuses with */
    Operand bin = opd_var(sp->bin);
    const Operand *at = s->nidx == 1 ? &bin : s->idx;
    if (sp->sites.len == 1 && !sp->row) { /* the entry is this iteration's only one */
        update_adjoint_at(r, s, bd, at);
        return;
    }
    /* the update whose number, in this iteration, the entry's is */
    Operand e = opd_var(sp->entry), nsites = opd_int(sp->sites.len);
    Operand cond = b_cmp(bd, OP_EQ, b_op(bd, OP_MOD, type_long(), e, nsites),
                         opd_int(site_number(&sp->sites, s)));
    if (sp->row) {
        Operand trip = b_op(bd, OP_MOD, type_long(), b_div(bd, e, nsites), sp->trips);
        Operand j = b_sub(bd, b_cast(bd, type_long(), opd_var(sp->row->index)),
                          b_cast(bd, type_long(), sp->row->lo));
        cond = b_op(bd, OP_AND, type_bool(), cond, b_cmp(bd, OP_EQ, trip, j));
    }
    Stmt *mine = rule_if(r, s->loc, cond);
    Builder th = {r->a, r->dst, mine->then_body, s->loc};
    update_adjoint_at(r, s, &th, at);
    body_append(r->a, bd->b, mine);
}

bool rev_recomputed_hist_fwd(Rev *r, Stmt *s, Body *out) {
    return rev_product_hist_fwd(r, s, out) || rev_first_hist_fwd(r, s, out);
}
