/* What the tape holds: for every sequential loop of a gradient that keeps
 * values for its return sweep, what one iteration pushes and a formula of
 * the bytes in the function's parameters (`pargrad --report`, and the same
 * line as a comment above the loop in the output).
 *
 * A loop of the forward sweep keeps its iterations' values until the
 * return sweep pops them: its total is its trips times one iteration's
 * pushes, an inner loop's totals included. A loop run again inside a
 * reversed iteration (a block of a strip-mined loop, an inner loop) keeps
 * its values only while that iteration is undone: its line says so.
 * Pushes inside parallel iterations go to each thread's tape and are
 * popped within the iteration: they are not counted. */
#include "derivs.h"
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Report {
    Arena *a;
    /* the lets of integer temporaries (the formulas' terms), by var id in
     * open addressing: far fewer than the function's variables */
    Stmt **def;
    size_t cap;
    PtrVec lines; /* const char*: one per reported loop */
} Report;

/* ---- formulas ---- */
/* An integer expression as sum of terms coef * var plus a constant. */
typedef struct Linear {
    Var *v[8];
    long long k[8];
    int n;
    long long c;
} Linear;

/* The let of a temporary (a variable of the user's, or of a name pargrad
 * gives, B, stays a name: the reader knows it) */
static Stmt *let_of(Report *rp, Operand o) {
    if (o.kind != OPD_VAR || o.var->name[0] != '%' || !rp->cap)
        return NULL;
    for (size_t h = (size_t)o.var->id & (rp->cap - 1); rp->def[h]; h = (h + 1) & (rp->cap - 1))
        if (rp->def[h]->dst == o.var)
            return rp->def[h];
    return NULL;
}

static bool add_term(Linear *l, Var *v, long long k) {
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == v) {
            l->k[i] += k;
            return true;
        }
    if (l->n == 8)
        return false;
    l->v[l->n] = v;
    l->k[l->n++] = k;
    return true;
}

static bool linear(Report *rp, Operand o, long long scale, Linear *l, int depth) {
    if (o.kind == OPD_CONST && !type_is_float(o.ty)) {
        l->c += scale * o.ival;
        return true;
    }
    Stmt *d = let_of(rp, o);
    if (!d || depth > 16)
        return o.kind == OPD_VAR && add_term(l, o.var, scale);
    if (d->op == OP_CAST || d->op == OP_COPY)
        return linear(rp, d->args[0], scale, l, depth + 1);
    if (d->op == OP_ADD || d->op == OP_SUB)
        return linear(rp, d->args[0], scale, l, depth + 1) &&
               linear(rp, d->args[1], d->op == OP_SUB ? -scale : scale, l, depth + 1);
    if (d->op == OP_NEG)
        return linear(rp, d->args[0], -scale, l, depth + 1);
    if (d->op == OP_MUL && d->args[1].kind == OPD_CONST && !type_is_float(d->args[1].ty))
        return linear(rp, d->args[0], scale * d->args[1].ival, l, depth + 1);
    if (d->op == OP_MUL && d->args[0].kind == OPD_CONST && !type_is_float(d->args[0].ty))
        return linear(rp, d->args[1], scale * d->args[0].ival, l, depth + 1);
    return false;
}

static const char *formula(Report *rp, Operand o, int depth);

static const char *linear_text(Report *rp, Linear *l) {
    const char *t = "";
    for (int i = 0; i < l->n; i++) {
        long long k = l->k[i];
        if (!k)
            continue;
        const char *name = l->v[i]->name;
        const char *mag =
            (k == 1 || k == -1) ? name : arena_printf(rp->a, "%lld %s", k < 0 ? -k : k, name);
        t = *t ? arena_printf(rp->a, "%s %c %s", t, k < 0 ? '-' : '+', mag)
               : (k < 0 ? arena_printf(rp->a, "-%s", mag) : mag);
    }
    if (!*t)
        return arena_printf(rp->a, "%lld", l->c);
    if (l->c)
        t = arena_printf(rp->a, "%s %c %lld", t, l->c < 0 ? '-' : '+', l->c < 0 ? -l->c : l->c);
    return t;
}

/* Whether x has, outside parentheses, one of the operators ops. */
static bool top_level_op(const char *x, const char *ops) {
    int depth = 0;
    for (const char *p = x; *p; p++) {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (!depth && p > x && p[-1] == ' ' && strchr(ops, *p) && p[1] == ' ')
            return true;
    }
    return false;
}

