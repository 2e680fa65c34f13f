/* Loop fusion on generated code: the last pass before emission.
 *
 * The rules leave a scan as three parallel passes over arrays (a map
 * writing each iteration's term, the scan, a map running the iterations
 * from their prefixes), and an adjoint as several maps over the same
 * iterations, each handing the next an array. Every one of those arrays
 * costs a write and a read of memory that the work itself does not need;
 * on memory-bound loops they made gradients several times slower than
 * their traffic floor (BENCH.md). Three rewrites remove them:
 *
 * - map fusion: two maps in a row over the same iterations, where each
 *   array one writes and the other touches is touched only at the
 *   iteration's own element, become one map;
 * - contraction: a temporary array touched only inside one map, at the
 *   iteration's own element, becomes a scalar of the iteration;
 * - scan fusion: a scan with the map computing its terms before it and the
 *   map reading its prefixes after it becomes one parallel region of two
 *   passes over blocks of the iterations (ScanFusion in ir.h); the terms
 *   and prefixes stay in registers unless later code reads them.
 *
 * Where a condition does not hold the code stays as it was: unfused, and
 * correct. Each rewrite keeps the order of everything a later iteration
 * could observe: statements fused into one iteration touch only that
 * iteration's elements of what the other writes. */
#include "fuse_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- values ---- */
void note_defs(Fuse *F, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && !s->dst->is_mutable && s->dst->id >= F->nvars) {
            int n = 2 * F->f->next_var_id + 1; /* room for the variables fusion adds */
            F->def = xrealloc(F->def, sizeof(Stmt *) * (size_t)n);
            memset(F->def + F->nvars, 0, sizeof(Stmt *) * (size_t)(n - F->nvars));
            F->rebind = xrealloc(F->rebind, (size_t)n);
            memset(F->rebind + F->nvars, 0, (size_t)(n - F->nvars));
            F->nvars = n;
        }
        if (s->kind == S_LET && !s->dst->is_mutable)
            F->def[s->dst->id] = s;
        note_defs(F, s->then_body);
        note_defs(F, s->else_body);
        note_defs(F, s->body);
    }
}

Stmt *value_def(Fuse *F, Operand o) {
    return o.kind == OPD_VAR && o.var->id < F->nvars ? F->def[o.var->id] : NULL;
}

/* Bytes of a signed integer type, 0 for others (whose casts may change a
 * value). */
int signed_width(Type t) {
    if (t.kind != TY_INT || type_is_unsigned(t))
        return 0;
    const char *n = type_cname(t);
    if (!strcmp(n, "long") || !strcmp(n, "long long") || !strcmp(n, "ptrdiff_t") ||
        !strcmp(n, "int64_t") || !strcmp(n, "ssize_t"))
        return 8;
    if (!strcmp(n, "int") || !strcmp(n, "int32_t"))
        return 4;
    return !strcmp(n, "short") ? 2 : 0;
}

static bool int_const(Operand o, long long *v) {
    if (o.kind != OPD_CONST || type_is_float(o.ty))
        return false;
    *v = o.ival;
    return true;
}

/* o without copies, widening casts and `(x - c) + c`. */
Operand peel(Fuse *F, Operand o) {
    for (int guard = 0; guard < 32; guard++) {
        Stmt *d = value_def(F, o);
        long long c1, c2;
        if (d && d->op == OP_COPY) {
            o = d->args[0];
        } else if (d && d->op == OP_CAST && signed_width(d->dst->ty) &&
                   signed_width(d->args[0].ty) &&
                   (signed_width(d->dst->ty) >= signed_width(d->args[0].ty) ||
                    F->rebind[d->dst->id])) {
            o = d->args[0];
        } else if (d && d->op == OP_ADD && int_const(d->args[1], &c1)) {
            Stmt *in = value_def(F, d->args[0]);
            if (!in || in->op != OP_SUB || !int_const(in->args[1], &c2) || c1 != c2)
                break;
            o = in->args[0];
        } else {
            break;
        }
    }
    return o;
}

/* x and y certainly hold the same integer value. */
bool same(Fuse *F, Operand x, Operand y, int depth) {
    x = peel(F, x);
    y = peel(F, y);
    long long cx, cy;
    if (int_const(x, &cx) && int_const(y, &cy))
        return cx == cy;
    if (x.kind != OPD_VAR || y.kind != OPD_VAR || x.var->is_mutable || y.var->is_mutable)
        return false;
    if (x.var == y.var)
        return true;
    Stmt *dx = value_def(F, x), *dy = value_def(F, y);
    if (!depth || !dx || !dy || dx->op != dy->op || dx->nargs != dy->nargs || dx->op == OP_CALL ||
        dx->op >= OP_UOP || dx->dst->ty.kind != dy->dst->ty.kind)
        return false;
    for (int i = 0; i < dx->nargs; i++)
        if (!same(F, dx->args[i], dy->args[i], depth - 1))
            return false;
    return true;
}

bool is_zero(Fuse *F, Operand o) {
    long long v;
    return int_const(peel(F, o), &v) && v == 0;
}

/* t is the trip count of [lo, hi): hi for lo 0, or (hi > lo) ? hi - lo : 0
 * as the lifter and the rules compute it. */
static bool is_trip_count(Fuse *F, Operand t, Operand lo, Operand hi) {
    if (is_zero(F, lo) && same(F, t, hi, 3))
        return true;
    Stmt *d = value_def(F, peel(F, t));
    if (!d || d->op != OP_SELECT || !is_zero(F, d->args[2]))
        return false;
    Stmt *c = value_def(F, peel(F, d->args[0]));
    if (!c || c->op != OP_GT || !same(F, c->args[0], hi, 3) || !same(F, c->args[1], lo, 3))
        return false;
    if (is_zero(F, lo) && same(F, d->args[1], hi, 3))
        return true;
    Stmt *sub = value_def(F, peel(F, d->args[1]));
    return sub && sub->op == OP_SUB && same(F, sub->args[0], hi, 3) && same(F, sub->args[1], lo, 3);
}

