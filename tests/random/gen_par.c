/* pargrad_gen (see gen.c): the parallel constructs: maps and scatters, private
 * scalars, reduces (also of declared operators), scans, histograms. */
#include <string.h>

#include "gen.h"

/* ------------------------------------------------------------------ */
/* parallel constructs: map, scatter, reduce, scan, histogram         */

/* the arrays a map may write: outputs, temporaries, buffers (not being
 * written by an enclosing map) */
struct array *pick_target(int need_init, int fresh) {
    struct array *cand[MAX_ARRAYS];
    int k = 0;
    for (int i = 0; i < cx.narrays; i++) {
        struct array *a = &cx.arrays[i];
        if (!a->input && !a->writing && !a->locked && (!need_init || a->extent > 0) &&
            (!fresh || a->extent == 0))
            cand[k++] = a;
    }
    return k ? cand[rnd(k)] : NULL;
}

static void map_over(struct block b, int count, struct array *t, int range, int inner,
                     const char *row_start);

/* lhs from the dot product of row r of x (r < n) with a function of the
 * iteration's value a (from e and the row's first element): in the
 * adjoint's inner loop a_b is a sum */
static void gen_row_dot(struct block b, const char *lhs, const char *r, struct node *e) {
    const char *a = fresh("a"), *s = fresh("s"), *j = fresh("j");
    const char *xr = fmt("x[(%s) * m + %s]", r, j);
    static const char *const terms[] = {"%s * %s", "%s * %s * %s", "sin(%s * %s) + 0.5 * %s"};
    int k = rnd(3);
    const char *term = k == 0 ? fmt(terms[0], a, xr) : fmt(terms[k], a, xr, xr);
    const char *end =
        rnd(2) ? fmt("%s = %s;", lhs, s) : fmt("%s = tanh(%s) + 0.5 * %s;", lhs, s, a);
    /* a active: its adjoint is what the inner loop sums */
    struct node *n = stmt(
        b,
        fmt("const double %s = 0.5 * (%%0) + x[(%s) * m];\ndouble %s = 0.0;\nfor (int %s = 0; %s < "
            "m; %s++)\n    %s += %s;\n%s",
            a, r, s, j, j, j, s, term, end));
    n->kid[n->nkid++] = e;
}

/* K_MAT_ROWS: the write of a matrix product's row, x seen as n rows of m,
 * each row's sum weighted by a value of the iteration */
static void gen_mat_rows(struct block b, const char *lhs, struct node *e) {
    const char *s = fresh("s"), *k = fresh("k"), *j = fresh("j"), *a = fresh("a"), *r = fresh("r");
    struct node *n = stmt(b, fmt("double %s = 0.0;\nfor (int %s = 0; %s < n; %s++) {\n"
                                 "    const double %s = (%%0) * (0.5 + 0.125 * %s);\n"
                                 "    double %s = 0.0;\n"
                                 "    for (int %s = 0; %s < m; %s++)\n"
                                 "        %s += x[%s * m + %s];\n"
                                 "    %s += 0.02 * %s * %s;\n}\n%s = %s;",
                                 s, k, k, k, a, k, r, j, j, j, r, k, j, s, a, r, lhs, s));
    n->kid[n->nkid++] = e;
}

/* the final write of a map body: plain, in place, ?: or if/else */
static void gen_write(struct block b, struct array *t, const char *idx, struct node *extra) {
    const char *lhs = fmt("%s[%s]", t->name, idx);
    if (on(K_VIEW) && chance(20)) { /* through a pointer to the element */
        const char *p = fresh("pv");
        stmt(b, rnd(2) ? fmt("double *%s = &%s[%s];", p, t->name, idx)
                       : fmt("double *%s = %s + (%s);", p, t->name, idx));
        lhs = rnd(2) ? fmt("(*%s)", p) : fmt("%s[0]", p);
    }
    int inplace = t->extent >= t->need && on(K_INPLACE) && chance(50);
    struct node *e = gen_expr(0);
    if (extra)
        e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
    struct node *n;
    if (inplace && cx.seq > 0 && chance(40)) /* a sum in place: no derivative reads it */
        n = stmt(b,
                 fmt(rnd(2) ? "%s += 0.25 * tanh(%%0);" : "%s = %s - 0.25 * tanh(%%0);", lhs, lhs));
    else if (inplace && cx.seq > 0)
        n = stmt(b, fmt("%s = 0.5 * %s + 0.5 * tanh(%%0);", lhs, lhs));
    else if (inplace && chance(30))
        n = stmt(b, fmt(rnd(2) ? "%s += %%0;" : "%s = %s - %%0;", lhs, lhs));
    else if (inplace)
        n = stmt(b, fmt(rnd(2) ? "%s = %s * %%0;" : "%s = sin(%s) + %%0;", lhs, lhs));
    else if (on(K_INPLACE) && chance(10)) {
        /* set, then summed into over an inner loop (a matrix product's row) */
        const char *a = fresh("a");
        n = stmt(b, fmt("%s = %%0;\nfor (int %s = 0; %s < 3; %s++)\n    %s += (%s + 1) * %%1;", lhs,
                        a, a, a, lhs, a));
        n->kid[0] = e;
        n->kid[1] = gen_expr(1);
        n->nkid = 2;
        return;
    } else if (on(K_ROW_DOT) && t->need == 1 && chance(12)) {
        gen_row_dot(b, lhs, idx, e);
        return;
    } else if (on(K_MAT_ROWS) && t->need == 1 && !cx.in_helper && chance(10)) {
        gen_mat_rows(b, lhs, e);
        return;
    } else if (on(K_IF) && chance(15)) {
        n = stmt(b, fmt("if (%%1) {\n    %s = %%0;\n} else {\n    %s = %%2;\n}", lhs, lhs));
        n->kid[0] = e;
        n->kid[1] = gen_cond(1);
        n->kid[2] = gen_expr(1);
        n->nkid = 3;
        return;
    } else
        n = stmt(b, fmt("%s = %%0;", lhs));
    n->kid[n->nkid++] = e;
}

/* private_scalar: scalars declared at the top of f (once the function is
 * built, see gen_function) that a map or reduce body assigns first in every
 * iteration, OpenMP's private habit. In scope only inside that body (never
 * read after the loop, nor before the assignment); one busy in an enclosing
 * loop is not reused by a nested one. */
enum { MAX_PRIV = 4 };
static struct priv {
    const char *name;
    int is_float;
    int busy;
} privs[MAX_PRIV];
static int npriv;

struct private_use {
    int priv; /* index in privs, or -1 */
    int var;  /* index in cx.vars */
};

/* at the start of a map or reduce body (its index pushed): maybe appends
 * `pt = e;` to the loop's head and declares pt in the body */
static struct private_use gen_private(struct node *loop) {
    struct private_use u = {-1, -1};
    if (!on(K_PRIVATE) || cx.in_helper || loop->nkid >= 4 || !chance(20))
        return u;
    int cand[MAX_PRIV], k = 0;
    for (int i = 0; i < npriv; i++)
        if (!privs[i].busy)
            cand[k++] = i;
    if (k && (npriv == MAX_PRIV || chance(50)))
        u.priv = cand[rnd(k)];
    else if (npriv < MAX_PRIV) {
        u.priv = npriv++;
        privs[u.priv].name = fresh("pt");
        privs[u.priv].is_float = on(K_FLOAT) && chance(20);
    } else
        return u;
    struct priv *p = &privs[u.priv];
    struct node *e = gen_expr(1);
    loop->tmpl = fmt(p->is_float ? "%s\n    %s = ($F)(%%%d);" : "%s\n    %s = %%%d;", loop->tmpl,
                     p->name, loop->nkid);
    loop->kid[loop->nkid++] = e;
    if (p->is_float)
        prog.uses_float = 1;
    p->busy = 1;
    u.var = cx.nvars;
    declare(p->name, p->is_float ? T_FLOAT : T_DOUBLE, e->bound);
    return u;
}

