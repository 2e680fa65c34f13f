/* Emission as CUDA (--backend=cuda, DESIGN section 5): the function cut
 * into kernels, and a host function that launches them in order on the
 * caller's stream (emit_cuda_place.c decides where each statement runs,
 * emit_cuda_host.c writes the host function's statements, emit_cuda_parts.c
 * the kernels of maps, reduces and scans).
 *
 *   - a map becomes a kernel whose threads take its iterations in a
 *     grid-stride loop; the updates of elements iterations share (those
 *     accum.c did not find iteration-owned) are atomicAdd; its sums into
 *     scalars outside it are each thread's partial sum, reduced by CUB;
 *   - a reduce becomes a kernel writing each iteration's contributions,
 *     then CUB's device-wide reduction of them (pargrad_cuda_cub.h), and
 *     a fused scan a kernel of terms, CUB's scan, a kernel of iterations;
 *   - scalar arithmetic on the host's values runs on the host (loop
 *     bounds, sizes), and so do sequential loops and ifs around parallel
 *     work whose bounds and conditions the host knows: it launches each
 *     iteration's kernels; their saves go on tapes the host keeps;
 *   - everything else (other sequential loops, their tape, scalar code
 *     reading arrays) runs in kernels of one thread, the serial backend's
 *     code on the GPU: correct, and slow where it is large, which the
 *     comment above its launch says.
 *
 * Scalars that one kernel computes and another reads live in the call's
 * frame, a struct in device memory (with the tape of the one-thread
 * kernels and the flag a return sets). Arrays the function allocates,
 * which several kernels use, are allocated by the host function from the
 * stream's pool. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "emit_cuda_internal.h"

#include <stdarg.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- what the backend cannot emit yet ---- */

/* The kept calls device code has, and what it calls instead: stdio's
 * output goes through printf (streams ignored, fflush a no-op:
 * pargrad_cuda.h), OpenMP's wall clock reads the GPU's timer, exit and
 * abort stop the kernel (the host reports the failed launch), assert and
 * pargrad's checks as they are */
static const char *const device_calls[][2] = {
    {"printf", "printf"},
    {"puts", "pg_dev_puts"},
    {"putchar", "pg_dev_putchar"},
    {"fputs", "pg_dev_fputs"},
    {"fprintf", "pg_dev_fprintf"},
    {"fflush", "pg_dev_fflush"},
    {"omp_get_wtime", "pg_dev_wtime"},
    {"assert", "assert"},
    {"exit", "pg_dev_exit"},
    {"_Exit", "pg_dev_exit"},
    {"abort", "pg_dev_abort"},
    {"pg_bin_check", "pg_bin_check"},
    {"pg_bound_check", "pg_bound_check"},
    {"pg_overlap_check", "pg_overlap_check"},
};

const char *cuda_device_call(const char *fn) {
    for (size_t i = 0; fn && i < sizeof device_calls / sizeof device_calls[0]; i++)
        if (strcmp(device_calls[i][0], fn) == 0)
            return device_calls[i][1];
    return NULL;
}

/* What stdio's output calls return on the GPU is not the CPU's: CUDA's
 * printf returns how many arguments it read, not how many characters it
 * wrote (the e2e program kept_values steered a damping factor by it) */
static bool stdio_output(const char *fn) {
    static const char *const outputs[] = {"printf", "puts", "putchar", "fputs", "fprintf"};
    for (size_t i = 0; fn && i < sizeof outputs / sizeof outputs[0]; i++)
        if (strcmp(fn, outputs[i]) == 0)
            return true;
    return false;
}

static Stmt *first_unsupported(Body *b, const char **what) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT && !cuda_device_call(s->text))
            *what = "calls other than stdio's output, omp_get_wtime, assert, exit and abort";
        else if (s->kind == S_EFFECT && kept_number_of(s) && stdio_output(s->text))
            *what = "the value a call of stdio's output returns (on the GPU printf returns how "
                    "many arguments it read, not how many characters it wrote: count them "
                    "another way, or differentiate this function for the CPU)";
        if (*what)
            return s;
        Stmt *in = first_unsupported(s->then_body, what);
        if (!in)
            in = first_unsupported(s->else_body, what);
        if (!in)
            in = first_unsupported(s->body, what);
        if (in)
            return in;
    }
    return NULL;
}

/* A parameter whose declared dimensions C++ must flatten its accesses by
 * but the kernels cannot name (act[F][m + 1]: computed, not a parameter) */
static bool computed_dimension(Func *f, const Param *p) {
    Operand *dims = p->buf ? (p->buf->shape ? p->buf->shape : p->buf->row_dims) : NULL;
    for (int d = 0; dims && d < p->buf->rank; d++) {
        if (dims[d].kind != OPD_VAR)
            continue;
        bool param = false;
        for (int i = 0; i < f->params.len && !param; i++)
            param = ((Param *)f->params.items[i])->var == dims[d].var;
        if (!param)
            return true;
    }
    return false;
}

bool cuda_unsupported(Func *f, const char **what, SrcLoc *at) {
    *what = NULL;
    for (int i = 0; i < f->params.len; i++)
        if (computed_dimension(f, f->params.items[i])) {
            *what = "array parameters whose dimensions are computed (double a[F][m + 1]: pass "
                    "m + 1 as an int parameter of its own)";
            *at = f->loc;
            return true;
        }
    Stmt *s = first_unsupported(f->body, what);
    if (s)
        *at = s->loc;
    return s != NULL;
}

bool uses_tape(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (stmt_uses_tape(s) || stmt_keeps_value(s) || uses_tape(s->then_body) ||
            uses_tape(s->else_body) || uses_tape(s->body))
            return true;
    }
    return false;
}

/* ---- kernels ---- */

/* A declaration of the file's in C++: its `restrict`s as nvcc and g++
 * spell them */
