/* pargrad_gen (see gen.c): index expressions and expressions (reads of arrays
 * and variables, helpers' calls, math functions, conditions). */
#include <string.h>

#include "gen.h"

/* ------------------------------------------------------------------ */
/* index expressions                                                   */

static const struct loopvar *pick_loop(int range) {
    int cand[MAX_LOOPS], k = 0;
    for (int i = 0; i < cx.nloops; i++)
        if (cx.loops[i].range == range)
            cand[k++] = i;
    return k ? &cx.loops[cand[rnd(k)]] : NULL;
}

/* i's neighbour, clamped to [0, n) as hotspot's boundary cells read */
static const char *clamped(const char *i) {
    switch (rnd(4)) {
    case 0:
        return fmt("(%s == 0 ? %s : %s - 1)", i, i, i);
    case 1:
        return fmt("(%s == n - 1 ? %s : %s + 1)", i, i, i);
    case 2:
        return fmt("(%s + 1 < n ? %s + 1 : %s)", i, i, i);
    default:
        return fmt("(%s > 0 ? %s - 1 : 0)", i, i);
    }
}

/* an index in [0, n) */
const char *index_n(void) {
    if (prog.int_table && !cx.in_helper && chance(15))
        return fmt("%s[%d]", prog.int_table, rnd(3));
    const struct loopvar *l = pick_loop(NRANGE);
    const struct loopvar *t = pick_loop(CRANGE);
    switch (rnd(6)) {
    case 0:
        return "0";
    case 1:
        return "n - 1";
    case 2:
        if (t)
            return fmt("%s %% n", t->name);
        break;
    default:
        break;
    }
    if (!l)
        return rnd(2) ? "0" : "n / 2";
    switch (rnd(6)) {
    case 0:
        return fmt("n - 1 - %s", l->name);
    case 1: /* periodic neighbours, right or left */
        return fmt(rnd(2) ? "(%s + 1) %% n" : "(%s + n - 1) %% n", l->name);
    case 2:
        if (l->inner)
            return fmt("%s %s 1", l->name, rnd(2) ? "+" : "-");
        break;
    case 3:
        if (on(K_BIT_OPS))
            return rnd(2) ? fmt("(%s ^ 1) %% n", l->name) : fmt("(%s * 5 + 3) & (n - 1)", l->name);
        break;
    case 4:
        if (on(K_CLAMP))
            return clamped(l->name);
        break;
    default:
        break;
    }
    return l->name;
}

/* an index in [0, m) */
static const char *index_m(void) {
    const struct loopvar *l = pick_loop(MRANGE);
    if (!l || chance(20))
        return rnd(2) ? "0" : "m - 1";
    if (chance(15))
        return fmt("m - 1 - %s", l->name);
    return l->name;
}

/* the start of a row counted by a sequential loop around (K_ROW_START),
 * or NULL */
static const char *row_start(void) {
    for (int i = cx.nloops - 1; i >= 0; i--)
        if (cx.loops[i].row_start)
            return cx.loops[i].row_start;
    return NULL;
}

/* an index in [0, n*m) */
static const char *index_nm(void) {
    if (row_start() && chance(30))
        return fmt("%s + %s", row_start(), index_m());
    if (pick_loop(MRANGE) && chance(60))
        return fmt("(%s) * m + %s", index_n(), index_m());
    if (on(K_STRIDE) && prog.m >= 2 && chance(20)) /* in [0, 2n) */
        return fmt("2 * (%s) + %d", index_n(), rnd(2));
    return index_n();
}

/* ------------------------------------------------------------------ */
/* expressions                                                         */

struct node *leaf(const char *text, double bound) {
    struct node *n = new_node(1, text);
    n->bound = bound;
    return n;
}

static struct node *op(const char *tmpl, double bound, int nkid, struct node **kids) {
    struct node *n = new_node(1, tmpl);
    n->nkid = nkid;
    for (int i = 0; i < nkid; i++)
        n->kid[i] = kids[i];
    n->bound = bound;
    return n;
}