bool same_trips(Fuse *F, Operand lo1, Operand hi1, Operand lo2, Operand hi2) {
    return (same(F, lo1, lo2, 3) && same(F, hi1, hi2, 3)) ||
           (is_zero(F, lo2) && is_trip_count(F, hi2, lo1, hi1)) ||
           (is_zero(F, lo1) && is_trip_count(F, hi1, lo2, hi2));
}

/* ---- which element an access touches ---- */
/* An index of a map's body, in iteration k of the map: base + k + delta,
 * with base the map's lo (the index itself) or 0 (the index less lo). */

Place place_at(Operand base, long long delta) {
    return (Place){base, delta, 1, opd_none()};
}

bool plain_place(Place p) {
    return p.stride == 1 && p.extra.kind == OPD_NONE;
}

static void mark_inside(Fuse *F, Var *v) {
    if (v && v->id < F->ninside)
        F->inside[v->id] = 1;
}

static void mark_defs_inside(Fuse *F, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            mark_inside(F, defs[k]);
        free(defs);
        mark_inside(F, s->index);
        if (s->counter)
            mark_inside(F, s->counter->var);
        for (int k = 0; k < s->carried.len; k++)
            mark_inside(F, ((Carried *)s->carried.items[k])->param);
        mark_defs_inside(F, s->then_body);
        mark_defs_inside(F, s->else_body);
        mark_defs_inside(F, s->body);
    }
}

/* o's value is the same in every iteration of m: a variable m's body does
 * not define (a parameter, an outer loop's index, a value from before) */
static bool shared_by_iterations(Fuse *F, Stmt *m, Operand o) {
    if (o.kind != OPD_VAR || o.var->is_mutable || o.var == m->index)
        return false;
    if (F->inside_of != m) {
        F->ninside = F->f->next_var_id;
        F->inside = xrealloc(F->inside, (size_t)F->ninside + 1);
        memset(F->inside, 0, (size_t)F->ninside + 1);
        mark_defs_inside(F, m->body);
        F->inside_of = m;
    }
    return o.var->id < F->ninside && !F->inside[o.var->id];
}

bool place_of(Fuse *F, Stmt *m, Operand o, Place *p) {
    o = peel(F, o);
    if (o.kind == OPD_VAR && o.var == m->index) {
        *p = place_at(m->lo, 0);
        return true;
    }
    Stmt *d = value_def(F, o);
    long long c;
    if (!d)
        return false;
    if (d->op == OP_SUB && same(F, d->args[1], m->lo, 3)) {
        Operand i = peel(F, d->args[0]);
        if (i.kind == OPD_VAR && i.var == m->index) {
            *p = place_at(opd_int(0), 0);
            return true;
        }
    }
    if ((d->op == OP_ADD || d->op == OP_SUB) && int_const(peel(F, d->args[1]), &c) &&
        place_of(F, m, d->args[0], p)) {
        p->delta += d->op == OP_ADD ? c : -c;
        return true;
    }
    if (d->op == OP_ADD && int_const(peel(F, d->args[0]), &c) && place_of(F, m, d->args[1], p)) {
        p->delta += c;
        return true;
    }
    for (int q = 0; q < 2 && d->op == OP_MUL; q++)
        if (int_const(peel(F, d->args[1 - q]), &c) && c != 0 && place_of(F, m, d->args[q], p) &&
            p->extra.kind == OPD_NONE) {
            p->stride *= c;
            p->delta *= c;
            return true;
        }
    for (int q = 0; q < 2 && d->op == OP_ADD; q++) {
        Operand shared = peel(F, d->args[1 - q]);
        if (shared_by_iterations(F, m, shared) && place_of(F, m, d->args[q], p) &&
            p->extra.kind == OPD_NONE) {
            p->extra = shared;
            return true;
        }
    }
    return false;
}

bool same_place(Fuse *F, Place x, Place y) {
    if (x.delta != y.delta || x.stride != y.stride || !same(F, x.base, y.base, 3))
        return false;
    if (x.extra.kind == OPD_NONE || y.extra.kind == OPD_NONE)
        return x.extra.kind == y.extra.kind;
    return same(F, x.extra, y.extra, 3);
}

static void touch_access(Touch *t, Stmt *s, int loops) {
    t->any = true;
    t->nested |= loops > 0;
    Place p;
    if (s->nidx != 1 || !place_of(t->F, t->m, s->idx[0], &p)) {
        t->scattered = true;
        return;
    }
    if (t->have && !same_place(t->F, t->place, p))
        t->scattered = true;
    t->have = true;
    t->place = p;
}

static void touch_body(Touch *t, Body *b, int loops) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC) && s->buf == t->buf) {
            t->writes |= s->kind != S_READ;
            touch_access(t, s, loops);
        } else if ((s->buf == t->buf && s->kind != S_READ) || s->scan_in[0] == t->buf ||
                   s->scan_in[1] == t->buf || s->hist_rev[0] == t->buf ||
                   s->hist_rev[1] == t->buf || s->hist_rev[2] == t->buf) {
            t->any = t->writes = t->scattered = true;
        }
        int inner = loops + (s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE);
        touch_body(t, s->then_body, loops);
        touch_body(t, s->else_body, loops);
        touch_body(t, s->body, inner);
    }
}

