/* Vector lanes for the return sweep's inner loops.
 *
 * The adjoint of an inner loop that reads a[j] sums the adjoint of every
 * value it read once per iteration: `Ci[j] += a * Bk[j]` becomes, in
 * reverse, `a_b += Ci_b[j] * Bk[j]` next to `Bk_b[j] += Ci_b[j] * a`. The
 * user's loop vectorises; its adjoint does not, since compilers keep a
 * floating-point sum in its order unless told otherwise (a matrix
 * product's gradient ran 2.5x slower for it). Where the iterations touch
 * nothing in common, apart from such sums, the loop is marked simd_rows
 * with its sums (Stmt.simd_sums), emitted as `#pragma omp simd
 * reduction(+ : ...)`: the sums are then added in another order, as a
 * parallel reduction adds them. A reversed loop whose iterations touch
 * nothing in common and only store runs in increasing order.
 *
 * The iterations touch nothing in common where, in the loop's body, with
 * no ifs, inner loops, tapes or calls with effects:
 *  - each array the body writes or adds into is an adjoint or a
 *    temporary of pargrad's (the user's arrays may share memory) and is
 *    accessed at one index only, the loop's index plus a value fixed in
 *    the loop (times a constant other than 0): its own element;
 *  - each mutable scalar from outside the body that the body assigns is a
 *    sum, `s = s + v` with v not reading s, and read nowhere else in it.
 * Arrays only read may be read anywhere. */
#include "rev.h"

#include <stdlib.h>

/* What one loop's body binds and writes, by variable and buffer id: the
 * arrays are the function's, cleared after each loop (linear time). */
typedef struct Lanes {
    Stmt *loop;
    Stmt **bound;         /* by var id: its binding in the body (let, read, decl) */
    int *assigned;        /* by var id: assignments of a mutable in the body */
    unsigned char *sum;   /* by var id: an outside scalar the body sums into */
    Operand **written_at; /* by buffer id: the one index of a written array */
    PtrVec sums;          /* Var*, in order */
    bool ok;
} Lanes;

static bool own_var(Lanes *l, Operand o) {
    return o.kind == OPD_VAR && l->bound[o.var->id];
}

/* o is the same in every iteration: from outside the body, or computed
 * in it by lets from such values ((long)k of an outer k) */
static bool fixed_at(Lanes *l, Operand o, int depth) {
    if (o.kind != OPD_VAR)
        return true;
    if (o.var == l->loop->index || o.var->is_mutable)
        return false;
    Stmt *d = own_var(l, o) ? l->bound[o.var->id] : NULL;
    if (!d)
        return true;
    if (depth == 0 || d->kind != S_LET || d->op == OP_CALL || d->op >= OP_UOP)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (!fixed_at(l, d->args[k], depth - 1))
            return false;
    return true;
}

static bool fixed_in_loop(Lanes *l, Operand o) {
    return fixed_at(l, o, 8);
}

/* o is the loop's index times a constant other than 0, plus a value fixed
 * in the loop: distinct iterations, distinct values */
static bool own_element(Lanes *l, Operand o) {
    if (o.kind == OPD_VAR && o.var == l->loop->index)
        return true;
    Stmt *d = own_var(l, o) ? l->bound[o.var->id] : NULL;
    if (!d || d->kind != S_LET || d->dst->is_mutable)
        return false;
    switch (d->op) {
    case OP_COPY:
        return own_element(l, d->args[0]);
    case OP_CAST: /* (narrowing only where the value is known to fit: cast_exact) */
        return (widening_int_cast(d->args[0].ty, d->dst->ty) || d->cast_exact) &&
               own_element(l, d->args[0]);
    case OP_ADD:
        return (own_element(l, d->args[0]) && fixed_in_loop(l, d->args[1])) ||
               (own_element(l, d->args[1]) && fixed_in_loop(l, d->args[0]));
    case OP_SUB:
        return own_element(l, d->args[0]) && fixed_in_loop(l, d->args[1]);
    case OP_MUL:
        for (int q = 0; q < 2; q++) {
            Operand c = d->args[1 - q];
            if (c.kind == OPD_CONST && !type_is_float(c.ty) && c.ival != 0 &&
                own_element(l, d->args[q]))
                return true;
        }
        return false;
    default:
        return false;
    }
}

