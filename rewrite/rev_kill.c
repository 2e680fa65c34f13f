/* What a sequential loop's iterations need not save.
 *
 * The reversal of a sequential loop (rev.c) saves, before each iteration,
 * the elements the iteration will overwrite, and puts them back before the
 * iteration runs again in the return sweep, so that it reads what it read
 * the first time. For a local scratch array that is wasted work: GMM's
 * per-component `xcentered` and `Qxcentered` are written in full before
 * anything reads them, in every iteration, and a triangular
 * `out[j] += ltri[idx] * x[i]` only adds into its target; saving them
 * cost a tape the size of the data times the trip counts (issue 8).
 *
 * A local array B written by the loop keeps no per-iteration saves when
 *  - each read of B in the iteration reads elements that statements
 *    before it in the same iteration wrote unconditionally (B is killed:
 *    its old values are never read; a histogram's updates read only its
 *    bins, killed where the step zeroed them all; the pieces written may
 *    join end to end, an interior map and the boundary stores, or be the
 *    rows t[c * m + j] of a nested map read back flat), or
 *  - every read of B only adds back into B (read_only_adds_back): the
 *    re-executed values are wrong, but nothing with a derivative reads
 *    them;
 * and the values of B from before the loop are not needed after its
 * return sweep: nothing before the loop, up to B's declaration, reads B,
 * or a sequential loop around it restores (or kills) B in each of its own
 * iterations. Otherwise the saves stay.
 *
 * A local array or a parameter B keeps none either where the loop is a
 * trajectory in B: iteration t writes only rows t + k of B and reads only
 * rows before those (behind them where t counts down), each row within
 * [0, len) (u[(t + 1) * n + i] from u[t * n + i - 1]; rows of one,
 * y[i] from y[i - 1]). No element is then overwritten after a read, the
 * re-executed iterations write the same values again, and B is left with
 * its final values (nothing runs again for the caller: rev.c,
 * rerun_restored).
 *
 * Regions are compared symbolically: an index is base + offset (casts,
 * copies, added constants), and an inner loop's index ranges over
 * [lo, hi - 1] with lo and hi themselves resolved; two bounds compare when
 * their bases are the same value (one variable, or integer operators over
 * the same values: a memset's count K * d and a loop's). Indices are
 * non-negative (valid). */
#include "rev.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Where {
    Stmt *s;
    Body *body;           /* the body holding s */
    Stmt *owner;          /* the statement owning that body; NULL: the function's */
    int at;               /* s's position in body */
    PtrVec *skip;         /* for a loop, once found: the arrays it need not save */
    PtrVec *checkpoints;  /* and those it saves at the end of each iteration */
    PtrVec *trajectories; /* and of the arrays it need not save, those left final */
} Where;

typedef struct LoopKills {
    int nvars, nbufs;
    Stmt **def_loop;    /* by var id: the innermost loop around its binding */
    Stmt **loop_parent; /* by a loop's index id: the loop around that loop */
    Body **decl_body;   /* by buffer id: the body declaring a local array */
    Stmt **decl_loop;   /* by buffer id: the innermost loop around that declaration */
    Where *where;       /* open addressing on the statement's address */
    size_t cap;
} LoopKills;

/* ---- where statements are ---- */
static size_t stmt_hash(const Stmt *s, size_t cap) {
    return (size_t)(((uintptr_t)s >> 4) * 0x9E3779B97F4A7C15u) & (cap - 1);
}

static void where_put(LoopKills *k, Stmt *s, Body *b, Stmt *owner, int at) {
    size_t h = stmt_hash(s, k->cap);
    while (k->where[h].s && k->where[h].s != s)
        h = (h + 1) & (k->cap - 1);
    k->where[h] = (Where){s, b, owner, at, NULL, NULL, NULL};
}

static Where *where_of(LoopKills *k, Stmt *s) {
    for (size_t h = stmt_hash(s, k->cap); k->where[h].s; h = (h + 1) & (k->cap - 1))
        if (k->where[h].s == s)
            return &k->where[h];
    return NULL;
}

static bool is_loop_like(Stmt *s) {
    return s->body && s->index && (s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE);
}

static void set_def_loop(LoopKills *k, Var *v, Stmt *loop) {
    if (v && v->id >= 0 && v->id < k->nvars)
        k->def_loop[v->id] = loop;
}

static void index_body(LoopKills *k, Body *b, Stmt *owner, Stmt *loop) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        where_put(k, s, b, owner, i);
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int d = 0; d < n; d++)
            set_def_loop(k, defs[d], loop);
        free(defs);
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf && s->buf->id < k->nbufs) {
            k->decl_body[s->buf->id] = b;
            k->decl_loop[s->buf->id] = loop;
        }
        Stmt *inner = loop;
        if (is_loop_like(s)) {
            inner = s;
            if (s->index->id < k->nvars)
                k->loop_parent[s->index->id] = loop;
            set_def_loop(k, s->index, s);
            if (s->counter)
                set_def_loop(k, s->counter->var, s);
            for (int c = 0; c < s->carried.len; c++)
                set_def_loop(k, ((Carried *)s->carried.items[c])->param, s);
        }
        index_body(k, s->then_body, s, loop);
        index_body(k, s->else_body, s, loop);
        index_body(k, s->body, s, inner);
    }
}

static LoopKills *loop_kills(Rev *r) {
    if (r->kills)
        return r->kills;
    LoopKills *k = arena_alloc(r->a, sizeof(LoopKills));
    k->nvars = r->src->next_var_id;
    k->nbufs = r->src->next_buf_id;
    k->def_loop = arena_alloc(r->a, sizeof(Stmt *) * (size_t)(k->nvars + 1));
    k->loop_parent = arena_alloc(r->a, sizeof(Stmt *) * (size_t)(k->nvars + 1));
    k->decl_body = arena_alloc(r->a, sizeof(Body *) * (size_t)(k->nbufs + 1));
    k->decl_loop = arena_alloc(r->a, sizeof(Stmt *) * (size_t)(k->nbufs + 1));
    size_t n = (size_t)body_count_stmts(r->src->body);
    for (k->cap = 16; k->cap < 2 * n + 2; k->cap *= 2)
        ;
    k->where = arena_alloc(r->a, sizeof(Where) * k->cap);
    index_body(k, r->src->body, NULL, NULL);
    r->kills = k;
    return k;
}