Touch touches(Fuse *F, Stmt *m, Body *b, Buffer *buf) {
    Touch t = {.F = F, .m = m, .buf = buf};
    F->inside_of = NULL;
    touch_body(&t, b, 0);
    return t;
}

/* The buffers a body writes (accumulations included), each once. */
static void written_buffers(Arena *a, Body *b, PtrVec *out) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Buffer *w[4] = {NULL, NULL, NULL, NULL};
        if (s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST)
            w[0] = s->buf;
        if (s->kind == S_HIST) {
            w[1] = s->hist_rev[1];
            w[2] = s->hist_rev[2];
        }
        for (int k = 0; k < 4; k++)
            if (w[k] && !vec_contains(out, w[k]))
                vec_push(a, out, w[k]);
        written_buffers(a, s->then_body, out);
        written_buffers(a, s->else_body, out);
        written_buffers(a, s->body, out);
    }
}

/* ---- scalars ---- */
void declared_vars(Arena *a, Body *b, PtrVec *out) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_DECL && s->dst)
            vec_push(a, out, s->dst);
        declared_vars(a, s->then_body, out);
        declared_vars(a, s->else_body, out);
        declared_vars(a, s->body, out);
    }
}

/* Variables declared outside b that b assigns (sums into them). */
static void outer_updates(Arena *a, Body *b, const PtrVec *declared, PtrVec *out) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->dst->is_mutable && !vec_contains(declared, s->dst) &&
            !vec_contains(out, s->dst))
            vec_push(a, out, s->dst);
        outer_updates(a, s->then_body, declared, out);
        outer_updates(a, s->else_body, declared, out);
        outer_updates(a, s->body, declared, out);
    }
}

static void map_outer_updates(Fuse *F, Stmt *m, PtrVec *out) {
    PtrVec declared = {0};
    declared_vars(F->a, m->body, &declared);
    outer_updates(F->a, m->body, &declared, out);
}

typedef struct VarRef {
    const PtrVec *vars;
    bool found;
} VarRef;

static void find_var(Operand *o, void *ctx) {
    VarRef *r = ctx;
    if (o->kind == OPD_VAR && vec_contains(r->vars, o->var))
        r->found = true;
}

static bool body_refers(Body *b, const PtrVec *vars) {
    VarRef r = {vars, false};
    for (int i = 0; b && i < b->stmts.len && !r.found; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, find_var, &r);
        if (s->kind == S_LET && s->dst->is_mutable && vec_contains(vars, s->dst))
            r.found = true;
        r.found |= body_refers(s->then_body, vars) || body_refers(s->else_body, vars) ||
                   body_refers(s->body, vars);
    }
    return r.found;
}

static bool stmt_refers(Stmt *s, const PtrVec *vars) {
    Body one = {.stmts = {(void **)&s, 1, 1}};
    return body_refers(&one, vars);
}

/* Statements whose order against other iterations is observable: they
 * keep a map from being fused. */
bool body_has_barrier(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (stmt_uses_tape(s))
            return true;
        switch (s->kind) {
        case S_EFFECT:
        case S_RETURN:
        case S_SCAN:
        case S_HIST:
        case S_ALLOC:
        case S_FREE:
            return true;
        default:
            break;
        }
        if (s->kind == S_MAP && s->hist_bins)
            return true;
        if (body_has_barrier(s->then_body) || body_has_barrier(s->else_body) ||
            body_has_barrier(s->body))
            return true;
    }
    return false;
}

/* A map that may take part in a fusion. A perfectly nested one keeps its
 * shape (OpenMP collapses it). */
bool fusible_map(Stmt *s) {
    if (s->kind != S_MAP || s->reversed || s->hist_bins || body_has_barrier(s->body))
        return false;
    return !(s->body->stmts.len == 1 && ((Stmt *)s->body->stmts.items[0])->kind == S_MAP);
}

/* Every array one of the maps writes and the other touches is touched by
 * both only at one element of the iteration, the same one; neither reads
 * a scalar the other sums into. */
bool independent_but_same_element(Fuse *F, Stmt *x, Stmt *y) {
    PtrVec written = {0};
    written_buffers(F->a, x->body, &written);
    written_buffers(F->a, y->body, &written);
    for (int i = 0; i < written.len; i++) {
        Buffer *b = written.items[i];
        Touch tx = touches(F, x, x->body, b), ty = touches(F, y, y->body, b);
        if (!tx.any || !ty.any)
            continue;
        if (tx.scattered || ty.scattered || !tx.have || !ty.have ||
            !same_place(F, tx.place, ty.place))
            return false;
    }
    PtrVec ux = {0}, uy = {0};
    map_outer_updates(F, x, &ux);
    map_outer_updates(F, y, &uy);
    return !body_refers(y->body, &ux) && !body_refers(x->body, &uy);
}

/* ---- statements between two fused ones ---- */
/* s touches (in t, m's touches of s's buffer) only an element m does not
 * touch: m touches base + k at iteration k, s base + trips (the boundary
 * value after a stencil's interior, y[n - 1] after the map over [1, n - 1))
 * or a constant below m's constant first (y[0] before it). */
static bool outside_touched(Fuse *F, Stmt *m, Touch *t, Stmt *s) {
    if (t->scattered || !t->have || !plain_place(t->place) || t->place.delta != 0 || s->nidx != 1)
        return false;
    bool from_zero = is_zero(F, t->place.base);
    long long at, first;
    if (int_const(peel(F, s->idx[0]), &at) &&
        (from_zero ? at < 0 : int_const(peel(F, m->lo), &first) && at < first))
        return true;
    return from_zero ? is_trip_count(F, s->idx[0], m->lo, m->hi) : same(F, s->idx[0], m->hi, 3);
}