static bool statement_allowed(Stmt *s) {
    switch (s->kind) {
    case S_LET:
        return s->op <= OP_CALL;
    case S_DECL: /* (not an array sized at run time: no vector lanes hold it) */
        return !s->buf || !s->buf->sized_at_run_time;
    case S_READ:
    case S_COMMENT:
        return true;
    case S_WRITE:
    case S_ACC:
        /* an atomic update drops the lanes where it is emitted atomic (emit_c.c) */
        return s->buf->rank == 1 && s->nidx == 1 && (s->kind == S_WRITE || s->acc_op == RED_ADD) &&
               (s->buf->primal || s->buf->kind == BUF_LOCAL);
    default:
        return false;
    }
}

/* Pass 1: what the body binds, assigns and writes (one index per array). */
static void survey(Lanes *l) {
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len && l->ok; i++) {
        Stmt *s = b->stmts.items[i];
        l->ok = statement_allowed(s);
        if (!l->ok)
            break;
        if (s->kind == S_LET && s->dst->is_mutable)
            l->assigned[s->dst->id]++;
        else if (s->dst)
            l->bound[s->dst->id] = s;
        if (s->kind == S_WRITE || s->kind == S_ACC) {
            Operand **at = &l->written_at[s->buf->id];
            if (!*at)
                *at = &s->idx[0];
            else
                l->ok = opd_equal(**at, s->idx[0]);
        }
    }
}

/* o holds v's value from the iteration's start: v itself, or a copy of it
 * in a scalar the body declares and never assigns (the adjoint of a
 * running sum's variable, the same in every iteration: s_1_b = s_b; ...;
 * s_b = s_2_b) */
static bool value_at_start(Lanes *l, Operand o, Var *v) {
    if (o.kind != OPD_VAR)
        return false;
    if (o.var == v)
        return true;
    Stmt *s = own_var(l, o) ? l->bound[o.var->id] : NULL;
    bool copy = s && ((s->kind == S_DECL && !l->assigned[o.var->id]) ||
                      (s->kind == S_LET && s->op == OP_COPY));
    return copy && value_at_start(l, s->args[0], v);
}

/* An outside scalar the body assigns: a sum (s = s + v, v not s), or
 * given back its value from the iteration's start (unchanged: it may be
 * read anywhere). */
static void outside_assignment(Arena *a, Lanes *l, Stmt *s) {
    Var *v = s->dst;
    bool sum = s->op == OP_ADD && s->args[0].kind == OPD_VAR && s->args[0].var == v &&
               !(s->args[1].kind == OPD_VAR && s->args[1].var == v);
    if (sum) {
        if (!l->sum[v->id])
            vec_push(a, &l->sums, v);
        l->sum[v->id] = 1;
        return;
    }
    l->ok = l->assigned[v->id] == 1 && s->op == OP_COPY && value_at_start(l, s->args[0], v);
}

/* whether s reads a sum other than as the sum's own addition */
static bool reads_a_sum(Lanes *l, Stmt *s) {
    int from = s->kind == S_LET && s->dst->is_mutable && l->sum[s->dst->id] ? 1 : 0;
    for (int k = from; k < s->nargs; k++)
        if (s->args[k].kind == OPD_VAR && l->sum[s->args[k].var->id])
            return true;
    for (int k = 0; k < s->nidx; k++)
        if (s->idx[k].kind == OPD_VAR && l->sum[s->idx[k].var->id])
            return true;
    return false;
}

/* Pass 2: every access of a written array at its one index, which is the
 * iteration's own element; every outside scalar assigned is a sum or
 * unchanged; a sum is read by its own additions only. */