/* Whether loop x is `loop` or runs inside it. */
static bool within(LoopKills *k, Stmt *x, Stmt *loop) {
    for (int guard = 0; x && guard < 1000; guard++) {
        if (x == loop)
            return true;
        x = x->index->id < k->nvars ? k->loop_parent[x->index->id] : NULL;
    }
    return false;
}

/* ---- symbolic bounds ---- */
/* base + off; base OPD_NONE: the constant off */
typedef struct Sym {
    Operand base;
    long long off;
} Sym;

static bool sym_of(Rev *r, LoopKills *k, Stmt *loop, Operand o, bool upper, Sym *out, int depth);

/* The loop of an inner index or counter v, with its range's ends (the
 * upper one inclusive), or NULL. */
static Stmt *counting_loop(Rev *r, Var *v, Operand *lo, Operand *hi, long long *hi_adjust) {
    Stmt *d = def_of(r, opd_var(v));
    if (!d || !is_loop_like(d) || d->blocks_of)
        return NULL;
    if (d->kind == S_LOOP && (d->hi.kind == OPD_NONE || d->until.kind != OPD_NONE))
        return NULL;
    if (d->index == v) {
        *lo = d->lo;
        *hi = d->hi;
        *hi_adjust = -1;
        return d;
    }
    Counter *c = d->counter;
    if (!c || c->var != v || c->blocks_of)
        return NULL;
    /* within [first, limit) going up, [limit, first] going down */
    *lo = c->down ? c->limit : c->first;
    *hi = c->down ? c->first : c->limit;
    *hi_adjust = c->down ? 0 : -1;
    return d;
}

/* A value fixed for the whole iteration of `loop`: bound outside it, or
 * at its body's own level (not in a loop inside). */
static bool fixed_in(LoopKills *k, Stmt *loop, Var *v, Rev *r) {
    Stmt *d = def_of(r, opd_var(v));
    if (!d)
        return true; /* a parameter */
    if (v->id >= k->nvars)
        return false;
    Stmt *at = k->def_loop[v->id];
    return at == loop || !within(k, at, loop);
}

static bool sym_of(Rev *r, LoopKills *k, Stmt *loop, Operand o, bool upper, Sym *out, int depth) {
    long long off = 0;
    Operand b = index_base_offset(r, o, &off);
    if (b.kind == OPD_CONST) {
        if (type_is_float(b.ty))
            return false;
        *out = (Sym){opd_none(), b.ival + off};
        return true;
    }
    if (b.kind != OPD_VAR || depth > 16)
        return false;
    Operand lo, hi;
    long long adjust = 0;
    Stmt *x = counting_loop(r, b.var, &lo, &hi, &adjust);
    if (x && x != loop && within(k, x, loop)) {
        Sym end;
        if (!sym_of(r, k, loop, upper ? hi : lo, upper, &end, depth + 1))
            return false;
        *out = (Sym){end.base, end.off + off + (upper ? adjust : 0)};
        return true;
    }
    if (!fixed_in(k, loop, b.var, r))
        return false;
    *out = (Sym){b, off};
    return true;
}

static bool same_base(Sym a, Sym b) {
    return a.base.kind == b.base.kind && (a.base.kind == OPD_NONE || opd_equal(a.base, b.base));
}

static bool sym_le(Sym a, Sym b) {
    return same_base(a, b) && a.off <= b.off;
}

/* ---- regions ---- */
typedef struct Region {
    int rank;
    Sym lo[4], hi[4];
    /* a nested map's rows, t[c * m + j] over c in [0, nrows) and j in [0,
     * width): all of [0, nrows * width), said by its factors (lo and hi
     * then an empty range) */
    bool rows;
    Sym nrows, width;
} Region;

static bool access_region(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Region *out) {
    out->rank = s->nidx;
    for (int d = 0; d < s->nidx; d++)
        if (!sym_of(r, k, loop, s->idx[d], false, &out->lo[d], 0) ||
            !sym_of(r, k, loop, s->idx[d], true, &out->hi[d], 0))
            return false;
    return true;
}

static bool same_invariant(Rev *r, Operand a, Operand b, int depth);

/* a <= b, their bases the same value (n * m computed twice, a memset's
 * count and a loop's bound) */
static bool sym_le_value(Rev *r, Sym a, Sym b) {
    return a.off <= b.off &&
           (same_base(a, b) || (a.base.kind == OPD_VAR && b.base.kind == OPD_VAR &&
                                same_invariant(r, a.base, b.base, 0)));
}

/* a lower end at or below 0 (indices are not negative) */
static bool from_zero(Sym lo) {
    return lo.base.kind == OPD_NONE && lo.off <= 0;
}

static bool region_covers(Rev *r, const Region *kill, const Region *read) {
    if (kill->rank != read->rank)
        return false;
    for (int d = 0; d < kill->rank; d++) {
        if (!(from_zero(kill->lo[d]) || sym_le_value(r, kill->lo[d], read->lo[d])) ||
            !sym_le_value(r, read->hi[d], kill->hi[d]))
            return false;
    }
    return true;
}

/* The elements a write inside the loops `path` (each running all its
 * iterations) certainly writes: each subscript a value fixed in the
 * iteration, or one of the path's indices plus a constant. */