static const char *cplusplus_decl(Arena *a, const char *decl) {
    const char *out = "", *from = decl;
    for (const char *at = strstr(decl, "restrict"); at; at = strstr(at + 8, "restrict")) {
        bool word = (at == decl || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
                    !(isalnum((unsigned char)at[8]) || at[8] == '_');
        if (!word)
            continue;
        out = arena_printf(a, "%s%.*s__restrict__", out, (int)(at - from), from);
        from = at + 8;
    }
    return from == decl ? decl : arena_printf(a, "%s%s", out, from);
}

/* A parameter whose rows' lengths are not all known as values
 * (`const double (*pos)[3]`, `pos[][3]`): C++ has its type as written,
 * and its accesses stay pos[i][k] (emit_access flattens T p[n][m]'s) */
static bool declared_as_written(const Param *p) {
    return p->decl && ((!strchr(p->decl, '[') && !p->declared_array) ||
                       (p->buf && p->buf->rank > 1 && !p->buf->shape && !p->buf->row_dims &&
                        !p->buf->row_table));
}

/* A parameter as a kernel and the host function take it: pointers for
 * arrays (C++ has no T p[n][m] parameters), as declared otherwise */
static const char *param_decl(Cuda *c, Param *p, Param *prev) {
    Arena *a = &c->e->a;
    /* an adjoint: the primal's declaration, without const */
    if (p->buf && !p->decl && !p->group && !p->buf->scalar_ref && prev &&
        declared_as_written(prev) && prev->buf && p->buf->primal == prev->buf) {
        const char *d = adjoint_decl(c->e, prev->decl, prev->name, p->name);
        if (d)
            return cplusplus_decl(a, d);
    }
    if (p->group && p->group->decl && !strchr(p->group->decl, '['))
        return cplusplus_decl(a, p->group->decl);
    if (p->group)
        return arena_printf(a, "%s *%s", p->group->type, p->group->name);
    if (p->var)
        return arena_printf(a, "%s %s", type_cname(p->var->ty), p->name);
    if (declared_as_written(p))
        return cplusplus_decl(a, p->decl);
    if (p->buf->row_table)
        return arena_printf(a, "%s%s *const *%s", p->buf->is_const ? "const " : "",
                            type_cname(p->buf->elem), p->name);
    return arena_printf(a, "%s%s *%s", p->buf->is_const ? "const " : "", type_cname(p->buf->elem),
                        p->name);
}

static void params_list(Cuda *c, FILE *out, bool decls) {
    const StructParam *prev = NULL;
    bool first = true;
    for (int i = 0; i < c->f->params.len; i++) {
        Param *p = c->f->params.items[i];
        if (p->group && p->group == prev)
            continue;
        prev = p->group;
        fprintf(out, "%s%s", first ? "" : ", ",
                decls      ? param_decl(c, p, i ? c->f->params.items[i - 1] : NULL)
                : p->group ? p->group->name
                           : p->name);
        first = false;
    }
}

static void use_var(UseScan *us, Var *v) {
    Cuda *c = us->c;
    if (v->id >= c->e->nvars || c->mark[v->id])
        return;
    c->mark[v->id] = 1;
    if (c->live[v->id] == LIVE_HOST)
        vec_push(&c->e->a, &us->u->host, v);
    else if (c->live[v->id] == LIVE_FRAME)
        vec_push(&c->e->a, &us->u->frame, v);
}

void use_operand(Operand *o, void *ctx) {
    if (o->kind == OPD_VAR)
        use_var(ctx, o->var);
}

void use_buffer(UseScan *us, Buffer *b) {
    if (b && b->id < us->c->e->nbufs && us->c->host_buf[b->id] && !vec_contains(&us->u->bufs, b))
        vec_push(&us->c->e->a, &us->u->bufs, b);
}

void scan_uses(UseScan *us, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, use_operand, us);
        int n = 0;
        Var **defs = stmt_all_bound(s, &n);
        for (int k = 0; k < n; k++)
            use_var(us, defs[k]);
        free(defs);
        Buffer *named[] = {s->buf,         s->scan_in[0],  s->scan_in[1],
                           s->hist_rev[0], s->hist_rev[1], s->hist_rev[2]};
        for (size_t q = 0; q < sizeof named / sizeof named[0]; q++)
            use_buffer(us, named[q]);
        scan_uses(us, s->then_body);
        scan_uses(us, s->else_body);
        scan_uses(us, s->body);
    }
}

void clear_marks(Cuda *c, Uses *u) {
    for (int i = 0; i < u->host.len; i++)
        c->mark[((Var *)u->host.items[i])->id] = 0;
    for (int i = 0; i < u->frame.len; i++)
        c->mark[((Var *)u->frame.items[i])->id] = 0;
}

/* What a grid kernel reads: its loop's bounds, body and contributions
 * (a reduce's initial values join on the host or where its results are
 * read: a kernel loading them would not use them) */
static void use_unless_init(Operand *o, void *ctx) {
    UseScan *us = ctx;
    for (int k = 0; k < us->loop->accums.len; k++)
        if (o == &((Accum *)us->loop->accums.items[k])->init)
            return;
    use_operand(o, us);
}

Uses grid_uses(Cuda *c, Stmt *s) {
    Uses u = {0};
    UseScan us = {c, &u, s};
    stmt_visit_operands(s, use_unless_init, &us);
    scan_uses(&us, s->body);
    clear_marks(c, &u);
    return u;
}

static Uses uses_of(Cuda *c, Body *b) {
    Uses u = {0};
    UseScan us = {c, &u, NULL};
    scan_uses(&us, b);
    clear_marks(c, &u);
    return u;
}

static Body *part_body(Cuda *c, Part *p) {
    Body *b = body_new(&c->e->a);
    for (int i = p->first; i < p->end; i++)
        if (c->kind[i] != PART_HOST)
            body_append(&c->e->a, b, c->item[i]);
    return b;
}

static bool defined_in(Cuda *c, Var *v, Part *p) {
    return c->def_part[v->id] == (int)(p - c->parts);
}

void kernel_head(Cuda *c, const char *name, Uses *u, const char *extra) {
    Emitter *e = c->e;
    fprintf(e->out, "\n__global__ static void %s(", name);
    params_list(c, e->out, true);
    for (int i = 0; i < u->host.len; i++) {
        Var *v = u->host.items[i];
        fprintf(e->out, ", %s %s", type_cname(v->ty), var_name(e, v));
    }
    for (int i = 0; i < u->bufs.len; i++) {
        Buffer *b = u->bufs.items[i];
        fprintf(e->out, ", %s *%s", type_cname(b->elem), buf_name(e, b));
    }
    fprintf(e->out, "%s, struct %s *pg_frame) {\n", extra ? extra : "", c->frame_type);
    e->depth = 1;
    line(e, "if (pg_frame->head.done) /* the function has returned */");
    line(e, "    return;");
}

/* The frame variables a kernel reads, as locals (`mine`: those it binds
 * itself are declared where they are bound) */
const char *frame_read(Cuda *c, Var *v) {
    if (c->frame_expr[v->id])
        return c->frame_expr[v->id];
    return arena_printf(&c->e->a, "pg_frame->%s", var_name(c->e, v));
}

void load_frame(Cuda *c, Uses *u, Part *p) {
    Emitter *e = c->e;
    for (int i = 0; i < u->frame.len; i++) {
        Var *v = u->frame.items[i];
        if (defined_in(c, v, p))
            continue;
        indent(e);
        const char *name = var_name(e, v);
        if (vec_contains(&c->sums, v)) { /* (the first thread's partial sum starts from it) */
            fprintf(e->out, "%s %s = blockIdx.x == 0 && threadIdx.x == 0 ? %s : (%s)0;\n",
                    type_cname(v->ty), name, frame_read(c, v), type_cname(v->ty));
            if (!name_taken(e, name))
                names_push(e, name);
            continue;
        }
        fprintf(e->out, "%s%s %s = %s;\n", v->is_mutable ? "" : "const ", type_cname(v->ty), name,
                frame_read(c, v));
        if (!name_taken(e, name)) /* (named in another kernel: taken here too) */
            names_push(e, name);
    }
}

static void store_frame(Cuda *c, Uses *u, Part *p) {
    Emitter *e = c->e;
    for (int i = 0; i < u->frame.len; i++) {
        Var *v = u->frame.items[i];
        if ((defined_in(c, v, p) || v->is_mutable) && !c->frame_expr[v->id]) {
            indent(e);
            fprintf(e->out, "pg_frame->%s = %s;\n", var_name(e, v), var_name(e, v));
        }
    }
}

