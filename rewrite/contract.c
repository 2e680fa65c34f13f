/* The promise of map and reduce (PRAGMAS.md section 2): an iteration writes
 * only locations no other iteration touches. pargrad cannot prove it for
 * every program, but one breach is certain and common: an iteration writing
 * an array declared outside the loop at an index that does not depend on
 * the loop index (OpenMP's private scratch habit, `t[j] = ...`). Every
 * iteration then writes the same elements, a race in the parallel program
 * and a wrong gradient. Such writes are rejected here, after lifting.
 *
 * Likewise an iteration reading a[i + k'] of an array the loop writes at
 * a[i + k] (a[i] = a[i - 1] + ...), or writing both a[i + k] and a[i + k']
 * in every iteration (the next iteration writes one of them again).
 *
 * Dependence on the index is over-approximated (any operand, any enclosing
 * condition or loop bound that depends on it), so that only certain
 * breaches are reported. A read whose element other iterations may write
 * in a shape nothing here follows (y[i] read, y[(i + 1) % n] written) is
 * neither certain nor checked: the caller hears of it as a doubt. */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

typedef struct Contract {
    Arena *a;
    RevErrors *err;
    Stmt *loop;         /* the parallel loop whose promise is checked */
    unsigned char *dep; /* per variable id: depends on loop->index */
    int nvars;
    PtrVec inner_bufs;    /* buffers declared inside the loop: private per iteration */
    PtrVec reads, writes; /* S_READ and S_WRITE of buffers declared outside it */
    PtrVec always;        /* those writes that every iteration runs */
    Stmt **def;           /* per variable id: the statement binding it */
    bool failed;
    ContractDoubt *doubt;  /* where to say which promise could not be checked, or NULL */
    unsigned char *inside; /* per variable id: defined in the loop (an inner index too) */
    /* The branches of ifs around the statement being scanned, innermost
     * first, and per read and write (aligned with reads, writes) the
     * branches around it */
    struct Branch *branch;
    PtrVec read_branches, write_branches;
} Contract;

/* A branch of an if: its then (side 0) or else (side 1) body. */
typedef struct Branch {
    Stmt *if_stmt;
    int side;
    struct Branch *outer;
} Branch;

typedef struct DepScan {
    Contract *c;
    bool any;
} DepScan;

static bool is_dep(Contract *c, Operand o) {
    return o.kind == OPD_VAR && o.var->id < c->nvars && c->dep[o.var->id];
}

static void visit_dep(Operand *o, void *ctx) {
    DepScan *ds = ctx;
    ds->any |= is_dep(ds->c, *o);
}

static bool reads_dep(Contract *c, Stmt *s) {
    DepScan ds = {c, false};
    stmt_visit_operands(s, visit_dep, &ds);
    return ds.any;
}

static bool mark(Contract *c, Var *v) {
    if (!v || v->id >= c->nvars || c->dep[v->id])
        return false;
    c->dep[v->id] = 1;
    return true;
}

/* One breach of the promise: reported once, at the statement. */
static void report_breach(Contract *c, SrcLoc loc, const char *hint, const char *what) {
    if (c->failed)
        return;
    const char *a = c->loop->loop_notes ? c->loop->loop_notes->annotation : NULL;
    const char *kind = !a               ? (c->loop->kind == S_MAP ? "map" : "reduce")
                       : strchr(a, '(') ? arena_printf(c->a, "%.*s", (int)(strchr(a, '(') - a), a)
                                        : a;
    const char *msg =
        arena_printf(c->a, "iterations of the %s at line %d %s, which breaks the %s's promise",
                     kind, c->loop->loc.line, what, kind);
    if (c->loop->note && !strncmp(c->loop->note, "memcpy", 6)) { /* (tool/lift_mem.c's map) */
        msg = "memcpy between overlapping parts of one array (undefined in C)";
        hint = "copy with memmove's order as a loop, or between two arrays";
    }
    c->err->count++;
    if (c->err->report)
        c->err->report(c->err->ctx, loc, hint, msg);
    c->failed = true;
}

static void report(Contract *c, Stmt *w) {
    report_breach(c, w->loc,
                  arena_printf(c->a,
                               "declare the scratch array inside the loop (one per iteration), "
                               "or index '%s' by the loop index '%s'",
                               w->buf->name, c->loop->index->name),
                  arena_printf(c->a,
                               "all write the same elements of '%s': its index does not depend "
                               "on the loop index '%s' (a race when the loop runs in parallel)",
                               w->buf->name, c->loop->index->name));
}

