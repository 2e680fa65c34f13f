/* Maps of a few iterations whose bodies run scans, the columns of rows
 * (`for j < 16: scan(* : acc) over acc *= x[i * 16 + j]`, the form pargrad
 * gives a scan of rows): run one column after another, each scan strides
 * through memory a word per row of 128 bytes, and its saved prefixes go
 * to arrays of their own. Here the map's iterations run side by side as
 * vector lanes, a group of them per thread, and each scan runs over its
 * rows once for the whole group with the lanes innermost, so that every
 * access is contiguous. The arrays the body allocates become one per
 * group with the lanes' elements interleaved (a[k * lanes + l]), and the
 * values the body computes outside the scans one per lane (v[l]). */
#include "emit_internal.h"

#include <stdlib.h>
#include <string.h>

/* The stack arrays of per-lane values have the map's trip count as their
 * length: the transformation applies up to this many iterations (more
 * columns give the threads enough work as columns). */
enum { MAX_LANES = 64 };

struct Lanes {
    Stmt *map;
    long long lo;            /* the map's first index */
    long width;              /* its iterations */
    const char *lane;        /* the index of the lane loop the emitter is in, else NULL */
    const char *lane_name;   /* the lane loops' index */
    const char *count;       /* the group's lanes */
    const char *first;       /* the map index of its lane 0 */
    unsigned char *per_lane; /* per variable id: held per lane, v[l] */
    PtrVec bufs;             /* the arrays the body allocates, interleaved */
};

/* ---- which maps ---- */

typedef struct Deps {
    Emitter *e;
    unsigned char *dep; /* per variable id: differs between the lanes */
    bool hit;
} Deps;

/* (variables made while emitting differ: they are defined inside lanes) */
static bool is_dep(Emitter *e, unsigned char *dep, Var *v) {
    return v->id >= e->nvars || dep[v->id];
}

static void find_dep(Operand *o, void *ctx) {
    Deps *d = ctx;
    if (o->kind == OPD_VAR && is_dep(d->e, d->dep, o->var))
        d->hit = true;
}

static bool reads_dep(Deps *d, Stmt *s) {
    d->hit = false;
    stmt_visit_operands(s, find_dep, d);
    return d->hit;
}

static void mark_defs(Deps *d, Stmt *s) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int k = 0; k < n; k++)
        if (defs[k]->id < d->e->nvars)
            d->dep[defs[k]->id] = 1;
    free(defs);
}

/* The value of an integer operand computed from constants (`trips = 3 +
 * 1`, the trip count of a loop counting down), through depth lets. */
static bool known_int(Emitter *e, Operand o, long long *v, int depth) {
    if (o.kind == OPD_CONST && !type_is_float(o.ty)) {
        *v = o.ival;
        return true;
    }
    if (o.kind != OPD_VAR || o.var->id >= e->nvars || depth == 0 || type_is_float(o.ty))
        return false;
    Stmt *d = e->def_stmt[o.var->id];
    long long x, y = 0;
    if (!d || d->kind != S_LET || d->dst->is_mutable || e->defs[o.var->id] != 1 ||
        !known_int(e, d->args[0], &x, depth - 1) ||
        (d->nargs > 1 && !known_int(e, d->args[1], &y, depth - 1)))
        return false;
    switch (d->op) {
    case OP_COPY:
    case OP_CAST:
        *v = x;
        return true;
    case OP_ADD:
        *v = x + y;
        return true;
    case OP_SUB:
        *v = x - y;
        return true;
    case OP_MUL:
        *v = x * y;
        return true;
    default:
        return false;
    }
}

/* Statements whose order between the iterations shows, or that reach an
 * array other than through a subscript the lanes can interleave. */