void add_frame_var(Cuda *c, Var *v) {
    if (!vec_contains(&c->frame_vars, v) && !c->frame_expr[v->id])
        vec_push(&c->e->a, &c->frame_vars, v);
}

/* The arguments of a launch, in the kernel's order */
void launch_args(Cuda *c, Uses *u, const char *extra) {
    Emitter *e = c->e;
    fputc('(', e->out);
    params_list(c, e->out, false);
    for (int i = 0; i < u->host.len; i++)
        fprintf(e->out, ", %s", var_name(e, u->host.items[i]));
    for (int i = 0; i < u->bufs.len; i++)
        fprintf(e->out, ", %s", buf_name(e, u->bufs.items[i]));
    fprintf(e->out, "%s, pg_frame);\n", extra ? extra : "");
}

/* A line of the host function, at the depth of its loops and ifs */
void hindent(Cuda *c) {
    for (int i = 0; i <= c->hdepth; i++)
        fputs("    ", c->host);
}

void hprintf(Cuda *c, const char *fmt, ...) {
    hindent(c);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->host, fmt, ap);
    va_end(ap);
}

/* Back to the host function's statements (after a kernel) */
void to_host(Cuda *c) {
    c->e->out = c->host;
    c->e->depth = 1 + c->hdepth;
}

void check_launch(Cuda *c, int line_no) {
    hprintf(c, "PG_CUDA_CHECK(cudaGetLastError(), \"%s\", %d);\n", c->fname, line_no);
}

/* A size the host can compute: a value it knows, or the sum, difference,
 * product or conversion of such (`m + 2` computed in the kernel), which
 * it computes again */
/* The let defining o (an integer's), or NULL */
static Stmt *int_let(Emitter *e, Operand o) {
    if (o.kind != OPD_VAR || o.var->id >= e->nvars || o.var->is_mutable)
        return NULL;
    Stmt *d = e->def_stmt[o.var->id];
    return d && d->kind == S_LET && !type_is_float(d->dst->ty) ? d : NULL;
}

static Stmt *size_let(Emitter *e, Operand o) {
    Stmt *d = int_let(e, o);
    bool arith = d && (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL || d->op == OP_CAST ||
                       d->op == OP_COPY);
    return arith ? d : NULL;
}

static bool host_size(Cuda *c, Operand o, int depth) {
    if (host_known(c, o))
        return true;
    Stmt *d = size_let(c->e, o);
    if (!d || depth > 4)
        return false;
    for (int i = 0; i < d->nargs; i++)
        if (!host_size(c, d->args[i], depth + 1))
            return false;
    return true;
}

/* size_let d's arithmetic again, its operands by arg (for emit_size and
 * emit_entry_value: where each finds them) */
static void emit_size_let(Emitter *e, Stmt *d, bool parens,
                          void (*arg)(Emitter *, const void *, Operand), const void *ctx) {
    if (d->op == OP_CAST)
        fprintf(e->out, "(%s)", type_cname(d->dst->ty));
    if (parens)
        fputc('(', e->out);
    arg(e, ctx, d->args[0]);
    if (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL) {
        fputs(d->op == OP_ADD ? " + " : d->op == OP_SUB ? " - " : " * ", e->out);
        arg(e, ctx, d->args[1]);
    }
    if (parens)
        fputc(')', e->out);
}

static void emit_size(Emitter *e, Cuda *c, Operand o, bool top);
static void size_arg(Emitter *e, const void *c, Operand o) {
    emit_size(e, (Cuda *)c, o, false);
}

/* (c: as the host computes it, or the top of the kernel, before the
 * temporaries: host_size's expression of the values the host knows;
 * without c: as named at the declaration) */
static void emit_size(Emitter *e, Cuda *c, Operand o, bool top) {
    Stmt *d = c && !host_known(c, o) ? size_let(e, o) : NULL;
    if (!d) {
        if (c)
            emit_operand(e, o);
        else
            emit_operand_top(e, o);
        return;
    }
    emit_size_let(e, d, !top || d->op == OP_CAST, size_arg, c);
}

/* The element count of an array sized at run time, declared by decl:
 * (size_t)(d0) * (size_t)(d1) ... */
void emit_elements(Emitter *e, Cuda *c, Stmt *decl) {
    for (int i = 0; i < decl->buf->rank; i++) {
        fputs(i ? " * (size_t)(" : "(size_t)(", e->out);
        emit_size(e, c, decl_dim(decl, i), true);
        fputc(')', e->out);
    }
}

/* C++ has no arrays sized at run time: a kernel keeps each on the heap,
 * in a pointer declared at its top, which each declaration grows to the
 * size it asks (a declaration in a loop reuses the memory) and the
 * kernel's end frees. In a grid kernel, those whose sizes the host knows
 * (decls: c->pool_decls) are each thread's part of one pool the host
 * allocates before the launch instead: device malloc is slow, and every
 * thread would call it. */
void collect_heap_arrays(Emitter *e, Cuda *c, Body *b, PtrVec *decls) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_DECL && s->buf && s->buf->sized_at_run_time &&
            !vec_contains(&e->cuda_heap, s->buf)) {
            Buffer *buf = s->buf;
            buf->cname = unique_name(e, buf->name, false);
            names_push(e, buf->cname);
            const char *cap = unique_name(e, arena_printf(&e->a, "%s_cap", buf->cname), false);
            names_push(e, cap);
            vec_push(&e->a, &e->cuda_heap, buf);
            vec_push(&e->a, &e->cuda_heap_caps, (void *)cap);
            const char *ty = type_cname(buf->elem);
            indent(e);
            if (decls && vec_contains(decls, s)) {
                vec_push(&e->a, &e->cuda_pooled, buf);
                fprintf(e->out, "const size_t %s = pg_pool_count(", cap);
                emit_elements(e, c, s);
                fprintf(e->out, ", sizeof(%s));\n", ty);
                indent(e);
                fprintf(e->out,
                        "%s *const %s = (%s *)pg_pool_take(&pg_mine, %s, sizeof(%s)); /* an array "
                        "sized at run time (this thread's, from the pool) */\n",
                        ty, buf->cname, ty, cap, ty);
                continue;
            }
            fprintf(e->out, "%s *%s = NULL; /* an array sized at run time (on the heap) */\n", ty,
                    buf->cname);
            indent(e);
            fprintf(e->out, "size_t %s = 0;\n", cap);
        }
        collect_heap_arrays(e, c, s->then_body, decls);
        collect_heap_arrays(e, c, s->else_body, decls);
        collect_heap_arrays(e, c, s->body, decls);
    }
}

void free_heap_arrays(Emitter *e) {
    for (int i = 0; i < e->cuda_heap.len; i++) {
        if (vec_contains(&e->cuda_pooled, e->cuda_heap.items[i]))
            continue;
        indent(e);
        fprintf(e->out, "pg_free(%s);\n", buf_name(e, e->cuda_heap.items[i]));
    }
}

