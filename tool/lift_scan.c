/* Lifting `#pragma pargrad scan(OP: acc)` loops.
 *
 * A scan loop updates acc once or more per iteration (acc += e, acc =
 * fmin(acc, e), ...) and may read it: before the update it has the value
 * of the prefix before the iteration (an exclusive use), after it the value
 * including the iteration's term (an inclusive use). The loop becomes
 * three statements, as a scan is in Futhark (a map producing the terms, the
 * scan, a map consuming the prefixes):
 *
 *   map:  acc_terms[k] = e_k             the part of the body computing e
 *   scan: acc_prefix[0] = acc,
 *         acc_prefix[k+1] = acc_prefix[k] OP acc_terms[k]
 *   map:  the whole body, acc read as acc_prefix[k] OP (its terms so far)
 *
 * and acc is acc_prefix[n] after the loop. The body is lifted once, as the
 * second map's: acc's binding holds the iteration's terms combined so far
 * (as a reduce's does), and a read combines them with the prefix. The
 * first map is the slice of that body computing the term, copied with
 * fresh variables. The two arrays are temporaries allocated where the loop
 * is: inside a loop or a map, once per iteration.
 *
 * The array form of a recurrence, scan(affine: y) over y[i] = a * y[i - 1]
 * + b, is the same scan of a hidden accumulator standing for y[i - 1]:
 * it starts at y[lo - 1], the update of y[i] updates it, and the uses map
 * writes y[i] from it. */
#include "lift.h"

#include <ctype.h>
#include <stdlib.h>

typedef struct Recurrence {
    int array;  /* y's binding */
    int acc;    /* the hidden binding of y[i - 1] */
    char *prev; /* "i-1" */
    const char *counter;
    bool updated;
} Recurrence;

/* ---- the operator, when the clause leaves it out ---- */
typedef struct OpSearch {
    Lift *L;
    int binding;
    int op;     /* ReduceOp, or -1 */
    UserOp *uo; /* RED_USER */
} OpSearch;

static bool mentions(Lift *L, CXCursor e, int b);

static int op_of_update(Lift *L, CXCursor c, int b, UserOp **uo) {
    Kids k = kids_of(c);
    if (k.n != 2 || !refers_to(L, k.items[0], b))
        return -1;
    const char *op = binop_of(L, c);
    if (!strcmp(op, "+=") || !strcmp(op, "-="))
        return RED_ADD;
    if (!strcmp(op, "*=") || !strcmp(op, "/=")) /* (c /= e: a product of 1 / e) */
        return RED_MUL;
    if (strcmp(op, "="))
        return -1;
    /* acc = acc OP e or e OP acc, acc = fmin(acc, e): that operator;
     * any other arithmetic of acc: a recurrence (lift_affine checks it) */
    CXCursor r = strip_implicit(k.items[1]);
    Kids rk = kids_of(r);
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator && rk.n == 2 &&
        (refers_to(L, rk.items[0], b) || refers_to(L, rk.items[1], b))) {
        const char *bop = binop_of(L, r);
        if (!strcmp(bop, "+") || !strcmp(bop, "-"))
            return RED_ADD;
        if (!strcmp(bop, "*") || (!strcmp(bop, "/") && refers_to(L, rk.items[0], b)))
            return RED_MUL;
    } else if (clang_getCursorKind(r) == CXCursor_CallExpr && rk.n == 3) {
        const char *fname = cursor_spelling(L, r);
        if (!strcmp(fname, "fmin") || !strcmp(fname, "fminf"))
            return RED_MIN;
        if (!strcmp(fname, "fmax") || !strcmp(fname, "fmaxf"))
            return RED_MAX;
        *uo = user_op_of_combine(L->fe, fname);
        if (*uo && (refers_to(L, rk.items[1], b) || refers_to(L, rk.items[2], b)))
            return RED_USER;
    }
    if (clang_getCursorKind(r) == CXCursor_ConditionalOperator)
        return !clang_Cursor_isNull(ternary_extremum(L, r, b, RED_MIN))   ? RED_MIN
               : !clang_Cursor_isNull(ternary_extremum(L, r, b, RED_MAX)) ? RED_MAX
                                                                          : -1;
    if (mentions(L, r, b))
        return RED_AFFINE;
    return -1;
}

/* if (e < acc) acc = e: min; if (e > acc) acc = e: max. */
static int op_of_if(Lift *L, CXCursor c, int b) {
    Kids k = kids_of(c);
    if (k.n != 2)
        return -1;
    CXCursor cond = strip_implicit(k.items[0]);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return -1;
    Kids ck = kids_of(cond);
    const char *op = binop_of(L, cond);
    bool less = !strcmp(op, "<") || !strcmp(op, "<="),
         greater = !strcmp(op, ">") || !strcmp(op, ">=");
    if (!less && !greater)
        return -1;
    bool acc_right = refers_to(L, ck.items[1], b), acc_left = refers_to(L, ck.items[0], b);
    if (acc_right == acc_left)
        return -1;
    return (less == acc_right) ? RED_MIN : RED_MAX;
}

static enum CXChildVisitResult find_update(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    OpSearch *os = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_IfStmt)
        os->op = op_of_if(os->L, c, os->binding);
    else if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator)
        os->op = op_of_update(os->L, c, os->binding, &os->uo);
    return os->op >= 0 ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int infer_op(Lift *L, CXCursor body, int b, UserOp **uo) {
    OpSearch os = {L, b, -1, NULL};
    clang_visitChildren(body, find_update, &os);
    *uo = os.uo;
    if (os.uo)
        os.uo->used = true;
    return os.op;
}

/* ---- the slice of the body that computes the term ---- */
typedef struct Slice {
    Lift *L;
    unsigned char *need; /* per variable id */
    int nvars;
    PtrVec bufs;    /* arrays the kept statements read */
    PtrVec local;   /* arrays declared in the iteration */
    bool cut_loops; /* sequential loops keep only the carried scalars needed */
} Slice;

static void local_arrays(Slice *sl, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
            vec_push(sl->L->a, &sl->local, s->buf);
        local_arrays(sl, s->then_body);
        local_arrays(sl, s->else_body);
        local_arrays(sl, s->body);
    }
}

static void need_operand(Operand *o, void *ctx) {
    Slice *sl = ctx;
    if (o->kind == OPD_VAR && o->var->id < sl->nvars)
        sl->need[o->var->id] = 1;
}

