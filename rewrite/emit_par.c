/* Emission of parallel loops: OpenMP clauses, maps (halos, histograms,
 * one-thread copies), reduces, scans and histograms (emit_c.c has the
 * overview). */
#include "emit_internal.h"
#include "derivs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- OpenMP clauses ---- */

void collect_clauses(Emitter *e, Body *b, Clauses *c) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **bound = stmt_all_bound(s, &n);
        for (int k = 0; k < n; k++)
            if (!(s->kind == S_LET && bound[k]->is_mutable)) /* an update, not a declaration */
                vec_push(&e->a, &c->declared, bound[k]);
        free(bound);
        for (int q = 0; s->kind == S_SCAN && s->fusion && q < 2; q++)
            if (s->fusion->term[q]) /* declared by the fused scan's region */
                vec_push(&e->a, &c->declared, s->fusion->term[q]);
        if (s->kind == S_ACC && s->acc != ACC_PLAIN)
            c->atomics = true;
        if (s->kind == S_LET && (s->op == OP_CALL || s->op >= OP_UOP))
            c->calls = true;
        /* (an array declared in the body: clang-14 cannot vectorise a
         * loop around it and warns, campaign seed 54569) */
        if (stmt_uses_tape(s) || s->kind == S_LOOP || s->kind == S_IF || s->kind == S_REDUCE ||
            s->kind == S_MAP || s->kind == S_SCAN || s->kind == S_HIST ||
            (s->kind == S_DECL && s->buf))
            c->unsafe_simd = true;
        if (s->kind == S_LET && s->dst->is_mutable && !vec_contains(&c->summed, s->dst))
            vec_push(&e->a, &c->summed, s->dst);
        collect_clauses(e, s->then_body, c);
        collect_clauses(e, s->else_body, c);
        collect_clauses(e, s->body, c);
    }
}

void emit_outer_reductions(Emitter *e, Clauses *c) {
    PtrVec list = {0};
    for (int i = 0; i < c->summed.len; i++)
        if (!vec_contains(&c->declared, c->summed.items[i]))
            vec_push(&e->a, &list, c->summed.items[i]);
    if (!list.len)
        return;
    fputs(" reduction(+ : ", e->out);
    for (int i = 0; i < list.len; i++)
        fprintf(e->out, "%s%s", i ? ", " : "", var_name(e, list.items[i]));
    fputc(')', e->out);
}

/* ---- statements ---- */
void emit_loop_header(Emitter *e, Stmt *s) {
    const char *i = var_name(e, s->index);
    const char *ty = type_cname(s->index->ty);
    indent(e);
    /* simd lanes (simd.c) want OpenMP's canonical loop form: still down,
     * a continuous stream through rows visited last to first, where the
     * index is signed (the iterations run in any order: else up) */
    if (s->reversed && s->simd_rows && !type_is_unsigned(s->index->ty)) {
        fprintf(e->out, "for (%s %s = ", ty, i);
        emit_operand(e, s->hi);
        fprintf(e->out, " - 1; %s >= ", i);
        emit_operand(e, s->lo);
        fprintf(e->out, "; %s--) {\n", i);
        return;
    }
    if (s->reversed && !s->simd_rows) {
        fprintf(e->out, "for (%s %s = ", ty, i);
        emit_operand(e, s->hi);
        fprintf(e->out, "; %s-- > ", i);
        emit_operand(e, s->lo);
        fputs(";) {\n", e->out);
        return;
    }
    fprintf(e->out, "for (%s %s = ", ty, i);
    emit_operand(e, s->lo);
    if (s->hi.kind == OPD_NONE) { /* a while loop: it ends by `until` */
        fprintf(e->out, ";; %s++) {\n", i);
        return;
    }
    fprintf(e->out, "; %s < ", i);
    emit_operand(e, s->hi);
    fprintf(e->out, "; %s++) {\n", i);
}

void close_block(Emitter *e) {
    e->depth--;
    line(e, "}");
}

bool body_has_effects(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_WRITE || s->kind == S_ACC || stmt_uses_tape(s) || s->kind == S_EFFECT ||
            s->kind == S_SCAN || s->kind == S_HIST || (s->kind == S_LET && s->dst->is_mutable))
            return true;
        if (body_has_effects(s->then_body) || body_has_effects(s->else_body) ||
            body_has_effects(s->body))
            return true;
    }
    return false;
}

static bool has_plain_acc(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc != ACC_ATOMIC)
            return true;
        if (has_plain_acc(s->then_body) || has_plain_acc(s->else_body) || has_plain_acc(s->body))
            return true;
    }
    return false;
}

/* (long)(hi) - (long)(lo), a loop's trips for the runtime's choices */
/* What an iteration of s does, roughly: its statements, those of inner
 * loops 16 times over (trip counts unknown), at most 2^16. */
static long iteration_weight(Body *b) {
    long w = 0;
    for (int i = 0; b && i < b->stmts.len && w < (1L << 16); i++) {
        Stmt *s = b->stmts.items[i];
        bool loop = s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE;
        w += 1 + (loop ? 16 : 1) * (iteration_weight(s->then_body) +
                                    iteration_weight(s->else_body) + iteration_weight(s->body));
    }
    return w < (1L << 16) ? w : 1L << 16;
}

/* The loop's work for the one-thread and threads tests: its trips times
 * its iterations' weight. */
static bool takes_partials(Emitter *e, Stmt *s, PtrVec *bufs);

/* A loop whose threads add into partial sums pays, beyond a plain
 * region's start, an allocation per thread and the combine's three
 * barriers: it takes threads at this many times the work (measured on a
 * recurrent cell's adjoint: one thread was faster up to 80 elements of
 * 315 units, two from 96). */
enum { PARTIALS_COST = 3 };

void emit_trips(Emitter *e, Stmt *s) {
    fputs("((long)(", e->out);
    emit_operand(e, s->hi);
    fputs(") - (long)(", e->out);
    emit_operand(e, s->lo);
    fprintf(e->out, ")) * %ldL", threads_weight(e, s));
}

