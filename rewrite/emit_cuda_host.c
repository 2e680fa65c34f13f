/* The CUDA backend's host function (emit_cuda.c has the overview): the
 * items in order, the host's own statements (arithmetic on its values, the
 * arrays it allocates, the saves of the loops it runs), its loops and ifs,
 * and the launch of each kernel after the host's statements among its
 * own. */
#include "emit_cuda_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- the host's statements ---- */

/* Arrays the host allocated in the body it runs now: a local array is
 * freed at the body's end (its scope); a declaration in a nested body
 * names another array, and the outer one's name is the array's again
 * after it */
typedef struct ScopeArray {
    Buffer *b;
    const char *name, *outer;
    bool local; /* a local array (S_DECL), not malloc's */
} ScopeArray;

typedef struct Scopes {
    PtrVec arrays; /* ScopeArray* */
    int *start;    /* per open body: where its arrays begin */
    int depth;
} Scopes;

static void emit_host_array(Cuda *c, Stmt *s, Scopes *sc) {
    Emitter *e = c->e;
    Buffer *b = s->buf;
    if (s->kind == S_FREE) {
        hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", buf_name(e, b),
                c->fname, s->loc.line);
        return;
    }
    ScopeArray *sa = arena_alloc(&e->a, sizeof *sa);
    *sa = (ScopeArray){b, NULL, b->cname, s->kind == S_DECL};
    b->cname = sa->name = unique_name(e, b->name, false);
    names_push(e, b->cname);
    vec_push(&e->a, &sc->arrays, sa);
    const char *t = type_cname(b->elem);
    source_comment(e, s->loc, "an array the kernels share, in device memory");
    hprintf(c, "%s *%s = NULL;\n", t, b->cname);
    hprintf(c, "const size_t %s_bytes = sizeof(%s) * (size_t)(", b->cname, t);
    emit_operand_top(e, s->kind == S_ALLOC ? s->args[0] : decl_dim(s, 0));
    fputs(");\n", c->host);
    hprintf(c, "PG_CUDA_CHECK(cudaMallocAsync(&%s, %s_bytes, pg_stream), \"%s\", %d);\n", b->cname,
            b->cname, c->fname, s->loc.line);
    if (!(s->kind == S_ALLOC && b->filled_first))
        hprintf(c, "PG_CUDA_CHECK(cudaMemsetAsync(%s, 0, %s_bytes, pg_stream), \"%s\", %d);\n",
                b->cname, b->cname, c->fname, s->loc.line);
}

/* The end of the body the host runs now: its local arrays freed, the
 * names of arrays declared outside it back */
static void close_scope_arrays(Cuda *c, Scopes *sc, int line_no) {
    int from = sc->depth ? sc->start[sc->depth - 1] : 0;
    for (int i = sc->arrays.len - 1; i >= from; i--) {
        ScopeArray *sa = sc->arrays.items[i];
        if (sa->local)
            hprintf(c, "PG_CUDA_CHECK(cudaFreeAsync(%s, pg_stream), \"%s\", %d);\n", sa->name,
                    c->fname, line_no);
        sa->b->cname = sa->outer;
    }
    sc->arrays.len = from;
}

/* A region of a sequential loop's saves on the host's tape: device memory,
 * which the kernels after take as an array */
static void emit_host_region(Cuda *c, Stmt *s) {
    Emitter *e = c->e;
    Buffer *b = s->buf;
    const char *ty = type_cname(b->elem);
    bool push = s->kind == S_TAPE_PUSH_REGION;
    if (!push && !e->buf_read[b->id]) {
        hindent(c);
        fputs("(void)pg_htape_pop(&pg_host_tape, (size_t)(", c->host);
        emit_operand_top(e, s->args[0]);
        fprintf(c->host, ") * sizeof(%s), \"%s\", %d); /* the adjoint reads none of it */\n", ty,
                c->fname, s->loc.line);
        return;
    }
    b->cname = unique_name(e, b->name, false);
    names_push(e, b->cname);
    hprintf(c, "%s *%s = (%s *)pg_htape_%s(&pg_host_tape, (size_t)(", ty, b->cname, ty,
            push ? "push" : "pop");
    emit_operand_top(e, s->args[0]);
    fprintf(c->host, ") * sizeof(%s), %s\"%s\", %d);\n", ty, push ? "pg_stream, " : "", c->fname,
            s->loc.line);
}