static bool body_fits_lanes(Body *b, PtrVec *bufs) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (stmt_uses_tape(s))
            return false;
        switch (s->kind) {
        case S_EFFECT:
        case S_RETURN:
        case S_HIST:
            return false;
        case S_SCAN:
            if (!s->fusion)
                return false; /* a runtime call on whole arrays */
            break;
        case S_ACC:
            if (s->acc == ACC_HALO)
                return false;
            break;
        case S_DECL:
            if (s->buf && vec_contains(bufs, s->buf))
                return false;
            break;
        default:
            break;
        }
        if (s->buf && vec_contains(bufs, s->buf) && s->kind != S_ALLOC && s->kind != S_FREE &&
            s->kind != S_SCAN && s->nidx != 1)
            return false;
        if (!body_fits_lanes(s->then_body, bufs) || !body_fits_lanes(s->else_body, bufs) ||
            !body_fits_lanes(s->body, bufs))
            return false;
    }
    return true;
}

/* A map of 2 to MAX_LANES iterations (constant bounds) whose body, at its
 * top, only computes values, allocates arrays of the same length in every
 * iteration, writes, and runs fused scans of the same length: what
 * statement-major order can run. */
static bool map_fits_lanes(Emitter *e, Stmt *m, unsigned char *dep, Lanes *L) {
    PtrVec *bufs = &L->bufs;
    long long lo, hi;
    if (m->kind != S_MAP || m->reversed || m->hist_bins || !known_int(e, m->lo, &lo, 8) ||
        !known_int(e, m->hi, &hi, 8) || hi - lo < 2 || hi - lo > MAX_LANES)
        return false;
    L->lo = lo;
    L->width = (long)(hi - lo);
    Deps d = {e, dep, false};
    if (m->index->id < e->nvars)
        dep[m->index->id] = 1;
    int scans = 0;
    Body *b = m->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool lane_dep = reads_dep(&d, s);
        switch (s->kind) {
        case S_COMMENT:
            break;
        case S_ALLOC:
            if (lane_dep)
                return false;
            vec_push(&e->a, bufs, s->buf);
            break;
        case S_FREE:
            if (!vec_contains(bufs, s->buf))
                return false;
            break;
        case S_READ:
            if (lane_dep || vec_contains(bufs, s->buf) || body_writes_buffer(b, s->buf) ||
                body_updates_buffer(b, s->buf))
                mark_defs(&d, s);
            break;
        case S_LET:
            if (lane_dep || s->dst->is_mutable)
                mark_defs(&d, s);
            break;
        case S_DECL:
            if (s->buf)
                return false;
            mark_defs(&d, s);
            break;
        case S_WRITE:
        case S_ACC:
            break;
        case S_MAP:
            if (s->hist_bins || (s->lo.kind == OPD_VAR && is_dep(e, dep, s->lo.var)) ||
                (s->hi.kind == OPD_VAR && is_dep(e, dep, s->hi.var)))
                return false;
            scans++;
            break;
        case S_SCAN:
            /* every lane runs the same trips: one loop over them */
            if (!s->fusion || (s->hi.kind == OPD_VAR && is_dep(e, dep, s->hi.var)))
                return false;
            mark_defs(&d, s);
            scans++;
            break;
        default:
            return false;
        }
    }
    return scans > 0 && body_fits_lanes(b, bufs);
}

/* ---- emission ---- */

bool lanes_at_top(Emitter *e) {
    return e->lanes && !e->lanes->lane;
}

long lanes_width(Emitter *e) {
    return e->lanes->width;
}

const char *lane_var_name(Emitter *e, Var *v, const char *name) {
    Lanes *L = e->lanes;
    if (L && L->lane && v->id < e->nvars && L->per_lane[v->id])
        return arena_printf(&e->a, "%s[%s]", name, L->lane);
    return name;
}

bool lane_buffer(Emitter *e, Buffer *b) {
    return e->lanes && vec_contains(&e->lanes->bufs, b);
}

const char *lane_count(Emitter *e) {
    return e->lanes->count;
}

const char *lane_subscript(Emitter *e, const char *name) {
    return arena_printf(&e->a, "%s[%s]", name, e->lanes->lane_name);
}