long threads_weight(Emitter *e, Stmt *s) {
    long w = iteration_weight(s->body);
    PtrVec bufs = {0};
    if (takes_partials(e, s, &bufs))
        w = w > PARTIALS_COST ? w / PARTIALS_COST : 1;
    return w;
}

/* ` if(pg_worth_threads(work))`: a small loop's region runs on one thread */
static void emit_threads_if(Emitter *e, Stmt *s) {
    if (s->hi.kind == OPD_NONE)
        return;
    fputs(" if(pg_worth_threads(", e->out);
    emit_trips(e, s);
    fputs("))", e->out);
}

/* An update of an element other threads may update at once: atomic. */
bool shared_update(Emitter *e, Stmt *s) {
    return s->acc != ACC_PLAIN && e->opt->openmp && e->in_parallel && !e->one_thread &&
           s->buf != e->private_bins && s->buf != e->private_more_bins;
}

/* A min or max histogram's update, h[k] = fmin(h[k], v): a compare-and-swap
 * loop where threads share the bins (pargrad.h). */
void emit_extremum_update(Emitter *e, Stmt *s) {
    bool is_min = s->acc_op == RED_MIN;
    const char *ty = type_cname(s->buf->elem);
    indent(e);
    if (shared_update(e, s)) {
        fprintf(e->out, "pg_atomic_%s_%s(&", is_min ? "min" : "max", ty);
        emit_access(e, s->buf, s->idx, s->nidx);
        fputs(", ", e->out);
        emit_operand(e, s->args[0]);
        fputs(");\n", e->out);
        return;
    }
    emit_access(e, s->buf, s->idx, s->nidx);
    if (type_is_float(s->buf->elem)) {
        fprintf(e->out, " = %s(", extremum_name(e, is_min, s->buf->elem));
        emit_access(e, s->buf, s->idx, s->nidx);
        fputs(", ", e->out);
        emit_operand(e, s->args[0]);
        fputs(");\n", e->out);
        return;
    }
    /* an entry's number: the first (or last) one wins */
    fputs(" = ", e->out);
    emit_operand(e, s->args[0]);
    fprintf(e->out, " %s ", is_min ? "<" : ">");
    emit_access(e, s->buf, s->idx, s->nidx);
    fputs(" ? ", e->out);
    emit_operand(e, s->args[0]);
    fputs(" : ", e->out);
    emit_access(e, s->buf, s->idx, s->nidx);
    fputs(";\n", e->out);
}

static void emit_loop_pragma(Emitter *e, Stmt *s, const char *reductions, const char *directive);

/* The parallel pragmas of an outermost parallel loop. */
static bool open_parallel(Emitter *e, Stmt *s, const char *reductions) {
    if (!e->opt->openmp || e->in_parallel || s->serial)
        return false;
    emit_loop_pragma(e, s, reductions, "parallel for");
    return true;
}

/* `#pragma omp <directive>` and its clauses for the loop s */
static void emit_loop_pragma(Emitter *e, Stmt *s, const char *reductions, const char *directive) {
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    indent(e);
    fprintf(e->out, "#pragma omp %s", directive);
    bool argext = false;
    for (int i = 0; i < s->accums.len; i++)
        argext |= ((Accum *)s->accums.items[i])->op >= RED_ARGMIN;
    /* simd only for GCC (PG_SIMD, defined in pargrad.h, is empty under
     * clang, which miscompiles `parallel for simd` with a reduction clause
     * in version 14 and warns, an error under -Werror, where it cannot
     * vectorise a simd loop), on loops without calls, atomics or inner
     * loops; reductions of +, *, min and max vectorise (a reduction may
     * combine in any order), arg-extrema and declared operators do not. */
    if (!c.atomics && !c.unsafe_simd && !c.calls && !argext)
        fputs(" PG_SIMD", e->out); /* simd for GCC; see pargrad.h */
    /* Perfectly nested maps share one iteration space, unless a plain
     * accumulation in the body was found race-free against the outer index
     * alone: under collapse, (i, j1) and (i, j2) run on different threads. */
    if (s->kind == S_MAP && s->body->stmts.len == 1 && !has_plain_acc(s->body)) {
        Stmt *inner = s->body->stmts.items[0];
        /* (not around an inner loop that never runs, e.g. `t < 0` for a
         * macro N of 0: clang's collapsed trip count divides by its count
         * and -Wdivision-by-zero rejects it) */
        bool never_runs = inner->lo.kind == OPD_CONST && inner->hi.kind == OPD_CONST &&
                          !type_is_float(inner->hi.ty) && inner->hi.ival <= inner->lo.ival;
        if (inner->kind == S_MAP && !opd_equal(inner->lo, opd_var(s->index)) &&
            !opd_equal(inner->hi, opd_var(s->index)) && !never_runs) {
            fputs(" collapse(2)", e->out);
            e->collapsed = inner; /* (nothing may come between the two) */
        }
    }
    if (reductions)
        fputs(reductions, e->out);
    if (!strncmp(directive, "parallel", 8))
        emit_threads_if(e, s);
    if (e->private_bins && s->hist_bins == e->private_bins) {
        ReduceOp op = body_update_op(s->body, s->hist_bins);
        bool fl = type_is_float(s->hist_bins->elem);
        const char *name = op == RED_MIN   ? (fl ? "pg_min" : "min")
                           : op == RED_MAX ? (fl ? "pg_max" : "max")
                           : op == RED_MUL ? "*"
                                           : "+";
        Buffer *bins[2] = {s->hist_bins, s->hist_more_bins};
        for (int q = 0; q < 2 && bins[q]; q++) {
            fprintf(e->out, " reduction(%s : %s[:", name, buf_name(e, bins[q]));
            emit_operand(e, s->hist_nbins);
            fputs("])", e->out);
        }
    }
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
}

