/* C11 + OpenMP emission. The output is for people: the user's names, `_b`
 * adjoints, single-use temporaries folded back into expressions, a comment
 * quoting the source line on every block, and the `#pragma pargrad`
 * annotations kept on parallel loops. The outermost parallel loop becomes
 * `#pragma omp parallel for`; parallel loops inside it run sequentially.
 * Output is a function of the IR only, so identical input gives identical
 * output. */
#include "emit_internal.h"
#include "derivs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void emit_effect(Emitter *e, Stmt *s);

/* ---- comments ---- */
/* The start of line `line` (from 1) of text, or NULL past its end. The line
 * starts are found once per text, not by scanning from the top for every
 * comment. */
static const char *source_line(Emitter *e, LineStarts *ls, const char *text, int line) {
    if (ls->text != text) {
        int n = 1;
        for (const char *p = text; (p = strchr(p, '\n')); p++)
            n++;
        ls->text = text;
        ls->start = arena_alloc(&e->a, sizeof(const char *) * (size_t)n);
        ls->start[0] = text;
        ls->n = 1;
        for (const char *p = text; (p = strchr(p, '\n')); p++)
            ls->start[ls->n++] = p + 1;
    }
    return line <= ls->n ? ls->start[line - 1] : NULL;
}

/* Where a block's code was written: the input, or (helpers defined in the
 * user's headers) a header, named by the comment. */
static const char *block_source(Emitter *e, SrcLoc loc, LineStarts **ls, const char **header) {
    const EmitOptions *o = e->opt;
    *header = NULL;
    *ls = &e->input_lines;
    if (!loc.file || !o->source_path || !strcmp(loc.file, o->source_path))
        return o->source_text;
    const char *slash = strrchr(loc.file, '/');
    *header = slash ? slash + 1 : loc.file;
    *ls = &e->header_lines;
    return o->file_text ? o->file_text(o->file_ctx, loc.file) : NULL;
}

/* --line-directives: the statement's source line before its first output
 * line, so that a debugger steps through the user's file (at each
 * statement: one may span several output lines) */
static void line_directive(Emitter *e, SrcLoc loc) {
    LineStarts *ls;
    const char *header;
    if (!e->opt->line_directives || !e->opt->source_path || loc.line <= 0)
        return;
    block_source(e, loc, &ls, &header);
    e->line_file = header ? loc.file : e->opt->source_path;
    e->line_no = loc.line;
}

void source_comment(Emitter *e, SrcLoc loc, const char *note) {
    LineStarts *ls;
    const char *header;
    const char *text = block_source(e, loc, &ls, &header);
    if (!text || loc.line <= 0)
        return;
    const char *p = source_line(e, ls, text, loc.line);
    if (!p)
        return;
    while (*p == ' ' || *p == '\t')
        p++;
    const char *end = strchr(p, '\n');
    int len = end ? (int)(end - p) : (int)strlen(p);
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '{' || p[len - 1] == '\r'))
        len--;
    /* Keep the comment a comment: the line's own comments become /+ ... +/
     * (a comment opener inside a comment is a warning, a closer ends it). */
    char *clean = arena_alloc(&e->a, (size_t)len + 1);
    for (int i = 0; i < len; i++)
        clean[i] = p[i] == '*' && ((i + 1 < len && p[i + 1] == '/') || (i > 0 && p[i - 1] == '/'))
                       ? '+'
                       : p[i];
    line_directive(e, loc);
    indent(e);
    fprintf(e->out, "/* %s%sline %d%s%s%s: %s */\n", header ? header : "", header ? " " : "",
            loc.line, note ? " (" : "", note ? note : "", note ? ")" : "", clean);
}

/* ---- statements ---- */
/* An update in the loop that is atomic here (threads share its array):
 * no simd lanes around it (OpenMP allows no atomic in them). */
static bool has_atomic_update(Emitter *e, Stmt *loop) {
    Body *b = loop->body;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && (shared_update(e, s) || (s->acc == ACC_HALO && e->halo_edge)))
            return true;
    }
    return false;
}

void declare_carried(Emitter *e, Stmt *s) {
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        c->result->cname = var_name(e, c->param);
        indent(e);
        fprintf(e->out, "%s %s = ", type_cname(c->param->ty), var_name(e, c->param));
        emit_operand(e, c->init);
        fputs(";\n", e->out);
    }
}

/* A loop emitted twice: its carried scalars, its results after either
 * copy, declared once before both; returns what to restore
 * e->carried_declared to after them. */
Stmt *declare_carried_once(Emitter *e, Stmt *loop) {
    Stmt *outer = e->carried_declared;
    if (loop->kind == S_LOOP && loop->carried.len && e->carried_declared != loop) {
        declare_carried(e, loop);
        e->carried_declared = loop;
    }
    return outer;
}

