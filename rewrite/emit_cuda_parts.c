/* The CUDA backend's parallel parts (emit_cuda_place.c cuts the function
 * into them, emit_cuda.c writes the rest): a map as a kernel whose threads
 * take its iterations in a grid-stride loop, a map nested in a map
 * flattened into the grid, a reduce as a kernel of contributions and CUB's
 * device-wide reduction, a fused scan as a kernel of terms, CUB's scan and
 * a kernel of iterations, and the scans of arrays and histograms the host
 * launches through pargrad_cuda_cub.h. */
#include "emit_cuda_internal.h"

#include <stdlib.h>
#include <string.h>
/* hi - lo of a loop, in long */
static void emit_trip_count(Emitter *e, Stmt *s) {
    fputs("(long)(", e->out);
    emit_operand_top(e, s->hi);
    fputs(") - (long)(", e->out);
    emit_operand_top(e, s->lo);
    fputc(')', e->out);
}

/* for each of the pg_trips iterations a thread takes (grid-stride) */
static void grid_stride_open(Emitter *e) {
    line(e, "for (long pg_k = blockIdx.x * (long)blockDim.x + threadIdx.x; pg_k < pg_trips;");
    line(e, "     pg_k += (long)gridDim.x * blockDim.x) {");
    e->depth++;
}

/* The grid-stride loop over a map's or reduce's iterations; pg_k counts
 * them from 0 */
/* ---- a map nested in a map, flattened into the grid ---- */

/* The lets of a map's body, by the variable they bind */
typedef struct Inner {
    Stmt *map;
    Stmt **def; /* per variable id */
    int nvars;
} Inner;

static void note_inner_defs(Inner *in, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_LET || s->kind == S_READ || s->kind == S_DECL || s->kind == S_POP) &&
            s->dst && s->dst->id < in->nvars)
            in->def[s->dst->id] = s;
        note_inner_defs(in, s->then_body);
        note_inner_defs(in, s->else_body);
        note_inner_defs(in, s->body);
    }
}

/* Whether o is the same in every iteration of the inner map: bound
 * outside it, or computed there from such values alone (not loaded) */
static bool same_in_inner(Inner *in, Operand o, int depth) {
    if (o.kind != OPD_VAR)
        return true;
    if (o.var == in->map->index)
        return false;
    if (o.var->id >= in->nvars || !in->def[o.var->id])
        return o.var->id < in->nvars && !o.var->is_mutable;
    Stmt *d = in->def[o.var->id];
    if (d->kind != S_LET || d->dst->is_mutable || depth > 32 || d->op == OP_CALL || d->op >= OP_UOP)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (!same_in_inner(in, d->args[k], depth + 1))
            return false;
    return true;
}

/* Whether o differs in every iteration of the inner map: its index, plus
 * or minus what is the same in all, times a constant other than 0 */
static bool injective_in_inner(Inner *in, Operand o, int depth) {
    if (o.kind != OPD_VAR || depth > 32)
        return false;
    if (o.var == in->map->index)
        return true;
    if (o.var->id >= in->nvars || !in->def[o.var->id])
        return false;
    Stmt *d = in->def[o.var->id];
    if (d->kind != S_LET || d->dst->is_mutable || type_is_float(d->dst->ty))
        return false;
    switch (d->op) {
    case OP_COPY:
        return injective_in_inner(in, d->args[0], depth + 1);
    case OP_CAST:
        return (widening_int_cast(d->args[0].ty, d->dst->ty) ||
                d->args[0].ty.kind == d->dst->ty.kind) &&
               injective_in_inner(in, d->args[0], depth + 1);
    case OP_ADD:
        return (injective_in_inner(in, d->args[0], depth + 1) &&
                same_in_inner(in, d->args[1], depth + 1)) ||
               (injective_in_inner(in, d->args[1], depth + 1) &&
                same_in_inner(in, d->args[0], depth + 1));
    case OP_SUB:
        return (injective_in_inner(in, d->args[0], depth + 1) &&
                same_in_inner(in, d->args[1], depth + 1)) ||
               (injective_in_inner(in, d->args[1], depth + 1) &&
                same_in_inner(in, d->args[0], depth + 1));
    case OP_MUL:
        for (int q = 0; q < 2; q++)
            if (d->args[1 - q].kind == OPD_CONST && d->args[1 - q].ival != 0 &&
                !type_is_float(d->args[1 - q].ty))
                return injective_in_inner(in, d->args[q], depth + 1);
        return false;
    default:
        return false;
    }
}

/* The updates of the outer map's elements that accum.c made plain (each
 * outer iteration owns them) stay right with a thread per pair of
 * iterations only where the inner iteration tells them apart too */
static bool updates_apart(Inner *in, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc == ACC_PLAIN && !body_declares(in->map->body, s->buf)) {
            bool apart = false;
            for (int k = 0; k < s->nidx && !apart; k++)
                apart = injective_in_inner(in, s->idx[k], 0);
            if (!apart)
                return false;
        }
        if (!updates_apart(in, s->then_body) || !updates_apart(in, s->else_body) ||
            !updates_apart(in, s->body))
            return false;
    }
    return true;
}

/* The map directly inside map s (its body that map and comments alone),
 * whose iterations the grid's threads can take pair by pair: its bounds
 * and s's the host's, its updates of shared elements atomic or told apart
 * by both indices; NULL where s runs its inner loops in each thread */