/* x as a factor: in parentheses where it is a sum */
static const char *parenthesised(Report *rp, const char *x) {
    return top_level_op(x, "+-") ? arena_printf(rp->a, "(%s)", x) : x;
}

static const char *product(Report *rp, const char *x, char op, const char *y) {
    if (op == '*' && !strcmp(x, "1"))
        return y;
    if (!strcmp(y, "1"))
        return x;
    const char *r =
        op == '/' && top_level_op(y, "*/") ? arena_printf(rp->a, "(%s)", y) : parenthesised(rp, y);
    return arena_printf(rp->a, "%s %c %s", parenthesised(rp, x), op, r);
}

/* `max(a, 0)` from `a > 0 ? a : 0` (the size of a box side), a product,
 * a quotient, or the linear form; else the variable's name. */
static const char *formula(Report *rp, Operand o, int depth) {
    Linear l = {0};
    if (linear(rp, o, 1, &l, 0))
        return linear_text(rp, &l);
    Stmt *d = let_of(rp, o);
    if (!d || depth > 8)
        return o.kind == OPD_VAR ? o.var->name : "?";
    if (d->op == OP_CAST || d->op == OP_COPY)
        return formula(rp, d->args[0], depth + 1);
    if (d->op == OP_THREADS)
        return "pg_threads()";
    if (d->op == OP_MUL || d->op == OP_DIV)
        return product(rp, formula(rp, d->args[0], depth + 1), d->op == OP_MUL ? '*' : '/',
                       formula(rp, d->args[1], depth + 1));
    if (d->op == OP_ADD || d->op == OP_SUB) {
        const char *y = formula(rp, d->args[1], depth + 1);
        return arena_printf(rp->a, "%s %c %s", formula(rp, d->args[0], depth + 1),
                            d->op == OP_ADD ? '+' : '-',
                            d->op == OP_SUB ? parenthesised(rp, y) : y);
    }
    if (d->op == OP_CALL)
        return arena_printf(rp->a, "%s(%s%s%s)", deriv_name(d->fn),
                            formula(rp, d->args[0], depth + 1), d->nargs > 1 ? ", " : "",
                            d->nargs > 1 ? formula(rp, d->args[1], depth + 1) : "");
    if (d->op == OP_SELECT && d->args[1].kind == OPD_CONST && d->args[2].kind == OPD_CONST &&
        !type_is_float(d->args[1].ty)) /* c ? 1 : 0: at most the larger */
        return arena_printf(rp->a, "%lld",
                            d->args[1].ival > d->args[2].ival ? d->args[1].ival : d->args[2].ival);
    if (d->op == OP_SELECT) {
        Stmt *c = let_of(rp, d->args[0]);
        if (c && (c->op == OP_GT || c->op == OP_GE) && opd_equal(c->args[0], d->args[1]) &&
            opd_equal(c->args[1], d->args[2]))
            return arena_printf(rp->a, "max(%s, %s)", formula(rp, d->args[1], depth + 1),
                                formula(rp, d->args[2], depth + 1));
        if (c && (c->op == OP_LT || c->op == OP_LE) && opd_equal(c->args[0], d->args[1]) &&
            opd_equal(c->args[1], d->args[2]))
            return arena_printf(rp->a, "min(%s, %s)", formula(rp, d->args[1], depth + 1),
                                formula(rp, d->args[2], depth + 1));
    }
    return o.kind == OPD_VAR ? o.var->name : "?";
}

/* ---- what a loop keeps ---- */
/* What one iteration keeps: its items (at most MAX_ITEMS named, so that a
 * loop of thousands of statements gets a line, not a page: the rest is
 * "...") and a formula of its bytes (at most MAX_ITEMS terms). */
typedef struct Keeps {
    const char *what;  /* "u: max(n - 2, 0) doubles; swapped" */
    const char *bytes; /* a formula of one iteration's bytes */
    int nwhat, nbytes;
    bool more_what, more_bytes;
    /* a saved region pushed only where a selector says (count * (c ? 1 :
     * 0): the one of two swapped arrays the iteration writes), else NULL:
     * the selector's variable, whether c is it being non-zero, and the
     * array's name and the text after it */
    Var *selector;
    bool selected_when;
    const char *array, *amount;
} Keeps;