static const char *omp_reduce_op(const Accum *a) {
    static const char *const ops[] = {"+", "*", "min", "max", "pg_argmin", "pg_argmax"};
    return a->op == RED_USER ? a->uop->helper : ops[a->op];
}

static const char *accum_name(Emitter *e, Accum *a) {
    if (a->op == RED_ARGMIN || a->op == RED_ARGMAX)
        return arena_printf(&e->a, "%s_arg", var_name(e, a->result));
    return var_name(e, a->result);
}

/* A sequential reduce (inside a parallel loop) whose body only computes:
 * `omp simd` lets the compiler vectorise it, reassociating the reduction
 * as the parallel loop already does. */
static void open_inner_simd(Emitter *e, Stmt *s) {
    if (!e->opt->openmp || body_has_effects(s->body))
        return;
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    if (c.unsafe_simd || c.calls)
        return;
    /* an arg-extremum is carried from iteration to iteration, and a
     * declared operator is a call: no simd */
    for (int i = 0; i < s->accums.len; i++)
        if (((Accum *)s->accums.items[i])->op >= RED_ARGMIN)
            return;
    bool minmax = false;
    for (int i = 0; i < s->accums.len; i++)
        minmax |= ((Accum *)s->accums.items[i])->op == RED_MIN ||
                  ((Accum *)s->accums.items[i])->op == RED_MAX;
    if (minmax) {
        line(e, "/* clang vectorises no floating min/max without -ffast-math, and warns */");
        fputs("#ifndef __clang__\n", e->out);
    }
    indent(e);
    fputs("#pragma omp simd", e->out);
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        fprintf(e->out, " reduction(%s : %s)", omp_reduce_op(a), accum_name(e, a));
    }
    fputc('\n', e->out);
    if (minmax)
        fputs("#endif\n", e->out);
}

/* The annotation, kept so that the output can be differentiated again, but
 * only where pargrad reads it (it defines __PARGRAD__): compilers skip it,
 * so the output compiles warning-free under -Wall (-Wunknown-pragmas). */
static void emit_pargrad_pragma(Emitter *e, const char *text) {
    fprintf(e->out, "#ifdef __PARGRAD__\n#pragma pargrad %s\n#endif\n", text);
}

static bool body_adds_into(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_ACC && s->buf == buf) || body_adds_into(s->then_body, buf) ||
            body_adds_into(s->else_body, buf) || body_adds_into(s->body, buf))
            return true;
    }
    return false;
}

static void emit_reduce_updates(Emitter *e, Stmt *s);
static void emit_map_loop(Emitter *e, Stmt *s, const char *reductions);

/* `x_b[k] += v;` (or *=, or a write's =) */
void emit_update(Emitter *e, Stmt *s) {
    indent(e);
    emit_access(e, s->buf, s->idx, s->nidx);
    fputs(s->kind == S_WRITE ? " = " : s->acc_op == RED_MUL ? " *= " : " += ", e->out);
    emit_operand_top(e, s->args[0]);
    fputs(";\n", e->out);
}

/* A halo accumulation: atomic in the iterations at the ends of the
 * thread's block, plain inside it (the compiler unswitches the loop). */
void emit_halo_accumulate(Emitter *e, Stmt *s) {
    indent(e);
    fprintf(e->out, "if (%s) {\n", e->halo_edge);
    e->depth++;
    line(e, "#pragma omp atomic");
    emit_update(e, s);
    e->depth--;
    line(e, "} else {");
    e->depth++;
    emit_update(e, s);
    close_block(e);
}

static void halo_offsets(Body *b, PtrVec *accs, Arena *a) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->acc == ACC_HALO)
            vec_push(a, accs, s);
        halo_offsets(s->then_body, accs, a);
        halo_offsets(s->else_body, accs, a);
        halo_offsets(s->body, accs, a);
    }
}

/* The iterations at either end of a block that a neighbouring block's
 * halo accumulations reach: the widest span of offsets into one buffer
 * (0 for none); *what names the accumulated elements for the comment. */
static long long halo_width(Emitter *e, Body *b, const char **what) {
    PtrVec accs = {0};
    halo_offsets(b, &accs, &e->a);
    long long w = 0;
    *what = NULL;
    for (int i = 0; i < accs.len; i++) {
        Stmt *s = accs.items[i];
        for (int j = 0; j < accs.len; j++) {
            Stmt *t = accs.items[j];
            long long d = (t->acc_key - s->acc_key) / 4; /* offsets of one form */
            if (t->buf == s->buf && d > w) {
                w = d;
                *what = s->buf->through_pointer ? buffer_shown(&e->a, s->buf) : buf_name(e, s->buf);
            }
        }
    }
    return w;
}

/* A map whose iterations add into their neighbours' elements (x_b[i - 1],
 * x_b[i + 1] of a stencil's adjoint): each thread runs one block of the
 * iterations, its first and last w (which a neighbouring block reaches)
 * with atomic updates, the rest plainly. */