struct node *op1(const char *tmpl, double bound, struct node *a) {
    return op(tmpl, bound, 1, &a);
}

struct node *op2(const char *tmpl, double bound, struct node *a, struct node *b) {
    struct node *k[2] = {a, b};
    return op(tmpl, bound, 2, k);
}

static struct node *op3(const char *tmpl, double bound, struct node *a, struct node *b,
                        struct node *c) {
    struct node *k[3] = {a, b, c};
    return op(tmpl, bound, 3, k);
}

/* a double (or float) type for a declaration: the plain type, or one of
 * typedef_sig's aliases as operand k of n (a dropped alias prints the plain
 * type); returns the text for n's template */
const char *type_text(struct node *n, int is_float) {
    const char *base = is_float ? "$F" : "double", *alias = NULL;
    if (is_float)
        alias = prog.td_float && chance(60) ? prog.td_float : NULL;
    else if ((prog.td_real || prog.td_macro) && chance(60))
        alias = !prog.td_macro || (prog.td_real && rnd(2)) ? prog.td_real : prog.td_macro;
    if (!alias || n->nkid >= 4)
        return base;
    struct node *t = leaf(alias, 1.0);
    t->alt = base;
    n->kid[n->nkid] = t;
    return fmt("%%%d", n->nkid++);
}

/* keeps values in range: a bounded squashing function above a limit */
struct node *squash(struct node *e) {
    if (e->bound <= 8.0)
        return e;
    static const char *const f[] = {"tanh(%0)", "atan(%0)", "sin(%0)", "%0 / (1.0 + %0 * %0)"};
    return op1(f[rnd(4)], 1.6, e);
}

/* an array is readable when initialised (or an input) and not locked; a map
 * writing it reads only its own element, once that element is initialised */
int readable(const struct array *a) {
    if (a->locked)
        return 0;
    if (a->writing)
        return a->input || a->extent >= a->need;
    return a->input || a->extent > 0;
}

/* a[idx], or (pointer_view) the same element through pointer arithmetic */
static const char *element_text(const char *a, const char *idx) {
    if (!on(K_VIEW) || chance(50))
        return fmt("%s[%s]", a, idx);
    switch (rnd(3)) {
    case 0:
        return fmt("(*(%s + (%s)))", a, idx);
    case 1:
        return fmt("(%s + 1)[(%s) - 1]", a, idx);
    default:
        return fmt("(&%s[%s])[0]", a, idx);
    }
}

/* a read of an array the context may read */
/* structs: a field of sp (tags are 0, 1, 2) or a struct passed by value */
static struct node *struct_read(void) {
    const char *sp = "sp";
    if (prog.heap_sp && (!prog.has_sp || rnd(2)))
        sp = prog.heap_sp;
    else
        prog.used_sp = 1;
    const char *i = index_n(), *f = rnd(2) ? "lo" : "hi";
    switch (rnd(4)) {
    case 0:
        return leaf(fmt("(%s + (%s))->%s", sp, i, f), 1.0);
    case 1:
        return leaf(fmt("%s[(%s[%s].tag + (%s)) %% n].%s", sp, sp, i, index_n(), f), 1.0);
    case 2:
        prog.uses_ptval = prog.uses_struct = 1;
        return leaf(fmt("rg_ptval(%s[%s], 0.5)", sp, i), 1.5);
    default:
        return leaf(fmt("%s[%s].%s", sp, i, f), 1.0);
    }
}

/* A read of an optional array (name): tested for NULL as library C does */
const char *optional_read(const char *name, const char *elem) {
    static const char *const forms[] = {"(%s ? %s : 0.5)", "(%s != NULL ? %s : 1.0)",
                                        "(!%s ? 0.25 : %s)", "(%s == NULL ? 1.0 : %s)"};
    return fmt(forms[rnd(4)], name, elem);
}

const char *optional_w(const char *elem) {
    return prog.w_optional ? optional_read("w", elem) : elem;
}

