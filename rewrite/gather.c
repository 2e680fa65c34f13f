/* The adjoint of a stencil as a gather (issue 8).
 *
 * A loop reading x[i - 1], x[i] and x[i + 1] has an adjoint that adds into
 * x_b[i - 1], x_b[i] and x_b[i + 1] from iteration i: a scatter, where
 * neighbouring iterations meet (accum.c makes it atomic at the ends of the
 * threads' blocks, ACC_HALO) and no compiler vectorises the updates.
 * Turned around, element p of x_b gathers what iterations p + 1, p and
 * p - 1 add into it, and each iteration of the new loop owns its element:
 *     for p: x_b[p] += (iteration p + 1's term) + (p's) + (p - 1's)
 * Each offset's term is its iteration's computation, run again (redundant
 * execution, as everywhere in pargrad's parallel rules) with only that
 * accumulation kept. The new loop runs over the union of the shifted
 * ranges in three parts: the middle, where every term's iteration exists,
 * without tests, and the ends, with them. The loop keeps the rest of its
 * work (the seed it read and zeroes, other adjoints) and runs after the
 * gather, whose terms read what it would have read.
 *
 * A loop qualifies when
 *   - it is a parallel map whose accumulations into x_b are halo ones
 *     (accum.c proved them each iteration's own up to a constant shift of
 *     the index, of rows or of columns), or a counted sequential loop
 *     without carried values whose accumulations are x_b[base + j + d],
 *     base the same in all and in every iteration;
 *   - x_b is an adjoint array, not read in the loop, updated only by
 *     those accumulations, at two offsets at least;
 *   - the loop has no tape, scans, histograms, allocations or values of
 *     calls with effects, and sets no outer scalar;
 *   - an array both read and written in it is read and then written at
 *     one element, in one body (the loop's or a loop's directly in it, at
 *     an element of that loop's iteration's own): the gather, running
 *     first, reads what the iteration read.
 * Elsewhere the scatter stays (correct, with its halo atomics). */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

/* An index as a linear form: c + the sum of k[t] * v[t] * w[t] over leaf
 * variables, w[t] NULL for a term of degree one. A product of two linear
 * forms of degree one expands (row (i + 1) - 1 of n columns is i * n,
 * whichever iteration's copy of i it is written with); anything else
 * is a leaf. */
#define LIN_TERMS 8
typedef struct Lin {
    int n;
    Var *v[LIN_TERMS], *w[LIN_TERMS];
    long long k[LIN_TERMS];
    long long c;
} Lin;

typedef struct Gather {
    Arena *a;
    Func *f;
    Stmt **def; /* per variable id: the statement binding it */
    int ndef;
    Stmt *loop;
    Buffer *x;
    PtrVec accs; /* Stmt*: the loop's accumulations into x */
    long long *off;
    int sub;  /* the subscript that shifts (sequential loops) */
    int rank; /* gathers built so far: the rank of their labels */
} Gather;

static void index_defs(Gather *g, Body *b);

static void set_def(Gather *g, Var *v, Stmt *s) {
    if (!v)
        return;
    if (v->id >= g->ndef) {
        int n = v->id * 2 + 16;
        g->def = xrealloc(g->def, sizeof(Stmt *) * (size_t)n);
        memset(g->def + g->ndef, 0, sizeof(Stmt *) * (size_t)(n - g->ndef));
        g->ndef = n;
    }
    g->def[v->id] = s;
}

static void index_defs(Gather *g, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int d = 0; d < n; d++)
            set_def(g, defs[d], s);
        free(defs);
        set_def(g, s->index, s);
        index_defs(g, s->then_body);
        index_defs(g, s->else_body);
        index_defs(g, s->body);
    }
}

static Stmt *def_in(Gather *g, Operand o) {
    return o.kind == OPD_VAR && o.var->id < g->ndef ? g->def[o.var->id] : NULL;
}

/* ---- linear forms of integer indices ---- */
static bool lin_add(Lin *l, Var *v, Var *w, long long k) {
    if (w && w->id < v->id) {
        Var *t = v;
        v = w;
        w = t;
    }
    for (int t = 0; t < l->n; t++)
        if (l->v[t] == v && l->w[t] == w) {
            l->k[t] += k;
            return true;
        }
    if (l->n == LIN_TERMS)
        return false;
    l->v[l->n] = v;
    l->w[l->n] = w;
    l->k[l->n++] = k;
    return true;
}

static bool linear_form(Gather *g, Operand o, long long scale, Lin *l, int depth);