static bool emit_halo_map(Emitter *e, Stmt *s, const char *reductions) {
    const char *what;
    long long w = halo_width(e, s->body, &what);
    if (!w || !e->opt->openmp || e->in_parallel || s->serial || s->reversed ||
        s->hi.kind == OPD_NONE)
        return false;
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    indent(e);
    fprintf(e->out,
            "/* each iteration adds into %s up to %lld elements away from its own (a "
            "stencil's adjoint): each thread runs a block of the iterations, adding "
            "plainly inside it and atomically in the %lld at either end, which a "
            "neighbouring block reaches */\n",
            what, w, w);
    indent(e);
    fputs("#pragma omp parallel", e->out);
    if (reductions)
        fputs(reductions, e->out);
    emit_threads_if(e, s);
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
    line(e, "{");
    e->depth++;
    int scope = e->names.len;
    const char *first = unique_name(e, "first", false), *end = unique_name(e, "end", false),
               *part = unique_name(e, "part", false), *from = unique_name(e, "from", false),
               *to = unique_name(e, "to", false), *edge = unique_name(e, "edge", false);
    indent(e);
    fprintf(e->out, "long %s, %s;\n", first, end);
    indent(e);
    fputs("pg_thread_block((long)(", e->out);
    emit_operand(e, s->lo);
    fputs("), (long)(", e->out);
    emit_operand(e, s->hi);
    fprintf(e->out, "), &%s, &%s);\n", first, end);
    indent(e);
    fprintf(e->out, "for (int %s = 0; %s < 3; %s++) {\n", part, part, part);
    e->depth++;
    indent(e);
    fprintf(e->out, "long %s, %s;\n", from, to);
    indent(e);
    fprintf(e->out, "pg_block_part(%s, %s, %lld, %s, &%s, &%s);\n", first, end, w, part, from, to);
    indent(e);
    fprintf(e->out, "const int %s = %s != 1; /* the block's ends */\n", edge, part);
    const char *ty = type_cname(s->index->ty);
    indent(e);
    fprintf(e->out, "for (%s %s = (%s)%s; %s < (%s)%s; %s++) {\n", ty, var_name(e, s->index), ty,
            from, var_name(e, s->index), ty, to, var_name(e, s->index));
    e->depth++;
    bool saved = e->in_parallel;
    const char *saved_edge = e->halo_edge;
    e->in_parallel = true;
    e->halo_edge = edge;
    emit_body(e, s->body);
    if (s->kind == S_REDUCE)
        emit_reduce_updates(e, s);
    e->in_parallel = saved;
    e->halo_edge = saved_edge;
    close_block(e);
    close_block(e);
    close_block(e);
    names_pop_to(e, scope);
    return true;
}

/* `if (pg_one_thread(trips)) {` and the loop run by one thread (`what`
 * it does then, in a comment); the caller goes on with the else. */
static void emit_one_thread_branch(Emitter *e, Stmt *s, const char *what, const char *reductions) {
    indent(e);
    fputs("if (pg_one_thread(", e->out);
    emit_trips(e, s);
    fputs(")) {\n", e->out);
    e->depth++;
    line(e, arena_printf(&e->a, "/* one thread: %s */", what));
    e->in_parallel = e->one_thread = true;
    emit_map_loop(e, s, reductions);
    e->in_parallel = e->one_thread = false;
    e->depth--;
}

/* How many times an iteration of a histogram's loop updates its bins, where
 * the updates are in a loop of constant trips (a row of 10 bins per key):
 * the copies pay where they are fewer than the updates, not the
 * iterations. 1 where the count is not known. */
static long long updates_per_iteration(Body *b, Buffer *bins) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool counted = (s->kind == S_LOOP || s->kind == S_MAP) && s->until.kind == OPD_NONE &&
                       s->lo.kind == OPD_CONST && s->hi.kind == OPD_CONST &&
                       !type_is_float(s->hi.ty) && s->hi.ival > s->lo.ival;
        if (counted && body_updates_buffer(s->body, bins))
            return (s->hi.ival - s->lo.ival) * updates_per_iteration(s->body, bins);
    }
    return 1;
}

/* The updates of a histogram's loop, for the runtime's choice of copies */
static void emit_updates(Emitter *e, Stmt *s) {
    long long k = updates_per_iteration(s->body, s->hist_bins);
    if (k > 1)
        fputc('(', e->out);
    emit_trips(e, s);
    if (k > 1)
        fprintf(e->out, ") * %lld", k);
}

/* `bins[b] OP= c` for a histogram's operator, c the text of a copy's bin */
static void emit_combine_bin(Emitter *e, Buffer *bins, ReduceOp op, const char *b, const char *c) {
    indent(e);
    const char *h = buf_name(e, bins);
    if (op == RED_MIN || op == RED_MAX)
        fprintf(e->out, "%s[%s] = %s(%s[%s], %s);\n", h, b,
                extremum_name(e, op == RED_MIN, bins->elem), h, b, c);
    else
        fprintf(e->out, "%s[%s] %s= %s;\n", h, b, op == RED_MUL ? "*" : "+", c);
}

static int emit_loop_open(Emitter *e, Stmt *s, bool par);

/* The histogram's loop with a copy of the bins per thread on the heap
 * (more than the threads' stacks hold, still no more than the updates):
 * thread 0 updates the bins themselves, each other thread a copy started
 * at the identity, then the threads add the copies into the bins bin by
 * bin. The loop's body names the bins; while it is emitted they stand for
 * the thread's own. */