/* Everything s reads, at any depth, is needed. */
static void need_all(Slice *sl, Stmt *s) {
    stmt_visit_operands(s, need_operand, sl);
    if (s->counter) {
        need_operand(&s->counter->first, sl);
        need_operand(&s->counter->step, sl);
        need_operand(&s->counter->limit, sl);
        need_operand(&s->counter->trips, sl);
    }
    if (s->kind == S_READ && !vec_contains(&sl->bufs, s->buf))
        vec_push(sl->L->a, &sl->bufs, s->buf);
    /* a scan or a histogram of *, min or max nested in the term */
    for (int i = 0; (s->kind == S_SCAN || s->kind == S_HIST) && i < 2; i++)
        if (s->scan_in[i] && !vec_contains(&sl->bufs, s->scan_in[i]))
            vec_push(sl->L->a, &sl->bufs, s->scan_in[i]);
    Body *bodies[3] = {s->then_body, s->else_body, s->body};
    for (int q = 0; q < 3; q++)
        for (int i = 0; bodies[q] && i < bodies[q]->stmts.len; i++)
            need_all(sl, bodies[q]->stmts.items[i]);
}

static bool defines_needed(Slice *sl, Stmt *s) {
    int n;
    Var **defs = stmt_all_defs(s, &n);
    bool any = false;
    for (int i = 0; i < n && !any; i++)
        any = defs[i]->id < sl->nvars && sl->need[defs[i]->id];
    free(defs);
    return any;
}

/* Writes to the iteration's own arrays that the term reads are part of
 * the term; writes to arrays from outside are not (check_slice). */
static bool writes_needed_array(Slice *sl, Stmt *s) {
    for (int i = 0; i < sl->bufs.len; i++)
        if (!vec_contains(&sl->local, sl->bufs.items[i]))
            continue;
        else if (stmt_writes_buffer(s, sl->bufs.items[i]) ||
                 ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf == sl->bufs.items[i]))
            return true;
    return false;
}

static Body *slice_body(Slice *sl, Body *b, int *at);

/* A counted sequential loop cut down to the carried scalars the needed
 * ones depend on (through the iterations: to a fixed point). */
static Stmt *slice_loop(Slice *sl, Stmt *s) {
    unsigned char *kept = xcalloc((size_t)s->carried.len + 1, 1);
    need_operand(&s->lo, sl);
    need_operand(&s->hi, sl);
    if (s->counter) { /* the user's counter, for index bounds */
        sl->need[s->counter->var->id] = 1;
        need_operand(&s->counter->first, sl);
        need_operand(&s->counter->step, sl);
        need_operand(&s->counter->limit, sl);
        need_operand(&s->counter->trips, sl);
    }
    Body *body = NULL;
    for (bool more = true; more;) {
        more = false;
        for (int k = 0; k < s->carried.len; k++) {
            Carried *cr = s->carried.items[k];
            if (!kept[k] && (sl->need[cr->result->id] || sl->need[cr->param->id])) {
                kept[k] = 1;
                more = true;
                need_operand(&cr->yield, sl);
                need_operand(&cr->init, sl);
            }
        }
        if (more || !body)
            body = slice_body(sl, s->body, NULL);
        more = false;
        for (int k = 0; k < s->carried.len && !more; k++)
            more = !kept[k] && sl->need[((Carried *)s->carried.items[k])->param->id];
    }
    Stmt *t = stmt_new(sl->L->a, S_LOOP, s->loc);
    *t = *s;
    memset(&t->carried, 0, sizeof t->carried);
    for (int k = 0; k < s->carried.len; k++)
        if (kept[k])
            vec_push(sl->L->a, &t->carried, s->carried.items[k]);
    t->body = body;
    free(kept);
    return t;
}

/* The statements of b the needed variables depend on, last to first; an
 * if is cut down to its needed phis and their branches' statements. For
 * the iteration's own body, at[k] is where the k-th kept statement was. */
static Body *slice_body(Slice *sl, Body *b, int *at) {
    Body *out = body_new(sl->L->a);
    PtrVec kept = {0};
    int nkept = 0;
    for (int i = b->stmts.len - 1; i >= 0; i--) {
        Stmt *s = b->stmts.items[i];
        if (writes_needed_array(sl, s)) {
            need_all(sl, s);
            vec_push(sl->L->a, &kept, s);
        } else if (s->kind == S_IF && defines_needed(sl, s)) {
            Stmt *t = stmt_new(sl->L->a, S_IF, s->loc);
            *t = *s;
            memset(&t->phis, 0, sizeof t->phis);
            for (int k = 0; k < s->phis.len; k++) {
                Phi *p = s->phis.items[k];
                if (!sl->need[p->dst->id])
                    continue;
                vec_push(sl->L->a, &t->phis, p);
                need_operand(&p->then_val, sl);
                need_operand(&p->else_val, sl);
            }
            need_operand(&t->cond, sl);
            t->then_body = slice_body(sl, s->then_body, NULL);
            t->else_body = s->else_body ? slice_body(sl, s->else_body, NULL) : NULL;
            vec_push(sl->L->a, &kept, t);
        } else if (sl->cut_loops && s->kind == S_LOOP && s->hi.kind != OPD_NONE &&
                   defines_needed(sl, s)) {
            vec_push(sl->L->a, &kept, slice_loop(sl, s));
        } else if (defines_needed(sl, s)) {
            need_all(sl, s);
            vec_push(sl->L->a, &kept, s);
        } else {
            continue;
        }
        if (at)
            at[nkept] = i;
        nkept++;
    }
    for (int i = kept.len - 1; i >= 0; i--)
        body_append(sl->L->a, out, kept.items[i]);
    for (int i = 0; at && i < nkept / 2; i++) { /* into the order of out */
        int t = at[i];
        at[i] = at[nkept - 1 - i];
        at[nkept - 1 - i] = t;
    }
    return out;
}

/* Kept calls (printf, assert) inside statements the term needs run in the
 * iterations, where the primal runs them, not again in the terms' map:
 * the slice's copies of those statements leave them out, unless the term
 * uses what one returns (check_slice rejects that). */
static bool drop_effect(void *ctx, Stmt *s, Body *out) {
    (void)out;
    Slice *sl = ctx;
    return s->kind == S_EFFECT && !(s->dst && sl->need[s->dst->id]);
}

static Body *without_effects(Slice *sl, Body *b) {
    return body_rewrite(sl->L->a, b, drop_effect, sl);
}

