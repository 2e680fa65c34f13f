/* Saving what statements overwrite, for the return sweep to put back.
 *
 * Before statements run (a loop's iteration, an if, a map), the elements of
 * the arrays they will overwrite are pushed on the tape: a single element,
 * or for a write inside loops the whole region their iterations cover,
 * found by computing the loop bounds and indices again ahead of time (a
 * slice). The return sweep pops them back after the statements' later
 * neighbours have been undone, so the statements re-execute on the values
 * they read the first time. Writes whose elements cannot be known ahead
 * of time are logged one by one as they run (see WriteLog). */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

/* ---- arrays whose values no derivative needs ---- */
typedef struct Uses {
    PtrVec *of; /* per variable id: the statements reading it (Stmt*) */
    int n;
    Arena *a;
    Stmt *at;
} Uses;

static void note_use(Operand *o, void *ctx) {
    Uses *u = ctx;
    if (o->kind == OPD_VAR && o->var->id < u->n && !vec_contains(&u->of[o->var->id], u->at))
        vec_push(u->a, &u->of[o->var->id], u->at);
}

static void index_uses(Uses *u, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        u->at = s;
        stmt_visit_operands(s, note_use, u);
        index_uses(u, s->then_body);
        index_uses(u, s->else_body);
        index_uses(u, s->body);
    }
}

/* Whether s is v * c, c * v or v / c with c carrying no derivative (PolyBench's
 * `C[i][j] *= beta`): linear in v, and no adjoint needs v's value (that of
 * an active c would). */
static bool scaled_by_constant(Stmt *s, Var *v) {
    if (s->nargs != 2 || (s->op != OP_MUL && s->op != OP_DIV))
        return false;
    for (int k = 0; k < 2; k++) {
        Operand self = s->args[k], other = s->args[1 - k];
        if (self.kind != OPD_VAR || self.var != v || (s->op == OP_DIV && k == 1))
            continue;
        if (other.kind == OPD_CONST || (other.kind == OPD_VAR && !other.var->active))
            return true;
    }
    return false;
}

/* The sum a + reduce s adds v into, where v is only one of its
 * contributions; else NULL. */
static Var *summed_into(Stmt *s, Var *v) {
    if (s->kind != S_REDUCE || opd_equal(s->lo, opd_var(v)) || opd_equal(s->hi, opd_var(v)))
        return NULL;
    Var *sum = NULL;
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        if (opd_equal(ac->init, opd_var(v)))
            return NULL;
        if (!opd_equal(ac->contrib, opd_var(v)))
            continue;
        if (ac->op != RED_ADD || sum)
            return NULL;
        sum = ac->result;
    }
    return sum;
}

/* The carried scalar of sequential loop s whose value at the end of an
 * iteration is v, where s uses v for nothing else; else NULL. */
static Carried *carried_on(Stmt *s, Var *v) {
    Operand o = opd_var(v);
    if (s->kind != S_LOOP || opd_equal(s->lo, o) || opd_equal(s->hi, o) || opd_equal(s->until, o))
        return NULL;
    Carried *found = NULL;
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (opd_equal(c->init, o))
            return NULL;
        if (opd_equal(c->yield, o)) {
            if (found)
                return NULL;
            found = c;
        }
    }
    return found;
}

/* Whether value v of buf's elements reaches only writes of buf's elements
 * (strict), or of any array still marked inert, as their value, through
 * sums, differences, negations, copies and scalings by constants (whose
 * derivatives are constants): nothing computed from it needs its value.
 * Not strict, it may also reach the return value through + reductions (the
 * weighted sum of a linear model's output). */
static bool flows_linearly(Uses *u, Var *v, Buffer *buf, bool strict, PtrVec *seen) {
    if (vec_contains(seen, v))
        return true;
    vec_push(u->a, seen, v);
    PtrVec *users = &u->of[v->id];
    for (int k = 0; k < users->len; k++) {
        Stmt *s = users->items[k];
        bool target = strict ? s->buf == buf : s->buf && s->buf->inert;
        bool own_write =
            (s->kind == S_WRITE || (s->kind == S_ACC && s->acc_op == RED_ADD)) && target;
        for (int d = 0; own_write && d < s->nidx; d++)
            own_write = !(s->idx[d].kind == OPD_VAR && s->idx[d].var == v);
        if (own_write || (!strict && s->kind == S_RETURN))
            continue;
        Var *sum = strict ? NULL : summed_into(s, v);
        if (sum) {
            if (!flows_linearly(u, sum, buf, strict, seen))
                return false;
            continue;
        }
        Carried *c = strict ? NULL : carried_on(s, v);
        if (c) { /* a running sum: on to the next iteration, and after the loop */
            if (!flows_linearly(u, c->param, buf, strict, seen) ||
                !flows_linearly(u, c->result, buf, strict, seen))
                return false;
            continue;
        }
        bool linear = s->kind == S_LET && !s->dst->is_mutable && type_is_float(s->dst->ty) &&
                      (s->op == OP_ADD || s->op == OP_SUB || s->op == OP_NEG || s->op == OP_COPY ||
                       scaled_by_constant(s, v));
        if (!linear || !flows_linearly(u, s->dst, buf, strict, seen))
            return false;
    }
    return true;
}

typedef struct InertScan {
    Uses *u;
    PtrVec seen;
    bool changed; /* an array lost its mark: arrays whose values flow into it may too */
} InertScan;

/* Clears inert on the buffers b uses in any other way. */
static void clear_non_inert(InertScan *sc, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_READ && s->buf->inert) {
            sc->seen.len = 0;
            s->buf->inert = type_is_float(s->dst->ty) &&
                            flows_linearly(sc->u, s->dst, s->buf, false, &sc->seen);
            sc->changed |= !s->buf->inert;
        }
        if (s->kind == S_ACC && s->acc_op != RED_ADD && s->buf->inert) {
            s->buf->inert = false; /* a *, min or max update reads the bin */
            sc->changed = true;
        }
        Buffer *others[6] = {s->kind == S_SCAN || s->kind == S_HIST ? s->buf : NULL,
                             s->scan_in[0],
                             s->scan_in[1],
                             s->hist_rev[0],
                             s->hist_rev[1],
                             s->hist_rev[2]};
        for (int q = 0; q < 6; q++)
            if (others[q] && others[q]->inert) {
                others[q]->inert = false;
                sc->changed = true;
            }
        clear_non_inert(sc, s->then_body);
        clear_non_inert(sc, s->else_body);
        clear_non_inert(sc, s->body);
    }
}

static void set_written_inert(Rev *r, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_WRITE || s->kind == S_ACC) && type_is_float(s->buf->elem) &&
            !s->buf->never_restored)
            s->buf->inert = true;
        set_written_inert(r, s->then_body);
        set_written_inert(r, s->else_body);
        set_written_inert(r, s->body);
    }
}

void mark_inert_buffers(Rev *r) {
    Uses *u = arena_alloc(r->a, sizeof(Uses));
    *u = (Uses){.n = r->src->next_var_id, .a = r->a};
    u->of = arena_alloc(r->a, sizeof(PtrVec) * (size_t)(u->n + 1));
    index_uses(u, r->src->body);
    r->uses = u;
    set_written_inert(r, r->src->body);
    InertScan sc = {u, {0}, true};
    while (sc.changed) {
        sc.changed = false;
        clear_non_inert(&sc, r->src->body);
    }
}

bool read_only_adds_back(Rev *r, Stmt *read) {
    PtrVec seen = {0};
    return read->kind == S_READ && type_is_float(read->dst->ty) &&
           flows_linearly(r->uses, read->dst, read->buf, true, &seen);
}

Stmt *sole_user(Rev *r, Var *v) {
    Uses *u = r->uses;
    if (!u || v->id < 0 || v->id >= u->n || u->of[v->id].len != 1)
        return NULL;
    return u->of[v->id].items[0];
}

