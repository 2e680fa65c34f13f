/* The matrix-multiplication interchange (SC22, section 6.1).
 *
 * The adjoint of C = A B, rows of C in parallel, updates
 *     B_b[k * n + j] += C_b[i * n + j] * A[i * n + k]
 * for every row i: the same elements of B_b from every iteration of the
 * parallel loop, which accum.c can only make atomic or add up in copies
 * per thread. Moved into a nest of its own, with the parallel index moved
 * inside, each element of B_b belongs to one iteration of the new
 * parallel loop and sums over i as a plain update:
 *     map k { for i { for j { B_b[k * n + j] += C_b[i * n + j] * A[i * n + k] } } }
 * the loop order of a hand-written gradient (A^T C_b, k-i-j).
 *
 * An accumulation of the parallel map m qualifies when it sits in
 * sequential counted loops L1..Lk of m's body (no if between), is atomic
 * (accum.c found iterations of m may share its elements), its index does
 * not depend on m's index and is injective in L1's (k * N + j with j over
 * [0, N), or a first subscript k), nothing else in m touches its array,
 * and what it computes (its slice) are lets and reads of arrays m does not
 * write before L1, nor updates. The slice runs again in the new nest,
 * before m, which keeps the rest; floating-point sums are added in
 * another order, as a parallel reduction adds them. */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

typedef struct Nest {
    Arena *a;
    Func *f;
    Stmt *map;
    Stmt *path[8]; /* L1..Lk */
    int depth;
    Stmt *acc;
    /* per variable id: the level of the body binding it (0: m's body,
     * k: Lk's), -1 elsewhere in m, -2 not bound in m; and the statement */
    int *level;
    int *binds; /* per variable id: how many statements of m bind or set it */
    Stmt **def;
    int nvars;
    PtrVec slice; /* Stmt*: the statements the accumulation needs */
} Nest;

typedef struct Candidate {
    Stmt *acc;
    Stmt *path[8];
    int depth;
} Candidate;

/* The atomic + accumulations in counted sequential loops of b, with their
 * paths (from path[0..depth)). */
static void find_accs(Arena *a, Body *b, Stmt **path, int depth, PtrVec *out) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc == ACC_ATOMIC && s->acc_op == RED_ADD && depth > 0 &&
            s->nidx >= 1) {
            Candidate *c = arena_alloc(a, sizeof(Candidate));
            c->acc = s;
            memcpy(c->path, path, sizeof(Stmt *) * (size_t)depth);
            c->depth = depth;
            vec_push(a, out, c);
        }
        bool counted = s->kind == S_LOOP && s->body && s->index && !s->counter && !s->blocks_of &&
                       s->hi.kind != OPD_NONE && s->until.kind == OPD_NONE && !s->carried.len;
        if (counted && depth < 8) {
            path[depth] = s;
            find_accs(a, s->body, path, depth + 1, out);
        }
    }
}

static void bind(Nest *n, Var *v, int level, Stmt *s) {
    if (v && v->id < n->nvars) {
        n->level[v->id] = level;
        n->def[v->id] = s;
        n->binds[v->id]++;
    }
}

/* Records where m's body binds each variable: the path's bodies by level,
 * anything else -1. */
static void index_binds(Nest *n, Body *b, int level) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int nd;
        Var **defs = stmt_all_defs(s, &nd);
        for (int d = 0; d < nd; d++)
            bind(n, defs[d], level, s);
        free(defs);
        /* (a path loop's body is the next level; any other body, -1) */
        int inner = level >= 0 && level < n->depth && n->path[level] == s ? level + 1 : -1;
        if (s->index)
            bind(n, s->index, inner, s);
        index_binds(n, s->then_body, -1);
        index_binds(n, s->else_body, -1);
        index_binds(n, s->body, inner);
    }
}

static bool bound_in_map(Nest *n, Operand o) {
    return o.kind == OPD_VAR && o.var->id < n->nvars && n->level[o.var->id] != -2;
}