/* Why the sliced statements cannot run ahead of the iterations, or NULL:
 * they read acc, use what a kept call returns, write arrays declared
 * outside, or read an array the iteration writes before that read (the
 * writes come later, in the second map; a read before any write sees the
 * same value ahead of the iterations, since the map's promise keeps other
 * iterations off the element). */
typedef struct SliceCheck {
    Arena *a;
    Buffer *prefix;
    Body *iteration;
    int pos;      /* where the checked statement stands in the iteration */
    PtrVec local; /* arrays declared in the slice */
    const char *why;
} SliceCheck;

static bool written_by_then(SliceCheck *ck, Buffer *buf) {
    for (int j = 0; j <= ck->pos; j++)
        if (stmt_writes_buffer(ck->iteration->stmts.items[j], buf))
            return true;
    return false;
}

static void check_slice(SliceCheck *ck, Body *b, const int *at) {
    for (int i = 0; b && i < b->stmts.len && !ck->why; i++) {
        Stmt *s = b->stmts.items[i];
        if (at)
            ck->pos = at[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
            vec_push(ck->a, &ck->local, s->buf);
        if (s->kind == S_READ && s->buf == ck->prefix)
            ck->why = "its term depends on the value of '%s'";
        else if (s->kind == S_EFFECT)
            ck->why = "its term is computed from what a call with effects returns (the terms "
                      "of '%s' are computed ahead of the iterations, and the call runs once, in "
                      "its iteration)";
        else if ((s->kind == S_WRITE || s->kind == S_ACC) && !vec_contains(&ck->local, s->buf))
            ck->why = "its term is computed with writes to arrays (the terms of '%s' are "
                      "computed ahead of the iterations, without them)";
        else if (s->kind == S_READ && !vec_contains(&ck->local, s->buf) &&
                 written_by_then(ck, s->buf))
            ck->why = "its term reads an array the loop writes before (the terms of '%s' are "
                      "computed ahead of the iterations, before the writes)";
        check_slice(ck, s->then_body, NULL);
        check_slice(ck, s->else_body, NULL);
        check_slice(ck, s->body, NULL);
    }
}

/* ---- the terms of a combinator run in blocks (tool/lift_tuple.c) ---- */
typedef struct BlockCheck {
    PtrVec local, keep, written;
    const char *why;
} BlockCheck;

static bool outside(BlockCheck *bc, Buffer *b) {
    return !vec_contains(&bc->local, b) && !vec_contains(&bc->keep, b);
}

/* The arrays from outside that b writes. */
static void collect_writes(Arena *a, BlockCheck *bc, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
            vec_push(a, &bc->local, s->buf);
        if ((s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST) &&
            outside(bc, s->buf) && !vec_contains(&bc->written, s->buf))
            vec_push(a, &bc->written, s->buf);
        collect_writes(a, bc, s->then_body);
        collect_writes(a, bc, s->else_body);
        collect_writes(a, bc, s->body);
    }
}

static void check_block(BlockCheck *bc, Body *b) {
    for (int i = 0; b && i < b->stmts.len && !bc->why; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT)
            bc->why = "its terms are computed from what a call with effects returns";
        else if (s->kind == S_READ && vec_contains(&bc->written, s->buf))
            bc->why = "its terms read an array the loop writes";
        else if ((s->kind == S_WRITE || s->kind == S_ACC) && outside(bc, s->buf))
            bc->why = "its terms are computed with writes to arrays";
        check_block(bc, s->then_body);
        check_block(bc, s->else_body);
        check_block(bc, s->body);
    }
}

/* Map m's body cut down to what its writes into the arrays `keep` need
 * (its last statements), sequential loops to the carried scalars they
 * need: m->body is replaced. NULL, or why that part cannot run ahead of
 * the iterations (it reads an array the loop writes, writes arrays, or
 * needs a call with effects); m is then left as it was. */
const char *slice_block_terms(Lift *L, Stmt *m, Buffer **keep, int nkeep) {
    Slice sl = {L, xcalloc((size_t)L->f->next_var_id + 1, 1), L->f->next_var_id, {0}, {0}, true};
    BlockCheck bc = {0};
    for (int k = 0; k < nkeep; k++)
        vec_push(L->a, &bc.keep, keep[k]);
    collect_writes(L->a, &bc, m->body);
    local_arrays(&sl, m->body);
    Body *head = body_new(L->a), *writes = body_new(L->a);
    for (int i = 0; i < m->body->stmts.len; i++) {
        Stmt *s = m->body->stmts.items[i];
        bool kept = s->kind == S_WRITE && vec_contains(&bc.keep, s->buf);
        body_append(L->a, kept ? writes : head, s);
        if (kept)
            stmt_visit_operands(s, need_operand, &sl);
    }
    Body *out = without_effects(&sl, slice_body(&sl, head, NULL));
    free(sl.need);
    check_block(&bc, out);
    if (bc.why)
        return bc.why;
    for (int i = 0; i < writes->stmts.len; i++)
        body_append(L->a, out, writes->stmts.items[i]);
    m->body = out;
    return NULL;
}

/* ---- reads of acc inside the loop ---- */
/* The value of the scan's accumulator where the iteration reads it: its
 * prefix before the iteration, combined with the terms so far. */
Operand scan_value(Lift *L, CXCursor at, int b) {
    Binding *bd = &L->env[b];
    Operand before = opd_var(bd->scan_prefix);
    if (bd->acc_op == RED_AFFINE) { /* A * before + B */
        Builder bld = lift_builder(L, at);
        Operand factor = L->env[bd->scan_factor - 1].val;
        return b_add(&bld, b_mul(&bld, factor, before), bd->val);
    }
    if (opd_equal(bd->val, identity_of(bd->acc_op, bd->acc_uop, bd->ty)))
        return before;
    return combine_acc(L, at, bd->acc_op, bd->acc_uop, before, bd->val, bd->ty);
}

/* Whether expression e mentions the binding b anywhere. */
typedef struct Mention {
    Lift *L;
    int b;
    bool found;
} Mention;

