/* Activity analysis: a value is active if it depends on a wrt input (varied)
 * and an output depends on it (useful). Only active values get adjoints.
 * Arrays are tracked as whole buffers. Both directions iterate to a fixed
 * point, which covers loop-carried values. */
#include "rev.h"

#include <stdlib.h>
#include <string.h>

typedef struct Activity {
    unsigned char *varied, *useful;   /* per variable id */
    unsigned char *bvaried, *buseful; /* per buffer id */
    bool changed;
} Activity;

static bool op_varied(Activity *ac, Operand o) {
    return o.kind == OPD_VAR && ac->varied[o.var->id];
}

static void set_varied(Activity *ac, Var *v) {
    if (type_is_float(v->ty) && !ac->varied[v->id]) {
        ac->varied[v->id] = 1;
        ac->changed = true;
    }
}

static void set_useful(Activity *ac, Operand o) {
    if (o.kind == OPD_VAR && type_is_float(o.ty) && !ac->useful[o.var->id]) {
        ac->useful[o.var->id] = 1;
        ac->changed = true;
    }
}

static void set_buf(Activity *ac, unsigned char *flags, Buffer *b) {
    if (type_is_float(b->elem) && !flags[b->id]) {
        flags[b->id] = 1;
        ac->changed = true;
    }
}

/* Which operands of a let carry derivatives (comparisons, the condition of
 * a select and a stop-gradient do not). */
static bool differentiable_arg(Stmt *s, int i) {
    if (s->op >= OP_LT && s->op <= OP_NOT)
        return false;
    if ((s->op == OP_SELECT && i == 0) || s->op == OP_NODIFF || (s->op == OP_DERIV_OF && i == 0))
        return false;
    if (s->op >= OP_MOD && s->op <= OP_BITNOT) /* integer operations */
        return false;
    return true;
}

static void forward_body(Activity *ac, Body *b);
static void backward_body(Activity *ac, Body *b);

static void forward_stmt(Activity *ac, Stmt *s) {
    switch (s->kind) {
    case S_LET:
        for (int i = 0; i < s->nargs; i++)
            if (differentiable_arg(s, i) && op_varied(ac, s->args[i]))
                set_varied(ac, s->dst);
        break;
    case S_READ:
        if (ac->bvaried[s->buf->id])
            set_varied(ac, s->dst);
        break;
    case S_WRITE:
    case S_ACC: /* a histogram's update */
        if (op_varied(ac, s->args[0]))
            set_buf(ac, ac->bvaried, s->buf);
        break;
    case S_HIST: /* in place: the bins stay varied if they were */
        if (ac->bvaried[s->scan_in[0]->id])
            set_buf(ac, ac->bvaried, s->buf);
        break;
    case S_SCAN:
        if (op_varied(ac, s->args[0]) || ac->bvaried[s->scan_in[0]->id] ||
            (s->scan_in[1] && ac->bvaried[s->scan_in[1]->id]))
            set_buf(ac, ac->bvaried, s->buf);
        break;
    case S_IF:
        forward_body(ac, s->then_body);
        forward_body(ac, s->else_body);
        for (int i = 0; i < s->phis.len; i++) {
            Phi *p = s->phis.items[i];
            if (op_varied(ac, p->then_val) || op_varied(ac, p->else_val))
                set_varied(ac, p->dst);
        }
        break;
    case S_LOOP:
        for (int i = 0; i < s->carried.len; i++) {
            Carried *c = s->carried.items[i];
            if (op_varied(ac, c->init) || op_varied(ac, c->yield)) {
                set_varied(ac, c->param);
                set_varied(ac, c->result);
            }
        }
        forward_body(ac, s->body);
        break;
    case S_MAP:
        forward_body(ac, s->body);
        break;
    case S_REDUCE:
        forward_body(ac, s->body);
        for (int i = 0; i < s->accums.len; i++) {
            Accum *a = s->accums.items[i];
            if (op_varied(ac, a->init) || op_varied(ac, a->contrib))
                set_varied(ac, a->result);
        }
        break;
    default:
        break;
    }
}

static void forward_body(Activity *ac, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++)
        forward_stmt(ac, b->stmts.items[i]);
}