static struct node *array_read(void) {
    if ((prog.has_sp || prog.heap_sp) && !cx.in_helper && chance(20))
        return struct_read();
    if (prog.has_sa && !cx.in_helper && chance(15)) { /* an array in a struct: sa[i].c[k] */
        prog.used_sa = 1;
        const char *i = index_n();
        if (chance(25))
            return leaf(fmt("sa[%s].s", i), 1.0);
        return leaf(rnd(2) ? fmt("sa[%s].c[%d]", i, rnd(3)) : fmt("sa[%s].c[(%s) %% 3]", i, i),
                    1.0);
    }
    if (prog.has_sg && !cx.in_helper && chance(15)) { /* an element's array: sg[k].v[i] */
        prog.used_sg = 1;
        const char *i = index_n();
        if (chance(40)) { /* through helpers, both elements: p[0].v as p[l].v, q->v for
                           * q = &p[0] or p + 1 */
            static const char *const forms[] = {"rg_segval(sg, %d, %s)", "rg_segat(&sg[%d], %s)",
                                                "rg_segat(sg + %d, %s)"};
            prog.uses_segat = 1;
            int first = rnd(2);
            const char *a = fmt(forms[rnd(3)], first, i), *b = fmt(forms[rnd(3)], 1 - first, i);
            return leaf(fmt("0.5 * (%s + %s)", a, b), 1.0);
        }
        return leaf(rnd(2) ? fmt("sg[(%s) %% 2].v[%s]", i, i) : fmt("sg[1].v[%s]", i), 1.0);
    }
    if (prog.has_rt && !cx.in_helper && chance(20)) {
        prog.used_rt = 1;
        if (on(K_GRID_HELPER) && chance(30)) {
            prog.uses_rowdot = 1;
            return leaf(fmt("rg_rowdot(m, rt[%s])", index_n()), 1.0);
        }
        return leaf(fmt("rt[%s][%s]", index_n(), index_m()), 1.0);
    }
    if (prog.has_a && !cx.in_helper && chance(25)) {
        prog.used_a = 1;
        if (on(K_GRID_HELPER) && chance(30)) {
            if (!prog.uses_grid) /* its parameter spelled as C99 code spells it */
                prog.grid_param = rnd(3);
            prog.uses_grid = 1;
            return leaf(fmt("rg_grid(n, m, a, %s)", index_n()), 1.0);
        }
        if (on(K_GRID_HELPER) && chance(30)) { /* a row as a pointer */
            prog.uses_rowdot = 1;
            return leaf(fmt(rnd(2) ? "rg_rowdot(m, a[%s])" : "rg_rowdot(m, &a[%s][0])", index_n()),
                        1.0);
        }
        return leaf(fmt("a[%s][%s]", index_n(), index_m()), 1.0);
    }
    const struct array *cand[MAX_ARRAYS];
    int k = 0;
    for (int i = 0; i < cx.narrays; i++)
        if (readable(&cx.arrays[i]))
            cand[k++] = &cx.arrays[i];
    if (!k)
        return NULL;
    const struct array *a = cand[rnd(k)];
    if (strcmp(a->name, "w") == 0)
        prog.used_w = 1;
    if (a->writing) { /* a map writing this array may read only its own element */
        const char *own = element_text(a->name, a->writing);
        return leaf(a->optional ? optional_read(a->name, own) : own, 2.0);
    }
    if (prog.x_rows && strcmp(a->name, "x") == 0 && !cx.in_helper && chance(35)) {
        prog.used_x_rows = 1;
        if (on(K_GRID_HELPER) && chance(30)) { /* the rows handed to a helper's g[][m] */
            if (!prog.uses_grid)
                prog.grid_param = rnd(3);
            prog.uses_grid = 1;
            return leaf(fmt("rg_grid(n, m, %s, %s)", prog.x_rows, index_n()), 1.0);
        }
        return leaf(fmt("%s[%s][%s]", prog.x_rows, index_n(), index_m()), 1.0);
    }
    const char *idx = a->extent == 1 ? index_n() : index_nm();
    double bound = strcmp(a->name, "x") == 0 ? 1.0 : 2.0;
    const char *text = fmt("%s[%s]", a->name, idx);
    if (on(K_VIEW) && chance(15))
        text = element_text(a->name, idx);
    else if (strcmp(idx, "0") == 0 && on(K_DEREF) && chance(40)) /* the first element as *x */
        text = fmt("(*%s)", a->name);
    return leaf(a->optional ? optional_read(a->name, text) : text, bound);
}