static Stmt *flat_inner(Cuda *c, Stmt *s) {
    Stmt *m = NULL;
    for (int i = 0; i < s->body->stmts.len; i++) {
        Stmt *t = s->body->stmts.items[i];
        if (t->kind == S_COMMENT)
            continue;
        if (m || t->kind != S_MAP)
            return NULL;
        m = t;
    }
    if (!m || m->serial || m->hi.kind == OPD_NONE || !host_known(c, m->lo) ||
        !host_known(c, m->hi) || !host_known(c, s->lo) || !host_known(c, s->hi))
        return NULL;
    Inner in = {m, xcalloc((size_t)c->e->nvars + 1, sizeof(Stmt *)), c->e->nvars};
    note_inner_defs(&in, m->body);
    bool apart = updates_apart(&in, m->body);
    free(in.def);
    return apart ? m : NULL;
}

/* const T i = (T)(lo + k), the index of a grid loop's iteration k, where
 * the body uses it */
static void declare_grid_index(Emitter *e, Stmt *s, const char *k, bool always) {
    if (s->index->id < e->nvars && !e->uses[s->index->id] && !always)
        return; /* (an unused variable is a warning, an error under -Werror) */
    indent(e);
    fprintf(e->out, "const %s %s = (%s)(", type_cname(s->index->ty), var_name(e, s->index),
            type_cname(s->index->ty));
    emit_operand_top(e, s->lo);
    fprintf(e->out, " + %s);\n", k);
}

/* The grid-stride loop over the pairs of iterations of map s and the map
 * inner in it; pg_k counts them from 0, inner's fastest */
static void flat_loop_open(Cuda *c, Stmt *s, Stmt *inner) {
    Emitter *e = c->e;
    indent(e);
    fputs("const long pg_inner = ", e->out);
    emit_trip_count(e, inner);
    fputs(";\n", e->out);
    indent(e);
    fputs("const long pg_trips = pg_inner > 0 ? (", e->out);
    emit_trip_count(e, s);
    fputs(") * pg_inner : 0;\n", e->out);
    grid_stride_open(e);
    declare_grid_index(e, s, "pg_k / pg_inner", false);
    declare_grid_index(e, inner, "pg_k % pg_inner", false);
}

static void grid_loop_open(Cuda *c, Stmt *s) {
    Emitter *e = c->e;
    indent(e);
    fputs("const long pg_trips = ", e->out);
    emit_trip_count(e, s);
    fputs(";\n", e->out);
    grid_stride_open(e);
    bool arg = false; /* (an arg-extremum's terms name the index) */
    for (int k = 0; k < s->accums.len; k++)
        arg |= ((Accum *)s->accums.items[k])->op == RED_ARGMIN ||
               ((Accum *)s->accums.items[k])->op == RED_ARGMAX;
    declare_grid_index(e, s, "pg_k", arg);
}

static void use_bin_copies(Cuda *c); /* (a histogram's bins: a copy per warp, below) */

/* A grid kernel's head, the frame's values it reads, its threads' tape
 * and heap arrays (those body declares); returns the names' scope of the
 * kernel. Where the host knows their sizes before the launch (grid: the
 * loop whose iterations the threads run, NULL where not asked), the
 * arrays and the room of the tape for an iteration are each thread's
 * part of one pool instead. */
static int grid_kernel_begin(Cuda *c, Part *p, Body *body, FILE *kernels, const char *name, Uses *u,
                             const char *extra, Stmt *grid) {
    Emitter *e = c->e;
    for (int i = 0; i < u->frame.len; i++)
        add_frame_var(c, u->frame.items[i]);
    c->pool_decls.len = 0;
    c->pool = 0;
    c->slab_loop = NULL;
    if (grid) {
        poolable_decls(c, body, &c->pool_decls);
        if (tape_slab_known(c, grid->body))
            c->slab_loop = grid;
    }
    if (c->pool_decls.len || c->slab_loop) {
        c->pool = c->kernels;
        extra = arena_printf(&e->a, "%s, unsigned char *pg_pool, size_t pg_pool_each%s",
                             extra ? extra : "", c->slab_loop ? ", size_t pg_tape_each" : "");
    }
    e->out = kernels;
    kernel_head(c, name, u, extra);
    load_frame(c, u, p);
    int scope = e->names.len;
    declare_tape(c, body, true);
    if (c->pool) {
        line(e, "unsigned char *pg_mine = pg_pool + (blockIdx.x * (size_t)blockDim.x + "
                "threadIdx.x) * pg_pool_each; /* this thread's part of the pool */");
        names_push(e, "pg_mine");
    }
    collect_heap_arrays(e, c, body, &c->pool_decls);
    if (c->bin_copies)
        use_bin_copies(c);
    if (c->slab_loop)
        line(e, "pg_tape_give(&pg_thread_tape, pg_mine, pg_tape_each); /* the rest of the part: "
                "room for what an iteration saves */");
    return scope;
}

/* A kernel running the iterations of the map or reduce s, up to its
 * body's statements (emitted); returns the names' scope of the kernel */
static int grid_kernel_open(Cuda *c, Part *p, Stmt *s, Stmt *inner, FILE *kernels, const char *name,
                            Uses *u, const char *extra) {
    Emitter *e = c->e;
    local_saves(c, inner ? inner->body : s->body);
    int scope = grid_kernel_begin(c, p, s->body, kernels, name, u, extra, inner ? inner : s);
    if (inner)
        flat_loop_open(c, s, inner);
    else
        grid_loop_open(c, s);
    Body *body = inner ? inner->body : s->body;
    e->cuda_grid = true;
    e->cuda_grid_body = body;
    emit_stmts(e, body);
    e->cuda_grid = false;
    return scope;
}

