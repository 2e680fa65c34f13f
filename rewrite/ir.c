/* IR builder, printer and verifier. */
#include "ir.h"
#include "derivs.h"

#include <math.h>
#include <stdarg.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- arena ---- */
struct ArenaChunk {
    ArenaChunk *next;
    size_t used, cap;
    max_align_t data[];
};

static void *checked(void *p) {
    if (!p) {
        fprintf(stderr, "pargrad: out of memory\n");
        exit(1); /* PRAGMAS.md 6: failed, nothing written */
    }
    return p;
}

void *xmalloc(size_t bytes) {
    return checked(malloc(bytes ? bytes : 1));
}

void *xcalloc(size_t n, size_t size) {
    return checked(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t bytes) {
    return checked(realloc(p, bytes ? bytes : 1));
}

void *arena_alloc(Arena *a, size_t bytes) {
    bytes = (bytes + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    ArenaChunk *c = a->head;
    if (!c || c->used + bytes > c->cap) {
        size_t cap = bytes > 65536 ? bytes : 65536;
        c = xmalloc(sizeof(ArenaChunk) + cap);
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += bytes;
    memset(p, 0, bytes);
    return p;
}

char *arena_strdup(Arena *a, const char *s) {
    size_t n = strlen(s) + 1;
    char *d = arena_alloc(a, n);
    memcpy(d, s, n);
    return d;
}

char *arena_printf(Arena *a, const char *fmt, ...) {
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = arena_alloc(a, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return s;
}

void arena_free(Arena *a) {
    while (a->head) {
        ArenaChunk *next = a->head->next;
        free(a->head);
        a->head = next;
    }
}

void vec_push(Arena *a, PtrVec *v, void *item) {
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        void **items = arena_alloc(a, sizeof(void *) * (size_t)cap);
        if (v->len)
            memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = item;
}

void vec_insert(Arena *a, PtrVec *v, int at, void *item) {
    vec_push(a, v, item);
    memmove(&v->items[at + 1], &v->items[at], sizeof(void *) * (size_t)(v->len - 1 - at));
    v->items[at] = item;
}

bool vec_contains(const PtrVec *v, const void *item) {
    for (int i = 0; v && i < v->len; i++)
        if (v->items[i] == item)
            return true;
    return false;
}

/* ---- types and operands ---- */
Type type_double(void) {
    return (Type){TY_DOUBLE, "double"};
}
Type type_float(void) {
    return (Type){TY_FLOAT, "float"};
}
Type type_int(void) {
    return (Type){TY_INT, "int"};
}
Type type_long(void) {
    return (Type){TY_INT, "long"};
}
Type type_bool(void) {
    return (Type){TY_BOOL, "int"};
}
bool type_is_float(Type t) {
    return t.kind == TY_FLOAT || t.kind == TY_DOUBLE;
}
const char *type_cname(Type t) {
    switch (t.kind) {
    case TY_VOID:
        return "void";
    case TY_BOOL:
        return "int";
    case TY_FLOAT:
        return "float";
    case TY_DOUBLE:
        return "double";
    case TY_INT:
        return t.cname ? t.cname : "int";
    }
    return "int";
}

Operand opd_var(Var *v) {
    return (Operand){.kind = OPD_VAR, .var = v, .ty = v->ty};
}
Operand opd_float(double f, Type t) {
    return (Operand){.kind = OPD_CONST, .fval = f, .ty = t};
}
Operand opd_int(long long i) {
    return (Operand){.kind = OPD_CONST, .ival = i, .fval = (double)i, .ty = type_int()};
}
Operand opd_none(void) {
    return (Operand){.kind = OPD_NONE};
}
bool opd_is_const(Operand o, double value) {
    if (o.kind != OPD_CONST)
        return false;
    return type_is_float(o.ty) ? o.fval == value : (double)o.ival == value;
}
bool opd_equal(Operand a, Operand b) {
    if (a.kind != b.kind)
        return false;
    if (a.kind == OPD_VAR)
        return a.var == b.var;
    if (a.kind == OPD_CONST)
        return type_is_float(a.ty) == type_is_float(b.ty) &&
               (type_is_float(a.ty) ? a.fval == b.fval : a.ival == b.ival);
    return true;
}

static const char *const primop_names[OP__COUNT] = {
    "copy",   "neg",     "add",    "sub",      "mul",     "div",      "mod",  "bitand", "bitor",
    "bitxor", "shl",     "shr",    "bitnot",   "lt",      "le",       "gt",   "ge",     "eq",
    "ne",     "and",     "or",     "not",      "select",  "cast",     "call", "uop",    "uop_d0",
    "uop_d1", "uop_inv", "nodiff", "deriv_of", "threads", "not_null", "kept",
};
const char *primop_name(PrimOp op) {
    return primop_names[op];
}

const char *reduce_op_name(ReduceOp op) {
    static const char *const names[] = {"+",      "*",      "min",    "max",
                                        "argmin", "argmax", "affine", "declared"};
    return names[op];
}

/* ---- builder ---- */
Body *body_new(Arena *a) {
    return arena_alloc(a, sizeof(Body));
}

LoopNotes *loop_notes(Arena *a, Stmt *loop) {
    if (!loop->loop_notes)
        loop->loop_notes = arena_alloc(a, sizeof(LoopNotes));
    return loop->loop_notes;
}

Stmt *stmt_new(Arena *a, StmtKind kind, SrcLoc loc) {
    Stmt *s = arena_alloc(a, sizeof(Stmt));
    s->kind = kind;
    s->loc = loc;
    return s;
}

bool lets_alike(const Stmt *s, const Stmt *t) {
    return s->kind == S_LET && t->kind == S_LET && s->op == t->op && s->fn == t->fn &&
           s->uop == t->uop && s->buf == t->buf && s->nargs == t->nargs &&
           s->dst->ty.kind == t->dst->ty.kind && s->dst->ty.cname == t->dst->ty.cname;
}

void body_append(Arena *a, Body *b, Stmt *s) {
    vec_push(a, &b->stmts, s);
}

void body_insert(Arena *a, Body *b, int at, Stmt *s) {
    vec_push(a, &b->stmts, s);
    memmove(b->stmts.items + at + 1, b->stmts.items + at,
            sizeof(void *) * (size_t)(b->stmts.len - 1 - at));
    b->stmts.items[at] = s;
}

Stmt *stmt_write(Arena *a, SrcLoc loc, Buffer *buf, Operand idx, Operand v) {
    Stmt *s = stmt_new(a, S_WRITE, loc);
    s->buf = buf;
    s->nidx = 1;
    s->idx[0] = idx;
    s->nargs = 1;
    s->args[0] = v;
    return s;
}

Stmt *stmt_acc(Arena *a, SrcLoc loc, Buffer *buf, Operand idx, Operand v, AccLowering acc) {
    Stmt *s = stmt_write(a, loc, buf, idx, v);
    s->kind = S_ACC;
    s->acc = acc;
    return s;
}

ReduceOp body_update_op(Body *b, Buffer *buf) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ACC && s->buf == buf && s->acc_op != RED_ADD)
            return s->acc_op;
        Body *bodies[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++) {
            ReduceOp op = body_update_op(bodies[q], buf);
            if (op != RED_ADD)
                return op;
        }
    }
    return RED_ADD;
}

Body *body_rewrite(Arena *a, Body *b, bool (*leaf)(void *ctx, Stmt *s, Body *out), void *ctx) {
    if (!b)
        return NULL;
    Body *out = body_new(a);
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (leaf(ctx, s, out))
            continue;
        if (s->then_body || s->else_body || s->body) {
            Stmt *c = stmt_new(a, s->kind, s->loc);
            *c = *s;
            c->then_body = body_rewrite(a, s->then_body, leaf, ctx);
            c->else_body = body_rewrite(a, s->else_body, leaf, ctx);
            c->body = body_rewrite(a, s->body, leaf, ctx);
            s = c;
        }
        body_append(a, out, s);
    }
    return out;
}