static void emit_loop_here(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note ? s->note : (s->reversed ? "reversed" : NULL));
    if (e->carried_declared != s)
        declare_carried(e, s);
    if (e->opt->cuda)
        emit_cuda_tape_reserve(e, s);
    int scope = e->names.len;
    if (s->simd_rows && e->opt->openmp && !(s->simd_sums.len && has_atomic_update(e, s))) {
        /* (not for clang, which warns where it cannot vectorise) */
        if (s->simd_sums.len) {
            indent(e);
            fputs("/* iterations independent but for the sums", e->out);
            for (int i = 0; i < s->simd_sums.len; i++)
                fprintf(e->out, "%s%s", i ? ", " : " ", var_name(e, s->simd_sums.items[i]));
            fputs(": vector lanes, the sums added in another order, as a parallel reduction "
                  "adds them */\n",
                  e->out);
        }
        fputs("#ifndef __clang__\n", e->out);
        indent(e);
        fputs("#pragma omp simd", e->out);
        for (int i = 0; i < s->simd_sums.len; i++)
            fprintf(e->out, "%s%s",
                    i ? ", " : " reduction(+ : ", var_name(e, s->simd_sums.items[i]));
        fputs(s->simd_sums.len ? ")\n" : "\n", e->out);
        fputs("#endif\n", e->out);
    }
    emit_loop_header(e, s);
    e->depth++;
    int body_scope = e->names.len;
    emit_stmts(e, s->body);
    const char *until = NULL;
    if (s->until.kind != OPD_NONE) { /* read before the carried scalars move on */
        until = unique_name(e, "done", false);
        indent(e);
        fprintf(e->out, "const int %s = ", until);
        emit_operand_top(e, s->until);
        fputs(";\n", e->out);
    }
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (opd_equal(c->yield, opd_var(c->param)))
            continue;
        indent(e);
        fprintf(e->out, "%s = ", var_name(e, c->param));
        emit_operand_top(e, c->yield);
        fputs(";\n", e->out);
    }
    if (until) {
        indent(e);
        fprintf(e->out, "if (%s)\n", until);
        e->depth++;
        line(e, "break;");
        e->depth--;
    }
    names_pop_to(e, body_scope);
    close_block(e);
    names_pop_to(e, scope);
}

/* Sets (on) or clears the marks of the variables s binds or sets, at any
 * depth. */
void mark_bound(Stmt *s, unsigned char *mark, int nvars, bool on) {
    int n;
    Var **bound = stmt_all_bound(s, &n);
    for (int k = 0; k < n; k++)
        if (bound[k]->id < nvars)
            mark[bound[k]->id] = on;
    free(bound);
    Body *in[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; in[q] && i < in[q]->stmts.len; i++)
            mark_bound(in[q]->stmts.items[i], mark, nvars, on);
}

bool known_before(Emitter *e, const unsigned char *bound, Operand o) {
    return o.kind == OPD_CONST || (o.kind == OPD_VAR && o.var->id < e->nvars && !bound[o.var->id] &&
                                   !e->inlined[o.var->id]);
}

static bool has_threaded_loop(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (((s->kind == S_MAP || s->kind == S_REDUCE) && !s->serial) ||
            has_threaded_loop(s->then_body) || has_threaded_loop(s->else_body) ||
            has_threaded_loop(s->body))
            return true;
    }
    return false;
}

/* s into loops, where none has its trips; else the heavier of the two */
static void add_heaviest(Emitter *e, PtrVec *loops, Stmt *s) {
    for (int i = 0; i < loops->len; i++) {
        Stmt *t = loops->items[i];
        if (opd_equal(t->lo, s->lo) && opd_equal(t->hi, s->hi)) {
            if (threads_weight(e, s) > threads_weight(e, t))
                loops->items[i] = s;
            return;
        }
    }
    vec_push(&e->a, loops, s);
}

/* The parallel loops in b (not those inside them) that the output runs on
 * threads, the heaviest of those with the same trips; false where one's
 * trips are not known before the loop (bound in it). */
static bool threaded_loops_in(Emitter *e, const unsigned char *bound, Body *b, PtrVec *loops) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_MAP || s->kind == S_REDUCE) && !s->serial) {
            if (!known_before(e, bound, s->lo) || !known_before(e, bound, s->hi))
                return false;
            add_heaviest(e, loops, s);
            continue;
        }
        if (!threaded_loops_in(e, bound, s->then_body, loops) ||
            !threaded_loops_in(e, bound, s->else_body, loops) ||
            !threaded_loops_in(e, bound, s->body, loops))
            return false;
    }
    return true;
}

/* A sequential loop around parallel loops that are all too small for
 * threads (a recurrent cell's time loop over a few elements) runs as a
 * copy without OpenMP: entering a parallel region, even with if(0) and
 * one thread, costs more than such a loop's work. Its carried scalars are
 * declared once, before both copies. */
static bool emit_loop_one_thread_copy(Emitter *e, Stmt *s) {
    if (!e->opt->openmp || e->in_parallel || !has_threaded_loop(s->body))
        return false;
    PtrVec loops = {0};
    mark_bound(s, e->bound_mark, e->nvars, true);
    bool known = threaded_loops_in(e, e->bound_mark, s->body, &loops);
    mark_bound(s, e->bound_mark, e->nvars, false);
    if (!known)
        return false;
    Stmt *outer_declared = declare_carried_once(e, s);
    line(e, "/* the loop below runs on this thread alone where every parallel loop in it is too "
            "small for threads: entering OpenMP would cost more than they do */");
    indent(e);
    fputs("if (", e->out);
    for (int i = 0; i < loops.len; i++) {
        fputs(i ? " && pg_one_thread(" : "pg_one_thread(", e->out);
        emit_trips(e, loops.items[i]);
        fputs(")", e->out);
    }
    fputs(") {\n", e->out);
    e->depth++;
    CopyNames copy;
    copy_names_begin(e, &copy);
    e->in_parallel = e->one_thread = true;
    emit_spanned(e, s, emit_loop_here);
    e->in_parallel = e->one_thread = false;
    copy_names_forget(e, &copy);
    e->depth--;
    line(e, "} else {");
    e->depth++;
    emit_spanned(e, s, emit_loop_here);
    copy_names_end(e, &copy);
    close_block(e);
    e->carried_declared = outer_declared;
    return true;
}