bool reads_value_of(Rev *r, Stmt *s, Buffer *buf) {
    if (s->kind == S_READ && s->buf == buf)
        return !read_only_adds_back(r, s);
    if (!s->then_body && !s->else_body && !s->body)
        return stmt_reads_buffer(s, buf);
    if ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_reads_buffer(s, buf))
        return true;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (reads_value_of(r, bodies[q]->stmts.items[i], buf))
                return true;
    return false;
}

bool write_needs_save(Rev *r, Stmt *write) {
    /* Old values matter only if the function reads the buffer somewhere,
     * or for a histogram's update, which adds to them again wherever it is
     * re-executed (the re-run that gives the caller its outputs). */
    if (write->buf->never_restored || write->buf->inert)
        return false;
    if (write->kind == S_ACC && write->acc_op != RED_ADD)
        return true; /* a *, min or max histogram's rule reads the bins from before */
    if (write->kind == S_ACC)
        return !r->fused || body_declares(r->fused->body, write->buf);
    return write->kind == S_HIST || body_reads_buffer(r->src->body, write->buf);
}

/* Whether s has, at any depth, a histogram of its own into buf: an S_HIST
 * (kind S_HIST), or updates (S_ACC) of operator op. */
static bool updates_into(Stmt *s, StmtKind kind, ReduceOp op, Buffer *buf) {
    if (s->kind == kind && s->buf == buf && (kind != S_ACC || s->acc_op == op))
        return true;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (updates_into(bodies[q]->stmts.items[i], kind, op, buf))
                return true;
    return false;
}

/* Whether s reads buf other than by min or max updates (see accumulates_into). */
static bool reads_besides_extrema(Stmt *s, Buffer *buf) {
    if (s->kind == S_ACC && s->buf == buf && (s->acc_op == RED_MIN || s->acc_op == RED_MAX))
        return false;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    if ((!bodies[0] && !bodies[1] && !bodies[2]) || s->kind == S_SCAN || s->kind == S_HIST)
        return stmt_reads_buffer(s, buf);
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (reads_besides_extrema(bodies[q]->stmts.items[i], buf))
                return true;
    return false;
}

/* The updates a statement makes at any depth, and the buffers it reads
 * besides by min and max updates, by buffer id: one walk answers every
 * updates_into and reads_besides_extrema question unread_so_far asks, one
 * per buffer the statement writes (a walk each was quadratic in a map of
 * many inlined helpers: random batch seed 238 spent 60% of its 4.5 s
 * there). */
typedef struct Updates {
    Stmt *s;
    BufMarks m;
} Updates;

static int update_kind(const Stmt *s) {
    if (!s->buf)
        return 0;
    if (s->kind == S_HIST)
        return MARK_HIST;
    if (s->kind != S_ACC)
        return 0;
    return s->acc_op == RED_ADD   ? MARK_ADD
           : s->acc_op == RED_MUL ? MARK_MUL
           : s->acc_op == RED_MIN ? MARK_MIN
           : s->acc_op == RED_MAX ? MARK_MAX
                                  : 0;
}

static void mark(BufMarks *m, Buffer *buf, int bit) {
    if (!buf || buf->id < 0)
        return;
    int id = buf->id;
    if (id >= m->cap) {
        int cap = id + 1 > 2 * m->cap ? id + 1 : 2 * m->cap;
        m->buf = xrealloc(m->buf, sizeof(Buffer *) * (size_t)cap);
        m->bits = xrealloc(m->bits, (size_t)cap);
        memset(m->buf + m->cap, 0, sizeof(Buffer *) * (size_t)(cap - m->cap));
        memset(m->bits + m->cap, 0, (size_t)(cap - m->cap));
        m->cap = cap;
    }
    if (m->buf[id] && m->buf[id] != buf)
        m->bits[id] |= MARK_SHARED_ID; /* (two buffers of one id: asked the long way) */
    m->buf[id] = buf;
    m->bits[id] |= (unsigned char)bit;
}

int marked(const BufMarks *m, Buffer *buf, int bit) {
    int id = buf->id;
    if (id < 0 || id >= m->cap || !m->buf[id])
        return 0;
    if (m->buf[id] != buf || (m->bits[id] & MARK_SHARED_ID))
        return -1;
    return (m->bits[id] & bit) != 0;
}

void marks_free(BufMarks *m) {
    free(m->buf);
    free(m->bits);
    *m = (BufMarks){0};
}

static void mark_reads_here(BufMarks *m, Stmt *s, int bit) {
    Buffer *read[6];
    int n = stmt_reads_here(s, read);
    for (int k = 0; k < n; k++)
        mark(m, read[k], bit);
}

/* (every_read: below a leaf, a scan or a histogram, where
 * reads_besides_extrema counts every read, stmt_reads_buffer's) */
static void walk_updates(BufMarks *m, Stmt *s, bool every_read) {
    if (update_kind(s))
        mark(m, s->buf, update_kind(s));
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    bool leaf = !bodies[0] && !bodies[1] && !bodies[2];
    bool extremum = s->kind == S_ACC && (s->acc_op == RED_MIN || s->acc_op == RED_MAX);
    every_read |= !extremum && (leaf || s->kind == S_SCAN || s->kind == S_HIST);
    if (every_read)
        mark_reads_here(m, s, MARK_READ);
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            walk_updates(m, bodies[q]->stmts.items[i], every_read);
}

/* (as reads_value_of; every_read: inside a scan or histogram) */
static void walk_value_reads(Rev *r, BufMarks *m, Stmt *s, bool every_read) {
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    bool leaf = !bodies[0] && !bodies[1] && !bodies[2];
    if (!every_read && s->kind == S_READ) {
        if (!read_only_adds_back(r, s))
            mark(m, s->buf, MARK_VALUE);
        return;
    }
    every_read |= leaf || s->kind == S_SCAN || s->kind == S_HIST;
    if (every_read)
        mark_reads_here(m, s, MARK_VALUE);
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            walk_value_reads(r, m, bodies[q]->stmts.items[i], every_read);
}

void mark_value_reads(Rev *r, BufMarks *m, Stmt *s) {
    walk_value_reads(r, m, s, false);
}

static Updates updates_of(Stmt *s) {
    Updates u = {.s = s};
    walk_updates(&u.m, s, false);
    return u;
}

/* updates_into(u->s, ...) for the update kind `kind` (MARK_*), and
 * reads_besides_extrema for MARK_READ */
static bool updates(const Updates *u, Buffer *buf, int kind) {
    int known = marked(&u->m, buf, kind);
    if (known >= 0)
        return known;
    static const ReduceOp op_of[] = {
        [MARK_ADD] = RED_ADD, [MARK_MUL] = RED_MUL, [MARK_MIN] = RED_MIN, [MARK_MAX] = RED_MAX};
    if (kind == MARK_READ)
        return reads_besides_extrema(u->s, buf);
    return kind == MARK_HIST ? updates_into(u->s, S_HIST, RED_ADD, buf)
                             : updates_into(u->s, S_ACC, op_of[kind], buf);
}

/* Whether s combines into buf's old values in a way its rule reads back:
 * a histogram of * (S_HIST, or * updates), or of min or max whose first
 * entries the forward sweep does not find. A + histogram's updates are
 * not: its adjoint does not look at the bins, so where nothing before it
 * reads them either, their old values are never needed (and the
 * histogram, not restored, never runs again). Nor are min and max updates
 * whose rule keeps each bin's first entry reaching its final value (and
 * the final values) forward: its adjoint reads only those. Without them
 * (values no derivative flows through, or a GPU's form) the adjoint tells
 * the bins an update replaced by comparing the bins from before with the
 * final ones. */
static bool accumulates_into(Rev *r, const Updates *u, Buffer *buf) {
    if (updates(u, buf, MARK_HIST) || updates(u, buf, MARK_MUL))
        return true;
    return (updates(u, buf, MARK_MIN) || updates(u, buf, MARK_MAX)) &&
           !hist_firsts_forward(r, u->s);
}

