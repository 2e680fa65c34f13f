/* Helpers that build small IR functions by hand for the unit tests. */
#ifndef PARGRAD_UNIT_IRFIX_H
#define PARGRAD_UNIT_IRFIX_H

#include <string.h>

#include "ir.h"

typedef struct Fx {
    Arena a;
    Func f;
    Builder bd; /* appends to the function's body */
} Fx;

static inline void fx_init(Fx *x, const char *name, Type ret) {
    memset(x, 0, sizeof *x);
    x->f.name = name;
    x->f.ret = ret;
    x->f.body = body_new(&x->a);
    x->f.loc = (SrcLoc){"unit.c", 1, 1};
    x->bd = (Builder){&x->a, &x->f, x->f.body, x->f.loc};
}

static inline void fx_free(Fx *x) {
    arena_free(&x->a);
}

static inline Var *fx_scalar_param(Fx *x, const char *name, Type ty) {
    Param *p = arena_alloc(&x->a, sizeof(Param));
    p->name = name;
    p->var = var_new(&x->a, &x->f, name, ty);
    vec_push(&x->a, &x->f.params, p);
    return p->var;
}

static inline Buffer *fx_array_param(Fx *x, const char *name, Type elem, bool is_const) {
    Param *p = arena_alloc(&x->a, sizeof(Param));
    p->name = name;
    p->buf = buffer_new(&x->a, &x->f, name, elem, BUF_PARAM);
    p->buf->is_const = is_const;
    p->buf->param_decl = "";
    vec_push(&x->a, &x->f.params, p);
    return p->buf;
}

/* A fixed-size local array, declared by an S_DECL in `b`. */
static inline Buffer *fx_local_array(Fx *x, Body *b, const char *name, Type elem, int n) {
    Buffer *buf = buffer_new(&x->a, &x->f, name, elem, BUF_LOCAL);
    buf->dims = arena_alloc(&x->a, sizeof(Operand));
    buf->dims[0] = opd_int(n);
    Stmt *s = stmt_new(&x->a, S_DECL, x->f.loc);
    s->buf = buf;
    body_append(&x->a, b, s);
    return buf;
}

static inline Var *fx_let(Fx *x, Body *b, const char *name, Type ty, PrimOp op, int nargs,
                          Operand p, Operand q, Operand r) {
    return emit_let(&x->a, &x->f, b, x->f.loc, name, ty, op, nargs, p, q, r);
}

static inline Var *fx_read(Fx *x, Body *b, const char *name, Buffer *buf, Operand idx) {
    Stmt *s = stmt_new(&x->a, S_READ, x->f.loc);
    s->dst = var_new(&x->a, &x->f, name, buf->elem);
    s->buf = buf;
    s->idx[0] = idx;
    s->nidx = 1;
    body_append(&x->a, b, s);
    return s->dst;
}

static inline Stmt *fx_write(Fx *x, Body *b, Buffer *buf, Operand idx, Operand v) {
    Stmt *s = stmt_new(&x->a, S_WRITE, x->f.loc);
    s->buf = buf;
    s->idx[0] = idx;
    s->nidx = 1;
    s->args[0] = v;
    s->nargs = 1;
    body_append(&x->a, b, s);
    return s;
}

/* A loop statement (S_LOOP, S_MAP or S_REDUCE) over [lo, hi) with an empty body. */
static inline Stmt *fx_loop(Fx *x, Body *b, StmtKind kind, const char *index, Operand lo,
                            Operand hi) {
    Stmt *s = stmt_new(&x->a, kind, x->f.loc);
    s->index = var_new(&x->a, &x->f, index, type_int());
    s->lo = lo;
    s->hi = hi;
    s->body = body_new(&x->a);
    body_append(&x->a, b, s);
    return s;
}

/* An accumulator of a reduce: result = init OP contrib over the iterations. */
static inline Var *fx_accum(Fx *x, Stmt *red, ReduceOp op, const char *name, Operand init,
                            Operand contrib) {
    Accum *ac = arena_alloc(&x->a, sizeof(Accum));
    ac->op = op;
    ac->result = var_new(&x->a, &x->f, name, init.ty);
    ac->init = init;
    ac->contrib = contrib;
    ac->user_name = name;
    vec_push(&x->a, &red->accums, ac);
    return ac->result;
}

/* A loop-carried scalar of a sequential loop; the yield is set later. */
static inline Carried *fx_carried(Fx *x, Stmt *loop, const char *name, Operand init) {
    Carried *c = arena_alloc(&x->a, sizeof(Carried));
    c->param = var_new(&x->a, &x->f, name, init.ty);
    c->result = var_new(&x->a, &x->f, name, init.ty);
    c->init = init;
    vec_push(&x->a, &loop->carried, c);
    return c;
}

static inline Stmt *fx_return(Fx *x, Body *b, Operand v) {
    Stmt *s = stmt_new(&x->a, S_RETURN, x->f.loc);
    s->args[0] = v;
    s->nargs = 1;
    body_append(&x->a, b, s);
    return s;
}

static inline Stmt *fx_last(Body *b) {
    return b->stmts.len ? b->stmts.items[b->stmts.len - 1] : NULL;
}

#endif