static void scan_body(Contract *c, Body *b, bool control);

/* An index (i + k) / c or (i + k) % c for a constant c >= 2, (i + k) >> s
 * for s >= 1, (i + k) & m for an m with its lowest bit clear: consecutive
 * iterations share an element (the loop index itself, not another
 * variable, so that row * m + col shapes are not taken for it). */
static bool index_plus_const(Contract *c, Operand o, long long *off, int depth);

static bool divides_index(Contract *c, Operand o) {
    Stmt *d = o.kind == OPD_VAR && o.var->id < c->nvars ? c->def[o.var->id] : NULL;
    while (d && d->kind == S_LET && (d->op == OP_COPY || d->op == OP_CAST) &&
           d->args[0].kind == OPD_VAR && d->args[0].var->id < c->nvars)
        d = c->def[d->args[0].var->id];
    long long off;
    if (!d || d->kind != S_LET || type_is_float(d->dst->ty) || d->args[1].kind != OPD_CONST ||
        !index_plus_const(c, d->args[0], &off, 0))
        return false;
    long long k = d->args[1].ival;
    return ((d->op == OP_DIV || d->op == OP_MOD) && k >= 2) || (d->op == OP_SHR && k >= 1) ||
           (d->op == OP_BITAND && (k & 1) == 0);
}

static void report_shared(Contract *c, Stmt *w) {
    report_breach(c, w->loc,
                  "write one element per iteration (index by the loop index), or make the loop "
                  "sequential",
                  arena_printf(c->a,
                               "write the same elements of '%s' (its index divides the "
                               "loop index)",
                               w->buf->name));
}

/* The body of a loop nested in the checked one, until the values it
 * carries stop gaining dependence on the index. */
static void scan_nested_loop(Contract *c, Stmt *s, bool control) {
    bool bounds = control || is_dep(c, s->lo) || is_dep(c, s->hi);
    if (bounds)
        mark(c, s->index);
    for (int round = 0; round <= s->carried.len; round++) {
        bool more = false;
        for (int i = 0; i < s->carried.len; i++) {
            Carried *cr = s->carried.items[i];
            if (is_dep(c, cr->init) || is_dep(c, cr->yield))
                more |= mark(c, cr->param);
        }
        scan_body(c, s->body, bounds);
        if (!more && round > 0)
            break;
    }
}

/* Marks what a statement defines as dependent when it reads a dependent
 * value or runs under a dependent condition, and checks writes. */
static void scan_stmt(Contract *c, Stmt *s, bool control) {
    switch (s->kind) {
    case S_DECL:
    case S_ALLOC:
        if (s->buf && !vec_contains(&c->inner_bufs, s->buf))
            vec_push(c->a, &c->inner_bufs, s->buf);
        break;
    case S_WRITE: {
        bool indexed = control;
        for (int i = 0; i < s->nidx; i++)
            indexed |= is_dep(c, s->idx[i]);
        if (!vec_contains(&c->inner_bufs, s->buf)) {
            if (!indexed)
                report(c, s);
            else if (!control && s->nidx == 1 && divides_index(c, s->idx[0]))
                report_shared(c, s);
            vec_push(c->a, &c->writes, s);
            vec_push(c->a, &c->write_branches, c->branch);
            if (!control)
                vec_push(c->a, &c->always, s);
        }
        break;
    }
    case S_READ:
        if (!vec_contains(&c->inner_bufs, s->buf))
            vec_push(c->a, &c->reads, s);
        vec_push(c->a, &c->read_branches, c->branch);
        break;
    case S_IF: {
        Branch *outer = c->branch, *sides = arena_alloc(c->a, 2 * sizeof(Branch));
        sides[0] = (Branch){s, 0, outer};
        sides[1] = (Branch){s, 1, outer};
        c->branch = &sides[0];
        scan_body(c, s->then_body, control || is_dep(c, s->cond));
        c->branch = &sides[1];
        scan_body(c, s->else_body, control || is_dep(c, s->cond));
        c->branch = outer;
        break;
    }
    case S_LOOP:
    case S_MAP:
    case S_REDUCE:
        scan_nested_loop(c, s, control);
        control |= is_dep(c, s->lo) || is_dep(c, s->hi);
        break;
    default:
        break;
    }
    if (control || reads_dep(c, s)) {
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int i = 0; i < n; i++)
            mark(c, defs[i]);
        free(defs);
        mark(c, s->dst);
    }
}

