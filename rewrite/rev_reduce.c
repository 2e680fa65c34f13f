/* Reverse rules for reduce (Bruun et al., section 3.2):
 *   +        the seed is broadcast: contrib_b += r_b in every iteration;
 *   *        zero counting: the forward reduce also computes the product of
 *            the non-zero elements P and their number of zeros z; then
 *            d r / d a = z == 0 ? P / a : (z == 1 && a == 0 ? P : 0);
 *   min/max  the forward reduce also finds the iteration of the extremum
 *            (argmin/argmax); only that iteration's adjoint runs;
 *   declared a commutative operator with an inverse (section 3.3): the
 *            other elements combine to b = INV(r, a), so d r / d a is the
 *            partial of COMBINE(b, a) in a. (Declared operators without
 *            both are lifted as scans, whose rule is the general one.) On
 *            structs the lifter writes this rule out as a carrier: a
 *            reduce of + of COMBINE(NODIFF(INV(r, e)), e) valued r.
 * The initial value of the accumulator is one more element of the reduce. */
#include "rev.h"

#include <math.h>

typedef struct RedInfo {
    Accum *orig;
    Var *arg;        /* min/max: the iteration of the extremum, -1 for init */
    Operand prod_nz; /* *: product of the non-zero elements, init included */
    Operand zeros;   /* *: number of zero elements, init included */
} RedInfo;

static RedInfo *info_of(Rev *r, Accum *a) {
    for (int i = r->red_infos.len - 1; i >= 0; i--) {
        RedInfo *ri = r->red_infos.items[i];
        if (ri->orig == a)
            return ri;
    }
    return NULL;
}

static Accum *new_accum(Rev *r, ReduceOp op, Var *result, Operand init, Operand contrib,
                        const char *user_name) {
    Accum *a = arena_alloc(r->a, sizeof(Accum));
    a->op = op;
    a->result = result;
    a->init = init;
    a->contrib = contrib;
    a->user_name = user_name;
    return a;
}

/* `*` forward: (P, z) over the iterations, then the init, then the result. */
static void mul_fwd(Rev *r, Stmt *red, Accum *a, Builder *body, PtrVec *accums, Body *after,
                    RedInfo *ri) {
    Type ty = a->result->ty;
    Operand one = b_fconst(1, ty), zero = b_fconst(0, ty);
    Operand is_zero = b_cmp(body, OP_EQ, a->contrib, zero);
    Operand nz = b_select(body, is_zero, one, a->contrib);
    Operand zc = b_select(body, is_zero, one, zero);
    Var *p = var_new(r->a, r->dst, arena_printf(r->a, "%s_nonzero", a->result->name), ty);
    Var *z = var_new(r->a, r->dst, arena_printf(r->a, "%s_zeros", a->result->name), ty);
    vec_push(r->a, accums, new_accum(r, RED_MUL, p, one, nz, a->user_name));
    vec_push(r->a, accums, new_accum(r, RED_ADD, z, zero, zc, a->user_name));
    Builder bd = {r->a, r->dst, after, red->loc};
    Operand init_zero = b_cmp(&bd, OP_EQ, a->init, zero);
    ri->prod_nz = b_select(&bd, init_zero, opd_var(p), b_mul(&bd, opd_var(p), a->init));
    ri->zeros = b_add(&bd, opd_var(z), b_select(&bd, init_zero, one, zero));
    Operand any_zero = b_cmp(&bd, OP_GT, ri->zeros, zero);
    Stmt *res = stmt_new(r->a, S_LET, red->loc);
    res->dst = a->result;
    res->op = OP_SELECT;
    res->nargs = 3;
    res->args[0] = any_zero;
    res->args[1] = zero;
    res->args[2] = ri->prod_nz;
    body_append(r->a, after, res);
}

enum { EXTREMUM_BLOCK = 2048 };

static Stmt *reduce_over(Rev *r, Stmt *s, Var *index, Operand lo, Operand hi) {
    Stmt *red = stmt_new(r->a, S_REDUCE, s->loc);
    red->index = index;
    red->lo = lo;
    red->hi = hi;
    red->body = body_new(r->a);
    return red;
}

static void add_body(Rev *r, Body *into, Body *from) {
    for (int i = 0; i < from->stmts.len; i++)
        body_append(r->a, into, from->stmts.items[i]);
}

/* min/max forward, blocked: the extremum of every block of iterations
 * (vectorisable, no index tracking), the block that holds the overall
 * extremum, then the arg-extremum within that block alone. The data is read
 * once, plus one block. */