static void emit_loop(Emitter *e, Stmt *s) {
    if (!emit_loop_one_thread_copy(e, s))
        emit_spanned(e, s, emit_loop_here);
}

static void emit_if(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        indent(e);
        fprintf(e->out, "%s %s;\n", type_cname(p->dst->ty), var_name(e, p->dst));
    }
    indent(e);
    fputs("if (", e->out);
    emit_operand_top(e, s->cond);
    fputs(") {\n", e->out);
    for (int branch = 0; branch < 2; branch++) {
        Body *b = branch == 0 ? s->then_body : s->else_body;
        e->depth++;
        emit_body(e, b);
        for (int i = 0; i < s->phis.len && !body_ends_program(b); i++) {
            Phi *p = s->phis.items[i];
            indent(e);
            fprintf(e->out, "%s = ", var_name(e, p->dst));
            emit_operand_top(e, branch == 0 ? p->then_val : p->else_val);
            fputs(";\n", e->out);
        }
        e->depth--;
        if (branch == 0) {
            bool empty_else = (!s->else_body || s->else_body->stmts.len == 0) && !s->phis.len;
            if (empty_else)
                break;
            line(e, "} else {");
        }
    }
    line(e, "}");
}

const char *tape_kind(Type t) {
    return t.kind == TY_DOUBLE ? "double" : t.kind == TY_FLOAT ? "float" : "long";
}

static void emit_let_stmt(Emitter *e, Stmt *s) {
    Var *d = s->dst;
    if (d->id < e->nvars && e->inlined[d->id])
        return;
    indent(e);
    if (!d->is_mutable) {
        fprintf(e->out, "const %s %s = ", type_cname(d->ty), var_name(e, d));
        emit_expr(e, s);
        fputs(";\n", e->out);
        return;
    }
    const char *n = var_name(e, d);
    if (s->op == OP_ADD && s->args[0].kind == OPD_VAR && s->args[0].var == d) {
        Operand v = s->args[1];
        Stmt *vd = v.kind == OPD_VAR && v.var->id < e->nvars && e->inlined[v.var->id]
                       ? e->def_stmt[v.var->id]
                       : NULL;
        if (vd && vd->op == OP_NEG) {
            fprintf(e->out, "%s -= ", n);
            emit_operand(e, vd->args[0]);
        } else {
            fprintf(e->out, "%s += ", n);
            emit_operand_top(e, v);
        }
    } else {
        fprintf(e->out, "%s = ", n);
        emit_expr(e, s);
    }
    fputs(";\n", e->out);
}

/* A local array gets its own name in its scope: one inlined twice in a
 * block declares two arrays (the first keeps the user's name). Declared
 * names are kept in the scope's name list with a \1 prefix. */
static void declare_local_array(Emitter *e, Buffer *b) {
    const char *mark = arena_printf(&e->a, "\1%s", b->name);
    b->cname = name_taken(e, mark) ? unique_name(e, b->name, false) : b->name;
    names_push(e, mark);
    if (b->cname != b->name)
        names_push(e, arena_printf(&e->a, "\1%s", b->cname));
}

/* v with the fewest digits that read back the same (0.9f, not
 * 0.89999997615814209). */
static void emit_shortest(FILE *out, double v, bool is_float) {
    char text[40];
    for (int digits = is_float ? 6 : 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (is_float ? strtof(text, NULL) == (float)v : strtod(text, NULL) == v)
            break;
    }
    bool integral = !strpbrk(text, ".eEn");
    fprintf(out, "%s%s%s", text, integral ? ".0" : "", is_float ? "f" : "");
}

/* The values of dimension d of a constant table from element *at on, in
 * braces per dimension (eight values a line). */
static void emit_table_level(Emitter *e, Buffer *buf, int d, long *at) {
    long n = buf->dims[d].ival;
    fputc('{', e->out);
    for (long i = 0; i < n; i++) {
        if (i)
            fputs(i % 8 == 0 && d + 1 == buf->rank ? ",\n" : ", ", e->out);
        if (i && i % 8 == 0 && d + 1 == buf->rank)
            for (int q = 0; q <= e->depth + d; q++)
                fputs("    ", e->out);
        if (d + 1 < buf->rank) {
            emit_table_level(e, buf, d + 1, at);
            continue;
        }
        double v = buf->table[(*at)++];
        if (type_is_float(buf->elem))
            emit_shortest(e->out, v, buf->elem.kind == TY_FLOAT);
        else
            fprintf(e->out, "%lld", (long long)v);
    }
    fputc('}', e->out);
}

/* ` = {...};` for a constant table of the file: the generated code has its
 * own copy, since it cannot see the input's statics. */
static void emit_table_values(Emitter *e, Buffer *buf) {
    long at = 0;
    fputs(" = ", e->out);
    emit_table_level(e, buf, 0, &at);
    fputs(";\n", e->out);
}

