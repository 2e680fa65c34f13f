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

/* ---- names ---- */
/* The names in use are counted in a hash table beside the `names` stack,
 * so that checking a name costs the same in a function of 10 names or
 * 100,000 (a scan of the stack made emission quadratic). */
static unsigned name_hash(const char *n) {
    unsigned h = 2166136261u;
    for (; *n; n++)
        h = (h ^ (unsigned char)*n) * 16777619u;
    return h;
}

static NameCount **name_slot(Emitter *e, const char *n) {
    NameCount **p = &e->name_table[name_hash(n) & e->name_mask];
    while (*p && strcmp((*p)->name, n) != 0)
        p = &(*p)->next;
    return p;
}

static void name_table_grow(Emitter *e) {
    unsigned size = e->name_mask ? (e->name_mask + 1) * 2 : 256;
    NameCount **old = e->name_table;
    unsigned old_size = e->name_mask ? e->name_mask + 1 : 0;
    e->name_table = arena_alloc(&e->a, sizeof(NameCount *) * size);
    e->name_mask = size - 1;
    for (unsigned i = 0; i < old_size; i++)
        for (NameCount *c = old[i], *next; c; c = next) {
            next = c->next;
            NameCount **p = &e->name_table[name_hash(c->name) & e->name_mask];
            c->next = *p;
            *p = c;
        }
}

static bool name_taken(Emitter *e, const char *n) {
    if (!e->name_table)
        return false;
    NameCount *c = *name_slot(e, n);
    return c && c->count > 0;
}

static void names_push(Emitter *e, const char *n) {
    vec_push(&e->a, &e->names, (void *)n);
    if (!e->name_table || e->name_entries >= (int)e->name_mask)
        name_table_grow(e);
    NameCount **p = name_slot(e, n);
    if (!*p) {
        *p = arena_alloc(&e->a, sizeof(NameCount));
        (*p)->name = n;
        e->name_entries++;
    }
    (*p)->count++;
}

/* A name base_k going out of use lowers base's hint to k (see unique_name). */
static void name_freed(Emitter *e, const char *n) {
    const char *us = strrchr(n, '_');
    if (!us || us[1] < '1' || us[1] > '9' || strspn(us + 1, "0123456789") != strlen(us + 1) ||
        strlen(us + 1) > 9)
        return;
    int k = atoi(us + 1);
    char *base = arena_alloc(&e->a, (size_t)(us - n) + 1); /* zeroed: terminated */
    memcpy(base, n, (size_t)(us - n));
    NameCount *rec = *name_slot(e, base);
    if (rec && rec->hint > k)
        rec->hint = k;
}

/* Ends a scope: the names pushed since `scope` are free again. */
void names_pop_to(Emitter *e, int scope) {
    while (e->names.len > scope) {
        NameCount *c = *name_slot(e, e->names.items[--e->names.len]);
        if (--c->count == 0)
            name_freed(e, c->name);
    }
}

/* The first of base, base_1, base_2, ... not in use; or for numbered
 * temporaries, base followed by the next unused number. */
const char *unique_name(Emitter *e, const char *base, bool numbered) {
    const char *n = numbered ? arena_printf(&e->a, "%s%d", base, ++e->ntemps) : base;
    if (numbered || !name_taken(e, base)) {
        while (name_taken(e, n))
            n = arena_printf(&e->a, "%s%d", base, ++e->ntemps);
        names_push(e, n);
        return n;
    }
    /* base_1 ... base_(hint-1) are all in use: start at the hint, not at 1 */
    NameCount *rec = *name_slot(e, base);
    int k = rec->hint > 1 ? rec->hint : 1;
    n = arena_printf(&e->a, "%s_%d", base, k);
    while (name_taken(e, n))
        n = arena_printf(&e->a, "%s_%d", base, ++k);
    rec->hint = k + 1;
    names_push(e, n);
    return n;
}

const char *var_name(Emitter *e, Var *v) {
    if (!v->cname) {
        if (v->primal)
            v->cname = unique_name(e, arena_printf(&e->a, "%s_b", var_name(e, v->primal)), false);
        else if (var_is_temp(v))
            v->cname = unique_name(e, "t", true);
        else
            v->cname = unique_name(e, v->name, false);
    }
    return lane_var_name(e, v, v->cname);
}