/* An if around a write, on the way from the saved statements to it: its
 * index may be valid only where the condition holds (`if (b >= 0)
 * res[b] -= f`, `if (i + 1 < n)`, a while loop's exiting trip), so the
 * element is saved and restored only there. */
typedef struct Guard {
    Stmt *test;
    bool then; /* in its then branch */
    int depth; /* the loops of the path around it */
} Guard;

struct SaveSite {
    Stmt *write;
    Stmt **path; /* the loops around the write, outermost first */
    int depth;
    Guard *guards; /* outermost first (shared by the sites under the same ifs) */
    int nguards;
    /* the guards whose condition cannot be computed ahead (a flag the
     * iterations carry: a continue's, a return's), by bit: the elements
     * are saved wherever the loops run, as where no if is around */
    unsigned long long dropped;
    /* under an if, with no loop of the path between: the index may only
     * be valid where the if's condition holds (`if (i < n) y[i] = v`, a
     * while loop's last, exiting iteration), so the element is logged as
     * the write runs instead of read ahead of it */
    bool under_if;
};

typedef struct SiteScan {
    Rev *r;
    PtrVec *dead;
    PtrVec sites;
    Stmt **path; /* the loops around the statement scanned (cap of them) */
    int depth, cap;
    int ifs;       /* ifs around the statement scanned, inside the innermost loop of the path */
    Guard *guards; /* all ifs around it, outermost first (cap of them; on the heap) */
    int nguards, capguards;
    Guard *shared; /* the sites' copy of guards as they are now, or NULL */
    /* Vars bound inside the saved statements: listed during the scan, then
     * flagged by id from inside_lo on (a range, not every variable of the
     * function: scans run for every statement that writes). */
    PtrVec bound;
    unsigned char *inside;
    int inside_lo, inside_n;
    PtrVec inner_bufs; /* arrays declared inside them: fresh, nothing to save */
    Stmt **stmts;      /* the saved statements */
    int n;
    PtrVec logged; /* S_WRITEs whose elements are logged as they run (Stmt*) */
    /* where not NULL, the only arrays whose writes the scan saves (a
     * loop's entry checkpoint) */
    PtrVec *only;
} SiteScan;

/* Whether the scan saves writes of buf: not an array an enclosing loop's
 * entry checkpoint has saved, and one the scan is for. */
static bool saved_here(SiteScan *sc, Buffer *buf) {
    return !vec_contains(sc->r->entry_saved, buf) && (!sc->only || vec_contains(sc->only, buf));
}

static void scan_body(SiteScan *sc, Body *b);

static void mark_inside(SiteScan *sc, Stmt *s) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int i = 0; i < n; i++)
        vec_push(sc->r->a, &sc->bound, defs[i]);
    free(defs);
    if (s->index)
        vec_push(sc->r->a, &sc->bound, s->index);
    for (int i = 0; i < s->carried.len; i++)
        vec_push(sc->r->a, &sc->bound, ((Carried *)s->carried.items[i])->param);
}

static void flag_inside(SiteScan *sc) {
    int lo = 0, hi = -1;
    for (int i = 0; i < sc->bound.len; i++) {
        int id = ((Var *)sc->bound.items[i])->id;
        lo = i == 0 || id < lo ? id : lo;
        hi = id > hi ? id : hi;
    }
    sc->inside_lo = lo;
    sc->inside_n = hi - lo + 1;
    sc->inside = arena_alloc(sc->r->a, (size_t)sc->inside_n + 1);
    for (int i = 0; i < sc->bound.len; i++)
        sc->inside[((Var *)sc->bound.items[i])->id - lo] = 1;
}

static bool is_inside(SiteScan *sc, Var *v) {
    int k = v->id - sc->inside_lo;
    return k >= 0 && k < sc->inside_n && sc->inside[k];
}

/* A site of write w at the loops of the scan's path, with room for
 * `more` loops after them. */
static SaveSite *new_site(SiteScan *sc, Stmt *w, int more) {
    SaveSite *site = arena_alloc(sc->r->a, sizeof(SaveSite));
    site->write = w;
    site->depth = sc->depth;
    site->path = arena_alloc(sc->r->a, sizeof(Stmt *) * (size_t)(sc->depth + more + 1));
    if (sc->depth)
        memcpy(site->path, sc->path, sizeof(Stmt *) * (size_t)sc->depth);
    site->nguards = sc->nguards;
    if (sc->nguards && !sc->shared) {
        sc->shared = arena_alloc(sc->r->a, sizeof(Guard) * (size_t)sc->nguards);
        memcpy(sc->shared, sc->guards, sizeof(Guard) * (size_t)sc->nguards);
    }
    site->guards = sc->nguards ? sc->shared : NULL;
    return site;
}

/* Scans a branch of if s under its guard. */
static void scan_guarded(SiteScan *sc, Stmt *s, bool then) {
    if (sc->nguards == sc->capguards) {
        sc->capguards = sc->capguards ? 2 * sc->capguards : 8;
        sc->guards = xrealloc(sc->guards, sizeof(Guard) * (size_t)sc->capguards);
    }
    sc->guards[sc->nguards++] = (Guard){s, then, sc->depth};
    sc->shared = NULL;
    scan_body(sc, then ? s->then_body : s->else_body);
    sc->nguards--;
    sc->shared = NULL;
}

/* Pushes loop s on the scan's path, growing it as deep as loops nest. */
static void enter_loop(SiteScan *sc, Stmt *s) {
    if (sc->depth == sc->cap) {
        int cap = sc->cap ? 2 * sc->cap : 8;
        Stmt **path = arena_alloc(sc->r->a, sizeof(Stmt *) * (size_t)cap);
        if (sc->depth)
            memcpy(path, sc->path, sizeof(Stmt *) * (size_t)sc->depth);
        sc->path = path;
        sc->cap = cap;
    }
    sc->path[sc->depth++] = s;
}

/* A histogram of *, min or max (S_HIST, a min/max histogram's map) may
 * change any of its bins: its site is all of them, written as if by a loop
 * over the bins, h[b] for b in [0, nb). */
static void add_bins_site(SiteScan *sc, Stmt *s, Buffer *h, Operand nb) {
    Rev *r = sc->r;
    Stmt *bins = stmt_new(r->a, S_MAP, s->loc);
    bins->index = var_new(r->a, r->dst, "b", type_long());
    bins->lo = opd_int(0);
    bins->hi = nb;
    Stmt *w = stmt_new(r->a, S_WRITE, s->loc);
    w->buf = h;
    w->nidx = 1;
    w->idx[0] = opd_var(bins->index);
    if (!saved_here(sc, h))
        return;
    SaveSite *site = new_site(sc, w, 1);
    site->path[sc->depth] = bins;
    site->depth = sc->depth + 1;
    vec_push(r->a, &sc->sites, site);
}

/* s runs one block of the iterations of the map just around it. */
static bool blocks_map(SiteScan *sc, Stmt *s) {
    return s->kind == S_LOOP && s->blocks_of && sc->depth > 0 &&
           sc->path[sc->depth - 1]->kind == S_MAP && sc->path[sc->depth - 1]->index == s->blocks_of;
}