/* at the end of the body, before its last write or update: a read of the
 * private scalar when the body has none yet (else "set but not used") */
static struct node *end_private(struct private_use u) {
    if (u.priv < 0)
        return NULL;
    privs[u.priv].busy = 0;
    struct var *v = &cx.vars[u.var];
    if (v->used)
        return NULL;
    v->used = 1;
    return leaf(v->name, v->bound);
}

/* private_scalar's declarations, once f is built: at position at of f's body */
void declare_privates(int at) {
    struct node *d[2] = {NULL, NULL}; /* double, float */
    for (int i = 0; i < npriv; i++) {
        int k = privs[i].is_float;
        if (!d[k]) {
            d[k] = new_node(0, "");
            d[k]->tmpl = fmt("%s %s", type_text(d[k], k), privs[i].name);
        } else
            d[k]->tmpl = fmt("%s, %s", d[k]->tmpl, privs[i].name);
    }
    struct node *f = prog.fbody;
    for (int k = 1; k >= 0; k--) {
        if (!d[k])
            continue;
        d[k]->tmpl = fmt("%s;", d[k]->tmpl);
        push(&f->body, &f->nbody, &f->cbody, d[k]);
        memmove(f->body + at + 1, f->body + at, sizeof *f->body * (size_t)(f->nbody - 1 - at));
        f->body[at] = d[k];
    }
}

/* the innermost map or reduce index over [0, n) */
static const struct loopvar *outer_loop(int par) {
    for (int i = cx.nloops - 1; i >= 0; i--)
        if (cx.loops[i].par == par && cx.loops[i].range == NRANGE)
            return &cx.loops[i];
    return NULL;
}

static const struct loopvar *outer_par_loop(void) {
    return outer_loop(1);
}

/* a map over i in [0,n) (or [1,n-1)) at the top, or over j in [0,m)
 * writing row i inside a parallel loop over i */
void gen_map(struct block b, int count) {
    /* a nested map writes rows of an array nobody reads in the enclosing
     * parallel loop (one never initialised: unreadable until it is) */
    struct array *t = pick_target(0, cx.par > 0);
    if (!t) {
        gen_local(b);
        return;
    }
    if (cx.par == 0) {
        const struct loopvar *row = outer_loop(0);
        if (on(K_ROW_MAP) && row && loops_of(MRANGE) == 0 && chance(25))
            map_over(b, count, t, MRANGE, 0,
                     row->row_start && chance(70) ? row->row_start : fmt("%s * m", row->name));
        else if (on(K_STENCIL_OUT) && chance(15))
            gen_stencil_out(b, count, t);
        else if (on(K_NESTED_MAP) && t->extent == 0 && chance(12))
            gen_perfect_nest(b, count, t);
        else
            gen_map_over(b, count, t, NRANGE, -1);
        return;
    }
    if (!on(K_NESTED_MAP) || !outer_par_loop() || loops_of(MRANGE) > 0) {
        gen_local(b);
        return;
    }
    gen_map_over(b, count, t, MRANGE, 0);
}

/* a map over i whose body is only a map over j writing row i of t (one
 * nobody has written: rows, as a nested map writes them), the form a
 * GPU runs as one grid of (i, j) pairs */
void gen_perfect_nest(struct block b, int count, struct array *t) {
    int pooled;
    const char *i = loop_counter("i", &pooled);
    struct node *n =
        block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    gen_map_over(body_of(n), count, t, MRANGE, 0);
    cx.par--;
    leave_par(s);
    end_counter(i);
}

void gen_map_over(struct block b, int count, struct array *t, int range, int inner) {
    map_over(b, count, t, range, inner,
             range == MRANGE ? fmt("%s * m", outer_par_loop()->name) : NULL);
}

/* a map over [0, n) (or [1, n - 1)) writing t[i], or over [0, m) writing
 * the row of t starting at row_start: the row of an enclosing parallel
 * loop's iteration, or (K_ROW_MAP) of a sequential loop over rows,
 * gemver's update A += u1 v1^T row by row (K_ROW_START: its start counted
 * in a variable) */
static void map_over(struct block b, int count, struct array *t, int range, int inner,
                     const char *row_start) {
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    if (inner < 0)
        inner = range == NRANGE && chance(20);
    const char *idx = i;
    if (range == MRANGE)
        idx = fmt("%s + %s", row_start, i);
    /* scatter: the iteration's element at a permuted position */
    int scatter = range == NRANGE && !inner && on(K_SCATTER) && chance(20);
    if (scatter)
        idx = rnd(2) ? fmt("n - 1 - %s", i) : fmt("(%s + %d) %% n", i, 1 + rnd(3));
    const char *lo = inner ? "1" : "0";
    const char *hi = range == MRANGE ? "m" : inner ? "n - 1" : "n";
    struct node *n = block_stmt(b, fmt("#pragma pargrad %s\n%s {", scatter ? "scatter" : "map",
                                       loop_head(i, pooled, lo, hi)));
    struct saved s = enter();
    int was_extent = t->extent;
    cx.par++;
    push_loop(i, 1, range, inner);
    t->writing = idx;
    t->need = range == MRANGE ? 2 : 1;
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    gen_write(body_of(n), t, idx, end_private(pu));
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (range == MRANGE) {
        /* other iterations of an enclosing parallel loop write the other rows */
        t->locked = cx.par > 0;
        return;
    }
    /* a complete map at this level initialises its target */
    if (!inner && was_extent < 1)
        t->extent = 1;
}

/* t[0] and t[n - 1] assigned (one of them sometimes not), before or after
 * a map over [1, n - 1) that may read neighbours: map_stencil's shape,
 * whose gradient fuses the map with its adjoint across the assignments
 * and leaves no seeds of t to zero at the end where all three ran */
void gen_stencil_out(struct block b, int count, struct array *t) {
    int ends_first = chance(50), skip = rnd(8); /* 0: t[0] kept, 1: t[n - 1] kept */
    int was_extent = t->extent;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == ends_first) {
            gen_map_over(b, count, t, NRANGE, 1);
            continue;
        }
        t->need = 1; /* in place only where [0, n) holds values */
        if (skip != 0)
            gen_write(b, t, "0", NULL);
        if (skip != 1)
            gen_write(b, t, "n - 1", NULL);
    }
    if (skip > 1 && was_extent < 1)
        t->extent = 1;
}

struct redop {
    const char *pragma;
    const char *init;
    const char *const forms[3]; /* update forms: %s accumulator, %%0 contribution */
    int nforms;
};

static const struct redop redops[] = {
    {"+", "0.0", {"%s += %%0;", "%s = %s + %%0;"}, 2},
    {"*",
     "1.0",
     {"%s *= 1.0 + 0.2 * tanh(%%0);", "%s = %s * (1.0 + 0.2 * tanh(%%0));",
      "%s /= 1.0 + 0.2 * tanh(%%0);"},
     3},
    {"min",
     "1.0e3",
     {"%s = fmin(%s, %%0);", "if (%%0 < %s) %s = %%0;", "%s = (%%0 < %s) ? %%0 : %s;"},
     3},
    {"max",
     "-1.0e3",
     {"%s = fmax(%s, %%0);", "if (%%0 > %s) %s = %%0;", "%s = (%s > %%0) ? %s : %%0;"},
     3},
};