void emit_cuda_heap_array(Emitter *e, Stmt *decl) {
    Buffer *b = decl->buf;
    int at = -1;
    for (int i = 0; i < e->cuda_heap.len; i++)
        if (e->cuda_heap.items[i] == b)
            at = i;
    const char *cap = at >= 0 ? (const char *)e->cuda_heap_caps.items[at] : "?";
    b->dims = arena_alloc(&e->a, sizeof(Operand) * (size_t)b->rank);
    for (int i = 0; i < b->rank; i++)
        b->dims[i] = decl_dim(decl, i); /* (the accesses after it, flattened, use them) */
    indent(e);
    if (vec_contains(&e->cuda_pooled, b))
        fprintf(e->out, "pg_pool_array(%s, %s, ", buf_name(e, b), cap);
    else
        fprintf(e->out, "%s = pg_heap_grow(%s, &%s, ", buf_name(e, b), buf_name(e, b), cap);
    emit_elements(e, NULL, decl);
    fprintf(e->out, ", sizeof(%s), %d);\n", type_cname(b->elem),
            b->zero_init || b->zeroed_for_saves);
}

/* (conditional: under an if, where the host must not size what may
 * never be declared) */
static void run_time_decls(Body *b, Arena *a, PtrVec *out, PtrVec *cond, bool conditional) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_DECL && s->buf && s->buf->sized_at_run_time)
            vec_push(a, conditional ? cond : out, s);
        run_time_decls(s->then_body, a, out, cond, true);
        run_time_decls(s->else_body, a, out, cond, true);
        run_time_decls(s->body, a, out, cond, conditional);
    }
}

static bool same_dims(const Stmt *d1, const Stmt *d2) {
    for (int i = 0; i < d1->buf->rank; i++)
        if (!opd_equal(decl_dim(d1, i), decl_dim(d2, i)))
            return false;
    return true;
}

/* The first declarations in b of arrays sized at run time whose sizes the
 * host knows, the same at each of their declarations (a grid kernel's
 * threads take them from a pool) */
void poolable_decls(Cuda *c, Body *b, PtrVec *out) {
    PtrVec all = {0}, cond = {0};
    run_time_decls(b, &c->e->a, &all, &cond, false);
    for (int i = 0; i < all.len; i++) {
        Stmt *s = all.items[i];
        bool ok = true;
        for (int k = 0; k < cond.len && ok; k++)
            ok = ((Stmt *)cond.items[k])->buf != s->buf;
        for (int k = 0; k < all.len && ok; k++) {
            Stmt *t = all.items[k];
            if (t->buf != s->buf)
                continue;
            ok = !(k < i) && same_dims(s, t);
            for (int d = 0; d < t->buf->rank && ok; d++)
                ok = host_size(c, decl_dim(t, d), 0);
        }
        if (ok)
            vec_push(&c->e->a, out, s);
    }
}

/* Saves a block of device code pops itself (b runs whole in one kernel: a
 * part of one-thread code, a grid kernel's iteration): a local variable
 * carries each value instead of the tape. A pop in the block takes the
 * value of the block's last push not yet popped, where nothing between
 * them uses the tape otherwise (no region, no inner block that still
 * pushes or pops): the tape's order, with the rest of the tape as it
 * was. Grid threads then keep no tape, and ask the device heap for
 * nothing, for saves that do not outlive their block. */
void local_saves(Cuda *c, Body *b) {
    int *open = xcalloc((size_t)(b ? b->stmts.len : 0) + 1, sizeof(int));
    int nopen = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_PUSH && !pair_on_host(c, s) && !s->save_local) {
            open[nopen++] = i;
        } else if (s->kind == S_POP && !pair_on_host(c, s) && !s->save_local && nopen > 0) {
            Stmt *push = b->stmts.items[open[--nopen]];
            push->save_local = s->save_local = ++c->local_saves;
        } else if (stmt_uses_tape(s)) {
            nopen = 0;
        } else {
            local_saves(c, s->then_body);
            local_saves(c, s->else_body);
            local_saves(c, s->body);
            if (uses_tape(s->then_body) || uses_tape(s->else_body) || uses_tape(s->body))
                nopen = 0;
        }
    }
    free(open);
}

/* The tape of the kernel's code (pg_tape_self()): the call's, in the
 * frame, for one-thread kernels; each thread's own in grid kernels, whose
 * iterations push and pop as much */
void declare_tape(Cuda *c, Body *b, bool own) {
    if (!uses_tape(b))
        return;
    if (own) {
        line(c->e, "pg_tape pg_thread_tape = {NULL, 0, 0, NULL, 0, NULL}; /* this thread's */");
        line(c->e, "pg_tape *const pg_tape_here = &pg_thread_tape;");
    } else {
        line(c->e, "pg_tape *const pg_tape_here = pg_frame_tape(&pg_frame->head, pg_frame + 1); "
                   "/* the call's (its room after the frame, then the device heap) */");
        c->frame_tape = true;
    }
}

/* the largest tape_pair in b */
static int max_tape_pair(Body *b) {
    int m = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int in[4] = {s->tape_pair, max_tape_pair(s->then_body), max_tape_pair(s->else_body),
                     max_tape_pair(s->body)};
        for (int k = 0; k < 4; k++)
            m = in[k] > m ? in[k] : m;
    }
    return m;
}

/* the statements of b, at any depth */
static int count_stmts(Body *b) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += 1 + count_stmts(s->then_body) + count_stmts(s->else_body) + count_stmts(s->body);
    }
    return n;
}

/* the statements of b that are code (not comments), at any depth */
static int count_code(Body *b) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += s->kind != S_COMMENT;
        n += count_code(s->then_body) + count_code(s->else_body) + count_code(s->body);
    }
    return n;
}

/* Kernels of one thread: the serial backend's code */
void emit_seq_part(Cuda *c, Part *p) {
    Emitter *e = c->e;
    FILE *kernels = c->kernels_out;
    Body *b = part_body(c, p);
    Uses u = uses_of(c, b);
    for (int i = 0; i < u.frame.len; i++)
        add_frame_var(c, u.frame.items[i]);
    const char *name = arena_printf(&e->a, "%s_seq_%d", c->fname, ++c->kernels);
    Stmt *s0 = c->item[p->first];
    int line_no = s0->loc.line;
    e->out = kernels;
    kernel_head(c, name, &u, NULL);
    load_frame(c, &u, p);
    int scope = e->names.len;
    local_saves(c, b);
    declare_tape(c, b, false);
    collect_heap_arrays(e, c, b, NULL);
    emit_stmts(e, b);
    free_heap_arrays(e);
    e->cuda_heap.len = e->cuda_heap_caps.len = 0;
    store_frame(c, &u, p);
    names_pop_to(e, scope);
    fputs("}\n", kernels);
    int nstmts = count_code(b);
    hprintf(c, "/* line %d: %d statement%s on one GPU thread%s */\n", line_no, nstmts,
            nstmts == 1 ? "" : "s",
            nstmts > 8 ? " (sequential code, or loops the backend does not run on the grid yet)"
                       : "");
    to_host(c);
    hprintf(c, "PG_LAUNCH(%s, 1, 1, pg_stream)", name);
    launch_args(c, &u, NULL);
    check_launch(c, line_no);
}