const char *lane_base_name(Emitter *e, const char *subscripted) {
    const char *bracket = strchr(subscripted, '[');
    return bracket ? arena_printf(&e->a, "%.*s", (int)(bracket - subscripted), subscripted)
                   : subscripted;
}

const char *lane_index(Emitter *e) {
    if (!e->lanes->lane) { /* map_fits_lanes let an interleaved array out of the lanes */
        fprintf(stderr, "pargrad: internal error: an interleaved array outside its lanes\n");
        exit(3);
    }
    return e->lanes->lane;
}

/* buf[at], or the lane's element of an interleaved array. */
const char *lane_element(Emitter *e, Buffer *b, const char *at) {
    if (!lane_buffer(e, b))
        return arena_printf(&e->a, "%s[%s]", buf_name(e, b), at);
    return arena_printf(&e->a, "%s[(%s) * %s + %s]", buf_name(e, b), at, e->lanes->count,
                        lane_index(e));
}

/* Vector lanes need no cross-lane updates (atomics, sums into one
 * variable) and no calls or loops the compiler cannot vectorise. */
bool lanes_vectorise(Emitter *e, Body **bodies, int n, Stmt *scan) {
    Clauses c = {0};
    for (int i = 0; i < n; i++)
        collect_clauses(e, bodies[i], &c);
    for (int q = 0; scan && q < 2; q++)
        if (scan->fusion->term[q]) /* declared by the scan's loop */
            vec_push(&e->a, &c.declared, scan->fusion->term[q]);
    if (c.atomics || c.unsafe_simd || c.calls)
        return false;
    for (int i = 0; i < c.summed.len; i++) {
        Var *v = c.summed.items[i];
        if (!vec_contains(&c.declared, v) && !(v->id < e->nvars && e->lanes->per_lane[v->id]))
            return false;
    }
    return true;
}

typedef struct Uses {
    Emitter *e;
    Var *v;
    bool hit;
} Uses;

static void find_use(Operand *o, void *ctx);

static void stmt_uses(Uses *u, Stmt *s) {
    stmt_visit_operands(s, find_use, u);
    for (int k = 0; k < s->accums.len; k++)
        find_use(&((Accum *)s->accums.items[k])->contrib, u);
    for (int k = 0; k < s->carried.len; k++)
        find_use(&((Carried *)s->carried.items[k])->yield, u);
    Body *bodies[] = {s->then_body, s->else_body, s->body};
    for (int i = 0; i < 3; i++)
        for (int k = 0; bodies[i] && k < bodies[i]->stmts.len; k++)
            stmt_uses(u, bodies[i]->stmts.items[k]);
}

/* through the expressions inlined into the operand */
static void find_use(Operand *o, void *ctx) {
    Uses *u = ctx;
    if (o->kind != OPD_VAR || u->hit)
        return;
    Var *v = o->var;
    if (v == u->v)
        u->hit = true;
    else if (v->id < u->e->nvars && u->e->inlined[v->id])
        stmt_uses(u, u->e->def_stmt[v->id]);
}

/* Whether the statements of bodies, or the operand at, read the map's
 * index: the lane loop defines it only then (-Wunused-variable). */
bool lanes_use_index(Emitter *e, Body **bodies, int n, Operand *at) {
    Uses u = {e, e->lanes->map->index, false};
    for (int i = 0; i < n; i++)
        for (int k = 0; bodies[i] && k < bodies[i]->stmts.len; k++) {
            Stmt *s = bodies[i]->stmts.items[k];
            if (s->dst && s->dst->id < e->nvars && e->inlined[s->dst->id])
                continue; /* read where it is inlined, maybe in another lane loop */
            stmt_uses(&u, s);
        }
    if (at)
        find_use(at, &u);
    return u.hit;
}