static void extremum_fwd_blocked(Rev *r, Stmt *s, Accum *a, RedInfo *ri, Body *out) {
    Builder bd = {r->a, r->dst, out, s->loc};
    Type ty = a->result->ty;
    ReduceOp plain = a->op, arg = a->op == RED_MIN ? RED_ARGMIN : RED_ARGMAX;
    Operand ident = opd_float(a->op == RED_MIN ? INFINITY : -INFINITY, ty);
    Operand blk = opd_int(EXTREMUM_BLOCK);
    Operand lo = b_cast(&bd, type_long(), s->lo), hi = b_cast(&bd, type_long(), s->hi);
    Operand nblocks = b_div(&bd, b_add(&bd, b_sub(&bd, hi, lo), opd_int(EXTREMUM_BLOCK - 1)), blk);

    Var *b = var_new(r->a, r->dst, "block", type_long());
    Stmt *blocks = reduce_over(r, s, b, opd_int(0), nblocks);
    blocks->text = s->text;
    blocks->note = "extremum of each block";
    Builder in = {r->a, r->dst, blocks->body, s->loc};
    Operand blo = b_add(&in, lo, b_mul(&in, opd_var(b), blk));
    Operand bend = b_add(&in, blo, blk);
    Operand bhi = b_select(&in, b_cmp(&in, OP_LT, hi, bend), hi, bend);
    Stmt *inner =
        reduce_over(r, s, s->index, b_cast(&in, s->index->ty, blo), b_cast(&in, s->index->ty, bhi));
    add_body(r, inner->body, s->body);
    Var *m = var_new(r->a, r->dst, arena_printf(r->a, "%s_block", a->result->name), ty);
    vec_push(r->a, &inner->accums, new_accum(r, plain, m, ident, a->contrib, a->user_name));
    body_append(r->a, blocks->body, inner);
    Accum *best =
        new_accum(r, arg, var_new(r->a, r->dst, arena_printf(r->a, "%s_best", a->result->name), ty),
                  ident, opd_var(m), a->user_name);
    best->arg_result = var_new(r->a, r->dst, "best_block", (Type){TY_INT, "long long"});
    vec_push(r->a, &blocks->accums, best);
    body_append(r->a, out, blocks);

    Operand kb = opd_var(best->arg_result);
    Operand found = b_cmp(&bd, OP_GE, kb, opd_int(0));
    Operand wlo = b_add(
        &bd, lo, b_mul(&bd, b_select(&bd, found, b_cast(&bd, type_long(), kb), opd_int(0)), blk));
    Operand wend = b_add(&bd, wlo, blk);
    Operand whi = b_select(&bd, found, b_select(&bd, b_cmp(&bd, OP_LT, hi, wend), hi, wend), lo);
    Stmt *within =
        reduce_over(r, s, s->index, b_cast(&bd, s->index->ty, wlo), b_cast(&bd, s->index->ty, whi));
    within->serial = true;
    within->note = "arg-extremum within the block that holds it";
    add_body(r, within->body, s->body);
    Accum *fin = new_accum(r, arg, a->result, a->init, a->contrib, a->user_name);
    fin->arg_result = var_new(r->a, r->dst, arena_printf(r->a, "%s_at", a->result->name),
                              (Type){TY_INT, "long long"});
    ri->arg = fin->arg_result;
    vec_push(r->a, &within->accums, fin);
    body_append(r->a, out, within);
}

/* A reduce whose body also writes arrays (in-place updates, stores of
 * per-iteration values) is saved and restored like a map, and its min/max
 * adjoint must visit every iteration, not only the extremum's. */
static bool body_writes(Stmt *s) {
    for (int i = 0; i < s->body->stmts.len; i++)
        if (stmt_writes_any(s->body->stmts.items[i]))
            return true;
    return false;
}

/* The forward reduce from the primal copy, with what the adjoint needs. */
static void reduce_fwd(Rev *r, Stmt *s, Stmt *primal, Body *out) {
    bool any_active = false;
    for (int i = 0; i < s->accums.len; i++)
        any_active |= ((Accum *)s->accums.items[i])->result->active;
    if (!any_active) {
        body_append(r->a, out, primal);
        return;
    }
    Stmt *red = stmt_new(r->a, S_REDUCE, s->loc);
    *red = *primal;
    red->body = body_new(r->a);
    red->accums = (PtrVec){0};
    for (int i = 0; i < primal->body->stmts.len; i++)
        body_append(r->a, red->body, primal->body->stmts.items[i]);
    Builder in_body = {r->a, r->dst, red->body, s->loc};
    Body *after = body_new(r->a);
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        if (!a->result->active || a->op == RED_ADD || a->op == RED_USER) {
            vec_push(r->a, &red->accums, a);
            continue;
        }
        RedInfo *ri = arena_alloc(r->a, sizeof(RedInfo));
        ri->orig = a;
        vec_push(r->a, &r->red_infos, ri);
        if (a->op == RED_MUL) {
            mul_fwd(r, red, a, &in_body, &red->accums, after, ri);
        } else if (s->accums.len == 1 && !r->par_loop && !body_writes(s) && !r->gpu) {
            /* the blocked search runs the body twice: only for pure bodies
             * (and on CPUs: a GPU's thread per block would read the data
             * with a stride of a block) */
            extremum_fwd_blocked(r, primal, a, ri, out);
            return;
        } else {
            Accum *arg = new_accum(r, a->op == RED_MIN ? RED_ARGMIN : RED_ARGMAX, a->result,
                                   a->init, a->contrib, a->user_name);
            arg->arg_result = var_new(r->a, r->dst, arena_printf(r->a, "%s_at", a->result->name),
                                      (Type){TY_INT, "long long"});
            ri->arg = arg->arg_result;
            vec_push(r->a, &red->accums, arg);
        }
    }
    body_append(r->a, out, red);
    for (int i = 0; i < after->stmts.len; i++)
        body_append(r->a, out, after->stmts.items[i]);
}