static enum CXChildVisitResult find_mention(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Mention *m = data;
    if (refers_to(m->L, c, m->b)) {
        m->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The text of e without blanks. */
static char *squeezed(Lift *L, CXCursor e) {
    const char *t = extent_text(L->fe, e);
    char *out = arena_alloc(L->a, strlen(t) + 1), *o = out;
    for (; *t; t++)
        if (!isspace((unsigned char)*t))
            *o++ = *t;
    return out;
}

/* Whether e is y[i - 1] (prev) or y[i] of the recurrence being lifted. */
static bool recurrence_element(Lift *L, CXCursor e, bool prev) {
    Recurrence *rc = L->recur;
    CXCursor r = strip_implicit(e);
    if (!rc || clang_getCursorKind(r) != CXCursor_ArraySubscriptExpr)
        return false;
    Kids k = kids_of(r);
    CXCursor base = strip_implicit(k.items[0]);
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr && env_lookup(L, base) == rc->array &&
           !strcmp(squeezed(L, k.items[1]), prev ? rc->prev : rc->counter);
}

/* acc itself: its name, or for the array form y[i - 1] */
static bool is_acc(Lift *L, CXCursor e, int b) {
    return refers_to(L, e, b) || (L->recur && L->recur->acc == b && recurrence_element(L, e, true));
}

static enum CXChildVisitResult find_prev_element(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Mention *m = data;
    if (recurrence_element(m->L, c, true)) {
        m->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool mentions(Lift *L, CXCursor e, int b) {
    Mention m = {L, b, is_acc(L, e, b)};
    if (!m.found && L->recur && L->recur->acc == b)
        clang_visitChildren(e, find_prev_element, &m);
    if (!m.found)
        clang_visitChildren(e, find_mention, &m);
    return m.found;
}

/* e as a * acc + b with a and b free of acc (lifted): acc itself, an
 * expression free of it (a = 0: a reset), and sums, differences, products
 * and quotients by expressions free of it, nested (0.9 * (acc + x[i])).
 * False when e is not affine in acc. */
static bool lift_affine(Lift *L, CXCursor e, int b, Operand *a, Operand *add) {
    Type ty = L->env[b].ty;
    CXCursor r = strip_implicit(e);
    Builder bd = lift_builder(L, e);
    if (is_acc(L, r, b)) {
        *a = b_fconst(1, ty);
        *add = b_fconst(0, ty);
        return true;
    }
    if (!mentions(L, r, b)) {
        *a = b_fconst(0, ty);
        *add = b_cast(&bd, ty, lift_expr(L, r));
        return true;
    }
    if (clang_getCursorKind(r) == CXCursor_UnaryOperator) {
        bool postfix;
        if (strcmp(unop_of(L, r, &postfix), "-") || !lift_affine(L, kids_of(r).items[0], b, a, add))
            return false;
        bd = lift_builder(L, e);
        *a = b_neg(&bd, *a);
        *add = b_neg(&bd, *add);
        return true;
    }
    if (clang_getCursorKind(r) != CXCursor_BinaryOperator)
        return false;
    const char *op = binop_of(L, r);
    Kids k = kids_of(r);
    Operand a0, b0, a1, b1;
    if (!strcmp(op, "+") || !strcmp(op, "-")) {
        if (!lift_affine(L, k.items[0], b, &a0, &b0) || !lift_affine(L, k.items[1], b, &a1, &b1))
            return false;
        bd = lift_builder(L, e);
        bool sub = !strcmp(op, "-");
        *a = sub ? b_sub(&bd, a0, a1) : b_add(&bd, a0, a1);
        *add = sub ? b_sub(&bd, b0, b1) : b_add(&bd, b0, b1);
        return true;
    }
    bool mul = !strcmp(op, "*"), div = !strcmp(op, "/");
    if (!mul && !div)
        return false;
    /* one factor free of acc scales the other (a divisor must be the free one) */
    int free_side = mentions(L, k.items[1], b) ? 0 : 1;
    if (div && free_side != 1)
        return false;
    if (mentions(L, k.items[free_side], b) || !lift_affine(L, k.items[1 - free_side], b, &a0, &b0))
        return false;
    Operand f = b_cast(&bd, ty, lift_expr(L, k.items[free_side]));
    bd = lift_builder(L, e);
    *a = div ? b_div(&bd, a0, f) : b_mul(&bd, a0, f);
    /* no added part (a scaled acc) stays none: 0 * f is not computed */
    *add = opd_is_const(b0, 0) ? b0 : div ? b_div(&bd, b0, f) : b_mul(&bd, b0, f);
    return true;
}

/* y[i] OP= e in the array form of a recurrence: y[i]'s own value before
 * the update (old, an input of the iteration) combined with e, which
 * may be affine in acc (y[i - 1]); false where the result is not. */
static bool compound_affine(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs, Operand old,
                            Operand *fa, Operand *fb) {
    Operand ra, rb;
    if (op[0] == '/' ? mentions(L, rhs, b) : !lift_affine(L, rhs, b, &ra, &rb))
        return false;
    Type ty = L->env[b].ty;
    Builder bv = lift_builder(L, c);
    old = b_cast(&bv, ty, old);
    if (op[0] == '+') {
        *fa = ra;
        *fb = b_add(&bv, old, rb);
    } else if (op[0] == '-') {
        *fa = b_neg(&bv, ra);
        *fb = b_sub(&bv, old, rb);
    } else if (op[0] == '*') {
        *fa = b_mul(&bv, old, ra);
        *fb = b_mul(&bv, old, rb);
    } else {
        *fa = b_fconst(0, ty);
        *fb = b_div(&bv, old, b_cast(&bv, ty, lift_expr(L, rhs)));
    }
    return true;
}

/* The iteration so far maps acc to A * acc + B; the update acc = a * acc + b
 * makes it a * A * acc + (a * B + b). In the array form (old given: the
 * value y[i] has before the update), y[i] += e is y[i] = old + e, not an
 * update of y[i - 1]. */
void scan_affine_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs,
                        const Operand *old) {
    Binding *bd = &L->env[b];
    const char *name = bd->name;
    if (L->nbarriers != bd->acc_barrier) {
        lift_fail(L, c, "update the recurrence in the scan loop's own body, outside inner loops",
                  "the recurrence of '%s' is updated inside a loop nested in the scan", name);
        return;
    }
    Type ty = bd->ty;
    Operand fa, fb;
    bool ok, compound = strchr("+-*/", op[0]) && !strcmp(op + 1, "=");
    if (!strcmp(op, "=")) {
        ok = lift_affine(L, rhs, b, &fa, &fb);
    } else if (old && compound) {
        ok = compound_affine(L, c, b, op, rhs, *old, &fa, &fb);
    } else if (compound) {
        ok = !mentions(L, rhs, b);
        if (ok) {
            Operand v = lift_expr(L, rhs);
            Builder bv = lift_builder(L, c);
            v = b_cast(&bv, ty, v);
            fa = op[0] == '*' ? v : op[0] == '/' ? b_div(&bv, b_fconst(1, ty), v) : b_fconst(1, ty);
            fb = op[0] == '+' ? v : op[0] == '-' ? b_neg(&bv, v) : b_fconst(0, ty);
        }
    } else {
        ok = false;
    }
    if (!ok || L->failed) {
        Recurrence *rc = L->recur && L->recur->acc == b ? L->recur : NULL;
        const char *form =
            rc ? arena_printf(L->a, "%s[%s] = a * %s[%s] + b", name, rc->counter, name, rc->prev)
               : arena_printf(L->a, "%s = a * %s + b", name, name);
        lift_fail(L, c, arena_printf(L->a, "write it as %s, with a and b free of %s", form, name),
                  "unsupported update of the recurrence '%s'", name);
        return;
    }
    Builder bld = lift_builder(L, c);
    bd = &L->env[b];
    Binding *factor = &L->env[bd->scan_factor - 1];
    factor->val = b_mul(&bld, fa, factor->val);
    /* B = 0 is the identity map's, not a computed zero: a * 0 is 0 */
    bd->val = opd_is_const(bd->val, 0) ? fb : b_add(&bld, b_mul(&bld, fa, bd->val), fb);
}

bool recurrence_read(Lift *L, CXCursor c, Operand *out) {
    Recurrence *rc = L->recur;
    if (!rc || !recurrence_element(L, c, true))
        return false;
    const char *y = L->env[rc->array].name;
    if (rc->updated)
        lift_fail(L, c,
                  arena_printf(L->a, "read %s[%s] into a local before the update, or read %s[%s]",
                               y, rc->prev, y, rc->counter),
                  "%s",
                  arena_printf(L->a, "%s[%s] is read after the recurrence updated %s[%s]", y,
                               rc->prev, y, rc->counter));
    *out = scan_value(L, c, rc->acc);
    return true;
}

bool recurrence_assign(Lift *L, CXCursor c, CXCursor lhs, const char *op, CXCursor rhs) {
    Recurrence *rc = L->recur;
    if (!rc || !recurrence_element(L, lhs, false))
        return false;
    if (rc->updated) {
        lift_fail(L, c, "update the recurrence once per iteration", "'%s' is assigned twice",
                  extent_text(L->fe, lhs));
        return true;
    }
    Operand old = strcmp(op, "=") ? lift_expr(L, lhs) : opd_none();
    scan_affine_update(L, c, rc->acc, op, rhs, &old);
    rc->updated = true;
    Operand idx[4];
    int n = 0;
    Buffer *buf = L->failed ? NULL : lift_subscripts(L, lhs, idx, &n);
    if (buf)
        write_element(L, c, buf, idx, n, scan_value(L, c, rc->acc));
    return true;
}

/* scan(affine: y) of an array y: the hidden accumulator, starting at
 * y[lo - 1]; -1 after a diagnostic. */
static int recurrence_binding(Lift *L, Canon *cn, Pragma *pg, int array, Recurrence *rc,
                              const char **fallback) {
    Binding *y = &L->env[array];
    const char *form = arena_printf(L->a, "%s[%s] = a * %s[%s - 1] + b", y->name, cn->index_name,
                                    y->name, cn->index_name);
    /* + and * are affine (a = 1, b = 0) */
    if (pg->op_given && pg->op != RED_AFFINE && pg->op != RED_ADD && pg->op != RED_MUL)
        *fallback = arena_printf(L->a,
                                 "'%s' is an array: its rows are scanned where the body is one "
                                 "inner map loop over the columns, and the array form is the "
                                 "affine recurrence %s",
                                 y->name, form);
    else if (y->buf->rank != 1 || !type_is_float(y->buf->elem) || cn->down ||
             cn->step.kind != OPD_NONE)
        *fallback = arena_printf(L->a,
                                 "the recurrence %s is scanned over a one-dimensional floating "
                                 "array by a loop counting up by one",
                                 form);
    if (*fallback)
        return -1;
    Builder bd = lift_builder(L, cn->body);
    Operand start = b_sub(&bd, cn->lo, opd_int(1));
    Operand init = read_element(L, cn->body, y->buf, &start, 1);
    rc->array = array;
    rc->counter = cn->index_name;
    rc->prev = arena_printf(L->a, "%s-1", cn->index_name);
    Binding *b = env_bind(L, clang_getNullCursor(), L->env[array].name);
    b->ty = L->env[array].buf->elem;
    b->val = init;
    rc->acc = L->nenv - 1;
    return rc->acc;
}

/* The binding pg's variable names, if it is an array. */
static int array_binding(Lift *L, Pragma *pg) {
    int b = env_named(L, pg->vars.items[0]);
    if (b < 0) /* scan(affine: st->u) */
        b = pointer_field_binding(L, pg->vars.items[0]);
    return b >= 0 && L->env[b].is_array && L->env[b].buf ? b : -1;
}

/* ---- the three statements ---- */
Stmt *element_write(Lift *L, SrcLoc loc, Buffer *buf, Operand idx, Operand v) {
    return stmt_write(L->a, loc, buf, idx, v);
}

/* k = index - lo and acc's prefix before the iteration, read first. */
static Operand read_prefix_first(Lift *L, Stmt *m, Buffer *prefix, Var *before) {
    Body *head = body_new(L->a);
    Builder hb = {L->a, L->f, head, m->loc};
    Operand k =
        b_sub(&hb, b_cast(&hb, type_long(), opd_var(m->index)), b_cast(&hb, type_long(), m->lo));
    Stmt *rd = stmt_new(L->a, S_READ, m->loc);
    rd->buf = prefix;
    rd->nidx = 1;
    rd->idx[0] = k;
    rd->dst = before;
    body_append(L->a, head, rd);
    for (int i = 0; i < m->body->stmts.len; i++)
        body_append(L->a, head, m->body->stmts.items[i]);
    m->body->stmts = head->stmts;
    return k;
}

/* The map computing the terms: the slice of the iteration's body that
 * computes term[q] (one, or A and B for affine scans), copied with fresh
 * variables, writing terms[q][k]. */
static Stmt *terms_map(Lift *L, CXCursor c, Stmt *m, Operand k, int nterms, Operand *term,
                       Buffer **terms, Buffer *prefix, const char *name, const char **fallback) {
    Slice sl = {L, xcalloc((size_t)L->f->next_var_id + 1, 1), L->f->next_var_id, {0}, {0}, false};
    local_arrays(&sl, m->body);
    for (int q = 0; q < nterms; q++)
        need_operand(&term[q], &sl);
    need_operand(&k, &sl);
    int *at = xcalloc((size_t)m->body->stmts.len + 1, sizeof(int));
    Body *body = without_effects(&sl, slice_body(&sl, m->body, at));
    free(sl.need);
    SliceCheck ck = {L->a, prefix, m->body, 0, {0}, NULL};
    check_slice(&ck, body, at);
    free(at);
    /* A term that reads the accumulator breaks the scan's promise; the
     * other reasons are the rule's: the loop is still the sequential loop
     * it is, differentiated as such (lift_for undoes the lifting). */
    if (ck.why && !strstr(ck.why, "depends on the value")) {
        *fallback = arena_printf(L->a, ck.why, name);
        return NULL;
    }
    if (ck.why && nterms == 2)
        lift_fail(L, c,
                  arena_printf(L->a,
                               "write the recurrence as %s = a * %s + b, with a and b computed "
                               "without %s and before the loop's writes",
                               name, name, name),
                  "%s",
                  arena_printf(L->a,
                               arena_printf(L->a, "this loop is not a scan of '%%s': %s", ck.why),
                               name, name));
    else if (ck.why)
        lift_fail(L, c,
                  arena_printf(L->a,
                               "compute each iteration's term from the inputs into a local "
                               "first, e.g. double v = ...; y[i] = v; %s += v; (for a recurrence "
                               "%s = a * %s + b: scan(affine: %s))",
                               name, name, name, name),
                  "%s",
                  arena_printf(L->a,
                               arena_printf(L->a, "this loop is not a scan of '%%s': %s", ck.why),
                               name, name));
    if (ck.why)
        return NULL;
    for (int q = 0; q < nterms; q++)
        body_append(L->a, body, element_write(L, m->loc, terms[q], k, term[q]));
    Stmt *t = stmt_new(L->a, S_MAP, m->loc);
    *t = *m;
    t->body = body;
    t->note = arena_printf(L->a, "the terms of the scan of %s", name);
    Body *one = body_new(L->a);
    body_append(L->a, one, t);
    return body_clone(L->a, L->f, one)->stmts.items[0];
}

/* The scan of binding b (rc: the hidden accumulator of an array
 * recurrence). */
static bool scan_of(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u, int b, Recurrence *rc,
                    const char **fallback) {
    const char *name = L->env[b].name;
    Type ty = L->env[b].ty;
    if (!type_is_float(ty))
        return false; /* no derivative flows through it: the loop runs as written */
    int op = rc ? RED_AFFINE : pg->op_given ? (int)pg->op : infer_op(L, cn->body, b, &u);
    if (u && u->ty.kind != ty.kind) {
        lift_fail_at(L, *(SrcLoc *)pg->var_locs.items[0],
                     arena_printf(L->a, "declare '%s' as %s", name, type_cname(u->ty)),
                     arena_printf(L->a, "'%%s' is a %s, but the operator '%s' combines %s values",
                                  type_cname(ty), u->name, type_cname(u->ty)),
                     name);
        return true;
    }
    if (op < 0) {
        lift_fail_at(L, pg->loc,
                     arena_printf(L->a,
                                  "write the operator, e.g. scan(+: %s), or update %s as %s "
                                  "+= e, %s *= e, %s = fmin(%s, e), %s = fmax(%s, e) or %s = a "
                                  "* %s + b",
                                  name, name, name, name, name, name, name, name, name, name),
                     "cannot tell the operator of the scan of '%s' from the loop", name);
        return true;
    }
    Builder bd = lift_builder(L, c);
    Operand lo = b_cast(&bd, type_long(), cn->lo), hi = b_cast(&bd, type_long(), cn->hi);
    Operand n = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    Operand init = L->env[b].val;
    bool affine = op == RED_AFFINE;
    const char *id = ident_of(L->a, name);
    Buffer *terms[2] = {
        heap_array(L, loc_of(L, c), arena_printf(L->a, affine ? "%s_factors" : "%s_terms", id), ty,
                   n),
        affine ? heap_array(L, loc_of(L, c), arena_printf(L->a, "%s_terms", id), ty, n) : NULL};
    Buffer *prefix =
        heap_array(L, loc_of(L, c), arena_printf(L->a, "%s_prefix", ident_of(L->a, name)), ty,
                   b_add(&bd, n, opd_int(1)));
    /* the terms' map and the scan write every element before it is read */
    for (int q = 0; q < 2; q++)
        if (terms[q])
            terms[q]->filled_first = true;
    prefix->filled_first = true;

    Stmt *m = loop_stmt(L, c, S_MAP, cn, pg);
    m->text = "map"; /* in the output the iterations are a map over the prefixes */
    m->note = arena_printf(L->a, "the iterations, each from %s's prefix before it", name);
    Var *before = var_new(L->a, L->f, name, ty);
    int factor = -1; /* affine: the binding of the iteration's factor, merged at ifs as acc is */
    if (affine) {
        Binding *fb = env_bind(L, clang_getNullCursor(), arena_printf(L->a, "%s_factor", id));
        fb->ty = ty;
        fb->val = b_fconst(1, ty);
        factor = L->nenv - 1;
    }
    Binding *acc = &L->env[b];
    acc->scan_factor = factor + 1;
    acc->role = ROLE_SCAN;
    acc->acc_barrier = L->nbarriers + 1; /* the barrier lift_parallel_body pushes */
    acc->acc_op = (ReduceOp)op;
    acc->acc_uop = u;
    acc->scan_prefix = before;
    acc->val = identity_of((ReduceOp)op, u, ty);
    /* a scan nested in a recurrence's body leaves y[i - 1] the outer one's */
    Recurrence *outer = L->recur;
    if (rc)
        L->recur = rc;
    lift_parallel_body(L, m, cn, BARRIER_REDUCE);
    L->recur = outer;
    acc = &L->env[b];
    /* affine: A, then B; otherwise the term */
    Operand term[2] = {affine ? L->env[factor].val : acc->val, acc->val};
    if (affine)
        L->nenv = factor;
    acc->role = ROLE_NORMAL;
    acc->scan_prefix = NULL;
    acc->scan_factor = 0;
    acc->acc_uop = NULL;
    acc->val = init;
    if (L->failed)
        return true;
    /* Neither is a scan pargrad can take apart; the loop is still the
     * sequential loop it is (lift_for undoes the lifting). */
    if (rc && !rc->updated) {
        *fallback = arena_printf(L->a,
                                 "'%s' is not updated as the recurrence %s[%s] = a * %s[%s - 1] + "
                                 "b, nor are its rows scanned (a body of one inner map loop over "
                                 "the columns after declarations that call no function of the "
                                 "program)",
                                 name, name, cn->index_name, name, cn->index_name);
        return false;
    }
    if (affine ? opd_is_const(term[0], 1) && opd_is_const(term[1], 0)
               : opd_equal(term[0], identity_of((ReduceOp)op, u, ty))) {
        *fallback = arena_printf(L->a, "the scan variable '%s' is not updated in the loop", name);
        return false;
    }
    Operand k = read_prefix_first(L, m, prefix, before);
    Stmt *t = terms_map(L, c, m, k, affine ? 2 : 1, term, terms, prefix, name, fallback);
    if (!t)
        return !*fallback;
    t->text = "map";
    body_append(L->a, L->cur, t);
    Stmt *s = stmt_new(L->a, S_SCAN, loc_of(L, c));
    s->scan_op = (ReduceOp)op;
    s->uop = u;
    s->buf = prefix;
    s->scan_in[0] = terms[0];
    s->scan_in[1] = terms[1];
    s->hi = n;
    s->nargs = 1;
    s->args[0] = b_cast(&bd, ty, init);
    s->note = arena_printf(L->a,
                           "%s before each iteration: a parallel scan, one pass for the blocks' "
                           "sums and one to scan each block from its start",
                           name);
    body_append(L->a, L->cur, s);
    body_append(L->a, L->cur, m);
    Stmt *rd = stmt_new(L->a, S_READ, loc_of(L, c));
    rd->buf = prefix;
    rd->nidx = 1;
    rd->idx[0] = n;
    rd->dst = var_new(L->a, L->f, name, ty);
    body_append(L->a, L->cur, rd);
    if (rc) /* the uses wrote y; the hidden accumulator goes */
        L->nenv = b;
    else
        assign_field(L, c, b, opd_var(rd->dst));
    return true;
}

/* ---- a scan of a row of accumulators ----
 *
 * scan(OP: acc) over an array acc, each iteration updating its columns in
 * an inner map loop, acc[j] OP= e (a vectorised operator), is a map over
 * the columns of scalar scans down the rows: the loops are interchanged,
 * acc[j] stands for a scalar accumulator in each column's scan, read from
 * acc[j] before it and written back after it. The interchange is sound by
 * the two promises: the scan's iterations interact only through acc, the
 * inner map's not at all, and each touches only its column acc[j]. */

/* Whether a declaration before the columns' loop may run once per column
 * (the interchange runs it so): no assignments, no calls but math.h's. */
static enum CXChildVisitResult find_effect(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Lift *L = ((void **)data)[0];
    bool *effect = ((void **)data)[1];
    enum CXCursorKind k = clang_getCursorKind(c);
    Type ty;
    bool postfix;
    if (k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "=")) ||
        (k == CXCursor_UnaryOperator &&
         (!strcmp(unop_of(L, c, &postfix), "++") || !strcmp(unop_of(L, c, &postfix), "--"))) ||
        (k == CXCursor_CallExpr && deriv_lookup(cursor_spelling(L, c), &ty) < 0)) {
        *effect = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The loop over the columns: the body's last statement, a for loop, after
 * declarations without effects (*prelude, *n), or a null cursor. */
static CXCursor columns_loop(Lift *L, CXCursor body, const CXCursor **prelude, int *n) {
    CXCursor c = body;
    *prelude = NULL;
    *n = 0;
    if (L && clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        KidList k = all_kids(L->a, c);
        if (!k.n)
            return clang_getNullCursor();
        for (int i = 0; i + 1 < k.n; i++) {
            bool effect = false;
            void *data[2] = {L, &effect};
            if (clang_getCursorKind(k.items[i]) != CXCursor_DeclStmt)
                return clang_getNullCursor();
            clang_visitChildren(k.items[i], find_effect, data);
            if (effect)
                return clang_getNullCursor();
        }
        *prelude = k.items;
        *n = k.n - 1;
        c = k.items[k.n - 1];
    }
    while (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        Kids k = kids_of(c);
        if (k.n != 1)
            return clang_getNullCursor();
        c = k.items[0];
    }
    return clang_getCursorKind(c) == CXCursor_ForStmt ? c : clang_getNullCursor();
}

/* scan(OP: acc) of an array acc: by rows where the body is one loop after
 * declarations (else it is the recurrence acc[i] = a * acc[i - 1] + b). */
static bool scans_rows(Lift *L, Canon *cn) {
    const CXCursor *prelude;
    int n;
    return !clang_Cursor_isNull(columns_loop(L, cn->body, &prelude, &n));
}

typedef struct ColumnUses {
    CXCursor acc, column; /* the declarations of acc and of j */
    CXCursor bad;         /* the first other use of acc */
} ColumnUses;

static bool refers_to_decl(CXCursor e, CXCursor decl) {
    CXCursor s = strip_casts(e);
    return clang_getCursorKind(s) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(s), decl);
}

static enum CXChildVisitResult find_other_use(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ColumnUses *cu = data;
    if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
        Kids k = kids_of(c);
        if (refers_to_decl(k.items[0], cu->acc) && refers_to_decl(k.items[1], cu->column))
            return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(c), cu->acc)) {
        cu->bad = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Why the loop nest is not a scan of acc's columns the interchange may
 * run, or NULL. */
static const char *not_by_columns(Lift *L, Canon *cn, CXCursor inner, Canon *cj, int array) {
    const char *acc = L->env[array].name;
    Pragma *ipg = loop_pragma(L, inner);
    if (!ipg || ipg->kind != PG_MAP || ipg->sequential_why)
        return arena_printf(L->a,
                            "its inner loop over the columns of '%s' (line %d) carries no "
                            "'#pragma pargrad map' (with it the columns are scanned in parallel)",
                            acc, loc_of(L, inner).line);
    /* the declarations before the loop use neither acc nor j */
    ColumnUses cu = {L->env[array].decl, clang_getNullCursor(), clang_getNullCursor()};
    ColumnUses cj_uses = {cj->index_decl, clang_getNullCursor(), clang_getNullCursor()};
    for (int i = 0; i < cn->nprelude && clang_Cursor_isNull(cu.bad); i++) {
        clang_visitChildren(cn->prelude[i], find_other_use, &cu);
        clang_visitChildren(cn->prelude[i], find_other_use, &cj_uses);
        if (!clang_Cursor_isNull(cj_uses.bad))
            cu.bad = cj_uses.bad;
    }
    cu.column = cj->index_decl;
    if (clang_Cursor_isNull(cu.bad))
        clang_visitChildren(inner, find_other_use, &cu);
    if (!clang_Cursor_isNull(cu.bad))
        return arena_printf(L->a, "line %d uses '%s' otherwise than as %s[%s] in the inner loop",
                            loc_of(L, cu.bad).line,
                            clang_equalCursors(clang_getCursorReferenced(cu.bad), cj->index_decl)
                                ? cj->index_name
                                : acc,
                            acc, cj->index_name);
    ColumnUses outer = {cn->index_decl, cn->index_decl, clang_getNullCursor()};
    Kids k = kids_of(inner);
    for (int i = 0; i + 1 < k.n && clang_Cursor_isNull(outer.bad); i++)
        clang_visitChildren(k.items[i], find_other_use, &outer);
    if (!clang_Cursor_isNull(outer.bad))
        return arena_printf(L->a, "the bounds of its inner loop (line %d) depend on '%s'",
                            loc_of(L, inner).line, cn->index_name);
    return NULL;
}

static int accesses_of(Body *b, Buffer *buf) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += (s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC) && s->buf == buf;
        n += accesses_of(s->then_body, buf) + accesses_of(s->else_body, buf) +
             accesses_of(s->body, buf);
    }
    return n;
}

