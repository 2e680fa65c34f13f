/* Seeds the return sweep has already consumed.
 *
 * An output's seed must be zero on exit (y_b: the seed on entry, zero on
 * exit), so rev.c ends the gradient with a map zeroing y_b over the
 * output's whole extent. But the adjoint of every write y[k] = v already
 * zeroes y_b[k]: where the writes cover the extent (y[0], a map over
 * [1, n - 1), y[n - 1]), that last map writes zeros over zeros, a pass
 * over the output as long as the others (a sixth of a stencil's
 * gradient). Here the map is trimmed to the elements the return sweep
 * has not provably zeroed: it starts at `y_b_zeroed`, the end of a chain
 * of ranges [0, a), [a, b), ... of zero writes that all ran.
 *
 * The proof rests on two facts checked below: nothing in the function
 * writes the seed anything but zeros (no accumulation into it, which
 * would undo a zero), and a range counts only where every element of it
 * is written: a write at the top level of a body, or a loop over [lo, hi)
 * writing y_b[index] at the top level of its body. A body (the function's,
 * or an if's branch) whose ranges chain from 0 to e sets the bound to e
 * when it has run; where none do, the map stays whole. A nest of two
 * such loops from 0 writing y_b[row * len + col], len the column loop's
 * trip count, zeroes [0, rows * len) (a nested map's rows, a vectorised
 * scan's lanes over the rows of a fused scan). */
#include "fuse_internal.h"

/* base * scale + add: base none for a constant, scale none for 1 (a
 * nest's rows times their length) */
typedef struct End {
    Operand base;
    long long add;
    Operand scale;
    Stmt *within; /* a loop whose body computes base and scale: again after it */
} End;

typedef struct Range {
    End lo, hi;
} Range;

static End end_at(Operand o, long long add) {
    if (o.kind == OPD_CONST && !type_is_float(o.ty))
        return (End){opd_none(), o.ival + add, opd_none(), NULL};
    return (End){o, add, opd_none(), NULL};
}

static bool same_end(Fuse *F, End x, End y) {
    if (x.add != y.add || x.base.kind != y.base.kind || x.scale.kind != y.scale.kind)
        return false;
    return (x.base.kind == OPD_NONE || same(F, x.base, y.base, 3)) &&
           (x.scale.kind == OPD_NONE || same(F, x.scale, y.scale, 3));
}

static bool is_zero_write(Stmt *s, Buffer *seed) {
    return s->kind == S_WRITE && s->buf == seed && s->nidx == 1 && opd_is_const(s->args[0], 0);
}

/* Statements that write the seed something other than zeros. */
static bool writes_other_than_zeros(Body *b, Buffer *seed) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool own =
            (s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) &&
            s->buf == seed;
        if ((own && !is_zero_write(s, seed)) ||
            (s->kind == S_HIST && (s->hist_rev[1] == seed || s->hist_rev[2] == seed)) ||
            writes_other_than_zeros(s->then_body, seed) ||
            writes_other_than_zeros(s->else_body, seed) || writes_other_than_zeros(s->body, seed))
            return true;
    }
    return false;
}

/* A loop that runs every trip of [lo, hi). */
static bool counted_loop(Stmt *s) {
    return s->kind == S_MAP ||
           (s->kind == S_LOOP && s->until.kind == OPD_NONE && s->hi.kind != OPD_NONE);
}

/* o is row * len + col: row the index of loop `row`, col the index of
 * loop `col`, len col's trip count (col from 0) */
static bool row_major_index(Fuse *F, Operand o, Stmt *row, Stmt *col) {
    Stmt *d = value_def(F, peel(F, o));
    if (!d || d->op != OP_ADD)
        return false;
    for (int k = 0; k < 2; k++) {
        Stmt *m = value_def(F, peel(F, d->args[1 - k]));
        if (!same(F, d->args[k], opd_var(col->index), 3) || !m || m->op != OP_MUL)
            continue;
        for (int q = 0; q < 2; q++)
            if (same(F, m->args[q], opd_var(row->index), 3) && same(F, m->args[1 - q], col->hi, 3))
                return true;
    }
    return false;
}

/* o, computed in loop l's body from values the same in every trip (a
 * lane loop's trip count, computed in each lane), computed again after l
 * into bd: l's body binds it by arithmetic only */
static Operand again_after(Fuse *F, Stmt *l, Operand o, Builder *bd, int depth) {
    bool other = false;
    Stmt *d = o.kind == OPD_VAR ? binding_in(l->body, o.var, NULL, &other) : NULL;
    if (!d || !depth)
        return o;
    Operand a[3];
    for (int k = 0; k < d->nargs && k < 3; k++)
        a[k] = again_after(F, l, d->args[k], bd, depth - 1);
    if (d->op == OP_SELECT)
        return b_select(bd, a[0], a[1], a[2]);
    if (d->op == OP_CAST)
        return b_cast(bd, d->dst->ty, a[0]);
    if (d->op == OP_COPY)
        return a[0];
    return b_op(bd, d->op, d->dst->ty, a[0], d->nargs > 1 ? a[1] : opd_none());
}