static bool written_region(Rev *r, LoopKills *k, Stmt *loop, Stmt *w, Stmt **path, int depth,
                           Region *out) {
    out->rank = w->nidx;
    for (int d = 0; d < w->nidx; d++) {
        long long off = 0;
        Operand b = index_base_offset(r, w->idx[d], &off);
        Operand lo, hi;
        long long adjust = 0;
        Stmt *x = b.kind == OPD_VAR ? counting_loop(r, b.var, &lo, &hi, &adjust) : NULL;
        bool on_path = false;
        for (int p = 0; p < depth && x; p++)
            on_path |= path[p] == x;
        if (!on_path) {
            lo = hi = w->idx[d];
            adjust = off = 0;
        }
        Sym a, z, a2, z2;
        /* the ends must be fixed: the same as lower and as upper bounds */
        if (!sym_of(r, k, loop, lo, false, &a, 0) || !sym_of(r, k, loop, lo, true, &a2, 0) ||
            !sym_of(r, k, loop, hi, false, &z2, 0) || !sym_of(r, k, loop, hi, true, &z, 0) ||
            !same_base(a, a2) || a.off != a2.off || !same_base(z, z2) || z.off != z2.off)
            return false;
        if (x && on_path && x->counter && x->counter->var == b.var) {
            Operand step = x->counter->step;
            if (step.kind != OPD_CONST || (step.ival != 1 && step.ival != -1))
                return false;
        }
        out->lo[d] = (Sym){a.base, a.off + off};
        out->hi[d] = (Sym){z.base, z.off + off + (on_path ? adjust : 0)};
    }
    return true;
}

static int sum_terms(Rev *r, Operand o, Operand terms[2], long long *off);

/* o (plus nothing) the index of a loop on the path over all of [0, end):
 * end fixed in the iteration */
static bool whole_range_on_path(Rev *r, LoopKills *k, Stmt *loop, Operand o, Stmt **path, int depth,
                                Sym *end) {
    long long off = 0, adjust = 0;
    Operand b = index_base_offset(r, o, &off), lo, hi;
    Stmt *x = b.kind == OPD_VAR && !off ? counting_loop(r, b.var, &lo, &hi, &adjust) : NULL;
    bool on_path = false;
    for (int p = 0; p < depth && x; p++)
        on_path |= path[p] == x;
    Sym a, z, z2;
    if (!on_path ||
        (x->counter && x->counter->var == b.var &&
         (x->counter->step.kind != OPD_CONST ||
          (x->counter->step.ival != 1 && x->counter->step.ival != -1))) ||
        !sym_of(r, k, loop, lo, false, &a, 0) || !from_zero(a) || a.off != 0 ||
        !sym_of(r, k, loop, hi, false, &z, 0) || !sym_of(r, k, loop, hi, true, &z2, 0) ||
        !same_base(z, z2) || z.off != z2.off)
        return false;
    *end = (Sym){z.base, z.off + adjust + 1}; /* (hi inclusive after adjust) */
    return true;
}

/* An access's one index read as c * m + j: each of the (up to four)
 * readings, either term of the sum the product, either factor c */
typedef struct RowIndex {
    Operand c, m, j;
} RowIndex;

static int row_index_readings(Rev *r, Stmt *s, RowIndex out[4]) {
    long long off = 0;
    Operand t[2];
    int n = 0;
    if (s->nidx != 1 || sum_terms(r, s->idx[0], t, &off) != 2 || off != 0)
        return 0;
    for (int q = 0; q < 2; q++) {
        Stmt *m = t[q].kind == OPD_VAR ? def_of(r, t[q]) : NULL;
        if (!m || m->kind != S_LET || m->op != OP_MUL)
            continue;
        for (int p = 0; p < 2; p++)
            out[n++] = (RowIndex){m->args[p], m->args[1 - p], t[1 - q]};
    }
    return n;
}

/* A write t[c * m + j] inside loops of the path over c in [0, R) and j in
 * [0, m): the rows (R, m), all of [0, R * m). */
static bool written_rows(Rev *r, LoopKills *k, Stmt *loop, Stmt *w, Stmt **path, int depth,
                         Region *out) {
    RowIndex ix[4];
    int n = row_index_readings(r, w, ix);
    for (int i = 0; i < n; i++) {
        Sym rows, cols, width, width_hi;
        if (whole_range_on_path(r, k, loop, ix[i].c, path, depth, &rows) &&
            whole_range_on_path(r, k, loop, ix[i].j, path, depth, &cols) &&
            sym_of(r, k, loop, ix[i].m, false, &width, 0) &&
            sym_of(r, k, loop, ix[i].m, true, &width_hi, 0) && same_base(width, width_hi) &&
            width.off == width_hi.off && sym_le_value(r, cols, width) &&
            sym_le_value(r, width, cols)) {
            *out = (Region){.rank = 1, .rows = true, .nrows = rows, .width = width};
            out->lo[0] = (Sym){opd_none(), 0};
            out->hi[0] = (Sym){opd_none(), -1};
            return true;
        }
    }
    return false;
}

static void add_kills(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Buffer *buf, PtrVec *kills,
                      Stmt **path, int depth) {
    if (s->kind == S_WRITE && s->buf == buf) {
        Region *g = arena_alloc(r->a, sizeof(Region));
        if (written_rows(r, k, loop, s, path, depth, g) ||
            written_region(r, k, loop, s, path, depth, g))
            vec_push(r->a, kills, g);
        return;
    }
    Operand lo, hi;
    long long adjust;
    if (depth == 4 || !is_loop_like(s) || s->kind == S_REDUCE ||
        !counting_loop(r, s->counter ? s->counter->var : s->index, &lo, &hi, &adjust))
        return;
    path[depth] = s;
    for (int i = 0; i < s->body->stmts.len; i++)
        add_kills(r, k, loop, s->body->stmts.items[i], buf, kills, path, depth + 1);
}

/* hi <= b - 1 for a bound b (an index's upper end against a length) */
static bool below(Rev *r, Sym hi, Sym b) {
    return sym_le_value(r, hi, (Sym){b.base, b.off - 1});
}

/* Whether read u[c * m + j] (c in [0, rows'), j in [0, m)) lies within
 * rows * width elements: rows' <= rows and m the same as width. */
static bool rows_read_within(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Sym rows, Sym width) {
    RowIndex ix[4];
    int n = row_index_readings(r, s, ix);
    for (int i = 0; i < n; i++) { /* c's range, m, j's range */
        Sym clo, chi, jlo, jhi, len, len_hi;
        if (sym_of(r, k, loop, ix[i].c, false, &clo, 0) &&
            sym_of(r, k, loop, ix[i].c, true, &chi, 0) &&
            sym_of(r, k, loop, ix[i].m, false, &len, 0) &&
            sym_of(r, k, loop, ix[i].m, true, &len_hi, 0) && same_base(len, len_hi) &&
            len.off == len_hi.off && sym_of(r, k, loop, ix[i].j, false, &jlo, 0) &&
            sym_of(r, k, loop, ix[i].j, true, &jhi, 0) && from_zero(clo) && clo.off >= 0 &&
            from_zero(jlo) && jlo.off >= 0 && below(r, jhi, len) && below(r, chi, rows) &&
            sym_le_value(r, len, width) && sym_le_value(r, width, len))
            return true;
    }
    return false;
}