void lane_loop_open(Emitter *e, bool simd, bool index) {
    Lanes *L = e->lanes;
    if (simd && e->opt->openmp) {
        /* GCC only: clang warns (an error under -Werror) where it cannot
         * vectorise an `omp simd` loop */
        fputs("#ifndef __clang__\n", e->out);
        line(e, "#pragma omp simd");
        fputs("#endif\n", e->out);
    }
    const char *l = L->lane_name;
    line(e, arena_printf(&e->a, "for (int %s = 0; %s < %s; %s++) {", l, l, L->count, l));
    e->depth++;
    L->lane = l;
    Var *j = L->map->index;
    if (index)
        line(e, arena_printf(&e->a, "const %s %s = %s + %s;", type_cname(j->ty), var_name(e, j),
                             L->first, l));
}

void lane_loop_close(Emitter *e) {
    e->lanes->lane = NULL;
    close_block(e);
}

static bool is_lane_value(Stmt *s) {
    return (s->kind == S_LET && !s->dst->is_mutable) || s->kind == S_READ ||
           (s->kind == S_DECL && !s->buf);
}

/* Consecutive statements of the body that differ between the lanes, in one
 * lane loop; the values they define held per lane. */
static int emit_lane_run(Emitter *e, Body *b, int from, unsigned char *dep) {
    int to = from;
    for (; to < b->stmts.len; to++) {
        Stmt *s = b->stmts.items[to];
        if (s->kind != S_LET && s->kind != S_READ && s->kind != S_DECL && s->kind != S_WRITE &&
            s->kind != S_ACC)
            break;
        if (is_lane_value(s) && !is_dep(e, dep, s->dst))
            break; /* the same in every lane */
    }
    for (int i = from; i < to; i++) {
        Stmt *s = b->stmts.items[i];
        Var *d = s->dst;
        if (!is_lane_value(s) || (d->id < e->nvars && e->inlined[d->id]))
            continue;
        e->lanes->per_lane[d->id] = 1;
        line(e, arena_printf(&e->a, "%s %s[%ld];", type_cname(d->ty), var_name(e, d),
                             e->lanes->width));
    }
    bool any = false; /* all inlined where they are read: no loop of their own */
    for (int i = from; i < to && !any; i++) {
        Stmt *s = b->stmts.items[i];
        any = !is_lane_value(s) || s->dst->id >= e->nvars || !e->inlined[s->dst->id];
    }
    if (!any)
        return to;
    Body run = {.stmts = {b->stmts.items + from, to - from, to - from}};
    Body *bodies[] = {&run};
    lane_loop_open(e, lanes_vectorise(e, bodies, 1, NULL), lanes_use_index(e, bodies, 1, NULL));
    for (int i = from; i < to; i++) {
        Stmt *s = b->stmts.items[i];
        if (!is_lane_value(s)) {
            emit_stmt(e, s);
            continue;
        }
        if (s->dst->id < e->nvars && e->inlined[s->dst->id])
            continue;
        indent(e);
        fprintf(e->out, "%s = ", var_name(e, s->dst));
        emit_value_of(e, s);
        fputs(";\n", e->out);
    }
    lane_loop_close(e);
    return to;
}

/* ---- whether the loops inside may run their trips in parallel ----
 * The map's index told its iterations' accumulations apart (accum.c):
 * a plain x_b[i * 16 + j] += v owns its element for each j. With all the
 * lanes in each thread and the trips of the loops inside split among the
 * threads, each must also own its element for each trip: an index k * c
 * + (what does not change with k), k the loop's index. Sums into scalars
 * outside (per lane, or the map's) would be shared too. */
typedef struct Trips {
    Emitter *e;
    PtrVec trips;  /* Var*: the loop's index and its copies (the fused maps') */
    PtrVec inside; /* Var*: defined in the loop's body */
    bool ok;
} Trips;