/* Whether o depends on the map's index (through the slice). */
static bool depends_on_index(Nest *n, Operand o, int guard) {
    if (o.kind != OPD_VAR || guard > 64)
        return guard > 64;
    if (o.var == n->map->index)
        return true;
    if (!bound_in_map(n, o))
        return false;
    Stmt *d = n->def[o.var->id];
    if (d && d->kind == S_LOOP && d->index == o.var)
        return false; /* a path loop's index */
    if (!d || d->kind == S_LOOP)
        return true; /* a loop's carried result (campaign seed 49288) */
    for (int k = 0; k < d->nargs; k++)
        if (depends_on_index(n, d->args[k], guard + 1))
            return true;
    for (int k = 0; d->kind == S_READ && k < d->nidx; k++)
        if (depends_on_index(n, d->idx[k], guard + 1))
            return true;
    return false;
}

/* The slice: the statements binding what o needs, transitively. */
static bool add_to_slice(Nest *n, Operand o) {
    if (!bound_in_map(n, o))
        return true;
    int lv = n->level[o.var->id];
    Stmt *d = n->def[o.var->id];
    if (lv < 0 || !d || n->binds[o.var->id] != 1)
        return false;
    if ((d->kind == S_LOOP || d == n->map) && d->index == o.var)
        return true; /* a path loop's index, or the map's */
    if (d->kind == S_LOOP || d == n->map)
        return false; /* a loop's carried result: not recomputed (campaign seed 49288) */
    if (vec_contains(&n->slice, d))
        return true;
    /* (an adjoint's `double t_b = e;`, set nowhere else, is a let) */
    bool scalar_decl = d->kind == S_DECL && !d->buf && d->nargs == 1;
    if (d->kind != S_LET && d->kind != S_READ && !scalar_decl)
        return false;
    vec_push(n->a, &n->slice, d);
    for (int k = 0; k < d->nargs; k++)
        if (!add_to_slice(n, d->args[k]))
            return false;
    for (int k = 0; d->kind == S_READ && k < d->nidx; k++)
        if (!add_to_slice(n, d->idx[k]))
            return false;
    return true;
}

/* Whether idx, of the accumulation, gives each iteration of L1 elements of
 * its own: a first subscript L1's index, k * N + j (either order) with j
 * the index of a deeper path loop over [0, N) (rows), or d * N + k with
 * L1 over [0, N) (columns). */
static bool rows_of_l1(Nest *n, Stmt *acc) {
    Var *k = n->path[0]->index;
    if (acc->nidx > 1)
        return acc->idx[0].kind == OPD_VAR && acc->idx[0].var == k;
    Operand o = acc->idx[0];
    Stmt *add = bound_in_map(n, o) ? n->def[o.var->id] : NULL;
    if (!add || add->kind != S_LET || add->op != OP_ADD)
        return false;
    for (int q = 0; q < 2; q++) {
        Operand row = add->args[q], col = add->args[1 - q];
        Stmt *mul = bound_in_map(n, row) ? n->def[row.var->id] : NULL;
        Stmt *inner = bound_in_map(n, col) ? n->def[col.var->id] : NULL;
        if (!mul || mul->kind != S_LET || mul->op != OP_MUL || !inner || inner->kind != S_LOOP ||
            inner->index != col.var || inner == n->path[0] || !opd_is_const(inner->lo, 0))
            continue;
        for (int p = 0; p < 2; p++)
            if (mul->args[p].kind == OPD_VAR && mul->args[p].var == k &&
                opd_equal(mul->args[1 - p], inner->hi))
                return true;
    }
    /* columns: d * N + k, L1 over [0, N), d a deeper path loop's index */
    Stmt *l1 = n->path[0];
    for (int q = 0; q < 2; q++) {
        Operand row = add->args[q], col = add->args[1 - q];
        Stmt *mul = bound_in_map(n, row) ? n->def[row.var->id] : NULL;
        if (col.kind != OPD_VAR || col.var != k || !opd_is_const(l1->lo, 0) || !mul ||
            mul->kind != S_LET || mul->op != OP_MUL)
            continue;
        for (int p = 0; p < 2; p++) {
            Operand d = mul->args[p];
            Stmt *deeper = bound_in_map(n, d) ? n->def[d.var->id] : NULL;
            if (deeper && deeper->kind == S_LOOP && deeper->index == d.var && deeper != l1 &&
                opd_equal(mul->args[1 - p], l1->hi))
                return true;
        }
    }
    return false;
}

