/* Reverse mode: the driver, and the rules for straight-line code, if and
 * branches. Sequential loops, maps, reduces and scans have their own files.
 *
 * The gradient function runs the forward sweep of the body, then its return
 * sweep. There is no tape for scalars: every scope's return sweep first
 * re-executes the scope's forward statements (redundant execution), so SSA
 * values are recomputed where the adjoint needs them. What the tape holds:
 * the loop-carried scalars of sequential loops, once per iteration, and the
 * old values of array elements that a statement overwrites while an earlier
 * statement's return sweep still needs them.
 *
 * Invariant: a statement's return sweep leaves the arrays as they were
 * before the statement ran forward. */
#include "rev.h"
#include "derivs.h"

#include <stdlib.h>
#include <string.h>

void rev_error(Rev *r, SrcLoc loc, const char *hint, const char *msg) {
    if (!r->failed) {
        r->err->count++;
        if (r->err->report)
            r->err->report(r->err->ctx, loc, hint, msg);
    }
    r->failed = true;
}

/* ---- adjoints ---- */
Var *adjoint_of(Rev *r, Var *v) {
    if (!v->active)
        return NULL;
    if (!v->adj) {
        v->adj = var_new(r->a, r->dst, arena_printf(r->a, "%s_b", v->name), v->ty);
        v->adj->is_mutable = true;
        v->adj->primal = v;
    }
    return v->adj;
}

Operand adjoint_operand(Rev *r, Operand o) {
    Var *adj = o.kind == OPD_VAR ? adjoint_of(r, o.var) : NULL;
    return adj ? opd_var(adj) : b_fconst(0, type_is_float(o.ty) ? o.ty : type_double());
}

void add_adjoint(Rev *r, Builder *bd, Operand o, Operand v) {
    Var *adj = o.kind == OPD_VAR ? adjoint_of(r, o.var) : NULL;
    if (adj)
        b_accumulate(bd, adj, b_cast(bd, adj->ty, v));
}

void declare_adjoint(Rev *r, Body *out, Var *v, SrcLoc loc) {
    Var *adj = adjoint_of(r, v);
    if (!adj)
        return;
    Stmt *d = stmt_new(r->a, S_DECL, loc);
    d->dst = adj;
    d->nargs = 1;
    d->args[0] = b_fconst(0, adj->ty);
    body_append(r->a, out, d);
}

void rev_adjoint_decls(Rev *r, Body *src, Body *out) {
    for (int i = 0; i < src->stmts.len; i++) {
        Stmt *s = src->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            declare_adjoint(r, out, defs[k], s->loc);
        free(defs);
    }
}

Stmt *def_of(Rev *r, Operand o) {
    return o.kind == OPD_VAR && o.var->id < r->nvars ? r->def_stmt[o.var->id] : NULL;
}

/* ---- straight-line code ---- */
static void rev_let(Rev *r, Stmt *s, Builder *bd) {
    Var *d = s->dst;
    if (!d->active)
        return;
    Operand db = opd_var(adjoint_of(r, d));
    Operand *x = s->args;
    bool act[3];
    for (int i = 0; i < s->nargs; i++)
        act[i] = x[i].kind == OPD_VAR && x[i].var->active;
    switch (s->op) {
    case OP_COPY:
    case OP_CAST:
        add_adjoint(r, bd, x[0], db);
        break;
    case OP_DERIV_OF:
        add_adjoint(r, bd, x[1], db);
        break;
    case OP_NEG:
        add_adjoint(r, bd, x[0], b_neg(bd, db));
        break;
    case OP_ADD:
        add_adjoint(r, bd, x[0], db);
        add_adjoint(r, bd, x[1], db);
        break;
    case OP_SUB:
        add_adjoint(r, bd, x[0], db);
        if (act[1])
            add_adjoint(r, bd, x[1], b_neg(bd, db));
        break;
    case OP_MUL:
        if (act[0])
            add_adjoint(r, bd, x[0], b_mul(bd, db, x[1]));
        if (act[1])
            add_adjoint(r, bd, x[1], b_mul(bd, db, x[0]));
        break;
    case OP_DIV:
        if (act[0])
            add_adjoint(r, bd, x[0], b_div(bd, db, x[1]));
        if (act[1]) /* d(a/b)/db = -(a/b)/b */
            add_adjoint(r, bd, x[1], b_neg(bd, b_div(bd, b_mul(bd, db, opd_var(d)), x[1])));
        break;
    case OP_SELECT: {
        Operand zero = b_fconst(0, d->ty);
        if (act[1])
            add_adjoint(r, bd, x[1], b_select(bd, x[0], db, zero));
        if (act[2])
            add_adjoint(r, bd, x[2], b_select(bd, x[0], zero, db));
        break;
    }
    case OP_CALL:
        for (int k = 0; k < s->nargs; k++) {
            if (!act[k])
                continue;
            add_adjoint(r, bd, x[k], deriv_adjoint(bd, s->fn, k, x, opd_var(d), db));
        }
        break;
    case OP_UOP: /* the partials of the operator's own adjoint (its helper _b) */
        for (int k = 0; k < 2; k++)
            if (act[k])
                add_adjoint(
                    r, bd, x[k],
                    b_mul(bd, db, b_uop(bd, k ? OP_UOP_D1 : OP_UOP_D0, s->uop, x[0], x[1])));
        break;
    default:
        break;
    }
}

/* ---- increments ---- */
/* An increment `buf[idx] = c + e` (or c - e) whose c is a read
 * `c = buf[idx]` of the same element, in the same body, with no write to
 * buf between them and no other use of c or of the sum: buf_b[idx] passes
 * through unchanged, and e's adjoint is buf_b[idx] (or its negation). Its
 * general form, buf_b[idx] read, zeroed, then added back through c, kept
 * the seeds of `C[i][j] += a * B[k][j]` changing in every step. The write
 * of `read`'s increment, or NULL. */
static Stmt *increment_of(Rev *r, Stmt *read) {
    if (read->kind != S_READ || !read->dst->active || read->dst->is_mutable)
        return NULL;
    Stmt *sum = sole_user(r, read->dst);
    if (!sum || sum->kind != S_LET || sum->nargs != 2 || sum->dst->is_mutable ||
        !(sum->op == OP_ADD || (sum->op == OP_SUB && opd_equal(sum->args[0], opd_var(read->dst)))))
        return NULL;
    if (opd_equal(sum->args[0], sum->args[1]))
        return NULL;
    Stmt *w = sole_user(r, sum->dst);
    if (!w || w->kind != S_WRITE || w->buf != read->buf || w->nidx != read->nidx ||
        !opd_equal(w->args[0], opd_var(sum->dst)))
        return NULL;
    for (int d = 0; d < w->nidx; d++)
        if (!opd_equal(w->idx[d], read->idx[d]))
            return NULL;
    /* the write follows in the same body, within a few statements (the
     * scan stays linear), none of them writing buf */
    int at, wat;
    Body *b = source_place(r, read, &at);
    if (!b || source_place(r, w, &wat) != b || wat <= at || wat > at + 64)
        return NULL;
    for (int i = at + 1; i < wat; i++)
        if (stmt_writes_buffer(b->stmts.items[i], read->buf))
            return NULL;
    return w;
}