/* *out = a * b * c, false where it overflows */
static bool times(long long a, long long b, long long c, long long *out) {
    long long ab;
    return !__builtin_mul_overflow(a, b, &ab) && !__builtin_mul_overflow(ab, c, out);
}

/* adds scale * x * y to l where x and y are linear forms of degree one */
static bool product_form(Gather *g, Operand x, Operand y, long long scale, Lin *l, int depth) {
    Lin fx = {0}, fy = {0}, sum = *l;
    if (!linear_form(g, x, 1, &fx, depth) || !linear_form(g, y, 1, &fy, depth))
        return false;
    for (int t = 0; t < fx.n; t++)
        if (fx.w[t])
            return false;
    for (int t = 0; t < fy.n; t++)
        if (fy.w[t])
            return false;
    long long k;
    if (!times(scale, fx.c, fy.c, &k))
        return false;
    sum.c += k;
    for (int t = 0; t < fx.n; t++)
        if (!times(scale, fx.k[t], fy.c, &k) || !lin_add(&sum, fx.v[t], NULL, k))
            return false;
    for (int t = 0; t < fy.n; t++)
        if (!times(scale, fy.k[t], fx.c, &k) || !lin_add(&sum, fy.v[t], NULL, k))
            return false;
    for (int t = 0; t < fx.n; t++)
        for (int u = 0; u < fy.n; u++)
            if (!times(scale, fx.k[t], fy.k[u], &k) || !lin_add(&sum, fx.v[t], fy.v[u], k))
                return false;
    *l = sum;
    return true;
}

/* adds scale * o to l; false where o is not a linear integer form we can
 * follow (a product the expansion does not hold is a leaf, as is
 * anything else) */
static bool linear_form(Gather *g, Operand o, long long scale, Lin *l, int depth) {
    if (o.kind == OPD_CONST) {
        if (type_is_float(o.ty))
            return false;
        l->c += scale * o.ival;
        return true;
    }
    if (o.kind != OPD_VAR || type_is_float(o.var->ty))
        return false;
    Stmt *d = def_in(g, o);
    bool follow = depth < 32 && d && d->kind == S_LET && d->dst == o.var && !o.var->is_mutable;
    if (follow &&
        (d->op == OP_COPY || (d->op == OP_CAST && widening_int_cast(d->args[0].ty, d->dst->ty))))
        return linear_form(g, d->args[0], scale, l, depth + 1);
    if (follow && (d->op == OP_ADD || d->op == OP_SUB))
        return linear_form(g, d->args[0], scale, l, depth + 1) &&
               linear_form(g, d->args[1], d->op == OP_ADD ? scale : -scale, l, depth + 1);
    if (follow && d->op == OP_NEG)
        return linear_form(g, d->args[0], -scale, l, depth + 1);
    if (follow && d->op == OP_MUL) {
        for (int q = 0; q < 2; q++)
            if (d->args[q].kind == OPD_CONST && !type_is_float(d->args[q].ty))
                return linear_form(g, d->args[1 - q], scale * d->args[q].ival, l, depth + 1);
        if (product_form(g, d->args[0], d->args[1], scale, l, depth + 1))
            return true;
    }
    return lin_add(l, o.var, NULL, scale);
}

/* the coefficient of v * w (w NULL: of v) in l */
static long long lin_coef(const Lin *l, const Var *v, const Var *w) {
    for (int t = 0; t < l->n; t++)
        if ((l->v[t] == v && l->w[t] == w) || (w && l->v[t] == w && l->w[t] == v))
            return l->k[t];
    return 0;
}

/* l and m have the same terms (constants aside) */
static bool lin_same_terms(const Lin *l, const Lin *m) {
    for (int t = 0; t < l->n; t++)
        if (lin_coef(m, l->v[t], l->w[t]) != l->k[t])
            return false;
    for (int t = 0; t < m->n; t++)
        if (lin_coef(l, m->v[t], m->w[t]) != m->k[t])
            return false;
    return true;
}

/* o has one value in all iterations of loop l (ir.c) */
static bool invariant_in(Stmt *l, Operand o) {
    return same_each_iteration(l->body, l->index, o, false, 32);
}

/* The subscripts of access s as base + (l's index) + *d, base invariant in
 * l, in subscript *sub, the others invariant; *base gets that subscript's
 * form without the index and the constant. */