static void scan_body(Contract *c, Body *b, bool control) {
    for (int i = 0; b && i < b->stmts.len && !c->failed; i++)
        scan_stmt(c, b->stmts.items[i], control);
}

/* o is the loop index plus a constant *off (through copies and casts). */
static bool index_plus_const(Contract *c, Operand o, long long *off, int depth) {
    if (o.kind != OPD_VAR || depth > 16)
        return false;
    /* the counter too where it moves by one: i and i - 1 of a loop down */
    Counter *ctr = c->loop->counter;
    if (o.var == c->loop->index || (ctr && o.var == ctr->var && opd_is_const(ctr->step, 1))) {
        *off = 0;
        return true;
    }
    Stmt *d = o.var->id < c->nvars ? c->def[o.var->id] : NULL;
    if (!d || d->kind != S_LET || type_is_float(d->dst->ty))
        return false;
    if (d->op == OP_COPY || d->op == OP_CAST)
        return index_plus_const(c, d->args[0], off, depth + 1);
    if ((d->op == OP_ADD || d->op == OP_SUB) && d->args[1].kind == OPD_CONST &&
        index_plus_const(c, d->args[0], off, depth + 1)) {
        *off += d->op == OP_ADD ? d->args[1].ival : -d->args[1].ival;
        return true;
    }
    if (d->op == OP_ADD && d->args[0].kind == OPD_CONST &&
        index_plus_const(c, d->args[1], off, depth + 1)) {
        *off += d->args[0].ival;
        return true;
    }
    return false;
}

/* How the elements accesses x and y of one array touch compare, where
 * each subscript is the loop index plus a constant in both, or one operand
 * that does not depend on the index in both (a[i][j] and a[i - 1][j] in
 * the loop over j inside): SUBSCRIPTS_SAME, or SUBSCRIPTS_OFFSET where an
 * offset differs (the other iteration's element); else SUBSCRIPTS_OTHER. */
typedef enum { SUBSCRIPTS_OTHER, SUBSCRIPTS_SAME, SUBSCRIPTS_OFFSET } SubscriptMatch;

/* A subscript (I + k) * step + rest of a flat array's rows (u[i * ny + j],
 * u[(i - 1) * ny + j], I the loop index; rest none where there is none,
 * step none for 1), where step and rest do not depend on the index. */
typedef struct RowForm {
    long long k;
    Operand step, rest;
} RowForm;

static Stmt *let_of(Contract *c, Operand o) {
    Stmt *d = o.kind == OPD_VAR && o.var->id < c->nvars ? c->def[o.var->id] : NULL;
    return d && d->kind == S_LET && !type_is_float(d->dst->ty) ? d : NULL;
}

static bool pure_int_op(PrimOp op) {
    return op == OP_COPY || op == OP_CAST || op == OP_SELECT || (op >= OP_NEG && op <= OP_NOT);
}

/* x and y hold the same value wherever an iteration reads both: one
 * operand, or lets of one operator over such operands (a subscript written
 * out twice, a[r * n + j] = 2 * a[r * n + j], is two lets), down to
 * constants and variables never assigned again (a mutable one may change
 * between the two). */
static bool same_value(Contract *c, Operand x, Operand y, int depth) {
    if (opd_equal(x, y))
        return depth == 0 || x.kind != OPD_VAR || !x.var->is_mutable;
    Stmt *dx = depth < 16 ? let_of(c, x) : NULL, *dy = depth < 16 ? let_of(c, y) : NULL;
    if (!dx || !dy || !pure_int_op(dx->op) || !lets_alike(dx, dy))
        return false;
    for (int k = 0; k < dx->nargs; k++)
        if (!same_value(c, dx->args[k], dy->args[k], depth + 1))
            return false;
    return true;
}