/* The read an increment write adds to (see increment_of), or NULL. */
static Stmt *increment_base(Rev *r, Stmt *w) {
    Stmt *sum = w->nargs == 1 ? def_of(r, w->args[0]) : NULL;
    if (!sum || sum->kind != S_LET || sum->nargs != 2)
        return NULL;
    for (int k = 0; k < 2; k++) {
        Stmt *rd = def_of(r, sum->args[k]);
        if (rd && rd->kind == S_READ && increment_of(r, rd) == w)
            return rd;
    }
    return NULL;
}

/* The sum of an increment: its adjoint is the write's (rev_write). */
static bool is_increment_sum(Rev *r, Stmt *let) {
    Stmt *w = let->dst->active ? sole_user(r, let->dst) : NULL;
    return w && w->kind == S_WRITE && increment_base(r, w);
}

/* The adjoint of a write `buf[idx] = v`: v_b += buf_b[idx]; buf_b[idx] = 0
 * (an increment's: the first only). */
static void rev_write(Rev *r, Stmt *s, Builder *bd) {
    Buffer *buf = s->buf;
    if (!buf->active || !buf->adj)
        return;
    Stmt *base = increment_base(r, s);
    if (base) {
        Stmt *sum = def_of(r, s->args[0]);
        Stmt *rd = stmt_new(r->a, S_READ, s->loc);
        rd->buf = buf->adj;
        rd->nidx = s->nidx;
        memcpy(rd->idx, s->idx, sizeof(Operand) * (size_t)s->nidx);
        rd->dst =
            var_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, buf)), buf->elem);
        body_append(r->a, bd->b, rd);
        int k = opd_equal(sum->args[0], opd_var(base->dst)) ? 1 : 0;
        Operand e_b = opd_var(rd->dst);
        if (sum->op == OP_SUB)
            e_b = b_neg(bd, e_b);
        add_adjoint(r, bd, sum->args[k], e_b);
        return;
    }
    Stmt *rd = stmt_new(r->a, S_READ, s->loc);
    rd->buf = buf->adj;
    rd->nidx = s->nidx;
    memcpy(rd->idx, s->idx, sizeof(Operand) * (size_t)s->nidx);
    rd->dst = var_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, buf)), buf->elem);
    body_append(r->a, bd->b, rd);
    add_adjoint(r, bd, s->args[0], opd_var(rd->dst));
    Stmt *z = stmt_new(r->a, S_WRITE, s->loc);
    z->buf = buf->adj;
    z->nidx = s->nidx;
    memcpy(z->idx, s->idx, sizeof(Operand) * (size_t)s->nidx);
    z->nargs = 1;
    z->args[0] = b_fconst(0, buf->elem);
    body_append(r->a, bd->b, z);
}

/* ---- primal copies and dead writes ---- */
static Body *copy_primal_body(Rev *r, Body *b, PtrVec *dead) {
    if (!b)
        return NULL;
    Body *out = body_new(r->a);
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *c = copy_primal_stmt(r, b->stmts.items[i], dead);
        if (c)
            body_append(r->a, out, c);
    }
    return out;
}

Stmt *copy_primal_stmt(Rev *r, Stmt *s, PtrVec *dead) {
    if (s->kind == S_RETURN)
        return NULL;
    if (!dead || dead->len == 0)
        return s;
    if (s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_HIST) /* histograms add again */
        return vec_contains(dead, s->buf) ? NULL : s;
    if (!s->then_body && !s->body)
        return s;
    Stmt *c = stmt_new(r->a, s->kind, s->loc);
    *c = *s;
    c->then_body = copy_primal_body(r, s->then_body, dead);
    c->else_body = copy_primal_body(r, s->else_body, dead);
    c->body = copy_primal_body(r, s->body, dead);
    return c;
}

void rev_primal_body(Rev *r, Body *src, Body *out) {
    for (int i = 0; i < src->stmts.len; i++) {
        Stmt *c = copy_primal_stmt(r, src->stmts.items[i], NULL);
        if (c)
            body_append(r->a, out, c);
    }
}

void collect_written(Rev *r, Stmt *s, PtrVec *written) {
    if ((s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) &&
        !vec_contains(written, s->buf))
        vec_push(r->a, written, s->buf);
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int j = 0; bodies[q] && j < bodies[q]->stmts.len; j++)
            collect_written(r, bodies[q]->stmts.items[j], written);
}

/* In a re-executed body, the buffers statement i writes that neither it nor
 * any later statement reads: writing them would only be undone again. */
/* Whether s is, or has in its branches, an update h[k] = fmin(h[k], v) of
 * the min or max histogram whose iteration is being run again: that rule
 * (rev_hist.c) updates the bins no more. */
static bool updates_recomputed_bins(Stmt *s, Buffer *buf) {
    if (s->kind == S_ACC)
        return s->acc_op != RED_ADD && s->buf == buf;
    if (s->kind != S_IF && s->kind != S_LOOP) /* (an inner loop over a row) */
        return false;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (updates_recomputed_bins(bodies[q]->stmts.items[i], buf))
                return true;
    return false;
}

/* Whether the statements of a map's body or an if's branches (b) only
 * compute in registers and write arrays: no reduction, scan, histogram or
 * sequential loop carrying values out; in an if (`in_if`), the lets
 * outside its maps, which its phis may take, read none of the arrays the
 * if writes (`written`). */