/* Whether e is the product rows * width (either order), each part the
 * same value */
static bool product_of(Rev *r, LoopKills *k, Stmt *loop, Operand e, Sym rows, Sym width) {
    Stmt *d = e.kind == OPD_VAR ? def_of(r, e) : NULL;
    if (!d || d->kind != S_LET || d->op != OP_MUL)
        return false;
    for (int q = 0; q < 2; q++) {
        Sym a, b;
        if (sym_of(r, k, loop, d->args[q], false, &a, 0) &&
            sym_of(r, k, loop, d->args[1 - q], false, &b, 0) && sym_le_value(r, a, rows) &&
            sym_le_value(r, rows, a) && sym_le_value(r, b, width) && sym_le_value(r, width, b))
            return true;
    }
    return false;
}

/* A read within the rows a kill covers: a kill of [0, rows * m) (a memset
 * of a table: its end a product) read as u[c * m + j], or a kill of a
 * nested map's rows read so or as [0, rows * m) flat (the copy back of a
 * 2-D step's grid). */
static bool rows_covered(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, const Region *kill) {
    if (kill->rows) {
        Region g;
        return rows_read_within(r, k, loop, s, kill->nrows, kill->width) ||
               (access_region(r, k, loop, s, &g) && g.rank == 1 && from_zero(g.lo[0]) &&
                g.hi[0].base.kind == OPD_VAR && g.hi[0].off <= -1 &&
                product_of(r, k, loop, g.hi[0].base, kill->nrows, kill->width));
    }
    Stmt *end = kill->rank == 1 && kill->hi[0].base.kind == OPD_VAR && kill->hi[0].off >= -1
                    ? def_of(r, kill->hi[0].base)
                    : NULL;
    if (!end || end->kind != S_LET || end->op != OP_MUL || !from_zero(kill->lo[0]))
        return false;
    for (int e = 0; e < 2; e++) {
        Sym rows, width;
        if (sym_of(r, k, loop, end->args[e], false, &rows, 0) &&
            sym_of(r, k, loop, end->args[1 - e], false, &width, 0) &&
            rows_read_within(r, k, loop, s, rows, width))
            return true;
    }
    return false;
}

/* Whether x is among the n ends in reach (else adds it, up to max) */
static bool reached_before(Sym *reach, int *n, int max, Sym x) {
    for (int i = 0; i < *n; i++)
        if (same_base(reach[i], x) && reach[i].off == x.off)
            return true;
    if (*n < max)
        reach[(*n)++] = x;
    return false;
}

/* A read of [lo, hi] covered by kills joined end to end (an interior map
 * over [1, n - 1) and the boundary stores t[0], t[n - 1]): a chain from a
 * kill starting at or below lo, each next kill starting at most one past
 * the chain's end, which it moves to its own. Safe also where a kill is
 * empty (its end below its start, so within the chain already). */
static bool chain_covers(Rev *r, PtrVec *kills, const Region *g) {
    enum { MAX_ENDS = 32 };
    Sym reach[MAX_ENDS];
    int n = 0;
    if (g->rank != 1 || kills->len > 16)
        return false;
    for (int i = 0; i < kills->len; i++) {
        Region *h = kills->items[i];
        if (h->rank == 1 && (from_zero(h->lo[0]) || sym_le_value(r, h->lo[0], g->lo[0])))
            reached_before(reach, &n, MAX_ENDS, h->hi[0]);
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < kills->len; i++) {
            Region *h = kills->items[i];
            for (int e = 0; h->rank == 1 && e < n; e++)
                if (sym_le_value(r, h->lo[0], (Sym){reach[e].base, reach[e].off + 1}) &&
                    !reached_before(reach, &n, MAX_ENDS, h->hi[0]) && n < MAX_ENDS)
                    grew = true;
        }
    }
    for (int e = 0; e < n; e++)
        if (sym_le_value(r, g->hi[0], reach[e]))
            return true;
    return false;
}

static bool covered(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, PtrVec *kills) {
    Region g;
    for (int i = 0; i < kills->len; i++)
        if (rows_covered(r, k, loop, s, kills->items[i]))
            return true;
    if (!access_region(r, k, loop, s, &g))
        return false;
    for (int i = 0; i < kills->len; i++)
        if (region_covers(r, kills->items[i], &g))
            return true;
    return chain_covers(r, kills, &g);
}

static bool reads_killed(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Buffer *buf, PtrVec *kills);

/* Whether b touches buf only by updates of its elements (a histogram's) */
static bool only_updates(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->buf == buf)
            continue;
        if (s->body || s->then_body || s->else_body) {
            if (!only_updates(s->then_body, buf) || !only_updates(s->else_body, buf) ||
                !only_updates(s->body, buf) || s->hist_bins == buf)
                return false;
        } else if (stmt_reads_buffer(s, buf) || stmt_writes_buffer(s, buf)) {
            return false;
        }
    }
    return true;
}

/* A histogram's bins, which its updates read: only bins [0, nbins) (its
 * keys are checked there as it runs), killed where statements before it
 * filled that region (the bins zeroed each time step, then summed into). */
static bool bins_killed(Rev *r, LoopKills *k, Stmt *loop, Operand nbins, PtrVec *kills) {
    Sym end;
    if (!sym_of(r, k, loop, nbins, true, &end, 0))
        return false;
    Region g = {.rank = 1};
    g.lo[0] = (Sym){opd_none(), 0};
    g.hi[0] = (Sym){end.base, end.off - 1};
    for (int i = 0; i < kills->len; i++)
        if (region_covers(r, kills->items[i], &g))
            return true;
    return false;
}