void emit_value_of(Emitter *e, Stmt *s) {
    if (s->kind == S_READ)
        emit_access(e, s->buf, s->idx, s->nidx);
    else if (s->kind == S_DECL)
        emit_operand_top(e, s->args[0]);
    else
        emit_expr(e, s);
}

void emit_stmt(Emitter *e, Stmt *s) {
    switch (s->kind) {
    case S_LET:
        emit_let_stmt(e, s);
        break;
    case S_DECL:
        if (s->buf && s->buf->table)
            line(e, arena_printf(&e->a, "/* line %d: %s, a constant table of the file (a copy) */",
                                 s->loc.line, s->buf->name));
        if (s->buf && s->buf->sized_at_run_time && e->opt->cuda) {
            emit_cuda_heap_array(e, s); /* no VLAs in CUDA */
            break;
        }
        indent(e);
        if (s->buf) {
            declare_local_array(e, s->buf);
            fprintf(e->out, "%s%s %s", s->buf->table ? "static const " : "",
                    type_cname(s->buf->elem), buf_name(e, s->buf));
            for (int i = 0; i < s->buf->rank; i++) {
                fputc('[', e->out);
                emit_operand_top(e, decl_dim(s, i));
                fputc(']', e->out);
            }
            bool zeroed = s->buf->zero_init || s->buf->zeroed_for_saves;
            if (s->buf->table)
                emit_table_values(e, s->buf);
            else if (zeroed && s->buf->sized_at_run_time) { /* (no initialiser for those in C) */
                fputs(";\n", e->out);
                line(e, arena_printf(&e->a, "memset(%s, 0, sizeof %s);", buf_name(e, s->buf),
                                     buf_name(e, s->buf)));
            } else
                fputs(zeroed ? " = {0};\n" : ";\n", e->out);
        } else {
            fprintf(e->out, "%s %s = ", type_cname(s->dst->ty), var_name(e, s->dst));
            emit_operand_top(e, s->args[0]);
            fputs(";\n", e->out);
        }
        break;
    case S_READ:
        indent(e);
        fprintf(e->out, "const %s %s = ", type_cname(s->dst->ty), var_name(e, s->dst));
        emit_access(e, s->buf, s->idx, s->nidx);
        fputs(";\n", e->out);
        break;
    case S_WRITE:
    case S_ACC:
        if (s->kind == S_ACC && s->acc != ACC_PLAIN && e->cuda_grid) {
            emit_cuda_atomic_update(e, s); /* threads of the grid may share the element */
            break;
        }
        if (s->kind == S_ACC && (s->acc_op == RED_MIN || s->acc_op == RED_MAX)) {
            emit_extremum_update(e, s);
            break;
        }
        if (s->kind == S_ACC && s->acc == ACC_HALO && e->halo_edge) {
            emit_halo_accumulate(e, s);
            break;
        }
        if (s->kind == S_ACC && shared_update(e, s) && emit_partial_add(e, s))
            break;
        if (s->kind == S_ACC && shared_update(e, s))
            line(e, "#pragma omp atomic");
        emit_update(e, s);
        break;
    case S_PUSH:
        indent(e);
        if (s->save_local) {
            fprintf(e->out, "const %s pg_saved_%d = ", type_cname(s->args[0].ty), s->save_local);
            emit_operand(e, s->args[0]);
            fputs("; /* (popped in this block: a local, not the tape) */\n", e->out);
            break;
        }
        fprintf(e->out, "pg_push_%s(pg_tape_self(), ", tape_kind(s->args[0].ty));
        emit_operand(e, s->args[0]);
        fputs(");\n", e->out);
        break;
    case S_POP:
        if (s->save_local) {
            if (s->dst->id >= e->nvars || e->uses[s->dst->id] > 0) {
                indent(e);
                fprintf(e->out, "%s%s %s = (%s)pg_saved_%d;\n", s->dst->is_mutable ? "" : "const ",
                        type_cname(s->dst->ty), var_name(e, s->dst), type_cname(s->dst->ty),
                        s->save_local);
            }
            break;
        }
        indent(e);
        if (s->dst->id < e->nvars && e->uses[s->dst->id] == 0) { /* nothing reads the value */
            fprintf(e->out, "(void)pg_pop_%s(pg_tape_self());\n", tape_kind(s->dst->ty));
            break;
        }
        fprintf(e->out, "%s%s %s = (%s)pg_pop_%s(pg_tape_self());\n",
                s->dst->is_mutable ? "" : "const ", type_cname(s->dst->ty), var_name(e, s->dst),
                type_cname(s->dst->ty), tape_kind(s->dst->ty));
        break;
    case S_TAPE_PUSH_REGION:
    case S_TAPE_POP_REGION: {
        const char *ty = type_cname(s->buf->elem);
        if (s->kind == S_TAPE_POP_REGION && s->buf->id < e->nbufs && !e->buf_read[s->buf->id]) {
            indent(e);
            fputs("(void)pg_tape_pop(pg_tape_self(), (size_t)(", e->out);
            emit_operand(e, s->args[0]);
            fprintf(e->out, ") * sizeof(%s)); /* the adjoint reads none of it */\n", ty);
            break;
        }
        if (!s->buf->param_decl)
            s->buf->name = unique_name(e, s->buf->name, false);
        s->buf->param_decl = s->buf->name; /* named once */
        indent(e);
        fprintf(e->out, "%s%s *%s = pg_tape_%s(pg_tape_self(), (size_t)(",
                s->kind == S_TAPE_POP_REGION ? "const " : "", ty, s->buf->name,
                s->kind == S_TAPE_PUSH_REGION ? "push" : "pop");
        emit_operand(e, s->args[0]);
        fprintf(e->out, ") * sizeof(%s));\n", ty);
        break;
    }
    case S_COMMENT:
        indent(e);
        fprintf(e->out, "/* %s */\n", s->text);
        break;
    case S_EFFECT:
        emit_effect(e, s);
        break;
    case S_ALLOC:
        declare_local_array(e, s->buf);
        indent(e);
        fprintf(e->out, "%s *%s = %s((size_t)(", type_cname(s->buf->elem), buf_name(e, s->buf),
                s->buf->filled_first ? "pg_malloc" : "pg_calloc");
        emit_operand(e, s->args[0]);
        if (lane_buffer(e, s->buf))
            fprintf(e->out, ") * (size_t)%s, sizeof(%s));\n", lane_count(e),
                    type_cname(s->buf->elem));
        else
            fprintf(e->out, "), sizeof(%s));\n", type_cname(s->buf->elem));
        break;
    case S_FREE:
        indent(e);
        fprintf(e->out, "pg_free(%s);\n", buf_name(e, s->buf));
        break;
    case S_RETURN:
        if (e->cuda_return) { /* a kernel: the value into the frame, the kernels after skipped */
            emit_cuda_return(e, s);
            break;
        }
        indent(e);
        fputs("return ", e->out);
        emit_operand_top(e, s->args[0]);
        fputs(";\n", e->out);
        break;
    case S_IF:
        emit_if(e, s);
        break;
    case S_BLOCK:
        indent(e);
        fprintf(e->out, "/* %s */\n", s->text);
        line(e, "{");
        e->depth++;
        emit_body(e, s->body);
        close_block(e);
        break;
    case S_LOOP:
        emit_loop(e, s);
        break;
    case S_MAP:
        emit_map(e, s);
        break;
    case S_REDUCE:
        emit_reduce(e, s);
        break;
    case S_SCAN:
        if (s->fusion)
            emit_fused_scan(e, s);
        else
            emit_scan(e, s);
        break;
    case S_HIST:
        emit_hist(e, s);
        break;
    }
}