static bool row_step(Contract *c, Operand o, RowForm *f) {
    f->step = opd_none();
    if (index_plus_const(c, o, &f->k, 0))
        return true;
    Stmt *d = let_of(c, o);
    if (d && d->op == OP_CAST)
        return row_step(c, d->args[0], f);
    if (!d || d->op != OP_MUL)
        return false;
    for (int q = 0; q < 2; q++)
        if (index_plus_const(c, d->args[q], &f->k, 0) && !is_dep(c, d->args[1 - q])) {
            f->step = d->args[1 - q];
            return true;
        }
    return false;
}

static bool row_form(Contract *c, Operand o, RowForm *f) {
    f->rest = opd_none();
    if (row_step(c, o, f))
        return true;
    Stmt *d = let_of(c, o);
    if (d && d->op == OP_CAST)
        return row_form(c, d->args[0], f);
    if (!d || d->op != OP_ADD)
        return false;
    for (int q = 0; q < 2; q++)
        if (row_step(c, d->args[q], f) && !is_dep(c, d->args[1 - q])) {
            f->rest = d->args[1 - q];
            return true;
        }
    return false;
}

/* The offsets of subscripts x and y in the same rows (*xo, *yo); false
 * where they are not both of one RowForm. */
static bool same_rows(Contract *c, Operand x, Operand y, long long *xo, long long *yo) {
    RowForm fx, fy;
    if (!row_form(c, x, &fx) || !row_form(c, y, &fy) || !same_value(c, fx.step, fy.step, 0) ||
        !same_value(c, fx.rest, fy.rest, 0))
        return false;
    *xo = fx.k;
    *yo = fy.k;
    return true;
}

static SubscriptMatch compare_subscripts(Contract *c, Stmt *x, Stmt *y) {
    if (x->buf != y->buf || x->nidx != y->nidx || x->nidx < 1)
        return SUBSCRIPTS_OTHER;
    bool by_index = false, offset = false;
    for (int d = 0; d < x->nidx; d++) {
        long long xo = 0, yo = 0;
        if (same_rows(c, x->idx[d], y->idx[d], &xo, &yo)) {
            by_index = true;
            offset |= xo != yo;
        } else if (!same_value(c, x->idx[d], y->idx[d], 0) || is_dep(c, x->idx[d])) {
            return SUBSCRIPTS_OTHER;
        }
    }
    return !by_index ? SUBSCRIPTS_OTHER : offset ? SUBSCRIPTS_OFFSET : SUBSCRIPTS_SAME;
}

/* A certain dependence between iterations through an array the loop writes
 * at a[i + k] in every iteration: an iteration reading a[i + k'] for
 * another k' (a[i] = a[i - 1] + ...: a recurrence, not a map; u[i][j] =
 * ... u[i - 1][j]; u[i * ny + j] = ... u[(i - 1) * ny + j]).
 * Reads in other shapes (rows of a matrix the iteration owns) are left to
 * the user's promise. */
static void check_reads_of_written(Contract *c) {
    for (int i = 0; i < c->reads.len && !c->failed; i++) {
        Stmt *rd = c->reads.items[i];
        bool own = false, other = false;
        for (int k = 0; k < c->writes.len; k++) {
            SubscriptMatch m = compare_subscripts(c, rd, c->writes.items[k]);
            own |= m == SUBSCRIPTS_SAME;
            /* (a write under a condition on the index may skip the element
             * read: red-black sweeps write one colour, read the other) */
            other |= m == SUBSCRIPTS_OFFSET && vec_contains(&c->always, c->writes.items[k]);
        }
        if (own || !other)
            continue;
        report_breach(
            c, rd->loc,
            "if iterations depend on each other, drop the annotation (a sequential "
            "loop); a stencil reads one array and writes another",
            arena_printf(c->a, "read elements of '%s' that other iterations write", rd->buf->name));
    }
}

/* Every iteration writing a[i + k] and a[i + k'] for k != k': iteration i
 * and iteration i + k - k' both write one element. Writes under a
 * condition on the index are left out (every other iteration may write a
 * pair). */