/* again_after can compute o after l: the same in every trip, by arithmetic
 * (no reads, no calls) */
static bool computable_after(Stmt *l, Operand o, int depth) {
    if (o.kind == OPD_VAR && o.var->is_mutable)
        return false;
    bool other = false;
    Stmt *d = o.kind == OPD_VAR ? binding_in(l->body, o.var, NULL, &other) : NULL;
    if (!d)
        return !other && same_each_iteration(l->body, l->index, o, false, depth);
    if (d->kind != S_LET || d->op > OP_CAST || d->nargs > 3 || !depth)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (!computable_after(l, d->args[k], depth - 1))
            return false;
    return true;
}

/* A nest of two counted loops from 0 (the inner one maybe the terms or
 * the iterations of a fused scan, as lanes of a vectorised scan leave
 * them) zeroing seed[row * len + col] in every trip: [0, outer * inner).
 * The outer loop carries nothing, so its trip count is known after it. */
static bool zeroed_nest(Fuse *F, Stmt *outer, Buffer *seed, Range *r) {
    if (!counted_loop(outer) || outer->carried.len || !is_zero(F, outer->lo))
        return false;
    for (int i = 0; i < outer->body->stmts.len; i++) {
        Stmt *t = outer->body->stmts.items[i];
        Body *in = t->kind == S_SCAN && t->fusion ? t->body : NULL;
        int n = in ? in->stmts.len : 1;
        for (int k = 0; k < n; k++) {
            Stmt *inner = in ? in->stmts.items[k] : t;
            if (!inner->body || !counted_loop(inner) || !is_zero(F, inner->lo))
                continue;
            for (int q = 0; q < inner->body->stmts.len; q++) {
                Stmt *w = inner->body->stmts.items[q];
                bool nest =
                    is_zero_write(w, seed) && (row_major_index(F, w->idx[0], outer, inner) ||
                                               row_major_index(F, w->idx[0], inner, outer));
                /* the bound is raised after the outer loop: its length there */
                if (nest && computable_after(outer, inner->hi, 4)) {
                    *r = (Range){end_at(opd_int(0), 0), {outer->hi, 0, inner->hi, outer}};
                    return true;
                }
            }
        }
    }
    return false;
}

/* The range a statement of a body zeroes whole, if any. */
static bool zeroed_range(Fuse *F, Stmt *s, Buffer *seed, Range *r) {
    if (is_zero_write(s, seed)) {
        *r = (Range){end_at(s->idx[0], 0), end_at(s->idx[0], 1)};
        return true;
    }
    if (zeroed_nest(F, s, seed, r))
        return true;
    bool counted = counted_loop(s);
    for (int i = 0; counted && i < s->body->stmts.len; i++) {
        Stmt *w = s->body->stmts.items[i];
        if (is_zero_write(w, seed) && same(F, w->idx[0], opd_var(s->index), 3)) {
            *r = (Range){end_at(s->lo, 0), end_at(s->hi, 0)};
            return true;
        }
    }
    return false;
}

/* How far from 0 the ranges zeroed at the top level of b[0, n) reach. */
static End chain_from_zero(Fuse *F, Body *b, int n, Buffer *seed) {
    Arena *a = F->a;
    PtrVec ranges = {0};
    for (int i = 0; i < n; i++) {
        Range r;
        if (zeroed_range(F, b->stmts.items[i], seed, &r)) {
            Range *copy = arena_alloc(a, sizeof(Range));
            *copy = r;
            vec_push(a, &ranges, copy);
        }
    }
    /* [e0, e1) u [e1, e2) u ... covers [e0, ek) in any order of the ends:
     * an element past e0 and before ek lies in the range starting at the
     * last end below or at it */
    End e = {opd_none(), 0, opd_none(), NULL};
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < ranges.len; i++) {
            Range *r = ranges.items[i];
            if (r && same_end(F, r->lo, e)) {
                e = r->hi;
                ranges.items[i] = NULL;
                grew = true;
            }
        }
    }
    return e;
}

/* zeroed = max(zeroed, e) at the end of bd's body */
static void raise_bound(Fuse *F, Builder *bd, Var *zeroed, End e) {
    if (e.within) { /* checked by zeroed_nest */
        e.base = again_after(F, e.within, e.base, bd, 4);
        e.scale = again_after(F, e.within, e.scale, bd, 4);
    }
    Operand base = e.base.kind == OPD_NONE ? opd_none() : b_cast(bd, type_long(), e.base);
    if (base.kind != OPD_NONE && e.scale.kind != OPD_NONE) { /* two trip counts, each >= 0 */
        Operand len = b_cast(bd, type_long(), e.scale);
        base = b_select(bd, b_cmp(bd, OP_GT, base, opd_int(0)), base, opd_int(0));
        len = b_select(bd, b_cmp(bd, OP_GT, len, opd_int(0)), len, opd_int(0));
        base = b_mul(bd, base, len);
    }
    Operand v = base.kind == OPD_NONE ? opd_int(e.add) : b_add(bd, base, opd_int(e.add));
    Operand above = b_cmp(bd, OP_GT, v, opd_var(zeroed));
    Stmt *set = stmt_new(bd->a, S_LET, bd->loc);
    set->dst = zeroed;
    set->op = OP_SELECT;
    set->nargs = 3;
    set->args[0] = above;
    set->args[1] = v;
    set->args[2] = opd_var(zeroed);
    body_append(bd->a, bd->b, set);
}