/* A kept call, once, where the primal makes it: `printf("...", s_2);`. */
/* assert(c) on a computed condition t: `if (!t) assert(!"c");`, which
 * reads t also under NDEBUG (no unused variables) and prints c when it
 * fails. */
static bool emit_computed_assert(Emitter *e, Stmt *s) {
    if (strcmp(s->text, "assert") != 0 || s->effect_args.len != 2)
        return false;
    EffectArg *cond = s->effect_args.items[0], *text = s->effect_args.items[1];
    indent(e);
    fputs("if (!(", e->out);
    emit_operand_top(e, cond->val);
    fputs("))\n", e->out);
    e->depth++;
    indent(e);
    fputs("assert(!\"", e->out);
    for (const char *q = text->text; *q; q++) {
        if (*q == '"' || *q == '\\')
            fputc('\\', e->out);
        fputc(*q == '\n' ? ' ' : *q, e->out);
    }
    fputs("\");\n", e->out);
    e->depth--;
    return true;
}

static void emit_effect(Emitter *e, Stmt *s) {
    if (emit_computed_assert(e, s))
        return;
    EffectArg *number = kept_number_of(s);
    if (number)
        line(e, "/* its value is kept: the return sweep runs this code again, without the call */");
    indent(e);
    if (s->dst && s->dst->id < e->nvars && e->uses[s->dst->id] > 0)
        fprintf(e->out, "const %s %s = ", type_cname(s->dst->ty), var_name(e, s->dst));
    if (number) {
        if (!type_is_float(s->dst->ty))
            fprintf(e->out, "(%s)", type_cname(s->dst->ty));
        fputs("pg_keep(pg_tape_self(), ", e->out);
        emit_operand_top(e, number->val);
        fputs(", ", e->out);
    }
    fprintf(e->out, "%s(", e->opt->cuda ? cuda_device_call(s->text) : s->text);
    for (int i = 0; i < s->effect_args.len - (number != NULL); i++) {
        EffectArg *ea = s->effect_args.items[i];
        fputs(i ? ", " : "", e->out);
        if (ea->text)
            fputs(ea->text, e->out);
        else
            emit_operand_top(e, ea->val);
    }
    fputs(number ? "));\n" : ");\n", e->out);
}

/* Names are scoped like C blocks: a re-executed loop in a sibling block
 * uses the same names as the first one. */
/* The number of scalar pushes (or pops) in a row from position i of b. */
static int tape_run(Body *b, int i, StmtKind kind) {
    int n = 0;
    while (i + n < b->stmts.len && ((Stmt *)b->stmts.items[i + n])->kind == kind &&
           !((Stmt *)b->stmts.items[i + n])->save_local)
        n++;
    return n;
}

/* Pushes in a row as one record of 8-byte slots (the layout of single
 * pushes, so either form pops it): one check of the tape's room. A push
 * per value stores the tape's top after each value, and reloads it, since
 * a store through bytes may change it. */