static struct node *var_read(void) {
    /* prefers a variable nobody has read yet */
    int cand[MAX_VARS], k = 0, unused = chance(60);
    for (int i = 0; i < cx.nvars; i++)
        if (!cx.vars[i].hidden && (!unused || !cx.vars[i].used))
            cand[k++] = i;
    if (!k && unused)
        return var_read();
    if (!k)
        return NULL;
    struct var *v = &cx.vars[cand[rnd(k)]];
    v->used = 1;
    switch (v->type) {
    case T_INT:
        return leaf(fmt("0.1 * %s", v->name), 1.0);
    case T_U64: /* const uint64_t q = 1ULL << len */
        return leaf(fmt("(double)%s * %s", v->name,
                        v->len == 63   ? "1.0e-19"
                        : v->len == 50 ? "1.0e-15"
                                       : "1.0e-12"),
                    1.2);
    case T_ARRAY:
        if (pick_loop(NRANGE) && chance(40))
            return leaf(fmt("%s[%s %% %d]", v->name, pick_loop(NRANGE)->name, v->len), v->bound);
        return leaf(fmt("%s[%d]", v->name, rnd(v->len)), v->bound);
    default:
        break;
    }
    const char *dot = strchr(v->name, '.');
    if (dot &&
        chance(25)) { /* a struct local's field through a const pointer: rg_ptfield(&sq, 1) */
        prog.uses_ptfield = 1;
        return leaf(
            fmt("rg_ptfield(&%.*s, %d)", (int)(dot - v->name), v->name, !strcmp(dot + 1, "hi")),
            v->bound);
    }
    return leaf(v->name, v->bound);
}

/* the helpers generated so far (gen_helper, before f) */
int nhelpers;
struct helper helpers[8];

static struct node *helper_call(int depth) {
    if (!nhelpers || cx.in_helper)
        return NULL;
    const struct helper *h = &helpers[rnd(nhelpers)];
    if (h->kind == 0)
        return op2(fmt("%s@(%%0, %%1)", h->name), 3.0, gen_expr(depth + 1), gen_expr(depth + 1));
    if (h->kind == 1)
        return leaf(fmt("%s@(x, %s)", h->name, index_n()), 3.0);
    if (cx.par > 1) /* keep the nesting of inlined loops small */
        return NULL;
    /* q: w, x, or where the helper tests it, NULL (or an optional w: read
     * untested in any other helper) */
    const char *q = prog.has_w && (!prog.w_optional || h->optional_q) ? "w" : "x";
    if (h->optional_q && chance(40))
        q = "NULL";
    else if (h->optional_q && chance(30))
        q = "x";
    return leaf(fmt("%s@(n, x, %s)", h->name, q), 3.0 * 9);
}

/* a constant cast or integer arithmetic on constants (C's conversions:
 * truncation toward zero, _Bool, unsigned wrap-around, float rounding) */