/* Whether every read of buf in the statements of b reads elements killed
 * before them or by a statement of b before it; the kills of b's
 * statements are added to *kills. */
static bool body_reads_killed(Rev *r, LoopKills *k, Stmt *loop, Body *b, Buffer *buf,
                              PtrVec *kills) {
    Stmt *path[4];
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (!reads_killed(r, k, loop, s, buf, kills))
            return false;
        add_kills(r, k, loop, s, buf, kills, path, 0);
    }
    return true;
}

/* Whether every read of buf in s (at any depth) reads killed elements: by
 * statements before s, or, inside a sequential loop, by statements before
 * the read in the same iteration of that loop (a strip-mined time loop's
 * block: each step writes the scratch array it then reads). Kills inside
 * the loop count only where their elements do not move with its index. */
static bool reads_killed(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Buffer *buf, PtrVec *kills) {
    if (s->kind == S_MAP && s->hist_bins == buf && only_updates(s->body, buf))
        return bins_killed(r, k, loop, s->hist_nbins, kills);
    if ((s->kind == S_READ || s->kind == S_ACC) && s->buf == buf)
        return covered(r, k, loop, s, kills);
    if ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_reads_buffer(s, buf))
        return false;
    if (s->kind == S_LOOP && s->body && s != loop) {
        PtrVec inner = {0};
        for (int i = 0; i < kills->len; i++)
            vec_push(r->a, &inner, kills->items[i]);
        return body_reads_killed(r, k, loop, s->body, buf, &inner);
    }
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (!reads_killed(r, k, loop, bodies[q]->stmts.items[i], buf, kills))
                return false;
    return true;
}

/* Whether every read of buf in an iteration of loop reads elements the
 * iteration wrote before; the regions it certainly writes into *kills. */
static bool killed_each_iteration(Rev *r, LoopKills *k, Stmt *loop, Buffer *buf, PtrVec *kills) {
    return body_reads_killed(r, k, loop, loop->body, buf, kills);
}

/* Whether each read of buf in b only adds back into buf. */
static bool only_adds_back(Rev *r, Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_READ && s->buf == buf && !read_only_adds_back(r, s))
            return false;
        if (s->kind == S_ACC && s->buf == buf && s->acc_op != RED_ADD)
            return false;
        if ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_reads_buffer(s, buf))
            return false;
        if (!only_adds_back(r, s->then_body, buf) || !only_adds_back(r, s->else_body, buf) ||
            !only_adds_back(r, s->body, buf))
            return false;
    }
    return true;
}

static bool touches_old_values(Stmt *s, Buffer *buf) {
    return stmt_reads_buffer(s, buf) || (s->body && body_updates_buffer(s->body, buf)) ||
           (s->kind == S_ACC && s->buf == buf) ||
           (s->then_body && body_updates_buffer(s->then_body, buf)) ||
           (s->else_body && body_updates_buffer(s->else_body, buf));
}

/* Whether the values buf had before `loop` may be read after the loop's
 * return sweep: by a statement before it, up to buf's declaration (an if,
 * a map or a sequential loop around it: the statements before those too).
 * A sequential loop around it that saves buf puts it back before each of
 * its iterations runs again, not after: what the iteration's return sweep
 * leaves in buf is what the statements before that loop read (campaign
 * seed 99187: a time loop's scratch array, read by the adjoint of a
 * statement before the loop). A loop that adds into buf (adds_only) also reads them where
 * it runs again after the return sweep to give the caller its outputs
 * (rev.c, rerun_restored): unless buf is declared inside the statement
 * run again, which declares it afresh, they are needed (campaign seeds
 * 41166, 41287: a stencil time loop into a malloc'ed temporary, then
 * copied to an output). */
static bool entry_values_needed(Rev *r, LoopKills *k, Stmt *loop, Buffer *buf, bool adds_only) {
    Stmt *cur = loop;
    for (int guard = 0; guard < 1000; guard++) {
        Where *w = where_of(k, cur);
        if (!w)
            return true;
        for (int i = 0; i < w->body->stmts.len && w->body->stmts.items[i] != cur; i++)
            if (touches_old_values(w->body->stmts.items[i], buf))
                return true;
        if (buf->id < k->nbufs && w->body == k->decl_body[buf->id])
            return adds_only && w->body == r->src->body;
        if (!w->owner) /* the caller's arrays: it reads what the function leaves */
            return buf->kind != BUF_PARAM || adds_only;
        cur = w->owner;
    }
    return true;
}

/* A bound computed before loop starts, not in it at any depth: known where
 * the return sweep's iteration begins. */
static bool bound_before(Rev *r, LoopKills *k, Stmt *loop, Sym s) {
    if (s.base.kind == OPD_NONE)
        return true;
    if (s.base.kind != OPD_VAR)
        return false;
    if (!def_of(r, s.base))
        return true;
    if (s.base.var->id >= k->nvars)
        return false;
    Stmt *at = k->def_loop[s.base.var->id];
    return at != loop && !within(k, at, loop);
}

/* ---- trajectories: rows written ahead of the rows read ---- */
/* An access u[(t + row) * len + col] of a flat array of rows, t the loop's
 * own index, len bound before the loop (a plain u[t + k]: rows of one). */
typedef struct TrajAccess {
    Sym len;
    long long row;
    /* col is within [0, len) where len >= 1 (a constant column, len - 1, a
     * remainder of i + len - 1); the others cannot run where len < 1 */
    bool needs_len;
    Operand shift; /* rows of one: u[base + t + k], base the same in every iteration */
} TrajAccess;

/* The variable that counts a loop's iterations one by one (its index, or
 * its counter where that steps by one), *down where it counts down; NULL
 * where there is none. */
static Var *time_of(Stmt *loop, bool *down) {
    Counter *c = loop->counter;
    *down = c && c->down;
    if (!c)
        return loop->index;
    return opd_is_const(c->step, 1) && !c->blocks_of ? c->var : NULL;
}

/* The least value of loop's time variable (time_of), a constant; false
 * where it is not known. */
static bool time_floor(Stmt *loop, long long *floor) {
    Counter *c = loop->counter;
    Operand lo = !c ? loop->lo : c->down ? c->limit : c->first;
    *floor = lo.ival;
    return lo.kind == OPD_CONST && !type_is_float(lo.ty);
}