/* A write, an accumulation, or a declaration or update of a scalar that
 * may run before map m rather than after it (the forward sweep's last
 * statements and the return sweep's first, between a map and its
 * adjoint): m does not touch what s writes, except at elements s does not
 * touch, and does not use a scalar s assigns. Only maps: a scan keeps
 * what follows it. */
static bool commutes_with_map(Fuse *F, Stmt *m, Stmt *s) {
    if (m->kind != S_MAP)
        return false;
    if (s->kind == S_DECL || s->kind == S_LET) {
        PtrVec assigned = {.items = (void **)&s->dst, .len = 1, .cap = 1};
        return !s->buf && !body_refers(m->body, &assigned);
    }
    Touch t = touches(F, m, m->body, s->buf);
    return !t.any || outside_touched(F, m, &t, s);
}

/* The statements strictly between positions from and to of b: those that
 * can run before the fused statement go to `before`, frees of what the
 * later part does not touch to `after`. `earlier` are the statements
 * fused from before them: the moved ones must not read what those write
 * or assign, except a read of the element past a map's last (the scan's
 * seed, read before its scan). */
bool split_between(Fuse *F, Body *b, int from, int to, Stmt **earlier, int nearlier, Stmt **later,
                   int nlater, PtrVec *before, PtrVec *after) {
    PtrVec updated = {0};
    for (int i = 0; i < nearlier; i++)
        if (earlier[i]->kind == S_MAP)
            map_outer_updates(F, earlier[i], &updated);
    for (int i = from + 1; i < to; i++) {
        Stmt *s = b->stmts.items[i];
        bool moves = false;
        switch (s->kind) {
        case S_COMMENT:
            moves = true;
            break;
        case S_LET:
        case S_ALLOC:
            moves = !s->dst || !s->dst->is_mutable;
            if (!moves && s->kind == S_LET) { /* an update of a scalar the maps never use */
                moves = true;
                for (int k = 0; moves && k < nearlier; k++)
                    moves = commutes_with_map(F, earlier[k], s);
            }
            moves = moves && !stmt_refers(s, &updated);
            break;
        case S_READ:
            moves = !stmt_refers(s, &updated);
            for (int k = 0; moves && k < nearlier; k++) {
                Stmt *m = earlier[k];
                if (m->kind != S_MAP) {
                    moves = m->buf != s->buf;
                    continue;
                }
                Touch t = touches(F, m, m->body, s->buf);
                moves = !t.writes || outside_touched(F, m, &t, s);
            }
            break;
        case S_DECL:
        case S_WRITE:
        case S_ACC:
            moves = !s->buf || s->kind == S_DECL || s->nidx == 1;
            moves = moves && !stmt_refers(s, &updated);
            for (int k = 0; moves && k < nearlier; k++)
                moves = commutes_with_map(F, earlier[k], s);
            break;
        case S_FREE:
            moves = true;
            for (int k = 0; k < nlater; k++)
                moves = moves && !stmt_reads_buffer(later[k], s->buf) &&
                        !stmt_writes_buffer(later[k], s->buf);
            if (!moves)
                return false;
            vec_push(F->a, after, s);
            continue;
        default:
            break;
        }
        if (!moves)
            return false;
        vec_push(F->a, before, s);
    }
    return true;
}

/* Replaces positions from..to of b by before, the fused statement, after
 * (which come from those positions: the body only shrinks), in place. */
int splice(Body *b, int from, int to, PtrVec *before, Stmt *fused, PtrVec *after) {
    int at = from;
    for (int i = 0; i < before->len; i++)
        b->stmts.items[at++] = before->items[i];
    int pos = at;
    b->stmts.items[at++] = fused;
    for (int i = 0; i < after->len; i++)
        b->stmts.items[at++] = after->items[i];
    int tail = b->stmts.len - (to + 1);
    memmove(b->stmts.items + at, b->stmts.items + to + 1, sizeof(void *) * (size_t)tail);
    b->stmts.len = at + tail;
    return pos;
}

/* The body of m run as iteration k of another loop whose first
 * iteration is k_lo: m's index bound first, then m's statements. */
void append_iteration(Fuse *F, Body *out, Stmt *m, Operand k, Operand k_lo) {
    Builder bd = {F->a, F->f, out, m->loc};
    Operand at = k; /* both loops start at the same value */
    if (!same(F, k_lo, m->lo, 3)) {
        Operand off = is_zero(F, k_lo) ? k : b_sub(&bd, b_cast(&bd, type_long(), k), k_lo);
        at = is_zero(F, m->lo) ? off : b_add(&bd, b_cast(&bd, type_long(), off), m->lo);
    }
    Stmt *let = stmt_new(F->a, S_LET, m->loc);
    let->dst = m->index;
    note_defs(F, &(Body){{(void **)&let, 1, 1}}); /* room for its id */
    F->rebind[m->index->id] = 1;
    let->op =
        at.ty.kind == m->index->ty.kind && !strcmp(type_cname(at.ty), type_cname(m->index->ty))
            ? OP_COPY
            : OP_CAST;
    let->nargs = 1;
    let->args[0] = at;
    body_append(F->a, out, let);
    for (int i = 0; i < m->body->stmts.len; i++)
        body_append(F->a, out, m->body->stmts.items[i]);
}

/* ---- map fusion ---- */
bool movable_kind(Stmt *s) {
    return s->kind == S_COMMENT || s->kind == S_LET || s->kind == S_READ || s->kind == S_ALLOC ||
           s->kind == S_FREE;
}

static const char *fused_note(Fuse *F, Stmt *x, Stmt *y) {
    const char *nx = x->note ? x->note : "a map", *ny = y->note ? y->note : "a map";
    if (x->loc.line == y->loc.line)
        return arena_printf(F->a, "%s, fused with: %s", nx, ny);
    return arena_printf(F->a, "%s, fused with line %d: %s", nx, y->loc.line, ny);
}