static bool shifted_in(Gather *g, Stmt *s, Stmt *l, int *sub, long long *d, Lin *base) {
    *sub = -1;
    for (int q = 0; q < s->nidx; q++) {
        Lin f = {0};
        if (!linear_form(g, s->idx[q], 1, &f, 0))
            return false;
        long long k = lin_coef(&f, l->index, NULL);
        if (k == 0) {
            if (!invariant_in(l, s->idx[q]))
                return false;
            continue;
        }
        if (k != 1 || *sub >= 0)
            return false;
        *sub = q;
        *d = f.c;
        *base = (Lin){0};
        for (int t = 0; t < f.n; t++)
            if (f.k[t] != 0 && (f.v[t] != l->index || f.w[t])) {
                if (!invariant_in(l, opd_var(f.v[t])) ||
                    (f.w[t] && !invariant_in(l, opd_var(f.w[t]))))
                    return false;
                lin_add(base, f.v[t], f.w[t], f.k[t]);
            }
    }
    return *sub >= 0;
}

/* ---- which loops qualify ---- */
static bool counted_loop(const Stmt *s) {
    return is_counted_loop(s) && !s->carried.len;
}

typedef struct VarUse {
    Var *v;
    bool found;
} VarUse;

static void note_use(Operand *o, void *ctx) {
    VarUse *u = ctx;
    u->found |= o->kind == OPD_VAR && o->var == u->v;
}

/* Whether b reads v other than in its updates v = v + e. */
static bool read_besides_its_sums(Body *b, Var *v) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        VarUse u = {v, false};
        if (s->kind == S_LET && s->dst == v && s->op == OP_ADD && s->nargs == 2) {
            for (int k = 0; k < 2; k++)
                if (!(s->args[k].kind == OPD_VAR && s->args[k].var == v))
                    note_use(&s->args[k], &u);
        } else {
            stmt_visit_operands(s, note_use, &u);
        }
        if (u.found || read_besides_its_sums(s->then_body, v) ||
            read_besides_its_sums(s->else_body, v) || read_besides_its_sums(s->body, v))
            return true;
    }
    return false;
}

/* Whether b holds nothing the gather cannot run again: tape, scans,
 * histograms, allocations, calls whose values are used, loops the
 * cloning does not follow; and no scalar set that b does not declare. */
static bool body_rerunnable(Body *b, Body *top) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (stmt_uses_tape(s))
            return false;
        switch (s->kind) {
        case S_SCAN:
        case S_HIST:
        case S_ALLOC:
        case S_FREE:
        case S_RETURN:
            return false;
        case S_EFFECT:
            if (s->dst)
                return false;
            break;
        case S_LET:
            /* an outer sum (a reduction's r_b += ...) the gather's terms
             * leave out: nothing else in the loop may read it */
            if (s->dst->is_mutable && !body_declares_scalar(top, s->dst) &&
                read_besides_its_sums(top, s->dst))
                return false;
            break;
        case S_LOOP:
        case S_MAP:
        case S_REDUCE:
            if (s->counter || s->blocks_of)
                return false;
            break;
        default:
            break;
        }
        if (!body_rerunnable(s->then_body, top) || !body_rerunnable(s->else_body, top) ||
            !body_rerunnable(s->body, top))
            return false;
    }
    return true;
}

static void collect_accs_into(Body *b, Buffer *x, PtrVec *out, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->buf == x)
            vec_push(a, out, s);
        collect_accs_into(s->then_body, x, out, a);
        collect_accs_into(s->else_body, x, out, a);
        collect_accs_into(s->body, x, out, a);
    }
}

/* A halo accumulation's shift of the map's index (accum.c's key: 4 *
 * offset + form; forms 0 index, 1 rows, 2 columns). Rows and columns
 * only: a 1-D stencil's scatter adds into its neighbours from registers,
 * in one pass with the forward map fusion puts beside it, and costs less
 * than the gather's passes (bench map_stencil: 0.7 of the traffic floor
 * against 1.3); a 2-D stencil's adds whole rows again from memory, in an
 * inner loop no compiler vectorises (heat2d: 1.6 times slower). */
static bool halo_offset(const Stmt *s, long long *off) {
    long long form = s->acc_key & 3;
    if (s->acc != ACC_HALO || form == 0 || form == 3)
        return false;
    *off = (s->acc_key - form) / 4;
    return true;
}

/* Whether a parallel loop nested in b updates x. */
static bool nested_parallel_updates(Body *b, Buffer *x) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (((s->kind == S_MAP || s->kind == S_REDUCE) && body_updates_buffer(s->body, x)) ||
            nested_parallel_updates(s->then_body, x) || nested_parallel_updates(s->else_body, x) ||
            (s->kind == S_LOOP && nested_parallel_updates(s->body, x)))
            return true;
    }
    return false;
}

/* The offsets of g->loop's accumulations into g->x, all of one form; at
 * least two different. */
