/* Accumulator lowering (DESIGN section 4): an adjoint accumulation
 * `x_b[k] += v` inside a parallel loop is a plain update when k is injective
 * in the loop index (each iteration owns its elements), atomic only at the
 * ends of the threads' blocks where each iteration owns them up to a
 * constant shift (a stencil's), and otherwise into a copy of the array per
 * thread where its length is known and the copies are few next to the
 * updates (accum_private_copies, after fusion), atomic elsewhere. The
 * matrix-multiplication interchange is for later. */
#include "rev.h"

#include <stdlib.h>
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

/* o as v + *c for a constant integer *c (casts kept) */
static Operand peel_offset(Rev *r, Operand o, long long *c) {
    *c = 0;
    for (;;) {
        o = uncast_widening(r, o);
        Stmt *d = def_of(r, o);
        if (!d || d->kind != S_LET || (d->op != OP_ADD && d->op != OP_SUB) ||
            d->args[1].kind != OPD_CONST || type_is_float(d->args[1].ty))
            return o;
        *c += d->op == OP_ADD ? d->args[1].ival : -d->args[1].ival;
        o = d->args[0];
    }
}

/* hi + c <= m: hi is m (or m - k, k >= c), or both are constants, or hi
 * is an outer loop's index (plus k) and that loop's bound is within m
 * (a causal mask's j <= i, i < T: j + 1 <= T) */
static bool bound_within_depth(Rev *r, Operand hi, long long c, Operand m, int depth) {
    long long k;
    hi = peel_offset(r, hi, &k);
    m = uncast_widening(r, m);
    bool consts = hi.kind == OPD_CONST && m.kind == OPD_CONST && !type_is_float(hi.ty) &&
                  !type_is_float(m.ty);
    if (consts)
        return hi.ival + k + c <= m.ival;
    if (opd_equal(hi, m))
        return k + c <= 0;
    Stmt *d = def_of(r, hi);
    if (depth < 8 && d && (d->kind == S_LOOP || d->kind == S_MAP || d->kind == S_REDUCE) &&
        hi.kind == OPD_VAR && d->index == hi.var)
        return bound_within_depth(r, d->hi, k + c - 1, m, depth + 1);
    return false;
}

static bool bound_within(Rev *r, Operand hi, long long c, Operand m) {
    return bound_within_depth(r, hi, c, m, 0);
}

/* [lo + c, hi + c) lies in [0, m): lo a constant, hi bounded by m */
static bool shifted_range_within(Rev *r, Operand lo, Operand hi, long long c, Operand m) {
    lo = uncast_widening(r, lo);
    return lo.kind == OPD_CONST && !type_is_float(lo.ty) && lo.ival + c >= 0 &&
           bound_within(r, hi, c, m);
}

/* j + c (c a constant, with shift) where j runs over [lo, hi) in some loop
 * and [lo + c, hi + c) lies in [0, m) */
static bool column_in_range(Rev *r, Operand j, long long shift, Operand m) {
    long long c;
    j = peel_offset(r, j, &c);
    Stmt *d = def_of(r, j);
    if (!d || (d->kind != S_LOOP && d->kind != S_MAP && d->kind != S_REDUCE) || d->index != j.var)
        return false;
    return shifted_range_within(r, d->lo, d->hi, c + shift, m);
}

/* o as a + b + *c for a constant *c: the let adding a and b, or NULL */
static Stmt *sum_plus_offset(Rev *r, Operand o, long long *c) {
    Stmt *d = def_of(r, peel_offset(r, o, c));
    return d && d->kind == S_LET && d->op == OP_ADD ? d : NULL;
}

static bool bound_outside_par_loop(Rev *r, Var *v);

/* A row length the same in every iteration of the parallel loop (a
 * length computed per iteration could make rows overlap): a constant, a
 * parameter, a variable bound outside the loop, or integer operators and
 * reads of arrays the loop does not write over such values (L->d read in
 * the loop). */