static void emit_hist_heap_copies(Emitter *e, Stmt *s) {
    ReduceOp op = body_update_op(s->body, s->hist_bins);
    Buffer *bins[2] = {s->hist_bins, s->hist_more_bins};
    const char *copies[2], *own[2], *saved[2];
    int scope = e->names.len;
    const char *nb = unique_name(e, "nbins", false);
    indent(e);
    fprintf(e->out, "const size_t %s = (size_t)(", nb);
    emit_operand(e, s->hist_nbins);
    fputs(");\n", e->out);
    for (int q = 0; q < 2 && bins[q]; q++) {
        copies[q] = unique_name(e, arena_printf(&e->a, "%s_copies", buf_name(e, bins[q])), false);
        indent(e);
        fprintf(e->out, "%s *%s = NULL;\n", type_cname(bins[q]->elem), copies[q]);
    }
    line(e, "#pragma omp parallel");
    line(e, "{");
    e->depth++;
    const char *nt = unique_name(e, "nt", false), *t = unique_name(e, "t", false),
               *b = unique_name(e, "b", false), *k = unique_name(e, "q", false);
    indent(e);
    fprintf(e->out, "const int %s = pg_team_size(), %s = pg_team_member();\n", nt, t);
    line(e, "#pragma omp single");
    line(e, "{");
    e->depth++;
    for (int q = 0; q < 2 && bins[q]; q++) {
        indent(e);
        fprintf(e->out, "%s = pg_malloc((size_t)(%s - 1) * %s, sizeof(%s));\n", copies[q], nt, nb,
                type_cname(bins[q]->elem));
    }
    close_block(e);
    for (int q = 0; q < 2 && bins[q]; q++) {
        own[q] = unique_name(e, arena_printf(&e->a, "%s_own", buf_name(e, bins[q])), false);
        indent(e);
        fprintf(e->out, "%s *const %s = %s == 0 ? %s : %s + (size_t)(%s - 1) * %s;\n",
                type_cname(bins[q]->elem), own[q], t, buf_name(e, bins[q]), copies[q], t, nb);
        indent(e);
        fprintf(e->out, "for (size_t %s = 0; %s < %s && %s > 0; %s++)\n", b, b, nb, t, b);
        e->depth++;
        indent(e);
        fprintf(e->out, "%s[%s] = ", own[q], b);
        emit_reduce_identity(e, op, NULL);
        fputs(";\n", e->out);
        e->depth--;
    }
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    indent(e);
    fputs("#pragma omp for", e->out);
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
    for (int q = 0; q < 2 && bins[q]; q++) {
        saved[q] = bins[q]->cname;
        bins[q]->cname = own[q];
    }
    e->private_bins = s->hist_bins;
    e->private_more_bins = s->hist_more_bins;
    int body_scope = emit_loop_open(e, s, true);
    close_block(e);
    names_pop_to(e, body_scope);
    e->private_bins = e->private_more_bins = NULL;
    for (int q = 0; q < 2 && bins[q]; q++)
        bins[q]->cname = saved[q];
    line(e, "#pragma omp for");
    indent(e);
    fprintf(e->out, "for (size_t %s = 0; %s < %s; %s++) {\n", b, b, nb, b);
    e->depth++;
    indent(e);
    fprintf(e->out, "for (int %s = 1; %s < %s; %s++) {\n", k, k, nt, k);
    e->depth++;
    for (int q = 0; q < 2 && bins[q]; q++)
        emit_combine_bin(
            e, bins[q], op, b,
            arena_printf(&e->a, "%s[(size_t)(%s - 1) * %s + %s]", copies[q], k, nb, b));
    close_block(e);
    close_block(e);
    close_block(e);
    for (int q = 0; q < 2 && bins[q]; q++) {
        indent(e);
        fprintf(e->out, "pg_free(%s);\n", copies[q]);
    }
    names_pop_to(e, scope);
}

/* A histogram's loop (+, *, min, max) into bins of known number: each thread
 * updates a copy of the bins of its own (an OpenMP array reduction) where
 * the copies are few next to the updates and fit the threads' stacks, a
 * copy on the heap where they are few but do not fit, the bins atomically
 * otherwise (pg_hist_private and pg_hist_heap decide at run time). */
static bool emit_hist_map(Emitter *e, Stmt *s) {
    if (!s->hist_bins || !e->opt->openmp || e->in_parallel || s->serial ||
        !body_adds_into(s->body, s->hist_bins))
        return false;
    /* an adjoint that iterations share (accum.c): its name, not "bins" */
    const char *what = s->hist_bins->primal ? buf_name(e, s->hist_bins) : "the bins";
    bool adj = s->hist_bins->primal != NULL;
    const char *fewer =
        adj ? arena_printf(&e->a, "%s short next to the updates", what) : "few bins";
    CopyNames copy; /* the loop's copies each name their variables afresh */
    copy_names_begin(e, &copy);
    emit_one_thread_branch(
        e, s, arena_printf(&e->a, "%s updated in place, neither copies nor atomics", what), NULL);
    copy_names_forget(e, &copy);
    indent(e);
    fputs("} else if (pg_hist_private(", e->out);
    emit_operand(e, s->hist_nbins);
    fputs(", ", e->out);
    emit_updates(e, s);
    /* a copy of both arrays of bins per thread, where there are two */
    fprintf(e->out, ", %ssizeof(%s))) {\n", s->hist_more_bins ? "2 * " : "",
            type_cname(s->hist_bins->elem));
    e->depth++;
    line(e, arena_printf(&e->a, "/* %s: a copy of %s per thread, combined after the loop */", fewer,
                         adj ? "it" : "them"));
    e->private_bins = s->hist_bins; /* open_parallel adds the reduction */
    e->private_more_bins = s->hist_more_bins;
    e->many_threads = true;
    emit_map_loop(e, s, NULL);
    copy_names_forget(e, &copy);
    e->private_bins = e->private_more_bins = NULL;
    e->depth--;
    if (type_is_float(s->hist_bins->elem)) {
        indent(e);
        fputs("} else if (pg_hist_heap(", e->out);
        emit_operand(e, s->hist_nbins);
        fputs(", ", e->out);
        emit_updates(e, s);
        fputs(")) {\n", e->out);
        e->depth++;
        line(e, adj ? arena_printf(&e->a,
                                   "/* %s longer than the threads' stacks hold, shorter than "
                                   "the updates: a copy of it per thread on the heap, combined "
                                   "element by element after the loop */",
                                   what)
                    : "/* more bins than the threads' stacks hold, fewer than the updates: a "
                      "copy of them per thread on the heap, combined bin by bin after the loop "
                      "*/");
        emit_hist_heap_copies(e, s);
        copy_names_forget(e, &copy);
        e->depth--;
    }
    line(e, "} else {");
    e->depth++;
    line(e, adj ? arena_printf(&e->a, "/* %s long next to the updates: atomic updates */", what)
                : "/* many bins: atomic updates */");
    emit_map_loop(e, s, NULL);
    copy_names_end(e, &copy);
    e->many_threads = false;
    e->depth--;
    line(e, "}");
    return true;
}

static void emit_map_here(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    if (s->text)
        emit_pargrad_pragma(e, s->text);
    if (!emit_hist_map(e, s) && !emit_lane_map(e, s))
        emit_map_loop(e, s, NULL);
}