static bool offsets_of(Gather *g) {
    g->accs = (PtrVec){0};
    collect_accs_into(g->loop->body, g->x, &g->accs, g->a);
    g->off = arena_alloc(g->a, sizeof(long long) * (size_t)(g->accs.len + 1));
    bool map = g->loop->kind == S_MAP;
    Lin base0 = {0};
    long long form0 = -1;
    bool two = false;
    /* (a nested parallel loop's accumulations have keys of their own) */
    if (map && nested_parallel_updates(g->loop->body, g->x))
        return false;
    for (int i = 0; i < g->accs.len; i++) {
        Stmt *s = g->accs.items[i];
        if (s->acc_op != RED_ADD)
            return false;
        if (map) {
            if (!halo_offset(s, &g->off[i]) || (form0 >= 0 && (s->acc_key & 3) != form0))
                return false;
            form0 = s->acc_key & 3;
        } else {
            int sub;
            Lin base;
            /* (plain: each its iteration's own in any parallel loop around;
             * a halo one there meets other blocks' updates: campaign-free
             * scan_columns, a map over columns around one over rows) */
            if (s->acc != ACC_PLAIN || !shifted_in(g, s, g->loop, &sub, &g->off[i], &base))
                return false;
            if (i > 0 && (sub != g->sub || !lin_same_terms(&base, &base0)))
                return false;
            /* the other subscripts the same in all */
            for (int q = 0; i > 0 && q < s->nidx; q++) {
                Stmt *s0 = g->accs.items[0];
                if (q != sub && !opd_equal(s->idx[q], s0->idx[q]))
                    return false;
            }
            g->sub = sub;
            base0 = base;
        }
        two |= g->off[i] != g->off[0];
    }
    return g->accs.len > 0 && two;
}

/* ---- reads the gather, running first, sees as the loop saw them ---- */
typedef struct Access {
    Body *in;   /* the body holding every access */
    Stmt *like; /* an access: all have its subscripts */
    bool ok, read, written;
} Access;

static void accesses_of(Body *b, Buffer *buf, Access *acc) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool rd = stmt_reads_buffer(s, buf), wr = stmt_writes_buffer(s, buf);
        if (!s->then_body && !s->else_body && !s->body && (rd || wr)) {
            bool same = s->kind == (rd ? S_READ : S_WRITE) && (!acc->in || acc->in == b);
            for (int q = 0; same && acc->like && q < s->nidx; q++)
                same = s->nidx == acc->like->nidx && opd_equal(s->idx[q], acc->like->idx[q]);
            if (!same || (rd && acc->written))
                acc->ok = false;
            acc->in = b;
            acc->like = s;
            acc->read |= rd;
            acc->written |= wr;
        } else if (rd || wr) {
            if ((s->kind == S_SCAN || s->kind == S_HIST) && (rd || wr))
                acc->ok = false;
        }
        accesses_of(s->then_body, buf, acc);
        accesses_of(s->else_body, buf, acc);
        accesses_of(s->body, buf, acc);
    }
}

/* the loop statement of `top` whose body is b, directly in top */
static Stmt *loop_with_body(Body *top, Body *b) {
    for (int i = 0; i < top->stmts.len; i++) {
        Stmt *s = top->stmts.items[i];
        if (s->body == b && (s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE))
            return s;
    }
    return NULL;
}

/* The element an access touches is one iteration's own in loop l. */
static bool own_element(Gather *g, Stmt *access, Stmt *l) {
    int sub;
    long long d;
    Lin base;
    if (!l || (l->kind == S_LOOP && !counted_loop(l)))
        return false;
    return shifted_in(g, access, l, &sub, &d, &base);
}

static void buffers_of(Body *b, PtrVec *out, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->buf && !vec_contains(out, s->buf))
            vec_push(a, out, s->buf);
        buffers_of(s->then_body, out, a);
        buffers_of(s->else_body, out, a);
        buffers_of(s->body, out, a);
    }
}

static bool reads_see_the_same(Gather *g) {
    Body *top = g->loop->body;
    PtrVec bufs = {0};
    buffers_of(top, &bufs, g->a);
    for (int i = 0; i < bufs.len; i++) {
        Buffer *b = bufs.items[i];
        if (b == g->x) {
            if (body_reads_buffer(top, b))
                return false;
            continue;
        }
        if (body_declares(top, b) || !body_reads_buffer(top, b) ||
            !(body_writes_buffer(top, b) || body_updates_buffer(top, b)))
            continue;
        Access acc = {.ok = true};
        accesses_of(top, b, &acc);
        if (!acc.ok)
            return false;
        /* one body; in a sequential loop, the loop's own (its iterations'
         * own elements); in a map, its own body (the map's promise) or a
         * loop's directly in it, at that loop's iteration's own element */
        if (g->loop->kind == S_LOOP) {
            if (acc.in != top || !own_element(g, acc.like, g->loop))
                return false;
        } else if (acc.in != top && !own_element(g, acc.like, loop_with_body(top, acc.in))) {
            return false;
        }
    }
    return true;
}