/* A struct field's path as part of an identifier: d.pos.x gives d_pos_x. */
const char *ident_of(Arena *a, const char *name) {
    if (!strchr(name, '.'))
        return name;
    char *s = arena_strdup(a, name);
    for (char *c = s; *c; c++)
        if (*c == '.')
            *c = '_';
    return s;
}

Var *var_new(Arena *a, Func *f, const char *name, Type ty) {
    Var *v = arena_alloc(a, sizeof(Var));
    v->id = f->next_var_id++;
    v->name = ident_of(a, name);
    v->ty = ty;
    return v;
}

bool var_is_temp(const Var *v) {
    return strcmp(v->name, TEMP_NAME) == 0;
}

Buffer *buffer_new(Arena *a, Func *f, const char *name, Type elem, BufKind kind) {
    Buffer *b = arena_alloc(a, sizeof(Buffer));
    b->id = f->next_buf_id++;
    b->name = name;
    b->elem = elem;
    b->kind = kind;
    b->rank = 1;
    return b;
}

Operand decl_dim(const Stmt *decl, int i) {
    return decl->buf->sized_at_run_time ? decl->args[i] : decl->buf->dims[i];
}

/* How the C code names the array of b, for messages and comments: its
 * name, or for a struct's pointer field the member (g->u, s.w). */
Operand *buffer_flat_dims(const Buffer *b) {
    if (b->inner_dims && b->kind == BUF_LOCAL) /* a heap adjoint of T p[][m] (rev_extent.c) */
        return b->inner_dims;
    if (b->shape && b->kind == BUF_PARAM)
        return b->shape;
    if (b->primal && b->primal->shape && b->primal->kind == BUF_PARAM)
        return b->primal->shape;
    if (b->row_dims && b->kind == BUF_PARAM) /* T (*p)[m] */
        return b->row_dims;
    if (b->primal && b->primal->row_dims && b->primal->kind == BUF_PARAM)
        return b->primal->row_dims;
    return b->sized_at_run_time ? b->dims : NULL;
}

static bool dims_declared(const Buffer *b) {
    if (!b || !b->inner_dims || b->row_table || b->rank < 2)
        return false;
    for (int d = 1; d < b->rank; d++)
        if (b->inner_dims[d].kind == OPD_NONE)
            return false;
    return true;
}

Operand *buffer_run_dims(const Buffer *b) {
    Operand *dims = buffer_flat_dims(b);
    if (dims)
        return dims;
    if (dims_declared(b))
        return b->inner_dims;
    return b->primal && b->primal->rank == b->rank && dims_declared(b->primal)
               ? b->primal->inner_dims
               : NULL;
}

const char *buffer_shown(Arena *a, const Buffer *b) {
    if (!b->through_pointer)
        return b->name;
    return arena_printf(a, "%s%s%s", b->name, b->by_value ? "." : "->", b->field);
}

const char *buffer_label(Arena *a, const Buffer *b) {
    return b->field ? ident_of(a, arena_printf(a, "%s.%s", b->name, b->field)) : b->name;
}

Var *emit_let(Arena *a, Func *f, Body *b, SrcLoc loc, const char *name, Type ty, PrimOp op,
              int nargs, Operand x, Operand y, Operand z) {
    Stmt *s = stmt_new(a, S_LET, loc);
    s->dst = var_new(a, f, name, ty);
    s->op = op;
    s->nargs = nargs;
    s->args[0] = x;
    s->args[1] = y;
    s->args[2] = z;
    body_append(a, b, s);
    return s->dst;
}

Var *emit_call(Arena *a, Func *f, Body *b, SrcLoc loc, const char *name, Type ty, int fn, int nargs,
               Operand x, Operand y) {
    Var *v = emit_let(a, f, b, loc, name, ty, OP_CALL, nargs, x, y, opd_none());
    Stmt *s = b->stmts.items[b->stmts.len - 1];
    s->fn = fn;
    return v;
}

/* ---- traversal ---- */
/* Operands evaluated before a statement's bodies: arguments, indices,
 * kept calls' values, the condition, bounds, carried and accumulator
 * starts. */
void stmt_visit_header(Stmt *s, OperandVisitor visit, void *ctx) {
    for (int i = 0; i < s->nargs; i++)
        visit(&s->args[i], ctx);
    for (int i = 0; i < s->nidx; i++)
        visit(&s->idx[i], ctx);
    for (int i = 0; i < s->effect_args.len; i++) {
        EffectArg *ea = s->effect_args.items[i];
        if (!ea->text)
            visit(&ea->val, ctx);
    }
    if (s->kind == S_IF)
        visit(&s->cond, ctx);
    if (s->kind == S_LOOP || s->kind == S_MAP || s->kind == S_REDUCE) {
        visit(&s->lo, ctx);
        visit(&s->hi, ctx);
    }
    if (s->kind == S_LOOP && s->blocks_of) {
        visit(&s->whole_lo, ctx);
        visit(&s->whole_hi, ctx);
    }
    if (s->kind == S_SCAN || s->kind == S_HIST)
        visit(&s->hi, ctx);
    for (int q = 0; s->kind == S_SCAN && s->fusion && q < 2; q++) {
        /* a fused scan combines the terms its pre map assigns */
        Operand term = s->fusion->term[q] ? opd_var(s->fusion->term[q]) : opd_none();
        if (term.kind == OPD_VAR)
            visit(&term, ctx);
    }
    if (s->kind == S_MAP && s->hist_bins) /* read by the map's header in the output */
        visit(&s->hist_nbins, ctx);
    if (s->kind == S_MAP && s->hist_row_trips.kind != OPD_NONE) /* and by its rule */
        visit(&s->hist_row_trips, ctx);
    for (int i = 0; i < s->carried.len; i++)
        visit(&((Carried *)s->carried.items[i])->init, ctx);
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        visit(&ac->init, ctx);
        if (ac->value.kind != OPD_NONE)
            visit(&ac->value, ctx);
    }
}

/* Operands evaluated at the end of nested body b of s: phi values of that
 * branch, loop yields, reduce contributions. */
void stmt_visit_tails(Stmt *s, Body *b, OperandVisitor visit, void *ctx) {
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        visit(b == s->then_body ? &p->then_val : &p->else_val, ctx);
    }
    if (b != s->body)
        return;
    for (int i = 0; i < s->carried.len; i++)
        visit(&((Carried *)s->carried.items[i])->yield, ctx);
    for (int i = 0; i < s->accums.len; i++)
        visit(&((Accum *)s->accums.items[i])->contrib, ctx);
    if (s->until.kind != OPD_NONE)
        visit(&s->until, ctx);
}