/* A scalar save of a loop on the host: on its stack, a tape of host
 * memory (pargrad_cuda.h's functions are the host's too) */
static void emit_host_scalar_save(Cuda *c, Stmt *s) {
    Emitter *e = c->e;
    if (s->kind == S_PUSH) {
        hprintf(c, "pg_push_%s(&pg_host_stack, ", tape_kind(s->args[0].ty));
        emit_operand_top(e, s->args[0]);
        fputs(");\n", c->host);
        return;
    }
    if (e->uses[s->dst->id] == 0) { /* nothing reads the value */
        hprintf(c, "(void)pg_pop_%s(&pg_host_stack);\n", tape_kind(s->dst->ty));
        return;
    }
    hprintf(c, "const %s %s = (%s)pg_pop_%s(&pg_host_stack);\n", type_cname(s->dst->ty),
            var_name(e, s->dst), type_cname(s->dst->ty), tape_kind(s->dst->ty));
}

/* An integer division or remainder by a value that may be 0 (or -1 under
 * the smallest dividend): where the primal divides, it is not, but a guard
 * the GPU checked may have returned before; the host then computes 0 and
 * the kernels after do nothing */
static bool emit_host_division(Cuda *c, Stmt *s) {
    if ((s->op != OP_DIV && s->op != OP_MOD) || type_is_float(s->dst->ty) ||
        host_positive(c, s->args[1]))
        return false;
    const char *t = type_cname(s->dst->ty);
    hprintf(c, "const %s %s = pg_host_%s<%s>((%s)(", t, var_name(c->e, s->dst),
            s->op == OP_DIV ? "div" : "mod", t, t);
    emit_operand_top(c->e, s->args[0]);
    fprintf(c->host, "), (%s)(", t);
    emit_operand_top(c->e, s->args[1]);
    fputs("));\n", c->host);
    return true;
}

static void emit_host_item(Cuda *c, Stmt *s, Scopes *sc) {
    if (s->kind == S_PUSH || s->kind == S_POP)
        emit_host_scalar_save(c, s);
    else if (s->kind == S_LET && emit_host_division(c, s))
        return;
    else if (s->kind == S_LET)
        emit_stmt(c->e, s);
    else if (is_region(s))
        emit_host_region(c, s);
    else
        emit_host_array(c, s, sc);
}

static void emit_comment_part(Cuda *c, Part *p) {
    for (int i = p->first; i < p->end; i++)
        if (c->kind[i] == PART_COMMENT)
            emit_stmt(c->e, c->item[i]);
}

/* A kernel of one thread setting frame fields, dst[k] = src[k]: the
 * carried scalars of a loop the host runs, which kernels compute, at its
 * entry and after each iteration; an if's results at the end of a branch */
static void emit_carry_kernel(Cuda *c, int part, Var **dst, Operand *src, int n, int line_no,
                              const char *what) {
    Emitter *e = c->e;
    if (!n)
        return;
    Uses u = {0};
    UseScan us = {c, &u, NULL};
    for (int k = 0; k < n; k++)
        use_operand(&src[k], &us);
    clear_marks(c, &u);
    for (int i = 0; i < u.frame.len; i++)
        add_frame_var(c, u.frame.items[i]);
    for (int k = 0; k < n; k++)
        add_frame_var(c, dst[k]);
    const char *name = arena_printf(&e->a, "%s_carry_%d", c->fname, ++c->kernels);
    e->out = c->kernels_out;
    kernel_head(c, name, &u, NULL);
    load_frame(c, &u, &c->parts[part]);
    int scope = e->names.len;
    const char **tmp = arena_alloc(&e->a, sizeof(char *) * (size_t)n);
    for (int k = 0; k < n; k++) { /* (all read before any is set: a swap) */
        tmp[k] = unique_name(e, "pg_new", false);
        names_push(e, tmp[k]);
        indent(e);
        fprintf(e->out, "const %s %s = ", type_cname(dst[k]->ty), tmp[k]);
        emit_operand_top(e, src[k]);
        fputs(";\n", e->out);
    }
    for (int k = 0; k < n; k++) {
        indent(e);
        fprintf(e->out, "pg_frame->%s = %s;\n", var_name(e, dst[k]), tmp[k]);
    }
    names_pop_to(e, scope);
    fputs("}\n", e->out);
    to_host(c);
    hprintf(c, "/* line %d: %s (one GPU thread) */\n", line_no, what);
    hprintf(c, "PG_LAUNCH(%s, 1, 1, pg_stream)", name);
    launch_args(c, &u, NULL);
    check_launch(c, line_no);
}