/* ---- building the gather ---- */
typedef struct Keep {
    Gather *g;
    long long off;
} Keep;

/* One offset's term: the accumulations of that offset, plain, and what
 * only the iteration itself sees (its arrays); no other effect. */
static bool keep_term(void *ctx, Stmt *s, Body *out) {
    Keep *k = ctx;
    Gather *g = k->g;
    if (s->kind == S_ACC && s->buf == g->x) {
        int at = -1;
        for (int i = 0; i < g->accs.len; i++)
            if (g->accs.items[i] == s)
                at = i;
        if (at >= 0 && g->off[at] == k->off) {
            Stmt *c = stmt_new(g->a, S_ACC, s->loc);
            *c = *s;
            c->acc = ACC_PLAIN;
            body_append(g->a, out, c);
        }
        return true;
    }
    if (s->kind == S_EFFECT ||
        (s->kind == S_LET && s->dst->is_mutable && !body_declares_scalar(g->loop->body, s->dst)))
        return true;
    bool own = s->buf && body_declares(g->loop->body, s->buf);
    return (s->kind == S_WRITE || s->kind == S_ACC) && !own;
}

static bool drop_x(void *ctx, Stmt *s, Body *out) {
    (void)out;
    Gather *g = ctx;
    return s->kind == S_ACC && s->buf == g->x;
}

static Operand let_op(Gather *g, Body *b, PrimOp op, Type ty, Operand x, Operand y) {
    Builder bd = {g->a, g->f, b, g->loop->loc};
    return b_op(&bd, op, ty, x, y);
}

/* o + c, folded where o is a constant */
static Operand shifted(Gather *g, Body *b, Operand o, long long c) {
    if (c == 0)
        return o;
    if (o.kind == OPD_CONST) {
        Operand k = opd_int(o.ival + c);
        k.ty = o.ty;
        return k;
    }
    return let_op(g, b, c < 0 ? OP_SUB : OP_ADD, g->loop->index->ty, o, opd_int(c < 0 ? -c : c));
}

static Operand min_or_max(Gather *g, Body *b, bool max, Operand x, Operand y) {
    Operand lt = let_op(g, b, max ? OP_GT : OP_LT, type_bool(), x, y);
    Builder bd = {g->a, g->f, b, g->loop->loc};
    return b_select(&bd, lt, x, y);
}

/* Whether b does nothing but compute and add into x: no other array
 * written, no scalar set that b does not declare, nothing whose order
 * matters (so that two such bodies run interleaved as well as one after
 * the other). */
static bool only_adds_into(Body *b, Buffer *x, Body *top) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool ok;
        switch (s->kind) {
        case S_ACC:
            ok = s->buf == x && s->acc_op == RED_ADD && s->acc == ACC_PLAIN;
            break;
        case S_LET:
            ok = !s->dst->is_mutable || body_declares_scalar(top, s->dst);
            break;
        case S_DECL:
            ok = !s->buf;
            break;
        case S_READ:
        case S_COMMENT:
        case S_IF:
            ok = true;
            break;
        case S_LOOP:
            ok = counted_loop(s);
            break;
        default:
            ok = false;
        }
        if (!ok || !only_adds_into(s->then_body, x, top) || !only_adds_into(s->else_body, x, top) ||
            !only_adds_into(s->body, x, top))
            return false;
    }
    return true;
}

/* The loop a term's work is: a counted loop after statements that only
 * compute (a row's index, values read), with bounds bound outside the
 * gathered loop and a body that only adds into x; NULL where the term is
 * otherwise. */
static Stmt *inner_loop_of(Gather *g, Body *term) {
    Stmt *loop = NULL;
    for (int i = 0; i < term->stmts.len; i++) {
        Stmt *s = term->stmts.items[i];
        if (s->kind == S_COMMENT)
            continue;
        if (loop)
            return NULL;
        if (s->kind == S_LOOP)
            loop = s;
        else if (!(s->kind == S_READ || (s->kind == S_LET && !s->dst->is_mutable)))
            return NULL;
    }
    if (!loop || !counted_loop(loop) || !bound_outside(g->loop->body, loop->lo) ||
        !bound_outside(g->loop->body, loop->hi) || !only_adds_into(loop->body, g->x, loop->body))
        return NULL;
    return loop;
}