static void check_writes_twice(Contract *c) {
    for (int i = 0; i < c->always.len && !c->failed; i++) {
        Stmt *w = c->always.items[i];
        for (int k = i + 1; k < c->always.len && !c->failed; k++) {
            Stmt *v = c->always.items[k];
            if (compare_subscripts(c, w, v) != SUBSCRIPTS_OFFSET)
                continue;
            long long off = 0, off2 = 0;
            for (int d = 0; d < w->nidx; d++)
                if (same_rows(c, w->idx[d], v->idx[d], &off, &off2) && off != off2)
                    break;
            report_breach(c, v->loc, "write one element per iteration, or make the loop sequential",
                          arena_printf(c->a,
                                       "write elements of '%s' that other iterations "
                                       "write too (each writes two, %lld apart)",
                                       w->buf->name, off2 > off ? off2 - off : off - off2));
        }
    }
}

/* o is an element of the iteration's row, in the shape owned rows are
 * written: (i + k) * step + rest for any rest where a step is given
 * (rest in [0, step) is the map's promise, as in row_form), plus or minus
 * terms that do not depend on the index. */
static bool row_like(Contract *c, Operand o, int depth) {
    RowForm f;
    if (depth > 16)
        return false;
    if (row_step(c, o, &f))
        return true;
    Stmt *d = let_of(c, o);
    if (d && d->op == OP_CAST)
        return row_like(c, d->args[0], depth + 1);
    if (d && d->op == OP_SUB && !is_dep(c, d->args[1]))
        return row_like(c, d->args[0], depth + 1);
    for (int q = 0; d && d->op == OP_ADD && q < 2; q++)
        if ((!is_dep(c, d->args[1 - q]) && row_like(c, d->args[q], depth + 1)) ||
            (row_step(c, d->args[q], &f) && f.step.kind != OPD_NONE))
            return true;
    return false;
}

/* A subscript that depends on the index in no shape of a row: (i + 1) % n,
 * n - 1 - i, idx[i], a select of the index. */
static bool opaque(Contract *c, Operand o) {
    return is_dep(c, o) && !row_like(c, o, 0);
}

/* o is base plus a constant *off (through copies and casts) */
static Operand base_plus_const(Contract *c, Operand o, long long *off, int depth) {
    Stmt *d = depth < 16 ? let_of(c, o) : NULL;
    if (d && (d->op == OP_COPY || d->op == OP_CAST))
        return base_plus_const(c, d->args[0], off, depth + 1);
    if (d && (d->op == OP_ADD || d->op == OP_SUB) && d->args[1].kind == OPD_CONST) {
        *off += d->op == OP_ADD ? d->args[1].ival : -d->args[1].ival;
        return base_plus_const(c, d->args[0], off, depth + 1);
    }
    return o;
}

/* Subscripts that do not depend on the index and are certainly apart:
 * t and t - 1 (two time levels of an array). */
static bool apart(Contract *c, Operand x, Operand y) {
    long long xo = 0, yo = 0;
    if (is_dep(c, x) || is_dep(c, y))
        return false;
    Operand bx = base_plus_const(c, x, &xo, 0), by = base_plus_const(c, y, &yo, 0);
    return same_value(c, bx, by, 0) && xo != yo;
}

static bool defined_inside(Contract *c, Operand o) {
    return o.kind == OPD_VAR && o.var->id < c->nvars && c->inside[o.var->id];
}

/* A view's offset into its array set before the loop, where the
 * subscript adds one (cur + (i + 1) % n, in + k for in = act + l * w);
 * none otherwise. */
static Operand base_term(Contract *c, Operand o) {
    Stmt *d = let_of(c, o);
    if (d && d->op == OP_CAST)
        return base_term(c, d->args[0]);
    for (int q = 0; d && d->op == OP_ADD && d->view_sum && q < 2; q++)
        if (!is_dep(c, d->args[1 - q]) && !defined_inside(c, d->args[1 - q]))
            return d->args[1 - q];
    return opd_none();
}

/* Subscripts through views with different offsets set before the loop
 * (nxt[i] and cur[(i + 1) % n] in halves of one allocation, a layer's
 * in[k] and out[o] in one array of activations): where views point is
 * the user's layout, left to the promise. A sum the user writes in the
 * subscript, y[i + k], is compared as a subscript (compare_dimension). */
static bool views_apart(Contract *c, Operand x, Operand y) {
    Operand bx = base_term(c, x), by = base_term(c, y);
    return (bx.kind != OPD_NONE || by.kind != OPD_NONE) && !same_value(c, bx, by, 0);
}

/* r is at least the loop's upper bound (plus k), the index starting at a
 * constant >= 0: (b + o) against (b + o') through copies, or constants. */