void stmt_visit_operands(Stmt *s, OperandVisitor visit, void *ctx) {
    stmt_visit_header(s, visit, ctx);
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = s->phis.items[i];
        visit(&p->then_val, ctx);
        visit(&p->else_val, ctx);
    }
    for (int i = 0; i < s->carried.len; i++)
        visit(&((Carried *)s->carried.items[i])->yield, ctx);
    for (int i = 0; i < s->accums.len; i++)
        visit(&((Accum *)s->accums.items[i])->contrib, ctx);
    if (s->until.kind != OPD_NONE)
        visit(&s->until, ctx);
}

typedef struct Refs {
    PtrVec *vars;
    bool found;
} Refs;

static void find_ref(Operand *o, void *ctx) {
    Refs *rf = ctx;
    if (o->kind == OPD_VAR && vec_contains(rf->vars, o->var))
        rf->found = true;
}

bool body_refers_to(Body *b, PtrVec *vars) {
    Refs rf = {vars, false};
    for (int i = 0; b && i < b->stmts.len && !rf.found; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, find_ref, &rf);
        rf.found |= body_refers_to(s->then_body, vars) || body_refers_to(s->else_body, vars) ||
                    body_refers_to(s->body, vars);
    }
    return rf.found;
}

int stmt_defs_bound(const Stmt *s) {
    return 1 + s->phis.len + s->carried.len + 2 * s->accums.len;
}

int stmt_defs(Stmt *s, Var **out, int max) {
    int n = 0;
    if (s->dst && (s->kind == S_LET || s->kind == S_READ || s->kind == S_DECL || s->kind == S_POP ||
                   s->kind == S_EFFECT))
        if (n < max)
            out[n++] = s->dst;
    for (int i = 0; i < s->phis.len && n < max; i++)
        out[n++] = ((Phi *)s->phis.items[i])->dst;
    for (int i = 0; i < s->carried.len && n < max; i++)
        out[n++] = ((Carried *)s->carried.items[i])->result;
    for (int i = 0; i < s->accums.len; i++) {
        Accum *ac = s->accums.items[i];
        if (n < max)
            out[n++] = ac->result;
        if (ac->arg_result && n < max)
            out[n++] = ac->arg_result;
    }
    return n;
}

Var **stmt_all_defs(Stmt *s, int *n) {
    int bound = stmt_defs_bound(s);
    Var **defs = xmalloc(sizeof(Var *) * (size_t)(bound + 1));
    *n = stmt_defs(s, defs, bound);
    return defs;
}

Var **stmt_all_bound(Stmt *s, int *n) {
    int bound = stmt_defs_bound(s) + s->carried.len + 1;
    Var **vars = xmalloc(sizeof(Var *) * (size_t)(bound + 1));
    *n = stmt_defs(s, vars, bound);
    for (int k = 0; k < s->carried.len; k++)
        vars[(*n)++] = ((Carried *)s->carried.items[k])->param;
    if (s->index)
        vars[(*n)++] = s->index;
    return vars;
}

static bool body_any(Body *b, bool (*pred)(Stmt *, Buffer *), Buffer *buf);

int stmt_reads_here(const Stmt *s, Buffer *out[6]) {
    int n = 0;
    /* a min or max histogram's update reads the bin (a + update's adjoint
     * never looks at its old value: not a read) */
    if (s->kind == S_READ || (s->kind == S_ACC && s->acc_op != RED_ADD))
        out[n++] = s->buf;
    if (s->kind == S_SCAN || s->kind == S_HIST) {
        out[n++] = s->scan_in[0];
        out[n++] = s->scan_in[1];
    }
    if (s->kind == S_HIST) {
        out[n++] = s->buf; /* in place */
        for (int k = 0; k < 3; k++)
            out[n++] = s->hist_rev[k];
    }
    return n;
}
static bool reads_here(Stmt *s, Buffer *buf) {
    Buffer *read[6];
    int n = stmt_reads_here(s, read);
    for (int k = 0; k < n; k++)
        if (read[k] == buf)
            return true;
    return false;
}
static bool stmt_writes_here(Stmt *s, Buffer *buf) {
    return ((s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) &&
            s->buf == buf) ||
           (s->kind == S_HIST && (s->hist_rev[1] == buf || s->hist_rev[2] == buf));
}

static bool stmt_any(Stmt *s, bool (*pred)(Stmt *, Buffer *), Buffer *buf) {
    if (pred(s, buf))
        return true;
    return (s->then_body && body_any(s->then_body, pred, buf)) ||
           (s->else_body && body_any(s->else_body, pred, buf)) ||
           (s->body && body_any(s->body, pred, buf));
}

static bool body_any(Body *b, bool (*pred)(Stmt *, Buffer *), Buffer *buf) {
    for (int i = 0; i < b->stmts.len; i++)
        if (stmt_any(b->stmts.items[i], pred, buf))
            return true;
    return false;
}

int body_count_stmts(Body *b) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += 1 + body_count_stmts(s->then_body) + body_count_stmts(s->else_body) +
             body_count_stmts(s->body);
    }
    return n;
}

static bool stmt_updates_here(Stmt *s, Buffer *buf) {
    return (s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) && s->buf == buf;
}

/* Whether b combines into buf's old values (h[k] += v, a scan, a
 * histogram): their seeds outlive the update's adjoint. */
bool body_updates_buffer(Body *b, Buffer *buf) {
    return body_any(b, stmt_updates_here, buf);
}
bool body_reads_buffer(Body *b, Buffer *buf) {
    return body_any(b, reads_here, buf);
}
bool body_writes_buffer(Body *b, Buffer *buf) {
    return body_any(b, stmt_writes_here, buf);
}
static bool stmt_declares_here(Stmt *s, Buffer *buf) {
    return (s->kind == S_DECL || s->kind == S_ALLOC) && s->buf == buf;
}
bool body_declares_scalar(Body *b, Var *v) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL && s->dst == v) || body_declares_scalar(s->then_body, v) ||
            body_declares_scalar(s->else_body, v) || body_declares_scalar(s->body, v))
            return true;
    }
    return false;
}

bool body_declares(Body *b, Buffer *buf) {
    return b && body_any(b, stmt_declares_here, buf);
}
bool stmt_reads_buffer(Stmt *s, Buffer *buf) {
    return stmt_any(s, reads_here, buf);
}
bool stmt_writes_buffer(Stmt *s, Buffer *buf) {
    return stmt_any(s, stmt_writes_here, buf);
}

bool stmt_is_bin_check(const Stmt *s) {
    return s->kind == S_EFFECT && s->text && strcmp(s->text, "pg_bin_check") == 0 &&
           s->effect_args.len == 3;
}

static bool stmt_frees_here(Stmt *s, Buffer *buf) {
    return s->kind == S_FREE && s->buf == buf;
}
bool stmt_frees_buffer(Stmt *s, Buffer *buf) {
    return stmt_any(s, stmt_frees_here, buf);
}

static bool stmt_writes_something(Stmt *s, Buffer *unused) {
    (void)unused;
    return s->kind == S_WRITE || s->kind == S_SCAN || s->kind == S_HIST;
}
bool stmt_uses_tape(const Stmt *s) {
    return ((s->kind == S_PUSH || s->kind == S_POP) && !s->save_local) ||
           s->kind == S_TAPE_PUSH_REGION || s->kind == S_TAPE_POP_REGION;
}