/* What the frame takes at item i, of loop or if s: the loop's carried
 * scalars the host does not keep, their initial values (CARRY_ENTRY) or
 * each iteration's new ones (CARRY_NEXT); the if's results the frame
 * keeps, a branch's values (CARRY_THEN, CARRY_ELSE) */
typedef enum { CARRY_ENTRY, CARRY_NEXT, CARRY_THEN, CARRY_ELSE } CarryAt;

static void carry_to_frame(Cuda *c, int i, CarryAt at) {
    static const char *const what[] = {"the loop's carried values, before it",
                                       "the carried values of the next iteration",
                                       "the if's results", "the if's results"};
    Emitter *e = c->e;
    Stmt *s = c->item[i];
    bool loop = at == CARRY_ENTRY || at == CARRY_NEXT;
    int len = loop ? s->carried.len : s->phis.len, n = 0;
    Var **dst = arena_alloc(&e->a, sizeof(Var *) * (size_t)(len + 1));
    Operand *src = arena_alloc(&e->a, sizeof(Operand) * (size_t)(len + 1));
    for (int k = 0; k < len; k++) {
        if (loop) {
            Carried *ca = s->carried.items[k];
            if (host_known(c, opd_var(ca->param)) ||
                (at == CARRY_NEXT && opd_equal(ca->yield, opd_var(ca->param))))
                continue;
            dst[n] = ca->param;
            src[n++] = at == CARRY_ENTRY ? ca->init : ca->yield;
        } else {
            Phi *ph = s->phis.items[k];
            if (ph->dst->id >= e->nvars || c->live[ph->dst->id] != LIVE_FRAME)
                continue; /* (the host's, or read nowhere) */
            dst[n] = ph->dst;
            src[n++] = at == CARRY_THEN ? ph->then_val : ph->else_val;
        }
    }
    emit_carry_kernel(c, c->part_of[i], dst, src, n, s->loc.line, what[at]);
}

/* The results of if s the host keeps, at the end of a branch */
static void assign_host_results(Cuda *c, Stmt *s, bool then) {
    for (int k = 0; k < s->phis.len; k++) {
        Phi *ph = s->phis.items[k];
        if (host_known(c, opd_var(ph->dst))) {
            hprintf(c, "%s = ", var_name(c->e, ph->dst));
            emit_operand_top(c->e, then ? ph->then_val : ph->else_val);
            fputs(";\n", c->host);
        }
    }
}

static void emit_open(Cuda *c, int i, Scopes *sc) {
    Emitter *e = c->e;
    Stmt *s = c->item[i];
    to_host(c);
    if (s->kind == S_BLOCK) {
        hprintf(c, "/* %s */\n", s->text);
        hprintf(c, "{\n");
    } else if (s->kind == S_IF) {
        source_comment(e, s->loc,
                       s->note ? s->note
                       : has_grid_work(s->then_body) || has_grid_work(s->else_body)
                           ? "on the host: its branch's kernels"
                           : "on the host: it chooses values");
        for (int k = 0; k < s->phis.len; k++) {
            Phi *ph = s->phis.items[k];
            if (host_known(c, opd_var(ph->dst)))
                hprintf(c, "%s %s;\n", type_cname(ph->dst->ty), var_name(e, ph->dst));
        }
        hindent(c);
        fputs("if (", c->host);
        emit_operand_top(e, s->cond);
        fputs(") {\n", c->host);
    } else {
        source_comment(e, s->loc,
                       arena_printf(&e->a, "%s%son the host, each iteration's kernels in order",
                                    s->note ? s->note : (s->reversed ? "reversed" : ""),
                                    s->note || s->reversed ? ": " : ""));
        for (int k = 0; k < s->carried.len; k++) {
            Carried *ca = s->carried.items[k];
            if (!host_known(c, opd_var(ca->param)))
                continue;
            ca->result->cname = var_name(e, ca->param);
            hprintf(c, "%s %s = ", type_cname(ca->param->ty), var_name(e, ca->param));
            emit_operand_top(e, ca->init);
            fputs(";\n", c->host);
        }
        carry_to_frame(c, i, CARRY_ENTRY);
        emit_loop_header(e, s);
    }
    c->hdepth++;
    sc->start = xrealloc(sc->start, sizeof(int) * (size_t)(sc->depth + 1));
    sc->start[sc->depth++] = sc->arrays.len;
}