static void emit_push_record(Emitter *e, Stmt **push, int n) {
    line(e, "{ /* one record on the tape */");
    e->depth++;
    int scope = e->names.len;
    const char *rec = unique_name(e, "rec", false);
    indent(e);
    fprintf(e->out, "unsigned char *%s = pg_push_record(pg_tape_self(), %d);\n", rec, n);
    for (int k = 0; k < n; k++) {
        indent(e);
        fprintf(e->out, "pg_put_%s(%s", tape_kind(push[k]->args[0].ty), rec);
        if (k)
            fprintf(e->out, " + %d", 8 * k);
        fputs(", ", e->out);
        emit_operand_top(e, push[k]->args[0]);
        fputs(");\n", e->out);
    }
    names_pop_to(e, scope);
    close_block(e);
}

/* Pops in a row: one record, its last slot popped first. */
static void emit_pop_record(Emitter *e, Stmt **pop, int n) {
    bool any = false;
    for (int k = 0; k < n; k++)
        any |= pop[k]->dst->id >= e->nvars || e->uses[pop[k]->dst->id] > 0;
    indent(e);
    if (!any) {
        fprintf(e->out, "(void)pg_pop_record(pg_tape_self(), %d);\n", n);
        return;
    }
    const char *rec = unique_name(e, "rec", false);
    fprintf(e->out, "const unsigned char *%s = pg_pop_record(pg_tape_self(), %d);\n", rec, n);
    for (int k = 0; k < n; k++) {
        Var *v = pop[k]->dst;
        if (v->id < e->nvars && e->uses[v->id] == 0) /* nothing reads the value */
            continue;
        indent(e);
        bool exact = v->ty.kind == TY_DOUBLE || v->ty.kind == TY_FLOAT; /* else a long slot */
        fprintf(e->out, "%s%s %s = %s%s%spg_get_%s(%s", v->is_mutable ? "" : "const ",
                type_cname(v->ty), var_name(e, v), exact ? "" : "(", exact ? "" : type_cname(v->ty),
                exact ? "" : ")", tape_kind(v->ty), rec);
        if (n - 1 - k)
            fprintf(e->out, " + %d", 8 * (n - 1 - k));
        fputs(");\n", e->out);
    }
}

/* The statements of b, in the names' current scope. */
void emit_stmts(Emitter *e, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_COMMENT)
            line_directive(e, s->loc);
        int run =
            (s->kind == S_PUSH || s->kind == S_POP) && !s->save_local ? tape_run(b, i, s->kind) : 1;
        if (run > 1 && s->kind == S_PUSH)
            emit_push_record(e, (Stmt **)b->stmts.items + i, run);
        else if (run > 1)
            emit_pop_record(e, (Stmt **)b->stmts.items + i, run);
        else
            emit_stmt(e, s);
        i += run - 1;
    }
}

void emit_body(Emitter *e, Body *b) {
    int scope = e->names.len;
    emit_stmts(e, b);
    names_pop_to(e, scope);
}

/* ---- signatures ---- */
static bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* `const double *x` -> `double *x_b`: the primal declaration with `const`
 * dropped and the name replaced. */
const char *adjoint_decl(Emitter *e, const char *decl, const char *name, const char *adj_name) {
    size_t n = strlen(name);
    const char *at = NULL;
    for (const char *p = strstr(decl, name); p; p = strstr(p + 1, name))
        if ((p == decl || !is_ident_char(p[-1])) && !is_ident_char(p[n]))
            at = p;
    if (!at)
        return NULL;
    char *out = arena_alloc(&e->a, strlen(decl) + strlen(adj_name) + 1);
    char *o = out;
    for (const char *p = decl; *p;) {
        if (p == at) {
            strcpy(o, adj_name);
            o += strlen(adj_name);
            p += n;
        } else if (strncmp(p, "const", 5) == 0 && (p == decl || !is_ident_char(p[-1])) &&
                   !is_ident_char(p[5])) {
            p += 5;
            while (*p == ' ')
                p++;
        } else {
            *o++ = *p++;
        }
    }
    *o = 0;
    return out;
}

static void emit_signature(Emitter *e, Func *f) {
    fprintf(e->out, "%s%s %s(", f->is_static ? "PG_HELPER " : "",
            f->ret.kind == TY_VOID ? "void" : type_cname(f->ret), f->name);
    const char *prev_decl = NULL, *prev_name = NULL;
    const StructParam *prev_group = NULL;
    bool first = true;
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (p->group && p->group == prev_group)
            continue; /* the fields of one struct parameter share its declaration */
        prev_group = p->group;
        if (!first)
            fputs(", ", e->out);
        first = false;
        if (p->group && !p->group->decl) { /* an adjoint: S *s_b, or the primal's shape */
            const char *d = p->group->by_value || !prev_decl
                                ? NULL
                                : adjoint_decl(e, prev_decl, prev_name, p->group->name);
            fputs(d ? d : arena_printf(&e->a, "%s *%s", p->group->type, p->group->name), e->out);
        } else if (p->group) {
            fputs(p->group->decl, e->out);
            prev_decl = p->group->decl;
            prev_name = p->group->name;
        } else if (p->decl) {
            fputs(p->decl, e->out);
            prev_decl = p->decl;
            prev_name = p->name;
        } else if (p->buf && p->buf->scalar_ref) {
            fprintf(e->out, "%s *%s", type_cname(p->buf->elem), p->name);
        } else if (p->buf) {
            const char *d = prev_decl ? adjoint_decl(e, prev_decl, prev_name, p->name) : NULL;
            fputs(d ? d : arena_printf(&e->a, "%s *%s", type_cname(p->buf->elem), p->name), e->out);
        } else {
            fprintf(e->out, "%s %s", type_cname(p->var->ty), p->name);
        }
        if (p->var)
            p->var->cname = p->name;
    }
    fputs(")", e->out);
}