EffectArg *kept_number_of(const Stmt *s) {
    if (s->kind != S_EFFECT || !s->effect_args.len)
        return NULL;
    EffectArg *last = s->effect_args.items[s->effect_args.len - 1];
    return last->kept_number ? last : NULL;
}

bool stmt_keeps_value(const Stmt *s) {
    return s->kind == S_LET ? s->op == OP_KEPT : kept_number_of(s) != NULL;
}

bool stmt_writes_any(Stmt *s) {
    return stmt_any(s, stmt_writes_something, NULL);
}

/* ---- copies ---- */
typedef struct Cloner {
    Arena *a;
    Func *f;
    Var **map; /* per variable id below n: its copy */
    int n;
} Cloner;

static Var *fresh_var(Cloner *c, Var *v) {
    if (!v || v->id >= c->n)
        return v;
    if (!c->map[v->id]) {
        Var *w = var_new(c->a, c->f, v->name, v->ty);
        w->is_mutable = v->is_mutable;
        w->active = v->active;
        w->primal = v->primal; /* an adjoint's copy is named after the same primal */
        c->map[v->id] = w;
    }
    return c->map[v->id];
}

static void clone_use(Operand *o, void *ctx) {
    Cloner *c = ctx;
    if (o->kind == OPD_VAR && o->var->id < c->n && c->map[o->var->id])
        o->var = c->map[o->var->id];
}

static Body *clone_body(Cloner *c, Body *b);

static void clone_lists(Cloner *c, Stmt *t, Stmt *s) {
    memset(&t->phis, 0, sizeof t->phis);
    for (int i = 0; i < s->phis.len; i++) {
        Phi *p = arena_alloc(c->a, sizeof(Phi));
        *p = *(Phi *)s->phis.items[i];
        p->dst = fresh_var(c, p->dst);
        vec_push(c->a, &t->phis, p);
    }
    memset(&t->carried, 0, sizeof t->carried);
    for (int i = 0; i < s->carried.len; i++) {
        Carried *k = arena_alloc(c->a, sizeof(Carried));
        *k = *(Carried *)s->carried.items[i];
        k->param = fresh_var(c, k->param);
        k->result = fresh_var(c, k->result);
        vec_push(c->a, &t->carried, k);
    }
    memset(&t->accums, 0, sizeof t->accums);
    for (int i = 0; i < s->accums.len; i++) {
        Accum *k = arena_alloc(c->a, sizeof(Accum));
        *k = *(Accum *)s->accums.items[i];
        k->result = fresh_var(c, k->result);
        k->arg_result = fresh_var(c, k->arg_result);
        vec_push(c->a, &t->accums, k);
    }
    memset(&t->effect_args, 0, sizeof t->effect_args);
    for (int i = 0; i < s->effect_args.len; i++) {
        EffectArg *k = arena_alloc(c->a, sizeof(EffectArg));
        *k = *(EffectArg *)s->effect_args.items[i];
        vec_push(c->a, &t->effect_args, k);
    }
}

static Stmt *clone_stmt(Cloner *c, Stmt *s) {
    Stmt *t = stmt_new(c->a, s->kind, s->loc);
    *t = *s;
    bool binds = s->kind == S_LET || s->kind == S_READ || s->kind == S_DECL || s->kind == S_POP ||
                 s->kind == S_EFFECT;
    if (s->dst && binds && !(s->kind == S_LET && s->dst->is_mutable))
        t->dst = fresh_var(c, s->dst);
    t->index = fresh_var(c, s->index);
    t->trips = fresh_var(c, s->trips);
    clone_lists(c, t, s);
    t->then_body = clone_body(c, s->then_body);
    t->else_body = clone_body(c, s->else_body);
    t->body = clone_body(c, s->body);
    stmt_visit_operands(t, clone_use, c);
    if (s->counter) {
        t->counter = arena_alloc(c->a, sizeof(Counter));
        *t->counter = *s->counter;
        t->counter->var = fresh_var(c, s->counter->var);
        t->counter->blocks_of = fresh_var(c, s->counter->blocks_of);
        Operand *ops[4] = {&t->counter->first, &t->counter->step, &t->counter->limit,
                           &t->counter->trips};
        for (int i = 0; i < 4; i++)
            clone_use(ops[i], c);
    }
    if (s->blocks_of && s->blocks_of->id < c->n && c->map[s->blocks_of->id])
        t->blocks_of = c->map[s->blocks_of->id];
    /* S_LET on a mutable variable (an update) uses it */
    if (t->dst && s->kind == S_LET && s->dst->is_mutable && s->dst->id < c->n && c->map[s->dst->id])
        t->dst = c->map[s->dst->id];
    return t;
}

static Body *clone_body(Cloner *c, Body *b) {
    if (!b)
        return NULL;
    Body *out = body_new(c->a);
    for (int i = 0; i < b->stmts.len; i++)
        body_append(c->a, out, clone_stmt(c, b->stmts.items[i]));
    return out;
}

Body *body_clone(Arena *a, Func *f, Body *b) {
    Cloner c = {a, f, NULL, f->next_var_id};
    c.map = xcalloc((size_t)c.n + 1, sizeof(Var *));
    Body *out = clone_body(&c, b);
    /* an adjoint whose primal was copied too is the copy's: named after
     * it, in its scope (a primal named through the original's copy would
     * take its name in the copy's scope, and two variables the name) */
    for (int i = 0; i < c.n; i++) {
        Var *w = c.map[i];
        if (w && w->primal && w->primal->id < c.n && c.map[w->primal->id])
            w->primal = c.map[w->primal->id];
    }
    free(c.map);
    return out;
}

/* ---- printer ---- */
static void print_operand(FILE *out, Operand o) {
    switch (o.kind) {
    case OPD_NONE:
        fputs("_", out);
        break;
    case OPD_VAR:
        fprintf(out, "%s%%%d", o.var->name, o.var->id);
        break;
    case OPD_CONST:
        if (type_is_float(o.ty))
            fprintf(out, "%.17g%s", o.fval, o.ty.kind == TY_FLOAT ? "f" : "");
        else
            fprintf(out, "%lld", o.ival);
        break;
    }
}

static void print_var(FILE *out, Var *v) {
    fprintf(out, "%s%%%d:%s%s", v->name, v->id, type_cname(v->ty), v->active ? "*" : "");
}

static void print_body(FILE *out, Body *b, int depth);

static void indent(FILE *out, int depth) {
    for (int i = 0; i < depth; i++)
        fputs("  ", out);
}

static void print_index(FILE *out, Stmt *s) {
    fprintf(out, "%s%s%s", s->buf->name, s->buf->field ? "." : "",
            s->buf->field ? s->buf->field : "");
    for (int i = 0; i < s->nidx; i++) {
        fputc('[', out);
        print_operand(out, s->idx[i]);
        fputc(']', out);
    }
}

static void print_loop_header(FILE *out, Stmt *s, const char *kw) {
    fprintf(out, "%s%s ", kw, s->reversed ? " reversed" : "");
    print_var(out, s->index);
    fputs(" in [", out);
    print_operand(out, s->lo);
    fputs(", ", out);
    print_operand(out, s->hi);
    fputs(")", out);
    if (s->until.kind != OPD_NONE) {
        fputs(" until ", out);
        print_operand(out, s->until);
    }
}