static bool plain_statements(Body *b, PtrVec *written, bool in_if) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        switch (s->kind) {
        case S_LET:
        case S_WRITE:
        case S_COMMENT:
        case S_DECL:
            break;
        case S_READ:
            if (in_if && vec_contains(written, s->buf))
                return false;
            break;
        case S_IF:
            if (!plain_statements(s->then_body, written, in_if) ||
                !plain_statements(s->else_body, written, in_if))
                return false;
            break;
        case S_MAP:
            if (is_recomputed_hist(s) || is_carrier(s) ||
                !plain_statements(s->body, written, false))
                return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* Whether s's adjoint puts back what s read and runs s's work again
 * itself (a map's adjoint iterations, an if's branches), and s passes on
 * nothing computed from what it writes: in a re-executed body, running s
 * forward only to undo it before its adjoint would be wasted; its arrays
 * need be neither written nor saved there unless a later statement reads
 * them. */
static bool redone_by_adjoint(Rev *r, Stmt *s) {
    if (s->kind != S_MAP && s->kind != S_IF)
        return false;
    PtrVec written = {0};
    collect_written(r, s, &written);
    if (s->kind == S_MAP)
        return !is_recomputed_hist(s) && !is_carrier(s) &&
               plain_statements(s->body, &written, false);
    return plain_statements(s->then_body, &written, true) &&
           plain_statements(s->else_body, &written, true);
}

/* Statement j of b, re-run in the return sweep, does not run again
 * (dead_reruns): its reads need nothing. */
static bool skipped_rerun(Rev *r, Body *b, int j) {
    return b == r->iter_body && r->iter_dead && r->iter_dead[j];
}

/* Whether a statement after statement i of b that runs reads buf. */
static bool read_later(Rev *r, Body *b, int i, Buffer *buf) {
    for (int j = i + 1; j < b->stmts.len; j++)
        if (!skipped_rerun(r, b, j) && reads_value_of(r, b->stmts.items[j], buf))
            return true;
    return false;
}

static PtrVec *dead_buffers(Rev *r, Body *b, int i) {
    PtrVec *dead = arena_alloc(r->a, sizeof(PtrVec));
    Stmt *s = b->stmts.items[i];
    PtrVec written = {0};
    collect_written(r, s, &written);
    bool *later = arena_alloc(r->a, sizeof(bool) * (size_t)(written.len + 1));
    /* a statement its adjoint redoes is dropped whole, or not at all: its
     * own reads of what it writes (a scratch array in a map's iteration)
     * need those writes wherever it still runs */
    bool redone = redone_by_adjoint(r, s);
    BufMarks reads = {0}; /* (one walk of the statements after s for all of them) */
    for (int j = i + 1; written.len && j < b->stmts.len; j++)
        if (!skipped_rerun(r, b, j))
            mark_value_reads(r, &reads, b->stmts.items[j]);
    for (int w = 0; w < written.len; w++) {
        int known = marked(&reads, written.items[w], MARK_VALUE);
        later[w] = known >= 0 ? known : read_later(r, b, i, written.items[w]);
        redone &= !later[w];
    }
    marks_free(&reads);
    BufMarks own = {0};
    if (written.len)
        mark_value_reads(r, &own, s);
    for (int w = 0; w < written.len; w++) {
        Buffer *buf = written.items[w];
        if (updates_recomputed_bins(s, buf) || buf->inert || vec_contains(r->restored, buf)) {
            vec_push(r->a, dead, buf);
            continue;
        }
        /* (reads that only add back into buf, `out[j] += v`, need nothing
         * from it: the sum is not used) */
        int known = later[w] || redone ? 0 : marked(&own, buf, MARK_VALUE);
        if (redone || (!later[w] && !(known >= 0 ? known : reads_value_of(r, s, buf))))
            vec_push(r->a, dead, buf);
    }
    marks_free(&own);
    return dead;
}

/* Whether b only copies elements (dst[k] = src[k'], index arithmetic
 * besides: memcpy's map, a copy back): its adjoint needs no values. */
static bool copies_only(Rev *r, Body *b) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Stmt *user = s->kind == S_READ ? sole_user(r, s->dst) : NULL;
        Stmt *from =
            s->kind == S_WRITE && s->args[0].kind == OPD_VAR ? def_of(r, s->args[0]) : NULL;
        bool index = s->kind == S_LET && !type_is_float(s->dst->ty);
        bool copied = s->kind == S_READ && user && user->kind == S_WRITE &&
                      opd_equal(user->args[0], opd_var(s->dst));
        bool copy = s->kind == S_WRITE && from && from->kind == S_READ;
        if (!index && !copied && !copy)
            return false;
    }
    return true;
}

/* From the last statement of an iteration's body back: a copy (memcpy's
 * map, a copy back) whose every written array is dead where it would run
 * again (no later statement that still runs reads it: the copy into the
 * caller's array the return sweep restores) does not run again, and as
 * its adjoint needs none of the values it reads, neither do they need
 * computing: the map before it computing what was copied, a
 * shallow-water step's fluxes, runs again only for its own adjoint's
 * sake, which its iterations redo themselves. */
bool *dead_reruns(Rev *r, Body *b) {
    bool *dead = arena_alloc(r->a, sizeof(bool) * (size_t)(b->stmts.len + 1));
    r->iter_dead = dead; /* (read by dead_buffers for the statements after) */
    for (int j = b->stmts.len - 1; j >= 0; j--) {
        Stmt *s = b->stmts.items[j];
        if (s->kind != S_MAP || !copies_only(r, s->body))
            continue;
        PtrVec written = {0};
        collect_written(r, s, &written);
        PtrVec *d = dead_buffers(r, b, j);
        bool all = written.len > 0;
        for (int w = 0; w < written.len && all; w++)
            all = vec_contains(d, written.items[w]);
        dead[j] = all;
    }
    return dead;
}

/* Whether s computes nothing with a derivative and writes only arrays
 * never restored (the final bins of a histogram of structs): its return
 * sweep has nothing to do, and running its iterations again there would
 * spoil the values the sweep reads. */
bool only_final_values(Stmt *s) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    bool active = false;
    for (int k = 0; k < n; k++)
        active |= defs[k]->active;
    free(defs);
    if (active)
        return false;
    for (int k = 0; k < s->carried.len; k++)
        if (((Carried *)s->carried.items[k])->param->active)
            return false;
    if (s->kind == S_SCAN || s->kind == S_HIST ||
        ((s->kind == S_WRITE || s->kind == S_ACC) && !s->buf->never_restored))
        return false;
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            if (!only_final_values(bodies[q]->stmts.items[i]))
                return false;
    return true;
}

/* ---- if ---- */
static void rev_if_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    WriteLog *log = save_regions(r, &s, 1, out, dead);
    body_append(r->a, out, copy_forward_stmt(r, s, dead, log));
    end_log(r, log, out);
}

/* Each branch re-executes its forward statements, then runs its adjoint. */
static Body *rev_branch_bwd(Rev *r, Stmt *s, Body *branch, bool then) {
    Body *out = body_new(r->a);
    rev_fwd_body(r, branch, out, true);
    rev_adjoint_decls(r, branch, out);
    Builder bd = {r->a, r->dst, out, s->loc};
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        if (p->dst->active)
            add_adjoint(r, &bd, then ? p->then_val : p->else_val, opd_var(adjoint_of(r, p->dst)));
    }
    rev_bwd_stmts(r, branch, out, true);
    return out;
}

static void rev_if_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    restore_regions(r, &s, 1, out, dead);
    Stmt *c = stmt_new(r->a, S_IF, s->loc);
    c->note = "adjoint";
    c->cond = s->cond;
    c->then_body = rev_branch_bwd(r, s, s->then_body, true);
    c->else_body = rev_branch_bwd(r, s, s->else_body, false);
    body_append(r->a, out, c);
}

