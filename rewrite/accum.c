/* Accumulator lowering (DESIGN section 4): an adjoint accumulation
 * `x_b[k] += v` inside a parallel loop is a plain update when k is injective
 * in the loop index (each iteration owns its elements), and atomic
 * otherwise. Per-thread private copies and the matrix-multiplication
 * interchange are for later. */
#include "rev.h"

#include <string.h>

/* o is c + *off for a constant *off, where c is the loop's index or its
 * counter (injective in the index too), copies and casts allowed. */
static bool is_index_of(Rev *r, Operand o, Stmt *loop, long long *off) {
    if (o.kind != OPD_VAR)
        return false;
    if (o.var == loop->index || (loop->counter && o.var == loop->counter->var)) {
        *off = 0;
        return true;
    }
    Stmt *d = def_of(r, o);
    /* a block of the map's iterations: the blocks cover them once each */
    if (d && ((d->kind == S_LOOP && d->index == o.var && d->blocks_of == loop->index) ||
              (d->kind == S_LET && d->counter && d->counter->var == o.var &&
               d->counter->blocks_of == loop->index))) {
        *off = 0;
        return true;
    }
    if (!d || d->kind != S_LET)
        return false;
    if (d->op == OP_COPY || d->op == OP_CAST)
        return is_index_of(r, d->args[0], loop, off);
    bool add = d->op == OP_ADD, sub = d->op == OP_SUB;
    if ((add || sub) && d->args[1].kind == OPD_CONST && !type_is_float(d->args[1].ty) &&
        is_index_of(r, d->args[0], loop, off)) {
        *off += add ? d->args[1].ival : -d->args[1].ival;
        return true;
    }
    if (add && d->args[0].kind == OPD_CONST && !type_is_float(d->args[0].ty) &&
        is_index_of(r, d->args[1], loop, off)) {
        *off += d->args[0].ival;
        return true;
    }
    return false;
}

/* o without the casts that keep a non-negative value ((long)j for an int
 * j counting up from 0) */
static Operand uncast(Rev *r, Operand o) {
    for (Stmt *d = def_of(r, o);
         d && d->kind == S_LET && d->nargs == 1 &&
         (d->op == OP_COPY || (d->op == OP_CAST && widening_int_cast(d->args[0].ty, d->dst->ty)));
         d = def_of(r, o))
        o = d->args[0];
    return o;
}

/* j where j runs over [0, m) in some loop */
static bool index_in_range(Rev *r, Operand j, Operand m) {
    j = uncast(r, j);
    m = uncast(r, m);
    Stmt *d = def_of(r, j);
    if (!d || (d->kind != S_LOOP && d->kind != S_MAP && d->kind != S_REDUCE) || d->index != j.var)
        return false;
    Operand hi = uncast(r, d->hi);
    bool same_const = hi.kind == OPD_CONST && m.kind == OPD_CONST && !type_is_float(hi.ty) &&
                      !type_is_float(m.ty) && hi.ival == m.ival;
    return opd_is_const(d->lo, 0) && (same_const || opd_equal(hi, m));
}

/* (index + *off) * m + j with j in [0, m): distinct rows for distinct
 * index values. */
static bool is_row_major_in(Rev *r, Operand o, Stmt *loop, long long *off) {
    Stmt *d = def_of(r, o);
    if (!d || d->kind != S_LET)
        return false;
    if (d->op == OP_COPY || d->op == OP_CAST)
        return is_row_major_in(r, d->args[0], loop, off);
    if (d->op != OP_ADD)
        return false;
    for (int k = 0; k < 2; k++) {
        Stmt *m = def_of(r, d->args[k]);
        Operand j = d->args[1 - k];
        if (!m || m->kind != S_LET || m->op != OP_MUL)
            continue;
        for (int q = 0; q < 2; q++)
            if (is_index_of(r, m->args[q], loop, off) && m->args[q].kind == OPD_VAR &&
                index_in_range(r, j, m->args[1 - q]))
                return true;
    }
    return false;
}

/* Whether an access touches different elements in different iterations of
 * the parallel loop; *key tells apart accesses that do so in different ways
 * (x[i] and x[i + 1] each do, but together they collide). */
static bool injective_in(Rev *r, Stmt *access, Stmt *loop, long long *key) {
    long long off = 0;
    if (access->nidx >= 1 && is_index_of(r, access->idx[0], loop, &off)) {
        *key = 2 * off;
        return true;
    }
    if (access->nidx == 1 && is_row_major_in(r, access->idx[0], loop, &off)) {
        *key = 2 * off + 1;
        return true;
    }
    return false;
}

static void mark_declared(Body *b, Stmt *loop) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
            s->buf->declared_in_loop = loop;
        mark_declared(s->then_body, loop);
        mark_declared(s->else_body, loop);
        mark_declared(s->body, loop);
    }
}

/* An array declared in the parallel loop's body belongs to one iteration:
 * no other thread touches its adjoint. The loop's body is walked once, at
 * its first accumulation: its forward statements, which declare its
 * arrays and their adjoints, come before. One declared later still is
 * the iteration's own, found not to be: atomic, slower but right. */
static bool declared_in_par_loop(Rev *r, Buffer *buf) {
    if (r->declared_loop != r->par_loop) {
        mark_declared(r->par_loop->body, r->par_loop);
        r->declared_loop = r->par_loop;
    }
    return buf->declared_in_loop == r->par_loop;
}

void emit_array_accumulate(Rev *r, Builder *bd, Stmt *read, Operand v) {
    Buffer *buf = read->buf;
    if (!buf->active || !buf->adj || opd_is_const(v, 0))
        return;
    Stmt *s = stmt_new(r->a, S_ACC, bd->loc);
    s->buf = buf->adj;
    s->nidx = read->nidx;
    memcpy(s->idx, read->idx, sizeof(Operand) * (size_t)read->nidx);
    s->nargs = 1;
    s->args[0] = v;
    s->acc = ACC_ATOMIC;
    /* private arrays first: their accumulations all keep key 0, never mixed */
    if (!r->par_loop || declared_in_par_loop(r, buf) || declared_in_par_loop(r, buf->adj) ||
        injective_in(r, read, r->par_loop, &s->acc_key))
        s->acc = ACC_PLAIN;
    body_append(r->a, bd->b, s);
}

static void collect_accs(Body *b, PtrVec *out, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC)
            vec_push(a, out, s);
        collect_accs(s->then_body, out, a);
        collect_accs(s->else_body, out, a);
        collect_accs(s->body, out, a);
    }
}

/* Plain `x_b[k] += v` in a parallel loop is safe only if every accumulation
 * into x_b in the loop hits its iteration's own elements the same way;
 * otherwise (x_b[i-1] and x_b[i+1] of a stencil) they all become atomic. */
void settle_accumulations(Rev *r, Stmt *loop) {
    PtrVec accs = {0};
    collect_accs(loop->body, &accs, r->a);
    for (int i = 0; i < accs.len; i++) {
        Stmt *s = accs.items[i];
        bool mixed = false;
        for (int j = 0; j < accs.len && !mixed; j++) {
            Stmt *t = accs.items[j];
            mixed = t->buf == s->buf &&
                    (t->acc == ACC_ATOMIC || s->acc == ACC_ATOMIC || t->acc_key != s->acc_key);
        }
        if (mixed)
            s->acc = ACC_ATOMIC;
    }
}