static void print_stmt(FILE *out, Stmt *s, int depth) {
    indent(out, depth);
    switch (s->kind) {
    case S_DECL:
        if (s->buf) { /* a local array */
            fprintf(out, "decl %s %s", type_cname(s->buf->elem), s->buf->name);
            for (int i = 0; i < s->buf->rank; i++) {
                fputc('[', out);
                print_operand(out, decl_dim(s, i));
                fputc(']', out);
            }
            break;
        }
        /* fall through */
    case S_LET:
        fputs(s->kind == S_DECL ? "decl " : (s->dst->is_mutable ? "set " : "let "), out);
        print_var(out, s->dst);
        fputs(" = ", out);
        if (s->kind == S_DECL) {
            print_operand(out, s->args[0]);
        } else {
            fputs(s->op == OP_CALL ? deriv_name(s->fn) : primop_name(s->op), out);
            if (s->op >= OP_UOP && s->op <= OP_UOP_INV)
                fprintf(out, " %s", s->uop->name);
            if (s->op == OP_NOT_NULL)
                fprintf(out, " %s", s->buf->name);
            for (int i = 0; i < s->nargs; i++) {
                fputc(' ', out);
                print_operand(out, s->args[i]);
            }
        }
        break;
    case S_READ:
        fputs("read ", out);
        print_var(out, s->dst);
        fputs(" = ", out);
        print_index(out, s);
        break;
    case S_WRITE:
    case S_ACC:
        fputs(s->kind == S_WRITE ? "write "
                                 : (s->acc == ACC_ATOMIC ? "acc.atomic "
                                    : s->acc == ACC_HALO ? "acc.halo "
                                                         : "acc "),
              out);
        print_index(out, s);
        fputs(s->kind == S_WRITE     ? " = "
              : s->acc_op == RED_MIN ? " min= "
              : s->acc_op == RED_MAX ? " max= "
                                     : " += ",
              out);
        print_operand(out, s->args[0]);
        break;
    case S_PUSH:
        fputs("push ", out);
        print_operand(out, s->args[0]);
        break;
    case S_POP:
        fputs("pop ", out);
        print_var(out, s->dst);
        break;
    case S_TAPE_PUSH_REGION:
    case S_TAPE_POP_REGION:
        fprintf(out, "%s %s ", s->kind == S_TAPE_PUSH_REGION ? "push.region" : "pop.region",
                s->buf->name);
        print_operand(out, s->args[0]);
        break;
    case S_COMMENT:
        fprintf(out, "# %s", s->text);
        break;
    case S_EFFECT:
        if (s->dst) {
            fputs("let ", out);
            print_var(out, s->dst);
            fputs(" = ", out);
        }
        fprintf(out, "effect %s(", s->text);
        for (int i = 0; i < s->effect_args.len; i++) {
            EffectArg *ea = s->effect_args.items[i];
            fputs(i ? ", " : "", out);
            if (ea->kept_number)
                fputs("kept as ", out);
            if (ea->text)
                fputs(ea->text, out);
            else
                print_operand(out, ea->val);
        }
        fputc(')', out);
        break;
    case S_ALLOC:
        fprintf(out, "alloc %s ", s->buf->name);
        print_operand(out, s->args[0]);
        break;
    case S_SCAN:
        fprintf(out, "scan%s %s %s = ", s->reversed ? " reversed" : "",
                s->uop ? s->uop->name : reduce_op_name(s->scan_op), s->buf->name);
        print_operand(out, s->args[0]);
        fprintf(out, " <- %s", s->scan_in[0]->name);
        if (s->scan_in[1])
            fprintf(out, ", %s", s->scan_in[1]->name);
        fputs(" [", out);
        print_operand(out, s->hi);
        fputs("]", out);
        if (s->fusion) {
            fprintf(out, " fused%s%s {\n", s->fusion->keep_terms ? " keep-terms" : "",
                    s->fusion->keep_prefix ? " keep-prefix"
                    : s->fusion->final     ? " final"
                                           : "");
            print_body(out, s->body, depth + 1);
            indent(out, depth);
            fputs("}", out);
        }
        break;
    case S_HIST:
        fprintf(out, "hist %s %s[", reduce_op_name(s->scan_op), s->buf->name);
        print_operand(out, s->args[0]);
        fprintf(out, "] <- %s at %s [", s->scan_in[0]->name, s->scan_in[1]->name);
        print_operand(out, s->hi);
        fputs("]", out);
        break;
    case S_FREE:
        fprintf(out, "free %s", s->buf->name);
        break;
    case S_RETURN:
        fputs("return ", out);
        print_operand(out, s->args[0]);
        break;
    case S_BLOCK:
        fputs("block {\n", out);
        print_body(out, s->body, depth + 1);
        indent(out, depth);
        fputs("}", out);
        break;
    case S_IF:
        fputs("if ", out);
        print_operand(out, s->cond);
        fputs(" {\n", out);
        print_body(out, s->then_body, depth + 1);
        indent(out, depth);
        fputs("} else {\n", out);
        if (s->else_body)
            print_body(out, s->else_body, depth + 1);
        indent(out, depth);
        fputs("}", out);
        for (int i = 0; i < s->phis.len; i++) {
            Phi *p = s->phis.items[i];
            fputs("\n", out);
            indent(out, depth + 1);
            fputs("phi ", out);
            print_var(out, p->dst);
            fputs(" = ", out);
            print_operand(out, p->then_val);
            fputs(" | ", out);
            print_operand(out, p->else_val);
        }
        break;
    case S_LOOP:
    case S_MAP:
    case S_REDUCE:
        print_loop_header(out, s, s->kind == S_LOOP ? "loop" : s->kind == S_MAP ? "map" : "reduce");
        for (int i = 0; i < s->carried.len; i++) {
            Carried *c = s->carried.items[i];
            fputs("\n", out);
            indent(out, depth + 2);
            fputs("carry ", out);
            print_var(out, c->param);
            fputs(" = ", out);
            print_operand(out, c->init);
            fputs(" -> ", out);
            print_operand(out, c->yield);
            fputs(" => ", out);
            print_var(out, c->result);
        }
        for (int i = 0; i < s->accums.len; i++) {
            Accum *ac = s->accums.items[i];
            fputs("\n", out);
            indent(out, depth + 2);
            fprintf(out, "%s ", ac->uop ? ac->uop->name : reduce_op_name(ac->op));
            print_var(out, ac->result);
            if (ac->arg_result) {
                fputs(", ", out);
                print_var(out, ac->arg_result);
            }
            fputs(" = ", out);
            print_operand(out, ac->init);
            fputs(" <- ", out);
            print_operand(out, ac->contrib);
            if (ac->value.kind != OPD_NONE) {
                fputs(" valued ", out);
                print_operand(out, ac->value);
            }
        }
        fputs(" {\n", out);
        print_body(out, s->body, depth + 1);
        indent(out, depth);
        fputs("}", out);
        break;
    }
    fputc('\n', out);
}

static void print_body(FILE *out, Body *b, int depth) {
    for (int i = 0; i < b->stmts.len; i++)
        print_stmt(out, b->stmts.items[i], depth);
}