static bool writes_scan_input(Stmt *m, Stmt *s) {
    return body_writes_buffer(m->body, s->scan_in[0]) ||
           (s->scan_in[1] && body_writes_buffer(m->body, s->scan_in[1]));
}

/* The map at j computes terms of the scan after it (maybe after other
 * maps computing its terms): it stays apart, to be fused with that scan
 * (whose pass 1 may then recompute the terms from it alone, which a map
 * fused with more could prevent), or with those other maps. */
static bool feeds_next_scan(Body *b, int j) {
    int k = j + 1;
    while (k < b->stmts.len &&
           (movable_kind(b->stmts.items[k]) || ((Stmt *)b->stmts.items[k])->kind == S_MAP))
        k++;
    if (k >= b->stmts.len)
        return false;
    Stmt *s = b->stmts.items[k];
    if (s->kind != S_SCAN || s->fusion)
        return false;
    for (int i = j; i < k; i++) {
        Stmt *m = b->stmts.items[i];
        if (m->kind == S_MAP && !writes_scan_input(m, s))
            return false;
    }
    return true;
}

/* The fused body reads again what its first part read: a map and its
 * adjoint both read x[i - 1], x[i], x[i + 1]. Where no iteration writes
 * the array, a read of the second part (from `from` on) at the top level
 * takes the value of the first part's read of the same element. */
static void share_reads(Fuse *F, Stmt *m, int from) {
    PtrVec written = {0};
    written_buffers(F->a, m->body, &written);
    Body *b = m->body;
    for (int i = from; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_READ || vec_contains(&written, s->buf))
            continue;
        for (int k = 0; k < from; k++) {
            Stmt *t = b->stmts.items[k];
            bool same_element = t->kind == S_READ && t->buf == s->buf && t->nidx == s->nidx &&
                                t->dst->ty.kind == s->dst->ty.kind &&
                                !strcmp(type_cname(t->dst->ty), type_cname(s->dst->ty));
            for (int d = 0; same_element && d < s->nidx; d++)
                same_element = same(F, t->idx[d], s->idx[d], 3);
            if (!same_element)
                continue;
            s->kind = S_LET;
            s->op = OP_COPY;
            s->nargs = 1;
            s->args[0] = opd_var(t->dst);
            s->buf = NULL;
            s->nidx = 0;
            break;
        }
    }
}

/* Maps x, then y, whose iterations could run as one: the same trips, on
 * threads alike, touching each array they share at the iteration's element
 * only (what lies between them is split_between's question). */
static bool maps_could_fuse(Fuse *F, Stmt *x, Stmt *y) {
    return fusible_map(x) && fusible_map(y) && x->serial == y->serial && !y->apart &&
           same_trips(F, x->lo, x->hi, y->lo, y->hi) && independent_but_same_element(F, x, y);
}

/* Fuses the map at i with the next fusible map after it, if it can. */
static bool fuse_maps_at(Fuse *F, Body *b, int i) {
    Stmt *x = b->stmts.items[i];
    int j = i + 1;
    while (j < b->stmts.len && ((Stmt *)b->stmts.items[j])->kind != S_MAP &&
           ((Stmt *)b->stmts.items[j])->kind != S_SCAN)
        j++;
    if (j >= b->stmts.len)
        return false;
    Stmt *y = b->stmts.items[j];
    if ((feeds_next_scan(b, j) && !feeds_next_scan(b, i)) || !maps_could_fuse(F, x, y))
        return false;
    PtrVec before = {0}, after = {0};
    if (!split_between(F, b, i, j, &x, 1, &y, 1, &before, &after))
        return false;
    /* x becomes the fused map: y's iteration k runs after x's */
    int first_new = x->body->stmts.len;
    append_iteration(F, x->body, y, opd_var(x->index), x->lo);
    x->note = fused_note(F, x, y);
    x->text = x->text && y->text ? x->text : NULL;
    x->counter = NULL;
    splice(b, i, j, &before, x, &after);
    Body added = {.stmts = {x->body->stmts.items + first_new, x->body->stmts.len - first_new, 0}};
    note_defs(F, &added);
    share_reads(F, x, first_new);
    return true;
}

/* ---- ifs on one condition ---- */
static Stmt *map_at_end(Body *b, bool last) {
    for (int k = 0; b && k < b->stmts.len; k++) {
        Stmt *s = b->stmts.items[last ? b->stmts.len - 1 - k : k];
        if (s->kind == S_MAP)
            return s;
    }
    return NULL;
}

static bool empty_body(Body *b) {
    return !b || b->stmts.len == 0;
}

/* Whether a and b declare the same array or scalar at their top levels (a
 * temporary allocated in the forward sweep and again for the return
 * sweep's re-execution): in one C scope they would be one name. */
static bool declare_alike(Body *a, Body *b) {
    for (int i = 0; i < a->stmts.len; i++) {
        Stmt *s = a->stmts.items[i];
        if (s->kind != S_DECL && s->kind != S_ALLOC)
            continue;
        for (int j = 0; j < b->stmts.len; j++) {
            Stmt *t = b->stmts.items[j];
            if (t->kind == s->kind &&
                ((s->buf && t->buf == s->buf) || (!s->buf && t->dst == s->dst)))
                return true;
        }
    }
    return false;
}

/* Code after an early return (`if (n <= 0) return;`) runs under
 * `if (!returned)` in both sweeps: the forward sweep's last map and its
 * adjoint, the return sweep's first, are in two ifs on one value. Where
 * those maps could fuse, the second if's statements join the first's
 * (the condition is a value: nothing in between changes it). */