/* After a grid kernel's loop: its thread's heap arrays and tape */
static void grid_kernel_close(Cuda *c, Body *body) {
    Emitter *e = c->e;
    close_block(e);
    free_heap_arrays(e);
    e->cuda_heap.len = e->cuda_heap_caps.len = e->cuda_pooled.len = 0;
    if (uses_tape(body)) {
        line(e, "if (pg_thread_tape.top) /* (each iteration pops what it pushed) */");
        line(e, "    pg_device_fail(\"the tape of a parallel loop's iteration is not balanced\");");
        line(e, "pg_tape_release(&pg_thread_tape);");
    }
}

/* An array of an element per iteration of the loop whose trips are pg_n_N
 * (a reduce's or scan's terms), from the stream's pool */
static void alloc_per_iteration(Cuda *c, const char *ty, const char *name, int n, int line_no) {
    hprintf(c, "%s *%s = NULL;\n", ty, name);
    hprintf(c,
            "PG_CUDA_CHECK(cudaMallocAsync(&%s, sizeof *%s * (size_t)pg_n_%d, pg_stream), \"%s\", "
            "%d);\n",
            name, name, n, c->fname, line_no);
}

static const char *reduce_functor(ReduceOp op, Type t) {
    switch (op) {
    case RED_ADD:
        return t.kind == TY_FLOAT ? "pg_op_add<float>()" : "pg_op_add<double>()";
    case RED_MUL:
        return t.kind == TY_FLOAT ? "pg_op_mul<float>()" : "pg_op_mul<double>()";
    case RED_MIN:
        return t.kind == TY_FLOAT ? "pg_op_min<float>()" : "pg_op_min<double>()";
    case RED_MAX:
        return t.kind == TY_FLOAT ? "pg_op_max<float>()" : "pg_op_max<double>()";
    case RED_ARGMIN:
        return "pg_op_argmin()";
    default:
        return "pg_op_argmax()";
    }
}

static const char *identity_text(ReduceOp op, Type t) {
    bool f = t.kind == TY_FLOAT;
    switch (op) {
    case RED_ADD:
        return f ? "0.0f" : "0.0";
    case RED_MUL:
        return f ? "1.0f" : "1.0";
    case RED_MIN: /* (INFINITY is a float: CUB's T is the type's) */
        return f ? "INFINITY" : "(double)INFINITY";
    default:
        return f ? "-INFINITY" : "-(double)INFINITY";
    }
}

/* The blocks of a map's or reduce's kernel (a map flattened with the map
 * inner in it: of their pairs of iterations) */
/* (their iterations: of the pairs, where the map inner is flattened in) */
static void emit_grid_trips(Cuda *c, Stmt *s, Stmt *inner) {
    if (inner)
        fputc('(', c->host);
    emit_trip_count(c->e, s);
    if (inner) {
        fputs(") * pg_trip_count(", c->host);
        emit_trip_count(c->e, inner);
        fputc(')', c->host);
    }
}
static void emit_grid_blocks(Cuda *c, Stmt *s, Stmt *inner) {
    if (!host_known(c, s->lo) || !host_known(c, s->hi)) {
        fputs("pg_blocks(1L << 20)", c->host);
        return;
    }
    fputs("pg_blocks(", c->host);
    emit_grid_trips(c, s, inner);
    fputc(')', c->host);
}

/* The pool of the kernel just emitted (c->pool), for its threads' arrays
 * sized at run time: its size per thread, and the pool from the stream's */
static const char *alloc_pool(Cuda *c, Stmt *s, Stmt *inner) {
    Emitter *e = c->e;
    const char *pool = arena_printf(&e->a, "pg_pool_%d", c->pool);
    const char *names = "";
    for (int i = 0; i < c->pool_decls.len; i++)
        names = arena_printf(&e->a, "%s%s%s", names, i ? ", " : "",
                             ((Stmt *)c->pool_decls.items[i])->buf->name);
    if (c->slab_loop) {
        hprintf(c, "/* each thread's tape: room for what an iteration saves (none where the grid's "
                   "would pass 1 GB: the tapes then grow in device code) */\n");
        hprintf(c, "const size_t %s_tape = pg_tape_slab(", pool);
        emit_tape_slab_bytes(c, c->slab_loop->body);
        fputs(", ", c->host);
        emit_grid_blocks(c, s, inner);
        fputs(");\n", c->host);
    }
    hprintf(c, "/* each thread's %s%s%s, from one pool */\n", names,
            c->pool_decls.len ? " (arrays sized at run time)" : "",
            !c->slab_loop       ? ""
            : c->pool_decls.len ? " and tape"
                                : "tape");
    hprintf(c, "const size_t %s_each = ", pool);
    for (int i = 0; i < c->pool_decls.len; i++) {
        Stmt *d = c->pool_decls.items[i];
        fputs(i ? " + pg_pool_bytes(" : "pg_pool_bytes(", c->host);
        emit_elements(e, c, d);
        fprintf(c->host, ", sizeof(%s))", type_cname(d->buf->elem));
    }
    if (c->slab_loop)
        fprintf(c->host, "%s%s_tape", c->pool_decls.len ? " + " : "", pool);
    fputs(";\n", c->host);
    hprintf(c, "unsigned char *%s = NULL;\n", pool);
    hprintf(c, "PG_CUDA_CHECK(cudaMallocAsync(&%s, pg_pool_total(%s_each, ", pool, pool);
    emit_grid_blocks(c, s, inner);
    fprintf(c->host, "), pg_stream), \"%s\", %d);\n", c->fname, s->loc.line);
    return pool;
}