const char *buf_name(Emitter *e, Buffer *b) {
    (void)e;
    return b->cname ? b->cname : b->name;
}

/* ---- output helpers ---- */
void indent(Emitter *e) {
    for (int i = 0; i < e->depth; i++)
        fputs("    ", e->out);
}

void line(Emitter *e, const char *text) {
    indent(e);
    fputs(text, e->out);
    fputc('\n', e->out);
}

static void print_const(Emitter *e, Operand o) {
    if (!type_is_float(o.ty)) {
        /* Constants keep their type, which matters where nothing converts
         * them (1u << 31, 1L << 40, ~0u), and 2^63 and up their value. */
        const char *cn = o.ty.cname ? o.ty.cname : "int";
        const char *width = strstr(cn, "long long") ? "LL" : strstr(cn, "long") ? "L" : "";
        if (type_is_unsigned(o.ty) && o.ty.kind != TY_BOOL)
            fprintf(e->out, "%lluU%s", (unsigned long long)o.ival, width);
        else
            fprintf(e->out, "%lld%s", o.ival, width);
        return;
    }
    double v = o.fval;
    const char *suffix = o.ty.kind == TY_FLOAT ? "f" : "";
    if (isinf(v)) {
        fprintf(e->out, "%sINFINITY", v < 0 ? "-" : "");
        return;
    }
    if (isnan(v)) {
        fputs("NAN", e->out);
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", v);
    /* the shortest form that reads back exactly */
    for (int p = 1; p <= 17; p++) {
        char t[64];
        snprintf(t, sizeof t, "%.*g", p, v);
        if (strtod(t, NULL) == v) {
            memcpy(buf, t, sizeof t);
            break;
        }
    }
    bool has_point = strpbrk(buf, ".eEn") != NULL;
    if (v < 0)
        fputc('(', e->out);
    fprintf(e->out, "%s%s%s", buf, has_point ? "" : ".0", suffix);
    if (v < 0)
        fputc(')', e->out);
}

static const char *c_op(PrimOp op) {
    switch (op) {
    case OP_ADD:
        return "+";
    case OP_SUB:
        return "-";
    case OP_MUL:
        return "*";
    case OP_DIV:
        return "/";
    case OP_MOD:
        return "%";
    case OP_BITAND:
        return "&";
    case OP_BITOR:
        return "|";
    case OP_BITXOR:
        return "^";
    case OP_SHL:
        return "<<";
    case OP_SHR:
        return ">>";
    case OP_LT:
        return "<";
    case OP_LE:
        return "<=";
    case OP_GT:
        return ">";
    case OP_GE:
        return ">=";
    case OP_EQ:
        return "==";
    case OP_NE:
        return "!=";
    case OP_AND:
        return "&&";
    case OP_OR:
        return "||";
    default:
        return "?";
    }
}

/* fmin and fmax are pargrad.h's inline pg_fmin and pg_fmax (GCC calls
 * libm's unless told that no NaN occurs). */
const char *extremum_name(Emitter *e, bool is_min, Type ty) {
    return arena_printf(&e->a, "pg_%s%s", is_min ? "fmin" : "fmax", ty.kind == TY_FLOAT ? "f" : "");
}

static const char *call_name(Emitter *e, Stmt *s) {
    const char *n = deriv_name(s->fn);
    if (!strcmp(n, "fmin") || !strcmp(n, "fmax"))
        return extremum_name(e, n[2] == 'i', s->dst->ty);
    return s->dst->ty.kind == TY_FLOAT ? arena_printf(&e->a, "%sf", n) : n;
}

/* The output's helper for a declared operator's combine, partial or
 * inverse (emit_c_uop_helpers defines them). */
static const char *uop_helper(Emitter *e, const UserOp *u, PrimOp op) {
    static const char *const suffix[] = {"", "_d0", "_d1", "_inv"};
    return arena_printf(&e->a, "%s%s", u->helper, suffix[op - OP_UOP]);
}

/* The expression of a let, without the assignment. */
static void emit_expr(Emitter *e, Stmt *s) {
    Operand *x = s->args;
    switch (s->op) {
    case OP_COPY:
    case OP_NODIFF:
        emit_operand(e, x[0]);
        break;
    case OP_NEG:
        fputc('-', e->out);
        emit_operand(e, x[0]);
        break;
    case OP_NOT:
    case OP_BITNOT:
        fputc(s->op == OP_NOT ? '!' : '~', e->out);
        emit_operand(e, x[0]);
        break;
    case OP_SELECT:
        emit_operand(e, x[0]);
        fputs(" ? ", e->out);
        emit_operand(e, x[1]);
        fputs(" : ", e->out);
        emit_operand(e, x[2]);
        break;
    case OP_CAST:
        fprintf(e->out, "(%s)", type_cname(s->dst->ty));
        emit_operand(e, x[0]);
        break;
    case OP_CALL:
    case OP_UOP:
    case OP_UOP_D0:
    case OP_UOP_D1:
    case OP_UOP_INV:
        fprintf(e->out, "%s(", s->op == OP_CALL ? call_name(e, s) : uop_helper(e, s->uop, s->op));
        for (int i = 0; i < s->nargs; i++) {
            if (i)
                fputs(", ", e->out);
            emit_operand(e, x[i]);
        }
        fputc(')', e->out);
        break;
    default:
        emit_operand(e, x[0]);
        fprintf(e->out, " %s ", c_op(s->op));
        emit_operand(e, x[1]);
        break;
    }
}

void emit_operand(Emitter *e, Operand o) {
    if (o.kind == OPD_CONST) {
        print_const(e, o);
        return;
    }
    if (o.kind != OPD_VAR) {
        fputs("0", e->out);
        return;
    }
    Var *v = o.var;
    if (v->id < e->nvars && e->inlined[v->id]) {
        Stmt *d = e->def_stmt[v->id];
        bool atom = d->op == OP_CALL || d->op == OP_COPY || d->op >= OP_UOP;
        if (!atom)
            fputc('(', e->out);
        emit_expr(e, d);
        if (!atom)
            fputc(')', e->out);
        return;
    }
    fputs(var_name(e, v), e->out);
}

/* An operand standing alone (an initialiser, a right-hand side): inlined
 * expressions need no parentheses there. */
static void emit_operand_top(Emitter *e, Operand o) {
    if (o.kind == OPD_VAR && o.var->id < e->nvars && e->inlined[o.var->id]) {
        emit_expr(e, e->def_stmt[o.var->id]);
        return;
    }
    emit_operand(e, o);
}

static void emit_access(Emitter *e, Buffer *b, Operand *idx, int n) {
    if (b->scalar_ref) {
        fprintf(e->out, "*%s", buf_name(e, b));
        return;
    }
    if (lane_buffer(e, b) && n == 1) { /* the lanes' elements interleaved */
        fprintf(e->out, "%s[(", buf_name(e, b));
        emit_operand(e, idx[0]);
        fprintf(e->out, ") * %s + %s]", lane_count(e), lane_index(e));
        return;
    }
    fputs(buf_name(e, b), e->out);
    if (b->field && (b->by_value || (n == 1 && opd_is_const(idx[0], 0)))) {
        /* a struct passed by value, or the one a pointer points to */
        fprintf(e->out, "%s%s", b->by_value ? "." : "->", b->field);
        return;
    }
    for (int i = 0; i < n; i++) {
        fputc('[', e->out);
        emit_operand(e, idx[i]);
        fputc(']', e->out);
    }
    if (b->field)
        fprintf(e->out, ".%s", b->field);
}

/* ---- inlining analysis ---- */
typedef struct Scan {
    Emitter *e;
    Body *body;
} Scan;

static void scan_use(Operand *o, void *ctx) {
    Scan *sc = ctx;
    if (o->kind == OPD_VAR && o->var->id < sc->e->nvars) {
        sc->e->uses[o->var->id]++;
        sc->e->use_body[o->var->id] = sc->body;
    }
}

static void mark_next_use(Operand *o, void *ctx) {
    Scan *sc = ctx;
    if (o->kind == OPD_VAR && o->var->id < sc->e->nvars)
        sc->e->next_use[o->var->id] = 1;
}

static void scan_body(Emitter *e, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Scan sc = {e, b};
        stmt_visit_operands(s, scan_use, &sc);
        /* A loop's contributions and yields are printed inside it: one
         * computed before the loop (invariant) must not be inlined there,
         * where it would run every iteration (and a call would keep clang
         * from vectorising an `omp simd` loop): count them twice. */
        for (int k = 0; s->kind != S_IF && k < s->accums.len; k++)
            scan_use(&((Accum *)s->accums.items[k])->contrib, &sc);
        for (int k = 0; k < s->carried.len; k++)
            scan_use(&((Carried *)s->carried.items[k])->yield, &sc);
        if (s->buf && !name_taken(e, s->buf->name))
            names_push(e, s->buf->name);
        if (i > 0) {
            Stmt *prev = b->stmts.items[i - 1];
            if (prev->kind == S_LET && !prev->dst->is_mutable) {
                /* only operands of a plain statement, not of nested bodies */
                for (int k = 0; k < s->nargs; k++)
                    if (s->args[k].kind == OPD_VAR && s->args[k].var == prev->dst)
                        mark_next_use(&s->args[k], &sc);
            }
        }
        if (s->kind == S_LET && s->dst && s->dst->id < e->nvars) {
            e->defs[s->dst->id]++;
            e->def_body[s->dst->id] = b;
            e->def_stmt[s->dst->id] = s;
        }
        /* Operands used at the end of a nested body (phis, yields) count
         * as used in the enclosing body: never inline across it. */
        scan_body(e, s->then_body);
        scan_body(e, s->else_body);
        scan_body(e, s->body);
    }
}