static void scan_stmt(SiteScan *sc, Stmt *s) {
    mark_inside(sc, s);
    switch (s->kind) {
    case S_DECL:
    case S_ALLOC:
        if (s->buf)
            vec_push(sc->r->a, &sc->inner_bufs, s->buf);
        break;
    case S_WRITE:
    case S_ACC: /* a histogram's update; min and max: their map's bins site */
        if ((s->kind == S_WRITE || s->acc_op == RED_ADD) && !vec_contains(sc->dead, s->buf) &&
            !vec_contains(sc->r->nosave, s->buf) && !vec_contains(&sc->inner_bufs, s->buf) &&
            saved_here(sc, s->buf) && write_needs_save(sc->r, s)) {
            SaveSite *site = new_site(sc, s, 0);
            site->under_if = s->kind == S_WRITE && sc->depth == 0 && sc->ifs > 0;
            vec_push(sc->r->a, &sc->sites, site);
        }
        break;
    case S_HIST:
        if (!vec_contains(sc->dead, s->buf) && !vec_contains(&sc->inner_bufs, s->buf))
            add_bins_site(sc, s, s->buf, s->args[0]);
        break;
    case S_IF:
        sc->ifs++;
        scan_guarded(sc, s, true);
        scan_guarded(sc, s, false);
        sc->ifs--;
        break;
    case S_LOOP:
    case S_MAP:
    case S_REDUCE:
        if (is_carrier(s)) /* it adds nothing: nothing to put back */
            break;
        if (is_recomputed_hist(s) && !vec_contains(sc->dead, s->hist_bins) &&
            !vec_contains(&sc->inner_bufs, s->hist_bins))
            add_bins_site(sc, s, s->hist_bins, s->hist_nbins);
        if (blocks_map(sc, s)) {
            /* the map over blocks and this block of its iterations are one
             * loop over the whole range */
            Stmt *map = sc->path[sc->depth - 1], *whole = stmt_new(sc->r->a, S_LOOP, s->loc);
            *whole = *s;
            whole->lo = s->whole_lo;
            whole->hi = s->whole_hi;
            sc->path[sc->depth - 1] = whole;
            scan_body(sc, s->body);
            sc->path[sc->depth - 1] = map;
            break;
        }
        int ifs = sc->ifs;
        sc->ifs = 0;
        enter_loop(sc, s);
        scan_body(sc, s->body);
        sc->depth--;
        sc->ifs = ifs;
        break;
    default:
        break;
    }
}

static void scan_body(SiteScan *sc, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++)
        scan_stmt(sc, b->stmts.items[i]);
}

/* A statement of the function's own body, or of a branch of its ifs (not
 * a loop, whose iterations read each other's writes) need not save
 * elements of arrays that neither it nor any statement before it reads: nothing re-executed later
 * looks at their old values (a fresh temporary's first fill, an output). So for a loop's entry
 * checkpoint (entry), whose loop reads only what it wrote of the arrays it is for, the statements
 * before it decide alone. */
/* Where s runs at most once: a statement of b, or of a branch of an if of
 * b (at any depth of ifs, never inside a loop). The bodies around it and
 * its position in each, innermost first, into path (up to 16 levels). */
typedef struct OncePath {
    Body *body[16];
    int at[16], depth;
} OncePath;

static bool search_once_in(Body *b, Stmt *s, OncePath *path) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *t = b->stmts.items[i];
        if (t != s && (t->kind != S_IF || (!search_once_in(t->then_body, s, path) &&
                                           !search_once_in(t->else_body, s, path))))
            continue;
        if (path->depth == 16)
            return false;
        path->body[path->depth] = b;
        path->at[path->depth++] = i;
        return true;
    }
    return false;
}

/* From s outwards through the index of where statements are (rev_kill.c:
 * a walk of the whole body per statement was quadratic), or by the walk
 * where the index no longer holds (a body changed since). */
static bool runs_once_in(Rev *r, Stmt *s, OncePath *path) {
    for (Stmt *at = s;;) {
        int i;
        Stmt *owner;
        Body *b = source_place_in(r, at, &i, &owner);
        if (!b || i >= b->stmts.len || b->stmts.items[i] != at) {
            path->depth = 0;
            return search_once_in(r->src->body, s, path);
        }
        if (path->depth == 16)
            return false;
        path->body[path->depth] = b;
        path->at[path->depth++] = i;
        if (!owner)
            return b == r->src->body;
        if (owner->kind != S_IF)
            return false;
        at = owner;
    }
}

/* Whether a statement before the one path leads to reads buf */
static bool read_before(const OncePath *path, Buffer *buf) {
    for (int d = 0; d < path->depth; d++)
        for (int j = 0; j < path->at[d]; j++)
            if (stmt_reads_buffer(path->body[d]->stmts.items[j], buf))
                return true;
    return false;
}

static PtrVec *unread_so_far(Rev *r, Stmt *s, PtrVec *dead, bool entry) {
    OncePath path = {.depth = 0};
    if (!runs_once_in(r, s, &path) || (s->kind == S_LOOP && !entry))
        return dead;
    PtrVec *skip = arena_alloc(r->a, sizeof(PtrVec));
    for (int i = 0; dead && i < dead->len; i++)
        vec_push(r->a, skip, dead->items[i]);
    PtrVec written = {0};
    collect_written(r, s, &written);
    Updates u = updates_of(s);
    for (int w = 0; w < written.len; w++) {
        bool read = !entry && (accumulates_into(r, &u, written.items[w]) ||
                               updates(&u, written.items[w], MARK_READ));
        if (!read && !read_before(&path, written.items[w]))
            vec_push(r->a, skip, written.items[w]);
    }
    marks_free(&u.m);
    return skip;
}

PtrVec *unrestored_bins(Rev *r, Stmt *s) {
    PtrVec *skip = unread_so_far(r, s, NULL, false), *out = arena_alloc(r->a, sizeof(PtrVec));
    Updates u = updates_of(s);
    for (int i = 0; skip && i < skip->len; i++)
        if (updates(&u, skip->items[i], MARK_ADD))
            vec_push(r->a, out, skip->items[i]);
    marks_free(&u.m);
    return out;
}

/* Whether a statement of b in (from, to) reads or writes buf. */
static bool touched_between(Body *b, int from, int to, Buffer *buf) {
    for (int j = from + 1; j < to; j++)
        if (stmt_reads_buffer(b->stmts.items[j], buf) || stmt_writes_buffer(b->stmts.items[j], buf))
            return true;
    return false;
}

/* Local arrays declared (or temporaries allocated: a scan's) in the body
 * being swept before `s` whose old values nothing re-executed looks at, so
 * a write to them needs no save (saving would read garbage, and GCC's
 * -Wuninitialized says so):
 * - not read since the declaration, `s` included: zeros or garbage nobody
 *   reads, and the array ends with the body;
 * - a `double buf[n];` without initialiser that `s` is the first to touch:
 *   its elements are indeterminate when `s` starts, so whatever the return
 *   sweep leaves in them serves `s`'s re-execution as well (a program that
 *   reads an element before writing it reads garbage either way). */
static PtrVec *fresh_unread(Rev *r, Stmt *s, PtrVec *dead) {
    Body *b = r->cur_body;
    /* not the function's body: for each statement, the scan back over the
     * statements before it grows with their number (the function's saves
     * of such arrays read zeros instead: zeroed_for_saves) */
    if (!b || b == r->src->body)
        return dead;
    int k = -1;
    for (int i = 0; i < b->stmts.len && k < 0; i++)
        if (b->stmts.items[i] == s)
            k = i;
    PtrVec *skip = NULL;
    for (int d = 0; d < k; d++) {
        Stmt *decl = b->stmts.items[d];
        if ((decl->kind != S_DECL && decl->kind != S_ALLOC) || !decl->buf)
            continue;
        bool read = false;
        for (int j = d + 1; j <= k && !read; j++)
            read = stmt_reads_buffer(b->stmts.items[j], decl->buf);
        bool garbage =
            decl->kind == S_DECL && !decl->buf->zero_init && !touched_between(b, d, k, decl->buf);
        if (read && !garbage)
            continue;
        if (!skip) {
            skip = arena_alloc(r->a, sizeof(PtrVec));
            for (int i = 0; dead && i < dead->len; i++)
                vec_push(r->a, skip, dead->items[i]);
        }
        vec_push(r->a, skip, decl->buf);
    }
    return skip ? skip : dead;
}

/* Copies of the pure computations that index expressions and loop bounds
 * depend on, under fresh names, so that the elements a statement will overwrite
 * can be found before it runs (and again after, to restore them). */