static bool fixed_row_length(Rev *r, Operand m, int depth) {
    if (m.kind == OPD_CONST)
        return !type_is_float(m.ty);
    if (m.kind != OPD_VAR || type_is_float(m.ty) || m.var->is_mutable || depth > 8)
        return false;
    Stmt *d = def_of(r, m);
    if (!d || bound_outside_par_loop(r, m.var))
        return true;
    bool read =
        d->kind == S_READ && (d->buf->is_const || (r->par_src && !type_is_float(d->buf->elem) &&
                                                   !stmt_writes_buffer(r->par_src, d->buf)));
    if ((d->kind != S_LET || d->op == OP_CALL) && !read)
        return false;
    int n = d->kind == S_LET ? d->nargs : d->nidx;
    for (int k = 0; k < n; k++)
        if (!fixed_row_length(r, d->kind == S_LET ? d->args[k] : d->idx[k], depth + 1))
            return false;
    return true;
}

/* The lengths of an access's rows (RowShape.len, outermost first) */
typedef struct RowShape {
    Operand len[2];
    int n;
} RowShape;

/* (index + *off) * m + j with j in [0, m) (also j + c, or the whole
 * index + c, with j's range shifted inside [0, m): a stencil's neighbours
 * in a row): distinct rows for distinct index values; the index itself
 * may be such a row of rows ((b * C + c) * L + j, c in [0, C)). With col,
 * j must be that loop's index (plus a constant): distinct for distinct
 * (index, j). The lengths into *shape. */
static bool row_major_pair(Rev *r, Operand rows, Operand cols, long long c, Stmt *loop, Stmt *col,
                           long long *off, RowShape *shape, int depth);

static bool is_row_major_in(Rev *r, Operand o, Stmt *loop, Stmt *col, long long *off,
                            RowShape *shape) {
    long long c;
    Stmt *d = sum_plus_offset(r, o, &c);
    for (int k = 0; d && k < 2; k++)
        if (row_major_pair(r, d->args[k], d->args[1 - k], c, loop, col, off, shape, 0))
            return true;
    return false;
}

/* A row of the index (the index, or a row of rows) times len, plus cols in
 * [0, len), shifted by c: rows = F * len, or a * len + b * len, the row a
 * + b (k * ny * nx + j * nx + i: (k * ny + j) * nx + i). */
static bool row_major_pair(Rev *r, Operand rows, Operand cols, long long c, Stmt *loop, Stmt *col,
                           long long *off, RowShape *shape, int depth) {
    long long cc;
    Operand j = peel_offset(r, cols, &cc);
    Stmt *m = def_of(r, uncast_widening(r, rows));
    if (depth > 4 || !m || m->kind != S_LET || (col && (j.kind != OPD_VAR || j.var != col->index)))
        return false;
    for (int q = 0; m->op == OP_MUL && q < 2; q++) {
        RowShape inner = {{opd_none(), opd_none()}, 0};
        bool index = is_index_of(r, m->args[q], loop, off) && m->args[q].kind == OPD_VAR;
        bool nested = !index && !col && is_row_major_in(r, m->args[q], loop, NULL, off, &inner) &&
                      inner.n == 1;
        if ((index || nested) && fixed_row_length(r, m->args[1 - q], 0) &&
            column_in_range(r, cols, c, m->args[1 - q])) {
            *shape = inner;
            shape->len[shape->n++] = m->args[1 - q];
            return true;
        }
    }
    Stmt *x = m->op == OP_ADD && !col ? def_of(r, uncast_widening(r, m->args[0])) : NULL;
    Stmt *y = x ? def_of(r, uncast_widening(r, m->args[1])) : NULL;
    if (!x || !y || x->kind != S_LET || y->kind != S_LET || x->op != OP_MUL || y->op != OP_MUL)
        return false;
    for (int qx = 0; qx < 2; qx++)
        for (int qy = 0; qy < 2; qy++) {
            Operand len = x->args[1 - qx];
            RowShape inner = {{opd_none(), opd_none()}, 0};
            if (opd_equal(uncast_widening(r, len), uncast_widening(r, y->args[1 - qy])) &&
                row_major_pair(r, x->args[qx], y->args[qy], 0, loop, NULL, off, &inner,
                               depth + 1) &&
                inner.n == 1 && fixed_row_length(r, len, 0) && column_in_range(r, cols, c, len)) {
                *shape = inner;
                shape->len[shape->n++] = len;
                return true;
            }
        }
    return false;
}

/* r * m + (index + *off) with the index's range, shifted by *off, inside
 * [0, m): the index is a column (a map over the columns of rows scanned
 * or updated in order), distinct for distinct index values whatever r. */