static void backward_stmt(Activity *ac, Stmt *s) {
    switch (s->kind) {
    case S_LET:
        if (ac->useful[s->dst->id])
            for (int i = 0; i < s->nargs; i++)
                if (differentiable_arg(s, i))
                    set_useful(ac, s->args[i]);
        break;
    case S_READ:
        if (ac->useful[s->dst->id])
            set_buf(ac, ac->buseful, s->buf);
        break;
    case S_WRITE:
    case S_ACC:
        if (ac->buseful[s->buf->id])
            set_useful(ac, s->args[0]);
        break;
    case S_HIST:
        if (ac->buseful[s->buf->id])
            set_buf(ac, ac->buseful, s->scan_in[0]);
        break;
    case S_SCAN:
        if (ac->buseful[s->buf->id]) {
            set_useful(ac, s->args[0]);
            for (int i = 0; i < 2 && s->scan_in[i]; i++)
                set_buf(ac, ac->buseful, s->scan_in[i]);
        }
        break;
    case S_RETURN:
        break;
    case S_IF:
        for (int i = 0; i < s->phis.len; i++) {
            Phi *p = s->phis.items[i];
            if (ac->useful[p->dst->id]) {
                set_useful(ac, p->then_val);
                set_useful(ac, p->else_val);
            }
        }
        backward_body(ac, s->then_body);
        backward_body(ac, s->else_body);
        break;
    case S_LOOP:
        for (int i = 0; i < s->carried.len; i++) {
            Carried *c = s->carried.items[i];
            if (ac->useful[c->result->id] || ac->useful[c->param->id]) {
                set_useful(ac, opd_var(c->param));
                set_useful(ac, opd_var(c->result));
                set_useful(ac, c->init);
                set_useful(ac, c->yield);
            }
        }
        backward_body(ac, s->body);
        break;
    case S_MAP:
        backward_body(ac, s->body);
        break;
    case S_REDUCE:
        for (int i = 0; i < s->accums.len; i++) {
            Accum *a = s->accums.items[i];
            if (ac->useful[a->result->id]) {
                set_useful(ac, a->init);
                set_useful(ac, a->contrib);
            }
        }
        backward_body(ac, s->body);
        break;
    default:
        break;
    }
}

static void backward_body(Activity *ac, Body *b) {
    for (int i = b ? b->stmts.len - 1 : -1; i >= 0; i--)
        backward_stmt(ac, b->stmts.items[i]);
}

static void mark_body(Activity *ac, Body *b);

static void mark_var(Activity *ac, Var *v) {
    v->active = ac->varied[v->id] && ac->useful[v->id] && type_is_float(v->ty);
}

static void mark_stmt(Activity *ac, Stmt *s) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    for (int i = 0; i < n; i++)
        mark_var(ac, defs[i]);
    free(defs);
    for (int i = 0; i < s->carried.len; i++)
        mark_var(ac, ((Carried *)s->carried.items[i])->param);
    if (s->index)
        s->index->active = false;
    if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
        s->buf->active = ac->bvaried[s->buf->id] && ac->buseful[s->buf->id];
    if (s->then_body)
        mark_body(ac, s->then_body);
    if (s->else_body)
        mark_body(ac, s->else_body);
    if (s->body)
        mark_body(ac, s->body);
}

static void mark_body(Activity *ac, Body *b) {
    for (int i = 0; i < b->stmts.len; i++)
        mark_stmt(ac, b->stmts.items[i]);
}

static Param *find_param(Func *f, const char *name) {
    for (int i = 0; i < f->params.len; i++) {
        Param *p = f->params.items[i];
        if (strcmp(p->name, name) == 0)
            return p;
    }
    return NULL;
}

/* Marks the floating fields of the struct parameter whose first field is
 * p (in marks, by buffer id), only those the function may write when
 * `writable`; false if it has none. */
static bool mark_fields(Func *f, Param *p, unsigned char *marks, bool writable) {
    bool any = false;
    for (int i = 0; i < f->params.len; i++) {
        Param *q = f->params.items[i];
        if (q->group == p->group && type_is_float(q->buf->elem) &&
            !(writable && (q->buf->is_const || (q->buf->by_value && !q->buf->through_pointer)))) {
            marks[q->buf->id] = 1;
            any = true;
        }
    }
    return any;
}

