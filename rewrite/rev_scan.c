/* Reverse rule for scan (Bruun et al., "Reverse-Mode AD of Reduce-by-Index
 * and Scan in Futhark", the scan section).
 *
 * The lifter splits a `#pragma pargrad scan` loop into a map that computes
 * each iteration's term into T, a scan statement over arrays, P[0] = init
 * and P[k+1] = P[k] OP T[k] (P[k] is the value before iteration k), and a
 * map running the iterations' uses, which read P[k]. The maps have their
 * own rule; this file is the scan statement's.
 *
 * With P_b the adjoints the uses and the later code left in P, the total
 * adjoint of P[k] is the linear recurrence run from the top
 *     Q[n] = P_b[n],  Q[k] = P_b[k] + c_k * Q[k+1],  c_k = d(P[k] OP T[k]) / dP[k],
 * a reversed affine scan (a reversed + scan where every c_k is 1). Then
 * T_b[k] += d_k * Q[k+1], d_k the partial in T[k], and init's adjoint is
 * Q[0]. This is the paper's linear-function composition for scalar
 * operators; it divides by nothing, so the zeros of * need no counting,
 * and min and max pass the adjoint to the argument fmin and fmax return
 * (their derivatives in derivs.c, the same tie rule as everywhere). */
#include "derivs.h"
#include "rev.h"

/* P is a temporary of the scan's own, filled once by it: nothing to save. */
void rev_scan_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    (void)dead;
    body_append(r->a, out, s);
}

Buffer *rule_temp(Rev *r, Builder *bd, const char *name, Type ty, Operand count) {
    Buffer *b = buffer_new(r->a, r->dst, name, ty, BUF_LOCAL);
    b->rank = 1;
    b->heap = true;
    b->filled_first = true; /* the rules fill their temporaries before reading them */
    Stmt *al = stmt_new(r->a, S_ALLOC, bd->loc);
    al->buf = b;
    al->nargs = 1;
    al->args[0] = count;
    body_append(r->a, bd->b, al);
    return b;
}

void rule_free(Rev *r, Builder *bd, Buffer *b) {
    Stmt *fr = stmt_new(r->a, S_FREE, bd->loc);
    fr->buf = b;
    body_append(r->a, bd->b, fr);
}

Operand rule_read(Rev *r, Builder *bd, Buffer *b, Operand idx) {
    Stmt *rd = stmt_new(r->a, S_READ, bd->loc);
    rd->buf = b;
    rd->nidx = 1;
    rd->idx[0] = idx;
    rd->dst = var_new(r->a, r->dst, TEMP_NAME, b->elem);
    body_append(r->a, bd->b, rd);
    return opd_var(rd->dst);
}

static void accumulate_at(Rev *r, Builder *bd, Buffer *b, Operand idx, Operand v) {
    /* one element per iteration: plain */
    body_append(r->a, bd->b, stmt_acc(r->a, bd->loc, b, idx, b_cast(bd, b->elem, v), ACC_PLAIN));
}

/* A map over k in [0, n), its index and body builder. */
Stmt *rule_map(Rev *r, Stmt *s, Operand n, const char *note, Builder *in) {
    Stmt *m = stmt_new(r->a, S_MAP, s->loc);
    m->index = var_new(r->a, r->dst, "k", type_long());
    m->lo = opd_int(0);
    m->hi = n;
    m->note = note;
    m->body = body_new(r->a);
    *in = (Builder){r->a, r->dst, m->body, s->loc};
    return m;
}

/* if (cond) with empty branches. */
Stmt *rule_if(Rev *r, SrcLoc loc, Operand cond) {
    Stmt *s = stmt_new(r->a, S_IF, loc);
    s->cond = cond;
    s->then_body = body_new(r->a);
    s->else_body = body_new(r->a);
    return s;
}

/* The partial of p OP t in p (arg 0) or in t (arg 1). */
static Operand scan_partial(Builder *bd, Stmt *s, int arg, Operand p, Operand t) {
    ReduceOp op = s->scan_op;
    Type ty = p.ty, fty;
    if (op == RED_USER)
        return b_uop(bd, arg ? OP_UOP_D1 : OP_UOP_D0, s->uop, p, t);
    if (op == RED_ADD)
        return b_fconst(1, ty);
    if (op == RED_MUL)
        return arg == 0 ? t : p;
    const char *name = op == RED_MIN ? "fmin" : "fmax";
    int fn = deriv_lookup(ty.kind == TY_FLOAT ? arena_printf(bd->a, "%sf", name) : name, &fty);
    Operand args[2] = {p, t};
    return deriv_partial(bd, fn, arg, args, b_call(bd, fn, p, t));
}