/* 0: the same in every trip, 1: c k + (the same), c != 0, -1: otherwise */
static int trip_form(Trips *t, Operand o, int depth) {
    if (o.kind != OPD_VAR)
        return 0;
    Var *v = o.var;
    if (vec_contains(&t->trips, v))
        return 1;
    if (!vec_contains(&t->inside, v))
        return 0;
    Emitter *e = t->e;
    Stmt *d = v->id < e->nvars && e->defs[v->id] == 1 ? e->def_stmt[v->id] : NULL;
    if (!d || d->kind != S_LET || d->dst->is_mutable || depth == 0)
        return -1;
    int a = trip_form(t, d->args[0], depth - 1);
    int b = d->nargs > 1 ? trip_form(t, d->args[1], depth - 1) : 0;
    if (a < 0 || b < 0)
        return -1;
    switch (d->op) {
    case OP_COPY:
    case OP_CAST:
        return type_is_float(d->dst->ty) ? -1 : a;
    case OP_ADD:
    case OP_SUB:
        return a + b > 1 ? -1 : a + b;
    case OP_MUL: {
        Operand c = a ? d->args[1] : d->args[0];
        if (a + b == 0)
            return 0;
        return a + b == 1 && c.kind == OPD_CONST && !type_is_float(c.ty) && c.ival != 0 ? 1 : -1;
    }
    default:
        return a + b == 0 ? 0 : -1;
    }
}

static void note_inside(Trips *t, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            vec_push(&t->e->a, &t->inside, defs[k]);
        free(defs);
        if (s->index)
            vec_push(&t->e->a, &t->inside, s->index);
        note_inside(t, s->then_body);
        note_inside(t, s->else_body);
        note_inside(t, s->body);
    }
}

static void check_updates(Trips *t, Body *b) {
    for (int i = 0; b && i < b->stmts.len && t->ok; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc != ACC_ATOMIC)
            t->ok = s->acc == ACC_PLAIN && s->nidx == 1 && trip_form(t, s->idx[0], 16) == 1;
        check_updates(t, s->then_body);
        check_updates(t, s->else_body);
        check_updates(t, s->body);
    }
}

static bool trips_own_updates(Emitter *e, Var **index, int nindex, Body **bodies, int n,
                              Stmt *scan) {
    Trips t = {.e = e, .ok = true};
    for (int i = 0; i < nindex; i++)
        if (index[i])
            vec_push(&e->a, &t.trips, index[i]);
    for (int i = 0; i < n; i++)
        note_inside(&t, bodies[i]);
    Clauses c = {0};
    for (int i = 0; i < n; i++) {
        check_updates(&t, bodies[i]);
        collect_clauses(e, bodies[i], &c);
    }
    for (int q = 0; scan && q < 2; q++)
        if (scan->fusion->term[q]) /* declared by the scan's loop */
            vec_push(&e->a, &c.declared, scan->fusion->term[q]);
    for (int i = 0; i < c.summed.len && t.ok; i++)
        t.ok = vec_contains(&c.declared, c.summed.items[i]);
    return t.ok;
}

static bool rows_in_parallel(Emitter *e, Stmt *m) {
    Body *b = m->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP) {
            Body *bodies[] = {s->body};
            if (!trips_own_updates(e, &s->index, 1, bodies, 1, NULL))
                return false;
        } else if (s->kind == S_SCAN) {
            ScanFusion *fu = s->fusion;
            Var *index[] = {fu->index, fu->pre ? fu->pre->index : NULL,
                            fu->post ? fu->post->index : NULL};
            Body *bodies[] = {fu->pre ? fu->pre->body : NULL, fu->post ? fu->post->body : NULL};
            if (!trips_own_updates(e, index, 3, bodies, 2, s))
                return false;
        }
    }
    return true;
}

/* `omp parallel for` with the sums into variables outside body */
static void parallel_for(Emitter *e, Body *body) {
    Clauses c = {0};
    collect_clauses(e, body, &c);
    indent(e);
    fputs("#pragma omp parallel for", e->out);
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
}