enum { MAX_ITEMS = 6 };

static int elem_bytes(Type t) {
    const char *n = type_cname(t);
    if (!strcmp(n, "float") || !strcmp(n, "int") || !strcmp(n, "unsigned"))
        return 4;
    if (!strcmp(n, "char") || !strcmp(n, "_Bool"))
        return 1;
    return 8;
}

/* k and then s, each list cut at MAX_ITEMS */
static Keeps combined(Report *rp, Keeps k, Keeps s) {
    k.more_what |= s.more_what;
    k.more_bytes |= s.more_bytes;
    if (*s.what && k.nwhat + s.nwhat > MAX_ITEMS)
        k.more_what = true;
    else if (*s.what) {
        k.what = *k.what ? arena_printf(rp->a, "%s; %s", k.what, s.what) : s.what;
        k.nwhat += s.nwhat;
    }
    if (*s.bytes && k.nbytes + s.nbytes > MAX_ITEMS)
        k.more_bytes = true;
    else if (*s.bytes) {
        k.bytes = *k.bytes ? arena_printf(rp->a, "%s + %s", k.bytes, s.bytes) : s.bytes;
        k.nbytes += s.nbytes;
    }
    return k;
}

static const char *what_text(Report *rp, Keeps k) {
    return k.more_what ? arena_printf(rp->a, "%s; ...", k.what) : k.what;
}

static const char *bytes_text(Report *rp, Keeps k) {
    return k.more_bytes ? arena_printf(rp->a, "%s + ...", k.bytes) : k.bytes;
}

/* Whether the loop's trips formula is a bound, not the count */
static bool trips_bounded(Stmt *l) {
    LoopNotes *n = l->loop_notes;
    return n && (n->trips || (l->hi.kind == OPD_NONE && n->bound.kind != OPD_NONE));
}

static const char *trips_of(Report *rp, Stmt *l) {
    LoopNotes *n = l->loop_notes;
    if (n && n->trips)
        return n->trips;
    if (n && l->hi.kind == OPD_NONE && n->bound.kind != OPD_NONE)
        return formula(rp, n->bound, 0);
    if (l->hi.kind == OPD_NONE)
        return "K";
    Linear a = {0};
    if (linear(rp, l->hi, 1, &a, 0) && linear(rp, l->lo, -1, &a, 0))
        return linear_text(rp, &a);
    if (opd_is_const(l->lo, 0))
        return formula(rp, l->hi, 0);
    return arena_printf(rp->a, "%s - %s", parenthesised(rp, formula(rp, l->hi, 0)),
                        parenthesised(rp, formula(rp, l->lo, 0)));
}

static Keeps body_keeps(Report *rp, Body *b);

/* c, through `== 0` and `!` tests of it, as a variable and whether c is
 * true where that variable is non-zero */
static Var *selector_of(Report *rp, Operand c, bool *when, int depth) {
    Stmt *d = let_of(rp, c);
    if (d && depth < 8 && (d->op == OP_CAST || d->op == OP_COPY))
        return selector_of(rp, d->args[0], when, depth + 1);
    bool eq0 = d && d->op == OP_EQ && opd_is_const(d->args[1], 0);
    if (d && depth < 8 && (eq0 || d->op == OP_NOT)) {
        Var *v = selector_of(rp, d->args[0], when, depth + 1);
        *when = !*when;
        return v;
    }
    *when = true;
    return c.kind == OPD_VAR && !d ? c.var : NULL;
}

/* The selector among count's factors (count * (c ? 1 : 0)), or NULL */
static Var *count_selector(Report *rp, Operand count, bool *when, int depth) {
    Stmt *d = let_of(rp, count);
    if (!d || depth > 8)
        return NULL;
    if (d->op == OP_CAST || d->op == OP_COPY)
        return count_selector(rp, d->args[0], when, depth + 1);
    if (d->op == OP_MUL) {
        Var *v = count_selector(rp, d->args[0], when, depth + 1);
        return v ? v : count_selector(rp, d->args[1], when, depth + 1);
    }
    bool one_zero = opd_is_const(d->args[1], 1) && opd_is_const(d->args[2], 0);
    bool zero_one = opd_is_const(d->args[1], 0) && opd_is_const(d->args[2], 1);
    if (d->op != OP_SELECT || !(one_zero || zero_one))
        return NULL;
    Var *v = selector_of(rp, d->args[0], when, 0);
    *when = *when == one_zero;
    return v;
}