/* ---- bodies ---- */
static void declare_local_adjoint(Rev *r, Stmt *s, Body *out) {
    Buffer *buf = s->buf;
    if (!buf || !buf->active)
        return;
    if (!buf->adj) {
        buf->adj = buffer_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, buf)),
                              buf->elem, BUF_LOCAL);
        buf->adj->rank = buf->rank;
        buf->adj->dims = buf->dims;
        buf->adj->sized_at_run_time = buf->sized_at_run_time;
        buf->adj->zero_init = true;
        buf->adj->is_adjoint = true;
    }
    Stmt *d = stmt_new(r->a, S_DECL, s->loc);
    d->nargs = s->nargs; /* the sizes of one sized at run time */
    memcpy(d->args, s->args, sizeof d->args);
    d->buf = buf->adj;
    body_append(r->a, out, d);
}

/* A malloc'ed temporary carrying derivatives gets a zeroed adjoint of the
 * same size, freed with it when the gradient returns. */
static void alloc_heap_adjoint(Rev *r, Stmt *s, Body *out) {
    Buffer *buf = s->buf;
    if (!buf->active)
        return;
    if (!buf->adj)
        buf->adj = buffer_new(r->a, r->dst, arena_printf(r->a, "%s_b", buffer_label(r->a, buf)),
                              buf->elem, BUF_LOCAL);
    buf->adj->heap = true;
    buf->adj->is_adjoint = true;
    if (buf->inner_dims) { /* rows laid out flat, double (*a)[m]: indexed as they are */
        buf->adj->rank = buf->rank;
        buf->adj->dims = buf->dims;
        buf->adj->inner_dims = buf->inner_dims;
    }
    Stmt *al = stmt_new(r->a, S_ALLOC, s->loc);
    *al = *s;
    al->buf = buf->adj;
    body_append(r->a, out, al);
}

static void free_heap_arrays(Rev *r, Body *out) {
    Body *b = r->src->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Buffer *bufs[2] = {s->kind == S_ALLOC ? s->buf : NULL,
                           s->kind == S_ALLOC ? s->buf->adj : NULL};
        for (int q = 0; q < 2; q++) {
            if (!bufs[q])
                continue;
            Stmt *fr = stmt_new(r->a, S_FREE, s->loc);
            fr->buf = bufs[q];
            body_append(r->a, out, fr);
        }
    }
}

/* A temporary malloc'ed inside a branch (after an early return, say) is
 * declared in that block of the output, forward copy and re-executed copy
 * alike: nothing outside can use it, so it is freed where the block ends. */
static void free_block_heap_arrays(Arena *a, Body *b, bool top) {
    if (!b)
        return;
    int n = b->stmts.len;
    for (int i = 0; i < n; i++) {
        Stmt *s = b->stmts.items[i];
        free_block_heap_arrays(a, s->then_body, false);
        free_block_heap_arrays(a, s->else_body, false);
        free_block_heap_arrays(a, s->body, false);
    }
    for (int i = n - 1; i >= 0 && !top; i--) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_ALLOC)
            continue;
        /* a block shared by both sweeps is seen twice */
        bool freed = false;
        for (int j = i + 1; j < b->stmts.len && !freed; j++) {
            Stmt *f = b->stmts.items[j];
            freed = f->kind == S_FREE && f->buf == s->buf;
        }
        if (freed)
            continue;
        Stmt *fr = stmt_new(a, S_FREE, s->loc);
        fr->buf = s->buf;
        body_append(a, b, fr);
    }
}

/* The arrays of Rev.iter_skip that statement i of the iteration's body
 * need not save (see Rev.nosave); NULL outside such a body and for loops,
 * whose iterations' saves are between iterations. */
static PtrVec *unsaved_here(Rev *r, Body *b, int i) {
    Stmt *s = b->stmts.items[i];
    if (b != r->iter_body || !r->iter_skip || s->kind == S_LOOP)
        return NULL;
    PtrVec *none = arena_alloc(r->a, sizeof(PtrVec));
    for (int k = 0; k < r->iter_skip->len; k++)
        if (r->iter_first_read[k] > i)
            vec_push(r->a, none, r->iter_skip->items[k]);
    return none;
}

int *first_reads(Rev *r, Body *b, PtrVec *skip) {
    int n = skip ? skip->len : 0;
    int *first = arena_alloc(r->a, sizeof(int) * (size_t)(n + 1));
    for (int k = 0; k < n; k++)
        first[k] = b->stmts.len;
    int left = n;
    for (int j = 0; j < b->stmts.len && left; j++) {
        BufMarks reads = {0}; /* (one walk of each statement for all of skip) */
        mark_value_reads(r, &reads, b->stmts.items[j]);
        for (int k = 0; k < n; k++) {
            if (first[k] < b->stmts.len)
                continue;
            int known = marked(&reads, skip->items[k], MARK_VALUE);
            if (known > 0 || (known < 0 && reads_value_of(r, b->stmts.items[j], skip->items[k]))) {
                first[k] = j;
                left--;
            }
        }
        marks_free(&reads);
    }
    return first;
}

void rev_fwd_body(Rev *r, Body *src, Body *out, bool reexec) {
    Body *outer_body = r->cur_body;
    PtrVec *outer_nosave = r->nosave;
    for (int i = 0; i < src->stmts.len && !r->failed; i++) {
        r->cur_body = src;
        Stmt *s = src->stmts.items[i];
        PtrVec *dead = reexec ? dead_buffers(r, src, i) : NULL;
        r->nosave = reexec ? unsaved_here(r, src, i) : NULL;
        switch (s->kind) {
        case S_RETURN:
            break;
        case S_DECL:
            body_append(r->a, out, s);
            declare_local_adjoint(r, s, out);
            break;
        case S_ALLOC:
            body_append(r->a, out, s);
            alloc_heap_adjoint(r, s, out);
            break;
        case S_WRITE:
        case S_ACC:
        case S_HIST: {
            if (vec_contains(dead, s->buf))
                break;
            WriteLog *log = save_regions(r, &s, 1, out, dead);
            append_forward(r, s, dead, log, out);
            end_log(r, log, out);
            break;
        }
        case S_IF:
            rev_if_fwd(r, s, out, dead);
            break;
        case S_LOOP:
            rev_loop_fwd(r, s, out, dead);
            break;
        case S_MAP:
            rev_map_fwd(r, s, out, dead);
            break;
        case S_REDUCE:
            rev_reduce_fwd(r, s, out, dead);
            break;
        case S_SCAN:
            rev_scan_fwd(r, s, out, dead);
            break;
        default:
            body_append(r->a, out, s);
            break;
        }
    }
    r->cur_body = outer_body;
    r->nosave = outer_nosave;
}