/* Facts about an inlined temporary's expression, each computed once per
 * variable (memo: 0 unknown), so that long chains stay linear. */
typedef struct InlineFacts {
    int *depth;             /* operations in the longest path of the expression */
    unsigned char *mutable; /* 1 + whether it reads a variable that may change */
} InlineFacts;

static int expr_depth(Emitter *e, InlineFacts *f, Stmt *s);
static bool expr_reads_mutable(Emitter *e, InlineFacts *f, Stmt *s);

static bool inlined_operand(Emitter *e, Operand o) {
    return o.kind == OPD_VAR && o.var->id < e->nvars && e->inlined[o.var->id];
}

static int expr_depth(Emitter *e, InlineFacts *f, Stmt *s) {
    int d = 0;
    for (int i = 0; i < s->nargs; i++)
        if (inlined_operand(e, s->args[i])) {
            int id = s->args[i].var->id;
            if (!f->depth[id])
                f->depth[id] = expr_depth(e, f, e->def_stmt[id]);
            d = f->depth[id] > d ? f->depth[id] : d;
        }
    return d + 1;
}

static bool expr_reads_mutable(Emitter *e, InlineFacts *f, Stmt *s) {
    for (int i = 0; i < s->nargs; i++) {
        Operand o = s->args[i];
        if (o.kind != OPD_VAR)
            continue;
        if (o.var->is_mutable)
            return true;
        if (inlined_operand(e, o)) {
            int id = o.var->id;
            if (!f->mutable[id])
                f->mutable[id] = 1 + expr_reads_mutable(e, f, e->def_stmt[id]);
            if (f->mutable[id] == 2)
                return true;
        }
    }
    return false;
}