/* o has one value in all of loop's iterations: bound before it, or an
 * integer operator over such values computed in it ((nt - 1) * n). */
static bool invariant(Rev *r, LoopKills *k, Stmt *loop, Operand o, int depth) {
    if (o.kind == OPD_CONST)
        return !type_is_float(o.ty);
    if (o.kind != OPD_VAR || depth > 16 || o.var->is_mutable)
        return false;
    if (bound_before(r, k, loop, (Sym){o, 0}))
        return true;
    Stmt *d = def_of(r, o);
    if (!d || d->kind != S_LET || type_is_float(d->dst->ty) || d->op == OP_CALL)
        return false;
    for (int i = 0; i < d->nargs; i++)
        if (!invariant(r, k, loop, d->args[i], depth + 1))
            return false;
    return d->nargs > 0;
}

/* a and b are the same value where both are read: one operand (not a
 * mutable one), or lets of one operator over the same values, up to
 * widening casts (of sizes and indices: values that are not negative). */
static bool same_invariant(Rev *r, Operand a, Operand b, int depth) {
    a = uncast_widening(r, a);
    b = uncast_widening(r, b);
    if (opd_equal(a, b))
        return a.kind != OPD_VAR || !a.var->is_mutable;
    Stmt *x = a.kind == OPD_VAR ? def_of(r, a) : NULL, *y = b.kind == OPD_VAR ? def_of(r, b) : NULL;
    if (!x || !y || depth > 16 || x->kind != S_LET || y->kind != S_LET || x->op != y->op ||
        x->nargs != y->nargs || x->dst->ty.kind != y->dst->ty.kind || x->op == OP_CALL)
        return false;
    for (int i = 0; i < x->nargs; i++)
        if (!same_invariant(r, x->args[i], y->args[i], depth + 1))
            return false;
    return true;
}

/* o is the time variable, or a copy of its binding (a counter's i = first
 * - k computed again where it is used) */
static bool is_time(Rev *r, Operand o, Var *time) {
    return o.kind == OPD_VAR && time && (o.var == time || same_invariant(r, o, opd_var(time), 0));
}

/* o = (t + row) * len, either factor first, or t + row (len 1) */
static bool row_product(Rev *r, LoopKills *k, Stmt *loop, Operand o, TrajAccess *out) {
    bool down;
    Var *time = time_of(loop, &down);
    long long row = 0;
    Operand t = index_base_offset(r, o, &row);
    if (is_time(r, t, time)) {
        *out = (TrajAccess){{opd_none(), 1}, row, false, opd_none()};
        return true;
    }
    Stmt *d = o.kind == OPD_VAR ? def_of(r, o) : NULL;
    if (!d || d->kind != S_LET || d->op != OP_MUL || type_is_float(d->dst->ty))
        return false;
    for (int q = 0; q < 2; q++) {
        row = 0;
        t = index_base_offset(r, d->args[q], &row);
        Sym lo, hi;
        if (!is_time(r, t, time) || !sym_of(r, k, loop, d->args[1 - q], false, &lo, 0) ||
            !sym_of(r, k, loop, d->args[1 - q], true, &hi, 0) || !same_base(lo, hi) ||
            lo.off != hi.off || !bound_before(r, k, loop, lo) ||
            (lo.base.kind == OPD_VAR && lo.base.var->is_mutable))
            continue;
        *out = (TrajAccess){lo, row, false, opd_none()};
        return true;
    }
    return false;
}

/* The terms of a sum o (through copies, casts and constants, which go
 * into *off): two at most, none where there are more. */
static int sum_terms(Rev *r, Operand o, Operand terms[2], long long *off) {
    Operand b = index_base_offset(r, o, off);
    Stmt *d = b.kind == OPD_VAR ? def_of(r, b) : NULL;
    if (!d || d->kind != S_LET || d->op != OP_ADD || type_is_float(d->dst->ty)) {
        terms[0] = b;
        return 1;
    }
    int n = 0;
    for (int q = 0; q < 2; q++) {
        long long k = 0;
        Operand t = index_base_offset(r, d->args[q], &k);
        Stmt *inner = t.kind == OPD_VAR ? def_of(r, t) : NULL;
        bool nested = inner && inner->kind == S_LET && inner->op == OP_ADD &&
                      !type_is_float(inner->dst->ty); /* (1 + t * n) + i */
        *off += k;
        for (int p = 0; p < (nested ? 2 : 1); p++) {
            Operand x = nested ? inner->args[p] : t;
            if (x.kind == OPD_CONST && !type_is_float(x.ty))
                *off += x.ival;
            else if (n < 2)
                terms[n++] = x;
            else
                return 0;
        }
    }
    return n;
}

/* The bounds of column c over the iteration: an inner index's range, or
 * x % len for x >= 0 (C's remainder of a non-negative number), x >= len -
 * 1 counting where len >= 1 (*needs_len). */
static bool column_bounds(Rev *r, LoopKills *k, Stmt *loop, Operand c, Sym len, Sym *lo, Sym *hi,
                          bool *needs_len) {
    Stmt *d = c.kind == OPD_VAR ? def_of(r, c) : NULL;
    if (!d || d->kind != S_LET || d->op != OP_MOD || type_is_float(d->dst->ty))
        return sym_of(r, k, loop, c, false, lo, 0) && sym_of(r, k, loop, c, true, hi, 0);
    Sym m, m2, x = {opd_none(), 0};
    Operand terms[2];
    int n = sum_terms(r, d->args[0], terms, &x.off); /* i + n - 1: i >= 0, so >= n - 1 */
    for (int q = 0; q < n; q++) {
        Sym t;
        if (!sym_of(r, k, loop, terms[q], false, &t, 0) ||
            (t.base.kind != OPD_NONE && x.base.kind != OPD_NONE))
            return false;
        x = (Sym){t.base.kind != OPD_NONE ? t.base : x.base, x.off + t.off};
    }
    if (!n || !sym_of(r, k, loop, d->args[1], false, &m, 0) ||
        !sym_of(r, k, loop, d->args[1], true, &m2, 0) || !sym_le(m, len) || !sym_le(len, m) ||
        !sym_le(m2, len) || !sym_le(len, m2))
        return false;
    if (x.base.kind == OPD_NONE ? x.off < 0 : !same_base(x, len) || x.off < len.off - 1)
        return false;
    *needs_len |= x.base.kind != OPD_NONE;
    *lo = (Sym){opd_none(), 0};
    *hi = (Sym){len.base, len.off - 1};
    return true;
}