static bool merge_ifs_at(Fuse *F, Body *b, int i) {
    Stmt *x = b->stmts.items[i];
    int j = i + 1;
    while (j < b->stmts.len && ((Stmt *)b->stmts.items[j])->kind == S_COMMENT)
        j++;
    if (x->kind != S_IF || j >= b->stmts.len || x->phis.len || !empty_body(x->else_body))
        return false;
    Stmt *y = b->stmts.items[j];
    if (y->kind != S_IF || !opd_equal(x->cond, y->cond) ||
        declare_alike(x->then_body, y->then_body))
        return false;
    Stmt *mx = map_at_end(x->then_body, true), *my = map_at_end(y->then_body, false);
    if (!mx || !my || !maps_could_fuse(F, mx, my))
        return false;
    for (int k = i + 1; k < j; k++) /* the comments: "return sweep" */
        body_append(F->a, x->then_body, b->stmts.items[k]);
    for (int k = 0; k < y->then_body->stmts.len; k++)
        body_append(F->a, x->then_body, y->then_body->stmts.items[k]);
    x->else_body = y->else_body;
    x->phis = y->phis;
    PtrVec none = {0};
    splice(b, i, j, &none, x, &none);
    return true;
}

static bool fuse_maps(Fuse *F, Body *b) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        while (merge_ifs_at(F, b, i))
            changed = true;
        changed |= fuse_maps(F, s->then_body) | fuse_maps(F, s->else_body) | fuse_maps(F, s->body);
        if (fusible_map(s) && fuse_maps_at(F, b, i)) {
            changed = true;
            i--; /* the fused map may fuse with the next one too */
        }
    }
    return changed;
}

static size_t stmt_hash(const Stmt *s) {
    return ((size_t)s >> 4) * 2654435761u;
}

bool set_has(const StmtSet *set, const Stmt *s) {
    for (size_t i = stmt_hash(s) & (set->cap - 1); set->cap && set->slots[i];
         i = (i + 1) & (set->cap - 1))
        if (set->slots[i] == s)
            return true;
    return false;
}

void set_add(StmtSet *set, Stmt *s) {
    if (set_has(set, s))
        return;
    if (2 * (set->len + 1) > set->cap) {
        StmtSet grown = {xcalloc(set->cap ? set->cap * 2 : 64, sizeof(Stmt *)),
                         set->cap ? set->cap * 2 : 64, 0};
        for (size_t i = 0; i < set->cap; i++)
            if (set->slots[i])
                set_add(&grown, set->slots[i]);
        free(set->slots);
        *set = grown;
    }
    size_t i = stmt_hash(s) & (set->cap - 1);
    while (set->slots[i])
        i = (i + 1) & (set->cap - 1);
    set->slots[i] = s;
    set->len++;
}

/* ---- where statements are ---- */

static size_t slot_of(const Index *x, const Stmt *s) {
    size_t i = stmt_hash(s) & (x->cap - 1);
    while (x->keys[i] && x->keys[i] != s)
        i = (i + 1) & (x->cap - 1);
    return i;
}

static bool touches_itself(const Stmt *s, const Buffer *b) {
    return b && (s->buf == b || s->scan_in[0] == b || s->scan_in[1] == b || s->hist_rev[0] == b ||
                 s->hist_rev[1] == b || s->hist_rev[2] == b);
}

static void index_body(Fuse *F, Index *x, Body *b, Stmt *owner) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        size_t at = slot_of(x, s);
        x->keys[at] = s;
        x->in[at] = b;
        x->owner[at] = owner;
        Buffer *bufs[6] = {s->buf,         s->scan_in[0],  s->scan_in[1],
                           s->hist_rev[0], s->hist_rev[1], s->hist_rev[2]};
        for (int k = 0; k < 6; k++) {
            bool again = false;
            for (int q = 0; q < k; q++)
                again |= bufs[q] == bufs[k];
            if (bufs[k] && !again && bufs[k]->id < x->nbufs)
                vec_push(F->a, &x->uses[bufs[k]->id], s);
        }
        index_body(F, x, s->then_body, s);
        index_body(F, x, s->else_body, s);
        index_body(F, x, s->body, s);
    }
}

static Index index_function(Fuse *F) {
    Index x = {0};
    x.cap = 64;
    for (int n = body_count_stmts(F->f->body); x.cap < 2 * (size_t)n + 2;)
        x.cap *= 2;
    x.keys = xcalloc(x.cap, sizeof(Stmt *));
    x.in = xcalloc(x.cap, sizeof(Body *));
    x.owner = xcalloc(x.cap, sizeof(Stmt *));
    x.nbufs = F->f->next_buf_id + 1;
    x.uses = xcalloc((size_t)x.nbufs, sizeof(PtrVec));
    index_body(F, &x, F->f->body, NULL);
    return x;
}

static void drop_marked(Body *b, const StmtSet *dropped) {
    int k = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        drop_marked(s->then_body, dropped);
        drop_marked(s->else_body, dropped);
        drop_marked(s->body, dropped);
        if (!set_has(dropped, s))
            b->stmts.items[k++] = s;
    }
    if (b)
        b->stmts.len = k;
}

/* Takes out the dropped statements and frees the index. */
static void index_done(Fuse *F, Index *x) {
    if (x->dropped.len)
        drop_marked(F->f->body, &x->dropped);
    free(x->keys);
    free(x->in);
    free(x->owner);
    free(x->uses);
    free(x->dropped.slots);
}