void emit_map(Emitter *e, Stmt *s) {
    emit_spanned(e, s, emit_map_here); /* (a map in a loop of partial sums) */
}

/* A parallel loop with atomic updates gets a copy without them for one
 * thread (an atomic costs even when no other thread contends). */
static bool emit_one_thread_copy(Emitter *e, Stmt *s, const char *reductions) {
    if (e->many_threads || !e->opt->openmp || e->in_parallel || s->serial)
        return false;
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    if (!c.atomics)
        return false;
    CopyNames copy;
    copy_names_begin(e, &copy);
    emit_one_thread_branch(e, s, "plain updates, no atomics", reductions);
    copy_names_forget(e, &copy);
    line(e, "} else {");
    e->depth++;
    e->many_threads = true;
    emit_map_loop(e, s, reductions);
    e->many_threads = false;
    copy_names_end(e, &copy);
    close_block(e);
    return true;
}

/* The loop's header and body, its block left open; par: it runs inside
 * the parallel region just opened. Returns the names' scope to pop to. */
static int emit_loop_open(Emitter *e, Stmt *s, bool par) {
    int scope = e->names.len;
    emit_loop_header(e, s);
    e->depth++;
    bool saved = e->in_parallel;
    e->in_parallel |= par;
    emit_body(e, s->body);
    if (s->kind == S_REDUCE)
        emit_reduce_updates(e, s);
    e->in_parallel = saved;
    return scope;
}

/* the array as the reader sees it: W_b, or L_b->w through a struct */
static const char *partial_shown(Emitter *e, Buffer *b) {
    if (!b->through_pointer)
        return buf_name(e, b);
    return arena_printf(&e->a, "%s%s%s", buf_name(e, b), b->by_value ? "." : "->", b->field);
}

/* The position of s's array among the loop's partial sums, or -1. */
static int partial_of(Emitter *e, Stmt *s) {
    for (int i = 0; i < e->partials.len; i++)
        if (e->partials.items[i] == s->buf && (s->nidx == 1 || s->nidx == s->buf->rank) &&
            s->acc_op == RED_ADD)
            return i;
    return -1;
}

bool emit_partial_add(Emitter *e, Stmt *s) {
    int i = partial_of(e, s);
    if (i < 0)
        return false;
    const char *span = NULL;
    for (int k = 0; k < e->spans.len; k++)
        if (e->spans.items[k] == s)
            span = e->span_names.items[k];
    if (span) { /* (.v read again: another span's growth may have moved it) */
        indent(e);
        fprintf(e->out, "%s.v[", (const char *)e->partial_names.items[i]);
        emit_operand_top(e, s->idx[0]);
        fputs("] += ", e->out);
        emit_operand_top(e, s->args[0]);
        fputs(";\n", e->out);
        return true;
    }
    indent(e);
    fprintf(e->out, "pg_partial_%s_add(&%s, ", type_cname(s->buf->elem),
            (const char *)e->partial_names.items[i]);
    emit_flat_base(e, s->buf);
    fputs(", (long)(", e->out);
    emit_flat_element(e, s->buf, s->idx, s->nidx);
    fputs("), ", e->out);
    emit_operand_top(e, s->args[0]);
    fputs(");\n", e->out);
    return true;
}

static int emit_partial_spans(Emitter *e, Stmt *loop) {
    int open = 0;
    if (loop == e->collapsed)
        return 0;
    for (int i = 0; e->partials.len && i < loop->body->stmts.len; i++) {
        Stmt *s = loop->body->stmts.items[i];
        int p = s->kind == S_ACC && s->span && shared_update(e, s) ? partial_of(e, s) : -1;
        if (p < 0)
            continue;
        const char *part = e->partial_names.items[p];
        if (!open)
            line(e, arena_printf(&e->a,
                                 "/* the loop below updates one stretch of %s: the thread's "
                                 "partial sums grown once before it, then plain updates (vector "
                                 "lanes), unless they cannot hold it */",
                                 partial_shown(e, s->buf)));
        emit_stmts(e, s->span->pre);
        const char *name = unique_name(e, arena_printf(&e->a, "%s_fits", part), false);
        indent(e);
        fprintf(e->out, "const int %s = pg_partial_%s_span(&%s, ", name, type_cname(s->buf->elem),
                part);
        emit_flat_base(e, s->buf);
        fputs(", (long)(", e->out);
        emit_operand_top(e, s->span->first);
        fputs("), (long)(", e->out);
        emit_operand_top(e, s->span->last);
        fputs(")) != NULL;\n", e->out);
        vec_push(&e->a, &e->spans, s);
        vec_push(&e->a, &e->span_names, (void *)name);
        open++;
    }
    return open;
}

static void emit_partial_spans_end(Emitter *e, int open) {
    e->spans.len -= open;
    e->span_names.len -= open;
}

void emit_spanned(Emitter *e, Stmt *loop, void (*emit)(Emitter *, Stmt *)) {
    int open = emit_partial_spans(e, loop);
    if (!open) {
        emit(e, loop);
        return;
    }
    Stmt *outer_declared = declare_carried_once(e, loop);
    /* two copies: the compiler vectorises no loop whose updates test */
    const char *test = "";
    for (int i = e->spans.len - open; i < e->spans.len; i++)
        test = arena_printf(&e->a, "%s%s%s", test, *test ? " && " : "",
                            (const char *)e->span_names.items[i]);
    line(e, arena_printf(&e->a, "if (%s) {", test));
    e->depth++;
    CopyNames copy;
    copy_names_begin(e, &copy);
    emit(e, loop);
    copy_names_forget(e, &copy);
    e->depth--;
    line(e, "} else {");
    e->depth++;
    /* (this level's spans closed in the second copy: its updates go
     * through pg_partial_*_add, those of spans outside it stay open) */
    const char **names = (const char **)e->span_names.items + e->span_names.len - open;
    const char **kept = arena_alloc(&e->a, sizeof(char *) * (size_t)open);
    memcpy(kept, names, sizeof(char *) * (size_t)open);
    memset(names, 0, sizeof(char *) * (size_t)open);
    emit(e, loop);
    memcpy(names, kept, sizeof(char *) * (size_t)open);
    copy_names_end(e, &copy);
    close_block(e);
    emit_partial_spans_end(e, open);
    e->carried_declared = outer_declared;
}