static Stmt *find_return(Func *f) {
    Body *b = f->body;
    Stmt *last = b->stmts.len ? b->stmts.items[b->stmts.len - 1] : NULL;
    return last && last->kind == S_RETURN ? last : NULL;
}

static void report(RevErrors *err, SrcLoc loc, const char *hint, const char *msg) {
    err->count++;
    if (err->report)
        err->report(err->ctx, loc, hint, msg);
}

bool activity_analyse(Arena *a, RevSpec *spec, RevErrors *err) {
    Func *f = spec->primal;
    Activity ac = {0};
    ac.varied = xcalloc((size_t)f->next_var_id + 1, 1);
    ac.useful = xcalloc((size_t)f->next_var_id + 1, 1);
    ac.bvaried = xcalloc((size_t)f->next_buf_id + 1, 1);
    ac.buseful = xcalloc((size_t)f->next_buf_id + 1, 1);
    int bad = 0;
    for (int i = 0; i < spec->wrt.len; i++) {
        const char *name = spec->wrt.items[i];
        Param *p = find_param(f, name);
        const char *problem = NULL;
        if (!p)
            problem = arena_printf(a, "wrt(...) names '%s', but '%s' is not a parameter of '%s'",
                                   name, name, f->name);
        else if (p->var && !type_is_float(p->var->ty))
            problem = arena_printf(a, "wrt names '%s', which is not a floating-point value", name);
        else if (p->group && !mark_fields(f, p, ac.bvaried, false))
            problem =
                arena_printf(a, "wrt names '%s', a struct without float or double fields", name);
        else if (p->buf && !p->group && !type_is_float(p->buf->elem))
            problem =
                arena_printf(a, "wrt names '%s', which is not an array of float or double", name);
        if (problem) {
            SrcLoc at = i < spec->wrt_locs.len ? *(SrcLoc *)spec->wrt_locs.items[i] : spec->loc;
            report(err, at, "wrt lists float or double parameters (scalars or arrays)", problem);
            bad++;
            continue;
        }
        if (p->var)
            ac.varied[p->var->id] = 1;
        else if (!p->group)
            ac.bvaried[p->buf->id] = 1;
    }
    Stmt *ret = find_return(f);
    for (int i = 0; i < spec->out.len; i++) {
        const char *name = spec->out.items[i];
        if (strcmp(name, "return") == 0) {
            if (!ret || !type_is_float(f->ret))
                report(err, spec->loc, "out(return) needs a function returning float or double",
                       arena_printf(a, "'%s' does not return a floating-point value", f->name)),
                    bad++;
            else
                set_useful(&ac, ret->args[0]);
            continue;
        }
        Param *p = find_param(f, name);
        /* a struct: its fields the function may write (a const struct's
         * pointer fields may point to writable arrays) */
        if (!p || !p->buf ||
            (p->group ? !mark_fields(f, p, ac.buseful, true)
                      : p->buf->is_const || p->buf->by_value || !type_is_float(p->buf->elem))) {
            SrcLoc at = i < spec->out_locs.len ? *(SrcLoc *)spec->out_locs.items[i] : spec->loc;
            const char *why =
                !p ? arena_printf(a, "out(...) names '%s', but '%s' is not a parameter of '%s'",
                                  name, name, f->name)
                   : arena_printf(
                         a, "out names '%s', which is not a writable float or double array", name);
            report(err, at, "out lists arrays the function writes, or return", why);
            bad++;
            continue;
        }
        if (!p->group)
            ac.buseful[p->buf->id] = 1;
    }
    if (!bad) {
        do {
            ac.changed = false;
            forward_body(&ac, f->body);
        } while (ac.changed);
        do {
            ac.changed = false;
            backward_body(&ac, f->body);
        } while (ac.changed);
        for (int i = 0; i < f->params.len; i++) {
            Param *p = f->params.items[i];
            if (p->var)
                mark_var(&ac, p->var);
            else
                p->buf->active = ac.bvaried[p->buf->id] && ac.buseful[p->buf->id];
        }
        mark_body(&ac, f->body);
    }
    free(ac.varied);
    free(ac.useful);
    free(ac.bvaried);
    free(ac.buseful);
    return bad == 0;
}