static void emit_else(Cuda *c, int i, Scopes *sc) {
    Stmt *s = c->item[i];
    to_host(c);
    close_scope_arrays(c, sc, s->loc.line);
    assign_host_results(c, s, true);
    carry_to_frame(c, i, CARRY_THEN);
    c->hdepth--;
    hprintf(c, "} else {\n");
    c->hdepth++;
}

static void emit_close(Cuda *c, int i, Scopes *sc) {
    Emitter *e = c->e;
    Stmt *s = c->item[i];
    to_host(c);
    close_scope_arrays(c, sc, s->loc.line);
    if (s->kind == S_IF) {
        assign_host_results(c, s, false);
        carry_to_frame(c, i, CARRY_ELSE);
    }
    for (int k = 0; s->kind == S_LOOP && k < s->carried.len; k++) {
        Carried *ca = s->carried.items[k];
        if (host_known(c, opd_var(ca->param)) && !opd_equal(ca->yield, opd_var(ca->param))) {
            hprintf(c, "%s = ", var_name(e, ca->param));
            emit_operand_top(e, ca->yield);
            fputs(";\n", c->host);
        }
    }
    if (s->kind == S_LOOP)
        carry_to_frame(c, i, CARRY_NEXT);
    c->hdepth--;
    sc->depth--;
    hprintf(c, "}\n");
}

/* The host function's statements: the host's items in order, each kernel
 * launched after the host's items among its statements (they only read
 * the parameters and values the host computed before), frees after it */
void emit_items(Cuda *c) {
    Scopes sc = {0};
    PtrVec frees = {0}; /* in the kernel whose launch comes next */
    int span_end = -1;
    for (int i = 0; i < c->n; i++) {
        Stmt *s = c->item[i];
        int p = c->part_of[i];
        to_host(c);
        if (p >= 0 && c->parts[p].first == i)
            span_end = c->parts[p].end;
        switch (c->kind[i]) {
        case PART_HOST:
            if (s->kind == S_FREE && i < span_end)
                vec_push(&c->e->a, &frees, s);
            else
                emit_host_item(c, s, &sc);
            break;
        case PART_OPEN:
            emit_open(c, i, &sc);
            break;
        case PART_ELSE:
            emit_else(c, i, &sc);
            break;
        case PART_CLOSE:
            emit_close(c, i, &sc);
            break;
        default:
            break;
        }
        if (p < 0 || i != c->parts[p].end - 1 || is_control(c, i))
            continue;
        Part *part = &c->parts[p];
        to_host(c);
        switch (part->kind) {
        case PART_SEQ:
            emit_seq_part(c, part);
            break;
        case PART_MAP:
            emit_map_part(c, part);
            break;
        case PART_REDUCE:
            emit_reduce_part(c, part);
            break;
        case PART_SCAN:
            emit_scan_part(c, part);
            break;
        case PART_CALL:
            emit_call_part(c, part);
            break;
        default:
            emit_comment_part(c, part);
            break;
        }
        to_host(c);
        for (int k = 0; k < frees.len; k++)
            emit_host_item(c, frees.items[k], &sc);
        frees.len = 0;
    }
    to_host(c);
    close_scope_arrays(c, &sc, c->f->loc.line);
    free(sc.start);
}