static void launch_grid(Cuda *c, Stmt *s, Stmt *inner, const char *name, Uses *u,
                        const char *extra) {
    if (!host_known(c, s->lo) || !host_known(c, s->hi))
        hprintf(c, "/* (its bounds are computed on the GPU: as many blocks as for a large loop) "
                   "*/\n");
    const char *pool = c->pool ? alloc_pool(c, s, inner) : NULL;
    if (pool)
        extra = arena_printf(&c->e->a, "%s, %s, %s_each%s", extra ? extra : "", pool, pool,
                             c->slab_loop ? arena_printf(&c->e->a, ", %s_tape", pool) : "");
    hprintf(c, "PG_LAUNCH(%s, ", name);
    emit_grid_blocks(c, s, inner);
    fputs(", PG_BLOCK, pg_stream)", c->host);
    launch_args(c, u, extra);
    check_launch(c, s->loc.line);
    if (pool)
        hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", pool, c->fname,
                s->loc.line);
    c->pool = 0;
    c->slab_loop = NULL;
}

/* ---- a histogram's bins: a copy per warp ----
 * A map marked as a histogram of *, min or max (hist_bins, and
 * hist_more_bins for a product's zero counts: arrays its iterations only
 * update, by one operator, atomically) whose number of bins the host
 * knows: each warp of the grid updates a copy of the bins of its own,
 * folded into them after the kernel (pargrad_cuda.h, pg_bin_copies: how
 * many, none where the bins are many next to the updates). Few bins that
 * every warp of the grid updates by compare-and-swap loops retry against
 * each other (a product of 31 bins ran past 20 s on an H200). Sums keep
 * atomicAdd, which the GPU does without retrying (a sum of 31 bins took
 * 1.03 times its primal's time there), and their order of addition, which
 * copies would change by more than the 1e-12 the GPU's gradients are held
 * to against the CPU's. */
typedef struct BinCopies {
    int n;           /* arrays of bins: 1 or 2 */
    Buffer *bins[2]; /* (their kernel's parameters keep the names) */
    ReduceOp op[2];  /* the operator of their updates */
    const char *copies[2], *own[2], *cname[2];
    const char *ncopies, *nbins; /* the kernel's parameters */
} BinCopies;

/* Whether every statement of b naming buf is an atomic update by one
 * operator (*op, -1 before the first) */
static bool only_updates(Body *b, Buffer *buf, int *op) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool names = s->buf == buf || s->hist_bins == buf || s->hist_more_bins == buf;
        for (int q = 0; q < 2; q++)
            names |= (s->kind == S_SCAN || s->kind == S_HIST) && s->scan_in[q] == buf;
        if (names && (s->kind != S_ACC || s->buf != buf || s->acc == ACC_PLAIN ||
                      (*op >= 0 && *op != (int)s->acc_op)))
            return false;
        if (names)
            *op = (int)s->acc_op;
        if (!only_updates(s->then_body, buf, op) || !only_updates(s->else_body, buf, op) ||
            !only_updates(s->body, buf, op))
            return false;
    }
    return true;
}

/* A flat array of floating values, as the copies are laid out */
static bool flat_bins(const Buffer *b) {
    return b->rank == 1 && type_is_float(b->elem) && !b->field && !b->through_pointer &&
           !b->by_value && !b->scalar_ref && !b->row_table;
}

/* The copies map s's kernel takes, or NULL */
static BinCopies *bin_copies_of(Cuda *c, Stmt *s) {
    if (!s->hist_bins || !host_known(c, s->hist_nbins) || !host_known(c, s->lo) ||
        !host_known(c, s->hi))
        return NULL;
    BinCopies *bc = arena_alloc(&c->e->a, sizeof *bc);
    memset(bc, 0, sizeof *bc);
    Buffer *arrays[2] = {s->hist_bins, s->hist_more_bins};
    for (int q = 0; q < 2 && arrays[q]; q++) {
        int op = -1;
        if (!flat_bins(arrays[q]) || !only_updates(s->body, arrays[q], &op) || op < 0 ||
            op == RED_ADD)
            return NULL;
        bc->bins[bc->n] = arrays[q];
        bc->op[bc->n++] = (ReduceOp)op;
    }
    return bc;
}

/* The kernel's parameters for the copies (its launch's arguments: args) */
static const char *bin_copies_params(Cuda *c, BinCopies *bc, int n, const char **args) {
    Emitter *e = c->e;
    const char *params = "";
    *args = "";
    for (int q = 0; q < bc->n; q++) {
        const char *name = buf_name(e, bc->bins[q]);
        bc->copies[q] = unique_name(e, arena_printf(&e->a, "%s_copies_%d", name, n), false);
        names_push(e, bc->copies[q]);
        params =
            arena_printf(&e->a, "%s, %s *%s", params, type_cname(bc->bins[q]->elem), bc->copies[q]);
        *args = arena_printf(&e->a, "%s, %s", *args, bc->copies[q]);
    }
    bc->ncopies = arena_printf(&e->a, "pg_copies_%d", n);
    bc->nbins = arena_printf(&e->a, "pg_bins_%d", n);
    names_push(e, bc->ncopies);
    names_push(e, bc->nbins);
    *args = arena_printf(&e->a, "%s, %s, %s", *args, bc->ncopies, bc->nbins);
    return arena_printf(&e->a, "%s, long %s, long %s", params, bc->ncopies, bc->nbins);
}

/* In the kernel: the copy of the thread's warp, which the body's updates
 * name */