typedef struct ColumnScan {
    CXCursor loop;
    Canon *cn, *cj;
    Pragma *pg;
    UserOp *u;
    int array;
    const char **fallback;
    bool lifted; /* false: differentiated as the sequential loop (*fallback says why) */
} ColumnScan;

/* One column's iteration of the interchanged nest: acc[j]'s scan. */
static void lift_column_scan(Lift *L, void *ctx) {
    ColumnScan *cs = ctx;
    Buffer *buf = L->env[cs->array].buf;
    int jb = env_named(L, cs->cj->index_name);
    Operand j = L->env[jb].val;
    Operand first = read_element(L, cs->cj->body, buf, &j, 1);
    Binding *col = env_bind(L, clang_getNullCursor(), L->env[cs->array].name);
    col->ty = buf->elem;
    col->val = first;
    int b = L->nenv - 1;
    L->env[cs->array].row_elem = b + 1;
    L->env[cs->array].row_index = jb;
    cs->lifted = scan_of(L, cs->loop, cs->cn, cs->pg, cs->u, b, NULL, cs->fallback);
    L->env[cs->array].row_elem = 0;
    if (cs->lifted && !L->failed)
        write_element(L, cs->cj->body, buf, &j, 1, L->env[b].val);
}

static bool lift_scan_rows(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u, int array,
                           const char **fallback) {
    const char *acc = L->env[array].name;
    Canon rows = *cn;
    CXCursor inner = columns_loop(L, cn->body, &rows.prelude, &rows.nprelude);
    if (clang_Cursor_isNull(inner)) {
        *fallback = arena_printf(L->a,
                                 "'%s' is an array, but the loop's body is not one loop over its "
                                 "columns after declarations (a scan of its rows)",
                                 acc);
        return false;
    }
    Canon cj;
    if (!canonical_or_rolled_back(L, inner, &cj)) {
        *fallback = arena_printf(L->a, "its inner loop (line %d) is not a counted loop",
                                 loc_of(L, inner).line);
        return false;
    }
    if (L->failed)
        return true;
    *fallback = not_by_columns(L, &rows, inner, &cj, array);
    if (*fallback)
        return false;
    int jb = cj.outer ? env_lookup(L, cj.counter_ref) : -1;
    Operand j_before = jb >= 0 ? L->env[jb].val : opd_none();
    Stmt *m = loop_stmt(L, inner, S_MAP, &cj, loop_pragma(L, inner));
    m->note = arena_printf(L->a,
                           "the columns of %s, each scanned down the rows of line %d "
                           "(the loops interchanged)",
                           acc, loc_of(L, c).line);
    rows.body = cj.body;
    ColumnScan cs = {c, &rows, &cj, pg, u, array, fallback, false};
    lift_parallel_iteration(L, m, &cj, BARRIER_MAP, lift_column_scan, &cs);
    if (L->failed)
        return true;
    if (!cs.lifted)
        return false;
    /* another name for acc (a pointer to it, a helper's parameter) read
     * elements the columns' scalars hold: not by columns then */
    if (accesses_of(m->body, L->env[array].buf) != 2) {
        *fallback = arena_printf(L->a, "'%s' is also used through another name in the loop", acc);
        return false;
    }
    body_append(L->a, L->cur, m);
    if (jb >= 0) { /* as C leaves it: at its end if any row ran */
        Builder bd = lift_builder(L, c);
        Operand end = cj.exit;
        if (j_before.kind != OPD_NONE)
            end = b_select(&bd, b_cmp(&bd, OP_GT, cn->hi, cn->lo), cj.exit, j_before);
        L->env[jb].val = named(L, c, end, cj.index_name);
    }
    return true;
}

bool lift_scan(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u, const char **fallback) {
    if (pg->vars.len != 1) {
        *fallback = pg->kind == PG_REDUCE
                        ? arena_printf(L->a,
                                       "a reduce of '%s' is differentiated as a scan (the "
                                       "general rule), of one variable per loop",
                                       pg->op_name ? pg->op_name : "affine")
                        : "pargrad scans one variable per loop";
        return false;
    }
    int array = pg->kind == PG_SCAN ? array_binding(L, pg) : -1;
    if (array >= 0 && scans_rows(L, cn))
        return lift_scan_rows(L, c, cn, pg, u, array, fallback);
    Recurrence rc = {0};
    int b = array >= 0 ? recurrence_binding(L, cn, pg, array, &rc, fallback)
                       : accumulator_binding(L, pg, 0);
    if (b < 0)
        return !*fallback;
    return scan_of(L, c, cn, pg, u, b, array >= 0 ? &rc : NULL, fallback);
}
