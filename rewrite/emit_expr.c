/* Emission of names, operands and expressions, and the plan of which
 * single-use temporaries fold back into the expressions that use them
 * (emit_c.c has the overview). */
#include "emit_internal.h"
#include "derivs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

bool name_taken(Emitter *e, const char *n) {
    if (!e->name_table)
        return false;
    NameCount *c = *name_slot(e, n);
    return c && c->count > 0;
}

void names_push(Emitter *e, const char *n) {
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
        if (e->named)
            vec_push(&e->a, e->named, v);
    }
    return lane_var_name(e, v, v->cname);
}

void copy_names_begin(Emitter *e, CopyNames *c) {
    *c = (CopyNames){.outer = e->named};
    e->named = &c->named;
}

/* (numbered temporaries keep theirs, so the copies read alike, and stay
 * taken: the first copy's scope is gone, and a user's variable named t17
 * in the next would otherwise get the name too, campaign seed 41958) */
void copy_names_forget(Emitter *e, CopyNames *c) {
    for (int i = 0; i < c->named.len; i++) {
        Var *v = c->named.items[i];
        if (!var_is_temp(v))
            v->cname = NULL;
        else if (!name_taken(e, v->cname))
            names_push(e, v->cname);
    }
    c->named.len = 0;
}

void copy_names_end(Emitter *e, CopyNames *c) {
    e->named = c->outer;
    for (int i = 0; c->outer && i < c->named.len; i++)
        vec_push(&e->a, c->outer, c->named.items[i]);
}

const char *buf_name(Emitter *e, Buffer *b) {
    (void)e;
    return b->cname ? b->cname : b->name;
}

/* ---- output helpers ---- */
void indent(Emitter *e) {
    if (e->line_file) {
        const char *file = e->line_file;
        e->line_file = NULL;
        indent(e);
        fprintf(e->out, "#line %d \"%s\"\n", e->line_no, file);
    }
    for (int i = 0; i < e->depth; i++)
        fputs("    ", e->out);
}

void line(Emitter *e, const char *text) {
    indent(e);
    fputs(text, e->out);
    fputc('\n', e->out);
}

void print_const(Emitter *e, Operand o) {
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
    if (s->dst->ty.kind == TY_FLOAT)
        n = arena_printf(&e->a, "%sf", n);
    /* a variable in scope named like the function hides it: call
     * pargrad_math.h's alias (pg_digamma and the like are pargrad's own) */
    if (name_taken(e, n) && strncmp(n, "pg_", 3) != 0)
        return arena_printf(&e->a, "pg_libm_%s", n);
    return n;
}

/* The output's helper for a declared operator's combine, partial or
 * inverse (emit_c_uop_helpers defines them). */
static const char *uop_helper(Emitter *e, const UserOp *u, PrimOp op) {
    static const char *const suffix[] = {"", "_d0", "_d1", "_inv"};
    return arena_printf(&e->a, "%s%s", u->helper, suffix[op - OP_UOP]);
}