static bool at_or_past_end(Contract *c, Operand r, long long k) {
    Stmt *l = c->loop;
    if (l->counter || l->lo.kind != OPD_CONST || type_is_float(l->lo.ty) || l->lo.ival < 0)
        return false;
    long long ro = 0, ho = 0;
    Operand rb = base_plus_const(c, r, &ro, 0), hb = base_plus_const(c, l->hi, &ho, 0);
    if (rb.kind == OPD_CONST && hb.kind == OPD_CONST)
        return !type_is_float(rb.ty) && !type_is_float(hb.ty) && rb.ival + ro >= hb.ival + ho + k;
    return rb.kind == OPD_VAR && same_value(c, rb, hb, 0) && ro >= ho + k;
}

/* An element r that no iteration reads or writes at the index plus k:
 * before the first (a constant below the start) or past the last. */
static bool outside_range(Contract *c, Operand r, long long k) {
    Stmt *l = c->loop;
    long long ro = 0;
    Operand rb = base_plus_const(c, r, &ro, 0);
    if (!l->counter && rb.kind == OPD_CONST && !type_is_float(rb.ty) && l->lo.kind == OPD_CONST &&
        !type_is_float(l->lo.ty) && rb.ival + ro < l->lo.ival + k)
        return true;
    return at_or_past_end(c, r, k);
}

/* A subscript row * len + col of a flat array of rows (u[t * n + i - 1],
 * u[(t + 1) * n + (i + 1) % n]): row and len do not depend on the index,
 * col does; constants added outside the sum go into *off. */
typedef struct FlatRow {
    Operand row, len, col;
    long long off;
} FlatRow;

static bool flat_row(Contract *c, Operand o, FlatRow *r) {
    r->off = 0;
    Stmt *sum = let_of(c, base_plus_const(c, o, &r->off, 0));
    for (int q = 0; sum && sum->op == OP_ADD && q < 2; q++) {
        Stmt *m = let_of(c, sum->args[q]);
        if (!m || m->op != OP_MUL || is_dep(c, m->args[0]) || is_dep(c, m->args[1]) ||
            !is_dep(c, sum->args[1 - q]))
            continue;
        r->row = m->args[0];
        r->len = m->args[1];
        r->col = sum->args[1 - q];
        return true;
    }
    return false;
}

/* Every iteration's i + k lies in [0, len): the loop from a constant lo
 * with lo + k >= 0 up to hi with hi + k <= len (len itself, or constants). */
static bool index_within(Contract *c, long long k, Operand len) {
    Stmt *l = c->loop;
    if (l->counter || l->lo.kind != OPD_CONST || type_is_float(l->lo.ty) || l->lo.ival + k < 0)
        return false;
    long long ho = 0, lo = 0;
    Operand hb = base_plus_const(c, l->hi, &ho, 0), lb = base_plus_const(c, len, &lo, 0);
    if (hb.kind == OPD_CONST && lb.kind == OPD_CONST)
        return !type_is_float(hb.ty) && !type_is_float(lb.ty) && hb.ival + ho + k <= lb.ival + lo;
    return hb.kind == OPD_VAR && same_value(c, hb, lb, 0) && ho + k <= lo;
}

/* The column of r is in [0, len) in every iteration: the index plus a
 * constant within the loop's range, or (i + k) % len for i + k >= 0 (C's
 * remainder of a non-negative number). */
static bool column_within(Contract *c, const FlatRow *r, Operand len) {
    long long k = 0;
    if (index_plus_const(c, r->col, &k, 0))
        return index_within(c, k + r->off, len);
    Stmt *m = let_of(c, r->col);
    if (!m || m->op != OP_MOD || r->off != 0 || !same_value(c, m->args[1], len, 0) ||
        !index_plus_const(c, m->args[0], &k, 0))
        return false;
    Stmt *l = c->loop;
    return !l->counter && l->lo.kind == OPD_CONST && !type_is_float(l->lo.ty) &&
           l->lo.ival + k >= 0;
}

/* x and w in different rows of one flat array, each within its row (two
 * time levels of a trajectory, u[t * n + i] written and u[(t - 1) * n +
 * (i + 1) % n] read): apart whatever the columns. */