/* The arrays of unknown length the loop's threads would update atomically,
 * all its iterations into the same few elements often (w_b of weights,
 * means_b of a mixture's components), which it does not otherwise touch. */
/* The arrays of the loops' bodies whose atomic sums can go into the
 * threads' partial sums: those the bodies do nothing else with. */
static void partial_targets(Emitter *e, Body **bodies, int n, PtrVec *bufs) {
    PtrVec sums = {0}, touched = {0};
    for (int k = 0; k < n; k++)
        atomic_sum_targets(bodies[k], &sums, &touched, &e->a);
    for (int i = 0; i < sums.len; i++) {
        Buffer *b = sums.items[i];
        if (partial_sums_fit(b) && !vec_contains(&touched, b))
            vec_push(&e->a, bufs, b);
    }
}

/* A map whose threads add into partial sums of their own instead of
 * updating the arrays atomically (pargrad.h, pg_partial_*): grown as far
 * as each thread's largest element, added into the arrays once at the end
 * of the loop (bufs: those arrays). A histogram's map (hist_bins) has
 * copies of known length. */
static bool takes_partials(Emitter *e, Stmt *s, PtrVec *bufs) {
    if (!e->opt->openmp || e->in_parallel || s->serial ||
        (s->kind != S_MAP && s->kind != S_REDUCE) || s->hist_bins || e->partials.len)
        return false;
    partial_targets(e, &s->body, 1, bufs);
    return bufs->len > 0;
}

/* What opens a region whose threads add into partial sums of bufs: the
 * comment, and each thread's (empty) sums, declared after `{` of the
 * region's block (the caller opens the region). */
static void partials_comment(Emitter *e, PtrVec *bufs) {
    const char *list = "";
    for (int i = 0; i < bufs->len; i++)
        list = arena_printf(&e->a, "%s%s%s", list, i ? ", " : "", partial_shown(e, bufs->items[i]));
    line(e, arena_printf(&e->a,
                         "/* the threads add into partial sums of %s of their own, not atomically "
                         "into the shared array%s: each grown to the largest element its "
                         "thread updates (up to pg_partial_limit(), 2^17 to 2^22 elements by "
                         "the number of threads; past it atomically), then added in once */",
                         list, bufs->len > 1 ? "s" : ""));
}

void declare_partials(Emitter *e, PtrVec *bufs) {
    for (int i = 0; i < bufs->len; i++) {
        Buffer *b = bufs->items[i];
        const char *shown = b->through_pointer ? arena_printf(&e->a, "%s_%s", buf_name(e, b),
                                                              ident_of(&e->a, b->field))
                                               : buf_name(e, b);
        const char *name = unique_name(e, arena_printf(&e->a, "%s_part", shown), false);
        line(e, arena_printf(&e->a, "pg_partial_%s %s = {0};", type_cname(b->elem), name));
        vec_push(&e->a, &e->partials, b);
        vec_push(&e->a, &e->partial_names, (void *)name);
    }
}

/* Every thread of the region adds its sums into the arrays (barriers
 * inside: all of the team calls it). */
void combine_partials(Emitter *e) {
    for (int i = 0; i < e->partials.len; i++) {
        indent(e);
        fprintf(e->out, "pg_partial_%s_combine(&%s, ",
                type_cname(((Buffer *)e->partials.items[i])->elem),
                (const char *)e->partial_names.items[i]);
        emit_flat_base(e, e->partials.items[i]);
        fputs(");\n", e->out);
    }
    e->partials.len = e->partial_names.len = 0;
}

static bool emit_partials_map(Emitter *e, Stmt *s, const char *reductions) {
    PtrVec bufs = {0};
    if (!takes_partials(e, s, &bufs))
        return false;
    partials_comment(e, &bufs);
    line(e, "#pragma omp parallel");
    line(e, "{");
    e->depth++;
    int scope = e->names.len;
    declare_partials(e, &bufs);
    emit_loop_pragma(e, s, reductions, "for");
    int body_scope = emit_loop_open(e, s, true);
    close_block(e);
    names_pop_to(e, body_scope);
    combine_partials(e);
    names_pop_to(e, scope);
    close_block(e);
    return true;
}

/* A fused scan's region (emit_scan.c): its maps' atomic sums go into the
 * threads' partial sums, as a map's do (atomic on every update otherwise,
 * also on one thread). Writes the comment and returns whether there are
 * any; the caller declares them inside its region (declare_partials) and
 * combines them at its end (combine_partials). */
bool region_partials(Emitter *e, Body **bodies, int n, PtrVec *bufs) {
    if (!e->opt->openmp || e->in_parallel || e->partials.len)
        return false;
    partial_targets(e, bodies, n, bufs);
    if (bufs->len)
        partials_comment(e, bufs);
    return bufs->len > 0;
}

static void emit_map_loop(Emitter *e, Stmt *s, const char *reductions) {
    if (emit_halo_map(e, s, reductions) || emit_one_thread_copy(e, s, reductions) ||
        emit_partials_map(e, s, reductions))
        return;
    bool par = open_parallel(e, s, reductions);
    int scope = emit_loop_open(e, s, par);
    close_block(e);
    names_pop_to(e, scope);
}

/* The end of a reduce's iteration: each accumulator combines its
 * contribution. */