static bool body_holds_direct(Body *b, Stmt *s) {
    for (int i = 0; b && i < b->stmts.len; i++)
        if (b->stmts.items[i] == s)
            return true;
    return false;
}

static bool body_holds(Body *b, Stmt *s) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *t = b->stmts.items[i];
        if (t == s || body_holds(t->then_body, s) || body_holds(t->else_body, s) ||
            body_holds(t->body, s))
            return true;
    }
    return false;
}

/* The position of the top-level statement of m's body holding s. */
static int top_position(Body *top, Stmt *s) {
    for (int i = 0; i < top->stmts.len; i++) {
        Stmt *t = top->stmts.items[i];
        if (t == s || body_holds(t->then_body, s) || body_holds(t->else_body, s) ||
            body_holds(t->body, s))
            return i;
    }
    return -1;
}

/* Whether b updates buf where iterations may meet (atomic, or a
 * histogram): plain updates are each iteration's own elements, as are its
 * writes (the map's promise: no iteration reads what another writes). */
static bool shared_updates(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_ACC && s->buf == buf && s->acc != ACC_PLAIN) ||
            ((s->kind == S_SCAN || s->kind == S_HIST) && stmt_writes_buffer(s, buf)) ||
            shared_updates(s->then_body, buf) || shared_updates(s->else_body, buf) ||
            shared_updates(s->body, buf))
            return true;
    }
    return false;
}

/* Whether operand o is bound outside L1 (fixed while it runs). */
static bool fixed_in_l1(Nest *n, Operand o) {
    if (!bound_in_map(n, o))
        return true;
    return n->level[o.var->id] == 0 && n->def[o.var->id] != n->path[0];
}

/* Whether the element read r reads is L1's iteration's own: a subscript
 * L1's index and the others fixed in L1, or flat d * N + k with L1 over
 * [0, N) and d fixed in L1. */
static bool own_element_of_l1(Nest *n, Stmt *r) {
    Stmt *l1 = n->path[0];
    Var *k = l1->index;
    if (r->nidx > 1) {
        bool has_k = false;
        for (int d = 0; d < r->nidx; d++) {
            bool is_k = r->idx[d].kind == OPD_VAR && r->idx[d].var == k;
            has_k |= is_k;
            if (!is_k && !fixed_in_l1(n, r->idx[d]))
                return false;
        }
        return has_k;
    }
    Operand o = r->idx[0];
    Stmt *add = bound_in_map(n, o) ? n->def[o.var->id] : NULL;
    if (!add || add->kind != S_LET || add->op != OP_ADD || !opd_is_const(l1->lo, 0))
        return false;
    for (int q = 0; q < 2; q++) {
        Operand row = add->args[q], col = add->args[1 - q];
        Stmt *mul = bound_in_map(n, row) ? n->def[row.var->id] : NULL;
        if (col.kind != OPD_VAR || col.var != k || !mul || mul->kind != S_LET || mul->op != OP_MUL)
            continue;
        for (int p = 0; p < 2; p++)
            if (fixed_in_l1(n, mul->args[p]) && opd_equal(mul->args[1 - p], l1->hi))
                return true;
    }
    return false;
}

/* Whether every write of r's array in b (at any depth) is in r's body,
 * after r, at r's element. */