typedef struct ReadsElsewhere {
    Arena *a;
    Buffer *buf;
    Operand at;
    bool other;    /* buf read otherwise than by plain reads */
    PtrVec values; /* Var*: what the reads of other elements give */
    bool used;     /* some of those values are used */
} ReadsElsewhere;

static void collect_reads(ReadsElsewhere *re, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_READ && s->buf == re->buf) {
            if (s->nidx != 1 || !opd_equal(s->idx[0], re->at))
                vec_push(re->a, &re->values, s->dst);
        } else if (s->kind != S_BLOCK && s->kind != S_IF && s->kind != S_LOOP && s->kind != S_MAP &&
                   s->kind != S_REDUCE && stmt_reads_buffer(s, re->buf)) {
            re->other = true;
        }
        collect_reads(re, s->then_body);
        collect_reads(re, s->else_body);
        collect_reads(re, s->body);
    }
}

static void note_use(Operand *o, void *ctx) {
    ReadsElsewhere *re = ctx;
    re->used |= o->kind == OPD_VAR && vec_contains(&re->values, o->var);
}

static void find_uses(ReadsElsewhere *re, Body *b) {
    for (int i = 0; b && i < b->stmts.len && !re->used; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, note_use, re);
        find_uses(re, s->then_body);
        find_uses(re, s->else_body);
        find_uses(re, s->body);
    }
}

/* Whether the values b reads from buf are only its element `at` (reads of
 * other elements whose values go unused do not count: the map of a
 * reduce's iterations reads the prefix before each, which nothing uses). */
static bool read_only_at(Arena *a, Body *b, Buffer *buf, Operand at) {
    ReadsElsewhere re = {.a = a, .buf = buf, .at = at};
    collect_reads(&re, b);
    if (!re.other && re.values.len)
        find_uses(&re, b);
    return !re.other && !re.used;
}

/* ---- the factors again ----
 *
 * The adjoint of a * or affine scan runs the recurrence of the prefixes'
 * adjoints from the top with the factors (the terms themselves for *).
 * Where the map before the scan computes them (the lifted terms' map: it
 * writes only the terms, from what is as it was when it ran), a copy of it
 * computes them again for the adjoint: fused with the scan's passes, the
 * factors then live in registers in both sweeps instead of an array the
 * forward writes and the adjoint reads twice. */
typedef struct Refactor {
    Buffer *from, *to, *drop;
    Arena *a;
} Refactor;

static bool redirect_factor(void *ctx, Stmt *w, Body *out) {
    Refactor *rf = ctx;
    if (w->kind != S_WRITE || (w->buf != rf->from && w->buf != rf->drop))
        return false;
    if (w->buf == rf->from) {
        Stmt *c = stmt_new(rf->a, S_WRITE, w->loc);
        *c = *w;
        c->buf = rf->to;
        body_append(rf->a, out, c);
    }
    return true;
}

/* The terms' map just before scan s in the body being swept, if it writes
 * nothing but the scan's inputs and reads neither them nor the prefixes. */
static Stmt *terms_map_before(Rev *r, Stmt *s) {
    Body *b = r->cur_body;
    int at = -1;
    for (int i = 0; b && i < b->stmts.len && at < 0; i++)
        if (b->stmts.items[i] == s)
            at = i;
    while (--at >= 0) {
        Stmt *m = b->stmts.items[at];
        if (m->kind == S_LET || m->kind == S_COMMENT)
            continue;
        if (m->kind != S_MAP || !stmt_writes_buffer(m, s->scan_in[0]))
            return NULL;
        PtrVec written = {0};
        collect_written(r, m, &written);
        for (int w = 0; w < written.len; w++)
            if (written.items[w] != s->scan_in[0] && written.items[w] != s->scan_in[1])
                return NULL;
        for (int q = 0; q < 2; q++)
            if (s->scan_in[q] && stmt_reads_buffer(m, s->scan_in[q]))
                return NULL;
        return stmt_reads_buffer(m, s->buf) ? NULL : m;
    }
    return NULL;
}

static Buffer *factors_again(Rev *r, Stmt *s, Builder *bd) {
    Stmt *m = terms_map_before(r, s);
    Buffer *t = s->scan_in[0];
    if (!m)
        return NULL;
    Buffer *again =
        rule_temp(r, bd, arena_printf(r->a, "%s_again", buffer_label(r->a, t)), t->elem, s->hi);
    Refactor rf = {t, again, s->scan_in[1], r->a};
    Stmt *c = stmt_new(r->a, S_MAP, m->loc);
    *c = *m;
    c->note = arena_printf(r->a, "%s again, for the adjoint",
                           s->scan_in[1] ? "the factors" : "the terms");
    c->body = body_rewrite(r->a, m->body, redirect_factor, &rf);
    body_append(r->a, bd->b, c);
    return again;
}