static void emit_reduce_updates(Emitter *e, Stmt *s) {
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        const char *n = accum_name(e, a);
        indent(e);
        switch (a->op) {
        case RED_ADD:
        case RED_MUL:
            fprintf(e->out, "%s %s= ", n, a->op == RED_ADD ? "+" : "*");
            emit_operand_top(e, a->contrib);
            break;
        case RED_MIN:
        case RED_MAX:
            fprintf(e->out, "%s = ", n);
            emit_operand(e, a->contrib);
            fprintf(e->out, " %s %s ? ", a->op == RED_MIN ? "<" : ">", n);
            emit_operand(e, a->contrib);
            fprintf(e->out, " : %s", n);
            break;
        case RED_USER: /* the helper's `declare reduction` combines the threads' */
            fprintf(e->out, "%s = %s(%s, ", n, a->uop->helper, n);
            emit_operand(e, a->contrib);
            fputc(')', e->out);
            break;
        default:
            fprintf(e->out, "%s = pg_%s_pick(%s, (pg_argext){", n,
                    a->op == RED_ARGMIN ? "argmin" : "argmax", n);
            emit_operand(e, a->contrib);
            fprintf(e->out, ", %s})", var_name(e, s->index));
            break;
        }
        fputs(";\n", e->out);
    }
}

void emit_reduce(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        indent(e);
        if (a->op == RED_ARGMIN || a->op == RED_ARGMAX) {
            fprintf(e->out, "pg_argext %s = {", accum_name(e, a));
            emit_operand(e, a->init);
            fputs(", -1};\n", e->out);
        } else {
            fprintf(e->out, "%s %s = ", type_cname(a->result->ty), accum_name(e, a));
            emit_operand(e, a->init);
            fputs(";\n", e->out);
        }
    }
    if (s->text)
        emit_pargrad_pragma(e, s->text);
    char *red = NULL;
    if (e->opt->openmp && !e->in_parallel && !s->serial) {
        red = "";
        for (int i = 0; i < s->accums.len; i++) {
            Accum *a = s->accums.items[i];
            red = arena_printf(&e->a, "%s reduction(%s : %s)", red, omp_reduce_op(a),
                               accum_name(e, a));
        }
    }
    if (red) { /* (a copy for one thread, partial sums, as a map's) */
        emit_map_loop(e, s, red);
    } else {
        open_inner_simd(e, s);
        int scope = emit_loop_open(e, s, false);
        close_block(e);
        names_pop_to(e, scope);
    }
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        if (a->op != RED_ARGMIN && a->op != RED_ARGMAX)
            continue;
        if (a->result->id >= e->nvars || e->uses[a->result->id] > 0) {
            indent(e);
            fprintf(e->out, "const %s %s = %s.val;\n", type_cname(a->result->ty),
                    var_name(e, a->result), accum_name(e, a));
        }
        indent(e);
        fprintf(e->out, "const long long %s = %s.idx;\n", var_name(e, a->arg_result),
                accum_name(e, a));
        if (e->terms_only) /* the iterations read it, not the terms */
            line(e, arena_printf(&e->a, "(void)%s;", var_name(e, a->arg_result)));
    }
}

/* A scan is a call of the runtime's blocked scan (runtime/scan.c), one
 * function per operator and type, so the operator is inlined there. */
void emit_scan(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    indent(e);
    static const char *const ops[] = {"add", "mul", "min", "max", "", "", "affine"};
    if (s->scan_op == RED_USER) /* the helpers' PG_SCAN_DEF, with the operator inlined */
        fprintf(e->out, "%s_scan%s(", s->uop->helper, s->reversed ? "_rev" : "");
    else
        fprintf(e->out, "pg_scan_%s_%s%s(", ops[s->scan_op], type_cname(s->buf->elem),
                s->reversed ? "_rev" : "");
    emit_operand(e, s->hi);
    fputs(", ", e->out);
    emit_operand(e, s->args[0]);
    for (int i = 0; i < 2 && s->scan_in[i]; i++)
        fprintf(e->out, ", %s", buf_name(e, s->scan_in[i]));
    fprintf(e->out, ", %s, %d);\n", buf_name(e, s->buf), e->opt->openmp && !e->in_parallel);
}

/* pg_hist_min_double(h, bins, entries, keys, values, parallel): the
 * runtime picks per-thread copies of the bins or atomics by bin count.
 * Reversed: pg_hist_min_double_rev(h, final, h_b, bins, entries, keys,
 * values, values_b, parallel), h holding the bins from before. */
void emit_hist(Emitter *e, Stmt *s) {
    static const char *const ops[] = {"add", "mul", "min", "max"};
    source_comment(e, s->loc, s->note);
    indent(e);
    if (s->scan_op == RED_USER) /* the helpers' PG_HIST_FWD or PG_HIST_GENERAL_REV */
        fprintf(e->out, "%s_hist%s(%s, ", s->uop->helper, s->reversed ? "_rev" : "",
                buf_name(e, s->buf));
    else
        fprintf(e->out, "pg_hist_%s_%s%s(%s, ", ops[s->scan_op], type_cname(s->buf->elem),
                s->reversed ? "_rev" : "", buf_name(e, s->buf));
    emit_hist_operands(e, s);
    fprintf(e->out, ", %d);\n", e->opt->openmp && !e->in_parallel);
}

/* A histogram's operands after its bins, in the runtime's order (the CUDA
 * backend's grid versions take them too): reversed, the final bins (NULL
 * for *) and the bins' adjoints; the number of bins, of entries, the keys,
 * the values; reversed, the values' adjoints (NULL where none) */
void emit_hist_operands(Emitter *e, Stmt *s) {
    if (s->reversed)
        fprintf(e->out, "%s, %s, ", s->hist_rev[0] ? buf_name(e, s->hist_rev[0]) : "NULL",
                buf_name(e, s->hist_rev[1]));
    emit_operand(e, s->args[0]);
    fputs(", ", e->out);
    emit_operand(e, s->hi);
    fprintf(e->out, ", %s, %s", buf_name(e, s->scan_in[1]), buf_name(e, s->scan_in[0]));
    if (s->reversed)
        fprintf(e->out, ", %s", s->hist_rev[2] ? buf_name(e, s->hist_rev[2]) : "NULL");
}