static void use_bin_copies(Cuda *c) {
    Emitter *e = c->e;
    BinCopies *bc = c->bin_copies;
    for (int q = 0; q < bc->n; q++) {
        const char *bins = buf_name(e, bc->bins[q]);
        bc->own[q] = unique_name(e, arena_printf(&e->a, "%s_own", bins), false);
        names_push(e, bc->own[q]);
        line(e, arena_printf(&e->a,
                             "%s *const %s = pg_bin_copy(%s, %s, %s, %s); /* its warp's copy of "
                             "%s (%s itself where there are none) */",
                             type_cname(bc->bins[q]->elem), bc->own[q], bins, bc->copies[q],
                             bc->ncopies, bc->nbins, bins, bins));
        bc->cname[q] = bc->bins[q]->cname;
        bc->bins[q]->cname = bc->own[q];
    }
}

static void forget_bin_copies(Cuda *c) {
    BinCopies *bc = c->bin_copies;
    for (int q = 0; bc && q < bc->n; q++)
        bc->bins[q]->cname = bc->cname[q];
    c->bin_copies = NULL;
}

/* On the host, before the launch: how many copies, and the copies */
static void alloc_bin_copies(Cuda *c, BinCopies *bc, Stmt *s, Stmt *inner) {
    Emitter *e = c->e;
    const char *names = buf_name(e, bc->bins[0]);
    if (bc->n == 2)
        names = arena_printf(&e->a, "%s and %s", names, buf_name(e, bc->bins[1]));
    hprintf(c,
            "/* few bins next to the updates: each warp of the grid updates a copy of %s of "
            "its own, folded in after the kernel (atomics of every warp on a few bins retry "
            "against each other; pg_bin_copies: how many, none where the bins are many) */\n",
            names);
    hprintf(c, "const long %s = ", bc->nbins);
    emit_operand_top(e, s->hist_nbins);
    fputs(";\n", c->host);
    hprintf(c, "const long %s = pg_bin_copies(%s, ", bc->ncopies, bc->nbins);
    emit_grid_blocks(c, s, inner);
    fputs(", ", c->host);
    emit_grid_trips(c, s, inner);
    fprintf(c->host, ", %ssizeof(%s));\n", bc->n == 2 ? "2 * " : "", type_cname(bc->bins[0]->elem));
    for (int q = 0; q < bc->n; q++) {
        const char *ty = type_cname(bc->bins[q]->elem);
        hprintf(c, "%s *%s = pg_bin_copies_alloc(%s, %s, (%s)(%s), pg_stream, \"%s\", %d);\n", ty,
                bc->copies[q], bc->ncopies, bc->nbins, ty,
                identity_text(bc->op[q], bc->bins[q]->elem), c->fname, s->loc.line);
    }
}

/* After the launch: the copies folded into the bins */
static void fold_bin_copies(Cuda *c, BinCopies *bc, Stmt *s) {
    for (int q = 0; q < bc->n; q++)
        hprintf(c, "pg_bin_copies_fold(%s, %s, %s, %s, %s, pg_stream, \"%s\", %d);\n",
                buf_name(c->e, bc->bins[q]), bc->copies[q], bc->ncopies, bc->nbins,
                reduce_functor(bc->op[q], bc->bins[q]->elem), c->fname, s->loc.line);
}

/* Whether v is the term of a scan inside b (the scan's fused emission
 * declares it in each iteration) */
static bool scan_term_in(Body *b, Var *v) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_SCAN && s->fusion && (s->fusion->term[0] == v || s->fusion->term[1] == v))
            return true;
        if (scan_term_in(s->then_body, v) || scan_term_in(s->else_body, v) ||
            scan_term_in(s->body, v))
            return true;
    }
    return false;
}

/* The scalars outside map s its iterations sum into (OpenMP's reduction
 * clause) */
static void collect_sums(Cuda *c, Body *b, Body *loop_body) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->dst->is_mutable && !body_declares_scalar(loop_body, s->dst) &&
            !scan_term_in(loop_body, s->dst) && !vec_contains(&c->sums, s->dst))
            vec_push(&c->e->a, &c->sums, s->dst);
        collect_sums(c, s->then_body, loop_body);
        collect_sums(c, s->else_body, loop_body);
        collect_sums(c, s->body, loop_body);
    }
}

/* A map: a kernel whose threads take its iterations. Where they sum into
 * scalars outside it, each thread writes its partial sums (the first
 * thread's starting from the scalar's value), which CUB then reduces into
 * the scalar. */
