/* Pointer parameters the caller may leave NULL: `if (w != NULL)`, an
 * optional array (tool/lift_global.c binds w_given = w != NULL once at the
 * top of the function; the adjoint of a NULL pointer is NULL too).
 *
 * The gradient moves code across the user's tests: a save of an array's
 * overwritten elements goes ahead of the loop whose iterations write them,
 * an output's seeds are zeroed after the return sweep, a sweep's adjoint
 * buffer is added into the caller's at the end. So after every pass, each
 * access to an optional array or its adjoint is checked to run only where
 * the test found the array given; where one does not, the function is
 * rejected, naming the array: a gradient that goes through NULL is worse
 * than none.
 *
 * One exception: an input the function only reads, which its own code
 * reads without a test somewhere (and tests elsewhere, often in a helper
 * that takes it optional). Where the primal reads it untested, the caller
 * must give it whenever that statement runs; the gradient's copies of
 * those reads, and the adjoints they add into, run exactly then. So the
 * reads the primal makes untested are found first, on the lifted function
 * (optional_primal_reads), and the gradient's reads and accumulations at
 * the same statements pass. */
#include "derivs.h"
#include "rev.h"

#include <stdlib.h>
#include <string.h>

/* The reads of optional input arrays that the lifted function makes
 * outside their tests: the array and the statement's location */
struct PrimalReads {
    PtrVec bufs; /* Buffer*, read only by the function */
    PtrVec locs; /* SrcLoc*, one per entry of bufs */
};

typedef struct Optional {
    Arena *a;
    RevErrors *err;
    PrimalReads *collect;     /* finding the primal's reads: recorded here, not reported */
    const PrimalReads *reads; /* checking the gradient: the primal's untested reads */
    bool *read_only;          /* collecting: by entry of bufs, the function never writes it */
    Func *f;
    PtrVec bufs, givens; /* Buffer*, Var*: each test of a pointer, bound once */
    PtrVec learned;      /* Learned*: the ifs run before the statement being checked */
    Stmt **def;          /* the let binding each variable, by id */
    int nvars;
    bool ok;
} Optional;

static void find_tests(Optional *o, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_LET || s->kind == S_POP) && s->dst && !s->dst->is_mutable &&
            s->dst->id < o->nvars)
            o->def[s->dst->id] = s;
        if (s->kind == S_LET && s->op == OP_NOT_NULL) {
            vec_push(o->a, &o->bufs, s->buf);
            vec_push(o->a, &o->givens, s->dst);
        }
        find_tests(o, s->then_body);
        find_tests(o, s->else_body);
        find_tests(o, s->body);
        find_tests(o, s->span ? s->span->pre : NULL);
        find_tests(o, s->fusion ? s->fusion->pre_slice : NULL);
    }
}

/* Marks in `given` the pointers that c being `truth` shows to be given:
 * w_given, w_given != 0, !(w_given == 0), either side of a true &&, ... */
static void implied(Optional *o, Operand c, bool truth, bool *given, int depth) {
    if (c.kind != OPD_VAR || depth > 32)
        return;
    for (int j = 0; j < o->givens.len; j++)
        if (truth && c.var == o->givens.items[j])
            given[j] = true;
    Stmt *d = c.var->id < o->nvars ? o->def[c.var->id] : NULL;
    if (!d || d->kind != S_LET)
        return;
    const Operand *x = d->args;
    switch (d->op) {
    case OP_COPY:
    case OP_CAST:
        implied(o, x[0], truth, given, depth + 1);
        break;
    case OP_NOT:
        implied(o, x[0], !truth, given, depth + 1);
        break;
    case OP_NE:
    case OP_EQ:
        for (int q = 0; q < 2; q++)
            if (x[1 - q].kind == OPD_CONST && const_as_double(x[1 - q]) == 0)
                implied(o, x[q], d->op == OP_NE ? truth : !truth, given, depth + 1);
        break;
    case OP_AND:
    case OP_OR:
        if (truth == (d->op == OP_AND)) /* a true &&, a false ||: both sides */
            for (int q = 0; q < 2; q++)
                implied(o, x[q], truth, given, depth + 1);
        break;
    default:
        break;
    }
}