/* The expression of a let, without the assignment. */
void emit_expr(Emitter *e, Stmt *s) {
    Operand *x = s->args;
    switch (s->op) {
    case OP_COPY:
    case OP_NODIFF:
    case OP_DERIV_OF:
        emit_operand(e, x[0]);
        break;
    case OP_THREADS:
        fputs("pg_threads()", e->out);
        break;
    case OP_NOT_NULL:
        fprintf(e->out, "%s != NULL", buf_name(e, s->buf));
        break;
    case OP_KEPT: /* what the call returned in the forward sweep */
        if (!type_is_float(s->dst->ty))
            fprintf(e->out, "(%s)", type_cname(s->dst->ty));
        fputs("pg_kept(pg_tape_self(), ", e->out);
        emit_operand_top(e, x[0]);
        fputc(')', e->out);
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
        if (e->opt->cuda && s->op == OP_DIV && x[1].kind == OPD_CONST && type_is_float(x[1].ty) &&
            x[1].fval == 0) {
            /* (nvcc warns of a division by a constant zero: the same value) */
            emit_operand(e, x[0]);
            fprintf(e->out, " * %sINFINITY", signbit(x[1].fval) ? "-" : "");
            break;
        }
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
void emit_operand_top(Emitter *e, Operand o) {
    if (o.kind == OPD_VAR && o.var->id < e->nvars && e->inlined[o.var->id]) {
        emit_expr(e, e->def_stmt[o.var->id]);
        return;
    }
    emit_operand(e, o);
}

/* The dimensions of an array C++ has no type for (CUDA): a parameter
 * declared T p[n][m] or T (*p)[m] (or its adjoint), a local array sized at run time
 * (on the heap there); NULL for others */
static Operand *flat_dims(Buffer *b) {
    return buffer_flat_dims(b);
}

/* [((i) * m + j) * l + k]: the element of a flattened T p[n][m][l] */
static void emit_flat_offset(Emitter *e, Operand *dims, Operand *idx, int n) {
    for (int i = 1; i < n; i++)
        fputc('(', e->out);
    emit_operand(e, idx[0]);
    for (int i = 1; i < n; i++) {
        fputs(" * ", e->out);
        emit_operand(e, dims[i]);
        fputs(" + ", e->out);
        emit_operand(e, idx[i]);
        fputc(')', e->out);
    }
}

static void emit_flat_index(Emitter *e, Operand *dims, Operand *idx, int n) {
    fputc('[', e->out);
    emit_flat_offset(e, dims, idx, n);
    fputc(']', e->out);
}

static void emit_subscripts(Emitter *e, Operand *idx, int n) {
    for (int i = 0; i < n; i++) {
        fputc('[', e->out);
        emit_operand(e, idx[i]);
        fputc(']', e->out);
    }
}

/* An element of the array a struct's pointer field points to: s.u[i],
 * p->u[i], or of an array of structs p[k].u[i] (k the first subscript) */
static void emit_pointer_field(Emitter *e, Buffer *b, Operand *idx, int n) {
    /* the adjoint struct is of the primal's type: where its field points
     * to const, the adjoint array it points to is written all the same */
    bool cast = b->is_adjoint && b->primal && b->primal->is_const;
    if (cast)
        fprintf(e->out, "((%s *)", b->elem.cname);
    fputs(buf_name(e, b), e->out);
    if (b->row_table && n == 2 && !opd_is_const(idx[0], 0)) {
        emit_subscripts(e, idx, 1);
        fputc('.', e->out);
    } else {
        fputs(b->by_value ? "." : "->", e->out);
    }
    fputs(b->field, e->out);
    if (cast)
        fputc(')', e->out);
    emit_subscripts(e, idx + (b->row_table ? 1 : 0), b->row_table ? n - 1 : n);
}

/* The element idx of b as a pointer to its first element and an offset
 * from it (a per-thread partial sum's add, pargrad.h): a field's array
 * through its struct (L_b->w), the rows of T p[n][m] as one run. */
void emit_flat_base(Emitter *e, Buffer *b) {
    if (b->through_pointer) {
        Operand none = opd_none();
        emit_pointer_field(e, b, &none, 0);
        return;
    }
    bool rows = b->rank > 1 && !(b->kind == BUF_LOCAL && b->inner_dims);
    fprintf(e->out, rows ? "(%s *)%s" : "%.0s%s", b->elem.cname, buf_name(e, b));
}

void emit_flat_element(Emitter *e, Buffer *b, Operand *idx, int n) {
    if (n == 1)
        emit_operand_top(e, idx[0]);
    else
        emit_flat_offset(e, buffer_run_dims(b), idx, n);
}

void emit_access(Emitter *e, Buffer *b, Operand *idx, int n) {
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
    if (b->through_pointer) {
        emit_pointer_field(e, b, idx, n);
        return;
    }
    fputs(buf_name(e, b), e->out);
    /* C++ has no T p[n][m] parameters; heap arrays are flat */
    if (n > 1 && flat_dims(b) &&
        ((e->opt && e->opt->cuda) || (b->kind == BUF_LOCAL && b->inner_dims))) {
        emit_flat_index(e, flat_dims(b), idx, n);
        return;
    }
    if (b->field && (b->by_value || (n == 1 && opd_is_const(idx[0], 0)))) {
        /* a struct passed by value, or the one a pointer points to */
        fprintf(e->out, "%s%s", b->by_value ? "." : "->", b->field);
        return;
    }
    emit_subscripts(e, idx, n);
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
        if (s->kind == S_READ && s->buf->id < e->nbufs)
            e->buf_read[s->buf->id] = 1;
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
        /* the spans of a loop's updates, emitted before it (where used) */
        for (int k = 0; (s->kind == S_LOOP || s->kind == S_MAP) && k < s->body->stmts.len; k++) {
            Stmt *u = s->body->stmts.items[k];
            if (u->kind != S_ACC || !u->span)
                continue;
            scan_body(e, u->span->pre);
            Scan at = {e, u->span->pre};
            scan_use(&u->span->first, &at);
            scan_use(&u->span->last, &at);
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

void plan_inlining(Emitter *e, Func *f) {
    e->nvars = f->next_var_id;
    e->defs = xcalloc((size_t)e->nvars + 1, sizeof(int));
    e->uses = xcalloc((size_t)e->nvars + 1, sizeof(int));
    e->def_body = xcalloc((size_t)e->nvars + 1, sizeof(Body *));
    e->use_body = xcalloc((size_t)e->nvars + 1, sizeof(Body *));
    e->def_stmt = xcalloc((size_t)e->nvars + 1, sizeof(Stmt *));
    e->inlined = xcalloc((size_t)e->nvars + 1, 1);
    e->next_use = xcalloc((size_t)e->nvars + 1, 1);
    e->nbufs = f->next_buf_id;
    e->buf_read = xcalloc((size_t)e->nbufs + 1, 1);
    e->bound_mark = xcalloc((size_t)e->nvars + 1, 1);
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