typedef struct Slice {
    SiteScan *sc;
    SaveSite *site;
    PtrVec from, to; /* Var* renamed to Var* */
    bool failed;     /* a value the statements compute from what they change */
} Slice;

/* An array that the saved statements neither write nor declare: its
 * elements are the same before, while and after they run. */
static bool unchanged_by(SiteScan *sc, Buffer *buf) {
    if (vec_contains(&sc->inner_bufs, buf))
        return false;
    for (int i = 0; i < sc->n; i++)
        if (stmt_writes_buffer(sc->stmts[i], buf))
            return false;
    return true;
}

static Operand slice_operand(Slice *sl, Operand o, int upto, Body *out);

/* Whether v is a constant or computed outside if s's branches */
static bool outside_branches(Rev *r, Stmt *s, Operand v) {
    Stmt *d = def_of(r, v);
    return v.kind != OPD_VAR || !d ||
           !(body_contains(s->then_body, d) || body_contains(s->else_body, d));
}

/* A value an if merges (`if (h >= n) stopped = 1;`: the flag a break
 * sets) computed again as a choice, where both branches' values are
 * there before it (a choice computes both) */
static Operand slice_phi(Slice *sl, Stmt *s, Var *v, int upto, Body *out) {
    Rev *r = sl->sc->r;
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        if (p->dst != v)
            continue;
        if (!outside_branches(r, s, p->then_val) || !outside_branches(r, s, p->else_val))
            break;
        Operand c = slice_operand(sl, s->cond, upto, out);
        Operand t = slice_operand(sl, p->then_val, upto, out);
        Operand e = slice_operand(sl, p->else_val, upto, out);
        Builder bd = {r->a, r->dst, out, s->loc};
        Operand chosen = b_select(&bd, c, t, e);
        if (chosen.kind == OPD_VAR) {
            vec_push(r->a, &sl->from, v);
            vec_push(r->a, &sl->to, chosen.var);
        }
        return chosen;
    }
    sl->failed = true;
    return opd_var(v);
}

static Operand slice_operand(Slice *sl, Operand o, int upto, Body *out) {
    SiteScan *sc = sl->sc;
    if (o.kind != OPD_VAR || !is_inside(sc, o.var))
        return o;
    for (int k = 0; k < upto; k++)
        if (sl->site->path[k]->index == o.var)
            return o;
    for (int i = 0; i < sl->from.len; i++)
        if (sl->from.items[i] == o.var)
            return opd_var(sl->to.items[i]);
    Stmt *d = def_of(sc->r, o);
    if (d && d->kind == S_IF)
        return slice_phi(sl, d, o.var, upto, out);
    /* Arithmetic and math.h calls are pure: computed again, they give the
     * same value (a floating loop bound, t <= T / dt). So are reads of
     * arrays the statements do not change (an index array, CSR's rowptr).
     * Anything else (a loop index of the nest: a triangular loop) fails,
     * and the write is logged instead. */
    if (!d || !(d->kind == S_LET || (d->kind == S_READ && unchanged_by(sc, d->buf)))) {
        sl->failed = true;
        return o;
    }
    Stmt *c = stmt_new(sc->r->a, d->kind, d->loc);
    *c = *d;
    for (int i = 0; i < d->nargs; i++)
        c->args[i] = slice_operand(sl, d->args[i], upto, out);
    for (int i = 0; i < d->nidx; i++)
        c->idx[i] = slice_operand(sl, d->idx[i], upto, out);
    c->dst = var_new(sc->r->a, sc->r->dst, d->dst->name, d->dst->ty);
    vec_push(sc->r->a, &sl->from, d->dst);
    vec_push(sc->r->a, &sl->to, c->dst);
    body_append(sc->r->a, out, c);
    return opd_var(c->dst);
}

/* The trips of one side of a box of elements, lo <= i < hi (none where
 * hi <= lo), multiplied into *count. */
static Operand box_side(Builder *bd, Operand lo, Operand hi, Operand *count) {
    Operand span = b_sub(bd, b_cast(bd, type_long(), hi), b_cast(bd, type_long(), lo));
    Operand trip = b_select(bd, b_cmp(bd, OP_GT, span, opd_int(0)), span, opd_int(0));
    *count = b_mul(bd, *count, trip);
    return trip;
}

/* An element's position in the box, one side further in. */
static Operand box_position(Builder *bd, Operand pos, Operand trip, Var *index, Operand lo) {
    Operand off = b_sub(bd, b_cast(bd, type_long(), opd_var(index)), b_cast(bd, type_long(), lo));
    return b_add(bd, b_mul(bd, pos, trip), off);
}

/* Whether every iteration of the site's k-th loop writes the same elements:
 * the write's indices and the bounds of the loops inside it do not change
 * with its index (a time loop around a stencil step, a strip-mined loop's
 * blocks). */
static bool same_elements_each_trip(SaveSite *site, int k) {
    Stmt *l = site->path[k];
    if (l->kind != S_LOOP)
        return false;
    for (int j = k + 1; j < site->depth; j++)
        if (!same_each_iteration(l->body, l->index, site->path[j]->lo, true, 32) ||
            !same_each_iteration(l->body, l->index, site->path[j]->hi, true, 32))
            return false;
    for (int i = 0; i < site->write->nidx; i++)
        if (!same_each_iteration(l->body, l->index, site->write->idx[i], true, 32))
            return false;
    return true;
}

/* The ifs of a site's guards inside its first `depth` loops (depth 0:
 * outside them all) opened in cur, each a test of the condition computed
 * again; returns the innermost then-body. */
static Body *open_guards(Slice *sl, int depth, Body *cur) {
    Rev *r = sl->sc->r;
    SaveSite *site = sl->site;
    for (int g = 0; g < site->nguards; g++) {
        Guard *gd = &site->guards[g];
        if (gd->depth != depth || (site->dropped >> g & 1))
            continue;
        Builder in = {r->a, r->dst, cur, gd->test->loc};
        Operand c = slice_operand(sl, gd->test->cond, depth, cur);
        Stmt *t = stmt_new(r->a, S_IF, gd->test->loc);
        t->cond = gd->then ? c : b_cmp(&in, OP_EQ, c, opd_int(0));
        t->then_body = body_new(r->a);
        t->else_body = body_new(r->a);
        t->note = "only where the write runs: its index may be valid only there";
        body_append(r->a, cur, t);
        cur = t->then_body;
    }
    return cur;
}

/* The loop nest over a site's iterations, after computing how many elements
 * it covers; returns the innermost body, the element count and the
 * element's position in the saved region. The saves are taken before the
 * statements run, so a sequential loop whose iterations all write the same
 * elements would save the same values once per iteration: it is left out
 * of the nest (the elements saved once, where it runs at all). */