static bool rows_apart(Contract *c, Operand x, Operand w) {
    FlatRow rx, rw;
    if (!flat_row(c, x, &rx) || !flat_row(c, w, &rw))
        return false;
    for (int q = 0; q < 2; q++) { /* (t * n or n * t: which factor is the length) */
        Operand xlen = q ? rx.row : rx.len, xrow = q ? rx.len : rx.row;
        for (int p = 0; p < 2; p++) {
            Operand wlen = p ? rw.row : rw.len, wrow = p ? rw.len : rw.row;
            if (same_value(c, xlen, wlen, 0) && apart(c, xrow, wrow) &&
                column_within(c, &rx, xlen) && column_within(c, &rw, wlen))
                return true;
        }
    }
    return false;
}

typedef enum { DIM_NEUTRAL, DIM_SAFE, DIM_UNSURE } DimVerdict;

/* Whether read subscript x and write subscript w of one dimension keep
 * iterations apart (DIM_SAFE: the iteration's own row, elements certainly
 * apart, or a layout of views), may let one iteration read what another
 * writes where nothing tells (DIM_UNSURE), or say nothing either way. */
static DimVerdict compare_dimension(Contract *c, Operand x, Operand w) {
    long long xo, wo;
    if (index_plus_const(c, x, &xo, 0) && index_plus_const(c, w, &wo, 0))
        return xo == wo ? DIM_SAFE : DIM_NEUTRAL; /* (offsets: check_reads_of_written) */
    if (same_value(c, x, w, 0))
        return DIM_NEUTRAL;
    if (apart(c, x, w) || views_apart(c, x, w) || rows_apart(c, x, w))
        return DIM_SAFE;
    if (opaque(c, x) || opaque(c, w))
        return DIM_UNSURE;
    if (!is_dep(c, x) && is_dep(c, w)) { /* y[0], y[j] of an inner loop, against y[i + k] */
        return index_plus_const(c, w, &wo, 0) && outside_range(c, x, wo) ? DIM_SAFE : DIM_UNSURE;
    }
    RowForm fx, fw;
    if (!row_form(c, x, &fx) || !row_form(c, w, &fw))
        return DIM_NEUTRAL;
    if (!same_value(c, fx.step, fw.step,
                    0)) /* y[2 * i] against y[i], y[j * m + i] against y[i * m + j] */
        return DIM_UNSURE;
    if (fx.step.kind != OPD_NONE || same_value(c, fx.rest, fw.rest, 0) || fx.k != fw.k)
        return DIM_NEUTRAL; /* (columns of the iteration's own row) */
    /* y[i + k] against y[i]: apart only where one starts past the other's end */
    Operand other = fx.rest.kind == OPD_NONE   ? fw.rest
                    : fw.rest.kind == OPD_NONE ? fx.rest
                                               : opd_none();
    return other.kind != OPD_NONE && at_or_past_end(c, other, 0) ? DIM_SAFE : DIM_UNSURE;
}

/* Whether read x and write y of one array may touch elements of different
 * iterations in a way nobody can check: no dimension keeps them apart and
 * one is unsure (see compare_dimension). */
static bool doubtful_pair(Contract *c, Stmt *x, Stmt *y) {
    if (x->buf != y->buf || x->nidx != y->nidx || compare_subscripts(c, x, y) != SUBSCRIPTS_OTHER)
        return false;
    bool unsure = false;
    for (int d = 0; d < x->nidx; d++) {
        DimVerdict v = compare_dimension(c, x->idx[d], y->idx[d]);
        if (v == DIM_SAFE)
            return false;
        unsure |= v == DIM_UNSURE;
    }
    return unsure;
}

static void mark_inside(Contract *c, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            if (defs[k] && defs[k]->id < c->nvars)
                c->inside[defs[k]->id] = 1;
        free(defs);
        if (s->dst && s->dst->id < c->nvars)
            c->inside[s->dst->id] = 1;
        if (s->index && s->index->id < c->nvars)
            c->inside[s->index->id] = 1;
        mark_inside(c, s->then_body);
        mark_inside(c, s->else_body);
        mark_inside(c, s->body);
    }
}

/* Whether two statements lie in the two branches of one if (an
 * iteration runs one of them, its neighbour maybe the other). */