/* The optional pointer whose array, or adjoint, b is; -1 for any other */
static int optional_of(Optional *o, const Buffer *b) {
    for (int j = 0; b && j < o->bufs.len; j++) {
        const Buffer *p = o->bufs.items[j];
        if (b == p || (b->primal == p && b->kind == BUF_PARAM)) /* (not a local adjoint) */
            return j;
    }
    return -1;
}

static bool same_loc(SrcLoc x, SrcLoc y) {
    return x.line == y.line && x.col == y.col &&
           (x.file == y.file || (x.file && y.file && strcmp(x.file, y.file) == 0));
}

/* Whether s, an untested access of optional array p (or its adjoint b),
 * is a copy of a read the primal makes untested at the same statement, or
 * the adjoint of one */
static bool mirrors_primal_read(const Optional *o, const Stmt *s, const Buffer *p,
                                const Buffer *b) {
    if (!o->reads || !((s->kind == S_READ && b == p) || (s->kind == S_ACC && b != p)))
        return false;
    for (int k = 0; k < o->reads->bufs.len; k++)
        if (o->reads->bufs.items[k] == p && same_loc(*(SrcLoc *)o->reads->locs.items[k], s->loc))
            return true;
    return false;
}

static void check_buffer(Optional *o, const Stmt *s, const Buffer *b, const bool *given) {
    int j = optional_of(o, b);
    if (j < 0 || given[j] || !o->ok)
        return;
    Buffer *p = o->bufs.items[j];
    if (o->collect) {
        if (s->kind == S_READ && b == p && o->read_only[j]) {
            SrcLoc *at = arena_alloc(o->a, sizeof(SrcLoc));
            *at = s->loc;
            vec_push(o->a, &o->collect->bufs, p);
            vec_push(o->a, &o->collect->locs, at);
        }
        return;
    }
    if (mirrors_primal_read(o, s, p, b))
        return;
    o->ok = false;
    o->err->count++;
    o->err->report(
        o->err->ctx, s->loc,
        arena_printf(o->a,
                     "make '%s' a required argument (remove its test for NULL), or test it once "
                     "around all the code that uses it",
                     p->name),
        arena_printf(o->a,
                     "the gradient would use '%s' here outside its test for NULL, and the "
                     "caller may pass NULL",
                     buffer_shown(o->a, b)));
}

/* What an if already run shows on each side: the pointers found given
 * by the end of its then and its else branch. A later if on the same
 * condition (the return sweep's copy of the forward sweep's) takes the
 * same side, so its branches start knowing as much. */
typedef struct Learned {
    Var *cond;
    bool *at_end[2];
} Learned;

static bool *check_body(Optional *o, Body *b, const bool *given);

/* A loop as many times as the forward sweep logged writes (rev_save.c's
 * restores, last first): it writes back only elements whose writes, and
 * their logging, were checked where they are */
static bool replays_log(Optional *o, const Stmt *s) {
    Operand n = s->hi;
    for (int depth = 0; n.kind == OPD_VAR && n.var->id < o->nvars && depth < 8; depth++) {
        const Stmt *d = o->def[n.var->id];
        if (d && d->kind == S_POP)
            return true;
        if (!d || d->kind != S_LET || (d->op != OP_COPY && d->op != OP_CAST))
            return false;
        n = d->args[0];
    }
    return false;
}

static bool *copy_of(Optional *o, const bool *given) {
    bool *c = xcalloc((size_t)o->givens.len + 1, sizeof(bool));
    for (int j = 0; j < o->givens.len; j++)
        c[j] = given[j];
    return c;
}

/* A body entered knowing `given` (and, for a branch, what its condition
 * being `truth` shows): what is known at its end, which the caller frees */