/* ---- hooks of the C emitter ---- */

/* An update of an element other threads of the grid may update too:
 * atomicAdd for sums (a warp's lanes adding into one element: one atomic,
 * pg_atomic_add), a compare-and-swap loop (pargrad_cuda.h) for
 * products, minima and maxima (a histogram's bins, its entries' numbers) */
void emit_cuda_atomic_update(Emitter *e, Stmt *s) {
    if (body_declares(e->cuda_grid_body, s->buf)) { /* the thread's own array: no atomics */
        if (s->acc_op == RED_MIN || s->acc_op == RED_MAX)
            emit_extremum_update(e, s);
        else
            emit_update(e, s);
        return;
    }
    static const char *const atomic[] = {"pg_atomic_add", "pg_atomic_mul", "pg_atomic_min",
                                         "pg_atomic_max"};
    indent(e);
    fprintf(e->out, "%s(&", atomic[s->acc_op]);
    emit_access(e, s->buf, s->idx, s->nidx);
    if (s->acc_op == RED_ADD)
        fputs(", ", e->out);
    else /* (its type the element's: one the template deduces) */
        fprintf(e->out, ", (%s)(", type_cname(s->buf->elem));
    emit_operand_top(e, s->args[0]);
    fputs(s->acc_op == RED_ADD ? ");\n" : "));\n", e->out);
}

/* ---- the tape's room: reserved before a loop, given at a launch ---- */

/* Where the bytes a tape will take are counted: before a loop of device
 * code (bound: the variables the loop binds, not known there), or on the
 * host before a grid kernel's launch (host: the values it knows) */
typedef struct Counting {
    Emitter *e;
    const unsigned char *bound;
    Cuda *host;
} Counting;

static bool counted_known(const Counting *k, Operand o) {
    return k->host ? host_known(k->host, o) : known_before(k->e, k->bound, o);
}

/* (a count clamped at 0, `t > 0 ? t : 0`: the sum of both choices, no
 * fewer, is enough for a reservation) */
static Stmt *clamp_let(Emitter *e, Operand o) {
    Stmt *d = int_let(e, o);
    return d && d->op == OP_SELECT ? d : NULL;
}

/* o as computed where k counts: a value known there, or arithmetic of
 * such that the code after computes (`(long)d`, a region's count),
 * computed again */
static bool entry_known(const Counting *k, Operand o, int depth) {
    if (counted_known(k, o))
        return true;
    Stmt *d = size_let(k->e, o);
    Stmt *c = d ? NULL : clamp_let(k->e, o);
    if ((!d && !c) || depth > 4)
        return false;
    for (int i = c ? 1 : 0; i < (c ? 3 : d->nargs); i++)
        if (!entry_known(k, (c ? c : d)->args[i], depth + 1))
            return false;
    return true;
}

static void emit_entry_value(const Counting *k, Operand o);
static void entry_arg(Emitter *e, const void *k, Operand o) {
    (void)e;
    emit_entry_value((const Counting *)k, o);
}

static void emit_entry_value(const Counting *k, Operand o) {
    Emitter *e = k->e;
    Stmt *d = counted_known(k, o) ? NULL : size_let(e, o);
    Stmt *c = d || counted_known(k, o) ? NULL : clamp_let(e, o);
    if (c) {
        fputs("(pg_trip_count(", e->out);
        emit_entry_value(k, c->args[1]);
        if (!opd_is_const(c->args[2], 0)) {
            fputs(") + pg_trip_count(", e->out);
            emit_entry_value(k, c->args[2]);
        }
        fputs("))", e->out);
        return;
    }
    if (!d) {
        emit_operand(e, o);
        return;
    }
    emit_size_let(e, d, true, entry_arg, k);
}

/* What one iteration's body b pushes outside the loops inside it (those
 * reserve their own), both branches of its ifs: the values' slots into
 * *slots, the regions into regions; false where b pops (an iteration that
 * gives back what it takes) or a region's count is not known where k
 * counts. */
static bool pushes_of(const Counting *k, Body *b, int *slots, PtrVec *regions) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_POP && !s->save_local) || s->kind == S_TAPE_POP_REGION)
            return false;
        if (s->kind == S_PUSH && !s->save_local)
            ++*slots;
        if (s->kind == S_TAPE_PUSH_REGION) {
            if (!entry_known(k, s->args[0], 0))
                return false;
            vec_push(&k->e->a, regions, s);
        }
        if (s->kind == S_IF && (!pushes_of(k, s->then_body, slots, regions) ||
                                !pushes_of(k, s->else_body, slots, regions)))
            return false;
        if (s->kind == S_BLOCK && !pushes_of(k, s->body, slots, regions))
            return false;
    }
    return true;
}

/* The bytes of slots and regions pushed (each region rounded up: 8) */
static void emit_pushed_bytes(const Counting *k, int slots, PtrVec *regions) {
    Emitter *e = k->e;
    if (slots)
        fprintf(e->out, "%d", 8 * slots);
    for (int i = 0; i < regions->len; i++) {
        Stmt *r = regions->items[i];
        fputs(slots || i ? " + (size_t)" : "(size_t)", e->out);
        if (!clamp_let(e, r->args[0]) || counted_known(k, r->args[0])) {
            fputs("pg_trip_count(", e->out);
            emit_entry_value(k, r->args[0]);
            fputc(')', e->out);
        } else {
            emit_entry_value(k, r->args[0]);
        }
        fprintf(e->out, " * sizeof(%s) + 8", type_cname(r->buf->elem));
    }
}

/* The trips of counted loop s, as k computes them */
static void emit_counted_trips(const Counting *k, Stmt *s) {
    fputs("(long)(", k->e->out);
    emit_entry_value(k, s->hi);
    fputs(") - (long)(", k->e->out);
    emit_entry_value(k, s->lo);
    fputc(')', k->e->out);
}

/* A counted loop of device code whose iterations push on the tape grows
 * the tape once before it, to what they all push (pg_tape_reserve): else
 * each doubling of a thread's tape is an allocation in device code and a
 * copy, nine of them for the 2441 iterations of a block of reduce_mat2's
 * gradient. */
void emit_cuda_tape_reserve(Emitter *e, Stmt *s) {
    if (s->hi.kind == OPD_NONE || !uses_tape(s->body))
        return;
    unsigned char *bound = xcalloc((size_t)e->nvars + 1, 1);
    mark_bound(s, bound, e->nvars, true);
    Counting k = {e, bound, NULL};
    int slots = 0;
    PtrVec regions = {0};
    if (pushes_of(&k, s->body, &slots, &regions) && (slots || regions.len)) {
        indent(e);
        fputs("pg_tape_reserve(pg_tape_self(), ", e->out);
        emit_counted_trips(&k, s);
        fputs(", ", e->out);
        emit_pushed_bytes(&k, slots, &regions);
        fputs("); /* (the tape grown once for the loop's saves) */\n", e->out);
    }
    free(bound);
}

/* A bound of one block of n iterations cut into nb, `lo + (j * n) / nb`
 * or `lo + ((j + 1) * n) / nb` (tool/lift_tuple.c's and rev_hist.c's
 * blocks, under casts): n and nb */