void rev_bwd_stmts(Rev *r, Body *src, Body *out, bool reexec) {
    Body *outer_body = r->cur_body;
    PtrVec *outer_nosave = r->nosave;
    for (int i = src->stmts.len - 1; i >= 0 && !r->failed; i--) {
        r->cur_body = src;
        Stmt *s = src->stmts.items[i];
        PtrVec *dead = reexec ? dead_buffers(r, src, i) : NULL;
        r->nosave = reexec ? unsaved_here(r, src, i) : NULL;
        Builder bd = {r->a, r->dst, out, s->loc};
        switch (s->kind) {
        case S_LET:
            if (!is_increment_sum(r, s))
                rev_let(r, s, &bd);
            break;
        case S_READ:
            if (s->dst->active && !increment_of(r, s))
                emit_array_accumulate(r, &bd, s, opd_var(adjoint_of(r, s->dst)));
            break;
        case S_WRITE:
        case S_ACC:
            if (s->kind == S_WRITE)
                rev_write(r, s, &bd);
            else if (s->acc_op != RED_ADD)
                rev_recomputed_update(r, s, &bd);
            else
                rev_hist_update(r, s, &bd);
            if (!vec_contains(dead, s->buf))
                restore_regions(r, &s, 1, out, dead);
            break;
        case S_IF:
            rev_if_bwd(r, s, out, dead);
            break;
        case S_LOOP:
            if (!only_final_values(s))
                rev_loop_bwd(r, s, out, dead);
            break;
        case S_MAP:
            rev_map_bwd(r, s, out, dead);
            break;
        case S_REDUCE:
            rev_reduce_bwd(r, s, out, dead);
            break;
        case S_SCAN:
            rev_scan_bwd(r, s, out, dead);
            break;
        case S_HIST:
            rev_hist_bwd(r, s, out, dead);
            break;
        default:
            break;
        }
    }
    r->cur_body = outer_body;
    r->nosave = outer_nosave;
}

/* ---- the driver ---- */
void rev_index_defs(Rev *r, Body *b) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            r->def_stmt[defs[k]->id] = s;
        free(defs);
        if (s->index) {
            r->def_stmt[s->index->id] = s;
        }
        for (int k = 0; k < s->carried.len; k++)
            r->def_stmt[((Carried *)s->carried.items[k])->param->id] = s;
        Body *bodies[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++)
            if (bodies[q])
                rev_index_defs(r, bodies[q]);
    }
}

bool in_names(PtrVec *names, const char *name) {
    for (int i = 0; i < names->len; i++)
        if (strcmp(names->items[i], name) == 0)
            return true;
    return false;
}

/* `base_b`, Tapenade's name, unless the primal already has a parameter of
 * that name: then `base_adj` (or `base_adj2`, ...). */
static const char *adjoint_param_name(Rev *r, Func *f, const char *base, const char *suffix) {
    const char *name = arena_printf(r->a, "%s_%s", base, suffix);
    for (int k = 1;; k++) {
        bool taken = false;
        for (int i = 0; i < f->params.len && !taken; i++)
            taken = strcmp(((Param *)f->params.items[i])->name, name) == 0;
        if (!taken)
            return name;
        name = arena_printf(r->a, "%s_adj%s", base, k == 1 ? "" : arena_printf(r->a, "%d", k));
    }
}

/* The adjoint parameter of p: an array's adjoint array, or for a scalar a
 * pointer to its adjoint, accumulated in a local and added at the end. */
static Param *adjoint_param(Rev *r, RevSpec *spec, Param *p, StructParam *group, Body *prologue,
                            Body *epilogue) {
    Func *f = spec->primal, *g = r->dst;
    Param *pb = arena_alloc(r->a, sizeof(Param));
    pb->name = group ? group->name : adjoint_param_name(r, f, p->name, "b");
    pb->group = group;
    if (p->buf) {
        Buffer *b = buffer_new(r->a, g, pb->name, p->buf->elem, BUF_PARAM);
        b->rank = p->buf->rank;
        b->extent = p->buf->extent; /* x[n]: x_b[n] (accum.c's copies) */
        b->primal = p->buf;
        b->is_adjoint = true;
        b->field = p->buf->field; /* a struct's adjoint: the same struct type */
        b->through_pointer = p->buf->through_pointer;
        b->row_table = p->buf->row_table;
        pb->buf = b;
        p->buf->adj = b;
        /* Inactive (the output does not depend on it): keep the
         * parameter, nothing is accumulated into it. */
        if (!p->buf->active)
            p->buf->adj = NULL;
        pb->decl = NULL; /* derived from the primal declaration by the emitter */
        return pb;
    }
    Buffer *b = buffer_new(r->a, g, pb->name, p->var->ty, BUF_PARAM);
    b->scalar_ref = true;
    pb->buf = b;
    Var *local = adjoint_of(r, p->var);
    if (local) {
        local->name = arena_printf(r->a, "%s_b_local", p->name);
        Stmt *d = stmt_new(r->a, S_DECL, f->loc);
        d->dst = local;
        d->nargs = 1;
        d->args[0] = b_fconst(0, local->ty);
        body_append(r->a, prologue, d);
        Stmt *acc = stmt_new(r->a, S_ACC, f->loc);
        acc->buf = b;
        acc->nargs = 1;
        acc->args[0] = opd_var(local);
        body_append(r->a, epilogue, acc);
    }
    return pb;
}

/* The generated signature: each active pointer followed by its adjoint, an
 * active scalar followed by a pointer to its adjoint, the seed last. A
 * struct parameter (the Params of its fields) is followed by one adjoint
 * of its struct type, holding its floating fields' adjoints. */
static void build_signature(Rev *r, RevSpec *spec, Body *prologue, Body *epilogue, Var **seed) {
    Func *f = spec->primal, *g = r->dst;
    for (int i = 0, end; i < f->params.len; i = end) {
        Param *p = f->params.items[i];
        for (end = i + 1;
             p->group && end < f->params.len && ((Param *)f->params.items[end])->group == p->group;
             end++)
            ;
        for (int k = i; k < end; k++)
            vec_push(r->a, &g->params, f->params.items[k]);
        if (!in_names(&spec->wrt, p->name) && !in_names(&spec->out, p->name))
            continue;
        StructParam *group = NULL;
        if (p->group) {
            group = arena_alloc(r->a, sizeof(StructParam));
            *group = *p->group;
            group->name = adjoint_param_name(r, f, p->name, "b");
            group->decl = NULL; /* derived by the emitter */
        }
        for (int k = i; k < end; k++) {
            Param *q = f->params.items[k];
            if (!q->group || type_is_float(q->buf->elem)) {
                q->adj = adjoint_param(r, spec, q, group, prologue, epilogue);
                vec_push(r->a, &g->params, q->adj);
            }
        }
    }
    if (in_names(&spec->out, "return")) {
        Param *ps = arena_alloc(r->a, sizeof(Param));
        ps->name = adjoint_param_name(r, f, g->name, "seed");
        ps->var = var_new(r->a, g, ps->name, f->ret);
        vec_push(r->a, &g->params, ps);
        *seed = ps->var;
    }
}