static bool *check_nested(Optional *o, Body *b, const bool *given, Operand cond, bool truth) {
    bool *inner = copy_of(o, given);
    if (cond.kind != OPD_NONE)
        implied(o, cond, truth, inner, 0);
    for (int k = o->learned.len - 1; cond.kind == OPD_VAR && k >= 0; k--) {
        Learned *l = o->learned.items[k];
        if (l->cond != cond.var)
            continue;
        for (int j = 0; j < o->givens.len; j++)
            inner[j] |= l->at_end[truth ? 0 : 1][j];
        break;
    }
    bool *end = b ? check_body(o, b, inner) : copy_of(o, inner);
    free(inner);
    return end;
}

static void check_if(Optional *o, Stmt *s, bool *given) {
    Body *side[2] = {s->then_body, s->else_body};
    bool *end[2];
    for (int q = 0; q < 2; q++) {
        end[q] = check_nested(o, side[q], given, s->cond, q == 0);
        for (int j = 0; body_ends_program(side[q]) && j < o->givens.len; j++)
            end[q][j] = true; /* (nobody goes on from there) */
    }
    for (int j = 0; j < o->givens.len; j++)
        given[j] |= end[0][j] && end[1][j];
    if (s->cond.kind != OPD_VAR) {
        free(end[0]), free(end[1]);
        return;
    }
    Learned *l = arena_alloc(o->a, sizeof(Learned));
    l->cond = s->cond.var;
    for (int q = 0; q < 2; q++) {
        l->at_end[q] = arena_alloc(o->a, sizeof(bool) * ((size_t)o->givens.len + 1));
        memcpy(l->at_end[q], end[q], sizeof(bool) * (size_t)o->givens.len);
        free(end[q]);
    }
    vec_push(o->a, &o->learned, l);
}

static bool *check_body(Optional *o, Body *b, const bool *given_before) {
    bool *given = copy_of(o, given_before);
    int learned = o->learned.len; /* (ifs in this body dominate only what follows them here) */
    for (int i = 0; b && i < b->stmts.len && o->ok; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_LET && s->kind != S_DECL) /* (the test itself; declarations) */
            check_buffer(o, s, s->buf, given);
        for (int q = 0; q < 2; q++)
            check_buffer(o, s, s->scan_in[q], given);
        for (int q = 0; q < 3; q++)
            check_buffer(o, s, s->hist_rev[q], given);
        check_buffer(o, s, s->hist_bins, given);
        check_buffer(o, s, s->hist_more_bins, given);
        if (s->kind == S_IF) {
            check_if(o, s, given);
            continue;
        }
        if (s->kind == S_LOOP && replays_log(o, s))
            continue;
        /* (a fused scan's pass 1 runs a slice of the map before it) */
        Body *inside[3] = {s->body, s->span ? s->span->pre : NULL,
                           s->fusion ? s->fusion->pre_slice : NULL};
        for (int q = 0; q < 3; q++)
            if (inside[q])
                free(check_nested(o, inside[q], given, opd_none(), true));
    }
    o->learned.len = learned;
    return given;
}

static bool check_function(Optional *o) {
    o->nvars = o->f->next_var_id;
    o->ok = true;
    o->def = xcalloc((size_t)o->nvars + 1, sizeof(Stmt *));
    find_tests(o, o->f->body);
    if (o->collect) {
        o->read_only = xcalloc((size_t)o->bufs.len + 1, sizeof(bool));
        for (int j = 0; j < o->bufs.len; j++)
            o->read_only[j] = !body_writes_buffer(o->f->body, o->bufs.items[j]);
    }
    if (o->bufs.len > 0) {
        bool *given = xcalloc((size_t)o->givens.len, sizeof(bool));
        free(check_body(o, o->f->body, given));
        free(given);
    }
    free(o->def);
    free(o->read_only);
    return o->ok;
}

PrimalReads *optional_primal_reads(Arena *a, Func *primal) {
    PrimalReads *reads = arena_alloc(a, sizeof(PrimalReads));
    Optional o = {.a = a, .collect = reads, .f = primal};
    check_function(&o);
    return reads;
}

bool check_optional_pointers(Arena *a, Func *f, const PrimalReads *reads, RevErrors *err) {
    Optional o = {.a = a, .err = err, .reads = reads, .f = f};
    return check_function(&o);
}