/* A map inside: one loop over its iterations, each running the lanes. */
static void emit_lane_inner_map(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    int scope = e->names.len;
    bool par = e->opt->openmp && !e->in_parallel && !s->serial, saved = e->in_parallel;
    if (par) { /* rows_in_parallel found its iterations' updates their own */
        parallel_for(e, s->body);
        e->in_parallel = true;
    }
    emit_loop_header(e, s);
    e->depth++;
    Body *bodies[] = {s->body};
    lane_loop_open(e, lanes_vectorise(e, bodies, 1, NULL), lanes_use_index(e, bodies, 1, NULL));
    emit_body(e, s->body);
    lane_loop_close(e);
    close_block(e);
    e->in_parallel = saved;
    names_pop_to(e, scope);
}

/* The map's index range [lo, hi), or group g of groups of it,
 * [lo + w g / groups, lo + w (g + 1) / groups): its first index and lanes. */
static void emit_group_range(Emitter *e, Stmt *m, const char *g, const char *ng) {
    Lanes *L = e->lanes;
    bool from0 = opd_is_const(m->lo, 0);
    for (int k = 0; k < 2; k++) {
        indent(e);
        fprintf(e->out, "const int %s = ", k ? L->count : L->first);
        if (!g && !k) {
            emit_operand(e, m->lo);
            fputs(";\n", e->out);
            continue;
        }
        if (!from0 && g) {
            emit_operand(e, m->lo);
            fputs(" + ", e->out);
        }
        fputs(from0 ? "" : "(", e->out);
        emit_operand(e, m->hi);
        if (!from0) {
            fputs(" - ", e->out);
            emit_operand(e, m->lo);
            fputs(")", e->out);
        }
        if (!g)
            fputs(";\n", e->out);
        else
            fprintf(e->out, k ? " * (%s + 1) / %s - %s;\n" : " * %s / %s;\n", g, ng, L->first);
    }
}

static void emit_lane_body(Emitter *e, Stmt *m, unsigned char *dep) {
    Body *b = m->body;
    for (int i = 0; i < b->stmts.len;) {
        Stmt *s = b->stmts.items[i];
        bool same = s->kind == S_COMMENT || s->kind == S_ALLOC || s->kind == S_FREE ||
                    s->kind == S_SCAN || (is_lane_value(s) && !is_dep(e, dep, s->dst));
        if (s->kind == S_MAP) {
            emit_lane_inner_map(e, s);
            i++;
        } else if (same) { /* once for the lanes (a scan runs them itself) */
            emit_stmt(e, s);
            i++;
        } else {
            i = emit_lane_run(e, b, i, dep);
        }
    }
}

/* Groups of the lanes, one per thread, each running the body alone. */
static void emit_lane_groups(Emitter *e, Stmt *m, unsigned char *dep, bool par) {
    Lanes *L = e->lanes;
    const char *g = unique_name(e, "pg_group", false), *ng = unique_name(e, "pg_groups", false);
    line(e, arena_printf(&e->a, "const int %s = %s;", ng,
                         par ? arena_printf(&e->a, "pg_lane_groups(%ld)", L->width) : "1"));
    if (par)
        parallel_for(e, m->body);
    line(e, arena_printf(&e->a, "for (int %s = 0; %s < %s; %s++) {", g, g, ng, g));
    e->depth++;
    emit_group_range(e, m, g, ng);
    emit_lane_body(e, m, dep);
    close_block(e);
}

/* How the threads share the lanes' work: each takes groups of lanes (the
 * loops inside run in order within a group), or the lanes are one group
 * whose loops the threads share, or either, chosen at run time. */
typedef enum { SPLIT_GROUPS, SPLIT_ROWS, SPLIT_EITHER } LaneSplit;