void rev_scan_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    (void)dead;
    Buffer *p = s->buf, *t = s->scan_in[0];
    if (!p->active || !p->adj)
        return;
    Builder bd = {r->a, r->dst, out, s->loc};
    Operand n = s->hi, one = opd_int(1);
    const char *label = buffer_label(r->a, p);
    b_comment(&bd, arena_printf(r->a,
                                "adjoint of the scan into %s: the adjoint of each prefix is the "
                                "sum of the later ones' adjoints through the operator, a scan "
                                "from the top",
                                label));
    Buffer *total = rule_temp(r, &bd, arena_printf(r->a, "%s_b_total", label), p->elem,
                              b_add(&bd, b_cast(&bd, type_long(), n), one));
    Buffer *factor = NULL;
    Stmt *sc = stmt_new(r->a, S_SCAN, s->loc);
    sc->reversed = true;
    sc->buf = total;
    sc->hi = n;
    sc->nargs = 1;
    sc->args[0] = rule_read(r, &bd, p->adj, n);
    sc->note = "adjoints of the prefixes";
    /* A reduce lifted as a scan reads only the last prefix: the others'
     * adjoints are zero, and the adjoints of the prefixes are products of
     * the factors from the top (no terms to read). */
    bool last_only = read_only_at(r->a, r->src->body, p, n);
    if (s->scan_op == RED_ADD) {
        sc->scan_op = RED_ADD;
        sc->scan_in[0] = p->adj;
    } else {
        /* Q[k] = c_k * Q[k+1] + P_b[k]: affine, with c_k the factor */
        sc->scan_op = RED_AFFINE;
        sc->scan_in[1] = p->adj;
        if (s->scan_op == RED_AFFINE || s->scan_op == RED_MUL) {
            factor = factors_again(r, s, &bd);
            sc->scan_in[0] = factor ? factor : t; /* a[k], or the term itself for * */
        } else {
            factor = rule_temp(r, &bd, arena_printf(r->a, "%s_b_factor", label), p->elem, n);
            Builder in;
            Stmt *m = rule_map(r, s, n,
                               s->uop ? "the partial of each step in the prefix before it"
                                      : "which argument each fmin/fmax passes on",
                               &in);
            Operand k = opd_var(m->index);
            Operand c = scan_partial(&in, s, 0, rule_read(r, &in, p, k), rule_read(r, &in, t, k));
            Stmt *w = stmt_new(r->a, S_WRITE, s->loc);
            w->buf = factor;
            w->nidx = 1;
            w->idx[0] = k;
            w->nargs = 1;
            w->args[0] = b_cast(&in, p->elem, c);
            body_append(r->a, m->body, w);
            body_append(r->a, out, m);
            sc->scan_in[0] = factor;
        }
        if (last_only) {
            sc->scan_op = RED_MUL;
            sc->scan_in[1] = NULL;
            sc->note = "adjoints of the prefixes, products of the factors from the top (only the "
                       "last prefix has a seed)";
        }
    }
    body_append(r->a, out, sc);
    Buffer *last = s->scan_in[1] ? s->scan_in[1] : t; /* the term, b[k] for affine */
    bool terms = last->active && last->adj, coefs = s->scan_in[1] && t->active && t->adj;
    if (terms || coefs) {
        Builder in;
        Stmt *m = rule_map(r, s, n, "adjoints of the terms", &in);
        Operand k = opd_var(m->index);
        Operand q = rule_read(r, &in, total, b_add(&in, k, one));
        if (coefs) /* d(a * x + b) / da = x */
            accumulate_at(r, &in, t->adj, k, b_mul(&in, q, rule_read(r, &in, p, k)));
        if (terms && s->scan_in[1])
            accumulate_at(r, &in, last->adj, k, q);
        else if (terms)
            accumulate_at(
                r, &in, t->adj, k,
                b_mul(&in, q,
                      scan_partial(&in, s, 1, rule_read(r, &in, p, k), rule_read(r, &in, t, k))));
        body_append(r->a, out, m);
    }
    add_adjoint(r, &bd, s->args[0], rule_read(r, &bd, total, opd_int(0)));
    if (factor)
        rule_free(r, &bd, factor);
    rule_free(r, &bd, total);
}
