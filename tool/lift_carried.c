/* Whether a sequential loop's carried scalar has its value from the
 * iteration before read (tool/lift_loop.c's carried scalars, and
 * lift_tuple.c's blocks, whose iterations may not pass values on). */
#include "lift.h"

#include <stdlib.h>

/* ---- whether a carried scalar's start value is read ---- */
/* A scalar with no value at the end of an iteration (assigned in a
 * parallel loop of the body, or on only one path of an if) is an error only
 * if the next iteration reads it. An operand that only passes it on does
 * not count unless what it passes it to is read: a phi's result, a nested
 * loop's carried scalar (a loop counter assigned by inner loops is carried
 * through every enclosing loop without being read), a yield. */

/* A statement whose nested body is being searched, where it is, and the
 * scope around it. For the loop being lifted, b is NULL: what follows it is
 * not lifted yet. */
typedef struct Scope {
    Stmt *s;
    Body *b;
    int i;
    struct Scope *up;
} Scope;

typedef struct ReadScan {
    unsigned char *seen; /* per variable id: its reads are being or were searched */
    Stmt *s;             /* for find_plain_read */
    Var *v;
    bool found;
} ReadScan;

static bool passes_on(Stmt *s, const Operand *o) {
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        if (o == &p->then_val || o == &p->else_val)
            return true;
    }
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (o == &c->init || o == &c->yield)
            return true;
    }
    return false;
}

static void find_plain_read(Operand *o, void *ctx) {
    ReadScan *rs = ctx;
    rs->found |= o->kind == OPD_VAR && o->var == rs->v && !passes_on(rs->s, o);
}

static bool reads_plainly(ReadScan *rs, Stmt *s, Var *v) {
    rs->s = s;
    rs->v = v;
    rs->found = false;
    stmt_visit_operands(s, find_plain_read, rs);
    return rs->found;
}

static bool read_in(ReadScan *rs, Scope *sc, Body *b, int from, Var *v);

/* Whether x, bound by at->s, is read: searched once per variable. */
static bool bound_read(ReadScan *rs, Scope *sc, Body *b, int from, Var *x) {
    if (!x || rs->seen[x->id])
        return false;
    rs->seen[x->id] = 1;
    return read_in(rs, sc, b, from, x);
}

/* Whether what at->s passes v on to is read: a phi's result after it, a
 * carried scalar's start in the body or its result after the loop. */
static bool passed_on_read(ReadScan *rs, Scope *at, Var *v) {
    Stmt *s = at->s;
    Operand ov = opd_var(v);
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        if ((opd_equal(p->then_val, ov) || opd_equal(p->else_val, ov)) &&
            (!at->b || bound_read(rs, at->up, at->b, at->i + 1, p->dst)))
            return true;
    }
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (!opd_equal(c->init, ov) && !opd_equal(c->yield, ov))
            continue;
        if (bound_read(rs, at, s->body, 0, c->param) || !at->b ||
            bound_read(rs, at->up, at->b, at->i + 1, c->result))
            return true;
    }
    return false;
}

/* Whether v is read in b (the body of sc->s) from statement `from` on, or,
 * once b ends, by what sc->s does with it. */
static bool read_in(ReadScan *rs, Scope *sc, Body *b, int from, Var *v) {
    for (int i = from; b && i < b->stmts.len; i++) {
        Scope here = {b->stmts.items[i], b, i, sc};
        if (reads_plainly(rs, here.s, v) || passed_on_read(rs, &here, v))
            return true;
        Body *nested[3] = {here.s->then_body, here.s->else_body, here.s->body};
        for (int q = 0; q < 3; q++)
            if (nested[q] && read_in(rs, &here, nested[q], 0, v))
                return true;
    }
    return sc && (reads_plainly(rs, sc->s, v) || passed_on_read(rs, sc, v));
}

/* Whether loop s reads the start value of its carried scalar `param`. */
bool start_read(Lift *L, Stmt *s, Var *param) {
    ReadScan rs = {.seen = xcalloc((size_t)L->f->next_var_id + 1, 1)};
    Scope top = {s, NULL, 0, NULL};
    bool read = bound_read(&rs, &top, s->body, 0, param);
    free(rs.seen);
    return read;
}

/* A carried scalar of loop s whose value an iteration reads from the
 * iteration before, other than the ones whose results are `except`; NULL
 * if none. */
Var *loop_carried_read(Lift *L, Stmt *s, const Operand *except, int nexcept) {
    for (int i = 0; i < s->carried.len; i++) {
        Carried *cr = s->carried.items[i];
        bool skip = false;
        for (int k = 0; k < nexcept && !skip; k++)
            skip = opd_equal(except[k], opd_var(cr->result));
        if (!skip && start_read(L, s, cr->param))
            return cr->param;
    }
    return NULL;
}

static void zero_reads_of(Operand *o, void *ctx) {
    Var *v = ctx;
    if (o->kind == OPD_VAR && o->var == v)
        *o = b_fconst(0, v->ty);
}

/* Replaces what is left of v in b (reads that pass it on to nobody) by 0. */
void zero_unread(Body *b, Var *v) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, zero_reads_of, v);
        zero_unread(s->then_body, v);
        zero_unread(s->else_body, v);
        zero_unread(s->body, v);
    }
}