static bool writes_only_after(Body *b, Stmt *r, bool after) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s == r)
            after = true;
        bool here = (s->kind == S_WRITE || s->kind == S_ACC) && s->buf == r->buf;
        if (here) {
            bool same = after && s->nidx == r->nidx && body_holds_direct(b, r);
            for (int d = 0; same && d < s->nidx; d++)
                same = opd_equal(s->idx[d], r->idx[d]);
            if (!same)
                return false;
            continue;
        }
        if (((s->kind == S_SCAN || s->kind == S_HIST) && stmt_writes_buffer(s, r->buf)) ||
            !writes_only_after(s->then_body, r, false) ||
            !writes_only_after(s->else_body, r, false) || !writes_only_after(s->body, r, false))
            return false;
    }
    return true;
}

/* Whether the slice's reads see in the new nest what they saw in m: their
 * arrays are not written nor updated in m before L1 (after it, by the
 * iterations' own statements, which run after their reads), not updated
 * where iterations meet, and are not the accumulated array. */
static bool reads_stable(Nest *n) {
    Body *top = n->map->body;
    int l1 = top_position(top, n->path[0]);
    for (int i = 0; i < n->slice.len; i++) {
        Stmt *r = n->slice.items[i];
        if (r->kind != S_READ)
            continue;
        /* (an array declared in m is out of the nest's scope) */
        if (r->buf == n->acc->buf || shared_updates(top, r->buf) || body_declares(top, r->buf))
            return false;
        /* a read of m's own body happens at its place (the seed of a dot
         * product, read before the iteration zeroes it); inside L1, at
         * any time L1 runs, unless L1's writes are of the element read,
         * one of L1's iteration's own, after the read */
        int at = top_position(top, r);
        int last = at < l1 ? at - 1 : l1 - 1;
        for (int t = 0; t <= last; t++)
            if (stmt_writes_buffer(top->stmts.items[t], r->buf))
                return false;
        if (at == l1 && stmt_writes_buffer(n->path[0], r->buf) &&
            !(own_element_of_l1(n, r) && writes_only_after(n->path[0]->body, r, false)))
            return false;
    }
    return true;
}

/* Whether b reads buf, or writes it other than by + updates (which
 * commute with the moved ones). */
static bool used_besides_sums(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool sum = s->kind == S_ACC && s->acc_op == RED_ADD;
        if ((!sum && !s->then_body && !s->else_body && !s->body &&
             (stmt_reads_buffer(s, buf) || stmt_writes_buffer(s, buf))) ||
            ((s->kind == S_SCAN || s->kind == S_HIST) &&
             (stmt_reads_buffer(s, buf) || stmt_writes_buffer(s, buf))) ||
            used_besides_sums(s->then_body, buf) || used_besides_sums(s->else_body, buf) ||
            used_besides_sums(s->body, buf))
            return true;
    }
    return false;
}

/* Appends b's statements of the slice, in order, to out. */
static void slice_of(Nest *n, Body *b, Body *out) {
    for (int i = 0; i < b->stmts.len; i++)
        if (vec_contains(&n->slice, b->stmts.items[i]))
            body_append(n->a, out, b->stmts.items[i]);
}

static Stmt *loop_over(Nest *n, StmtKind kind, Stmt *like) {
    Stmt *l = stmt_new(n->a, kind, like->loc);
    l->index = like->index;
    l->lo = like->lo;
    l->hi = like->hi;
    l->text = like->text;
    l->body = body_new(n->a);
    return l;
}