/* What statement s pushes and keeps (none for parallel loops, whose
 * iterations pop what they push, and for reversed loops, which pop). */
static Keeps stmt_keeps(Report *rp, Stmt *s) {
    Keeps k = {.what = "", .bytes = ""};
    switch (s->kind) {
    case S_TAPE_PUSH_REGION: {
        const char *name = s->buf->name;
        size_t len = strlen(name);
        if (len > 6 && !strcmp(name + len - 6, "_saved"))
            name = arena_printf(rp->a, "%.*s", (int)(len - 6), name);
        const char *count = formula(rp, s->args[0], 0);
        k.array = name;
        k.amount = arena_printf(rp->a, "%s %ss", count, type_cname(s->buf->elem));
        k.selector = count_selector(rp, s->args[0], &k.selected_when, 0);
        k.what = arena_printf(rp->a, "%s: %s", name, k.amount);
        k.bytes = product(rp, arena_printf(rp->a, "%d", elem_bytes(s->buf->elem)), '*', count);
        k.nwhat = k.nbytes = 1;
        return k;
    }
    case S_PUSH:
        k.what = s->args[0].kind == OPD_VAR && s->args[0].var->name[0] != '%' ? s->args[0].var->name
                                                                              : "a value";
        k.bytes = "8";
        k.nwhat = k.nbytes = 1;
        return k;
    case S_IF:
        return combined(rp, body_keeps(rp, s->then_body), body_keeps(rp, s->else_body));
    case S_BLOCK:
        return body_keeps(rp, s->body);
    case S_LOOP: {
        if (s->reversed)
            return k;
        Keeps in = body_keeps(rp, s->body);
        if (!*in.bytes)
            return k;
        const char *trips = trips_of(rp, s);
        k.what = arena_printf(rp->a, "per iteration of the loop at line %d (%s%s): %s", s->loc.line,
                              trips_bounded(s) ? "at most " : "", trips, what_text(rp, in));
        k.bytes = product(rp, trips, '*', bytes_text(rp, in));
        k.nwhat = k.nbytes = 1;
        return k;
    }
    default:
        return k;
    }
}

/* Regions pushed under opposite values of one selector (the arrays swaps
 * exchange: each iteration saves those it writes, un and vn or u and v),
 * all of one size: one group's worth, said once at the first (items[at]);
 * the others emptied. */
static void either_group(Report *rp, Keeps *items, int n, int at) {
    Var *sel = items[at].selector;
    const char *names[2] = {"", ""};
    int count[2] = {0, 0};
    for (int i = at; i < n; i++) {
        Keeps *x = &items[i];
        if (x->selector != sel)
            continue;
        if (strcmp(x->amount, items[at].amount))
            return;
        int g = x->selected_when;
        names[g] = count[g] ? arena_printf(rp->a, "%s, %s", names[g], x->array) : x->array;
        count[g]++;
    }
    if (count[0] != count[1])
        return;
    Keeps one = items[at];
    one.what = arena_printf(rp->a, "%s or %s (%s it writes): %s%s", names[1], names[0],
                            count[0] > 1 ? "the ones" : "the one", one.amount,
                            count[0] > 1 ? " each" : "");
    one.selector = NULL;
    for (int i = at + 1, left = count[0] - 1; i < n; i++) {
        Keeps *x = &items[i];
        if (x->selector != sel)
            continue;
        if (x->selected_when == items[at].selected_when && left-- > 0) /* one group's bytes */
            one = combined(rp, one, (Keeps){.what = "", .bytes = x->bytes, .nbytes = 1});
        *x = (Keeps){.what = "", .bytes = ""};
    }
    items[at] = one;
}

static Keeps body_keeps(Report *rp, Body *b) {
    Keeps k = {.what = "", .bytes = ""};
    int n = b ? b->stmts.len : 0;
    Keeps *items = arena_alloc(rp->a, sizeof(Keeps) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        items[i] = stmt_keeps(rp, b->stmts.items[i]);
    for (int i = 0; i < n; i++)
        if (items[i].selector)
            either_group(rp, items, n, i);
    for (int i = 0; i < n; i++)
        k = combined(rp, k, items[i]);
    return k;
}

static bool is_int_temp_let(const Stmt *s) {
    return s->kind == S_LET && s->dst && s->dst->name[0] == '%' && !type_is_float(s->dst->ty);
}

static size_t count_lets(Body *b) {
    size_t n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += is_int_temp_let(s) + count_lets(s->then_body) + count_lets(s->else_body) +
             count_lets(s->body);
    }
    return n;
}