static bool block_bound(Emitter *e, Operand o, Operand *n, Operand *nb, int depth) {
    Stmt *d = int_let(e, o);
    if (!d || depth > 4)
        return false;
    if (d->op == OP_CAST || d->op == OP_COPY)
        return block_bound(e, d->args[0], n, nb, depth + 1);
    if (d->op == OP_ADD)
        return block_bound(e, d->args[0], n, nb, depth + 1) ||
               block_bound(e, d->args[1], n, nb, depth + 1);
    Stmt *m = d->op == OP_DIV ? int_let(e, d->args[0]) : NULL;
    if (!m || m->op != OP_MUL)
        return false;
    *n = m->args[1];
    *nb = d->args[1];
    return true;
}

/* A loop over one block of n iterations cut into nb, whose trips differ
 * by block and so are not the host's to know: none runs more than n / nb
 * + 1 (floor((j + 1) x) - floor(j x) <= floor(x) + 1), which the host can
 * compute where it knows n and nb: *n and *nb */
static bool block_loop(const Counting *k, Stmt *s, Operand *n, Operand *nb) {
    Operand n2, nb2;
    return block_bound(k->e, s->lo, n, nb, 0) && block_bound(k->e, s->hi, &n2, &nb2, 0) &&
           opd_equal(*n, n2) && opd_equal(*nb, nb2) && entry_known(k, *n, 0) &&
           entry_known(k, *nb, 0);
}

static bool counted_loop(const Counting *k, Stmt *s) {
    return entry_known(k, s->lo, 0) && entry_known(k, s->hi, 0);
}

/* The trips of counted loop s, or their bound (a block_loop), as k
 * computes them */
static void emit_trips_or_most(const Counting *k, Stmt *s) {
    Emitter *e = k->e;
    Operand n, nb;
    if (counted_loop(k, s) || !block_loop(k, s, &n, &nb)) {
        emit_counted_trips(k, s);
        return;
    }
    fputs("pg_block_most((long)(", e->out);
    emit_entry_value(k, n);
    fputs("), (long)(", e->out);
    emit_entry_value(k, nb);
    fputs("))", e->out);
}

/* What one iteration of a grid kernel's loop pushes in b that the host
 * can count before the launch: its pushes outside loops (slots, regions),
 * and the loops whose trips (or their bound) and iterations' pushes it
 * knows (loops, each reserving as emit_cuda_tape_reserve does); both
 * branches of ifs. Pops are not taken off: a bound on the tape's depth. */
static void slab_parts(const Counting *k, Body *b, int *slots, PtrVec *regions, PtrVec *loops) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_PUSH && !s->save_local)
            ++*slots;
        if (s->kind == S_TAPE_PUSH_REGION && entry_known(k, s->args[0], 0))
            vec_push(&k->e->a, regions, s);
        Operand n, nb;
        if (s->kind == S_LOOP && s->hi.kind != OPD_NONE && uses_tape(s->body) &&
            (counted_loop(k, s) || block_loop(k, s, &n, &nb))) {
            int each = 0;
            PtrVec in = {0};
            if (pushes_of(k, s->body, &each, &in) && (each || in.len))
                vec_push(&k->e->a, loops, s);
        }
        if (s->kind == S_IF) {
            slab_parts(k, s->then_body, slots, regions, loops);
            slab_parts(k, s->else_body, slots, regions, loops);
        }
        if (s->kind == S_BLOCK)
            slab_parts(k, s->body, slots, regions, loops);
    }
}

/* Whether the host can count some of what an iteration of a grid
 * kernel's loop pushes (its body b): its threads' tapes then start on
 * memory it gives them (emit_tape_slab_bytes) */
bool tape_slab_known(Cuda *c, Body *b) {
    if (!uses_tape(b))
        return false;
    Counting k = {c->e, NULL, c};
    int slots = 0;
    PtrVec regions = {0}, loops = {0};
    slab_parts(&k, b, &slots, &regions, &loops);
    return slots || regions.len || loops.len;
}

/* Those bytes, as the host computes them (at c->e->out) */
void emit_tape_slab_bytes(Cuda *c, Body *b) {
    Emitter *e = c->e;
    Counting k = {e, NULL, c};
    int slots = 0;
    PtrVec regions = {0}, loops = {0};
    slab_parts(&k, b, &slots, &regions, &loops);
    for (int i = 0; i < loops.len; i++) {
        Stmt *s = loops.items[i];
        int each = 0;
        PtrVec in = {0};
        pushes_of(&k, s->body, &each, &in);
        fputs(i ? " + pg_tape_span(" : "pg_tape_span(", e->out);
        emit_trips_or_most(&k, s);
        fputs(", ", e->out);
        emit_pushed_bytes(&k, each, &in);
        fputc(')', e->out);
    }
    if (slots || regions.len) {
        fputs(loops.len ? " + " : "", e->out);
        emit_pushed_bytes(&k, slots, &regions);
    }
}

void emit_cuda_return(Emitter *e, Stmt *s) {
    line(e, "{");
    e->depth++;
    free_heap_arrays(e);
    if (s->nargs > 0 && s->args[0].kind != OPD_NONE) {
        indent(e);
        fprintf(e->out, "%s = ", e->cuda_return);
        emit_operand_top(e, s->args[0]);
        fputs(";\n", e->out);
    }
    line(e, "pg_frame->head.done = 1;");
    line(e, "return;");
    close_block(e);
}

/* ---- the function ---- */

static char *read_stream(FILE *f, char **buf) {
    fclose(f);
    return *buf;
}

static void emit_frame_struct(Cuda *c, FILE *out) {
    Emitter *e = c->e;
    fprintf(out,
            "\n/* What %s's kernels hand each other: scalars one computes and others\n"
            " * read, the results of reductions, the tape of its one-thread kernels. */\n"
            "struct %s {\n    pg_frame_head head;\n",
            c->fname, c->frame_type);
    if (c->f->ret.kind != TY_VOID)
        fprintf(out, "    %s pg_ret;\n", type_cname(c->f->ret));
    for (int i = 0; i < c->frame_vars.len; i++) {
        Var *v = c->frame_vars.items[i];
        fprintf(out, "    %s %s;\n", type_cname(v->ty), var_name(e, v));
    }
    for (int i = 0; i < c->scratch.len; i++)
        fprintf(out, "    %s;\n", (const char *)c->scratch.items[i]);
    fputs("};\n", out);
}