/* Parameters the gradient does not need (an input that only steers a
 * branch, its adjoint then untouched) are part of the interface all the
 * same: say so, for -Wunused-parameter. */
static void mark_unused_params(Emitter *e, Func *f) {
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        bool used = false;
        int k = i;
        /* a struct parameter is used when any of its fields is */
        do {
            Param *q = f->params.items[k];
            used |= q->buf
                        ? body_reads_buffer(f->body, q->buf) || body_writes_buffer(f->body, q->buf)
                        : q->var->id < e->nvars && e->uses[q->var->id] > 0;
        } while (p->group && ++k < f->params.len &&
                 ((Param *)f->params.items[k])->group == p->group);
        if (p->group)
            i = k - 1;
        if (!used) {
            indent(e);
            fprintf(e->out, "(void)%s;\n", p->name);
        }
    }
}

/* The headers of the kept calls in b, each once (a short list). */
static void effect_headers(Body *b, const char **seen, int *n) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT && effect_header(s->text)) { /* pargrad.h's are there */
            const char *h = effect_header(s->text);
            bool have = false;
            for (int k = 0; k < *n; k++)
                have |= strcmp(seen[k], h) == 0;
            if (!have && *n < 8)
                seen[(*n)++] = h;
        }
        effect_headers(s->then_body, seen, n);
        effect_headers(s->else_body, seen, n);
        effect_headers(s->body, seen, n);
    }
}

/* the headers the functions' kept calls need */
void emit_effect_includes(FILE *out, Func **funcs, int nfuncs) {
    const char *headers[8];
    int n = 0;
    for (int i = 0; i < nfuncs; i++)
        effect_headers(funcs[i]->body, headers, &n);
    for (int i = 0; i < n; i++)
        fprintf(out, "#include <%s>\n", headers[i]);
}

static bool has_fused_scan(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_SCAN && s->fusion) || has_fused_scan(s->then_body) ||
            has_fused_scan(s->else_body) || has_fused_scan(s->body))
            return true;
    }
    return false;
}

void emit_c_prelude(FILE *out, const EmitOptions *opt, Func **funcs, int nfuncs) {
    fprintf(out, "/* Generated by pargrad %s from %s. Do not edit: regenerate. */\n",
            opt->version ? opt->version : "", opt->source_path ? opt->source_path : "input");
    /* GCC 12.2 at -O3 miscompiles loops that read an adjoint, zero it and
     * update others (a return sweep's fused loop, e2e pingpong and time_loop
     * as tests/e2e/compilers.sh builds them): its loop distribution moves
     * the zeroing, as a memset, ahead of the reads. A layer's output
     * filled by a helper's loop over n_out, then read (ML helper's rl.c):
     * -Wmaybe-uninitialized in the outlined function, not in the primal. */
    fputs("/* GCC's loop distribution (-O3) moved the zeroing of adjoints ahead of\n"
          " * their reads in such loops (wrong code with GCC 12.2); the loops stay\n"
          " * as written here. GCC's -Warray-bounds and -Wmaybe-uninitialized\n"
          " * (-Wall at -O2) also follow paths that never run in the functions it\n"
          " * outlines for OpenMP (an index t - k of a loop k < t + 1 taken for -1;\n"
          " * a local array read after the loop that fills it, out[0] after\n"
          " * o < n_out, taken for one that ran no trip): not reported for this\n"
          " * file, whose reads are the primal's, in its order. Its -Wvla-parameter\n"
          " * calls a prototype and its definition, written the same, mismatched\n"
          " * where they have two bounds (T a[n], T b[n * m]). */\n"
          "#if defined(__GNUC__) && !defined(__clang__)\n"
          "#pragma GCC optimize(\"no-tree-loop-distribution\", "
          "\"no-tree-loop-distribute-patterns\")\n"
          "#pragma GCC diagnostic ignored \"-Warray-bounds\"\n"
          "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n"
          "#pragma GCC diagnostic ignored \"-Wvla-parameter\"\n"
          "#endif\n"
          "/* clang reports each `omp simd` loop it does not vectorise (all of\n"
          " * them at -Os): an error under -Werror, for a hint. */\n"
          "#ifdef __clang__\n"
          "#pragma clang diagnostic ignored \"-Wpass-failed\"\n"
          "#endif\n",
          out);
    fputs("#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n", out);
    emit_effect_includes(out, funcs, nfuncs);
    fputs("\n#include \"pargrad.h\"\n", out);
    bool fused = false;
    for (int i = 0; i < nfuncs; i++)
        fused |= has_fused_scan(funcs[i]->body);
    if (opt->declared_ops || fused) /* PG_SCAN_DEF, or the blocks of fused scans */
        fputs("#include \"pargrad_parallel.h\"\n", out);
    emit_type_defs(out, funcs, nfuncs);
}