/* map L1 { loop m { m's slice; L1's slice; loop L2 { ... the accumulation } } } */
static Stmt *build_nest(Nest *n) {
    Stmt *outer = loop_over(n, S_MAP, n->path[0]);
    outer->text = "map";
    outer->note = "adjoint, interchanged: each iteration owns its elements of the sums (SC22 6.1)";
    Stmt *rows = loop_over(n, S_LOOP, n->map);
    rows->text = NULL;
    body_append(n->a, outer->body, rows);
    slice_of(n, n->map->body, rows->body);
    Body *at = rows->body;
    for (int p = 0; p < n->depth; p++) {
        if (p > 0) {
            Stmt *l = loop_over(n, S_LOOP, n->path[p]);
            body_append(n->a, at, l);
            at = l->body;
        }
        slice_of(n, n->path[p]->body, at);
    }
    Stmt *acc = stmt_new(n->a, S_ACC, n->acc->loc);
    *acc = *n->acc;
    acc->acc = ACC_PLAIN;
    body_append(n->a, at, acc);
    Body *wrap = body_new(n->a);
    body_append(n->a, wrap, outer);
    return body_clone(n->a, n->f, wrap)->stmts.items[0];
}

static bool remove_stmt(Body *b, Stmt *s) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *t = b->stmts.items[i];
        if (t == s) {
            memmove(&b->stmts.items[i], &b->stmts.items[i + 1],
                    sizeof(void *) * (size_t)(b->stmts.len - i - 1));
            b->stmts.len--;
            return true;
        }
        if (remove_stmt(t->then_body, s) || remove_stmt(t->else_body, s) || remove_stmt(t->body, s))
            return true;
    }
    return false;
}

/* The accumulation c moved out of m, into a nest returned (NULL: it
 * cannot be). */
static Stmt *interchange_one(Arena *a, Func *f, Stmt *m, Candidate *c) {
    Nest n = {.a = a, .f = f, .map = m, .nvars = f->next_var_id, .acc = c->acc, .depth = c->depth};
    memcpy(n.path, c->path, sizeof(Stmt *) * (size_t)c->depth);
    if (used_besides_sums(m->body, n.acc->buf) || body_declares(m->body, n.acc->buf))
        return NULL;
    Stmt *l1 = n.path[0];
    n.level = malloc(sizeof(int) * (size_t)(n.nvars + 1));
    n.def = calloc((size_t)n.nvars + 1, sizeof(Stmt *));
    n.binds = calloc((size_t)n.nvars + 1, sizeof(int));
    for (int i = 0; i <= n.nvars; i++)
        n.level[i] = -2;
    bind(&n, m->index, 0, m);
    index_binds(&n, m->body, 0);
    Stmt *nest = NULL;
    bool ok = !bound_in_map(&n, l1->lo) && !bound_in_map(&n, l1->hi) && rows_of_l1(&n, n.acc);
    for (int d = 0; ok && d < n.acc->nidx; d++)
        ok = !depends_on_index(&n, n.acc->idx[d], 0) && add_to_slice(&n, n.acc->idx[d]);
    ok = ok && add_to_slice(&n, n.acc->args[0]);
    for (int p = 1; ok && p < n.depth; p++)
        ok = add_to_slice(&n, n.path[p]->lo) && add_to_slice(&n, n.path[p]->hi);
    if (ok && reads_stable(&n)) {
        nest = build_nest(&n);
        remove_stmt(m->body, n.acc);
    }
    free(n.level);
    free(n.def);
    free(n.binds);
    return nest;
}

static bool interchange_body(Arena *a, Func *f, Body *b) {
    bool changed = false;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP && !s->serial) {
            PtrVec cands = {0};
            Stmt *path[8];
            find_accs(a, s->body, path, 0, &cands);
            for (int c = 0; c < cands.len; c++) {
                Stmt *nest = interchange_one(a, f, s, cands.items[c]);
                if (!nest)
                    continue;
                vec_insert(a, &b->stmts, i, nest);
                i++;
                changed = true;
            }
            continue;
        }
        if (s->kind == S_LOOP || s->kind == S_IF || s->kind == S_BLOCK)
            changed |= interchange_body(a, f, s->then_body) | interchange_body(a, f, s->else_body) |
                       interchange_body(a, f, s->body);
    }
    return changed;
}

bool interchange_accumulations(Arena *a, Func *f) {
    return interchange_body(a, f, f->body);
}