void emit_map_part(Cuda *c, Part *p) {
    Emitter *e = c->e;
    FILE *kernels = c->kernels_out;
    Stmt *s = c->item[p->first];
    Uses u = grid_uses(c, s);
    const char *name = arena_printf(&e->a, "%s_map_%d", c->fname, ++c->kernels);
    int n = c->kernels;
    Stmt *inner = flat_inner(c, s);
    c->sums.len = 0;
    collect_sums(c, s->body, s->body);
    PtrVec sums = c->sums;
    const char **parts = arena_alloc(&e->a, sizeof(char *) * (size_t)(sums.len + 1));
    const char *extra = "", *extra_args = "";
    for (int k = 0; k < sums.len; k++) {
        Var *v = sums.items[k];
        parts[k] = unique_name(e, arena_printf(&e->a, "%s_parts", var_name(e, v)), false);
        names_push(e, parts[k]);
        extra = arena_printf(&e->a, "%s, %s *%s", extra, type_cname(v->ty), parts[k]);
        extra_args = arena_printf(&e->a, "%s, %s", extra_args, parts[k]);
    }
    BinCopies *bc = bin_copies_of(c, s);
    if (bc) {
        const char *args;
        extra = arena_printf(&e->a, "%s%s", extra, bin_copies_params(c, bc, n, &args));
        extra_args = arena_printf(&e->a, "%s%s", extra_args, args);
    }
    c->bin_copies = bc;
    int scope = grid_kernel_open(c, p, s, inner, kernels, name, &u, extra);
    c->sums = (PtrVec){0};
    grid_kernel_close(c, s->body);
    forget_bin_copies(c);
    for (int k = 0; k < sums.len; k++) {
        indent(e);
        fprintf(e->out, "%s[blockIdx.x * (long)blockDim.x + threadIdx.x] = %s;\n", parts[k],
                var_name(e, sums.items[k]));
    }
    names_pop_to(e, scope);
    fputs("}\n", kernels);
    to_host(c);
    source_comment(e, s->loc,
                   arena_printf(&e->a, "a map%s, %s per thread%s",
                                inner ? " and the map in it (flattened)" : "",
                                inner ? "one pair of their iterations" : "one iteration",
                                sums.len ? ", its sums into scalars through CUB" : ""));
    if (bc)
        alloc_bin_copies(c, bc, s, inner);
    if (!sums.len) {
        launch_grid(c, s, inner, name, &u, bc ? extra_args : NULL);
        if (bc)
            fold_bin_copies(c, bc, s);
        return;
    }
    c->uses_cub = true;
    hprintf(c, "const long pg_n_%d = (long)", n);
    emit_grid_blocks(c, s, inner);
    fputs(" * PG_BLOCK; /* (its threads: a partial sum each) */\n", c->host);
    for (int k = 0; k < sums.len; k++)
        alloc_per_iteration(c, type_cname(((Var *)sums.items[k])->ty), parts[k], n, s->loc.line);
    launch_grid(c, s, inner, name, &u, extra_args);
    if (bc)
        fold_bin_copies(c, bc, s);
    for (int k = 0; k < sums.len; k++) {
        Var *v = sums.items[k];
        hprintf(c,
                "pg_cuda_reduce(%s, &pg_frame->%s, pg_n_%d, %s, (%s)0, pg_stream, \"%s\", %d);\n",
                parts[k], var_name(e, v), n, reduce_functor(RED_ADD, v->ty), type_cname(v->ty),
                c->fname, s->loc.line);
        hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", parts[k], c->fname,
                s->loc.line);
    }
}

/* A reduce: its contributions per iteration, then CUB's reduction of each
 * accumulator into a field of the frame, which the kernels after read as
 * the accumulator's result (combined there with an initial value computed
 * on the GPU) */
void emit_reduce_part(Cuda *c, Part *p) {
    Emitter *e = c->e;
    c->uses_cub = true;
    FILE *kernels = c->kernels_out, *host = c->host;
    Stmt *s = c->item[p->first];
    Uses u = grid_uses(c, s);
    const char *name = arena_printf(&e->a, "%s_reduce_%d", c->fname, ++c->kernels);
    int na = s->accums.len;
    const char **contrib = arena_alloc(&e->a, sizeof(char *) * (size_t)na);
    const char **field = arena_alloc(&e->a, sizeof(char *) * (size_t)na);
    const char *extra = "";
    for (int k = 0; k < na; k++) {
        Accum *ac = s->accums.items[k];
        bool arg = ac->op == RED_ARGMIN || ac->op == RED_ARGMAX;
        const char *t = arg ? "pg_argext" : type_cname(ac->result->ty);
        contrib[k] =
            unique_name(e, arena_printf(&e->a, "%s_terms", var_name(e, ac->result)), false);
        names_push(e, contrib[k]);
        field[k] = arena_printf(&e->a, "pg_%s", contrib[k]);
        vec_push(&e->a, &c->scratch, (void *)arena_printf(&e->a, "%s %s", t, field[k]));
        extra = arena_printf(&e->a, "%s, %s *%s", extra, t, contrib[k]);
    }
    /* where the kernels after read the results */
    for (int k = 0; k < na; k++) {
        Accum *ac = s->accums.items[k];
        bool arg = ac->op == RED_ARGMIN || ac->op == RED_ARGMAX;
        if (arg) {
            c->frame_expr[ac->result->id] = arena_printf(&e->a, "pg_frame->%s.val", field[k]);
            if (ac->arg_result)
                c->frame_expr[ac->arg_result->id] =
                    arena_printf(&e->a, "pg_frame->%s.idx", field[k]);
            continue;
        }
        c->frame_expr[ac->result->id] = arena_printf(&e->a, "pg_frame->%s", field[k]);
    }
    int scope = grid_kernel_open(c, p, s, NULL, kernels, name, &u, extra);
    for (int k = 0; k < na; k++) {
        Accum *ac = s->accums.items[k];
        indent(e);
        if (ac->op == RED_ARGMIN || ac->op == RED_ARGMAX) {
            fprintf(e->out, "%s[pg_k] = pg_argext{(double)", contrib[k]);
            emit_operand_top(e, ac->contrib);
            fprintf(e->out, ", (long long)%s};\n", var_name(e, s->index));
        } else {
            fprintf(e->out, "%s[pg_k] = ", contrib[k]);
            emit_operand_top(e, ac->contrib);
            fputs(";\n", e->out);
        }
    }
    grid_kernel_close(c, s->body);
    names_pop_to(e, scope);
    fputs("}\n", kernels);
    /* the host: the terms' arrays, the kernel, CUB */
    to_host(c);
    source_comment(e, s->loc, "a reduce: each iteration's terms, then CUB's reduction of them");
    if (na) { /* (a reduce left with no results runs its iterations' effects alone) */
        hprintf(c, "const long pg_n_%d = pg_trip_count(", c->kernels);
        emit_trip_count(e, s);
        fputs(");\n", host);
    }
    const char *extra_args = "";
    for (int k = 0; k < na; k++) {
        Accum *ac = s->accums.items[k];
        bool arg = ac->op == RED_ARGMIN || ac->op == RED_ARGMAX;
        const char *t = arg ? "pg_argext" : type_cname(ac->result->ty);
        alloc_per_iteration(c, t, contrib[k], c->kernels, s->loc.line);
        extra_args = arena_printf(&e->a, "%s, %s", extra_args, contrib[k]);
    }
    launch_grid(c, s, NULL, name, &u, extra_args);
    for (int k = 0; k < na; k++) {
        Accum *ac = s->accums.items[k];
        bool arg = ac->op == RED_ARGMIN || ac->op == RED_ARGMAX;
        bool init_here = host_known(c, ac->init);
        hprintf(c, "pg_cuda_reduce(%s, &pg_frame->%s, pg_n_%d, %s, ", contrib[k], field[k],
                c->kernels, reduce_functor(ac->op, ac->result->ty));
        if (arg) {
            fputs("pg_argext{(double)", host);
            emit_operand_top(e, ac->init);
            fputs(", -1}", host);
        } else if (init_here) {
            fprintf(host, "(%s)(", type_cname(ac->result->ty));
            emit_operand_top(e, ac->init);
            fputc(')', host);
        } else {
            fputs(identity_text(ac->op, ac->result->ty), host);
            /* the initial value joins where the result is read */
            Var *iv = ac->init.var;
            const char *fe = frame_read(c, iv), *fx = field[k];
            c->frame_expr[ac->result->id] =
                ac->op == RED_ADD ? arena_printf(&e->a, "%s + pg_frame->%s", fe, fx)
                : ac->op == RED_MUL
                    ? arena_printf(&e->a, "%s * pg_frame->%s", fe, fx)
                    : arena_printf(&e->a, "%s(%s, pg_frame->%s)",
                                   ac->op == RED_MIN ? "pg_fmin" : "pg_fmax", fe, fx);
            add_frame_var(c, iv);
        }
        fprintf(host, ", pg_stream, \"%s\", %d);\n", c->fname, s->loc.line);
        hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", contrib[k],
                c->fname, s->loc.line);
    }
}