static void check(Arena *a, Lanes *l) {
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len && l->ok; i++) {
        Stmt *s = b->stmts.items[i];
        Operand *at = s->buf ? l->written_at[s->buf->id] : NULL;
        if (at && (s->kind == S_WRITE || s->kind == S_ACC))
            l->ok = own_element(l, *at);
        else if (at && s->kind == S_READ)
            l->ok = s->nidx == 1 && opd_equal(*at, s->idx[0]);
        if (l->ok && s->kind == S_LET && s->dst->is_mutable && !own_var(l, opd_var(s->dst)))
            outside_assignment(a, l, s);
    }
    for (int i = 0; i < b->stmts.len && l->ok; i++)
        l->ok = !reads_a_sum(l, b->stmts.items[i]);
}

/* the function's arrays back to zero where the body set them */
static void clear(Lanes *l) {
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->dst) {
            l->bound[s->dst->id] = NULL;
            l->assigned[s->dst->id] = 0;
            l->sum[s->dst->id] = 0;
        }
        if (s->buf)
            l->written_at[s->buf->id] = NULL;
    }
    l->sums = (PtrVec){0};
}

/* b changes arrays by plain stores only (no + updates) */
static bool only_stores(Body *b) {
    for (int i = 0; i < b->stmts.len; i++)
        if (((Stmt *)b->stmts.items[i])->kind == S_ACC)
            return false;
    return true;
}

static void mark_loop(Arena *a, Lanes *l, Stmt *loop) {
    if (loop->carried.len || loop->counter || loop->until.kind != OPD_NONE ||
        loop->hi.kind == OPD_NONE || loop->simd_rows || !loop->body)
        return;
    l->loop = loop;
    l->ok = true;
    survey(l);
    if (l->ok)
        check(a, l);
    /* a loop without sums vectorises as it is, where the compiler can */
    if (l->ok && l->sums.len) {
        loop->simd_rows = true;
        loop->simd_sums = l->sums;
    }
    /* A reversed loop whose iterations touch nothing in common and only
     * store (the return sweep's zeroing of a seed row) runs in increasing
     * order: same effect, and the stores stream forward (heat2d at 2048,
     * one thread: 0.83 s -> 0.77 s, its two zeroing passes 20% of the
     * gradient). Not one that adds into arrays: reduce_vmul16's x_b row
     * ran 1.5x slower forward, vectorised either way. */
    if (l->ok && !l->sums.len && loop->reversed && only_stores(loop->body)) {
        loop->reversed = false;
        loop->note = "adjoint: iterations independent, in increasing order";
    }
    clear(l);
}

static void mark_in(Arena *a, Lanes *l, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LOOP)
            mark_loop(a, l, s);
        mark_in(a, l, s->then_body);
        mark_in(a, l, s->else_body);
        mark_in(a, l, s->body);
    }
}

/* ---- sums into one element, in a register ----
 * `xcentered_b[i] += v` in a loop over j adds into one element in every
 * iteration: a chain through memory the compiler keeps (it cannot tell
 * the element from the loop's other stores), and no vector lanes. Where
 * nothing else in the loop touches the array, the loop adds into a
 * scalar, added into the element once after it; the loop's lanes (above)
 * then sum it. */
typedef struct Promote {
    Arena *a;
    Func *f;
    Stmt *loop;
    Stmt *first; /* an accumulation of the element: all have its subscripts */
    bool ok;
    /* per variable id: bound in the body of the loop being looked at (set
     * once per look, not searched for per subscript) */
    unsigned char *inside;
    int nvars;
} Promote;

static void mark_bound(Promote *p, Body *b, unsigned char on) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            if (defs[k]->id < p->nvars)
                p->inside[defs[k]->id] = on;
        free(defs);
        mark_bound(p, s->then_body, on);
        mark_bound(p, s->else_body, on);
        mark_bound(p, s->body, on);
    }
}

/* o is the same in every iteration of the loop: bound outside it */
static bool outside_loop(Promote *p, Stmt *loop, Operand o) {
    if (o.kind == OPD_CONST)
        return true;
    return o.kind == OPD_VAR && o.var->id < p->nvars && !p->inside[o.var->id] &&
           !o.var->is_mutable && o.var != loop->index;
}