static const char *update_text(const struct redop *r, const char *s) {
    const char *f = r->forms[rnd(r->nforms)];
    int extremum = !strcmp(r->pragma, "min") || !strcmp(r->pragma, "max");
    if (extremum && on(K_MACRO) && chance(20)) { /* s = RG_MIN(s, v), as HPC code spells it */
        prog.uses_macros = 1;
        f = !strcmp(r->pragma, "min") ? "%s = RG_MIN(%s, %%0);" : "%s = RG_MAX(%%0, %s);";
    }
    if (!strcmp(r->pragma, "+") && on(K_MACRO) && chance(15)) { /* a statement macro */
        prog.uses_macros = 1;
        f = "RG_ACC(%s, %%0);";
    }
    return fmt(f, s, s, s, s);
}

/* which operator: only the enabled ones */
static int pick_redop(void) {
    int cand[4], k = 0;
    const enum construct ks[4] = {K_REDUCE_ADD, K_REDUCE_MUL, K_REDUCE_MIN, K_REDUCE_MAX};
    for (int i = 0; i < 4; i++)
        if (on(ks[i]))
            cand[k++] = i;
    return k ? cand[rnd(k)] : -1;
}

/* Declared operators: the file defines the functions and declares the
 * operators it uses. The terms keep each operator where it is smooth and
 * tame: a norm's away from zero, a + b + a * b's above -1. The identity
 * must be one for the identity too (rg_lse(-INFINITY, -INFINITY)): an
 * iteration that skips its update contributes it, and OpenMP starts every
 * thread's partial there. */
struct declop {
    const char *name, *combine;
    int inverse;      /* for rg_af_op: -1, not commutative */
    const char *term; /* the contribution, %%0 the expression */
    const char *init;
};

static const struct declop declops[7] = {
    {"rg_lse_op", "rg_lse", 1, "%%0", "0.0"},
    {"rg_lse_gen", "rg_lse", 0, "%%0", "0.5 * x[0]"},
    {"rg_norm_op", "rg_hyp", 0, "0.5 + 0.25 * tanh(%%0)", "0.0"},
    {"rg_pm_op", "rg_pm", 1, "0.2 * tanh(%%0)", "0.0"},
    /* on structs: reduce loops only (gen_struct_reduce) */
    {"rg_pr_op", "rg_prc", 0, "(rg_pr){0.2 * tanh(%%0), 0.5 + 0.25 * sin(%%0)}", "{0.0, 0.0}"},
    /* affine maps x -> a x + b composed in order (not commutative) */
    {"rg_af_op", "rg_afc", -1, "(rg_af){0.9 + 0.1 * tanh(%%0), 0.3 * sin(%%0)}", "{1.0, 0.0}"},
    /* rg_pr_op with its inverse: a reduce takes the invertible rule */
    {"rg_pri_op", "rg_prc", 1, "(rg_pr){0.2 * tanh(%%0), 0.5 + 0.25 * sin(%%0)}", "{0.0, 0.0}"},
};

static const char *const declop_functions[7] = {
    "static double rg_lse(double a, double b) {\n    double m = a > b ? a : b;\n    if (m == "
    "-INFINITY)\n        return m;\n    return m + log(exp(a - m) + exp(b - m));\n}\n\nstatic "
    "double rg_lsub(double z, double b) {\n    return z + log1p(-exp(b - z));\n}\n\n",
    NULL, /* rg_lse again */
    "static double rg_hyp(double a, double b) {\n    return sqrt(a * a + b * b);\n}\n\n",
    "static double rg_pm(double a, double b) {\n    return a + b + a * b;\n}\n\nstatic double "
    "rg_pmi(double z, double b) {\n    return (z - b) / (1.0 + b);\n}\n\n",
    "typedef struct {\n    double a, b;\n} rg_pr;\n\nstatic rg_pr rg_prc(rg_pr u, rg_pr v) {\n    "
    "return (rg_pr){u.a + v.a + u.b * v.b, u.b + v.b};\n}\n\n",
    "typedef struct {\n    double a, b;\n} rg_af;\n\nstatic rg_af rg_afc(rg_af u, rg_af v) {\n    "
    "rg_af r;\n    r.a = v.a * u.a;\n    r.b = v.a * u.b + v.b;\n    return r;\n}\n\n",
    "static rg_pr rg_pri(rg_pr z, rg_pr v) {\n    rg_pr u;\n    u.b = z.b - v.b;\n    u.a = z.a "
    "- v.a - u.b * v.b;\n    return u;\n}\n\n",
};

static const char *const declop_pragmas[7] = {
    "#pragma pargrad declare op(rg_lse_op, double, rg_lse, -INFINITY) commutative "
    "inverse(rg_lsub)\n",
    "#pragma pargrad declare op(rg_lse_gen, double, rg_lse, -INFINITY) commutative\n",
    "#pragma pargrad declare op(rg_norm_op, double, rg_hyp, 0.0) commutative\n",
    "#pragma pargrad declare op(rg_pm_op, double, rg_pm, 0.0) commutative inverse(rg_pmi)\n",
    "#pragma pargrad declare op(rg_pr_op, rg_pr, rg_prc, {0.0, 0.0}) commutative\n",
    "#pragma pargrad declare op(rg_af_op, rg_af, rg_afc, {1.0, 0.0})\n",
    "#pragma pargrad declare op(rg_pri_op, rg_pr, rg_prc, {0.0, 0.0}) commutative "
    "inverse(rg_pri)\n",
};

/* the operators' functions, and (pragmas: pargrad reads them from prog.c
 * only) their declarations */
void print_declop_functions(FILE *out) {
    int lse = prog.uses_declop[0] || prog.uses_declop[1];
    int pr = prog.uses_declop[4] || prog.uses_declop[6]; /* rg_pri needs rg_pr */
    for (int k = 0; k < 7; k++)
        if (declop_functions[k] && (k == 0 ? lse : k == 4 ? pr : prog.uses_declop[k]))
            fputs(declop_functions[k], out);
}

/* (maybe continued on a second line, as clang-format writes long ones) */
void print_declop_pragmas(FILE *out) {
    int any = 0;
    for (int k = 0; k < 7; k++) {
        const char *p = declop_pragmas[k], *cut = strstr(p, " commutative");
        if (!prog.uses_declop[k])
            continue;
        if (cut && chance(30))
            fprintf(out, "%.*s \\\n   %s", (int)(cut - p), p, cut);
        else
            fputs(p, out);
        any = 1;
    }
    if (any)
        fputs("\n", out);
}

/* s = COMBINE(s, TERM) or, for commutative operators, COMBINE(TERM, s) */
static const char *declop_update(const struct declop *o, const char *s) {
    const char *term = fmt(o->term);
    return rnd(3) || o->inverse < 0 ? fmt("%s = %s(%s, %s);", s, o->combine, s, term)
                                    : fmt("%s = %s(%s, %s);", s, o->combine, term, s);
}

static void gen_declop_reduce(struct block b, int count, int range);

/* a combinator loop's body n: a private scalar maybe, locals and
 * statements, then the term its update combines (returned) */
static struct node *gen_body_and_term(struct node *n, int count) {
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    struct node *e = gen_expr(0);
    struct node *extra = end_private(pu);
    if (extra)
        e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
    return e;
}