/* What one pass of a fused scan's kernels reads: what it runs of its
 * maps, its length, in pass 2 its initial value and prefixes' array */
static Uses scan_pass_uses(Cuda *c, Stmt *s, Body *runs, bool pass2) {
    Uses u = {0};
    UseScan us = {c, &u, NULL};
    scan_uses(&us, runs);
    use_operand(&s->hi, &us);
    if (pass2) {
        use_operand(&s->args[0], &us);
        use_buffer(&us, s->buf);
    }
    for (int q = 0; q < 2; q++)
        if (s->scan_in[q] && s->fusion->in_memory[q])
            use_buffer(&us, s->scan_in[q]);
    clear_marks(c, &u);
    return u;
}

/* A kernel over a fused scan's iterations, up to the statements of one
 * (pass 2 first writes the prefixes no iteration writes); returns the
 * names' scope of the kernel */
static int scan_kernel_open(Cuda *c, Part *p, Stmt *s, Body *runs, FILE *kernels, const char *name,
                            Uses *u, const char *extra, bool pass2) {
    Emitter *e = c->e;
    int scope = grid_kernel_begin(c, p, runs, kernels, name, u, extra, NULL);
    indent(e);
    fputs("const long pg_trips = pg_trip_count(", e->out);
    emit_operand_top(e, s->hi);
    fputs(");\n", e->out);
    if (pass2)
        emit_gpu_scan_start(e, s, "pg_trips");
    grid_stride_open(e);
    indent(e);
    fprintf(e->out, "const %s %s = (%s)pg_k;\n", type_cname(s->fusion->index->ty),
            var_name(e, s->fusion->index), type_cname(s->fusion->index->ty));
    e->cuda_grid = true;
    e->cuda_grid_body = s->body;
    return scope;
}

static void scan_kernel_close(Cuda *c, Body *runs, int scope) {
    Emitter *e = c->e;
    e->cuda_grid = false;
    grid_kernel_close(c, runs);
    names_pop_to(e, scope);
    fputs("}\n", e->out);
    to_host(c);
}

/* A fused scan: a kernel computing each iteration's terms, CUB's scan of
 * them, a kernel running each iteration from the terms before it */