static void index_lets(Report *rp, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (is_int_temp_let(s)) {
            size_t h = (size_t)s->dst->id & (rp->cap - 1);
            while (rp->def[h])
                h = (h + 1) & (rp->cap - 1);
            rp->def[h] = s;
        }
        index_lets(rp, s->then_body);
        index_lets(rp, s->else_body);
        index_lets(rp, s->body);
    }
}

/* The saves of a loop's entry checkpoint, after comment i of b up to the
 * loop (the first loop or if of the comment's line): added to the comment
 * and the report. */
static void annotate_entry(Report *rp, Func *f, Body *b, int i) {
    Stmt *c = b->stmts.items[i];
    Keeps k = {.what = "", .bytes = ""};
    for (int j = i + 1; j < b->stmts.len; j++) {
        Stmt *s = b->stmts.items[j];
        if ((s->kind == S_LOOP || s->kind == S_IF) && s->loc.line == c->loc.line)
            break;
        k = combined(rp, k, stmt_keeps(rp, s));
    }
    if (!*k.bytes)
        return;
    const char *text = arena_printf(rp->a, "tape: saved once before it, %s; %s bytes",
                                    what_text(rp, k), bytes_text(rp, k));
    c->text = arena_printf(rp->a, "%s (%s)", c->text, text);
    vec_push(rp->a, &rp->lines,
             (void *)arena_printf(rp->a, "%s:%d: %s: loop: checkpoint(entry): %s", c->loc.file,
                                  c->loc.line, f->name, text));
}

/* Puts the summary above each loop of b that keeps values (a comment), and
 * in the report; `undone`: inside a reversed loop (its values live while
 * one of that loop's iterations is undone). */
static void annotate(Report *rp, Func *f, Body *b, Stmt *undone) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LOOP && !s->reversed && s->loc.line) {
            Keeps in = body_keeps(rp, s->body);
            if (*in.bytes) {
                const char *trips = trips_of(rp, s);
                bool bounded = trips_bounded(s) || strstr(in.what, "at most");
                const char *text = arena_printf(
                    rp->a, "tape: each of its %s%s iterations keeps %s; %s%s bytes in all%s",
                    trips_bounded(s) ? "at most " : "", trips, what_text(rp, in),
                    bounded ? "at most " : "", product(rp, trips, '*', bytes_text(rp, in)),
                    undone ? arena_printf(rp->a,
                                          " (while one iteration of the loop at line %d is "
                                          "undone, in the return sweep)",
                                          undone->loc.line)
                           : "");
                Stmt *c = stmt_new(rp->a, S_COMMENT, s->loc);
                c->text = text;
                vec_insert(rp->a, &b->stmts, i, c);
                i++;
                vec_push(rp->a, &rp->lines,
                         (void *)arena_printf(rp->a, "%s:%d: %s: loop: %s", s->loc.file,
                                              s->loc.line, f->name, text));
            }
        }
        if (s->kind == S_COMMENT && s->note && !strcmp(s->note, ENTRY_SAVE_NOTE))
            annotate_entry(rp, f, b, i);
        Stmt *inner = s->kind == S_LOOP && s->reversed ? s : undone;
        annotate(rp, f, s->then_body, undone);
        annotate(rp, f, s->else_body, undone);
        annotate(rp, f, s->body, inner);
    }
}

void report_tape(Arena *a, Func *f, FILE *out) {
    Report rp = {.a = a};
    size_t n = count_lets(f->body);
    for (rp.cap = 16; rp.cap < 2 * n + 2;)
        rp.cap *= 2;
    rp.def = arena_alloc(a, sizeof(Stmt *) * rp.cap);
    index_lets(&rp, f->body);
    annotate(&rp, f, f->body, NULL);
    for (int i = 0; out && i < rp.lines.len; i++)
        fprintf(out, "%s\n", (const char *)rp.lines.items[i]);
    if (out && !rp.lines.len)
        fprintf(out, "%s:%d: %s: no sequential loop keeps values on the tape\n", f->loc.file,
                f->loc.line, f->name);
}
