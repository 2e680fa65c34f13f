/* Checkpoints read where the tape holds them.
 *
 * A sequential loop's iteration ends by copying the arrays it overwrote,
 * as it leaves them, onto the tape (a checkpoint, rev_save.c
 * transfer_checkpoint); the return sweep's iteration starts by copying them
 * back, and its adjoint reads the arrays. GMM's per-component xcentered
 * and Qxcentered (d elements, k times per point) were copied back for
 * nothing: nothing reads the arrays after the loop.
 *
 * For a loop L whose body pops a region and copies it into a whole
 * array X of one dimension (elements 0 to n - 1 of an X declared with n;
 * the region's layout is then X's), where
 *   - L's body writes X nowhere else and reads it nowhere before the copy;
 *   - nothing in L's body pushes onto the tape (a popped region stays
 *     valid until the next push);
 *   - X is declared in a body around L, and nothing in its scope reads X
 *     after L: no statement after L in the bodies between, nor another
 *     statement of a loop between (its next iteration);
 * L's reads of X read the region, and the copy goes. Elsewhere it stays.
 *
 * The forward iterations, which write such an array whole, could as well
 * write it on the tape instead of copying it there at their end; measured
 * on GMM that was 2% slower than the copy into the tape (with or without
 * restrict pointers), so the saves stay copies. */
#include "rev.h"

#include <stdlib.h>

/* The bodies from the function's down to the loop's, and where in each
 * the next one (or the loop) sits. */
typedef struct Frame {
    Body *b;
    int at;
} Frame;

typedef struct Walk {
    Arena *a;
    Frame *path;
    int depth, cap;
    bool changed;
} Walk;

/* A region popped at `at` in the loop's body, copied into `array` by the
 * statement after it. */
typedef struct Restore {
    int at;
    Buffer *array, *region;
} Restore;

/* o seen through lets that widen an integer (the trip count's long) */
static Operand through_widening(Body *scope, Operand o) {
    for (int depth = 0; depth < 8 && o.kind == OPD_VAR; depth++) {
        Phi *phi = NULL;
        bool other = false;
        Stmt *def = binding_in(scope, o.var, &phi, &other);
        if (!def || phi || def->kind != S_LET || def->op != OP_CAST || def->nargs != 1 ||
            !widening_int_cast(def->args[0].ty, def->dst->ty))
            break;
        o = def->args[0];
    }
    return o;
}

/* copy is `for e in [0, hi): array[e] = region[e]` (into_array) or
 * `region[e] = array[e]`; returns the array */
static Buffer *whole_copy(Stmt *copy, Buffer *region, bool into_array) {
    if ((copy->kind != S_MAP && copy->kind != S_LOOP) || copy->counter || copy->blocks_of ||
        copy->hi.kind == OPD_NONE || !opd_equal(copy->lo, opd_int(0)) || copy->body->stmts.len != 2)
        return NULL;
    Stmt *rd = copy->body->stmts.items[0], *wr = copy->body->stmts.items[1];
    Operand e = opd_var(copy->index);
    if (rd->kind != S_READ || rd->nidx != 1 || !opd_equal(rd->idx[0], e) || wr->kind != S_WRITE ||
        wr->nidx != 1 || !opd_equal(wr->idx[0], e) || wr->nargs != 1 ||
        !opd_equal(wr->args[0], opd_var(rd->dst)))
        return NULL;
    Buffer *array = into_array ? wr->buf : rd->buf;
    if ((into_array ? rd->buf : wr->buf) != region || array->rank != 1)
        return NULL;
    return array;
}

static bool pushes_in(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_PUSH || s->kind == S_TAPE_PUSH_REGION || pushes_in(s->then_body) ||
            pushes_in(s->else_body) || pushes_in(s->body))
            return true;
    }
    return false;
}

/* Every read of x in b is a plain element read (no scan or histogram
 * takes it whole). */
static bool only_element_reads(Body *b, Buffer *x) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_reads_buffer(s, x))
            return false;
        if (!only_element_reads(s->then_body, x) || !only_element_reads(s->else_body, x) ||
            !only_element_reads(s->body, x))
            return false;
    }
    return true;
}