static const char *lanes_comment(Emitter *e, LaneSplit split, long width, bool par) {
    if (split == SPLIT_ROWS)
        return arena_printf(&e->a,
                            "/* the %ld iterations side by side as vector lanes: each loop below "
                            "runs over its trips once for all of them, in parallel, the lanes "
                            "innermost (contiguous accesses); the arrays the body allocates hold "
                            "the lanes interleaved, a[k * lanes + lane] */",
                            width);
    if (split == SPLIT_EITHER)
        return arena_printf(
            &e->a,
            "/* the %ld iterations side by side as vector lanes: each loop below runs over its "
            "trips once for a group of them, the lanes innermost (contiguous accesses); the "
            "arrays the body allocates hold the group's lanes interleaved, a[k * lanes + "
            "lane]. Where every thread can have a group of 16 lanes or more (128 bytes of "
            "doubles: no two threads share a pair of cache lines, which the prefetcher "
            "fetches together) the threads take groups, each running its loops once, in "
            "order; otherwise all the lanes are one group and the threads share each loop's "
            "trips (a scan's blocks then read their terms twice) */",
            width);
    return arena_printf(&e->a,
                        "/* the %ld iterations side by side as vector lanes, a group of them per "
                        "thread: each loop below runs over its trips once for the group, the "
                        "lanes innermost (contiguous accesses); the arrays the body allocates "
                        "hold the group's lanes interleaved, a[k * lanes + lane] (%s) */",
                        width,
                        par ? "the loops' iterations do not share the lanes' updates safely: "
                              "threads take groups of lanes"
                            : "one group");
}

static void emit_split_groups(Emitter *e, Stmt *m, unsigned char *dep, bool par) {
    bool saved = e->in_parallel;
    e->in_parallel = true; /* the loops inside run within a group */
    emit_lane_groups(e, m, dep, par);
    e->in_parallel = saved;
}

/* if (groups for every thread) { the groups } else { one group, shared } */
static void emit_split_either(Emitter *e, Stmt *m, unsigned char *dep) {
    line(e, arena_printf(&e->a, "if (%ld / 16 >= pg_threads()) {", e->lanes->width));
    e->depth++;
    int branch = e->names.len;
    CopyNames copy;
    copy_names_begin(e, &copy);
    emit_split_groups(e, m, dep, true);
    names_pop_to(e, branch);
    copy_names_forget(e, &copy);
    e->depth--;
    line(e, "} else {");
    e->depth++;
    emit_group_range(e, m, NULL, NULL);
    emit_lane_body(e, m, dep);
    names_pop_to(e, branch);
    close_block(e);
    copy_names_end(e, &copy);
}

bool emit_lane_map(Emitter *e, Stmt *m) {
    if (e->lanes)
        return false;
    unsigned char *dep = calloc((size_t)e->nvars + 1, 1);
    unsigned char *per_lane = calloc((size_t)e->nvars + 1, 1);
    Lanes L = {.map = m, .per_lane = per_lane};
    if (!dep || !per_lane || !map_fits_lanes(e, m, dep, &L)) {
        free(dep);
        free(per_lane);
        return false;
    }
    bool par = e->opt->openmp && !e->in_parallel && !m->serial;
    e->lanes = &L;
    /* groups of 16 lanes or more for 2 threads and more: 32 lanes (groups
     * of 8 share the pairs of cache lines the prefetcher fetches) */
    LaneSplit split = !par || !rows_in_parallel(e, m) ? SPLIT_GROUPS
                      : L.width >= 32                 ? SPLIT_EITHER
                                                      : SPLIT_ROWS;
    line(e, lanes_comment(e, split, L.width, par));
    line(e, "{");
    e->depth++;
    int scope = e->names.len;
    L.first = unique_name(e, "pg_first", false);
    L.count = unique_name(e, "pg_lanes", false);
    L.lane_name = unique_name(e, "pg_l", false);
    if (split == SPLIT_ROWS) {
        emit_group_range(e, m, NULL, NULL);
        emit_lane_body(e, m, dep);
    } else if (split == SPLIT_GROUPS) {
        emit_split_groups(e, m, dep, par);
    } else {
        emit_split_either(e, m, dep);
    }
    e->lanes = NULL;
    names_pop_to(e, scope);
    close_block(e);
    free(dep);
    free(per_lane);
    return true;
}