static Body *site_nest(Slice *sl, Builder *bd, Operand *count, Operand *pos, bool *nested) {
    Rev *r = sl->sc->r;
    SaveSite *site = sl->site;
    size_t n = (size_t)site->depth + 1;
    Operand *lo = arena_alloc(r->a, n * sizeof(Operand)),
            *hi = arena_alloc(r->a, n * sizeof(Operand));
    Operand *trip = arena_alloc(r->a, n * sizeof(Operand));
    Operand *runs = arena_alloc(r->a, n * sizeof(Operand));
    bool *once = arena_alloc(r->a, n * sizeof(bool));
    *count = opd_int(1);
    for (int k = 0; k < site->depth; k++) {
        Stmt *l = site->path[k];
        lo[k] = slice_operand(sl, l->lo, 0, bd->b);
        hi[k] = slice_operand(sl, l->hi, 0, bd->b);
        once[k] = same_elements_each_trip(site, k);
        if (once[k]) {
            runs[k] = b_cmp(bd, OP_LT, lo[k], hi[k]);
            *count = b_mul(bd, *count, b_select(bd, runs[k], opd_int(1), opd_int(0)));
            continue;
        }
        trip[k] = box_side(bd, lo[k], hi[k], count);
    }
    /* an if around the whole nest (a time level's grid, written where
     * `swapped` says): no room on the tape where it does not run */
    for (int g = 0; g < site->nguards; g++) {
        Guard *gd = &site->guards[g];
        if (gd->depth != 0 || (site->dropped >> g & 1))
            continue;
        Operand c = slice_operand(sl, gd->test->cond, 0, bd->b);
        Operand runs = gd->then ? b_cmp(bd, OP_NE, c, opd_int(0)) : b_cmp(bd, OP_EQ, c, opd_int(0));
        *count = b_mul(bd, *count, b_select(bd, runs, opd_int(1), opd_int(0)));
    }
    Body *cur = open_guards(sl, 0, bd->b);
    Operand p = opd_int(0);
    for (int k = 0; k < site->depth; k++) {
        Stmt *l = site->path[k];
        if (once[k] && runs[k].kind == OPD_CONST && runs[k].ival) {
            cur = open_guards(sl, k + 1, cur);
            continue; /* it runs: nothing to test */
        }
        if (once[k]) {
            Stmt *g = stmt_new(r->a, S_IF, l->loc);
            g->cond = runs[k];
            g->then_body = body_new(r->a);
            g->else_body = body_new(r->a);
            g->note = "overwritten elements, the same in every iteration: saved once";
            body_append(r->a, cur, g);
            cur = open_guards(sl, k + 1, g->then_body);
            continue;
        }
        Stmt *m = stmt_new(r->a, S_MAP, l->loc);
        m->index = l->index;
        m->lo = lo[k];
        m->hi = hi[k];
        m->body = body_new(r->a);
        m->note = "overwritten elements";
        body_append(r->a, cur, m);
        cur = m->body;
        Builder in = {r->a, r->dst, cur, l->loc};
        p = box_position(&in, p, trip[k], l->index, lo[k]);
        cur = open_guards(sl, k + 1, cur);
    }
    *pos = p;
    /* every loop of the path left out, each running: the elements go
     * where the caller puts them, after the count */
    *nested = cur != bd->b;
    return *nested ? cur : body_new(r->a);
}

static Buffer *region_buffer(Rev *r, Buffer *of) {
    Buffer *reg = buffer_new(r->a, r->dst, arena_printf(r->a, "%s_saved", buffer_label(r->a, of)),
                             of->elem, BUF_TAPE);
    reg->rank = 1;
    return reg;
}

static void copy_element(Rev *r, Body *b, SrcLoc loc, Buffer *from, Operand *fidx, int nf,
                         Buffer *to, Operand *tidx, int nt) {
    Stmt *rd = stmt_new(r->a, S_READ, loc);
    rd->buf = from;
    rd->nidx = nf;
    memcpy(rd->idx, fidx, sizeof(Operand) * (size_t)nf);
    rd->dst = var_new(r->a, r->dst, "old", from->elem);
    body_append(r->a, b, rd);
    Stmt *wr = stmt_new(r->a, S_WRITE, loc);
    wr->buf = to;
    wr->nidx = nt;
    memcpy(wr->idx, tidx, sizeof(Operand) * (size_t)nt);
    wr->nargs = 1;
    wr->args[0] = opd_var(rd->dst);
    body_append(r->a, b, wr);
}

/* Saves (or restores) the elements one write site covers: a single element
 * through push/pop, a loop nest's elements through a region of the tape. */
static void transfer_site(SiteScan *sc, SaveSite *site, Body *out, bool save) {
    Rev *r = sc->r;
    Stmt *w = site->write;
    if (save && (w->buf->dims || w->buf->sized_at_run_time))
        w->buf->zeroed_for_saves = true;
    out = where_given(r, w->buf, out, w->loc); /* (saved and restored where given) */
    Slice sl = {.sc = sc, .site = site};
    Operand idx[4];
    if (site->depth == 0) {
        for (int i = 0; i < w->nidx; i++)
            idx[i] = slice_operand(&sl, w->idx[i], 0, out);
        Stmt *t = stmt_new(r->a, save ? S_READ : S_POP, w->loc);
        t->dst = var_new(r->a, r->dst, "old", w->buf->elem);
        if (save) {
            t->buf = w->buf;
            t->nidx = w->nidx;
            memcpy(t->idx, idx, sizeof(Operand) * (size_t)w->nidx);
        }
        body_append(r->a, out, t);
        Stmt *u = stmt_new(r->a, save ? S_PUSH : S_WRITE, w->loc);
        u->nargs = 1;
        u->args[0] = opd_var(t->dst);
        if (!save) {
            u->buf = w->buf;
            u->nidx = w->nidx;
            memcpy(u->idx, idx, sizeof(Operand) * (size_t)w->nidx);
        }
        body_append(r->a, out, u);
        return;
    }
    Operand count, pos;
    Buffer *reg = region_buffer(r, w->buf);
    /* The count is computed before the region is pushed or popped. */
    Body *head = body_new(r->a);
    Builder hb = {r->a, r->dst, head, w->loc};
    bool nested;
    Body *inner = site_nest(&sl, &hb, &count, &pos, &nested);
    /* head holds: count computations, then the nest (if any); put the
     * tape operation between them. */
    int nest_at = nested ? head->stmts.len - 1 : head->stmts.len;
    for (int i = 0; i < nest_at; i++)
        body_append(r->a, out, head->stmts.items[i]);
    Stmt *tape = stmt_new(r->a, save ? S_TAPE_PUSH_REGION : S_TAPE_POP_REGION, w->loc);
    tape->buf = reg;
    tape->nargs = 1;
    tape->args[0] = count;
    body_append(r->a, out, tape);
    if (nested)
        body_append(r->a, out, head->stmts.items[nest_at]);
    for (int i = 0; i < w->nidx; i++)
        idx[i] = slice_operand(&sl, w->idx[i], site->depth, inner);
    if (save)
        copy_element(r, inner, w->loc, w->buf, idx, w->nidx, reg, &pos, 1);
    else
        copy_element(r, inner, w->loc, reg, &pos, 1, w->buf, idx, w->nidx);
    for (int i = 0; !nested && i < inner->stmts.len; i++)
        body_append(r->a, out, inner->stmts.items[i]);
}

static Operand end_of(Builder *bd, Operand base, long long off) {
    if (base.kind == OPD_NONE)
        return opd_int(off);
    Operand b = b_cast(bd, type_long(), base);
    return off ? b_add(bd, b, opd_int(off)) : b;
}

/* A checkpoint's elements onto the tape (save) or back: its region's
 * element count, the tape region, then a nest walking both. */
void transfer_checkpoint(Rev *r, Checkpoint *c, SrcLoc loc, Body *out, bool save) {
    Builder bd = {r->a, r->dst, out, loc};
    Operand lo[4], hi[4], trip[4], count = opd_int(1);
    for (int d = 0; d < c->rank; d++) {
        lo[d] = end_of(&bd, c->lo[d], c->lo_off[d]);
        hi[d] = end_of(&bd, c->hi[d], c->hi_off[d] + 1);
        trip[d] = box_side(&bd, lo[d], hi[d], &count);
    }
    Buffer *reg = region_buffer(r, c->buf);
    Stmt *tape = stmt_new(r->a, save ? S_TAPE_PUSH_REGION : S_TAPE_POP_REGION, loc);
    tape->buf = reg;
    tape->nargs = 1;
    tape->args[0] = count;
    body_append(r->a, out, tape);
    Body *cur = out;
    Operand pos = opd_int(0), idx[4];
    for (int d = 0; d < c->rank; d++) {
        /* rows one after another, each a map (a copy the compiler vectorises) */
        SrcLoc at = loc;
        at.line = d ? 0 : loc.line; /* one comment for the nest */
        Stmt *m = stmt_new(r->a, d + 1 < c->rank ? S_LOOP : S_MAP, at);
        m->index = var_new(r->a, r->dst, "e", type_long());
        m->lo = lo[d];
        m->hi = hi[d];
        m->body = body_new(r->a);
        m->note = arena_printf(r->a,
                               save ? "checkpoint: %s as the iteration leaves it, for its adjoint"
                                    : "checkpoint: %s as the iteration left it, not computed again",
                               buffer_label(r->a, c->buf));
        body_append(r->a, cur, m);
        cur = m->body;
        Builder in = {r->a, r->dst, cur, loc};
        idx[d] = opd_var(m->index);
        pos = box_position(&in, pos, trip[d], m->index, lo[d]);
    }
    if (save)
        copy_element(r, cur, loc, c->buf, idx, c->rank, reg, &pos, 1);
    else
        copy_element(r, cur, loc, reg, &pos, 1, c->buf, idx, c->rank);
}