/* The statements touching b now. */
PtrVec uses_of(Fuse *F, Index *x, Buffer *b) {
    PtrVec out = {0};
    PtrVec *all = b->id < x->nbufs ? &x->uses[b->id] : NULL;
    for (int i = 0; all && i < all->len; i++)
        if (touches_itself(all->items[i], b))
            vec_push(F->a, &out, all->items[i]);
    return out;
}

/* ---- contraction ---- */
/* Per heap temporary: the map whose iterations alone touch it, or bad. */
typedef struct Homes {
    Fuse *F;
    Stmt **map;
    unsigned char *bad;
    /* outside loops, at one element: 1 so far, 2 not */
    unsigned char *one;
    Operand *elem;
    int n;
} Homes;

bool is_temp_array(Buffer *b) {
    return b && b->kind == BUF_LOCAL && b->heap && b->rank == 1;
}

static void note_home(Homes *h, Stmt *s, Stmt *loop) {
    Buffer *b = s->buf;
    if (!is_temp_array(b) || b->id >= h->n)
        return;
    if (loop || s->nidx != 1 || (h->one[b->id] && !same(h->F, h->elem[b->id], s->idx[0], 3)))
        h->one[b->id] = 2;
    else if (!h->one[b->id]) {
        h->one[b->id] = 1;
        h->elem[b->id] = s->idx[0];
    }
    if (!loop || loop->kind != S_MAP || (h->map[b->id] && h->map[b->id] != loop))
        h->bad[b->id] = 1;
    if (s->kind == S_ACC && s->acc_op != RED_ADD) /* h[k] *= v, fmin: a scalar would add */
        h->bad[b->id] = h->one[b->id] = 2;
    h->map[b->id] = loop;
}

static void find_homes(Homes *h, Body *b, Stmt *loop) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        ScanFusion *fu = s->kind == S_SCAN ? s->fusion : NULL;
        if (s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC) {
            note_home(h, s, loop);
        } else if (s->kind != S_ALLOC && s->kind != S_FREE && s->kind != S_DECL) {
            /* a fused scan reads its inputs and writes its prefixes only if it keeps them */
            bool prefix = !fu || fu->keep_prefix || fu->final;
            Buffer *other[6] = {prefix ? s->buf : NULL,
                                !fu || fu->in_memory[0] ? s->scan_in[0] : NULL,
                                !fu || fu->in_memory[1] ? s->scan_in[1] : NULL,
                                s->hist_rev[0],
                                s->hist_rev[1],
                                s->hist_rev[2]};
            for (int k = 0; k < 6; k++)
                if (is_temp_array(other[k]) && other[k]->id < h->n)
                    h->bad[other[k]->id] = h->one[other[k]->id] = 2;
        }
        bool is_loop = s->kind == S_MAP || s->kind == S_LOOP || s->kind == S_REDUCE;
        find_homes(h, s->then_body, loop);
        find_homes(h, s->else_body, loop);
        find_homes(h, s->body, is_loop ? s : loop);
    }
}

/* An access of buf becomes a use of the scalar v. */
static void access_to_scalar(Stmt *s, Var *v) {
    if (s->kind == S_READ) {
        s->args[0] = opd_var(v);
    } else if (s->kind == S_ACC) {
        s->args[1] = s->args[0];
        s->args[0] = opd_var(v);
        s->dst = v;
    } else {
        s->dst = v;
    }
    s->op = s->kind == S_ACC ? OP_ADD : OP_COPY;
    s->nargs = s->kind == S_ACC ? 2 : 1;
    s->kind = S_LET;
    s->buf = NULL;
    s->nidx = 0;
}

/* Every access of b becomes one of v (ALLOC becomes v's declaration where
 * decl_at_alloc); its allocation and free go. */
static void buffer_to_scalar(Fuse *F, Index *x, Buffer *b, Var *v, bool decl_at_alloc) {
    PtrVec uses = uses_of(F, x, b);
    for (int i = 0; i < uses.len; i++) {
        Stmt *s = uses.items[i];
        if (s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC)
            access_to_scalar(s, v);
        else if (s->kind == S_ALLOC && decl_at_alloc)
            continue; /* the caller made it the declaration */
        else if (s->kind == S_ALLOC || s->kind == S_FREE)
            set_add(&x->dropped, s);
    }
}

/* Heap temporaries, each once, with their allocation. */
static void collect_temps(Arena *a, Body *b, PtrVec *out, PtrVec *allocs) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ALLOC && is_temp_array(s->buf) && !vec_contains(out, s->buf)) {
            vec_push(a, out, s->buf);
            if (allocs)
                vec_push(a, allocs, s);
        }
        collect_temps(a, s->then_body, out, allocs);
        collect_temps(a, s->else_body, out, allocs);
        collect_temps(a, s->body, out, allocs);
    }
}

/* m runs at most once each time the body of `alloc` runs: it is in that
 * body, or in ifs in it (in a loop it could hand a value from one of its
 * runs to the next). */
static bool runs_once_in(Index *x, Stmt *alloc, Stmt *m) {
    Body *scope = x->in[slot_of(x, alloc)];
    for (Stmt *at = m; at && x->keys[slot_of(x, at)] == at;) {
        size_t k = slot_of(x, at);
        if (x->in[k] == scope)
            return true;
        at = x->owner[k];
        if (!at || (at->kind != S_IF && at->kind != S_BLOCK))
            return false;
    }
    return false;
}

static Var *scalar_for(Fuse *F, Buffer *b, Stmt *decl) {
    Var *v = var_new(F->a, F->f, b->name, b->elem);
    v->is_mutable = true;
    decl->kind = S_DECL;
    decl->dst = v;
    decl->buf = NULL;
    decl->nargs = 1;
    decl->args[0] = type_is_float(b->elem) ? b_fconst(0, b->elem) : opd_int(0);
    decl->args[0].ty = b->elem;
    return v;
}