void ir_print_func(FILE *out, Func *f) {
    fprintf(out, "func %s(", f->name);
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (i)
            fputs(", ", out);
        if (p->var)
            print_var(out, p->var);
        else
            fprintf(out, "%s%s%s[]%s", p->buf->is_const ? "const " : "", type_cname(p->buf->elem),
                    " ", p->buf->active ? "*" : "");
        if (p->buf)
            fprintf(out, "%s%s%s", p->buf->name, p->buf->field ? "." : "",
                    p->buf->field ? p->buf->field : "");
    }
    fprintf(out, ") -> %s {\n", type_cname(f->ret));
    print_body(out, f->body, 1);
    fputs("}\n", out);
}

/* ---- verifier ---- */
typedef struct VerifyCtx {
    FILE *err;
    int problems;
    bool ssa;
    unsigned char *bound;   /* per var id: bound at least once */
    unsigned char *inscope; /* per var id: visible here */
    int *scoped;            /* ids made visible, innermost scope last, to end scopes */
    int nscoped;
    int nvars;
    const char *where;
} VerifyCtx;

static void verify_problem(VerifyCtx *vc, const char *msg, Var *v) {
    vc->problems++;
    fprintf(vc->err, "ir verify: %s: %s %s%%%d\n", vc->where, msg, v ? v->name : "",
            v ? v->id : -1);
}

static void verify_use(Operand *o, void *ctx) {
    VerifyCtx *vc = ctx;
    if (o->kind != OPD_VAR)
        return;
    if (o->var->id >= vc->nvars || !vc->inscope[o->var->id])
        verify_problem(vc, "use of a variable not in scope", o->var);
}

static void verify_bind(VerifyCtx *vc, Var *v) {
    if (v->id >= vc->nvars) {
        verify_problem(vc, "variable id out of range", v);
        return;
    }
    if (vc->ssa && vc->bound[v->id] && !v->is_mutable)
        verify_problem(vc, "variable bound twice", v);
    vc->bound[v->id] = 1;
    if (!vc->inscope[v->id]) {
        vc->inscope[v->id] = 1;
        vc->scoped[vc->nscoped++] = v->id; /* each id at most once: room for nvars */
    }
}

static void verify_body(VerifyCtx *vc, Body *b);

/* Verifies a nested body of `owner`; what it binds goes out of scope
 * afterwards (only those variables are reset: copying the whole set per
 * scope made verification quadratic). The operands evaluated at the end of
 * the body (phi values of this branch, loop yields, reduce contributions)
 * are checked inside it. */
static void verify_scope(VerifyCtx *vc, Stmt *owner, Body *b) {
    int mark = vc->nscoped;
    if (owner->body == b) {
        if (owner->index)
            verify_bind(vc, owner->index);
        for (int i = 0; i < owner->carried.len; i++)
            verify_bind(vc, ((Carried *)owner->carried.items[i])->param);
    }
    verify_body(vc, b);
    stmt_visit_tails(owner, b, verify_use, vc);
    while (vc->nscoped > mark)
        vc->inscope[vc->scoped[--vc->nscoped]] = 0;
}

static void verify_stmt(VerifyCtx *vc, Stmt *s) {
    /* Operands of the statement header are checked in the enclosing scope,
     * except loop yields and reduce contributions, which live in the body. */
    switch (s->kind) {
    case S_IF: {
        verify_use(&s->cond, vc);
        verify_scope(vc, s, s->then_body);
        if (s->else_body)
            verify_scope(vc, s, s->else_body);
        break;
    }
    case S_BLOCK:
        verify_scope(vc, s, s->body);
        break;
    case S_LOOP:
    case S_MAP:
    case S_REDUCE:
        verify_use(&s->lo, vc);
        verify_use(&s->hi, vc);
        for (int i = 0; i < s->carried.len; i++)
            verify_use(&((Carried *)s->carried.items[i])->init, vc);
        for (int i = 0; i < s->accums.len; i++) {
            Accum *ac = s->accums.items[i];
            verify_use(&ac->init, vc);
            if (ac->value.kind != OPD_NONE)
                verify_use(&ac->value, vc);
        }
        if (!s->body)
            verify_problem(vc, "loop without a body", NULL);
        else
            verify_scope(vc, s, s->body);
        break;
    default:
        for (int i = 0; i < s->nargs; i++)
            verify_use(&s->args[i], vc);
        for (int i = 0; i < s->nidx; i++)
            verify_use(&s->idx[i], vc);
        for (int i = 0; i < s->effect_args.len; i++)
            if (!((EffectArg *)s->effect_args.items[i])->text)
                verify_use(&((EffectArg *)s->effect_args.items[i])->val, vc);
        if ((s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN ||
             s->kind == S_HIST) &&
            !s->buf)
            verify_problem(vc, "array access without a buffer", NULL);
        if (s->kind == S_SCAN) {
            verify_use(&s->hi, vc);
            if (!s->scan_in[0] || (s->scan_op == RED_AFFINE) != (s->scan_in[1] != NULL))
                verify_problem(vc, "scan without its inputs", NULL);
        }
        if (s->kind == S_HIST) {
            verify_use(&s->hi, vc);
            if (!s->scan_in[0] || !s->scan_in[1] || s->nargs != 1)
                verify_problem(vc, "histogram without its keys, values or bin count", NULL);
        }
        if (s->kind == S_LET && s->dst && s->op != OP_CALL && s->op != OP_COPY &&
            s->op != OP_THREADS && s->op != OP_NOT_NULL && s->op != OP_CAST && s->nargs == 0)
            verify_problem(vc, "operation without operands", s->dst);
        break;
    }
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int i = 0; i < n; i++)
        verify_bind(vc, defs[i]);
    free(defs);
}

static void verify_body(VerifyCtx *vc, Body *b) {
    for (int i = 0; i < b->stmts.len; i++)
        verify_stmt(vc, b->stmts.items[i]);
}

int ir_verify(FILE *err, Func *f, bool ssa) {
    VerifyCtx vc = {.err = err, .ssa = ssa, .nvars = f->next_var_id, .where = f->name};
    vc.bound = xcalloc((size_t)vc.nvars + 1, 1);
    vc.inscope = xcalloc((size_t)vc.nvars + 1, 1);
    vc.scoped = xmalloc(sizeof(int) * ((size_t)vc.nvars + 1));
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (p->var)
            verify_bind(&vc, p->var);
    }
    verify_body(&vc, f->body);
    free(vc.bound);
    free(vc.inscope);
    free(vc.scoped);
    return vc.problems;
}

/* ---- builder with folding ---- */
Operand b_fconst(double v, Type ty) {
    return type_is_float(ty) ? opd_float(v, ty) : opd_int((long long)v);
}

static Type result_type(Operand x, Operand y) {
    if (x.ty.kind == TY_DOUBLE || y.ty.kind == TY_DOUBLE)
        return type_double();
    if (x.ty.kind == TY_FLOAT || y.ty.kind == TY_FLOAT)
        return type_float();
    return x.kind != OPD_NONE ? x.ty : y.ty;
}

/* x op y of two integer constants, where C's int, long or long long holds
 * it (`m - 1` for a `const int m = 16`: the loop's trips are then known
 * before any loop around it); false where it would not fold. */