/* A carrier of the invertible rule for struct operators (see lift_tuple.c
 * and lift_tuple_hist.c): a reduce whose results are the values computed
 * before it (Accum.value), its iterations (of +) run only in the return
 * sweep, each element's adjoint the broadcast seed through
 * COMBINE(INV(r, e), e); or a histogram's map whose updates add nothing
 * (their values are DERIV_OF(0, share)), only derivatives. */
bool is_carrier(Stmt *s) {
    if (s->kind == S_MAP)
        return s->carrier;
    return s->kind == S_REDUCE && s->accums.len &&
           ((Accum *)s->accums.items[0])->value.kind != OPD_NONE;
}

/* Every carrier left in forward code (copies of maps' bodies included)
 * becomes its results' values, a histogram's carrier nothing, and every
 * DERIV_OF its value. */
void rev_lower_carriers(Arena *a, Body *b) {
    PtrVec kept = {0};
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && s->op == OP_DERIV_OF) {
            s->op = OP_COPY;
            s->nargs = 1;
        }
        if (!is_carrier(s)) {
            rev_lower_carriers(a, s->then_body);
            rev_lower_carriers(a, s->else_body);
            rev_lower_carriers(a, s->body);
            vec_push(a, &kept, s);
            continue;
        }
        for (int k = 0; k < s->accums.len; k++) {
            Accum *ac = s->accums.items[k];
            Stmt *let = stmt_new(a, S_LET, s->loc);
            let->dst = ac->result;
            let->op = OP_COPY;
            let->nargs = 1;
            let->args[0] = ac->value;
            vec_push(a, &kept, let);
        }
    }
    if (b)
        b->stmts = kept;
}

void rev_reduce_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    WriteLog *log = save_regions(r, &s, 1, out, dead);
    reduce_fwd(r, s, copy_forward_stmt(r, s, dead, log), out);
    end_log(r, log, out);
}

/* d r / d a for one element a of a `*` reduce, times the seed. */
static Operand mul_partial(Builder *bd, RedInfo *ri, Operand seed_times_p, Operand a) {
    Type ty = a.ty;
    Operand zero = b_fconst(0, ty), one = b_fconst(1, ty);
    Operand none = b_cmp(bd, OP_EQ, ri->zeros, zero);
    Operand only =
        b_op(bd, OP_AND, type_bool(), b_cmp(bd, OP_EQ, ri->zeros, one), b_cmp(bd, OP_EQ, a, zero));
    Operand safe = b_select(bd, none, a, one); /* no division by zero when z > 0 */
    Operand when_none = b_div(bd, seed_times_p, safe);
    return b_select(bd, none, when_none, b_select(bd, only, seed_times_p, zero));
}

/* d r / d a for an element a of a reduce of an invertible commutative
 * operator: with b = INV(r, a) the others combined, the partial of
 * COMBINE(b, a) in a (arg 1), or COMBINE(a, b) in a (arg 0, the initial
 * value's side). */
static Operand inverse_partial(Builder *bd, Accum *acc, Operand a, int arg) {
    Operand b = b_uop(bd, OP_UOP_INV, acc->uop, opd_var(acc->result), a);
    return arg ? b_uop(bd, OP_UOP_D1, acc->uop, b, a) : b_uop(bd, OP_UOP_D0, acc->uop, a, b);
}