static void emit_host_function(Cuda *c, FILE *out, const char *body) {
    Func *f = c->f;
    const char *ret = f->ret.kind == TY_VOID ? "void" : type_cname(f->ret);
    int l = f->loc.line;
    fprintf(out,
            "\n/* %s on the GPU: the pointers are device memory, the kernels run on\n"
            " * `pg_stream` in order (it returns when they have run only where it returns\n"
            " * a value). */\n"
            "extern \"C\" %s %s_cuda(",
            f->name, ret, f->name);
    params_list(c, out, true);
    fprintf(out, "%scudaStream_t pg_stream) {\n", f->params.len ? ", " : "");
    fputs("    pg_cuda_setup(); /* (once: the pool PARGRAD_CUDA_POOL_MB asks for, the mailbox of "
          "device code's failures) */\n",
          out);
    fprintf(out, "    struct %s *pg_frame = NULL;\n", c->frame_type);
    if (c->frame_tape)
        fputs("    /* (after the frame: room for the tape of its one-thread kernels) */\n", out);
    fprintf(out,
            "    PG_CUDA_CHECK(cudaMallocAsync(&pg_frame, sizeof *pg_frame%s, pg_stream), \"%s\", "
            "%d);\n"
            "    PG_CUDA_CHECK(cudaMemsetAsync(pg_frame, 0, sizeof *pg_frame, pg_stream), \"%s\", "
            "%d);\n",
            c->frame_tape ? " + PG_FRAME_TAPE" : "", f->name, l, f->name, l);
    if (c->host_stack_used)
        fputs("    pg_tape pg_host_stack = {NULL, 0, 0, NULL, 0, NULL}; /* the scalars the loops "
              "on the host save */\n",
              out);
    if (c->host_tape_used)
        fputs("    pg_htape pg_host_tape = {NULL, 0, 0, 0}; /* the saves of the loops on the host "
              "*/\n",
              out);
    fputs(body, out);
    if (c->host_stack_used)
        fputs("    pg_tape_release(&pg_host_stack);\n", out);
    if (c->host_tape_used)
        fprintf(out, "    pg_htape_release(&pg_host_tape, pg_stream, \"%s\", %d);\n", f->name, l);
    if (c->uses_tape) {
        fprintf(out, "    PG_LAUNCH(%s_release, 1, 1, pg_stream)(pg_frame);\n", f->name);
        fprintf(out, "    PG_CUDA_CHECK(cudaGetLastError(), \"%s\", %d);\n", f->name, l);
    }
    if (f->ret.kind != TY_VOID) {
        fprintf(out, "    %s pg_ret;\n", ret);
        fprintf(out,
                "    PG_CUDA_CHECK(cudaMemcpyAsync(&pg_ret, &pg_frame->pg_ret, sizeof pg_ret, "
                "cudaMemcpyDeviceToHost, pg_stream), \"%s\", %d);\n",
                f->name, l);
    }
    fprintf(out, "    PG_CUDA_CHECK(cudaFreeAsync(pg_frame, pg_stream), \"%s\", %d);\n", f->name,
            l);
    if (f->ret.kind != TY_VOID)
        fprintf(out,
                "    PG_CUDA_CHECK(cudaStreamSynchronize(pg_stream), \"%s\", %d);\n"
                "    return pg_ret;\n",
                f->name, l);
    fputs("}\n", out);
    /* the convenience: the default stream, waited for */
    fprintf(out,
            "\n/* %s_cuda on the default stream, waited for: for memory the GPU can\n"
            " * address (cudaMallocManaged; any memory on systems with HMM or ATS). */\n"
            "extern \"C\" %s %s(",
            f->name, ret, c->wrapper);
    params_list(c, out, true);
    fprintf(out, ") {\n    %s%s_cuda(",
            f->ret.kind == TY_VOID ? "" : "const auto pg_ret = ", f->name);
    params_list(c, out, false);
    fprintf(out, "%s(cudaStream_t)0);\n", f->params.len ? ", " : "");
    fprintf(out, "    PG_CUDA_CHECK(cudaStreamSynchronize((cudaStream_t)0), \"%s\", %d);\n",
            f->name, l);
    if (f->ret.kind != TY_VOID)
        fputs("    return pg_ret;\n", out);
    fputs("}\n", out);
}

/* Whether the file's definitions the output repeats include macros (a
 * `#define K 3` would rename what CUB's headers declare) */
static bool defines_macros(Func *f) {
    for (int k = 0; k < f->type_defs.len; k++)
        if (((const char *)f->type_defs.items[k])[0] == '#')
            return true;
    return false;
}

/* C++'s keywords that C programs use as names (`int class`, `double *new`):
 * the output is C++, so each one the input uses is #defined to NAME_ after
 * the headers, which use them as keywords. (true, false and bool mean the
 * same in both.) */
static const char *const cxx_only_keywords[] = {"alignas",
                                                "alignof",
                                                "and",
                                                "and_eq",
                                                "asm",
                                                "bitand",
                                                "bitor",
                                                "catch",
                                                "char16_t",
                                                "char32_t",
                                                "char8_t",
                                                "class",
                                                "compl",
                                                "concept",
                                                "const_cast",
                                                "consteval",
                                                "constexpr",
                                                "constinit",
                                                "co_await",
                                                "co_return",
                                                "co_yield",
                                                "decltype",
                                                "delete",
                                                "dynamic_cast",
                                                "explicit",
                                                "export",
                                                "friend",
                                                "mutable",
                                                "namespace",
                                                "new",
                                                "noexcept",
                                                "not",
                                                "not_eq",
                                                "nullptr",
                                                "operator",
                                                "or",
                                                "or_eq",
                                                "private",
                                                "protected",
                                                "public",
                                                "reinterpret_cast",
                                                "requires",
                                                "static_assert",
                                                "static_cast",
                                                "template",
                                                "this",
                                                "thread_local",
                                                "throw",
                                                "try",
                                                "typeid",
                                                "typename",
                                                "using",
                                                "virtual",
                                                "wchar_t",
                                                "xor",
                                                "xor_eq"};
enum { NCXX_KEYWORDS = sizeof cxx_only_keywords / sizeof cxx_only_keywords[0] };

/* Which of cxx_only_keywords the text names outside comments, literals
 * and pragmas; how many */
static int cxx_keywords_used(const char *text, bool used[NCXX_KEYWORDS]) {
    int n = 0;
    for (const char *p = text ? text : ""; *p;) {
        bool line_start = p == text || p[-1] == '\n';
        if ((p[0] == '/' && p[1] == '/') ||
            (line_start && !strncmp(p + strspn(p, " \t"), "#pragma", 7))) { /* private(i) */
            p += strcspn(p, "\n");
        } else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q)
                p += p[0] == '\\' && p[1] ? 2 : 1;
            p += *p != 0;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            size_t len = 1;
            while (isalnum((unsigned char)p[len]) || p[len] == '_')
                len++;
            for (int k = 0; k < NCXX_KEYWORDS; k++)
                if (!used[k] && strlen(cxx_only_keywords[k]) == len &&
                    !strncmp(p, cxx_only_keywords[k], len)) {
                    used[k] = true;
                    n++;
                }
            p += len;
        } else {
            p++;
        }
    }
    return n;
}

/* The files f's code came from other than the input (the user's headers
 * its helpers are defined in), each once */
static void code_files(Body *b, const char *input, const char ***files, int *n) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        const char *file = s->loc.file;
        bool known = !file || (input && !strcmp(file, input));
        for (int k = 0; !known && k < *n; k++)
            known = !strcmp((*files)[k], file);
        if (!known) {
            *files = xrealloc(*files, sizeof(char *) * (size_t)(*n + 1));
            (*files)[(*n)++] = file;
        }
        code_files(s->then_body, input, files, n);
        code_files(s->else_body, input, files, n);
        code_files(s->body, input, files, n);
    }
}