static bool fold_int(PrimOp op, Type ty, Operand x, Operand y, Operand *out) {
    if (x.kind != OPD_CONST || y.kind != OPD_CONST || ty.kind != TY_INT || type_is_float(x.ty) ||
        type_is_float(y.ty) || (op != OP_ADD && op != OP_SUB && op != OP_MUL))
        return false;
    bool is_int = !strcmp(ty.cname, "int");
    if (!is_int && strcmp(ty.cname, "long") && strcmp(ty.cname, "long long"))
        return false; /* (unsigned types wrap, narrower ones promote) */
    long long v;
    bool over = op == OP_ADD   ? __builtin_add_overflow(x.ival, y.ival, &v)
                : op == OP_SUB ? __builtin_sub_overflow(x.ival, y.ival, &v)
                               : __builtin_mul_overflow(x.ival, y.ival, &v);
    if (over || (is_int && (v < INT_MIN || v > INT_MAX)))
        return false;
    *out = (Operand){.kind = OPD_CONST, .ival = v, .fval = (double)v, .ty = ty};
    return true;
}

/* x + 0, 0 + x, x - 0, x * 1 and 1 * x of integers of the type they
 * make: x (an index written i * T + 0, as a macro expands IDX(i, 0, T),
 * is then the index i * T, which the analyses of the accesses compare).
 * Not for floats: -0.0 + 0 is +0.0. */
static bool integer_identity(PrimOp op, Type ty, Operand x, Operand y, Operand *out) {
    if (ty.kind != TY_INT || y.kind == OPD_NONE || type_is_float(x.ty) || type_is_float(y.ty))
        return false;
    bool same_x = x.ty.kind == ty.kind && x.ty.cname && !strcmp(x.ty.cname, ty.cname);
    bool same_y = y.ty.kind == ty.kind && y.ty.cname && !strcmp(y.ty.cname, ty.cname);
    if ((op == OP_ADD || op == OP_SUB) && opd_is_const(y, 0) && same_x)
        return *out = x, true;
    if (op == OP_ADD && opd_is_const(x, 0) && same_y)
        return *out = y, true;
    if (op == OP_MUL && opd_is_const(y, 1) && same_x)
        return *out = x, true;
    if (op == OP_MUL && opd_is_const(x, 1) && same_y)
        return *out = y, true;
    return false;
}

Operand b_op(Builder *bd, PrimOp op, Type ty, Operand x, Operand y) {
    Operand folded;
    if (fold_int(op, ty, x, y, &folded) || integer_identity(op, ty, x, y, &folded))
        return folded;
    int n = y.kind == OPD_NONE ? 1 : 2;
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, ty, op, n, x, y, opd_none()));
}

Operand b_threads(Builder *bd) {
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, type_long(), OP_THREADS, 0,
                            opd_none(), opd_none(), opd_none()));
}

Operand b_add(Builder *bd, Operand x, Operand y) {
    if (opd_is_const(x, 0))
        return y;
    if (opd_is_const(y, 0))
        return x;
    return b_op(bd, OP_ADD, result_type(x, y), x, y);
}

Operand b_sub(Builder *bd, Operand x, Operand y) {
    if (opd_is_const(y, 0))
        return x;
    if (opd_is_const(x, 0))
        return b_neg(bd, y);
    return b_op(bd, OP_SUB, result_type(x, y), x, y);
}

Operand b_mul(Builder *bd, Operand x, Operand y) {
    /* 0 * y is 0 only for integers: 0 * inf is NaN */
    if ((opd_is_const(x, 0) && !type_is_float(x.ty) && !type_is_float(y.ty)) ||
        (opd_is_const(y, 0) && !type_is_float(y.ty) && !type_is_float(x.ty)))
        return opd_int(0);
    if (opd_is_const(x, 1))
        return y;
    if (opd_is_const(y, 1))
        return x;
    if (opd_is_const(x, -1))
        return b_neg(bd, y);
    if (opd_is_const(y, -1))
        return b_neg(bd, x);
    return b_op(bd, OP_MUL, result_type(x, y), x, y);
}

Operand b_div(Builder *bd, Operand x, Operand y) {
    if (opd_is_const(y, 1))
        return x;
    return b_op(bd, OP_DIV, result_type(x, y), x, y);
}

Operand b_neg(Builder *bd, Operand x) {
    if (x.kind == OPD_CONST) {
        x.fval = -x.fval;
        x.ival = -x.ival;
        return x;
    }
    return b_op(bd, OP_NEG, x.ty, x, opd_none());
}

static bool fold_cmp(PrimOp op, double x, double y) {
    switch (op) {
    case OP_LT:
        return x < y;
    case OP_LE:
        return x <= y;
    case OP_GT:
        return x > y;
    case OP_GE:
        return x >= y;
    case OP_EQ:
        return x == y;
    default:
        return x != y;
    }
}

Operand b_cmp(Builder *bd, PrimOp op, Operand x, Operand y) {
    bool logical = op == OP_AND || op == OP_OR;
    if (x.kind == OPD_CONST && y.kind == OPD_CONST && ((op >= OP_LT && op <= OP_NE) || logical)) {
        double xv = const_as_double(x), yv = const_as_double(y);
        Operand r = opd_int(!logical       ? fold_cmp(op, xv, yv)
                            : op == OP_AND ? xv != 0 && yv != 0
                                           : xv != 0 || yv != 0);
        r.ty = type_bool();
        return r;
    }
    /* (c != 0) on a comparison is the comparison itself. */
    if (op == OP_NE && opd_is_const(y, 0) && x.ty.kind == TY_BOOL)
        return x;
    return b_op(bd, op, type_bool(), x, y);
}

Operand b_select(Builder *bd, Operand c, Operand x, Operand y) {
    if (opd_equal(x, y))
        return x;
    if (c.kind == OPD_CONST)
        return c.ival ? x : y;
    Type ty = result_type(x, y);
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, ty, OP_SELECT, 3, c, x, y));
}

Operand b_call(Builder *bd, int fn, Operand x, Operand y) {
    Type ty = result_type(x, y);
    return opd_var(emit_call(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, ty, fn,
                             y.kind == OPD_NONE ? 1 : 2, x, y));
}

Operand b_uop(Builder *bd, PrimOp op, UserOp *u, Operand x, Operand y) {
    Var *v = emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, u->ty, op, 2, b_cast(bd, u->ty, x),
                      b_cast(bd, u->ty, y), opd_none());
    Stmt *s = bd->b->stmts.items[bd->b->stmts.len - 1];
    s->uop = u;
    return opd_var(v);
}

/* ---- constant conversions, as C converts ---- */
static bool is_bool(Type t) {
    return t.kind == TY_BOOL || (t.kind == TY_INT && t.cname && strcmp(t.cname, "_Bool") == 0);
}

bool type_is_unsigned(Type t) {
    return is_bool(t) || (t.kind == TY_INT && t.cname && strncmp(t.cname, "unsigned", 8) == 0);
}

/* Bits of an integer type, 0 where it depends on the platform (plain char's
 * signedness) or is unknown. */
static int int_bits(Type t) {
    static const struct {
        const char *name;
        int bits;
    } widths[] = {
        {"signed char", 8}, {"unsigned char", 8},      {"short", 16}, {"unsigned short", 16},
        {"int", 32},        {"unsigned int", 32},      {"long", 64},  {"unsigned long", 64},
        {"long long", 64},  {"unsigned long long", 64}};
    if (is_bool(t))
        return 1;
    for (size_t i = 0; t.cname && i < sizeof widths / sizeof widths[0]; i++)
        if (strcmp(t.cname, widths[i].name) == 0)
            return widths[i].bits;
    return t.cname ? 0 : 32;
}