/* where a reduce's update goes in its body: maybe after a `continue` that
 * skips all the updates (the first one's), maybe under an if */
static struct block update_block(struct block ub, int may_continue) {
    if (may_continue && on(K_CONTINUE) && chance(15)) {
        struct node *c = stmt(ub, "if (%0)\n    continue;");
        c->kid[c->nkid++] = gen_cond(1);
    }
    if (on(K_REDUCE_COND) && chance(15)) {
        struct node *c = block_stmt(ub, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        ub = body_of(c);
    }
    return ub;
}

/* accumulators declared here, a reduce loop over n (or over m inside an n
 * loop), and afterwards the accumulators are ordinary locals */
void gen_reduce(struct block b, int count) {
    int o = pick_redop();
    int range = loops_of(NRANGE) > 0 ? MRANGE : NRANGE;
    if (o < 0 || (range == MRANGE && loops_of(MRANGE) > 0)) {
        gen_local(b);
        return;
    }
    if (on(K_DECL_OP) && chance(15)) {
        gen_declop_reduce(b, count, range);
        return;
    }
    /* two accumulators: of +, in one clause (reduce(+: s1, s2)), or of
     * any two operators, a clause each (reduce(min: s1) reduce(max: s2)) */
    int ops[2] = {o, o}, clauses = 0;
    int nacc = on(K_REDUCE_MULTI) && o == 0 && chance(20) ? 2 : 1;
    if (nacc == 1 && on(K_REDUCE_CLAUSES) && chance(15)) {
        nacc = 2, clauses = 1;
        ops[1] = pick_redop();
    }
    const char *acc[2];
    int first = cx.nvars;
    for (int k = 0; k < nacc; k++) {
        acc[k] = fresh("s");
        const char *init = redops[ops[k]].init;
        if (ops[k] >= 2 && chance(20) && prog.has_p) /* an active initial value */
            init = ops[k] == 2 ? "p + 0.5" : "p - 0.5";
        else if (ops[k] == 0 && chance(30))
            init = "0.5 * x[0]";
        struct node *d = stmt(b, "");
        d->tmpl = fmt("%s %s = %s;", type_text(d, 0), acc[k], init);
        declare(acc[k], T_DOUBLE, 1.0);
    }
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    const char *hi = range == MRANGE ? "m" : "n";
    const char *pragma = fmt("reduce(%s : %s)", redops[o].pragma, acc[0]);
    if (nacc == 2)
        pragma = clauses ? fmt("%s reduce(%s : %s)", pragma, redops[ops[1]].pragma, acc[1])
                         : fmt("reduce(%s : %s, %s)", redops[o].pragma, acc[0], acc[1]);
    struct node *n =
        block_stmt(b, fmt("#pragma pargrad %s\n%s {", pragma, loop_head(i, pooled, "0", hi)));
    struct saved s = enter();
    for (int k = 0; k < nacc; k++)
        cx.vars[first + k].hidden = 1;
    cx.par++;
    push_loop(i, 1, range, 0);
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    struct node *extra = end_private(pu);
    double bound[2] = {0, 0};
    for (int k = 0; k < nacc; k++) {
        struct node *e = gen_expr(0);
        if (k == 0 && extra)
            e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
        struct block ub = update_block(body_of(n), k == 0);
        struct node *u = stmt(ub, update_text(&redops[ops[k]], acc[k]));
        u->kid[u->nkid++] = e;
        bound[clauses ? k : 0] = max2(bound[clauses ? k : 0], e->bound);
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    for (int k = 0; k < nacc; k++) {
        int ok = ops[k];
        cx.vars[first + k].hidden = 0;
        cx.vars[first + k].bound = ok == 1 ? 8.0 : ok >= 2 ? 1.0e3 : bound[clauses ? k : 0] * 9 * 5;
    }
}

/* a reduce of a declared operator into a double s (declared operators
 * combine doubles, also in float programs) */
static void gen_declop_reduce(struct block b, int count, int range) {
    int k = rnd(7);
    const struct declop *o = &declops[k];
    prog.uses_declop[k] = 1;
    const char *acc = fresh(k >= 4 ? "pr" : "s"); /* the return sums the s's */
    const char *init = o->init;
    /* the norm's identity 0 is one for values >= 0 only (rg_hyp(-c, 0) = c):
     * its accumulators start there */
    if (chance(20) && prog.has_p && k < 4)
        init = k == 3 ? "0.5 * tanh(p)" : k == 2 ? "0.5 + 0.25 * p * p" : "p + 0.5";
    else if (chance(20) && k >= 4) /* an active initial value */
        init = "{0.5 * x[0], 0.25}";
    if (k >= 4) /* a struct: pargrad reduces it in blocks */
        stmt(b, fmt("%s %s = %s;", k == 5 ? "rg_af" : "rg_pr", acc, init));
    else
        stmt(b, fmt("double %s = %s;", acc, init));
    int vi = cx.nvars;
    declare(acc, T_DOUBLE, 1.0);
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    struct node *n = block_stmt(b, fmt("#pragma pargrad reduce(%s : %s)\n%s {", o->name, acc,
                                       loop_head(i, pooled, "0", range == MRANGE ? "m" : "n")));
    struct saved s = enter();
    cx.vars[vi].hidden = 1;
    cx.par++;
    push_loop(i, 1, range, 0);
    struct node *e = gen_body_and_term(n, count);
    struct block ub = update_block(body_of(n), 1);
    struct node *u = stmt(ub, declop_update(o, acc));
    u->kid[u->nkid++] = e;
    cx.par--;
    leave_par(s);
    end_counter(i);
    cx.vars[vi].hidden = 0;
    /* log-sum-exp: the largest term plus log(count); a norm: sqrt(count);
     * the products of 1 + t, |t| < 0.2: 1.2^count */
    cx.vars[vi].bound = k < 2 ? e->bound + 10.0 : k == 2 ? 40.0 : 1.0e3;
    if (k >= 4) { /* the struct is read through a double only */
        cx.vars[vi].hidden = 1;
        cx.vars[vi].used = 1;
        const char *r = fresh("v");
        stmt(b, fmt("double %s = tanh(%s.a) + 0.1 * %s.b;", r, acc, acc));
        declare(r, T_DOUBLE, 1.0 + 0.1 * 0.75 * 64);
    }
}

/* the array form of a recurrence: t[0] = e0, then scan(affine: t) (or
 * scan(t)) over [1, n), counting up: the body's locals and t[i] = a *
 * t[i - 1] + b, |a| < 0.9 */
static void gen_array_recurrence(struct block b, int count, struct array *t) {
    static const char *const forms[3] = {
        "%s[%s] = (0.5 + 0.4 * tanh(%%0)) * %s[%s - 1] + (%%1);",
        "%s[%s] = %s[%s - 1] * (0.6 + 0.3 * sin(%%0)) - 0.5 * (%%1);",
        "%s[%s] = (%%1) + (0.5 + 0.4 * tanh(%%0)) * %s[%s - 1];",
    };
    struct node *z = stmt(b, fmt("%s[0] = %%0;", t->name));
    z->kid[z->nkid++] = gen_expr(0);
    int pooled;
    const char *i = loop_counter("i", &pooled);
    int down = constructs[K_LOOP_DOWN].enabled; /* a recurrence runs up */
    constructs[K_LOOP_DOWN].enabled = 0;
    const char *head = loop_head(i, pooled, "1", "n");
    constructs[K_LOOP_DOWN].enabled = down;
    const char *clause = chance(30) ? t->name : fmt("affine : %s", t->name);
    struct node *n = block_stmt(b, fmt("#pragma pargrad scan(%s)\n%s {", clause, head));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    t->writing = i;
    t->need = 1;
    t->locked = 1; /* the terms must not read what the loop writes */
    struct node *e = gen_body_and_term(n, count);
    struct node *u = stmt(body_of(n), fmt(forms[rnd(3)], t->name, i, t->name, i));
    u->kid[u->nkid++] = e;
    u->kid[u->nkid++] = gen_expr(1);
    t->locked = 0;
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (t->extent < 1)
        t->extent = 1;
}

/* a scan over [0, n) at the top level (not inside loops or helpers): the
 * accumulator c is hidden while the body's locals and the term are
 * generated (the term may not depend on it), then an output element is
 * written from c before the update (the exclusive prefix) or after it */
void gen_scan(struct block b, int count) {
    /* inside a parallel loop over i: a scan over j writing row i of an
     * array nobody reads in that loop (as a nested map does) */
    int nested = cx.par > 0;
    /* at the top level, sometimes each running value kept in a buffer of
     * its own, y[i] = c after the update, summed after the loop: the
     * return sweep reads the prefixes back from it */
    const char *kept =
        !nested && cx.depth == 0 && !cx.in_helper && cx.narrays < MAX_ARRAYS && chance(25)
            ? fresh("pf")
            : NULL;
    struct array *t = kept ? NULL : pick_target(0, nested);
    int o = pick_redop();
    if (kept && o >= 0) {
        stmt(b, fmt("double *%s = malloc(sizeof(double) * (size_t)n);", kept));
        t = add_array(kept, 0, 0);
    }
    if (!t || o < 0 ||
        (nested && (!on(K_NESTED_MAP) || !outer_par_loop() || loops_of(MRANGE) > 0))) {
        gen_local(b);
        return;
    }
    /* a linear recurrence c = a * c + b, |a| < 0.9 */
    static const struct redop affine = {"affine",
                                        "0.5",
                                        {"%s = (0.5 + 0.4 * tanh(%%0)) * %s + (%%1);",
                                         "%s = %s * (0.6 + 0.3 * sin(%%0)) - 0.5 * (%%1);",
                                         "%s = (%%1) + (0.5 + 0.4 * tanh(%%0)) * %s;"},
                                        3};
    int is_affine = on(K_SCAN_AFFINE) && chance(25);
    if (is_affine && !nested && !kept && chance(40)) {
        gen_array_recurrence(b, count, t);
        return;
    }
    /* declared operators: on doubles, or (4, 5) on structs, run in blocks */
    int dk = !is_affine && on(K_DECL_OP) && chance(20) ? rnd(7) : -1;
    int tuple = dk >= 4;
    const struct redop *r = is_affine ? &affine : &redops[o];
    const char *acc = fresh("c");
    /* min and max start near the values (not at the reduce rows' 1.0e3):
     * an exclusive use multiplies the start, and float code magnifies its
     * rounding a thousandfold then */
    const char *init = o >= 2 && !is_affine ? (o == 2 ? "8.0" : "-8.0") : r->init;
    if (o >= 2 && !is_affine && chance(20) && prog.has_p)
        init = o == 2 ? "p + 0.5" : "p - 0.5";
    else if ((o == 0 || is_affine) && chance(30))
        init = "0.5 * x[0]";
    if (dk >= 0) {
        prog.uses_declop[dk] = 1;
        init = chance(30) ? (tuple ? "{0.5 * x[0], 0.25}" : "0.5 * x[0]") : declops[dk].init;
        if (dk == 2 && strcmp(init, declops[dk].init)) /* the norm: from values >= 0 */
            init = "0.5 + 0.25 * x[0] * x[0]";
    }
    struct node *d = stmt(b, "");
    /* declared operators combine doubles, also in float programs */
    d->tmpl = fmt("%s %s = %s;",
                  tuple     ? (dk == 5 ? "rg_af" : "rg_pr")
                  : dk >= 0 ? "double"
                            : type_text(d, 0),
                  acc, init);
    int vi = cx.nvars;
    declare(acc, T_DOUBLE, 1.0);
    int pooled;
    const char *i = loop_counter(nested ? "j" : "i", &pooled);
    const char *idx = nested ? fmt("%s * m + %s", outer_par_loop()->name, i) : i;
    const char *clause =
        chance(30) ? acc : fmt("%s : %s", dk >= 0 ? declops[dk].name : r->pragma, acc);
    struct node *n = block_stmt(b, fmt("#pragma pargrad scan(%s)\n%s {", clause,
                                       loop_head(i, pooled, "0", nested ? "m" : "n")));
    struct saved s = enter();
    cx.vars[vi].hidden = 1;
    cx.par++;
    push_loop(i, 1, nested ? MRANGE : NRANGE, 0);
    t->writing = idx;
    t->need = nested ? 2 : 1;
    t->locked = 1; /* the term must not read what the loop writes */
    struct node *e = gen_body_and_term(n, count);
    int exclusive = chance(40);
    /* the plain store, y[i] = c after the update, leaves the prefixes in y
     * (pargrad reads them back from there) */
    static const char *const uses[] = {"%s[%s] = %s * (%%0);", "%s[%s] = sin(%s) + %%0;",
                                       "%s[%s] = %s;"};
    const char *use =
        tuple ? fmt(rnd(2) ? "%s[%s] = tanh(%s.a) * (%%0);" : "%s[%s] = 0.1 * %s.b + %%0;", t->name,
                    idx, acc)
              : fmt(uses[kept ? 2 : rnd(3)], t->name, idx, acc);
    if (kept)
        exclusive = chance(15);
    int operand = strstr(use, "%0") != NULL;
    struct node *w = NULL;
    struct block body = body_of(n);
    if (exclusive) {
        w = stmt(body, use);
        if (operand)
            w->kid[w->nkid++] = gen_expr(1);
    }
    struct block ub = body;
    if (on(K_REDUCE_COND) && chance(15)) {
        struct node *c = block_stmt(ub, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        ub = body_of(c);
    }
    struct node *u = stmt(ub, dk >= 0 ? declop_update(&declops[dk], acc) : update_text(r, acc));
    u->kid[u->nkid++] = e;
    struct node *e2 = NULL;
    if (is_affine) { /* the added part; the factor is e */
        e2 = gen_expr(1);
        u->kid[u->nkid++] = e2;
    }
    if (!exclusive) {
        w = stmt(body, use);
        if (operand)
            w->kid[w->nkid++] = gen_expr(1);
    }
    t->locked = 0;
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    cx.vars[vi].hidden = 0;
    cx.vars[vi].bound = is_affine ? 10.0 * (e2->bound + 1.0)
                        : dk >= 0 ? (dk < 2    ? e->bound + 10.0
                                     : dk == 2 ? 40.0
                                               : 1.0e3)
                        : o == 1  ? 8.0
                        : o >= 2  ? 1.0e3
                                  : e->bound * 9 * 5;
    if (tuple) { /* the struct is read through a double only */
        cx.vars[vi].hidden = 1;
        cx.vars[vi].used = 1;
        const char *r = fresh("v");
        stmt(b, fmt("double %s = tanh(%s.a) + 0.1 * %s.b;", r, acc, acc));
        declare(r, T_DOUBLE, 1.0 + 0.1 * 0.75 * 64);
    }
    if (nested)
        t->locked = 1; /* other iterations of the enclosing loop write the other rows */
    else if (t->extent < 1)
        t->extent = 1;
    if (kept) { /* summed, then freed: nothing reads or writes it after */
        const char *ps = fresh("ps"), *q = fresh("q");
        stmt(b,
             fmt("double %s = 0.0;\nfor (int %s = 0; %s < n; %s++)\n    %s += %s[%s] * (%s %% 3 + "
                 "1);\nfree(%s);",
                 ps, q, q, q, ps, kept, q, q, kept));
        declare(ps, T_DOUBLE, 4.0 * 9 * (cx.vars[vi].bound + 1.0));
        t->extent = 0;
        t->locked = 1;
    }
}

/* a scan of a row of NB accumulators cr over [0, n), at the top level:
 * the columns updated in an inner loop over j (with its map
 * annotation mostly; without it the loop is differentiated as the
 * sequential loop), maybe after a declaration the update reads; each
 * (i, j) writes ro[i * NB + j] of a local buffer from cr[j] before the
 * update (exclusive) or after it; the buffer and cr summed after it */
/* rs: the rows ro and the accumulators cr summed, ro freed; vb bounds the values */
static void sum_scan_rows(struct block b, int nb, const char *cr, const char *ro, const char *rs,
                          double vb) {
    const char *q = fresh("q");
    stmt(b,
         fmt("double %s = 0.0;\nfor (int %s = 0; %s < n * %d; %s++)\n    %s += %s[%s] * (%s %% 3 "
             "+ 1);\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s];\nfree(%s);",
             rs, q, q, nb, q, rs, ro, q, q, q, q, nb, q, rs, cr, q, ro));
    declare(rs, T_DOUBLE, 4.0 * (9 * nb + nb) * (vb + 1.0));
}

/* The columns form of a scan of rows, as one writes it by hand: a map over
 * the nb columns, each a scan down its column of ro (row-major, ro[i * nb
 * + j]) from its accumulator's start, which it may write back after. */
static void gen_scan_columns(struct block b, const struct redop *r, int o, int nb, const char *cr,
                             const char *ro, const char *rs) {
    int jpooled, pooled;
    const char *j = loop_counter("j", &jpooled);
    struct node *m =
        block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(j, jpooled, "0", fmt("%d", nb))));
    struct block mb = body_of(m);
    /* the map's own scope: a counter of the scan inside that ends readable
     * (counter_after) is the map iteration's, not readable after the map */
    struct saved ms = enter();
    const char *ca = fresh("ca");
    stmt(mb, fmt("double %s = %s[%s];", ca, cr, j));
    const char *i = loop_counter("i", &pooled);
    const char *clause = chance(30) ? ca : fmt("%s : %s", r->pragma, ca);
    struct node *n = block_stmt(
        mb, fmt("#pragma pargrad scan(%s)\n%s {", clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    struct block body = body_of(n);
    struct node *e = gen_expr(1);
    const char *at = fmt("%s[%s * %d + %s]", ro, i, nb, j);
    const char *use =
        fmt(rnd(2) ? "%s = %s * (0.5 + 0.1 * %s);" : "%s = sin(%s) + 0.1 * %s;", at, ca, j);
    int exclusive = chance(40);
    if (exclusive)
        stmt(body, use);
    struct node *u = stmt(body, update_text(r, ca));
    struct node *term = new_node(1, fmt("%%0 + 0.05 * %s", j));
    term->kid[term->nkid++] = e;
    term->bound = e->bound + 0.2;
    u->kid[u->nkid++] = term;
    if (!exclusive)
        stmt(body, use);
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (chance(50)) /* the column's last value back into its accumulator */
        stmt(mb, fmt("%s[%s] = %s;", cr, j, ca));
    leave_par(ms);
    end_counter(j);
    double vb = o < 0 ? 10.0 * (e->bound + 1.0) : o == 1 ? 8.0 : o >= 2 ? 1.0e3 : e->bound * 45;
    sum_scan_rows(b, nb, cr, ro, rs, vb);
}

void gen_scan_rows(struct block b) {
    static const struct redop affine = {
        "affine", "0.5", {"%s = (0.5 + 0.4 * tanh(%%0)) * %s + 0.25 * sin(%%0);"}, 1};
    int o = pick_redop();
    int is_affine = on(K_SCAN_AFFINE) && (o < 0 || chance(20));
    if (o < 0 && !is_affine) {
        gen_local(b);
        return;
    }
    const struct redop *r = is_affine ? &affine : &redops[o];
    /* 16 or 48 columns now and then: pargrad runs 48 as vector lanes split
     * into groups among 3 threads, 16 as one group whose rows the threads
     * share (emit_lanes.c chooses at run time) */
    int nb = chance(25) ? (rnd(2) ? 16 : 48) : 2 + rnd(3);
    const char *cr = fresh("cr"), *ro = fresh("ro"), *q = fresh("q"), *rs = fresh("rs");
    const char *init = is_affine ? "0.5" : o == 2 ? "8.0" : o == 3 ? "-8.0" : r->init;
    stmt(b, fmt("double %s[%d];\nfor (int %s = 0; %s < %d; %s++)\n    %s[%s] = %s + 0.125 * %s;",
                cr, nb, q, q, nb, q, cr, q, init, q));
    stmt(b, fmt("double *%s = malloc(sizeof(double) * (size_t)n * %d);", ro, nb));
    if (chance(35)) {
        gen_scan_columns(b, r, is_affine ? -1 : o, nb, cr, ro, rs);
        return;
    }
    int pooled, jpooled;
    const char *i = loop_counter("i", &pooled);
    const char *clause = chance(30) ? cr : fmt("%s : %s", r->pragma, cr);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad scan(%s)\n%s {", clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    struct block body = body_of(n);
    const char *xv = NULL;
    struct node *e = gen_expr(1);
    if (chance(40)) { /* a declaration before the columns' loop */
        xv = fresh("xv");
        struct node *d = stmt(body, fmt("const double %s = %%0;", xv));
        d->kid[d->nkid++] = e;
    }
    const char *j = loop_counter("j", &jpooled);
    struct node *in = block_stmt(body, fmt("%s%s {", chance(85) ? "#pragma pargrad map\n" : "",
                                           loop_head(j, jpooled, "0", fmt("%d", nb))));
    struct block ib = body_of(in);
    const char *elem = fmt("%s[%s]", cr, j), *at = fmt("%s[%s * %d + %s]", ro, i, nb, j);
    const char *use =
        fmt(rnd(2) ? "%s = %s * (0.5 + 0.1 * %s);" : "%s = sin(%s) + 0.1 * %s;", at, elem, j);
    int exclusive = chance(40);
    if (exclusive)
        stmt(ib, use);
    struct node *u = stmt(ib, update_text(r, elem));
    /* the term: the declaration's value or an expression, shifted by j */
    struct node *term = e;
    if (xv) {
        term = new_node(1, fmt("%s + 0.05 * %s", xv, j));
        term->bound = e->bound + 0.2;
    }
    u->kid[u->nkid++] = term;
    if (!exclusive)
        stmt(ib, use);
    cx.par--;
    leave_par(s);
    end_counter(j);
    end_counter(i);
    double vb = is_affine ? 10.0 * (e->bound + 1.0) : o == 1 ? 8.0 : o >= 2 ? 1.0e3 : e->bound * 45;
    sum_scan_rows(b, nb, cr, ro, rs, vb);
}

/* a + histogram over [0, n) into an initialised array t (not read in the
 * loop): one or two updates per iteration at bins computed from i */
void gen_histogram(struct block b, int count) {
    struct array *t = pick_target(1, 0);
    if (!t) {
        gen_local(b);
        return;
    }
    int pooled;
    const char *i = loop_counter("i", &pooled);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad histogram(+ : %s)\n%s {", t->name, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    t->locked = 1; /* the loop only adds to it */
    gen_block(body_of(n), rnd(count + 1));
    static const int mult[] = {1, 2, 3, 5, 7};
    int nup = 1 + rnd(2);
    for (int u = 0; u < nup; u++) {
        const char *k =
            rnd(4) ? fmt("(%s * %d + %d) %% n", i, mult[rnd(5)], rnd(4)) : fmt("n - 1 - %s", i);
        static const char *const forms[] = {"%s[%s] += %%0;", "%s[%s] -= %%0;",
                                            "%s[%s] = %s[%s] + (%%0);"};
        struct node *w = stmt(body_of(n), fmt(forms[rnd(3)], t->name, k, t->name, k));
        w->kid[w->nkid++] = gen_expr(1);
    }
    t->locked = 0;
    cx.par--;
    leave_par(s);
    end_counter(i);
}

/* The statements of a histogram's iteration before its updates (the loop
 * entered: cx.par one more). Nested in a parallel loop, they write no array
 * from outside: the enclosing loop's iterations would all write the same
 * elements. */
static void gen_hist_iteration(struct node *n, const char *i, int count) {
    int was_locked[MAX_ARRAYS], narrays = cx.narrays;
    for (int a = 0; a < narrays; a++) {
        was_locked[a] = cx.arrays[a].locked;
        cx.arrays[a].locked |= cx.par > 0;
    }
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    gen_block(body_of(n), rnd(count + 1));
    for (int a = 0; a < narrays; a++)
        cx.arrays[a].locked = was_locked[a];
}

/* a histogram of a declared operator on structs (rg_pri_op, with an
 * inverse: the invertible rule; rg_pr_op without: sequential) into a fresh
 * local array of NB struct bins, named or inferred: one or two updates per
 * iteration at bins computed from i, maybe under an if, the bin first or
 * second; the bins read through doubles after the loop */
static void gen_struct_hist(struct block b, int count) {
    static const int nbs[] = {2, 3, 5}, mult[] = {1, 2, 3, 5, 7};
    int nb = nbs[rnd(3)], inv = rnd(3) > 0;
    prog.uses_declop[4] = 1;
    prog.uses_declop[6] |= inv;
    const char *h = fresh("hb"), *q = fresh("q"), *hs = fresh("hs");
    stmt(b, fmt("rg_pr %s[%d]%s;", h, nb, rnd(2) ? " = {0}" : ""));
    stmt(b, fmt("for (int %s = 0; %s < %d; %s++) {\n    %s[%s].a = 0.1 * %s;\n    %s[%s].b = "
                "0.25;\n}",
                q, q, nb, q, h, q, q, h, q));
    int pooled;
    const char *i = loop_counter("i", &pooled);
    const char *clause = chance(20) ? h : fmt("%s : %s", inv ? "rg_pri_op" : "rg_pr_op", h);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad histogram(%s)\n%s {", clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    gen_hist_iteration(n, i, count);
    int nup = 1 + rnd(2);
    for (int u = 0; u < nup; u++) {
        const char *k = fmt("(%s * %d + %d) %% %d", i, mult[rnd(5)], rnd(4), nb);
        struct block ub = body_of(n);
        if (on(K_IF) && chance(20)) {
            struct node *c = block_stmt(ub, "if (%0) {");
            c->kid[c->nkid++] = gen_cond(1);
            ub = body_of(c);
        }
        const char *e = "(rg_pr){0.2 * tanh(%0), 0.5 + 0.25 * sin(%0)}";
        struct node *w = stmt(ub, rnd(2) ? fmt("%s[%s] = rg_prc(%s[%s], %s);", h, k, h, k, e)
                                         : fmt("%s[%s] = rg_prc(%s, %s[%s]);", h, k, e, h, k));
        w->kid[w->nkid++] = gen_expr(1);
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    const char *r = fresh("q");
    stmt(b, fmt("double %s = 0.0;\nfor (int %s = 0; %s < %d; %s++)\n    %s += (tanh(%s[%s].a) + "
                "0.1 * %s[%s].b) * (%s %% 3 + 1);",
                hs, r, r, nb, r, hs, h, r, h, r, r));
    /* per bin |tanh| < 1 and b < 0.25 + 0.75 per update (two per iteration) */
    declare(hs, T_DOUBLE, 3.0 * nb * (1.0 + 0.1 * (0.25 + 0.75 * 128)));
}

/* count_hist: a + histogram of integer counts into a fresh local int
 * array of NB bins, the bin from i (or from w's data), one or two counts
 * per iteration; the counts weigh values of x after the loop */
static void gen_count_hist(struct block b, int count) {
    static const int nbs[] = {3, 5, 8}, mult[] = {1, 2, 3, 5, 7};
    int nb = nbs[rnd(3)];
    const char *h = fresh("hc"), *q = fresh("q"), *hs = fresh("hs");
    if (chance(50))
        stmt(b, fmt("int %s[%d] = {0};", h, nb));
    else
        stmt(b, fmt("int %s[%d];\nfor (int %s = 0; %s < %d; %s++)\n    %s[%s] = 0;", h, nb, q, q,
                    nb, q, h, q));
    int pooled;
    const char *i = loop_counter("i", &pooled);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad histogram(+ : %s)\n%s {", h, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    gen_hist_iteration(n, i, count);
    int nup = 1 + rnd(2);
    for (int u = 0; u < nup; u++) {
        const char *k =
            prog.has_w && chance(40)
                ? fmt("(int)(fabs(%s) * %d.0) %% %d", optional_w(fmt("w[%s]", i)), nb, nb)
                : fmt("(%s * %d + %d) %% %d", i, mult[rnd(5)], rnd(4), nb);
        static const char *const forms[] = {"%s[%s] += 1;", "%s[%s]++;", "++%s[%s];",
                                            "%s[%s] = %s[%s] + 2;"};
        int f = rnd(4);
        stmt(body_of(n), f == 3 ? fmt(forms[3], h, k, h, k) : fmt(forms[f], h, k));
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    const char *r = fresh("q");
    stmt(b, fmt("double %s = 0.0;\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s] * tanh(x[%s "
                "%% n]);",
                hs, r, r, nb, r, hs, h, r, r));
    declare(hs, T_DOUBLE, 2.0 * 2.0 * 128);
}

/* a histogram of *, min or max into a fresh local array of NB bins: one
 * or two updates per iteration at bins computed from i, maybe under an
 * if; the bins summed into a scalar after the loop */
void gen_hist_op(struct block b, int count) {
    static const int nbs[] = {3, 5, 8}, mult[] = {1, 2, 3, 5, 7};
    static const char *const names[] = {"*",         "min",      "max",        "+",
                                        "rg_lse_op", "rg_pm_op", "rg_lse_gen", "rg_norm_op"};
    static const char *const inits[] = {"1.0 + 0.05 * %s", "4.0 - 0.1 * %s", "-4.0 + 0.1 * %s",
                                        "0.5 * %s",        "0.5 * %s",       "0.05 * %s",
                                        "0.5 * %s",        "0.1 * %s"};
    /* %1$s the bin, %2$s the array; the value is the node's kid */
    static const char *const forms[8][2] = {
        {"%2$s[%1$s] *= 1.0 + 0.1 * tanh(%%0);",
         "%2$s[%1$s] = %2$s[%1$s] * (1.0 + 0.1 * sin(%%0));"},
        {"%2$s[%1$s] = fmin(%2$s[%1$s], %%0);",
         "%2$s[%1$s] = (%%0 < %2$s[%1$s]) ? %%0 : %2$s[%1$s];"},
        {"%2$s[%1$s] = fmax(%%0, %2$s[%1$s]);",
         "%2$s[%1$s] = (%2$s[%1$s] < %%0) ? %%0 : %2$s[%1$s];"},
        {"%2$s[%1$s] += %%0;", "%2$s[%1$s] = %2$s[%1$s] - (%%0);"},
        {"%2$s[%1$s] = rg_lse(%2$s[%1$s], %%0);", "%2$s[%1$s] = rg_lse(%%0, %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_pm(%2$s[%1$s], 0.2 * tanh(%%0));",
         "%2$s[%1$s] = rg_pm(0.2 * tanh(%%0), %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_lse(%2$s[%1$s], %%0);", "%2$s[%1$s] = rg_lse(%%0, %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_hyp(%2$s[%1$s], 0.5 + 0.25 * tanh(%%0));",
         "%2$s[%1$s] = rg_hyp(0.5 + 0.25 * tanh(%%0), %2$s[%1$s]);"}};
    if (on(K_DECL_OP) && chance(15)) {
        gen_struct_hist(b, count);
        return;
    }
    if (on(K_COUNT_HIST) && chance(25)) {
        gen_count_hist(b, count);
        return;
    }
    int nb = nbs[rnd(3)], op = rnd(on(K_HISTOGRAM) ? 4 : 3);
    if (on(K_DECL_OP) && chance(25)) { /* a declared operator: 4, 5 with inverses */
        static const int declop_of[4] = {0, 3, 1, 2};
        op = 4 + rnd(4);
        prog.uses_declop[declop_of[op - 4]] = 1;
    }
    const char *h = fresh("hb"), *q = fresh("q"), *hs = fresh("hs");
    /* the bins from before sometimes carry derivatives (from x), and the
     * values of *, min and max sometimes none (data: w, the index): the
     * adjoint then tells the bins an update replaced by their values from
     * before */
    int active_bins = chance(30), data_values = op < 3 && chance(25);
    stmt(b, fmt("double %s[%d];", h, nb));
    stmt(b, fmt("for (int %s = 0; %s < %d; %s++)\n    %s[%s] = %s%s;", q, q, nb, q, h, q,
                fmt(inits[op], q), active_bins ? " + 0.1 * tanh(x[0])" : ""));
    /* the bins read before the histogram, by a loop whose adjoint reads them again */
    const char *hr = chance(40) ? fresh("hr") : NULL;
    if (hr) {
        const char *p = fresh("q");
        stmt(b, fmt("double %s = 0.0;\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s] * %s[%s];",
                    hr, p, p, nb, p, hr, h, p, h, p));
    }
    int pooled;
    const char *i = loop_counter("i", &pooled);
    /* a reduce of rows: the updates in an inner loop over the bins, and
     * spelled reduce(OP: hb) as OpenMP's reduction(OP: hb[:NB]) */
    int rows = chance(25);
    const char *clause = chance(25) && !rows ? h : fmt("%s : %s", names[op], h);
    const char *word = rows && chance(60) ? "reduce" : "histogram";
    /* and OpenMP's pragma between pargrad's and the loop, as HPC code has
     * both, a third of them continued on a second line */
    const char *omp = "";
    if (op < 4 && cx.par == 0 && chance(30))
        omp = fmt("#pragma omp parallel for %sreduction(%s : %s[:%d])\n",
                  chance(33) ? "\\\n    " : "", names[op], h, nb);
    struct node *n = block_stmt(b, fmt("#pragma pargrad %s(%s)\n%s%s {", word, clause, omp,
                                       loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    gen_hist_iteration(n, i, count);
    int nup = 1 + rnd(2);
    double vb = 5.0; /* |a bin| at most: the values', the initial ones, or products near 1 */
    struct block rb = body_of(n);
    const char *j = NULL, *base = NULL;
    int width = nb; /* of a row of bins (affine rows) */
    if (rows && chance(50)) {
        /* rows of bins as HPC code writes them: a base from the iteration,
         * the bin base + j (or base + width - 1 - j): the key checks move
         * out of the loop over the row (indices.c) */
        width = nb == 8 ? 2 + 2 * rnd(2) : nb;
        const char *row = fmt("(%s * %d + %d) %% %d", i, mult[rnd(5)], rnd(4), nb / width);
        if (chance(50)) {
            base = fresh("kb");
            stmt(rb, fmt("const int %s = %s * %d;", base, row, width));
        } else
            base = fmt("(%s) * %d", row, width);
    }
    if (rows) {
        j = fresh("j");
        rb = body_of(block_stmt(rb, fmt("for (int %s = 0; %s < %d; %s++) {", j, j, width, j)));
    }
    for (int u = 0; u < nup; u++) {
        const char *k = base && chance(50) ? fmt("%s + %s", base, j)
                        : base             ? fmt("%s + %d - %s", base, width - 1, j)
                        : rows             ? fmt("(%s * %d + %s) %% %d", j, mult[rnd(5)], i, nb)
                               : fmt("(%s * %d + %d) %% %d", i, mult[rnd(5)], rnd(4), nb);
        struct block ub = rb;
        if (on(K_IF) && chance(20)) {
            struct node *c = block_stmt(ub, "if (%0) {");
            c->kid[c->nkid++] = gen_cond(1);
            ub = body_of(c);
        }
        /* min and max also as if (v < h[k]) h[k] = v; (the value twice) */
        static const char *const if_forms[2] = {
            "if (%%0 < %2$s[%1$s])\n    %2$s[%1$s] = %%0;",
            "if (%2$s[%1$s] < %%0) {\n    %2$s[%1$s] = %%0;\n}"};
        /* and as HPC code spells them, with the macros (RG_MIN(h[k], v)) */
        static const char *const macro_forms[2] = {"%2$s[%1$s] = RG_MIN(%2$s[%1$s], %%0);",
                                                   "%2$s[%1$s] = RG_MAX(%%0, %2$s[%1$s]);"};
        int by_macro = (op == 1 || op == 2) && on(K_MACRO) && chance(25);
        prog.uses_macros |= by_macro;
        const char *form = by_macro                             ? macro_forms[op - 1]
                           : (op == 1 || op == 2) && chance(25) ? if_forms[op - 1]
                                                                : forms[op][rnd(2)];
        struct node *w = stmt(ub, fmt(form, k, h));
        w->kid[w->nkid++] = !data_values ? gen_expr(1)
                            : prog.has_w ? leaf(optional_w(fmt("w[%s]", i)), 1.0)
                                         : leaf(fmt("sin(0.3 * %s)", i), 1.0);
        /* log-sum-exp: up to log(count) above the values; products of
         * 1 + t, |t| < 0.2, at most 1.2^9 */
        vb = max2(vb, w->kid[0]->bound + (op == 4 || op == 6 ? 3.0 : 0.5));
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    const char *r = fresh("q");
    stmt(b,
         fmt("double %s = %s;\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s] * (%s %% 3 + 1);",
             hs, hr ? fmt("0.1 * %s", hr) : "0.0", r, r, nb, r, hs, h, r, r));
    declare(hs, T_DOUBLE, 3.0 * nb * vb);
}