/* A comment naming a term's statements, with the line of its loop (the
 * terms of two loops' gathers meet in one). */
static Stmt *label(Gather *g, const char *whose) {
    Stmt *say = stmt_new(g->a, S_COMMENT, g->loop->loc);
    say->text = arena_printf(g->a, "line %d (%s)", g->loop->loc.line, whose);
    say->label = g->rank;
    return say;
}

/* Takes the last loop out of b's statements and returns it. */
static Stmt *take_last_loop(Body *b) {
    for (int i = b->stmts.len; i-- > 0;) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LOOP) {
            b->stmts.len = i; /* (only comments follow it) */
            return s;
        }
    }
    return NULL;
}

/* Appends to `to` the iteration `index` of loop l: its index bound to it,
 * then its body. */
static void append_iteration_of(Gather *g, Body *to, Stmt *l, Var *index) {
    Stmt *at = stmt_new(g->a, S_LET, l->loc);
    at->dst = l->index;
    at->op = OP_COPY;
    at->nargs = 1;
    at->args[0] = opd_var(index);
    body_append(g->a, to, at);
    for (int i = 0; i < l->body->stmts.len; i++)
        body_append(g->a, to, l->body->stmts.items[i]);
}

/* The terms' loops (the same trips in each, inner_loop_of) run as one:
 * each element of x a term adds into is then added into once by every
 * term in one iteration, which the gather of that loop (gather_body's
 * next step) turns around in its turn. terms[q] are the cloned terms;
 * with tests, each ends in the if that tests its iteration, whose body
 * holds the loop. */
static void fuse_term_loops(Gather *g, Body *out, Body **terms, const char **whose, int n,
                            bool tests) {
    Stmt *fused = NULL;
    for (int q = 0; q < n; q++) {
        Stmt *test = tests ? terms[q]->stmts.items[terms[q]->stmts.len - 1] : NULL;
        Stmt *loop = take_last_loop(tests ? test->then_body : terms[q]);
        if (!fused) {
            fused = stmt_new(g->a, S_LOOP, loop->loc);
            fused->index = var_new(g->a, g->f, loop->index->name, loop->index->ty);
            fused->lo = loop->lo;
            fused->hi = loop->hi;
            fused->note = arena_printf(g->a, "the %d terms' loops as one", n);
            fused->body = body_new(g->a);
        }
        if (tests) {
            /* the test stays beside its term, run at each trip */
            terms[q]->stmts.len--;
            append_iteration_of(g, test->then_body, loop, fused->index);
            body_append(g->a, fused->body, test);
        } else {
            body_append(g->a, fused->body, label(g, whose[q]));
            append_iteration_of(g, fused->body, loop, fused->index);
        }
        for (int i = 0; i < terms[q]->stmts.len; i++)
            if (((Stmt *)terms[q]->stmts.items[i])->kind != S_COMMENT)
                body_append(g->a, out, terms[q]->stmts.items[i]);
    }
    body_append(g->a, out, fused);
}