static bool same_element(Stmt *x, Stmt *y) {
    if (x->nidx != y->nidx)
        return false;
    for (int k = 0; k < x->nidx; k++)
        if (!opd_equal(x->idx[k], y->idx[k]))
            return false;
    return true;
}

/* Every touch of buf in b is a + accumulation of p->first's element,
 * outside nested loops. */
static void only_sums_of_one(Promote *p, Body *b, Buffer *buf, bool nested) {
    for (int i = 0; b && i < b->stmts.len && p->ok; i++) {
        Stmt *s = b->stmts.items[i];
        bool here = s->kind == S_ACC && s->buf == buf && s->acc_op == RED_ADD && !nested;
        if (here)
            p->ok = same_element(s, p->first);
        else if (!s->then_body && !s->else_body && !s->body)
            p->ok = !stmt_reads_buffer(s, buf) && !stmt_writes_buffer(s, buf);
        else if (s->kind != S_IF && (stmt_reads_buffer(s, buf) || stmt_writes_buffer(s, buf)))
            p->ok = false;
        only_sums_of_one(p, s->then_body, buf, nested);
        only_sums_of_one(p, s->else_body, buf, nested);
        if (s->body && (body_reads_buffer(s->body, buf) || body_writes_buffer(s->body, buf)))
            p->ok = false;
    }
}

/* The accumulation at the top level of loop's body (the first one into
 * its array found), if it can be promoted. */
static Stmt *promotable(Promote *p, Stmt *loop) {
    Stmt *found = NULL;
    mark_bound(p, loop->body, 1);
    for (int i = 0; i < loop->body->stmts.len && !found; i++) {
        Stmt *s = loop->body->stmts.items[i];
        if (s->kind != S_ACC || s->acc_op != RED_ADD || !type_is_float(s->buf->elem))
            continue;
        bool fixed = true;
        for (int k = 0; k < s->nidx; k++)
            fixed &= outside_loop(p, loop, s->idx[k]);
        p->first = s;
        p->ok = fixed;
        only_sums_of_one(p, loop->body, s->buf, false);
        if (p->ok)
            found = s;
    }
    mark_bound(p, loop->body, 0);
    return found;
}

/* Replaces loop (at position *at of b) by: the sum's declaration, the
 * loop adding into it, the element's accumulation of it. */
static void promote_sum(Promote *p, Body *b, int *at, Stmt *acc) {
    Stmt *loop = b->stmts.items[*at];
    ElementSum es = sum_in_register(p->a, p->f, loop->body, acc);
    loop->body = es.body;
    Stmt *say = stmt_new(p->a, S_COMMENT, acc->loc);
    say->text = arena_printf(p->a, "the loop below adds into one element of %s: in a register",
                             acc->buf->name);
    vec_insert(p->a, &b->stmts, (*at)++, say);
    vec_insert(p->a, &b->stmts, (*at)++, es.decl);
    vec_insert(p->a, &b->stmts, *at + 1, es.store); /* (*at: the loop still) */
}

static void promote_in(Promote *p, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        promote_in(p, s->then_body);
        promote_in(p, s->else_body);
        promote_in(p, s->body);
        Stmt *acc;
        while (s->kind == S_LOOP && s->body && (acc = promotable(p, s)))
            promote_sum(p, b, &i, acc);
    }
}

void promote_element_sums(Arena *a, Func *f) {
    Promote p = {.a = a, .f = f, .nvars = f->next_var_id + 1};
    p.inside = xcalloc((size_t)p.nvars, 1);
    promote_in(&p, f->body);
    free(p.inside);
}

void mark_simd_loops(Arena *a, Func *f) {
    size_t nv = (size_t)f->next_var_id + 1, nb = (size_t)f->next_buf_id + 1;
    Lanes l = {.bound = xcalloc(nv, sizeof(Stmt *)),
               .assigned = xcalloc(nv, sizeof(int)),
               .sum = xcalloc(nv, 1),
               .written_at = xcalloc(nb, sizeof(Operand *))};
    mark_in(a, &l, f->body);
    free(l.bound);
    free(l.assigned);
    free(l.sum);
    free(l.written_at);
}