/* the struct types of the signatures, each once, as the input defines them */
void emit_type_defs(FILE *out, Func **funcs, int nfuncs) {
    PtrVec defs = {0};
    Arena a = {0};
    for (int i = 0; i < nfuncs; i++)
        for (int k = 0; k < funcs[i]->type_defs.len; k++) {
            const char *d = funcs[i]->type_defs.items[k];
            bool have = false;
            for (int j = 0; j < defs.len && !have; j++)
                have = strcmp(defs.items[j], d) == 0;
            if (!have) {
                vec_push(&a, &defs, (void *)d);
                fprintf(out, "%s%s\n", defs.len == 1 ? "\n" : "", d);
            }
        }
    arena_free(&a);
}

void emit_c_function(FILE *out, Func *f, const EmitOptions *opt) {
    Emitter e = {.out = out, .opt = opt, .func = f};
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        names_push(&e, p->name);
    }
    plan_inlining(&e, f);
    fputc('\n', out);
    if (!f->is_static) { /* (a prototype, for builds with -Wmissing-prototypes) */
        emit_signature(&e, f);
        fputs(";\n", out);
    }
    emit_signature(&e, f);
    fputs(" {\n", out);
    e.depth = 1;
    mark_unused_params(&e, f);
    emit_body(&e, f->body);
    fputs("}\n", out);
    emitter_release(&e);
}

/* what plan_inlining and the emission allocated */
void emitter_release(Emitter *e) {
    free(e->defs);
    free(e->uses);
    free(e->def_body);
    free(e->use_body);
    free(e->def_stmt);
    free(e->inlined);
    free(e->next_use);
    free(e->buf_read);
    free(e->bound_mark);
    arena_free(&e->a);
}

/* A declared operator's helpers: COMBINE and INV as the output's own
 * static copies, COMBINE's adjoint and its two partials, the OpenMP
 * reduction of reduce loops, and the blocked scan of scan loops. */
void emit_c_uop_helpers(FILE *out, const EmitOptions *opt, const UserOp *u, Func *combine,
                        Func *combine_b, Func *inverse) {
    const char *t = type_cname(u->ty), *h = u->helper;
    fprintf(out, "\n/* The operator '%s' declared at line %d: %s, its adjoint and partials%s */",
            u->name, u->loc.line, u->combine, u->inverse ? ", its inverse" : "");
    emit_c_function(out, combine, opt);
    emit_c_function(out, combine_b, opt);
    for (int k = 0; k < 2; k++) {
        fprintf(out,
                "\n/* the partial of %s(a, b) in %c */\n"
                "PG_HELPER %s %s_d%d(%s a, %s b) {\n"
                "    %s a_b = 0, b_b = 0;\n"
                "    (void)%s_b(a, &a_b, b, &b_b, 1);\n"
                "    return %s;\n}\n",
                u->combine, k ? 'b' : 'a', t, h, k, t, t, t, h, k ? "b_b" : "a_b");
    }
    if (inverse)
        emit_c_function(out, inverse, opt);
    if (opt->cuda) { /* (PG_HELPER: __host__ __device__) the one-thread kernels' */
        fprintf(out, "PG_DEVICE_SCAN(%s_scan, %s, %s)\n", h, t, h);
        if (u->commutative)
            fprintf(out, "PG_DEVICE_HIST(%s_hist, %s, %s)\n", h, t, h);
        if (u->commutative && !inverse)
            fprintf(out, "PG_DEVICE_HIST_GENERAL_REV(%s_hist_rev, %s, %s, %s_d0, %s_d1)\n", h, t, h,
                    h, h);
        return;
    }
    Emitter e = {.out = out, .opt = opt};
    /* the declaration again, on the output's helpers, for a second
     * differentiation of this file */
    double id = u->identity.fval;
    fprintf(out, "\n#ifdef __PARGRAD__\n#pragma pargrad declare op(%s, %s, %s, ", u->name, t, h);
    if (isinf(id))
        fprintf(out, "%sINFINITY", id < 0 ? "-" : "");
    else
        fprintf(out, "%.17g", id);
    fprintf(out, ")%s", u->commutative ? " commutative" : "");
    if (inverse)
        fprintf(out, " inverse(%s_inv)", h);
    fputs("\n#endif", out);
    fprintf(out,
            "\n#ifdef _OPENMP\n"
            "#pragma omp declare reduction(%s : %s : omp_out = %s(omp_out, omp_in)) "
            "initializer(omp_priv = ",
            h, t, h);
    print_const(&e, u->identity);
    fputs(")\n#endif\n", out);
    fprintf(out, "PG_SCAN_DEF(PG_HELPER, %s_scan, %s, %s)\n", h, t, h);
    if (u->commutative) { /* histograms: the invertible rule's maps, or the general rule */
        fprintf(out, "PG_HIST_FWD(PG_HELPER, %s_hist, %s, %s, ", h, t, h);
        print_const(&e, u->identity);
        fputs(")\n", out);
        if (!inverse)
            fprintf(out, "PG_HIST_GENERAL_REV(PG_HELPER, %s_hist_rev, %s, %s, %s_d0, %s_d1)\n", h,
                    t, h, h, h);
    }
    arena_free(&e.a);
}