static struct node *const_cast_leaf(void) {
    static const struct {
        const char *text;
        double value;
        int nm; /* reads n or m: not in helpers */
    } c[] = {
        {"(double)(1ULL << 40) * 1.0e-12", 1.1, 0},
        {"(double)(1ULL << 63) * 1.0e-19", 0.93, 0},
        {"(float)0.1", 0.1, 0},
        {"(double)(float)0.3", 0.3, 0},
        {"(float)1 / 3", 0.34, 0},
        {"(int)2.7 * 0.5", 1.0, 0},
        {"(int)-2.7 * 0.25", 0.5, 0},
        {"(_Bool)0.5 * 0.75", 0.75, 0},
        {"(_Bool)0.0 + 0.25", 0.25, 0},
        {"(char)100 * 0.01", 1.0, 0},
        {"(unsigned char)300 * 0.01", 0.44, 0},
        {"(unsigned)3 * 0.25", 0.75, 0},
        {"(7 / 2) * 0.25", 0.75, 0},
        {"(-7 / 2) * 0.25", 0.75, 0},
        {"(7 % 3) * 0.5", 0.5, 0},
        {"(-7 % 3) * 0.5", 0.5, 0},
        {"(double)(7 / 2) / 4", 0.75, 0},
        {"(1u << 4) * 0.05", 0.8, 0},
        {"(double)(uint64_t)1.0e10 * 1.0e-10", 1.0, 0},
        {"(double)(int64_t)-3 * 0.25", 0.75, 0},
        {"(double)UINT64_MAX * 1.0e-20", 0.19, 0},
        {"(int)(0.1 * 25) * 0.5", 1.0, 0},
        {"(double)m / 5.0", 1.0, 1},
        {"(double)(n % 3) * 0.5", 1.0, 1},
        {"(unsigned)n * 0.1", 0.9, 1},
        {"(double)(n / 2) * 0.2", 0.8, 1},
    };
    enum { NC = sizeof c / sizeof c[0] };
    int k = rnd(NC);
    while (c[k].nm && cx.in_helper)
        k = rnd(NC);
    return leaf(c[k].text, c[k].value);
}

static struct node *gen_leaf(int depth) {
    struct node *n = NULL;
    for (int tries = 0; !n && tries < 4; tries++) {
        switch (rnd(10)) {
        case 0:
        case 1:
        case 2:
            n = array_read();
            break;
        case 3:
        case 4:
        case 5:
            n = var_read();
            break;
        case 6:
            if (prog.has_p && !cx.in_helper) {
                n = leaf("p", 1.0);
                prog.used_p = 1;
            }
            break;
        case 7:
            if (on(K_INT) && cx.nloops > 0) {
                const struct loopvar *l = &cx.loops[rnd(cx.nloops)];
                n = leaf(rnd(2) ? fmt("(double)%s / n", l->name) : fmt("0.25 * %s", l->name),
                         l->range == MRANGE ? 1.25 : 2.5);
            }
            break;
        case 8:
            if (on(K_HELPER) && depth < 3)
                n = helper_call(depth);
            break;
        default:
            if (on(K_CONST_CAST) && chance(12)) {
                n = const_cast_leaf();
            } else if (prog.td_real && chance(10)) { /* (real)0.5 */
                n = op1("(%1)%0", 1.5, leaf(fmt("%.2f", rconst(-1.5, 1.5)), 1.5));
                n->kid[n->nkid] = leaf(prog.td_real, 1.0);
                n->kid[n->nkid++]->alt = "double";
            } else {
                double c = rconst(-1.5, 1.5);
                n = leaf(fmt("%.2f", c), 1.5);
            }
            break;
        }
    }
    return n ? n : leaf(fmt("%.2f", rconst(0.1, 1.5)), 1.5);
}

double max2(double a, double b) {
    return a > b ? a : b;
}

/* an active or inactive condition (an int-valued expression node) */
struct node *gen_cond(int depth) {
    if (cx.nloops > 0 && chance(30)) {
        const struct loopvar *l = &cx.loops[rnd(cx.nloops)];
        const char *t = rnd(2) ? fmt("%s %% 2 == 0", l->name) : fmt("%s < n / 2", l->name);
        return leaf(t, 1.0);
    }
    if (chance(10) && !cx.in_helper)
        return leaf(rnd(2) ? "n > 3" : "m < 3", 1.0);
    /* thresholds end in 5 in the third decimal, the other constants have
     * two: a float local holding a constant (float f = (float)(-0.39)) is
     * never within its rounding of one, where the double twin of check.c
     * (f = -0.39) would take the other branch */
    const char *cmp = rnd(2) ? ">" : "<";
    double t = (int)(rconst(-0.5, 0.5) * 100.0) / 100.0 + 0.005;
    if (on(K_FP_CLASS) && chance(10)) { /* the same thresholds through NaN and infinity */
        static const char *const forms[] = {"isnan(sqrt(%%0 - %.3f))", "isfinite(log(%%0 - %.3f))",
                                            "!isinf(1.0 / (%%0 > %.3f ? 1.0 : 0.0))"};
        return op1(fmt(forms[rnd(3)], t), 1.0, gen_expr(depth + 1));
    }
    return op1(fmt("%%0 %s %.3f", cmp, t), 1.0, gen_expr(depth + 1));
}