/* Expressions deeper than this are cut into named temporaries: readable,
 * and the emitter's recursion stays shallow on sums of thousands of terms. */
enum { MAX_INLINED_DEPTH = 24 };

static void plan_inlining(Emitter *e, Func *f) {
    e->nvars = f->next_var_id;
    e->defs = xcalloc((size_t)e->nvars + 1, sizeof(int));
    e->uses = xcalloc((size_t)e->nvars + 1, sizeof(int));
    e->def_body = xcalloc((size_t)e->nvars + 1, sizeof(Body *));
    e->use_body = xcalloc((size_t)e->nvars + 1, sizeof(Body *));
    e->def_stmt = xcalloc((size_t)e->nvars + 1, sizeof(Stmt *));
    e->inlined = xcalloc((size_t)e->nvars + 1, 1);
    e->next_use = xcalloc((size_t)e->nvars + 1, 1);
    scan_body(e, f->body);
    for (int id = 0; id < e->nvars; id++) {
        Stmt *d = e->def_stmt[id];
        if (!d || e->defs[id] != 1 || e->uses[id] != 1 || e->def_body[id] != e->use_body[id])
            continue;
        if (d->dst->is_mutable || !var_is_temp(d->dst))
            continue;
        e->inlined[id] = 1;
    }
    /* Operands are defined before their uses (lower ids first, mostly): a
     * temporary cut here is seen as depth 0 by the expressions using it. */
    InlineFacts facts = {xcalloc((size_t)e->nvars + 1, sizeof(int)),
                         xcalloc((size_t)e->nvars + 1, 1)};
    for (int id = 0; id < e->nvars; id++)
        if (e->inlined[id] && expr_depth(e, &facts, e->def_stmt[id]) > MAX_INLINED_DEPTH)
            e->inlined[id] = 0;
    memset(facts.depth, 0, sizeof(int) * ((size_t)e->nvars + 1));
    /* Temporaries reading variables that may change between their
     * definition and their use stay where they are. */
    for (int id = 0; id < e->nvars; id++)
        if (e->inlined[id] && expr_reads_mutable(e, &facts, e->def_stmt[id]) && !e->next_use[id])
            e->inlined[id] = 0;
    free(facts.depth);
    free(facts.mutable);
}

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
    if (e->opt->line_directives && e->opt->source_path) {
        indent(e);
        fprintf(e->out, "#line %d \"%s\"\n", loc.line, header ? loc.file : e->opt->source_path);
    }
    indent(e);
    fprintf(e->out, "/* %s%sline %d%s%s%s: %s */\n", header ? header : "", header ? " " : "",
            loc.line, note ? " (" : "", note ? note : "", note ? ")" : "", clean);
}