/* The iteration space re-executed with each element's adjoint seeded. */
static void seeded_iterations(Rev *r, Stmt *s, Body *out, Operand *seeds_times_p,
                              bool all_extrema) {
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    m->index = s->index;
    m->counter = s->counter;
    m->lo = s->lo;
    m->hi = s->hi;
    m->text = s->text ? "map" : NULL; /* the adjoint iterations are independent */
    m->note = is_carrier(s) ? s->note : "adjoint";
    m->body = body_new(r->a);
    Stmt *outer = enter_par_loop(r, m, s);
    rev_fwd_body(r, s->body, m->body, true);
    rev_adjoint_decls(r, s->body, m->body);
    Builder bd = {r->a, r->dst, m->body, s->loc};
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        if (!a->result->active)
            continue;
        Operand rb = opd_var(adjoint_of(r, a->result));
        if (a->op == RED_ADD)
            add_adjoint(r, &bd, a->contrib, rb);
        else if (a->op == RED_MUL && a->contrib.kind == OPD_VAR && a->contrib.var->active)
            add_adjoint(r, &bd, a->contrib,
                        mul_partial(&bd, info_of(r, a), seeds_times_p[i], a->contrib));
        else if (a->op == RED_USER)
            add_adjoint(r, &bd, a->contrib, b_mul(&bd, rb, inverse_partial(&bd, a, a->contrib, 1)));
        else if (all_extrema && (a->op == RED_MIN || a->op == RED_MAX)) {
            Operand at = opd_var(info_of(r, a)->arg);
            Operand here = b_cmp(&bd, OP_EQ, b_cast(&bd, at.ty, opd_var(s->index)), at);
            add_adjoint(r, &bd, a->contrib, b_select(&bd, here, rb, b_fconst(0, rb.ty)));
        }
    }
    rev_bwd_stmts(r, s->body, m->body, true);
    leave_par_loop(r, m, outer);
    body_append(r->a, out, m);
}

/* min/max: the adjoint of the one iteration that produced the extremum. */
static void extremum_init(Rev *r, Accum *a, Builder *bd) {
    Operand rb = opd_var(adjoint_of(r, a->result));
    Operand from_init = b_cmp(bd, OP_LT, opd_var(info_of(r, a)->arg), opd_int(0));
    add_adjoint(r, bd, a->init, b_select(bd, from_init, rb, b_fconst(0, rb.ty)));
}

static void extremum_iteration(Rev *r, Stmt *s, Accum *a, Body *out) {
    RedInfo *ri = info_of(r, a);
    Builder bd = {r->a, r->dst, out, s->loc};
    Operand rb = opd_var(adjoint_of(r, a->result));
    if (!(a->contrib.kind == OPD_VAR && a->contrib.var->active))
        return;
    Stmt *c = stmt_new(r->a, S_IF, s->loc);
    c->note = "adjoint of the extremum's iteration";
    c->cond = b_cmp(&bd, OP_GE, opd_var(ri->arg), opd_int(0));
    c->then_body = body_new(r->a);
    c->else_body = body_new(r->a);
    Stmt *at = stmt_new(r->a, S_LET, s->loc);
    at->dst = s->index;
    at->op = OP_CAST;
    at->nargs = 1;
    at->args[0] = opd_var(ri->arg);
    body_append(r->a, c->then_body, at);
    rev_fwd_body(r, s->body, c->then_body, true);
    rev_adjoint_decls(r, s->body, c->then_body);
    Builder in = {r->a, r->dst, c->then_body, s->loc};
    add_adjoint(r, &in, a->contrib, rb);
    rev_bwd_stmts(r, s->body, c->then_body, true);
    body_append(r->a, out, c);
}

void rev_reduce_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    /* Back to the values the reduce read: its iterations re-execute. */
    restore_regions(r, &s, 1, out, dead);
    bool writes = body_writes(s);
    bool loop_needed = writes;
    Operand *seeds_times_p = arena_alloc(r->a, sizeof(Operand) * (size_t)(s->accums.len + 1));
    Builder bd = {r->a, r->dst, out, s->loc};
    for (int i = 0; i < s->accums.len; i++) {
        Accum *a = s->accums.items[i];
        if (!a->result->active)
            continue;
        Operand rb = opd_var(adjoint_of(r, a->result));
        if (a->op == RED_ADD) {
            add_adjoint(r, &bd, a->init, rb);
            loop_needed = true;
        } else if (a->op == RED_MUL) {
            RedInfo *ri = info_of(r, a);
            seeds_times_p[i] = b_mul(&bd, rb, ri->prod_nz);
            if (a->init.kind == OPD_VAR && a->init.var->active)
                add_adjoint(r, &bd, a->init, mul_partial(&bd, ri, seeds_times_p[i], a->init));
            loop_needed = true;
        } else if (a->op == RED_USER) {
            if (a->init.kind == OPD_VAR && a->init.var->active)
                add_adjoint(r, &bd, a->init, b_mul(&bd, rb, inverse_partial(&bd, a, a->init, 0)));
            loop_needed = true;
        } else {
            extremum_init(r, a, &bd);
        }
    }
    if (loop_needed)
        seeded_iterations(r, s, out, seeds_times_p, writes);
    for (int i = 0; i < s->accums.len && !writes; i++) {
        Accum *a = s->accums.items[i];
        if (a->result->active && (a->op == RED_MIN || a->op == RED_MAX))
            extremum_iteration(r, s, a, out);
    }
}