/* Subscript o as a TrajAccess whose column is within [0, len) in every
 * iteration that runs it (see needs_len). */
static bool traj_access(Rev *r, LoopKills *k, Stmt *loop, Operand o, TrajAccess *out) {
    long long off = 0;
    Operand terms[2];
    int n = sum_terms(r, o, terms, &off);
    int q = 0;
    while (q < n && !row_product(r, k, loop, terms[q], out))
        q++;
    if (q == n)
        return false;
    Sym lo = {opd_none(), 0}, hi = {opd_none(), 0};
    if (out->len.base.kind == OPD_NONE && out->len.off == 1) { /* u[t + k], u[base + t + k] */
        if (n == 2 && !invariant(r, k, loop, terms[1 - q], 0))
            return false;
        out->shift = n == 2 ? terms[1 - q] : opd_none();
        out->row += off;
        return true;
    }
    if (n == 2 && !column_bounds(r, k, loop, terms[1 - q], out->len, &lo, &hi, &out->needs_len))
        return false;
    lo.off += off;
    hi.off += off;
    Sym last = {out->len.base, out->len.off - 1};
    bool len_unknown = out->len.base.kind != OPD_NONE;
    if (lo.base.kind == OPD_NONE && lo.off >= 0 && sym_le(hi, last))
        return true; /* [0, len - 1] at most: runs only where len >= 1 */
    bool zero = lo.base.kind == OPD_NONE && hi.base.kind == OPD_NONE && !lo.off && !hi.off;
    bool at_last = sym_le(last, lo) && sym_le(hi, last); /* u[t * n + n - 1] */
    /* (t + row + 1) * len - 1 is negative where len < 1 and t + row >= 0:
     * a valid program then never runs it */
    long long floor;
    out->needs_len = !at_last || !time_floor(loop, &floor) || floor + out->row < 0;
    return len_unknown && (zero || at_last);
}

typedef struct Trajectory {
    long long read_lo, read_hi, write_lo, write_hi; /* the rows' offsets */
    bool read, written, len_read, len_write;
    Sym len;
    Operand shift;
} Trajectory;

static bool traj_add(Rev *r, LoopKills *k, Stmt *loop, Stmt *s, Trajectory *tr) {
    TrajAccess a = {.row = 0};
    if (s->nidx != 1 || !traj_access(r, k, loop, s->idx[0], &a))
        return false;
    if ((tr->read || tr->written) && (!same_base(a.len, tr->len) || a.len.off != tr->len.off ||
                                      !same_invariant(r, a.shift, tr->shift, 0)))
        return false;
    tr->len = a.len;
    tr->shift = a.shift;
    bool *seen = s->kind == S_READ ? &tr->read : &tr->written;
    long long *lo = s->kind == S_READ ? &tr->read_lo : &tr->write_lo;
    long long *hi = s->kind == S_READ ? &tr->read_hi : &tr->write_hi;
    *lo = *seen && *lo < a.row ? *lo : a.row;
    *hi = *seen && *hi > a.row ? *hi : a.row;
    *seen = true;
    if (s->kind == S_READ)
        tr->len_read |= a.needs_len;
    else
        tr->len_write |= a.needs_len;
    return true;
}

/* Whether every access of buf in b is a plain read or write in the shape
 * of traj_access, the writes outside sequential loops inside (whose own
 * iterations would save and restore them). */
static bool traj_body(Rev *r, LoopKills *k, Stmt *loop, Body *b, Buffer *buf, bool in_seq,
                      Trajectory *tr) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_READ || s->kind == S_WRITE) && s->buf == buf) {
            if ((s->kind == S_WRITE && in_seq) || !traj_add(r, k, loop, s, tr))
                return false;
        } else if (s->kind == S_IF ||
                   ((s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE) &&
                    s->hist_bins != buf)) {
            bool seq = in_seq || s->kind == S_LOOP;
            if (!traj_body(r, k, loop, s->then_body, buf, in_seq, tr) ||
                !traj_body(r, k, loop, s->else_body, buf, in_seq, tr) ||
                !traj_body(r, k, loop, s->body, buf, seq, tr))
                return false;
        } else if (stmt_reads_buffer(s, buf) || stmt_writes_buffer(s, buf)) {
            return false;
        }
    }
    return true;
}

/* Whether loop's iterations write buf only in rows ahead of every row
 * they read (u[(t + 1) * n + i] = f(u[t * n + i - 1], ...), or behind
 * them where t counts down: a trajectory kept whole). No iteration then overwrites what it or an
 * earlier one read, and each re-runs in the return sweep on the values it first read, with nothing
 * saved; the rows it writes again get the same values, so after the return sweep buf holds its
 * final values. A constant column (u[(t + 1) * n] = 0) is within a row only where the row has an
 * element: a read at one and a write at one together are left to the saves. */
static bool is_trajectory(Rev *r, LoopKills *k, Stmt *loop, Buffer *buf) {
    bool down;
    if (loop->kind != S_LOOP || !loop->index || loop->reversed || loop->hi.kind == OPD_NONE ||
        !time_of(loop, &down))
        return false;
    Trajectory tr = {0};
    if (!traj_body(r, k, loop, loop->body, buf, false, &tr))
        return false;
    bool behind = !tr.read || (down ? tr.read_lo > tr.write_hi : tr.read_hi < tr.write_lo);
    return tr.written && behind && !(tr.len_read && tr.len_write);
}

/* ---- checkpoints: an iteration's final values, not its re-execution ---- */
/* Whether loop runs in the body of a parallel loop: there a checkpoint
 * lives for one of its iterations, which pushes and pops it, its size
 * bounded by that iteration's own work. Elsewhere (a time loop) it would
 * keep every trip's values at once: re-execution it is. */