/* ---- OpenMP clauses ---- */

void collect_clauses(Emitter *e, Body *b, Clauses *c) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Var *defs[64];
        int n = stmt_defs(s, defs, 64);
        for (int k = 0; k < n; k++)
            if (!(s->kind == S_LET && defs[k]->is_mutable)) /* an update, not a declaration */
                vec_push(&e->a, &c->declared, defs[k]);
        for (int k = 0; k < s->carried.len; k++)
            vec_push(&e->a, &c->declared, ((Carried *)s->carried.items[k])->param);
        if (s->index)
            vec_push(&e->a, &c->declared, s->index);
        for (int q = 0; s->kind == S_SCAN && s->fusion && q < 2; q++)
            if (s->fusion->term[q]) /* declared by the fused scan's region */
                vec_push(&e->a, &c->declared, s->fusion->term[q]);
        if (s->kind == S_ACC && s->acc != ACC_PLAIN)
            c->atomics = true;
        if (s->kind == S_LET && (s->op == OP_CALL || s->op >= OP_UOP))
            c->calls = true;
        if (s->kind == S_PUSH || s->kind == S_POP || s->kind == S_TAPE_PUSH_REGION ||
            s->kind == S_TAPE_POP_REGION || s->kind == S_LOOP || s->kind == S_IF ||
            s->kind == S_REDUCE || s->kind == S_MAP || s->kind == S_SCAN || s->kind == S_HIST)
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
    if (s->reversed) {
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
        if (s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_PUSH || s->kind == S_POP ||
            s->kind == S_TAPE_PUSH_REGION || s->kind == S_TAPE_POP_REGION || s->kind == S_EFFECT ||
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
static void emit_trips(Emitter *e, Stmt *s) {
    fputs("(long)(", e->out);
    emit_operand(e, s->hi);
    fputs(") - (long)(", e->out);
    emit_operand(e, s->lo);
    fputc(')', e->out);
}

/* An update of an element other threads may update at once: atomic. */
static bool shared_update(Emitter *e, Stmt *s) {
    return s->acc != ACC_PLAIN && e->opt->openmp && e->in_parallel && !e->one_thread &&
           s->buf != e->private_bins;
}

/* A min or max histogram's update, h[k] = fmin(h[k], v): a compare-and-swap
 * loop where threads share the bins (pargrad.h). */
static void emit_extremum_update(Emitter *e, Stmt *s) {
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

/* The parallel pragmas of an outermost parallel loop. */
static bool open_parallel(Emitter *e, Stmt *s, const char *reductions) {
    if (!e->opt->openmp || e->in_parallel || s->serial)
        return false;
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    indent(e);
    fputs("#pragma omp parallel for", e->out);
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
            !opd_equal(inner->hi, opd_var(s->index)) && !never_runs)
            fputs(" collapse(2)", e->out);
    }
    if (reductions)
        fputs(reductions, e->out);
    if (e->private_bins && s->hist_bins == e->private_bins) {
        ReduceOp op = body_update_op(s->body, s->hist_bins);
        bool fl = type_is_float(s->hist_bins->elem);
        const char *name = op == RED_MIN   ? (fl ? "pg_min" : "min")
                           : op == RED_MAX ? (fl ? "pg_max" : "max")
                           : op == RED_MUL ? "*"
                                           : "+";
        fprintf(e->out, " reduction(%s : %s[:", name, buf_name(e, s->hist_bins));
        emit_operand(e, s->hist_nbins);
        fputs("])", e->out);
    }
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
    return true;
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

static void emit_map_loop(Emitter *e, Stmt *s, const char *reductions);

/* `x_b[k] += v;` (or *=, or a write's =) */
static void emit_update(Emitter *e, Stmt *s) {
    indent(e);
    emit_access(e, s->buf, s->idx, s->nidx);
    fputs(s->kind == S_WRITE ? " = " : s->acc_op == RED_MUL ? " *= " : " += ", e->out);
    emit_operand_top(e, s->args[0]);
    fputs(";\n", e->out);
}

/* A halo accumulation: atomic in the iterations at the ends of the
 * thread's block, plain inside it (the compiler unswitches the loop). */
static void emit_halo_accumulate(Emitter *e, Stmt *s) {
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
                *what = buf_name(e, s->buf);
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
    e->in_parallel = saved;
    e->halo_edge = saved_edge;
    close_block(e);
    close_block(e);
    close_block(e);
    names_pop_to(e, scope);
    return true;
}

/* A histogram's loop (+, *, min, max) into bins of known number: each thread
 * updates a copy of the bins of its own (an OpenMP array reduction) where
 * the copies are few next to the updates and fit the threads' stacks,
 * the bins atomically otherwise (pg_hist_private decides at run time). */
static bool emit_hist_map(Emitter *e, Stmt *s) {
    if (!s->hist_bins || !e->opt->openmp || e->in_parallel || s->serial ||
        !body_adds_into(s->body, s->hist_bins))
        return false;
    indent(e);
    fputs("if (pg_one_thread(", e->out);
    emit_trips(e, s);
    fputs(")) {\n", e->out);
    e->depth++;
    line(e, "/* one thread: the bins updated in place, neither copies nor atomics */");
    bool saved = e->in_parallel;
    e->in_parallel = e->one_thread = true;
    emit_map_loop(e, s, NULL);
    e->in_parallel = saved;
    e->one_thread = false;
    e->depth--;
    indent(e);
    fputs("} else if (pg_hist_private(", e->out);
    emit_operand(e, s->hist_nbins);
    fputs(", ", e->out);
    emit_trips(e, s);
    fprintf(e->out, ", sizeof(%s))) {\n", type_cname(s->hist_bins->elem));
    e->depth++;
    line(e, "/* few bins: a copy of them per thread, combined after the loop */");
    e->private_bins = s->hist_bins; /* open_parallel adds the reduction */
    e->many_threads = true;
    emit_map_loop(e, s, NULL);
    e->private_bins = NULL;
    e->depth--;
    line(e, "} else {");
    e->depth++;
    line(e, "/* many bins: atomic updates */");
    emit_map_loop(e, s, NULL);
    e->many_threads = false;
    e->depth--;
    line(e, "}");
    return true;
}

static void emit_map(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note);
    if (s->text)
        emit_pargrad_pragma(e, s->text);
    if (!emit_hist_map(e, s) && !emit_lane_map(e, s))
        emit_map_loop(e, s, NULL);
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
    indent(e);
    fputs("if (pg_one_thread(", e->out);
    emit_trips(e, s);
    fputs(")) {\n", e->out);
    e->depth++;
    line(e, "/* one thread: plain updates, no atomics */");
    e->in_parallel = e->one_thread = true;
    emit_map_loop(e, s, reductions);
    e->in_parallel = e->one_thread = false;
    e->depth--;
    line(e, "} else {");
    e->depth++;
    e->many_threads = true;
    emit_map_loop(e, s, reductions);
    e->many_threads = false;
    close_block(e);
    return true;
}

static void emit_map_loop(Emitter *e, Stmt *s, const char *reductions) {
    if (emit_halo_map(e, s, reductions) || emit_one_thread_copy(e, s, reductions))
        return;
    bool par = open_parallel(e, s, reductions);
    int scope = e->names.len;
    emit_loop_header(e, s);
    e->depth++;
    bool saved = e->in_parallel;
    e->in_parallel |= par;
    emit_body(e, s->body);
    e->in_parallel = saved;
    close_block(e);
    names_pop_to(e, scope);
}

static void emit_reduce(Emitter *e, Stmt *s) {
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
    bool par = open_parallel(e, s, red);
    if (!par)
        open_inner_simd(e, s);
    int scope = e->names.len;
    emit_loop_header(e, s);
    e->depth++;
    bool saved = e->in_parallel;
    e->in_parallel |= par;
    emit_body(e, s->body);
    e->in_parallel = saved;
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
    close_block(e);
    names_pop_to(e, scope);
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
static void emit_scan(Emitter *e, Stmt *s) {
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
static void emit_hist(Emitter *e, Stmt *s) {
    static const char *const ops[] = {"add", "mul", "min", "max"};
    source_comment(e, s->loc, s->note);
    indent(e);
    if (s->scan_op == RED_USER) /* the helpers' PG_HIST_FWD or PG_HIST_GENERAL_REV */
        fprintf(e->out, "%s_hist%s(%s, ", s->uop->helper, s->reversed ? "_rev" : "",
                buf_name(e, s->buf));
    else
        fprintf(e->out, "pg_hist_%s_%s%s(%s, ", ops[s->scan_op], type_cname(s->buf->elem),
                s->reversed ? "_rev" : "", buf_name(e, s->buf));
    if (s->reversed)
        fprintf(e->out, "%s, %s, ", s->hist_rev[0] ? buf_name(e, s->hist_rev[0]) : "NULL",
                buf_name(e, s->hist_rev[1]));
    emit_operand(e, s->args[0]);
    fputs(", ", e->out);
    emit_operand(e, s->hi);
    fprintf(e->out, ", %s, %s, ", buf_name(e, s->scan_in[1]), buf_name(e, s->scan_in[0]));
    if (s->reversed)
        fprintf(e->out, "%s, ", s->hist_rev[2] ? buf_name(e, s->hist_rev[2]) : "NULL");
    fprintf(e->out, "%d);\n", e->opt->openmp && !e->in_parallel);
}

static void emit_loop(Emitter *e, Stmt *s) {
    source_comment(e, s->loc, s->note ? s->note : (s->reversed ? "reversed" : NULL));
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        c->result->cname = var_name(e, c->param);
        indent(e);
        fprintf(e->out, "%s %s = ", type_cname(c->param->ty), var_name(e, c->param));
        emit_operand(e, c->init);
        fputs(";\n", e->out);
    }
    int scope = e->names.len;
    emit_loop_header(e, s);
    e->depth++;
    int body_scope = e->names.len;
    for (int i = 0; s->body && i < s->body->stmts.len; i++)
        emit_stmt(e, s->body->stmts.items[i]);
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
        for (int i = 0; i < s->phis.len; i++) {
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

static const char *tape_kind(Type t) {
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
        indent(e);
        if (s->buf) {
            declare_local_array(e, s->buf);
            fprintf(e->out, "%s%s %s", s->buf->table ? "static const " : "",
                    type_cname(s->buf->elem), buf_name(e, s->buf));
            for (int i = 0; i < s->buf->rank; i++) {
                fputc('[', e->out);
                emit_operand(e, s->buf->dims[i]);
                fputc(']', e->out);
            }
            if (s->buf->table)
                emit_table_values(e, s->buf);
            else
                fputs(s->buf->zero_init || s->buf->zeroed_for_saves ? " = {0};\n" : ";\n", e->out);
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
        if (s->kind == S_ACC && (s->acc_op == RED_MIN || s->acc_op == RED_MAX)) {
            emit_extremum_update(e, s);
            break;
        }
        if (s->kind == S_ACC && s->acc == ACC_HALO && e->halo_edge) {
            emit_halo_accumulate(e, s);
            break;
        }
        if (s->kind == S_ACC && shared_update(e, s))
            line(e, "#pragma omp atomic");
        emit_update(e, s);
        break;
    case S_PUSH:
        indent(e);
        fprintf(e->out, "pg_push_%s(pg_tape_self(), ", tape_kind(s->args[0].ty));
        emit_operand(e, s->args[0]);
        fputs(");\n", e->out);
        break;
    case S_POP:
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
    indent(e);
    if (s->dst && s->dst->id < e->nvars && e->uses[s->dst->id] > 0)
        fprintf(e->out, "const %s %s = ", type_cname(s->dst->ty), var_name(e, s->dst));
    fprintf(e->out, "%s(", s->text);
    for (int i = 0; i < s->effect_args.len; i++) {
        EffectArg *ea = s->effect_args.items[i];
        fputs(i ? ", " : "", e->out);
        if (ea->text)
            fputs(ea->text, e->out);
        else
            emit_operand_top(e, ea->val);
    }
    fputs(");\n", e->out);
}

/* Names are scoped like C blocks: a re-executed loop in a sibling block
 * uses the same names as the first one. */
void emit_body(Emitter *e, Body *b) {
    int scope = e->names.len;
    for (int i = 0; b && i < b->stmts.len; i++)
        emit_stmt(e, b->stmts.items[i]);
    names_pop_to(e, scope);
}

/* ---- signatures ---- */
static bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* `const double *x` -> `double *x_b`: the primal declaration with `const`
 * dropped and the name replaced. */
static const char *adjoint_decl(Emitter *e, const char *decl, const char *name,
                                const char *adj_name) {
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
     * the zeroing, as a memset, ahead of the reads. */
    fputs("/* GCC's loop distribution (-O3) moved the zeroing of adjoints ahead of\n"
          " * their reads in such loops (wrong code with GCC 12.2); the loops stay\n"
          " * as written here. */\n"
          "#if defined(__GNUC__) && !defined(__clang__)\n"
          "#pragma GCC optimize(\"no-tree-loop-distribution\", "
          "\"no-tree-loop-distribute-patterns\")\n"
          "#endif\n",
          out);
    fputs("#include <math.h>\n#include <stddef.h>\n", out);
    const char *headers[8];
    int n = 0;
    for (int i = 0; i < nfuncs; i++)
        effect_headers(funcs[i]->body, headers, &n);
    for (int i = 0; i < n; i++)
        fprintf(out, "#include <%s>\n", headers[i]);
    fputs("\n#include \"pargrad.h\"\n", out);
    bool fused = false;
    for (int i = 0; i < nfuncs; i++)
        fused |= has_fused_scan(funcs[i]->body);
    if (opt->declared_ops || fused) /* PG_SCAN_DEF, or the blocks of fused scans */
        fputs("#include \"pargrad_parallel.h\"\n", out);
    /* the struct types of the signatures, each once, as the input defines them */
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
    emit_signature(&e, f);
    fputs(" {\n", out);
    e.depth = 1;
    mark_unused_params(&e, f);
    emit_body(&e, f->body);
    fputs("}\n", out);
    free(e.defs);
    free(e.uses);
    free(e.def_body);
    free(e.use_body);
    free(e.def_stmt);
    free(e.inlined);
    free(e.next_use);
    arena_free(&e.a);
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
