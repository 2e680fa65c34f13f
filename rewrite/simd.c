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
 * parallel reduction adds them.
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

#include <string.h>

typedef struct Lanes {
    Stmt *loop;
    PtrVec own;     /* Var*: defined in the body */
    PtrVec written; /* Buffer*: written or added into by the body */
    PtrVec index;   /* Operand* (parallel to written): the one index of each */
    PtrVec sums;    /* Var*: outside mutable scalars the body sums into */
    bool ok;
} Lanes;

static bool own_var(Lanes *l, Operand o) {
    return o.kind == OPD_VAR && vec_contains(&l->own, o.var);
}

static Stmt *own_def(Lanes *l, Operand o) {
    if (!own_var(l, o))
        return NULL;
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->dst == o.var && s->kind == S_LET && !s->dst->is_mutable)
            return s;
    }
    return NULL;
}

static bool fixed_in_loop(Lanes *l, Operand o) {
    return o.kind != OPD_VAR || (!own_var(l, o) && o.var != l->loop->index && !o.var->is_mutable);
}

/* o is the loop's index times a constant other than 0, plus a value fixed
 * in the loop: distinct iterations, distinct values */
static bool own_element(Lanes *l, Operand o) {
    if (o.kind == OPD_VAR && o.var == l->loop->index)
        return true;
    Stmt *d = own_def(l, o);
    if (!d)
        return false;
    switch (d->op) {
    case OP_COPY:
        return own_element(l, d->args[0]);
    case OP_CAST:
        return widening_int_cast(d->args[0].ty, d->dst->ty) && own_element(l, d->args[0]);
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

/* the body's one index into buf so far (NULL: none yet) */
static Operand *index_of_written(Lanes *l, Buffer *buf) {
    for (int i = 0; i < l->written.len; i++)
        if (l->written.items[i] == buf)
            return l->index.items[i];
    return NULL;
}

static bool reads_var(Stmt *s, Var *v) {
    for (int k = 0; k < s->nargs; k++)
        if (s->args[k].kind == OPD_VAR && s->args[k].var == v)
            return true;
    for (int k = 0; k < s->nidx; k++)
        if (s->idx[k].kind == OPD_VAR && s->idx[k].var == v)
            return true;
    return false;
}

static bool statement_allowed(Stmt *s) {
    switch (s->kind) {
    case S_LET:
        return s->op <= OP_CALL;
    case S_READ:
    case S_DECL:
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

/* Pass 1: what the body defines and writes. */
static void survey(Arena *a, Lanes *l) {
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len && l->ok; i++) {
        Stmt *s = b->stmts.items[i];
        l->ok = statement_allowed(s);
        if (!l->ok)
            break;
        if (s->dst && (s->kind == S_DECL || (s->kind != S_LET || !s->dst->is_mutable)))
            vec_push(a, &l->own, s->dst);
        if (s->kind == S_WRITE || s->kind == S_ACC) {
            Operand *at = index_of_written(l, s->buf);
            if (!at) {
                vec_push(a, &l->written, s->buf);
                vec_push(a, &l->index, &s->idx[0]);
            } else if (!opd_equal(*at, s->idx[0])) {
                l->ok = false;
            }
        }
    }
}

static int assignments_of(Body *b, Var *v) {
    int n = 0;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += s->kind == S_LET && s->dst == v;
    }
    return n;
}

/* o holds v's value from the iteration's start: v itself, unassigned in
 * the body, or a copy of it (the adjoint of a running sum's variable,
 * the same in every iteration: s_1_b = s_b; ...; s_b = s_2_b) */
static bool value_at_start(Lanes *l, Operand o, Var *v) {
    if (o.kind != OPD_VAR)
        return false;
    if (o.var == v)
        return true;
    Body *b = l->loop->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->dst != o.var)
            continue;
        bool copy = (s->kind == S_DECL && assignments_of(b, o.var) == 0) ||
                    (s->kind == S_LET && !s->dst->is_mutable && s->op == OP_COPY);
        return copy && value_at_start(l, s->args[0], v);
    }
    return false;
}

/* An outside scalar the body assigns: a sum (s = s + v, v not s), or
 * given back its value from the iteration's start (unchanged: it may be
 * read anywhere). */
static void outside_assignment(Arena *a, Lanes *l, Stmt *s) {
    Var *v = s->dst;
    bool sum = s->op == OP_ADD && s->args[0].kind == OPD_VAR && s->args[0].var == v &&
               !(s->args[1].kind == OPD_VAR && s->args[1].var == v);
    if (sum) {
        if (!vec_contains(&l->sums, v))
            vec_push(a, &l->sums, v);
        return;
    }
    l->ok = assignments_of(l->loop->body, v) == 1 &&
            (s->op == OP_COPY && value_at_start(l, s->args[0], v));
}

/* Pass 2: every access of a written array at its one index, which is the
 * iteration's own element; every outside scalar assigned is a sum or
 * unchanged. */
static void check(Arena *a, Lanes *l) {
    Body *b = l->loop->body;
    for (int i = 0; i < l->index.len && l->ok; i++)
        l->ok = own_element(l, *(Operand *)l->index.items[i]);
    for (int i = 0; i < b->stmts.len && l->ok; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_READ) {
            Operand *at = index_of_written(l, s->buf);
            l->ok = !at || (s->nidx == 1 && opd_equal(*at, s->idx[0]));
        }
        if (s->kind == S_LET && s->dst->is_mutable && !own_var(l, opd_var(s->dst)))
            outside_assignment(a, l, s);
    }
    /* a sum is read by its own additions only */
    for (int i = 0; i < b->stmts.len && l->ok; i++) {
        Stmt *s = b->stmts.items[i];
        for (int k = 0; k < l->sums.len && l->ok; k++) {
            Var *v = l->sums.items[k];
            bool own_addition = s->kind == S_LET && s->dst == v;
            l->ok = own_addition ? !(s->args[1].kind == OPD_VAR && s->args[1].var == v)
                                 : !reads_var(s, v);
        }
    }
}

static void mark_loop(Arena *a, Stmt *loop) {
    if (loop->carried.len || loop->counter || loop->until.kind != OPD_NONE ||
        loop->hi.kind == OPD_NONE || loop->simd_rows || !loop->body)
        return;
    Lanes l = {.loop = loop, .ok = true};
    survey(a, &l);
    if (l.ok)
        check(a, &l);
    /* a loop without sums vectorises as it is, where the compiler can */
    if (!l.ok || !l.sums.len)
        return;
    loop->simd_rows = true;
    loop->simd_sums = l.sums;
}

void mark_simd_loops(Arena *a, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LOOP)
            mark_loop(a, s);
        mark_simd_loops(a, s->then_body);
        mark_simd_loops(a, s->else_body);
        mark_simd_loops(a, s->body);
    }
}