static Stmt *gather_part(Gather *g, long long *offs, int noffs, Operand from, Operand to,
                         bool tests, const char *note) {
    Stmt *l = stmt_new(g->a, g->loop->kind == S_LOOP ? S_LOOP : S_MAP, g->loop->loc);
    l->index = var_new(g->a, g->f, g->loop->index->name, g->loop->index->ty);
    l->lo = from;
    l->hi = to;
    l->text = g->loop->kind == S_LOOP ? NULL : "map";
    l->serial = tests && g->loop->kind != S_LOOP;
    l->note = note;
    l->body = body_new(g->a);
    Body **fresh = arena_alloc(g->a, sizeof(Body *) * (size_t)noffs);
    const char **whose = arena_alloc(g->a, sizeof(char *) * (size_t)noffs);
    bool fuse = noffs >= 2;
    Stmt *first_loop = NULL;
    for (int q = 0; q < noffs; q++) {
        Keep k = {g, offs[q]};
        Body *term = body_rewrite(g->a, g->loop->body, keep_term, &k);
        Stmt *inner = fuse ? inner_loop_of(g, term) : NULL;
        fuse = inner && (!first_loop || (opd_equal(inner->lo, first_loop->lo) &&
                                         opd_equal(inner->hi, first_loop->hi)));
        first_loop = first_loop ? first_loop : inner;
        /* the iteration p - c, its index bound again, then the whole
         * cloned with fresh variables */
        Body *wrap = body_new(g->a);
        long long c = offs[q];
        whose[q] = c == 0 ? "its own iteration's term"
                          : arena_printf(g->a, "the term of the iteration %lld %s", c < 0 ? -c : c,
                                         c < 0 ? "after" : "before");
        if (!tests)
            body_append(g->a, wrap, label(g, whose[q]));
        Stmt *at = stmt_new(g->a, S_LET, g->loop->loc);
        at->dst = g->loop->index;
        at->op = offs[q] == 0 ? OP_COPY : offs[q] > 0 ? OP_SUB : OP_ADD;
        at->nargs = offs[q] == 0 ? 1 : 2;
        at->args[0] = opd_var(l->index);
        at->args[1] = opd_int(offs[q] < 0 ? -offs[q] : offs[q]);
        body_append(g->a, wrap, at);
        if (tests) {
            Operand i = opd_var(at->dst);
            Operand ge = let_op(g, wrap, OP_GE, type_bool(), i, g->loop->lo);
            Operand lt = let_op(g, wrap, OP_LT, type_bool(), i, g->loop->hi);
            Stmt *in = stmt_new(g->a, S_IF, g->loop->loc);
            in->cond = let_op(g, wrap, OP_AND, type_bool(), ge, lt);
            in->then_body = term;
            in->else_body = body_new(g->a);
            in->note = arena_printf(g->a, "%s, where there is one", whose[q]);
            body_append(g->a, wrap, in);
        } else {
            for (int i = 0; i < term->stmts.len; i++)
                body_append(g->a, wrap, term->stmts.items[i]);
        }
        fresh[q] = body_clone(g->a, g->f, wrap);
    }
    if (fuse) {
        fuse_term_loops(g, l->body, fresh, whose, noffs, tests);
        return l;
    }
    for (int q = 0; q < noffs; q++)
        for (int i = 0; i < fresh[q]->stmts.len; i++)
            body_append(g->a, l->body, fresh[q]->stmts.items[i]);
    return l;
}

/* Whether no accumulation into x in b sits in a loop (only in ifs). */
static bool sums_outside_loops(Body *b, Buffer *x) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->body && body_updates_buffer(s->body, x)) || !sums_outside_loops(s->then_body, x) ||
            !sums_outside_loops(s->else_body, x))
            return false;
    }
    return true;
}

/* In a sequential loop's gather every term of an iteration p adds into
 * one element, base + p: the terms add into a sum in a register, stored
 * once at the end (one load and store of the element, not one per
 * term). Needs the accumulations outside nested loops (a sum there would
 * be carried) and one at the top level, whose subscripts, bound before
 * it, name the element at the end. */
static void sum_terms_once(Gather *g, Stmt *part) {
    Stmt *anchor = NULL;
    for (int i = 0; i < part->body->stmts.len; i++) {
        Stmt *s = part->body->stmts.items[i];
        if (s->kind == S_ACC && s->buf == g->x)
            anchor = s;
    }
    if (!anchor || !sums_outside_loops(part->body, g->x))
        return;
    ElementSum es = sum_in_register(g->a, g->f, part->body, anchor);
    Body *b = body_new(g->a);
    body_append(g->a, b, es.decl);
    for (int i = 0; i < es.body->stmts.len; i++)
        body_append(g->a, b, es.body->stmts.items[i]);
    Stmt *say = stmt_new(g->a, S_COMMENT, anchor->loc);
    say->text = arena_printf(g->a, "the terms' sum, added into %s once", g->x->name);
    body_append(g->a, b, say);
    body_append(g->a, b, es.store);
    part->body = b;
}

static int compare_ll(const void *x, const void *y) {
    long long a = *(const long long *)x, b = *(const long long *)y;
    return a < b ? -1 : a > b;
}

/* Replaces g->loop (at position *at of b) by the gather of x's
 * accumulations and the loop without them. */