static struct node *gen_float(int depth) {
    struct node *a = gen_expr(depth + 1);
    switch (rnd(6)) {
    case 0:
        return op1("sin$f(($F)%0)", 1.0, a);
    case 1:
        return op1("exp$f(tanh$f(($F)%0))", 2.8, a);
    case 2:
        return op1("log$f(1.0$L + ($F)%0 * ($F)%0)", 1.0 + a->bound, a);
    case 3:
        return op1("sqrt$f(1.0$L + ($F)(%0 * %0))", 1.0 + a->bound, a);
    case 4:
        return op1("($F)%0", a->bound, a);
    default:
        return op1("atan$f(($F)%0) * 0.5$L", 1.0, a);
    }
}

/* rounding: piecewise smooth functions; their jumps (floor, round, fmod)
 * are met at random points with probability zero, like fabs's kink */
static struct node *gen_rounding(int depth, struct node *a) {
    double b = a->bound;
    switch (rnd(8)) {
    case 0:
        return op1("%0 + 0.25 * floor(2.0 * %0)", 1.5 * b + 0.5, a);
    case 7: /* frexp and modf, which store a part through a pointer */
        prog.uses_split = 1;
        return op1("rg_split(%0)", 5.0 + 0.5 * b, a);
    case 1:
        return op1("%0 - round(%0)", 0.5, a);
    case 2:
        return op1("fmod(%0, 0.75)", 0.75, a);
    case 3:
        return op2("copysign(%0, %1)", b, a, gen_expr(depth + 1));
    case 4:
        return op1("%0 * (1.0 + 0.1 * ceil(%0) - 0.1 * trunc(%0))", 1.1 * b, a);
    case 5:
        return op1("fdim(%0, 0.1)", b + 0.1, a);
    default: /* helpers see only their parameters */
        return op1(cx.in_helper ? "(%0 + 0.1 * abs(-3))" : "(%0 + 0.1 * abs(n - 4))", b + 0.5, a);
    }
}

static struct node *gen_unary(int depth) {
    struct node *a = gen_expr(depth + 1);
    double b = a->bound;
    switch (rnd(23)) {
    case 0:
        return op1("sin(%0)", 1.0, a);
    case 1:
        return op1("cos(%0)", 1.0, a);
    case 2:
        return op1("tanh(%0)", 1.0, a);
    case 3:
        return op1("atan(%0)", 1.6, a);
    case 4:
        return op1("erf(%0)", 1.0, a);
    case 5:
        return op1("exp(tanh(%0))", 2.8, a);
    case 6:
        return op1("exp(-%0 * %0)", 1.0, a);
    case 7:
        return op1("expm1(0.5 * sin(%0))", 0.7, a);
    case 8:
        return op1("log(1.0 + %0 * %0)", 1.0 + b, a);
    case 9:
        return op1("log1p(%0 * %0)", 1.0 + b, a);
    case 10:
        return op1("log(2.0 + sin(%0))", 1.1, a);
    case 11:
        return op1("sqrt(1.0 + %0 * %0)", 1.0 + b, a);
    case 12:
        return op1("sqrt(0.5 + %0 * %0)", 1.0 + b, a);
    case 13:
        return op1("tan(0.7 * tanh(%0))", 0.85, a);
    case 14:
        return op1("cbrt(2.0 + sin(%0))", 1.5, a);
    case 15:
        return op2("pow(1.0 + %0 * %0, 0.5 + 0.3 * sin(%1))", 1.0 + b * b, a, gen_expr(depth + 1));
    case 16:
        return op1("pow(1.5 + cos(%0), 1.5)", 4.0, a);
    case 17:
        if (rnd(3) == 0) /* fused: a * b + c */
            return op2("fma(%0, tanh(%1), 0.25)", b + 0.25, a, gen_expr(depth + 1));
        return op2("hypot(%0, 0.5 + %1 * %1)", b + 0.5 + 4.0, a, gen_expr(depth + 1));
    case 18:
        if (on(K_KINKS))
            return op1("fabs(%0)", b, a);
        return op1("sin(%0)", 1.0, a);
    case 19:
        if (on(K_ROUNDING))
            return gen_rounding(depth, a);
        return op1("cos(%0)", 1.0, a);
    case 20:
        return rnd(2) ? op1("asinh(%0)", b, a) : op1("acosh(1.5 + %0 * %0)", 1.0 + b, a);
    case 21:
        return rnd(2) ? op1("atanh(0.5 * tanh(%0))", 0.55, a)
                      : op1("tgamma(1.5 + 0.5 * sin(%0))", 1.0, a);
    default: /* (ldexp and scalbn: the same, exactly) */
        return op1(rnd(4) ? "0.5 * %0" : rnd(2) ? "ldexp(%0, -1)" : "scalbn(%0, -1)", 0.5 * b, a);
    }
}