static bool in_parallel_body(LoopKills *k, Stmt *loop) {
    Where *w = where_of(k, loop);
    for (int guard = 0; w && w->owner && guard < 1000; guard++) {
        if (w->owner->kind == S_MAP || w->owner->kind == S_REDUCE)
            return true;
        w = where_of(k, w->owner);
    }
    return false;
}

/* The region of kills that covers all the others, its ends bound before
 * the loop; NULL if none. */
static Region *covering_kill(Rev *r, LoopKills *k, Stmt *loop, PtrVec *kills) {
    for (int i = 0; i < kills->len; i++) {
        Region *g = kills->items[i];
        bool fits = g->rank > 0 && !g->rows; /* (a checkpoint saves [lo, hi]) */
        for (int d = 0; d < g->rank && fits; d++)
            fits = bound_before(r, k, loop, g->lo[d]) && bound_before(r, k, loop, g->hi[d]);
        for (int j = 0; j < kills->len && fits; j++)
            fits = j == i || region_covers(r, g, kills->items[j]);
        if (fits)
            return g;
    }
    return NULL;
}

/* Whether every read of buf in an iteration that wants its value (not
 * one that only adds back into it) comes after the iteration's last write
 * of buf: the final values serve it. */
static bool reads_final_values(Rev *r, Stmt *loop, Buffer *buf) {
    Body *b = loop->body;
    int last_write = -1;
    for (int i = 0; i < b->stmts.len; i++)
        if (stmt_writes_buffer(b->stmts.items[i], buf))
            last_write = i;
    for (int i = 0; i <= last_write; i++)
        if (reads_value_of(r, b->stmts.items[i], buf))
            return false;
    return true;
}

/* A killed array declared outside the loop whose reads all want its final
 * values: saved at the end of each iteration, popped back where the
 * return sweep's iteration starts, so that the statements computing it
 * (GMM's per-component xcentered, Qxcentered) do not run again there. */
static Checkpoint *checkpoint_of(Rev *r, LoopKills *k, Stmt *loop, Buffer *b, PtrVec *kills) {
    Region *g = covering_kill(r, k, loop, kills);
    if (!g || within(k, k->decl_loop[b->id], loop) || !reads_final_values(r, loop, b))
        return NULL;
    Checkpoint *c = arena_alloc(r->a, sizeof(Checkpoint));
    c->buf = b;
    c->rank = g->rank;
    for (int d = 0; d < g->rank; d++) {
        bool below_zero = g->lo[d].base.kind == OPD_NONE && g->lo[d].off < 0;
        c->lo[d] = below_zero ? opd_int(0) : g->lo[d].base;
        c->lo_off[d] = below_zero ? 0 : g->lo[d].off;
        c->hi[d] = g->hi[d].base;
        c->hi_off[d] = g->hi[d].off;
    }
    return c;
}

static PtrVec *unsaved_arrays(Rev *r, LoopKills *k, Stmt *loop) {
    Where *w = where_of(k, loop);
    if (!w) /* not a statement of the source (a rule's own loop) */
        return NULL;
    if (w->skip)
        return w->skip;
    w->skip = arena_alloc(r->a, sizeof(PtrVec));
    w->checkpoints = arena_alloc(r->a, sizeof(PtrVec));
    w->trajectories = arena_alloc(r->a, sizeof(PtrVec));
    bool parallel_body = in_parallel_body(k, loop);
    PtrVec written = {0};
    collect_written(r, loop, &written);
    for (int i = 0; i < written.len; i++) {
        Buffer *b = written.items[i];
        if ((b->kind == BUF_PARAM ||
             (b->kind == BUF_LOCAL && b->id < k->nbufs && k->decl_body[b->id])) &&
            is_trajectory(r, k, loop, b) && !entry_values_needed(r, k, loop, b, false)) {
            vec_push(r->a, w->skip, b);
            vec_push(r->a, w->trajectories, b);
            continue;
        }
        if (b->kind != BUF_LOCAL || b->id >= k->nbufs || !k->decl_body[b->id])
            continue;
        PtrVec kills = {0};
        bool killed = killed_each_iteration(r, k, loop, b, &kills);
        if ((killed || only_adds_back(r, loop->body, b)) &&
            !entry_values_needed(r, k, loop, b, !killed)) {
            vec_push(r->a, w->skip, b);
            Checkpoint *c = killed && parallel_body ? checkpoint_of(r, k, loop, b, &kills) : NULL;
            if (c)
                vec_push(r->a, w->checkpoints, c);
        }
    }
    return w->skip;
}

PtrVec *iteration_checkpoints(Rev *r, Stmt *loop) {
    LoopKills *k = loop_kills(r);
    if (!unsaved_arrays(r, k, loop))
        return NULL;
    return where_of(k, loop)->checkpoints;
}

PtrVec *final_trajectories(Rev *r, Stmt *loop) {
    LoopKills *k = loop_kills(r);
    if (loop->kind != S_LOOP || !loop->body || !unsaved_arrays(r, k, loop))
        return NULL;
    return where_of(k, loop)->trajectories;
}

PtrVec *iteration_saves_skip(Rev *r, Stmt *loop, PtrVec *dead) {
    PtrVec *mine = unsaved_arrays(r, loop_kills(r), loop);
    if (!mine || !mine->len)
        return dead;
    PtrVec *skip = arena_alloc(r->a, sizeof(PtrVec));
    for (int i = 0; dead && i < dead->len; i++)
        vec_push(r->a, skip, dead->items[i]);
    for (int i = 0; i < mine->len; i++)
        if (!vec_contains(skip, mine->items[i]))
            vec_push(r->a, skip, mine->items[i]);
    return skip;
}

Body *source_place(Rev *r, Stmt *s, int *at) {
    return source_place_in(r, s, at, NULL);
}

Body *source_place_in(Rev *r, Stmt *s, int *at, Stmt **owner) {
    Where *w = where_of(loop_kills(r), s);
    if (!w)
        return NULL;
    *at = w->at;
    if (owner)
        *owner = w->owner;
    return w->body;
}