void emit_scan_part(Cuda *c, Part *p) {
    Emitter *e = c->e;
    c->uses_cub = true;
    FILE *kernels = c->kernels_out, *host = c->host;
    Stmt *s = c->item[p->first];
    ScanFusion *fu = s->fusion;
    const char *elem = type_cname(s->buf->elem);
    bool affine = s->scan_op == RED_AFFINE;
    const char *ty = affine ? arena_printf(&e->a, "pg_affine<%s>", elem) : elem;
    const char *label = gpu_scan_label(e, s);
    const char *terms = unique_name(e, arena_printf(&e->a, "%s_terms", label), false);
    names_push(e, terms);
    const char *prefix = unique_name(e, arena_printf(&e->a, "%s_prefix", label), false);
    names_push(e, prefix);
    Body *terms_body = fu->pre && !fu->keep_terms ? fuse_pass1_body(&e->a, e->func, s) : NULL;
    int n = ++c->kernels;
    const char *k1 = arena_printf(&e->a, "%s_scan_terms_%d", c->fname, n);
    const char *k2 = arena_printf(&e->a, "%s_scan_%d", c->fname, n);

    /* what each kernel runs of the maps (their tapes and heap arrays) */
    Body *runs1 = fu->pre ? (terms_body ? terms_body : fu->pre->body) : body_new(&e->a);
    Body *runs2 = body_new(&e->a);
    Body *parts[2] = {fu->pre && !fu->keep_terms ? fu->pre->body : NULL,
                      fu->post ? fu->post->body : NULL};
    for (int q = 0; q < 2; q++)
        for (int i = 0; parts[q] && i < parts[q]->stmts.len; i++)
            body_append(&e->a, runs2, parts[q]->stmts.items[i]);

    Uses u1 = scan_pass_uses(c, s, runs1, false);
    int scope = scan_kernel_open(c, p, s, runs1, kernels, k1, &u1,
                                 arena_printf(&e->a, ", %s *%s", ty, terms), false);
    emit_gpu_scan_terms(e, s, terms_body, terms);
    scan_kernel_close(c, runs1, scope);

    Uses u2 = scan_pass_uses(c, s, runs2, true);
    scope = scan_kernel_open(c, p, s, runs2, kernels, k2, &u2,
                             arena_printf(&e->a, ", const %s *%s", ty, prefix), true);
    emit_gpu_scan_iteration(e, s, prefix, "pg_trips");
    scan_kernel_close(c, runs2, scope);

    source_comment(e, s->loc,
                   arena_printf(&e->a,
                                "%s: each iteration's terms, CUB's scan of them%s, then each "
                                "iteration from the terms before it",
                                fused_scan_note(e, s), s->reversed ? " (from the top down)" : ""));
    hprintf(c, "const long pg_n_%d = pg_trip_count((long)(", n);
    emit_operand_top(e, s->hi);
    fputs("));\n", host);
    const char *arr[2] = {terms, prefix};
    for (int q = 0; q < 2; q++) {
        alloc_per_iteration(c, ty, arr[q], n, s->loc.line);
    }
    hprintf(c, "PG_LAUNCH(%s, pg_blocks(pg_n_%d), PG_BLOCK, pg_stream)", k1, n);
    launch_args(c, &u1, arena_printf(&e->a, ", %s", terms));
    check_launch(c, s->loc.line);
    const char *op = affine ? arena_printf(&e->a, "pg_op_affine<%s>()", elem)
                            : reduce_functor(s->scan_op, s->buf->elem);
    const char *identity =
        affine ? arena_printf(&e->a, "pg_affine<%s>{1, 0}", elem)
               : arena_printf(&e->a, "(%s)(%s)", elem, identity_text(s->scan_op, s->buf->elem));
    hprintf(c, "pg_cuda_scan(%s, %s, pg_n_%d, %s, %s, %s, pg_stream, \"%s\", %d);\n", terms, prefix,
            n, op, identity, s->reversed ? "true" : "false", c->fname, s->loc.line);
    hprintf(c, "PG_LAUNCH(%s, pg_blocks(pg_n_%d), PG_BLOCK, pg_stream)", k2, n);
    launch_args(c, &u2, arena_printf(&e->a, ", %s", prefix));
    check_launch(c, s->loc.line);
    for (int q = 0; q < 2; q++)
        hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", arr[q], c->fname,
                s->loc.line);
}

/* A scan of arrays or a histogram (emit_cuda_place.c's device_call): the
 * host calls pargrad_cuda_cub.h's, which launches kernels and CUB, in the
 * runtime's order of arguments (emit_scan, emit_hist), with its element
 * type, the frame's flag of a return, the stream, where it is */
void emit_call_part(Cuda *c, Part *p) {
    Emitter *e = c->e;
    Stmt *s = c->item[p->first];
    c->uses_cub = true;
    const char *t = type_cname(s->buf->elem);
    bool scan = s->kind == S_SCAN;
    source_comment(e, s->loc,
                   scan          ? "a scan on the grid: CUB's"
                   : s->reversed ? "a histogram's adjoint on the grid: its entries in parallel"
                                 : "a histogram on the grid: its bins updated atomically");
    hindent(c);
    if (scan) {
        fprintf(c->host, "pg_cuda_scan_%s<%s>(", s->scan_op == RED_AFFINE ? "affine" : "array", t);
        emit_operand(e, s->hi);
        fprintf(c->host, ", (%s)(", t);
        emit_operand_top(e, s->args[0]);
        fprintf(c->host, "), %s, ", buf_name(e, s->scan_in[0]));
        if (s->scan_in[1])
            fprintf(c->host, "%s, ", buf_name(e, s->scan_in[1]));
        fputs(buf_name(e, s->buf), c->host);
        if (s->scan_op != RED_AFFINE)
            fprintf(c->host, ", %s", reduce_functor(s->scan_op, s->buf->elem));
        fprintf(c->host, ", %s", s->reversed ? "true" : "false");
    } else {
        const char *fn = !s->reversed            ? "hist"
                         : s->scan_op == RED_MUL ? "hist_mul_rev"
                                                 : "hist_ext_rev";
        fprintf(c->host, "pg_cuda_%s<%s>(%s, ", fn, t, buf_name(e, s->buf));
        emit_hist_operands(e, s);
        if (!s->reversed)
            fprintf(c->host, ", %s", reduce_functor(s->scan_op, s->buf->elem));
    }
    fprintf(c->host, ", &pg_frame->head.done, pg_stream, \"%s\", %d);\n", c->fname, s->loc.line);
}