/* The keywords of C++ f's code uses as names: in the input, and in the
 * headers its helpers came from (`double new = ...` in one of those
 * reaches the output as a local `new`); how many */
static int cxx_keywords_of(const EmitOptions *opt, Func *f, bool used[NCXX_KEYWORDS]) {
    int n = cxx_keywords_used(opt->source_text, used), nfiles = 0;
    const char **files = NULL;
    code_files(f->body, opt->source_path, &files, &nfiles);
    for (int k = 0; k < nfiles && opt->file_text; k++)
        n += cxx_keywords_used(opt->file_text(opt->file_ctx, files[k]), used);
    free(files);
    return n;
}

/* Whether CUB's headers come first, before what would rename their names:
 * the file's macros, or the keywords of C++ it uses as names */
static bool cub_first(const EmitOptions *opt, Func *f) {
    bool used[NCXX_KEYWORDS] = {false};
    return defines_macros(f) || cxx_keywords_of(opt, f, used) > 0;
}

static void emit_cuda(FILE *out, Func *f, const EmitOptions *opt, const char *wrapper) {
    Emitter e = {.out = out, .opt = opt, .func = f};
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        names_push(&e, p->name);
        if (p->var)
            p->var->cname = p->name;
    }
    plan_inlining(&e, f);
    Cuda c = {.e = &e, .f = f, .fname = f->name, .wrapper = wrapper, .host_tape = true};
    /* (a statement is at most three items: a loop's or if's head, else, end) */
    size_t nv = (size_t)e.nvars + 1, nb = (size_t)e.nbufs + 1;
    size_t ns = 3 * (size_t)count_stmts(f->body) + 1;
    c.item = xcalloc(ns, sizeof(Stmt *));
    c.kind = xcalloc(ns, sizeof(PartKind));
    c.part_of = xcalloc(ns, sizeof(int));
    c.parts = xcalloc(ns, sizeof(Part));
    c.live = xcalloc(nv, 1);
    c.mark = xcalloc(nv, 1);
    c.def_part = xcalloc(nv, sizeof(int));
    c.frame_expr = xcalloc(nv, sizeof(char *));
    c.no_host = xcalloc(nv, 1);
    c.host_def = xcalloc(nv, sizeof(Stmt *));
    c.npairs = max_tape_pair(f->body) + 1;
    c.pair_host = xcalloc((size_t)c.npairs, 1);
    c.pair_dev = xcalloc((size_t)c.npairs, 1);
    c.host_buf = xcalloc(nb, 1);
    c.alloc_host = xcalloc(nb, 1);
    c.buf_decl = xcalloc(nb, sizeof(Stmt *));
    c.frame_type = arena_printf(&e.a, "%s_frame", f->name);
    c.uses_tape = uses_tape(f->body);
    classify(&c);
    e.cuda_return = f->ret.kind != TY_VOID ? "pg_frame->pg_ret" : "(void)0";
    char *kbuf = NULL, *hbuf = NULL;
    size_t klen = 0, hlen = 0;
    FILE *kernels = open_memstream(&kbuf, &klen), *host = open_memstream(&hbuf, &hlen);
    if (!kernels || !host) {
        fputs("pargrad: out of memory\n", stderr);
        exit(1);
    }
    c.host = host;
    c.kernels_out = kernels;
    emit_items(&c);
    e.out = out;
    if (c.uses_cub && !cub_first(opt, f)) /* (CUB only where needed: most of nvcc's time) */
        fputs("\n#include \"pargrad_cuda_cub.h\" /* CUB's reductions and scans */\n", out);
    emit_frame_struct(&c, out);
    if (c.uses_tape)
        fprintf(out,
                "\n/* the tape's memory, after the last kernel that pops */\n"
                "__global__ static void %s_release(struct %s *pg_frame) {\n"
                "    pg_tape_release(&pg_frame->head.tape);\n}\n",
                f->name, c.frame_type);
    fputs(read_stream(kernels, &kbuf), out);
    emit_host_function(&c, out, read_stream(host, &hbuf));
    free(kbuf);
    free(hbuf);
    free(c.item);
    free(c.kind);
    free(c.part_of);
    free(c.parts);
    free(c.live);
    free(c.mark);
    free(c.def_part);
    free(c.frame_expr);
    free(c.no_host);
    free(c.host_def);
    free(c.pair_host);
    free(c.pair_dev);
    free(c.host_buf);
    free(c.alloc_host);
    free(c.buf_decl);
    emitter_release(&e);
}

void emit_cuda_function(FILE *out, Func *f, const EmitOptions *opt) {
    emit_cuda(out, f, opt, f->name);
}

void emit_cuda_primal(FILE *out, Func *f, const EmitOptions *opt) {
    fprintf(out, "\n/* ---- %s itself, for comparison (--primal) ---- */\n", f->name);
    Arena a = {0};
    emit_cuda(out, f, opt, arena_printf(&a, "%s_gpu", f->name));
    arena_free(&a);
}

void emit_cuda_prelude(FILE *out, const EmitOptions *opt, Func **funcs, int nfuncs) {
    fprintf(out,
            "/* Generated by pargrad %s from %s (--backend=cuda). Do not edit: regenerate. */\n",
            opt->version ? opt->version : "", opt->source_path ? opt->source_path : "input");
    /* (as emit_c_prelude says: the emulation's g++ builds the kernels as
     * functions it outlines for OpenMP; nvcc is left alone) */
    fputs("/* GCC's -Wmaybe-uninitialized (-Wall at -O1) takes a local array read\n"
          " * after the loop that fills it (out[0] after o < n_out) for one that ran\n"
          " * no trip in the functions it outlines for OpenMP (the emulation on the\n"
          " * CPU): not reported for this file, whose reads are the primal's. */\n"
          "#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)\n"
          "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n"
          "#endif\n",
          out);
    fputs(
        "#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n#include "
        "<string.h>\n",
        out);
    emit_effect_includes(out, funcs, nfuncs);
    fputs("\n#include \"pargrad_cuda.h\"\n\n"
          "/* the tape: the call's (in the frame), or a grid thread's own */\n"
          "#define pg_tape_self() (pg_tape_here)\n",
          out);
    bool macros = false;
    for (int i = 0; i < nfuncs; i++)
        macros |= cub_first(opt, funcs[i]);
    if (macros)
        fputs("\n#include \"pargrad_cuda_cub.h\" /* CUB's reductions and scans (before the file's "
              "macros, which its headers must not see) */\n",
              out);
    bool used[NCXX_KEYWORDS] = {false};
    int keywords = 0;
    for (int i = 0; i < nfuncs; i++)
        keywords += cxx_keywords_of(opt, funcs[i], used);
    if (keywords > 0)
        fputs("\n/* names of the input that are keywords of C++, which this file is */\n", out);
    for (int k = 0; k < NCXX_KEYWORDS; k++)
        if (used[k])
            fprintf(out, "#define %s %s_\n", cxx_only_keywords[k], cxx_only_keywords[k]);
    emit_type_defs(out, funcs, nfuncs);
}