/* The loop's body touches x only through the copy at `at + 1` and reads after it. */
static bool copy_alone_in_loop(Body *lb, int at, Buffer *x) {
    if (pushes_in(lb) || !only_element_reads(lb, x))
        return false;
    for (int k = 0; k < lb->stmts.len; k++) {
        Stmt *s = lb->stmts.items[k];
        if (k != at + 1 && stmt_writes_buffer(s, x))
            return false;
        if (k <= at && stmt_reads_buffer(s, x))
            return false;
    }
    return true;
}

/* The declaration of x directly in b before position `before`. */
static Stmt *declaration_in(Body *b, int before, Buffer *x) {
    for (int i = 0; i < before; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf == x)
            return s;
    }
    return NULL;
}

static bool reads_in_range(Body *b, int from, int to, Buffer *x) {
    for (int i = from; i < to; i++)
        if (stmt_reads_buffer(b->stmts.items[i], x))
            return true;
    return false;
}

/* x's extent as declared equals the copy's trips, and nothing in x's scope
 * reads it after the loop (path[depth - 1]). */
static bool dead_after_loop(Walk *w, Buffer *x, Operand trips) {
    int d = w->depth - 1;
    Stmt *decl = NULL;
    while (d >= 0 && !(decl = declaration_in(w->path[d].b, w->path[d].at, x)))
        d--;
    if (!decl || x->kind != BUF_LOCAL)
        return false;
    Operand n = decl->kind == S_ALLOC ? decl->args[0] : decl_dim(decl, 0);
    Body *scope = w->path[d].b;
    if (!opd_equal(through_widening(scope, n), through_widening(scope, trips)))
        return false;
    for (int k = d; k < w->depth; k++) {
        Frame *f = &w->path[k];
        if (reads_in_range(f->b, f->at + 1, f->b->stmts.len, x))
            return false;
        Stmt *owner = k > d ? w->path[k - 1].b->stmts.items[w->path[k - 1].at] : NULL;
        /* a loop's body runs again: its statements before count as after */
        if (owner && f->b == owner->body && reads_in_range(f->b, 0, f->at, x))
            return false;
    }
    return true;
}

/* b's reads and writes of x go to the region instead */
static void use_region(Body *b, Buffer *x, Buffer *region) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC) && s->buf == x)
            s->buf = region;
        use_region(s->then_body, x, region);
        use_region(s->else_body, x, region);
        use_region(s->body, x, region);
    }
}

/* The loop's restores that can go, their arrays' reads turned to the
 * regions; the copies become comments saying so. */
static void read_restores_in_place(Walk *w, Stmt *l) {
    Body *lb = l->body;
    for (int j = 0; j + 1 < lb->stmts.len; j++) {
        Stmt *pop = lb->stmts.items[j], *copy = lb->stmts.items[j + 1];
        if (pop->kind != S_TAPE_POP_REGION)
            continue;
        Buffer *x = whole_copy(copy, pop->buf, true);
        if (!x || !copy_alone_in_loop(lb, j, x) || !dead_after_loop(w, x, copy->hi))
            continue;
        use_region(lb, x, pop->buf);
        Stmt *c = stmt_new(w->a, S_COMMENT, copy->loc);
        const char *name = buffer_label(w->a, x);
        c->text = arena_printf(w->a,
                               "checkpoint: %s as the iteration left it, read on the tape, "
                               "not copied back: nothing after this loop reads %s",
                               name, name);
        lb->stmts.items[j] = c;
        lb->stmts.items[j + 1] = pop;
        w->changed = true;
    }
}

static void walk_body(Walk *w, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        if (w->depth == w->cap) {
            w->cap = w->cap ? 2 * w->cap : 16;
            Frame *grown = arena_alloc(w->a, sizeof(Frame) * (size_t)w->cap);
            for (int k = 0; k < w->depth; k++)
                grown[k] = w->path[k];
            w->path = grown;
        }
        w->path[w->depth++] = (Frame){b, i};
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LOOP)
            read_restores_in_place(w, s);
        walk_body(w, s->then_body);
        walk_body(w, s->else_body);
        walk_body(w, s->body);
        w->depth--;
    }
}

bool read_checkpoints_in_place(Arena *a, Func *f) {
    Walk w = {.a = a};
    walk_body(&w, f->body);
    return w.changed;
}