/* Whether converting a non-negative integer of type from to type to keeps
 * its value (to is at least as wide). */
bool widening_int_cast(Type from, Type to) {
    int f = int_bits(from), t = int_bits(to);
    return from.kind == TY_INT && to.kind == TY_INT && f > 0 && t >= f;
}

double const_as_double(Operand o) {
    if (type_is_float(o.ty))
        return o.fval;
    return type_is_unsigned(o.ty) ? (double)(unsigned long long)o.ival : (double)o.ival;
}

/* The integer constant v (as the bits of a 64-bit value) converted to ty:
 * wrapped to its width (two's complement, as GCC and clang do), or false
 * where the result depends on the platform. */
static bool wrap_int(long long v, Type ty, long long *out) {
    int bits = int_bits(ty);
    if (bits == 0)
        return false;
    if (is_bool(ty)) {
        *out = v != 0;
        return true;
    }
    if (bits == 64) {
        *out = v;
        return true;
    }
    unsigned long long m = (1ULL << bits) - 1, u = (unsigned long long)v & m;
    if (!type_is_unsigned(ty) && (u >> (bits - 1)))
        u |= ~m; /* sign-extend */
    *out = (long long)u;
    return true;
}

/* A constant converted to ty, or false where C leaves the conversion
 * undefined (a floating value out of the integer type's range, NaN) or to
 * the platform: then the conversion happens at run time, as written. */
static bool fold_cast(Operand x, Type ty, Operand *out) {
    if (type_is_float(ty)) {
        double v = const_as_double(x);
        *out = opd_float(ty.kind == TY_FLOAT ? (double)(float)v : v, ty);
        return true;
    }
    long long iv;
    if (type_is_float(x.ty)) {
        double v = x.fval;
        if (is_bool(ty)) {
            iv = v != 0;
        } else {
            int bits = int_bits(ty);
            double lo = type_is_unsigned(ty) ? -1.0 : -ldexp(1.0, bits - 1) - 1.0;
            double hi = type_is_unsigned(ty) ? ldexp(1.0, bits) : ldexp(1.0, bits - 1);
            if (bits == 0 || isnan(v) || !(v > lo && v < hi))
                return false;
            iv = type_is_unsigned(ty) ? (long long)(unsigned long long)v : (long long)v;
        }
    } else if (!wrap_int(x.ival, ty, &iv)) {
        return false;
    }
    *out = opd_int(iv);
    out->ty = ty;
    return true;
}

Operand b_cast(Builder *bd, Type ty, Operand x) {
    if (x.ty.kind == ty.kind && (ty.kind != TY_INT || x.ty.cname == ty.cname))
        return x;
    Operand folded;
    if (x.kind == OPD_CONST && fold_cast(x, ty, &folded))
        return folded;
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, ty, OP_CAST, 1, x, opd_none(),
                            opd_none()));
}

void b_accumulate(Builder *bd, Var *dst, Operand v) {
    if (opd_is_const(v, 0))
        return;
    Stmt *s = stmt_new(bd->a, S_LET, bd->loc);
    s->dst = dst;
    s->op = OP_ADD;
    s->nargs = 2;
    s->args[0] = opd_var(dst);
    s->args[1] = v;
    body_append(bd->a, bd->b, s);
}

typedef struct SumInto {
    Arena *a;
    Func *f;
    Buffer *buf;
    Var *sum;
} SumInto;

static bool add_into_sum(void *ctx, Stmt *s, Body *out) {
    SumInto *m = ctx;
    if (s->kind != S_ACC || s->buf != m->buf)
        return false;
    Builder bd = {m->a, m->f, out, s->loc};
    b_accumulate(&bd, m->sum, b_cast(&bd, m->sum->ty, s->args[0]));
    return true;
}

ElementSum sum_in_register(Arena *a, Func *f, Body *b, Stmt *like) {
    Buffer *x = like->buf;
    SumInto m = {a, f, x, var_new(a, f, arena_printf(a, "%s_sum", buffer_label(a, x)), x->elem)};
    m.sum->is_mutable = true;
    ElementSum es = {.sum = m.sum, .body = body_rewrite(a, b, add_into_sum, &m)};
    es.decl = stmt_new(a, S_DECL, like->loc);
    es.decl->dst = m.sum;
    es.decl->nargs = 1;
    es.decl->args[0] = b_fconst(0, m.sum->ty);
    es.store = stmt_new(a, S_ACC, like->loc);
    *es.store = *like;
    es.store->args[0] = opd_var(m.sum);
    return es;
}

void b_comment(Builder *bd, const char *text) {
    Stmt *s = stmt_new(bd->a, S_COMMENT, bd->loc);
    s->text = text;
    body_append(bd->a, bd->b, s);
}

/* ---- values the same in every iteration ---- */
Stmt *binding_in(Body *b, Var *v, Phi **phi, bool *other) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_LET || s->kind == S_READ) && s->dst == v)
            return s;
        for (int k = 0; phi && s->kind == S_IF && k < s->phis.len; k++)
            if (((Phi *)s->phis.items[k])->dst == v) {
                *phi = s->phis.items[k];
                return s;
            }
        int n;
        Var **defs = stmt_all_defs(s, &n);
        bool here = false;
        for (int k = 0; k < n; k++)
            here |= defs[k] == v;
        free(defs);
        if (here) {
            *other = true;
            return NULL;
        }
        Body *in[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++) {
            Stmt *d = binding_in(in[q], v, phi, other);
            if (d || *other)
                return d;
        }
    }
    return NULL;
}

bool bound_outside(Body *b, Operand o) {
    bool other = false;
    return o.kind == OPD_CONST ||
           (o.kind == OPD_VAR && !binding_in(b, o.var, NULL, &other) && !other);
}

bool is_counted_loop(const Stmt *s) {
    return s->kind == S_LOOP && s->body && s->index && !s->counter && !s->blocks_of &&
           s->hi.kind != OPD_NONE && s->until.kind == OPD_NONE;
}

bool same_each_iteration(Body *b, Var *index, Operand o, bool reads, int depth) {
    if (o.kind == OPD_CONST)
        return true;
    if (o.kind != OPD_VAR || o.var->is_mutable || o.var == index || depth == 0)
        return false;
    bool other = false;
    Stmt *d = binding_in(b, o.var, NULL, &other);
    if (!d)
        return !other;
    if (d->kind == S_READ) {
        if (!reads)
            return false;
        for (int k = 0; k < d->nidx; k++)
            if (!same_each_iteration(b, index, d->idx[k], reads, depth - 1))
                return false;
        return !body_writes_buffer(b, d->buf);
    }
    if (d->op == OP_CALL || d->op >= OP_UOP)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (!same_each_iteration(b, index, d->args[k], reads, depth - 1))
            return false;
    return true;
}

bool body_contains(const Body *b, const Stmt *u) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        const Stmt *s = b->stmts.items[i];
        if (s == u || body_contains(s->then_body, u) || body_contains(s->else_body, u) ||
            body_contains(s->body, u))
            return true;
    }
    return false;
}