/* Whether a site's loop bounds and indices can be computed before the
 * statements run: sliced into a scratch body that is thrown away. */
static bool site_sliceable(SiteScan *sc, SaveSite *site) {
    Slice sl = {.sc = sc, .site = site};
    Body *scratch = body_new(sc->r->a);
    for (int k = 0; k < site->depth; k++) /* a while loop: its trips are not known before */
        if (site->path[k]->hi.kind == OPD_NONE)
            return false;
    for (int k = 0; k < site->depth && !sl.failed; k++) {
        slice_operand(&sl, site->path[k]->lo, 0, scratch);
        slice_operand(&sl, site->path[k]->hi, 0, scratch);
    }
    for (int i = 0; i < site->write->nidx && !sl.failed; i++)
        slice_operand(&sl, site->write->idx[i], site->depth, scratch);
    for (int g = 0; g < site->nguards && !sl.failed; g++) {
        Guard *gd = &site->guards[g];
        Slice gs = {.sc = sc, .site = site};
        slice_operand(&gs, gd->test->cond, gd->depth, scratch);
        /* a loop saved once (the same elements each trip) is not in the
         * nest: a guard must not depend on its index */
        for (int k = 0; k < gd->depth && !gs.failed; k++)
            gs.failed = same_elements_each_trip(site, k) &&
                        !same_each_iteration(site->path[k]->body, site->path[k]->index,
                                             gd->test->cond, true, 32);
        if (gs.failed && g < 64)
            site->dropped |= 1ULL << g;
        else if (gs.failed) /* (past the mask: the write is logged) */
            sl.failed = true;
    }
    return !sl.failed;
}

/* Whether x (at site sx) and y (at site sy) compute the same value: the
 * same variable, the k-th loop index of both paths, or the same operation
 * of the same values (lets, reads of arrays the statements leave alone). */
static bool same_value(SiteScan *sc, Operand x, SaveSite *sx, Operand y, SaveSite *sy, int depth) {
    if (x.kind != y.kind || depth > 32)
        return false;
    if (x.kind != OPD_VAR)
        return opd_equal(x, y);
    if (x.var == y.var)
        return true;
    for (int k = 0; k < sx->depth && k < sy->depth; k++)
        if (sx->path[k]->index == x.var || sy->path[k]->index == y.var)
            return sx->path[k]->index == x.var && sy->path[k]->index == y.var;
    Stmt *a = def_of(sc->r, x), *b = def_of(sc->r, y);
    if (!a || !b || a->kind != b->kind || (a->kind != S_LET && a->kind != S_READ) ||
        a->op != b->op || a->fn != b->fn || a->nargs != b->nargs || a->nidx != b->nidx ||
        a->buf != b->buf || strcmp(type_cname(a->dst->ty), type_cname(b->dst->ty)) != 0 ||
        (a->kind == S_READ && !unchanged_by(sc, a->buf)))
        return false;
    for (int i = 0; i < a->nargs; i++)
        if (!same_value(sc, a->args[i], sx, b->args[i], sy, depth + 1))
            return false;
    for (int i = 0; i < a->nidx; i++)
        if (!same_value(sc, a->idx[i], sx, b->idx[i], sy, depth + 1))
            return false;
    return true;
}

/* Whether two sites are under the same ifs' same branches (the elements
 * one saves, the other does) */
static bool same_guards(SaveSite *x, SaveSite *y) {
    if (x->nguards != y->nguards || x->dropped != y->dropped)
        return false;
    for (int g = 0; g < x->nguards; g++)
        if (x->guards[g].test != y->guards[g].test || x->guards[g].then != y->guards[g].then ||
            x->guards[g].depth != y->guards[g].depth)
            return false;
    return true;
}

/* Whether two sites cover the same elements: the same array, loops of the
 * same bounds and the same indices (the versions of a loop body that swaps
 * pointers, an if's branches writing the same row). One saves for both. */
static bool same_site(SiteScan *sc, SaveSite *x, SaveSite *y) {
    if (x->write->buf != y->write->buf || x->depth != y->depth ||
        x->write->nidx != y->write->nidx || !same_guards(x, y))
        return false;
    for (int k = 0; k < x->depth; k++)
        if (!same_value(sc, x->path[k]->lo, x, y->path[k]->lo, y, 0) ||
            !same_value(sc, x->path[k]->hi, x, y->path[k]->hi, y, 0))
            return false;
    for (int i = 0; i < x->write->nidx; i++)
        if (!same_value(sc, x->write->idx[i], x, y->write->idx[i], y, 0))
            return false;
    return true;
}

static bool covered_by(SiteScan *sc, SaveSite *site, int before) {
    for (int j = 0; j < before; j++)
        if (same_site(sc, sc->sites.items[j], site))
            return true;
    return false;
}

static SiteScan *scan_sites_of(Rev *r, Stmt **stmts, int n, PtrVec *dead, PtrVec *only) {
    SiteScan *sc = arena_alloc(r->a, sizeof(SiteScan));
    sc->r = r;
    sc->only = only;
    sc->stmts = stmts;
    sc->n = n;
    sc->dead =
        n == 1 ? fresh_unread(r, stmts[0], unread_so_far(r, stmts[0], dead, only != NULL)) : dead;
    for (int i = 0; i < n; i++)
        scan_stmt(sc, stmts[i]);
    free(sc->guards);
    sc->guards = NULL;
    if (!sc->sites.len)
        return sc;
    flag_inside(sc);
    int k = 0;
    for (int i = 0; i < sc->sites.len; i++) {
        SaveSite *site = sc->sites.items[i];
        if (!site->under_if && site_sliceable(sc, site)) {
            if (!covered_by(sc, site, k))
                sc->sites.items[k++] = site;
        } else if (!vec_contains(&sc->logged, site->write))
            vec_push(r->a, &sc->logged, site->write);
    }
    sc->sites.len = k;
    return sc;
}

static SiteScan *scan_sites(Rev *r, Stmt **stmts, int n, PtrVec *dead) {
    return scan_sites_of(r, stmts, n, dead, NULL);
}

/* ---- logging writes one by one ---- */
/* A write whose elements cannot be told before the statements run (its
 * index is read from an array they change, a loop around it is triangular
 * or takes its bounds from an enclosing loop's index) is logged instead:
 * right before each overwrite the forward copy pushes the element's index
 * and old value, and counts the pushes; the restore pops them back in
 * reverse order. It costs an index per element besides the value, and the
 * parallel loops around such a write run serially (the count and the
 * order are one thread's), but it is right whatever the indices are. */
struct WriteLog {
    PtrVec writes; /* the logged S_WRITEs: their position is their tag */
    Var *count;
};

static WriteLog *start_log(Rev *r, SiteScan *sc, Body *out) {
    if (!sc->logged.len)
        return NULL;
    WriteLog *log = arena_alloc(r->a, sizeof(WriteLog));
    log->writes = sc->logged;
    Stmt *first = sc->logged.items[0];
    Builder bd = {r->a, r->dst, out, first->loc};
    for (int i = 0; i < sc->logged.len; i++) {
        Stmt *w = sc->logged.items[i];
        b_comment(&bd, arena_printf(r->a,
                                    "which elements of %s line %d overwrites is known only as "
                                    "it runs: each one's index and old value are saved then",
                                    w->buf->name, w->loc.line));
    }
    log->count = var_new(r->a, r->dst, "logged", type_long());
    log->count->is_mutable = true;
    Stmt *d = stmt_new(r->a, S_DECL, first->loc);
    d->dst = log->count;
    d->nargs = 1;
    d->args[0] = opd_int(0);
    body_append(r->a, out, d);
    return log;
}