static struct node *gen_binary(int depth) {
    struct node *a = gen_expr(depth + 1), *b = gen_expr(depth + 1);
    if (on(K_MACRO) && chance(10)) {
        prog.uses_macros = 1;
        switch (rnd(3)) {
        case 0:
            return op2("RG_SQ(%0) - %1", a->bound * a->bound + b->bound, a, b);
        case 1:
            return op2("RG_LERP(%0, %1, 0.25)", max2(a->bound, b->bound) * 1.5, a, b);
        default: /* the offset keeps two equal operands from tying */
            return op2("RG_MIN(%0, %1 + 0.25)", max2(a->bound, b->bound) + 0.25, a, b);
        }
    }
    switch (rnd(9)) {
    case 0:
    case 1:
        return op2("%0 + %1", a->bound + b->bound, a, b);
    case 2:
        return op2("%0 - %1", a->bound + b->bound, a, b);
    case 3:
    case 4:
        return op2("%0 * %1", a->bound * b->bound, a, b);
    case 5:
        return op2("%0 / (1.0 + %1 * %1)", a->bound, a, b);
    case 6:
        if (on(K_KINKS)) /* the offset keeps two equal operands from tying */
            return op2(rnd(2) ? "fmin(%0, %1 + 0.25)" : "fmax(%0, %1 - 0.25)",
                       max2(a->bound, b->bound) + 0.25, a, b);
        return op2("%0 + %1", a->bound + b->bound, a, b);
    case 7:
        if (on(K_TERNARY) && chance(25)) {
            /* an arm C does not evaluate divides by an exact zero (the count
             * of a Welford update, n > 1 ? s / (n - 1) : 0) */
            struct node *c = gen_leaf(depth + 1);
            return op3("(%0 > 0.5 ? %1 / (double)(int)(%0 + 0.5) : %2)", max2(a->bound, b->bound),
                       c, a, b);
        }
        if (on(K_TERNARY)) {
            struct node *c = gen_cond(depth + 1);
            return op3("(%0 ? %1 : %2)", max2(a->bound, b->bound), c, a, b);
        }
        return op2("%0 - %1", a->bound + b->bound, a, b);
    default:
        return op2(fmt("%.2f * %%0 + %%1", rconst(-1.5, 1.5)), a->bound * 1.5 + b->bound, a, b);
    }
}

struct node *gen_expr(int depth) {
    struct node *e;
    int r = rnd(10);
    if (depth >= 3 || r < 3)
        e = gen_leaf(depth);
    else if (r < 6)
        e = gen_unary(depth);
    else if (r < 9 || !on(K_FLOAT) || cx.in_helper)
        e = gen_binary(depth);
    else {
        prog.uses_float = 1;
        e = gen_float(depth);
    }
    return squash(e);
}