/* A write of an inactive output at an index pargrad cannot bound: its
 * seed is zeroed right after it wherever it runs (its element is one the
 * caller's seeds include), since no adjoint statement visits it. */
typedef struct SeedsAt {
    Stmt *write;
    Buffer *seed;
    const char *name;
    bool found;
} SeedsAt;

static bool zeroes_seed(Stmt *z, SeedsAt *at) {
    return z->kind == S_WRITE && z->buf == at->seed && z->nidx == at->write->nidx &&
           opd_equal(z->idx[0], at->write->idx[0]);
}

/* After each such write in b (bodies the sweeps share are seen twice). */
static void zero_seeds_at_writes(Rev *r, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        zero_seeds_at_writes(r, s->then_body);
        zero_seeds_at_writes(r, s->else_body);
        zero_seeds_at_writes(r, s->body);
        for (int k = 0; k < r->seeds_at_writes.len; k++) {
            SeedsAt *at = r->seeds_at_writes.items[k];
            if (s != at->write)
                continue;
            at->found = true;
            if (i + 1 < b->stmts.len && zeroes_seed(b->stmts.items[i + 1], at))
                break;
            Stmt *z = stmt_new(r->a, S_WRITE, s->loc);
            z->buf = at->seed;
            z->nidx = s->nidx;
            memcpy(z->idx, s->idx, sizeof(Operand) * (size_t)s->nidx);
            z->nargs = 1;
            z->args[0] = b_fconst(0, at->seed->elem);
            body_insert(r->a, b, i + 1, z);
            i++;
            break;
        }
    }
}

static bool has_int_param(Func *f) {
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (p->var && !p->group && !type_is_float(p->var->ty))
            return true;
    }
    return false;
}

/* An output whose seeds cannot all be consumed; `declared` shows how to
 * declare it (%s its name). The hint names the declaration first where an
 * integer parameter can size it, else the wrt(...) that needs none (a
 * length in a struct's field, A->n, cannot size a parameter's array for
 * pargrad). */
static void unknown_output_size(Rev *r, const char *name, const char *declared) {
    const char *wrt = arena_printf(r->a,
                                   "list '%s' in wrt(...) as well: %s_b then returns the adjoint "
                                   "of its input values instead of zeros, which needs no size",
                                   name, name);
    const char *decl = arena_printf(r->a, declared, name);
    rev_error(r, r->src->loc,
              has_int_param(r->src)
                  ? arena_printf(r->a, "declare it with its %s, or %s", decl, wrt)
                  : arena_printf(r->a,
                                 "%s; or pass its length as an integer parameter before it "
                                 "and declare it with its %s",
                                 wrt, decl),
              arena_printf(r->a,
                           "cannot tell how many elements of the output '%s' there are, to "
                           "consume their seeds",
                           name));
}

/* y_b[k0][k1]... = 0 over the declared dimensions of an output of rank
 * above 1 (double y[n][m]), or where only the first is not declared
 * (double (*y)[m]), over the rows the accesses reach. Where they are not
 * known, plain writes consume their own seeds; reads and updates need the
 * dimensions. */
static void zero_seeds_by_shape(Rev *r, Param *p, Body *epilogue) {
    Buffer *buf = p->buf, *seed = p->adj->buf;
    if (!buf->shape && !body_reads_buffer(r->src->body, buf) &&
        !body_updates_buffer(r->src->body, buf))
        return;
    Operand rows = buf->shape ? buf->shape[0] : opd_none();
    if (!buf->shape && buf->inner_dims) {
        Builder bd = {r->a, r->dst, epilogue, r->src->loc};
        Extent ex = {.r = r,
                     .bd = &bd,
                     .buf = buf,
                     .size = opd_none(),
                     .ok = true,
                     .guard = opd_none(),
                     .after_body = true,
                     .rows = true};
        extent_of(&ex, r->src->body);
        if (ex.ok && ex.size.kind != OPD_NONE)
            rows = ex.size;
    }
    if (rows.kind == OPD_NONE) {
        unknown_output_size(r, p->name, "dimensions (double %s[n][m])");
        return;
    }
    Stmt *z = stmt_new(r->a, S_WRITE, r->src->loc);
    z->buf = seed;
    z->nidx = buf->rank;
    z->nargs = 1;
    z->args[0] = b_fconst(0, seed->elem);
    Body *into = epilogue;
    for (int d = 0; d < buf->rank; d++) {
        Stmt *m = stmt_new(r->a, S_MAP, r->src->loc);
        m->index = var_new(r->a, r->dst, arena_printf(r->a, "k%d", d), type_long());
        m->lo = opd_int(0);
        m->hi = d ? buf->inner_dims[d] : rows;
        m->note = d ? NULL : "seeds consumed";
        m->body = body_new(r->a);
        z->idx[d] = opd_var(m->index);
        body_append(r->a, into, m);
        into = m->body;
    }
    body_append(r->a, into, z);
}

Body *where_given(Rev *r, Buffer *b, Body *out, SrcLoc loc) {
    if (!b->given)
        return out;
    Stmt *s = stmt_new(r->a, S_IF, loc);
    s->cond = opd_var(b->given);
    s->then_body = body_new(r->a);
    s->else_body = body_new(r->a);
    s->note = arena_printf(r->a, "%s may be NULL", b->name);
    body_append(r->a, out, s);
    return s->then_body;
}

/* An output's seed is consumed: y_b is zero on exit, also where the
 * function does not write y, and where the sweep left the adjoint of y's
 * input values (which is nobody's business unless y is in wrt). */