void end_log(Rev *r, WriteLog *log, Body *out) {
    if (!log)
        return;
    Stmt *p = stmt_new(r->a, S_PUSH, ((Stmt *)log->writes.items[0])->loc);
    p->nargs = 1;
    p->args[0] = opd_var(log->count);
    body_append(r->a, out, p);
}

static void push_value(Rev *r, Body *out, SrcLoc loc, Operand v) {
    Stmt *p = stmt_new(r->a, S_PUSH, loc);
    p->nargs = 1;
    p->args[0] = v;
    body_append(r->a, out, p);
}

static Var *pop_value(Rev *r, Body *out, SrcLoc loc, const char *name, Type ty) {
    Stmt *p = stmt_new(r->a, S_POP, loc);
    p->dst = var_new(r->a, r->dst, name, ty);
    body_append(r->a, out, p);
    return p->dst;
}

/* Before `w` overwrites its element: push the index, the old value and
 * (with several logged writes) which write it is; count one more. */
static void log_write(Rev *r, WriteLog *log, Stmt *w, Body *out) {
    Builder bd = {r->a, r->dst, out, w->loc};
    if (w->buf->dims || w->buf->sized_at_run_time)
        w->buf->zeroed_for_saves = true;
    Stmt *rd = stmt_new(r->a, S_READ, w->loc);
    rd->buf = w->buf;
    rd->nidx = w->nidx;
    memcpy(rd->idx, w->idx, sizeof(Operand) * (size_t)w->nidx);
    rd->dst = var_new(r->a, r->dst, "old", w->buf->elem);
    body_append(r->a, out, rd);
    for (int i = 0; i < w->nidx; i++)
        push_value(r, out, w->loc, b_cast(&bd, type_long(), w->idx[i]));
    push_value(r, out, w->loc, opd_var(rd->dst));
    if (log->writes.len > 1)
        for (int t = 0; t < log->writes.len; t++)
            if (log->writes.items[t] == w)
                push_value(r, out, w->loc, opd_int(t));
    b_accumulate(&bd, log->count, opd_int(1));
}

static bool contains_logged(Stmt *s, WriteLog *log) {
    if (vec_contains(&log->writes, s))
        return true;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (contains_logged(bodies[q]->stmts.items[i], log))
                return true;
    return false;
}

static Body *copy_forward_body(Rev *r, Body *b, PtrVec *dead, WriteLog *log) {
    if (!b)
        return NULL;
    Body *out = body_new(r->a);
    for (int i = 0; i < b->stmts.len; i++)
        append_forward(r, b->stmts.items[i], dead, log, out);
    return out;
}

Stmt *copy_forward_stmt(Rev *r, Stmt *s, PtrVec *dead, WriteLog *log) {
    if (!log || s->kind == S_WRITE || !contains_logged(s, log))
        return copy_primal_stmt(r, s, dead);
    Stmt *c = stmt_new(r->a, s->kind, s->loc);
    *c = *s;
    c->then_body = copy_forward_body(r, s->then_body, dead, log);
    c->else_body = copy_forward_body(r, s->else_body, dead, log);
    c->body = copy_forward_body(r, s->body, dead, log);
    if (s->kind == S_MAP || s->kind == S_REDUCE) {
        c->serial = true;
        c->note = "serially: it logs what it overwrites";
    }
    return c;
}

void append_forward(Rev *r, Stmt *s, PtrVec *dead, WriteLog *log, Body *out) {
    if (log && vec_contains(&log->writes, s))
        log_write(r, log, s, out);
    Stmt *c = copy_forward_stmt(r, s, dead, log);
    if (c)
        body_append(r->a, out, c);
}

/* Pops one logged element and puts its old value back. */
static void restore_entry(Rev *r, Stmt *w, Body *out) {
    Var *old = pop_value(r, out, w->loc, "old", w->buf->elem);
    Stmt *wr = stmt_new(r->a, S_WRITE, w->loc);
    wr->buf = w->buf;
    wr->nidx = w->nidx;
    for (int i = w->nidx - 1; i >= 0; i--)
        wr->idx[i] = opd_var(pop_value(r, out, w->loc, "at", type_long()));
    wr->nargs = 1;
    wr->args[0] = opd_var(old);
    body_append(r->a, out, wr);
}

static void restore_log(Rev *r, SiteScan *sc, Body *out) {
    if (!sc->logged.len)
        return;
    Stmt *first = sc->logged.items[0];
    Var *n = pop_value(r, out, first->loc, "logged", type_long());
    Stmt *l = stmt_new(r->a, S_LOOP, first->loc);
    l->index = var_new(r->a, r->dst, "k", type_long());
    l->lo = opd_int(0);
    l->hi = opd_var(n);
    l->body = body_new(r->a);
    l->note = "logged elements, last first";
    body_append(r->a, out, l);
    Body *cur = l->body;
    Var *tag = sc->logged.len > 1 ? pop_value(r, cur, first->loc, "write", type_long()) : NULL;
    for (int t = 0; t < sc->logged.len; t++) {
        Stmt *w = sc->logged.items[t];
        if (t == sc->logged.len - 1) {
            restore_entry(r, w, cur);
            break;
        }
        Builder bd = {r->a, r->dst, cur, w->loc};
        Stmt *c = stmt_new(r->a, S_IF, w->loc);
        c->cond = b_cmp(&bd, OP_EQ, opd_var(tag), opd_int(t));
        c->then_body = body_new(r->a);
        c->else_body = body_new(r->a);
        restore_entry(r, w, c->then_body);
        body_append(r->a, cur, c);
        cur = c->else_body;
    }
}

/* ---- entry points ---- */
WriteLog *save_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead) {
    SiteScan *sc = scan_sites(r, stmts, n, dead);
    for (int i = 0; i < sc->sites.len && !r->failed; i++)
        transfer_site(sc, sc->sites.items[i], out, true);
    return start_log(r, sc, out);
}

void restore_logged_writes(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead) {
    restore_log(r, scan_sites(r, stmts, n, dead), out);
}

void restore_saved_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead) {
    SiteScan *sc = scan_sites(r, stmts, n, dead);
    for (int i = sc->sites.len - 1; i >= 0 && !r->failed; i--)
        transfer_site(sc, sc->sites.items[i], out, false);
}

/* The logged writes were the last pushed: they go back first. */
void restore_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead) {
    SiteScan *sc = scan_sites(r, stmts, n, dead);
    restore_log(r, sc, out);
    for (int i = sc->sites.len - 1; i >= 0 && !r->failed; i--)
        transfer_site(sc, sc->sites.items[i], out, false);
}

bool entry_saves_ahead(Rev *r, Stmt *loop, Buffer *buf, PtrVec *dead) {
    PtrVec only = {0};
    vec_push(r->a, &only, buf);
    return scan_sites_of(r, &loop, 1, dead, &only)->logged.len == 0;
}

bool transfer_entry(Rev *r, Stmt *loop, PtrVec *arrays, Body *out, PtrVec *dead, bool save) {
    SiteScan *sc = scan_sites_of(r, &loop, 1, dead, arrays);
    for (int i = 0; i < sc->sites.len && !r->failed; i++)
        transfer_site(sc, sc->sites.items[save ? i : sc->sites.len - 1 - i], out, save);
    return sc->sites.len > 0;
}

bool saves_anything(Rev *r, Stmt *s, PtrVec *dead) {
    SiteScan *sc = scan_sites(r, &s, 1, dead);
    return sc->sites.len > 0 || sc->logged.len > 0;
}