/* Raises the bound at the end of each body among b[0, n) and the
 * branches of its ifs whose zeroed ranges chain from 0; true if any. */
static bool raise_in(Fuse *F, Body *b, int n, Buffer *seed, Var *zeroed, Builder *at_end) {
    bool any = false;
    for (int i = 0; i < n; i++) {
        Stmt *s = b->stmts.items[i];
        Body *branches[3] = {s->kind == S_IF ? s->then_body : NULL,
                             s->kind == S_IF ? s->else_body : NULL,
                             s->kind == S_BLOCK ? s->body : NULL};
        for (int k = 0; k < 3; k++) {
            if (!branches[k])
                continue;
            Builder in = {F->a, F->f, branches[k], s->loc};
            any |= raise_in(F, branches[k], branches[k]->stmts.len, seed, zeroed, &in);
        }
    }
    End e = chain_from_zero(F, b, n, seed);
    if (e.base.kind == OPD_NONE && e.add <= 0)
        return any;
    raise_bound(F, at_end, zeroed, e);
    return true;
}

static void trim_seeds_map(Fuse *F, int at) {
    Arena *a = F->a;
    Func *f = F->f;
    Body *top = f->body;
    Stmt *m = top->stmts.items[at];
    Stmt *z = m->body->stmts.items[0];
    Buffer *seed = z->buf;
    if (writes_other_than_zeros(top, seed))
        return;
    Var *zeroed = var_new(a, f, arena_printf(a, "%s_zeroed", buffer_label(a, seed)), type_long());
    zeroed->is_mutable = true;
    /* the bound is raised before the map, in statements inserted there */
    Body *before = body_new(a);
    Builder bd = {a, f, before, m->loc};
    if (!raise_in(F, top, at, seed, zeroed, &bd))
        return;
    Stmt *decl = stmt_new(a, S_DECL, m->loc);
    decl->dst = zeroed;
    decl->nargs = 1;
    decl->args[0] = opd_int(0);
    body_insert(a, top, 0, decl);
    at++;
    for (int i = 0; i < before->stmts.len; i++)
        body_insert(a, top, at++, before->stmts.items[i]);
    m->lo = opd_var(zeroed);
    m->note = "seeds the return sweep left";
}

/* The same zero written twice into one element of a seed in a body: the
 * adjoint of y[i] = v zeroes y_b[i], and the map zeroing the seeds the
 * return sweep left, fused after it, zeroes it again. The compiler keeps
 * the second store (the updates between may be to the same memory, for
 * all it knows), and where those updates miss the cache it holds a store
 * slot each iteration: a fifth of map_gather's gradient. Where nothing
 * between writes the seed, the second goes. */
static bool same_element(Fuse *F, Stmt *x, Stmt *y) {
    if (x->nidx != y->nidx)
        return false;
    for (int k = 0; k < x->nidx; k++)
        if (!same(F, x->idx[k], y->idx[k], 3))
            return false;
    return true;
}

static void drop_zeroing_again(Fuse *F, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        drop_zeroing_again(F, s->then_body);
        drop_zeroing_again(F, s->else_body);
        drop_zeroing_again(F, s->body);
    }
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *z = b->stmts.items[i];
        if (z->kind != S_WRITE || !opd_is_const(z->args[0], 0) || !z->buf->primal)
            continue;
        int kept = i + 1;
        for (int j = i + 1; j < b->stmts.len; j++) {
            Stmt *t = b->stmts.items[j];
            bool again = t->kind == S_WRITE && t->buf == z->buf && opd_is_const(t->args[0], 0) &&
                         same_element(F, z, t);
            if (!again)
                b->stmts.items[kept++] = t;
            if (!again && stmt_writes_buffer(t, z->buf)) { /* the rest stays */
                for (j++; j < b->stmts.len; j++)
                    b->stmts.items[kept++] = b->stmts.items[j];
                break;
            }
        }
        b->stmts.len = kept;
    }
}

void trim_consumed_seeds(Fuse *F) {
    drop_zeroing_again(F, F->f->body);
    Body *top = F->f->body;
    for (int i = 0; i < top->stmts.len; i++) {
        Stmt *s = top->stmts.items[i];
        if (s->kind == S_MAP && s->seeds_consumed && opd_is_const(s->lo, 0) &&
            s->body->stmts.len == 1 && ((Stmt *)s->body->stmts.items[0])->kind == S_WRITE)
            trim_seeds_map(F, i);
    }
}