static void consume_output_seeds(Rev *r, RevSpec *spec, Body *after) {
    for (int i = 0; i < r->src->params.len; i++) {
        Param *p = r->src->params.items[i];
        if (!p->buf || !in_names(&spec->out, p->name) || in_names(&spec->wrt, p->name))
            continue;
        Param *pb = p->adj;
        if (!pb)
            continue;
        Body *epilogue = where_given(r, p->buf, after, r->src->loc);
        if (p->buf->rank != 1) {
            zero_seeds_by_shape(r, p, epilogue);
            continue;
        }
        Builder bd = {r->a, r->dst, epilogue, r->src->loc};
        PtrVec skipped = {0};
        Extent ex = {.r = r,
                     .bd = &bd,
                     .buf = p->buf,
                     .size = opd_none(),
                     .ok = true,
                     .exact = true,
                     .skipped = &skipped,
                     .guard = opd_none(),
                     .after_body = true};
        if (p->buf->extent) /* the caller's seeds: as many as it is declared with */
            ex.size = b_cast(&bd, type_long(), *p->buf->extent);
        else
            extent_of(&ex, r->src->body);
        /* Writes consume their own seeds in the return sweep (an active
         * output's), an inactive output's where they run (the forward
         * sweep); reads and unwritten elements need the loop below. */
        if (ex.skipped_reads && ex.size.kind == OPD_NONE)
            ex.ok = false;
        if (ex.ok && !p->buf->active && ex.skipped_writes)
            for (int k = 0; k < skipped.len; k++) {
                SeedsAt *at = arena_alloc(r->a, sizeof(SeedsAt));
                *at = (SeedsAt){skipped.items[k], pb->buf, p->name, false};
                vec_push(r->a, &r->seeds_at_writes, at);
            }
        if (!ex.ok) {
            unknown_output_size(r, p->name, "length (double %s[n])");
            return;
        }
        if (ex.size.kind == OPD_NONE)
            continue;
        if (ex.skipped_reads || ex.skipped_writes)
            b_comment(&bd, arena_printf(r->a,
                                        "%s's extent comes from the accesses whose largest index "
                                        "pargrad can tell; the elements the others write are "
                                        "%s, the ones they read are taken to lie inside",
                                        p->name,
                                        p->buf->active ? "consumed by their adjoints"
                                                       : "zeroed where they are written"));
        Stmt *m = stmt_new(r->a, S_MAP, r->src->loc);
        m->index = var_new(r->a, r->dst, "k", type_long());
        m->lo = opd_int(0);
        m->hi = ex.size;
        m->note = "seeds consumed";
        m->seeds_consumed = true;
        m->body = body_new(r->a);
        Stmt *z = stmt_new(r->a, S_WRITE, r->src->loc);
        z->buf = pb->buf;
        z->nidx = 1;
        z->idx[0] = opd_var(m->index);
        z->nargs = 1;
        z->args[0] = b_fconst(0, pb->buf->elem);
        body_append(r->a, m->body, z);
        body_append(r->a, epilogue, m);
    }
}

/* Whether a statement of body from the from-th writes an array the caller
 * passes */
static bool writes_callers_arrays(Rev *r, Body *body, int from) {
    for (int i = from; i < body->stmts.len; i++)
        for (int p = 0; p < r->src->params.len; p++) {
            Param *pr = r->src->params.items[p];
            if (pr->buf && !pr->buf->is_const && stmt_writes_buffer(body->stmts.items[i], pr->buf))
                return true;
        }
    return false;
}

/* The re-run of statement s (NULL for none), which runs once, as the
 * function's body does: an if's branches statement by statement, each
 * deciding for itself (a histogram in a branch that saved nothing, beside
 * a write of its bins that saved: campaign seed 218). *rewritten: the
 * arrays the re-run wrote so far. */
static Stmt *rerun_copy(Rev *r, Stmt *s, PtrVec *rewritten) {
    if (s->kind == S_IF) {
        Stmt *c = stmt_new(r->a, S_IF, s->loc);
        *c = *s;
        PtrVec after = {0};
        for (int side = 0; side < 2; side++) {
            Body *src = side ? s->else_body : s->then_body, *dst = body_new(r->a);
            PtrVec mine = {0}; /* (what the other branch rewrote did not run) */
            for (int k = 0; k < rewritten->len; k++)
                vec_push(r->a, &mine, rewritten->items[k]);
            for (int i = 0; src && i < src->stmts.len; i++) {
                Stmt *t = rerun_copy(r, src->stmts.items[i], &mine);
                if (t)
                    body_append(r->a, dst, t);
            }
            for (int k = 0; k < mine.len; k++)
                if (!vec_contains(&after, mine.items[k]))
                    vec_push(r->a, &after, mine.items[k]);
            if (side)
                c->else_body = dst;
            else
                c->then_body = dst;
        }
        *rewritten = after;
        return c;
    }
    PtrVec *bins = unrestored_bins(r, s), *keep_final = arena_alloc(r->a, sizeof(PtrVec));
    for (int k = 0; k < bins->len; k++)
        if (!vec_contains(rewritten, bins->items[k]))
            vec_push(r->a, keep_final, bins->items[k]);
    PtrVec written = {0};
    collect_written(r, s, &written);
    /* arrays no derivative reads were never restored: final already,
     * unless declared again in the re-run (a local array's declaration
     * starts it afresh: campaign seed 119082's histogram of counts ran no
     * more into its zeroed bins) */
    for (int k = 0; k < written.len; k++)
        if (((Buffer *)written.items[k])->inert && !vec_contains(keep_final, written.items[k]) &&
            !vec_contains(rewritten, written.items[k]))
            vec_push(r->a, keep_final, written.items[k]);
    Stmt *c = s->kind == S_HIST || is_recomputed_hist(s) ? rev_hist_final_copy(r, s) : NULL;
    if (!c)
        c = copy_primal_stmt(r, s, keep_final);
    /* what the re-run writes again, not what s writes: a histogram kept
     * final above rewrites nothing (a second histogram into the same
     * bins ran its updates twice: campaign seed 7506121) */
    if (c)
        collect_written(r, c, rewritten);
    if (c && c->kind == S_DECL && c->buf && !vec_contains(rewritten, c->buf))
        vec_push(r->a, rewritten, c->buf);
    return c;
}

/* After the return sweep, arrays that statements restored hold their old
 * values again; the caller expects the primal outputs, so the statements
 * from the first one that restores anything run once more. */
static void rerun_restored(Rev *r, Body *body, Body *out) {
    int first = -1;
    for (int i = 0; i < body->stmts.len && first < 0; i++)
        if (saves_anything(r, body->stmts.items[i], final_trajectories(r, body->stmts.items[i])))
            first = i;
    if (first < 0)
        return;
    /* Only writes to the caller's arrays need redoing. */
    if (!writes_callers_arrays(r, body, first))
        return;
    Stmt *block = stmt_new(r->a, S_BLOCK, r->src->loc);
    block->body = body_new(r->a);
    block->text = "re-run the statements whose outputs the return sweep restored";
    /* A + histogram that saved nothing left its bins final, so its updates
     * do not run again, unless a statement re-run before it wrote the
     * bins again (their initialisation, restored and redone). */
    PtrVec rewritten = {0};
    for (int i = first; i < body->stmts.len; i++) {
        Stmt *c = rerun_copy(r, body->stmts.items[i], &rewritten);
        if (c && c->kind != S_ALLOC) /* temporaries are still allocated */
            body_append(r->a, block->body, c);
    }
    body_append(r->a, out, block);
}

/* A loop running blocks of a map's iterations bounds its indices by the
 * map's whole range (index_bound); that was for the reversal. Kept, a
 * bound only it reads would stay alive (simplify.c) into the output as an
 * unused variable. */