/* A temporary whose every access is in one map, at the iteration's own
 * element and outside the map's inner loops, is a value of the iteration:
 * a scalar declared in the body, starting at zero as the array did. One
 * touched at one element only, outside loops (the adjoint of a scan's last
 * prefix), is a scalar declared where it was allocated. */
static void contract(Fuse *F) {
    size_t nb = (size_t)F->f->next_buf_id + 1;
    Homes h = {F,
               xcalloc(nb, sizeof(Stmt *)),
               xcalloc(nb, 1),
               xcalloc(nb, 1),
               xcalloc(nb, sizeof(Operand)),
               F->f->next_buf_id};
    find_homes(&h, F->f->body, NULL);
    PtrVec temps = {0}, allocs = {0};
    collect_temps(F->a, F->f->body, &temps, &allocs);
    Index x = index_function(F);
    for (int i = 0; i < temps.len; i++) {
        Buffer *b = temps.items[i];
        Stmt *m = h.map[b->id], *alloc = allocs.items[i];
        PtrVec uses = uses_of(F, &x, b);
        int nalloc = 0;
        for (int k = 0; k < uses.len; k++)
            nalloc += ((Stmt *)uses.items[k])->kind == S_ALLOC;
        if (h.one[b->id] == 1 && nalloc == 1) {
            buffer_to_scalar(F, &x, b, scalar_for(F, b, alloc), true);
            continue;
        }
        if (h.bad[b->id] || !m || !runs_once_in(&x, alloc, m))
            continue;
        Touch t = touches(F, m, m->body, b);
        if (t.scattered || t.nested || !t.have)
            continue;
        Stmt *decl = stmt_new(F->a, S_DECL, m->loc);
        buffer_to_scalar(F, &x, b, scalar_for(F, b, decl), false);
        PtrVec body = {0};
        vec_push(F->a, &body, decl);
        for (int k = 0; k < m->body->stmts.len; k++)
            vec_push(F->a, &body, m->body->stmts.items[k]);
        m->body->stmts = body;
    }
    index_done(F, &x);
    free(h.map);
    free(h.bad);
    free(h.one);
    free(h.elem);
}

static void resync_fusions(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        resync_fusions(s->then_body);
        resync_fusions(s->else_body);
        resync_fusions(s->body);
        if (s->kind != S_SCAN || !s->fusion)
            continue;
        ScanFusion *fu = s->fusion;
        Stmt **items = (Stmt **)s->body->stmts.items;
        int n = s->body->stmts.len;
        fu->pre = fu->pre && n > 0 ? items[0] : NULL;
        fu->post = fu->post && n > (fu->pre ? 1 : 0) ? items[n - 1] : NULL;
    }
}

void refresh_defs(Fuse *F) {
    int n = F->f->next_var_id + 1;
    unsigned char *rebind = xcalloc((size_t)n, 1);
    if (F->rebind)
        memcpy(rebind, F->rebind, (size_t)(F->nvars < n ? F->nvars : n));
    free(F->def);
    free(F->rebind);
    F->nvars = n;
    F->def = xcalloc((size_t)n, sizeof(Stmt *));
    F->rebind = rebind;
    note_defs(F, F->f->body);
}

/* Temporaries the fusions left without any access: their allocation goes.
 * A fused scan reads its inputs only where it keeps them in memory, and
 * writes its prefixes only where it keeps them or the last one. */
static bool accessed(Fuse *F, Index *x, Buffer *b) {
    PtrVec uses = uses_of(F, x, b);
    for (int i = 0; i < uses.len; i++) {
        Stmt *s = uses.items[i];
        ScanFusion *fu = s->kind == S_SCAN ? s->fusion : NULL;
        if (s->kind == S_ALLOC || s->kind == S_FREE)
            continue;
        if (!fu || (s->scan_in[0] == b && fu->in_memory[0]) ||
            (s->scan_in[1] == b && fu->in_memory[1]) ||
            (s->buf == b && (fu->keep_prefix || fu->final)))
            return true;
    }
    return false;
}

static void drop_unused_temps(Fuse *F) {
    PtrVec temps = {0};
    collect_temps(F->a, F->f->body, &temps, NULL);
    Index x = index_function(F);
    for (int i = 0; i < temps.len; i++) {
        if (accessed(F, &x, temps.items[i]))
            continue;
        PtrVec uses = uses_of(F, &x, temps.items[i]);
        for (int k = 0; k < uses.len; k++) {
            Stmt *s = uses.items[k];
            if (s->kind == S_ALLOC || s->kind == S_FREE)
                set_add(&x.dropped, s);
        }
    }
    index_done(F, &x);
}

void fuse_function(Arena *a, Func *f) {
    Fuse F = {.a = a, .f = f};
    refresh_defs(&F);
    while (fuse_maps(&F, f->body))
        ;
    refresh_defs(&F);
    contract(&F);
    prefixes_from_outputs(&F);
    Index x = index_function(&F);
    F.index = &x;
    fuse_scans(&F, f->body);
    F.index = NULL;
    free(F.writes);
    free(F.top_writes);
    free(F.acc_writes);
    index_done(&F, &x);
    contract(&F); /* what the fused scans no longer read */
    drop_unused_temps(&F);
    refresh_defs(&F);
    trim_consumed_seeds(&F);
    free(F.def);
    free(F.rebind);
    free(F.inside);
    promote_element_sums(a, f);
    accum_private_copies(a, f->body);
    f->lengths_settled = true;
    simplify_indices(a, f);
    simplify_dead_code(a, f);
    mark_partial_spans(a, f);
    mark_simd_loops(a, f);
    resync_fusions(f->body);
}