static bool opposite_branches(const Branch *x, const Branch *y) {
    for (; x; x = x->outer)
        for (const Branch *b = y; b; b = b->outer)
            if (b->if_stmt == x->if_stmt && b->side != x->side)
                return true;
    return false;
}

/* The first read of an array the loop writes whose element another
 * iteration may write, where nothing tells (y[i] read, y[(i + 1) % n]
 * written; y[i] read in one branch of an if, y[i + 1] written in the
 * other), else the first pair of writes so (y[i] and y[n - 1 - i]; y[i]
 * and y[i + 1] where one is conditional, as both always would be a
 * certain breach): not a certain breach, so the caller differentiates the
 * loop as the sequential loop it means without the annotation. A read
 * and a conditional write at an offset in one branch are left to the
 * promise: red-black sweeps write one colour, read the other. */
static void find_doubt(Contract *c) {
    for (int i = 0; i < c->reads.len && !c->doubt->loop; i++)
        for (int k = 0; k < c->writes.len && !c->doubt->loop; k++)
            if (doubtful_pair(c, c->reads.items[i], c->writes.items[k]) ||
                (compare_subscripts(c, c->reads.items[i], c->writes.items[k]) ==
                     SUBSCRIPTS_OFFSET &&
                 opposite_branches(c->read_branches.items[i], c->write_branches.items[k])))
                *c->doubt = (ContractDoubt){c->loop, c->reads.items[i], c->writes.items[k]};
    for (int i = 0; i < c->writes.len && !c->doubt->loop; i++)
        for (int k = i + 1; k < c->writes.len && !c->doubt->loop; k++)
            if (doubtful_pair(c, c->writes.items[i], c->writes.items[k]) ||
                compare_subscripts(c, c->writes.items[i], c->writes.items[k]) == SUBSCRIPTS_OFFSET)
                *c->doubt = (ContractDoubt){c->loop, c->writes.items[i], c->writes.items[k]};
}

static void check_loop(Arena *a, Func *f, RevErrors *err, Stmt *loop, Stmt **def, bool *failed,
                       ContractDoubt *doubt) {
    Contract c = {
        .a = a, .err = err, .loop = loop, .nvars = f->next_var_id, .def = def, .doubt = doubt};
    c.dep = xcalloc((size_t)c.nvars + 1, 1);
    mark(&c, loop->index);
    scan_body(&c, loop->body, false);
    if (!c.failed)
        check_reads_of_written(&c);
    if (!c.failed)
        check_writes_twice(&c);
    if (!c.failed && doubt && !doubt->loop) {
        c.inside = xcalloc((size_t)c.nvars + 1, 1);
        mark_inside(&c, loop->body);
        find_doubt(&c);
        free(c.inside);
    }
    free(c.dep);
    *failed |= c.failed;
}

static void index_defs(Body *b, Stmt **def, int nvars) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->dst && s->dst->id < nvars)
            def[s->dst->id] = s;
        index_defs(s->then_body, def, nvars);
        index_defs(s->else_body, def, nvars);
        index_defs(s->body, def, nvars);
    }
}

static void check_body(Arena *a, Func *f, RevErrors *err, Body *b, Stmt **def, bool *failed,
                       ContractDoubt *doubt) {
    for (int i = 0; b && i < b->stmts.len && !*failed; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP || s->kind == S_REDUCE)
            check_loop(a, f, err, s, def, failed, doubt);
        check_body(a, f, err, s->then_body, def, failed, doubt);
        check_body(a, f, err, s->else_body, def, failed, doubt);
        check_body(a, f, err, s->body, def, failed, doubt);
    }
}

/* The promises of the maps and reduces in b, a body of f (the whole
 * function, or code after a constant condition that never runs, lifted
 * only for its diagnostics: a broken promise there is still the user's
 * mistake, and the same code may run once the constant changes). */
bool contract_check(Arena *a, Func *f, Body *b, RevErrors *err, ContractDoubt *doubt) {
    bool failed = false;
    Stmt **def = xcalloc((size_t)f->next_var_id + 1, sizeof(Stmt *));
    index_defs(f->body, def, f->next_var_id);
    if (b != f->body)
        index_defs(b, def, f->next_var_id);
    if (doubt)
        *doubt = (ContractDoubt){0};
    check_body(a, f, err, b, def, &failed, doubt);
    free(def);
    return !failed;
}