static void forget_whole_ranges(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        s->whole_lo = s->whole_hi = opd_none();
        forget_whole_ranges(s->then_body);
        forget_whole_ranges(s->else_body);
        forget_whole_ranges(s->body);
    }
}

/* ---- the rest of a function after an early return ----
 *
 * `if (n <= 0) return 0.0;` leaves the rest of the function in an if, the
 * function's last statement. That if runs once, as the function's body
 * does, so its branches get the body's two sweeps one after the other,
 * inside it, where the rule for ifs (rev_if_bwd) runs a branch's forward
 * statements again in the return sweep: every loop of the rest of the
 * function once more. Only where the function writes none of the caller's
 * arrays: the outputs the return sweep restored are re-run by whole
 * statements of the body (rerun_restored), which this if is not. */
/* The position of the last statement of b, an if, where it may run its
 * sweeps inside (only a return after it); else -1 */
static int tail_if(Body *b, const Seeds *sd) {
    int last = b->stmts.len - 1;
    if (last >= 0 && ((Stmt *)b->stmts.items[last])->kind == S_RETURN)
        last--;
    return sd->tails && last >= 0 && ((Stmt *)b->stmts.items[last])->kind == S_IF ? last : -1;
}

/* Whether a statement of b, run once as the function's body runs (the
 * branches of its last if too, as tail_if runs them), saves anything its
 * return sweep puts back. Where none does, the rest after a guard clause
 * runs its sweeps inside its if even where it writes the caller's arrays:
 * nothing is restored, nothing runs again. */
static bool body_restores(Rev *r, Body *b) {
    int at = tail_if(b, &(Seeds){.tails = true});
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (i == at)
            return body_restores(r, s->then_body) || body_restores(r, s->else_body);
        if (s->kind != S_RETURN && saves_anything(r, s, final_trajectories(r, s)))
            return true;
    }
    return false;
}

void add_seeds(Rev *r, Builder *bd, const Seeds *sd) {
    if (sd->seed && sd->ret)
        add_adjoint(r, bd, sd->ret->args[0], opd_var(sd->seed));
    for (int i = 0; sd->branch_of && i < sd->branch_of->phis.len; i++) {
        Phi *p = sd->branch_of->phis.items[i];
        if (p->dst->active)
            add_adjoint(r, bd, sd->then ? p->then_val : p->else_val,
                        opd_var(adjoint_of(r, p->dst)));
    }
}

/* The forward sweep of b, then its return sweep, each once: the
 * function's body, or a branch of its tail if (recursively: the rest
 * after a second early return) */
static void rev_sweeps(Rev *r, Body *b, Body *out, const Seeds *sd) {
    int at = tail_if(b, sd);
    if (at < 0 && fuse_last(r, b, sd, out))
        return;
    Stmt *tail = at < 0 ? NULL : b->stmts.items[at];
    Body *before = tail ? sub_body(r, b, 0, at) : b;
    Builder bd = {r->a, r->dst, out, r->src->loc};
    if (!sd->branch_of)
        b_comment(&bd, "forward sweep");
    rev_fwd_body(r, before, out, false);
    if (!sd->branch_of)
        b_comment(&bd, "return sweep");
    rev_adjoint_decls(r, b, out);
    add_seeds(r, &bd, sd);
    if (tail) {
        Stmt *c = stmt_new(r->a, S_IF, tail->loc);
        c->note = "forward and return sweeps: it runs once, as the function";
        c->cond = tail->cond;
        c->phis = tail->phis;
        c->then_body = body_new(r->a);
        c->else_body = body_new(r->a);
        rev_sweeps(r, tail->then_body, c->then_body,
                   &(Seeds){.branch_of = tail, .then = true, .tails = true});
        rev_sweeps(r, tail->else_body, c->else_body,
                   &(Seeds){.branch_of = tail, .then = false, .tails = true});
        body_append(r->a, out, c);
    }
    rev_bwd_stmts(r, before, out, false);
}

Func *rev_function(Arena *a, RevSpec *spec, RevErrors *err) {
    Func *f = spec->primal;
    Rev r = {.a = a, .src = f, .err = err, .gpu = spec->gpu};
    r.dst = arena_alloc(a, sizeof(Func));
    r.dst->name = spec->name;
    r.dst->type_defs = spec->primal->type_defs; /* its signature names the same structs */
    r.dst->ret = f->ret;
    r.dst->loc = f->loc;
    r.dst->next_var_id = f->next_var_id;
    r.dst->next_buf_id = f->next_buf_id;
    r.dst->next_effect_id = f->next_effect_id;
    r.dst->body = body_new(a);
    r.nvars = f->next_var_id;
    r.def_stmt = arena_alloc(a, sizeof(Stmt *) * (size_t)(r.nvars + 1));
    rev_index_defs(&r, f->body);
    mark_inert_buffers(&r);

    Body *prologue = body_new(a), *epilogue = body_new(a);
    Var *seed = NULL;
    build_signature(&r, spec, prologue, epilogue, &seed);
    internal_adjoints(&r, spec, prologue, epilogue);
    consume_output_seeds(&r, spec, epilogue);
    Body *out = r.dst->body;
    Builder bd = {a, r.dst, out, f->loc};
    for (int i = 0; i < prologue->stmts.len; i++)
        body_append(a, out, prologue->stmts.items[i]);
    Stmt *ret = f->body->stmts.len ? f->body->stmts.items[f->body->stmts.len - 1] : NULL;
    if (ret && ret->kind != S_RETURN)
        ret = NULL;
    /* (asked only where a guard clause leaves the rest in a last if) */
    bool writes = writes_callers_arrays(&r, f->body, 0);
    bool restores =
        !writes || tail_if(f->body, &(Seeds){.tails = true}) < 0 || body_restores(&r, f->body);
    rev_sweeps(&r, f->body, out, &(Seeds){.seed = seed, .ret = ret, .tails = !restores || !writes});
    for (int i = 0; i < epilogue->stmts.len; i++)
        body_append(a, out, epilogue->stmts.items[i]);
    if (restores)
        rerun_restored(&r, f->body, out);
    zero_seeds_at_writes(&r, out);
    for (int i = 0; i < r.seeds_at_writes.len; i++) {
        SeedsAt *at = r.seeds_at_writes.items[i];
        if (!at->found) /* a rule rebuilt the write: no place to zero its seed */
            unknown_output_size(&r, at->name, "length (double %s[n])");
    }
    for (int i = 0; i < r.hist_finals.len; i++)
        rule_free(&r, &bd, ((HistFinal *)r.hist_finals.items[i])->fin);
    free_heap_arrays(&r, out);
    free_block_heap_arrays(a, out, true);
    rev_lower_carriers(a, out);
    forget_whole_ranges(out);
    if (ret)
        body_append(a, out, ret);
    return r.failed ? NULL : r.dst;
}