static void build_gather(Gather *g, Body *b, int *at) {
    g->rank++;
    long long *offs = arena_alloc(g->a, sizeof(long long) * (size_t)g->accs.len);
    int n = 0;
    memcpy(offs, g->off, sizeof(long long) * (size_t)g->accs.len);
    qsort(offs, (size_t)g->accs.len, sizeof(long long), compare_ll);
    for (int i = 0; i < g->accs.len; i++)
        if (i == 0 || offs[i] != offs[n - 1])
            offs[n++] = offs[i];
    long long cmin = offs[0], cmax = offs[n - 1];
    /* [S, E) the union of the shifted ranges; [s1, s2) where every
     * offset's iteration exists */
    Body *pre = body_new(g->a);
    Operand lo = g->loop->lo, hi = g->loop->hi;
    Operand S = shifted(g, pre, lo, cmin), E = shifted(g, pre, hi, cmax);
    Operand s1 = min_or_max(g, pre, false, shifted(g, pre, lo, cmax), E);
    Operand s2 = min_or_max(g, pre, true, s1, shifted(g, pre, hi, cmin));
    const char *x = g->x->name;
    const char *what = arena_printf(g->a,
                                    "adjoint of a stencil, as a gather: each iteration adds "
                                    "into its own elements of %s what %d iterations of the "
                                    "loop add there (no atomics)",
                                    x, n);
    Stmt *parts[3] = {
        gather_part(g, offs, n, S, s1, true, "the gather's first iterations, where fewer reach"),
        gather_part(g, offs, n, s1, s2, false, what),
        gather_part(g, offs, n, s2, E, true, "the gather's last iterations"),
    };
    if (g->loop->kind == S_LOOP)
        sum_terms_once(g, parts[1]);
    g->loop->body = body_rewrite(g->a, g->loop->body, drop_x, g);
    index_defs(g, pre);
    for (int i = 0; i < pre->stmts.len; i++)
        vec_insert(g->a, &b->stmts, (*at)++, pre->stmts.items[i]);
    for (int i = 0; i < 3; i++) {
        Body one = {0};
        body_append(g->a, &one, parts[i]);
        index_defs(g, &one);
        vec_insert(g->a, &b->stmts, (*at)++, parts[i]);
    }
}

/* Whether b changes x by + accumulations only. */
static bool only_sums_into(Body *b, Buffer *x) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool sum = s->kind == S_ACC && s->acc_op == RED_ADD;
        if ((!sum && !s->then_body && !s->else_body && !s->body && stmt_writes_buffer(s, x)) ||
            ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_writes_buffer(s, x)) ||
            !only_sums_into(s->then_body, x) || !only_sums_into(s->else_body, x) ||
            !only_sums_into(s->body, x))
            return false;
    }
    return true;
}

/* Whether b changes nothing but x and what it declares itself. */
static bool only_changes(Body *b, Buffer *x, Body *top) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (((s->kind == S_WRITE || s->kind == S_ACC) && s->buf != x &&
             !body_declares(top, s->buf)) ||
            s->kind == S_EFFECT ||
            (s->kind == S_LET && s->dst->is_mutable && !body_declares_scalar(top, s->dst)) ||
            !only_changes(s->then_body, x, top) || !only_changes(s->else_body, x, top) ||
            !only_changes(s->body, x, top))
            return false;
    }
    return true;
}

/* The first adjoint array of loop s whose accumulations can be gathered,
 * gathered; false where none can. */
static bool gather_one(Gather *g, Body *b, int *at, bool par) {
    Stmt *s = b->stmts.items[*at];
    bool map =
        !par && s->kind == S_MAP && !s->serial && !s->carrier && !s->hist_bins && !s->counter;
    if ((!map && !counted_loop(s)) || type_is_unsigned(s->index->ty) ||
        !body_rerunnable(s->body, s->body))
        return false;
    PtrVec xs = {0};
    buffers_of(s->body, &xs, g->a);
    for (int i = 0; i < xs.len; i++) {
        Buffer *x = xs.items[i];
        if (!x->is_adjoint || body_declares(s->body, x) || !body_updates_buffer(s->body, x) ||
            !only_sums_into(s->body, x))
            continue;
        /* a sequential loop is turned around only where nothing else of
         * it remains (a stencil's term in a map's gather): elsewhere its
         * other work would run in a pass of its own */
        if (!map && !only_changes(s->body, x, s->body))
            continue;
        g->loop = s;
        g->x = x;
        if (offsets_of(g) && reads_see_the_same(g)) {
            build_gather(g, b, at);
            return true;
        }
    }
    return false;
}

/* par: inside a parallel loop, whose halo keys its maps' accumulations
 * carry (accum.c gives them relative to the outermost): no map there. */
static bool gather_body(Gather *g, Body *b, bool par) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++)
        while (gather_one(g, b, &i, par))
            changed = true;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool in = par || s->kind == S_MAP || s->kind == S_REDUCE;
        changed |= gather_body(g, s->then_body, par);
        changed |= gather_body(g, s->else_body, par);
        changed |= gather_body(g, s->body, in);
    }
    return changed;
}

bool gather_stencil_adjoints(Arena *a, Func *f) {
    Gather g = {.a = a, .f = f};
    index_defs(&g, f->body);
    bool changed = gather_body(&g, f->body, false);
    free(g.def);
    return changed;
}