static bool is_column_in(Rev *r, Operand o, Stmt *loop, long long *off) {
    long long c, c2;
    Stmt *d = sum_plus_offset(r, o, &c);
    if (!d)
        return false;
    for (int k = 0; k < 2; k++) {
        Stmt *m = def_of(r, uncast_widening(r, d->args[k]));
        Operand j = peel_offset(r, d->args[1 - k], &c2);
        if (!m || m->kind != S_LET || m->op != OP_MUL || j.kind != OPD_VAR || j.var != loop->index)
            continue;
        for (int q = 0; q < 2; q++)
            if (shifted_range_within(r, loop->lo, loop->hi, c + c2, m->args[q])) {
                *off = c + c2;
                return true;
            }
    }
    return false;
}

/* the offsets a strided access's key holds: |offset| below this */
#define STRIDE_OFFSETS (1LL << 23)

/* s * index + *off for a constant stride s >= 2 (x0[2 * b], x[3 * i + 1]):
 * distinct elements for distinct index values */
static bool is_strided_index_of(Rev *r, Operand o, Stmt *loop, long long *stride, long long *off) {
    long long c, inner;
    o = peel_offset(r, o, &c);
    Stmt *d = def_of(r, uncast_widening(r, o));
    if (!d || d->kind != S_LET || d->op != OP_MUL)
        return false;
    for (int q = 0; q < 2; q++) {
        Operand k = d->args[q];
        if (k.kind == OPD_CONST && !type_is_float(k.ty) && k.ival >= 2 && k.ival < (1 << 20) &&
            is_index_of(r, d->args[1 - q], loop, &inner)) {
            *stride = k.ival;
            *off = k.ival * inner + c;
            return *off > -STRIDE_OFFSETS && *off < STRIDE_OFFSETS;
        }
    }
    return false;
}

/* Whether an access touches different elements in different iterations of
 * the parallel loop; *key tells apart accesses that do so in different ways
 * (x[i] and x[i + 1] each do, but together they collide): 4 * offset + the
 * form (0 the index, 1 rows, 2 columns), or for a stride (form 3) 4 *
 * (stride * 2 STRIDE_OFFSETS + offset) + 3. */
static bool injective_in(Rev *r, Stmt *access, Stmt *loop, long long *key, RowShape *shape) {
    long long off = 0, stride;
    if (access->nidx >= 1 && is_index_of(r, access->idx[0], loop, &off)) {
        *key = 4 * off;
        return true;
    }
    if (access->nidx >= 1 && is_strided_index_of(r, access->idx[0], loop, &stride, &off)) {
        *key = 4 * (stride * 2 * STRIDE_OFFSETS + off) + 3;
        return true;
    }
    if (access->nidx == 1 && is_row_major_in(r, access->idx[0], loop, NULL, &off, shape)) {
        *key = 4 * off + 1;
        return true;
    }
    if (access->nidx == 1 && is_column_in(r, access->idx[0], loop, &off)) {
        *key = 4 * off + 2;
        return true;
    }
    return false;
}

/* Whether an access in a min or max histogram's sparse adjoint touches
 * different elements for different entries (Rev.entry_map): injective in
 * the entry's iteration, or with a row loop, in the iteration and the
 * trip together (row-major, the trip the column). */
static bool injective_in_entry(Rev *r, Stmt *access, long long *key, RowShape *shape) {
    long long off = 0;
    if (!r->entry_row)
        return injective_in(r, access, r->entry_map, key, shape);
    if (access->nidx == 1 &&
        is_row_major_in(r, access->idx[0], r->entry_map, r->entry_row, &off, shape)) {
        *key = 4 * off + 1;
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

static void mark_bound(Stmt *s, Stmt *loop) {
    int n;
    Var **bound = stmt_all_bound(s, &n);
    for (int k = 0; k < n; k++)
        bound[k]->bound_in_loop = loop;
    free(bound);
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            mark_bound(bodies[q]->stmts.items[i], loop);
}

/* Whether v holds one value in all iterations of the parallel loop: a
 * variable of the primal bound outside its loop (the primal's loop, whole;
 * not the adjoint being built, nor a variable only the adjoint binds). */
static bool bound_outside_par_loop(Rev *r, Var *v) {
    if (!r->par_src || !def_of(r, opd_var(v)) || v->is_mutable)
        return false;
    if (r->marked_src != r->par_src) {
        mark_bound(r->par_src, r->par_src);
        r->marked_src = r->par_src;
    }
    return v->bound_in_loop != r->par_src;
}

/* o is base + the parallel loop's index + *off, for an integer variable
 * base bound outside the loop (a row's start, off[i], or i * n kept in a
 * variable, in a map over the row's elements): distinct elements in
 * distinct iterations, whatever the base's value. */
static bool is_based_index_of(Rev *r, Operand o, Var **base, long long *off) {
    long long c;
    Stmt *d = sum_plus_offset(r, o, &c);
    if (!d)
        return false;
    for (int k = 0; k < 2; k++) {
        Operand b = uncast_widening(r, d->args[k]);
        if (b.kind != OPD_VAR || type_is_float(b.ty) || !bound_outside_par_loop(r, b.var) ||
            !is_index_of(r, d->args[1 - k], r->par_loop, off))
            continue;
        *base = b.var;
        *off += c;
        return true;
    }
    return false;
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
    long long off;
    RowShape shape = {{opd_none(), opd_none()}, 0};
    /* private arrays first: their accumulations all keep key 0, never mixed */
    if (!r->par_loop || declared_in_par_loop(r, buf) || declared_in_par_loop(r, buf->adj) ||
        (r->entry_map ? injective_in_entry(r, read, &s->acc_key, &shape)
                      : injective_in(r, read, r->par_loop, &s->acc_key, &shape)))
        s->acc = ACC_PLAIN;
    else if (!r->entry_map && read->nidx == 1 &&
             is_based_index_of(r, read->idx[0], &s->acc_base, &off)) {
        s->acc_key = 4 * off; /* (the index's form, as injective_in's keys) */
        s->acc = ACC_PLAIN;
    }
    s->acc_nrows = shape.n;
    if (shape.n) {
        s->acc_rows = arena_alloc(r->a, sizeof(Operand) * (size_t)shape.n);
        memcpy(s->acc_rows, shape.len, sizeof(Operand) * (size_t)shape.n);
    }
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
 * into x_b in the loop hits its iteration's own elements the same way.
 * Where they hit them at different constant offsets (x_b[i - 1] and
 * x_b[i + 1] of a stencil; keys of one form) an iteration collides only
 * with the few around it: halo accumulations (see AccLowering). Otherwise
 * they all become atomic. */
static long long key_stride(long long key) {
    return ((key >> 2) + STRIDE_OFFSETS) / (2 * STRIDE_OFFSETS);
}

static long long key_offset(long long key) {
    return (key >> 2) - key_stride(key) * 2 * STRIDE_OFFSETS;
}

/* Whether accesses of keys k and l collide in different iterations: the
 * same form at different offsets; strides s only where the offsets differ
 * by a multiple of s (x[2 * i] and x[2 * i + 1] never do), different
 * strides anywhere (atomic). */
static bool keys_shifted(long long k, long long l) {
    if ((k & 3) != 3)
        return k != l;
    long long d = key_offset(k) - key_offset(l);
    return d != 0 && d % key_stride(k) == 0;
}

Stmt *enter_par_loop(Rev *r, Stmt *loop, Stmt *src) {
    Stmt *outer = r->par_loop;
    if (!outer) {
        r->par_loop = loop;
        r->par_src = src;
    }
    return outer;
}

void leave_par_loop(Rev *r, Stmt *loop, Stmt *outer) {
    r->par_loop = outer;
    if (!outer)
        settle_accumulations(r, loop);
}

/* rows of the same lengths (none for the other forms) */
static bool same_rows(const Stmt *t, const Stmt *s) {
    if (t->acc_nrows != s->acc_nrows)
        return false;
    for (int k = 0; k < t->acc_nrows; k++)
        if (!opd_equal(t->acc_rows[k], s->acc_rows[k]))
            return false;
    return true;
}

void settle_accumulations(Rev *r, Stmt *loop) {
    PtrVec accs = {0};
    collect_accs(loop->body, &accs, r->a);
    for (int i = 0; i < accs.len; i++) {
        Stmt *s = accs.items[i];
        bool atomic = false, shifted = false;
        for (int j = 0; j < accs.len; j++) {
            Stmt *t = accs.items[j];
            if (t->buf != s->buf)
                continue;
            atomic |= t->acc == ACC_ATOMIC || s->acc == ACC_ATOMIC || t->acc_base != s->acc_base ||
                      (t->acc_key & 3) != (s->acc_key & 3) || !same_rows(t, s) ||
                      ((s->acc_key & 3) == 3 && key_stride(t->acc_key) != key_stride(s->acc_key));
            shifted |= keys_shifted(t->acc_key, s->acc_key);
        }
        if (atomic)
            s->acc = ACC_ATOMIC;
        else if (shifted)
            s->acc = ACC_HALO;
    }
}

/* ---- per-thread copies of the accumulated array ----
 *
 * A parallel map whose atomic accumulations all go into one array (x_b of
 * a gather x[idx[i]], w_b[j] of weights every iteration uses) and which
 * does nothing else with that array is a + histogram into it. Where the
 * array's length is known (the parameter is declared x[n]), the map is
 * marked as one (hist_bins): the output gives each thread a copy of its
 * own where the copies are few next to the updates (an OpenMP array
 * reduction, or copies on the heap beyond the threads' stacks), chosen at
 * run time, atomics elsewhere. A pointer's length is unknown: atomics,
 * and the output says why. Runs after fusion, which keeps such maps
 * apart. */
void atomic_sum_targets(Body *b, PtrVec *sums, PtrVec *touched, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc == ACC_ATOMIC && s->acc_op == RED_ADD) {
            if (!vec_contains(sums, s->buf))
                vec_push(a, sums, s->buf);
        } else if (s->buf && !(s->kind == S_ACC && s->acc_op == RED_ADD)) {
            vec_push(a, touched, s->buf);
        }
        for (int q = 0; q < 2; q++)
            if ((s->kind == S_SCAN || s->kind == S_HIST) && s->scan_in[q])
                vec_push(a, touched, s->scan_in[q]);
        for (int q = 0; q < 3; q++)
            if (s->kind == S_HIST && s->hist_rev[q])
                vec_push(a, touched, s->hist_rev[q]);
        atomic_sum_targets(s->then_body, sums, touched, a);
        atomic_sum_targets(s->else_body, sums, touched, a);
        atomic_sum_targets(s->body, sums, touched, a);
    }
}

bool partial_sums_fit(const Buffer *b) {
    /* one run of elements: a flat array, rows laid flat (T p[n][m]), or
     * the array a struct's pointer field points to (L_b->w) */
    bool flat = b->rank == 1 || buffer_run_dims(b);
    bool through = b->through_pointer && b->rank == 1;
    return flat && (!b->field || through) && !b->scalar_ref && !b->row_table &&
           (!b->by_value || through) && (b->elem.kind == TY_DOUBLE || b->elem.kind == TY_FLOAT);
}

static void mark_copies(Arena *a, Stmt *m) {
    PtrVec sums = {0}, touched = {0};
    atomic_sum_targets(m->body, &sums, &touched, a);
    Buffer *x = sums.len == 1 ? sums.items[0] : NULL;
    if (!x || vec_contains(&touched, x) || !type_is_float(x->elem) || x->rank != 1)
        return;
    Operand *len = x->extent ? x->extent : x->dims;
    if (!len) {
        const char *p = x->primal ? buffer_shown(a, x->primal) : NULL;
        const char *why =
            p ? arena_printf(a,
                             "the length of %s is not known (declared with it, %s[len], "
                             "each thread would update a copy of it)",
                             p, p)
              : "iterations may share its elements";
        const char *how = partial_sums_fit(x) ? "per-thread partial sums" : "atomic updates";
        m->note = arena_printf(a, "%s%s%s of %s: %s", m->note ? m->note : "", m->note ? "; " : "",
                               how, buffer_shown(a, x), why);
        return;
    }
    m->hist_bins = x;
    m->hist_nbins = *len;
}

void accum_private_copies(Arena *a, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP && !s->hist_bins && !s->serial && !s->carrier)
            mark_copies(a, s);
        else if (s->kind != S_MAP && s->kind != S_REDUCE && s->kind != S_SCAN) {
            accum_private_copies(a, s->then_body);
            accum_private_copies(a, s->else_body);
            accum_private_copies(a, s->body);
        }
    }
}
