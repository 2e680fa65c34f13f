/* pargrad_gen (see gen.c): statements (loop counters and heads, locals, ifs,
 * sequential and time loops, returns, updates), one random statement of
 * any kind (gen_stmt), and the helper functions. */
#include <string.h>

#include "gen.h"

/* ------------------------------------------------------------------ */
/* statements                                                          */

/* decl_for: loop counters declared at the top of f (`int i1, t2;`), C89
 * style, and reused by loops that do not nest in each other. One read
 * after its loop (counter_after) is retired: another loop inside a
 * parallel loop would make it private there. */
enum { MAX_COUNTERS = 8 };
static struct counter {
    const char *name;
    int busy, retired;
} counters[MAX_COUNTERS];
static int ncounters;

/* A loop's counter: declared at the top (*pooled) or in the loop's head. */
const char *loop_counter(const char *prefix, int *pooled) {
    *pooled = 0;
    if (!on(K_DECL_FOR) || cx.in_helper || !chance(50))
        return fresh(prefix);
    int cand[MAX_COUNTERS], k = 0;
    for (int i = 0; i < ncounters; i++)
        if (!counters[i].busy && !counters[i].retired)
            cand[k++] = i;
    int c;
    if (k && (ncounters == MAX_COUNTERS || chance(60)))
        c = cand[rnd(k)];
    else if (ncounters < MAX_COUNTERS)
        c = ncounters++, counters[c].name = fresh(prefix);
    else
        return fresh(prefix);
    counters[c].busy = 1;
    *pooled = 1;
    return counters[c].name;
}

static struct counter *pooled_counter(const char *name) {
    for (int i = 0; i < ncounters; i++)
        if (counters[i].name == name)
            return &counters[i];
    return NULL;
}

/* At the end of a loop over a pooled counter: free for the next loop, or
 * (counter_after) readable after it, an int in [-1, 10]. */
void end_counter(const char *name) {
    struct counter *c = pooled_counter(name);
    if (!c)
        return;
    c->busy = 0;
    if (on(K_COUNTER_AFTER) && chance(30)) {
        c->retired = 1;
        declare(name, T_INT, 1.0);
    }
}

/* the counters' declaration, once f is built: at position at of f's body */
void declare_counters(struct node *f, int at) {
    if (!ncounters)
        return;
    struct node *d = new_node(0, "");
    d->tmpl = fmt("int %s", counters[0].name);
    for (int i = 1; i < ncounters; i++)
        d->tmpl = fmt("%s, %s", d->tmpl, counters[i].name);
    d->tmpl = fmt("%s;", d->tmpl);
    push(&f->body, &f->nbody, &f->cbody, d);
    memmove(f->body + at + 1, f->body + at, sizeof *f->body * (size_t)(f->nbody - 1 - at));
    f->body[at] = d;
}

/* a loop over [lo, hi) in one of C's spellings: up (loop_forms), or down
 * (loop_down), with the counter declared in the head unless pooled */
const char *loop_head(const char *var, int pooled, const char *lo, const char *hi) {
    const char *d = pooled ? "" : "int ";
    if (on(K_LOOP_DOWN) && chance(25)) {
        switch (rnd(3)) {
        case 0:
            return fmt("for (%s%s = %s - 1; %s >= %s; %s--)", d, var, hi, var, lo, var);
        case 1:
            return fmt("for (%s%s = %s - 1; %s > %s - 1; --%s)", d, var, hi, var, lo, var);
        default:
            return fmt("for (%s%s = %s - 1; %s >= %s; %s -= 1)", d, var, hi, var, lo, var);
        }
    }
    if (on(K_LOOP_COND) && chance(25)) {
        int from_zero = strcmp(lo, "0") == 0 && (strcmp(hi, "n") == 0 || strcmp(hi, "m") == 0);
        switch (rnd(from_zero ? 4 : 3)) { /* != only where the counter surely meets the bound */
        case 0:
            return fmt("for (%s%s = %s; %s + 1 < %s + 1; %s++)", d, var, lo, var, hi, var);
        case 1:
            return fmt("for (%s%s = %s; %s > %s; %s++)", d, var, lo, hi, var, var);
        case 2:
            return fmt("for (%s%s = %s; %s - 1 < %s - 1; ++%s)", d, var, lo, var, hi, var);
        default:
            return fmt("for (%s%s = %s; %s != %s; %s++)", d, var, lo, var, hi, var);
        }
    }
    if (!on(K_LOOP_FORMS) || chance(60))
        return fmt("for (%s%s = %s; %s < %s; %s++)", d, var, lo, var, hi, var);
    switch (rnd(4)) {
    case 0:
        return fmt("for (%s%s = %s; %s <= %s - 1; %s++)", d, var, lo, var, hi, var);
    case 1:
        return fmt("for (%s%s = %s; %s < %s; ++%s)", d, var, lo, var, hi, var);
    case 2:
        return fmt("for (%s%s = %s; %s < %s; %s = %s + 1)", d, var, lo, var, hi, var, var);
    default:
        return fmt("for (%s%s = %s; %s < %s; %s += 1)", d, var, lo, var, hi, var);
    }
}

/* loop_step: a sequential loop over part of [0, hi), stepping by more than one */
static const char *step_head(const char *var, int pooled, const char *hi) {
    const char *d = pooled ? "" : "int ";
    switch (rnd(4)) {
    case 0:
        return fmt("for (%s%s = 0; %s < %s; %s += 2)", d, var, var, hi, var);
    case 1:
        return fmt("for (%s%s = 1; %s < %s; %s = %s + 3)", d, var, var, hi, var, var);
    case 2:
        return fmt("for (%s%s = %s - 1; %s >= 0; %s -= 2)", d, var, hi, var, var);
    default:
        return fmt("for (%s%s = 0; %s < %s; %s += 1 + n / 4)", d, var, var, hi, var);
    }
}

void push_loop(const char *name, int par, int range, int inner) {
    cx.loops[cx.nloops++] = (struct loopvar){name, par, range, inner, NULL};
}

int loops_of(int range) {
    int k = 0;
    for (int i = 0; i < cx.nloops; i++)
        k += cx.loops[i].range == range;
    return k;
}

/* double/float/int local, or a small local array */
/* scalar_ref: a local updated by a helper through its address, or an int
 * drawn from a generator state the helper advances (rg_blend, rg_step:
 * printed before f when the row is on) */
static void gen_scalar_ref(struct block b) {
    if (chance(30)) { /* a local pointer to a local scalar */
        const char *name = fresh("r"), *ptr = fresh("rp");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("double %s = %%0;\ndouble *%s = &%s;\n*%s = 0.5 * *%s + 0.25 * tanh(%%1);",
                      name, ptr, name, ptr, ptr);
        declare(name, T_DOUBLE, n->kid[0]->bound + 0.25);
        return;
    }
    if (chance(35)) { /* updated by a helper only where C calls it: && || ?: */
        const char *name = fresh("r");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->kid[n->nkid++] = gen_cond(1);
        n->kid[n->nkid++] = gen_expr(1);
        switch (rnd(3)) {
        case 0:
            n->tmpl = fmt("double %s = %%0;\nif ((%%1) && rg_bump(&%s, %%2))\n    %s = 0.5 * %s;",
                          name, name, name, name);
            prog.uses_bump = 1;
            break;
        case 1:
            n->tmpl = fmt("double %s = %%0;\nif ((%%1) || rg_bump(&%s, %%2))\n    %s -= 0.25;",
                          name, name, name);
            prog.uses_bump = 1;
            break;
        default:
            n->tmpl = fmt("double %s = %%0;\ndouble %s_t = (%%1) ? rg_take(&%s, %%2) : 0.25 * "
                          "%s;\n%s += %s_t;",
                          name, name, name, name, name, name);
            prog.uses_take = 1;
            break;
        }
        declare(name, T_DOUBLE, 2.0 * n->kid[0]->bound + 1.5);
        return;
    }
    if (rnd(2)) {
        const char *name = fresh("r");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("double %s = %%0;\nrg_blend(&%s, %%1);", name, name);
        prog.uses_blend = 1;
        declare(name, T_DOUBLE, n->kid[0]->bound + 0.25);
        return;
    }
    const char *st = fresh("st"), *name = fresh("k");
    const char *v = cx.nloops ? cx.loops[rnd(cx.nloops)].name : cx.in_helper ? "1" : "n";
    const char *draw = on(K_BIT_OPS) && rnd(2) ? fmt("(rg_step(&%s) ^ (%s >> 3)) & 3u", st, st)
                                               : fmt("rg_step(&%s) %% 5u", st);
    stmt(b, fmt("unsigned %s = (unsigned)(%s * 7 + 1);\nint %s = (int)(%s);", st, v, name, draw));
    declare(name, T_INT, 0.5);
    prog.uses_step = 1;
}

/* `#pragma pargrad while bound(N)` and a line break for two in five of the
 * while and do loops (their bodies run at most 4 times: N is never
 * exceeded; n the length where there is one, else 4), else "" */
static const char *while_bound_pragma(const char *n) {
    static const char *const bounds[] = {"4", "%s + 4", "2 * %s + 4", "(%s + 1) * 4", "7 - 3"};
    if (!on(K_WHILE_BOUND) || !chance(40))
        return "";
    if (on(K_MACRO) && chance(25)) {
        prog.uses_pragma_consts = 1;
        return fmt("#pragma pargrad while bound(%s)\n",
                   rnd(2) ? "RG_WHILE_MAX" : fmt("RG_WHILE_MAX + %s", n));
    }
    return fmt("#pragma pargrad while bound(%s)\n", fmt(bounds[rnd(5)], n));
}

/* A fresh name, or now and then one of C++'s keywords (each once a
 * program), as C code may name its variables */
static const char *fresh_or_keyword(const char *prefix) {
    static const char *const kw[] = {"new", "class", "this", "delete", "template", "private"};
    static unsigned used;
    if (!on(K_CXX_NAMES) || used >= sizeof kw / sizeof kw[0] || !chance(15))
        return fresh(prefix);
    return kw[used++];
}

/* while: a local computed by a while, do or uncounted for loop whose trip
 * count depends on integers only (n, loop indices): a derivative has no
 * jumps (the test of the value itself never fails) */
static void gen_while_local(struct block b) {
    const char *v = fresh_or_keyword("wv"), *k = fresh("wk");
    const char *i = cx.nloops ? cx.loops[rnd(cx.nloops)].name : "0";
    const char *n = cx.in_helper ? "4" : "n"; /* helpers may have no length */
    const char *step = fmt("%s = 0.5 * %s + 0.25 * tanh(%%1 + 0.1 * %s);", v, v, k);
    const char *stop = rnd(2) ? fmt("\n    if (%s > %s + 1)\n        break;", k, n) : "";
    struct node *s = stmt(b, "");
    s->kid[s->nkid++] = gen_expr(0);
    s->kid[s->nkid++] = gen_expr(1);
    int form = rnd(6);
    if (form == 5) /* the counter's update in the condition: k-- > 0 */
        s->tmpl = fmt("double %s = %%0;\nint %s = 2 + (%s + %s) %% 3;\n%swhile (%s-- > 0) {\n    "
                      "%s%s\n}",
                      v, k, n, i, while_bound_pragma(n), k, step, stop);
    else if (form == 4) /* and ++k < N after the body, or (k += 1) < N */
        s->tmpl = fmt("double %s = %%0;\nint %s = 0;\n%sdo {\n    %s%s\n} while (%s < 1 + (%s + "
                      "%s) %% 3);",
                      v, k, while_bound_pragma(n), step, stop,
                      rnd(2) ? fmt("++%s", k) : fmt("(%s += 1)", k), n, i);
    if (form >= 4) {
        declare(v, T_DOUBLE, max2(s->kid[0]->bound, 0.5) + 0.25);
        return;
    }
    if (form == 3) { /* an array filled by a loop that stops at the first of two bounds (its
                        last, exiting iteration's index is past the end), then at indices
                        checked by an if */
        const char *wa = fresh("wa"), *g = fresh("g"), *gk = fresh("gk");
        s->tmpl = fmt("double %s[4] = {0};\nint %s;\nfor (%s = 0; %s < 4 && %s < %s; %s++)\n    "
                      "%s[%s] = 0.5 * %s[(%s + 3) %% 4] + 0.25 * tanh(%%1 + 0.1 * %s);\n"
                      "for (int %s = 0; %s < %s + 2; %s++) {\n    int %s = (%s * 5 + %s) %% 7;\n"
                      "    if (%s < 4)\n        %s[%s] = 0.5 * %s[%s] + 0.25 * tanh(%%1 - 0.1 * "
                      "%s);\n}\ndouble %s = 0.5 * %%0 + %s[0] + %s[%s %% 4];",
                      wa, k, k, k, k, n, k, wa, k, wa, k, k, g, g, n, g, gk, g, i, gk, wa, gk, wa,
                      gk, g, v, wa, wa, k);
        declare(v, T_DOUBLE, 0.5 * s->kid[0]->bound + 1.0);
        return;
    }
    if (form == 2) /* not a counted for loop: run as a while loop */
        s->tmpl = fmt("double %s = %%0;\nint %s;\nfor (%s = 0; %s * %s < 4 + (%s + %s) %% 5 && "
                      "%s < 1.0e6; %s++) {\n    %s%s\n}",
                      v, k, k, k, k, n, i, v, k, step, stop);
    else if (form == 1)
        s->tmpl = fmt("double %s = %%0;\nint %s = 0;\n%swhile (%s < 2 + (%s + %s) %% 3) {\n    "
                      "%s\n    %s++;%s\n}",
                      v, k, while_bound_pragma(n), k, n, i, step, k, stop);
    else
        s->tmpl = fmt("double %s = %%0;\nint %s = 0;\n%sdo {\n    %s\n    %s++;%s\n} while (%s "
                      "< 1 + (%s + %s) %% 3);",
                      v, k, while_bound_pragma(n), step, k, stop, k, n, i);
    declare(v, T_DOUBLE, max2(s->kid[0]->bound, 0.5) + 0.25);
}

/* structs: a local rg_pt from a list, field by field, or a copy of an
 * element of sp; maybe mixed through a helper's pointer. Its double
 * fields are then locals like others (read, assigned: s.lo = e). */
static void gen_struct_local(struct block b) {
    const char *name = fresh("sq");
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    double bound = max2(n->kid[0]->bound, n->kid[1]->bound);
    int form = rnd(prog.has_sp && !cx.in_helper ? 3 : 2);
    if (form == 2) {
        prog.used_sp = 1;
        n->tmpl = fmt("rg_pt %s = sp[%s];", name, index_n());
        bound = 1.0;
    } else if (form == 1) {
        n->tmpl = rnd(2) ? fmt("rg_pt %s;\n%s.lo = %%0;\n%s.hi = %%1;\n%s.tag = %d;", name, name,
                               name, name, rnd(3))
                         : fmt("rg_pt %s = {0};\n%s.hi = %%1;\n%s.lo = %%0;", name, name, name);
    } else {
        n->tmpl = fmt("rg_pt %s = {%%0, %%1, %d};", name, rnd(3));
    }
    if (chance(30)) {
        n->tmpl = fmt("%s\nrg_ptmix(&%s, %%2);", n->tmpl, name);
        prog.uses_ptmix = 1;
        bound = 2.0 * bound + 0.5;
    } else if (chance(30)) { /* a helper returning the struct by value */
        n->tmpl = fmt("%s\n%s = rg_ptnext(%s, %%2);", n->tmpl, name, name);
        prog.uses_ptnext = 1;
        bound = 2.0 * bound + 0.5;
    } else if (chance(15)) { /* a member of the struct it returns */
        n->tmpl = fmt("%s\n%s.lo = 0.5 * rg_ptnext(%s, %%2).hi;", n->tmpl, name, name);
        prog.uses_ptnext = 1;
        bound = bound + 0.25;
    }
    prog.uses_struct = 1;
    declare(fmt("%s.lo", name), T_DOUBLE, bound);
    declare(fmt("%s.hi", name), T_DOUBLE, bound);
}

/* GMM's per-component scratch (K_SCRATCH): two local arrays written in
 * full by each iteration of a sequential loop, one then added into over a
 * triangle with a running counter, both read; the sum a local scalar. In a
 * parallel loop's body the return sweep pops their final values from
 * checkpoints instead of computing them again (rev_kill.c), so variants
 * probe what must keep the re-execution: sb read at a value it holds
 * before being overwritten again (1), and a third array of two dimensions
 * filled by a nest (2). */
static void gen_scratch(struct block b) {
    const char *sa = fresh("sa"), *sb = fresh("sb"), *s = fresh("v"), *q = fresh("t"),
               *i = fresh("t"), *j = fresh("t"), *ix = fresh("k");
    int len = 2 + rnd(4), trips = 1 + rnd(4), variant = rnd(3);
    const char *size = on(K_LOCAL_VLA) && !cx.in_helper && chance(30) ? fmt("m + %d", len) : NULL;
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    const char *decl = size ? fmt("double %s[%s], %s[%s];", sa, size, sb, size)
                            : fmt("double %s[%d], %s[%d];", sa, len, sb, len);
    const char *sc = fresh("sc");
    if (variant == 2)
        decl = fmt("%s\ndouble %s[%d][2];", decl, sc, len);
    const char *head = fmt("%s\ndouble %s = 0.0;\nfor (int %s = 0; %s < %d; %s++) {\n"
                           "    for (int %s = 0; %s < %d; %s++)\n"
                           "        %s[%s] = (%%0) * (0.5 + 0.25 * %s) - 0.1 * %s;\n"
                           "    for (int %s = 0; %s < %d; %s++)\n"
                           "        %s[%s] = %s[%s] * (%%1);\n"
                           "    int %s = 0;\n"
                           "    for (int %s = 0; %s < %d; %s++)\n"
                           "        for (int %s = %s + 1; %s < %d; %s++) {\n"
                           "            %s[%s] += (0.25 + 0.125 * %s) * %s[%s];\n"
                           "            %s++;\n"
                           "        }\n",
                           decl, s, q, q, trips, q, i, i, len, i, sa, i, i, q, i, i, len, i, sb, i,
                           sa, i, ix, i, i, len, i, j, i, j, len, j, sb, j, ix, sa, i, ix);
    const char *extra = "";
    double per_trip = 0.0;
    if (variant == 1) { /* sb's values before its rewrite, read for a product */
        extra = fmt("    %s += 0.125 * tanh(%s[0]) * tanh(%s[%d]);\n"
                    "    for (int %s = 0; %s < %d; %s++)\n"
                    "        %s[%s] = tanh(%s[%s]);\n",
                    s, sb, sb, len - 1, i, i, len, i, sb, i, sb, i);
        per_trip = 0.125;
    } else if (variant == 2) { /* a [len][2] array, a nest writing all of it */
        const char *c = fresh("t");
        extra =
            fmt("    for (int %s = 0; %s < %d; %s++)\n"
                "        for (int %s = 0; %s < 2; %s++)\n"
                "            %s[%s][%s] = 0.5 * (%s ? tanh(%s[%s]) : %s[%s]);\n"
                "    for (int %s = 0; %s < %d; %s++)\n"
                "        %s += 0.0625 * %s[%s][0] * %s[%s][1];\n",
                i, i, len, i, c, c, c, sc, i, c, c, sb, i, sa, i, i, i, len, i, s, sc, i, sc, i);
    }
    n->tmpl = fmt("%s%s    for (int %s = 0; %s < %d; %s++)\n"
                  "        %s += 0.25 * tanh(%s[%s]) + 0.125 * %s[%s] * %s[%s];\n}",
                  head, extra, i, i, len, i, s, sb, i, sa, i, sa, i);
    double a = 1.25 * n->kid[0]->bound + 0.4; /* |sa| */
    if (variant == 2)
        per_trip += len * 0.0625 * 0.5 * a * 0.5;
    declare(s, T_DOUBLE, trips * (len * (0.25 + 0.125 * a * a) + per_trip));
}

/* K_WIDE: w_0 .. w_{nv-1} assigned in both branches of an if, scaled
 * copies of two expressions, then summed into a local; half the time the
 * if is in a loop of two trips that carries them all (w_k = 0.5 * w_k + ...) */
static void gen_wide(struct block b) {
    int nv = 65 + rnd(8), carried = rnd(2);
    const char *w = fresh("w"), *s = fresh("v"), *t = fresh("t");
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_cond(0);
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    const char *decl = fmt("double %s_0 = 0.0", w), *then = "", *other = "", *sum = "0.0";
    for (int k = 0; k < nv; k++) {
        if (k)
            decl = fmt("%s, %s_%d = 0.0", decl, w, k);
        const char *keep = carried ? fmt("0.5 * %s_%d + ", w, k) : "";
        then = fmt("%s    %s_%d = %s(%%1) * %.3f;\n", then, w, k, keep, 0.5 + 0.01 * k);
        other = fmt("%s    %s_%d = %s(%%2) * %.3f + %.2f;\n", other, w, k, keep, 0.25 + 0.01 * k,
                    0.01 * (k % 7));
        sum = fmt("%s + %.3f * %s_%d", sum, 0.002 * (1 + k % 5), w, k);
    }
    const char *branches = fmt("if (%%0) {\n%s} else {\n%s}\n", then, other);
    if (carried)
        branches = fmt("for (int %s = 0; %s < 2; %s++) {\n%s}\n", t, t, t, branches);
    n->tmpl = fmt("%s;\n%sdouble %s = %s;", decl, branches, s, sum);
    double a = n->kid[1]->bound > n->kid[2]->bound ? n->kid[1]->bound : n->kid[2]->bound;
    declare(s, T_DOUBLE, (carried ? 2 : 1) * nv * 0.01 * (1.25 * a + 0.1));
}

/* K_XS_SUM: XSBench's macroscopic cross section, mx[r] summed over j from
 * a weight and a gathered x, then the new local from it: linearly (0:
 * the seeds of the j loop's adjoint are known before it runs, so its
 * forward and adjoint run as one loop), through tanh (1: they need mx),
 * with mx scaled in place (2: adjoints flow between iterations), or with
 * the weight reading mx[0] (3: the loop reads what it sums). */
static void gen_xs_sum(struct block b) {
    const char *mx = fresh("mx"), *j = fresh("t"), *r = fresh("t"), *cw = fresh("cw"),
               *v = fresh("v"), *i = fresh("i"), *sx = fresh("sx");
    int len = 2 + rnd(4), variant = chance(40) ? 0 : 1 + rnd(3);
    /* at the top level, most often the body of a reduce over the lookups
     * (where the rule applies), summing the score (a local left in a
     * loop's body is mostly read by nothing) */
    int lookups = !cx.par && !cx.seq && chance(80);
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    const char *weight = variant == 3 ? fmt("%%0 + 0.1 * %s[0]", mx) : "%0";
    const char *update =
        variant == 2 ? fmt("%s[%s] = 0.75 * %s[%s] + ", mx, r, mx, r) : fmt("%s[%s] += ", mx, r);
    const char *use =
        variant == 1 ? fmt("tanh(%s[%s])", mx, r) : fmt("(0.25 + 0.125 * %s) * %s[%s]", r, mx, r);
    const char *at = lookups ? fmt("%s * %d + %s * %d + %s", i, len + 1, j, len, r)
                             : fmt("%s * %d + %s", j, len, r);
    const char *body = fmt("double %s[%d] = {0.0};\n"
                           "for (int %s = 0; %s < m; %s++) {\n"
                           "    const double %s = 0.5 + 0.25 * tanh(%s + 0.125 * %s);\n"
                           "    for (int %s = 0; %s < %d; %s++)\n"
                           "        %s%s * x[(%s) %% (n * m)] * (0.5 + 0.125 * %s);\n"
                           "}\n"
                           "double %s = 0.0;\n"
                           "for (int %s = 0; %s < %d; %s++)\n"
                           "    %s += %s;",
                           mx, len, j, j, j, cw, weight, j, r, r, len, r, update, cw, at, r, v, r,
                           r, len, r, v, use);
    /* |mx[r]| <= m * 0.75 * (0.5 + 0.125 * 4), at most 3.75 (m <= 5) */
    double bound = variant == 1 ? len : len * 0.75 * 3.75;
    if (!lookups) {
        n->tmpl = body;
        declare(v, T_DOUBLE, bound);
        return;
    }
    const char *indented = "    ";
    for (const char *c = body; *c; c++)
        indented = fmt("%s%c%s", indented, *c, *c == '\n' ? "    " : "");
    n->tmpl = fmt("double %s = 0.0;\n#pragma pargrad reduce(+ : %s)\n"
                  "for (int %s = 0; %s < n; %s++) {\n%s\n    %s += %s;\n}",
                  sx, sx, i, i, i, indented, sx, v);
    declare(sx, T_DOUBLE, prog.n * bound);
}

void gen_local(struct block b) {
    int r = rnd(10);
    if (r == 8 && on(K_WIDE) && chance(10)) {
        gen_wide(b);
        return;
    }
    if (r == 7 && on(K_SCRATCH) && chance(40)) {
        gen_scratch(b);
        return;
    }
    if (r == 9 && on(K_MACRO) && !cx.in_helper && chance(30)) {
        /* polybench.h's SCALAR_VAL: operators between two one-token
         * macros, in no other macro's argument (pargrad reads those
         * operators only in the file, outside macro arguments) */
        const char *name = fresh("c");
        prog.uses_macros = 1;
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(1);
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("double %s = (RG_SV(1.0) + RG_SV(0.5) * (%%0)) - (%%1);", name);
        declare(name, T_DOUBLE, 1.0 + 0.5 * n->kid[0]->bound + n->kid[1]->bound);
        return;
    }
    if (r == 5 && prog.has_sa && !cx.in_helper && chance(40)) {
        /* array_fields: an element copied whole into a local struct, its
         * array updated there and read (the local's arrays its own) */
        const char *q = fresh("qa"), *name = fresh("c");
        int k = rnd(3);
        prog.used_sa = 1;
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("rg_ax %s = sa[%s];\n%s.c[%d] = 0.5 * %s.c[%d] + 0.25 * tanh(%%0);\ndouble "
                      "%s = %s.c[%d] * %s.s + %s.c[%d];",
                      q, index_n(), q, k, q, k, name, q, k, q, q, (k + 1) % 3);
        declare(name, T_DOUBLE, 1.75);
        return;
    }
    if (r == 6 && on(K_XS_SUM) && !cx.in_helper && chance(!cx.par && !cx.seq ? 60 : 10)) {
        gen_xs_sum(b);
        return;
    }

    if (on(K_CONST_CAST) && chance(8)) { /* a constant local of an integer type */
        static const char *const ci[] = {"(int)2.7 + 7 % 3", "(int)(0.1 * 25) + 1", "-7 / 2 + 5",
                                         "(_Bool)0.5 + (char)2", "(int)sizeof(double) / 4"};
        int shift[] = {40, 50, 63};
        if (rnd(2)) {
            const char *name = fresh("q");
            int sh = shift[rnd(3)];
            stmt(b, fmt("const uint64_t %s = 1ULL << %d;", name, sh));
            struct var *v = declare(name, T_U64, 1.2);
            v->len = sh;
            v->konst = 1;
        } else {
            const char *name = fresh("c");
            stmt(b, fmt("const int %s = %s;", name, ci[rnd(5)]));
            declare(name, T_INT, 0.5)->konst = 1;
        }
        return;
    }
    if (r < 2 && on(K_FLOAT)) {
        const char *name = fresh("f");
        prog.uses_float = 1;
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(1);
        const char *ty = type_text(n, 1);
        n->tmpl = fmt("%s %s = (%s)(%%0);", ty, name, ty);
        declare(name, T_FLOAT, n->kid[0]->bound);
    } else if (r < 3 && on(K_INT)) {
        const char *name = fresh("k");
        const char *v = cx.nloops ? cx.loops[rnd(cx.nloops)].name : cx.in_helper ? "1" : "n";
        stmt(b, fmt("int %s = (%s * %d + %d) %% 5;", name, v, 1 + rnd(3), rnd(4)));
        declare(name, T_INT, 0.5);
    } else if (r < 4 && on(K_LOCAL_ARRAY)) {
        const char *name = fresh("la");
        struct node *n = stmt(b, "");
        double bound = 0;
        for (int i = 0; i < 3; i++) {
            n->kid[n->nkid++] = gen_expr(1);
            bound = max2(bound, n->kid[i]->bound);
        }
        /* sized at run time (C99): m + 2 elements, m >= 1, of which 3 are used
         * (helpers have no m) */
        const char *len = on(K_LOCAL_VLA) && !cx.in_helper && chance(25) ? "m + 2" : "3";
        n->tmpl = fmt("%s %s[%s];\n%s[0] = %%0;\n%s[1] = %%1;\n%s[2] = %%2;", type_text(n, 0), name,
                      len, name, name, name);
        if (len[0] != '3') {                         /* no initialiser on those */
        } else if (on(K_ARRAY_INIT) && chance(50)) { /* the rest is zero, as C fills it */
            static const char *const lists[] = {"{%0, %1, %2}", "{%0, %1}", "{%0}", "{0}"};
            n->tmpl = fmt("%s %s[3] = %s;", type_text(n, 0), name, lists[rnd(4)]);
        } else if (chance(20)) { /* filled by a loop: its iterations save what they overwrite */
            const char *t = fresh("t");
            n->tmpl = fmt("%s %s[%s];\nfor (int %s = 0; %s < 3; %s++)\n    %s[%s] = (%s == 1 ? "
                          "%%1 : %%0) * (0.5 + 0.25 * %s);",
                          type_text(n, 0), name, len, t, t, t, name, t, t, t);
        }
        declare(name, T_ARRAY, bound)->len = 3;
    } else if (r < 5 && on(K_SCALAR_REF)) {
        gen_scalar_ref(b);
    } else if (r < 6 && on(K_WHILE)) {
        gen_while_local(b);
    } else if (r < 7 && on(K_STRUCT)) {
        gen_struct_local(b);
    } else {
        const char *name = fresh("v");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->tmpl = fmt("%s %s = %%0;", type_text(n, 0), name);
        if (on(K_ENUM) && chance(10)) { /* chosen by an enum local */
            const char *md = fresh("md");
            const char *i = cx.nloops ? cx.loops[rnd(cx.nloops)].name : "0";
            n->tmpl = fmt("enum rg_mode %s = (enum rg_mode)((%s + %s) %% 3);\n%s %s = %s == "
                          "RG_FAST ? %%0 : (%s == RG_HALF ? 0.5 : 0.25) * %%0;",
                          md, cx.in_helper ? "4" : "n", i, type_text(n, 0), name, md, md);
            prog.uses_enum = 1;
        }
        if (on(K_EXIT_GUARD) && !cx.in_helper && chance(8)) {
            /* chosen by a chain whose last branch (never taken) aborts;
             * the value (kid 0), the second value, then the type */
            n->nkid = 1;
            n->kid[n->nkid++] = gen_expr(0);
            n->tmpl = fmt("%s %s;\nif (m > 2)\n    %s = %%0;\nelse if (m > 0)\n    %s = %%1;\nelse "
                          "{\n%s    abort();\n}",
                          type_text(n, 0), name, name, name,
                          on(K_KEPT_CALLS) ? "    fputs(\"f: m < 1\\n\", stderr);\n" : "");
            n->kid[0]->bound = max2(n->kid[0]->bound, n->kid[1]->bound);
        }
        declare(name, T_DOUBLE, n->kid[0]->bound);
        if (on(K_TERNARY) && chance(20)) {
            /* arms of scalars only (a select): the one C does not evaluate
             * divides by an exact zero, like n > 1 ? s / (n - 1) : 0 */
            const char *q = fresh("v");
            n->tmpl = fmt("%s\ndouble %s = %s > 0.5 ? %s / (double)(int)(2.0 * %s) : 0.5 * %s;",
                          n->tmpl, q, name, name, name, name);
            declare(q, T_DOUBLE, n->kid[0]->bound);
        }
    }
}

/* an assignment to a scalar declared outside, at the same parallel depth */
static void gen_assign(struct block b) {
    int cand[MAX_VARS], k = 0;
    for (int i = 0; i < cx.nvars; i++) {
        const struct var *v = &cx.vars[i];
        if (v->par == cx.par && !v->hidden && v->type != T_INT && v->type != T_U64 && !v->konst)
            cand[k++] = i;
    }
    if (!k) {
        gen_local(b);
        return;
    }
    struct var *v = &cx.vars[cand[rnd(k)]];
    const char *lhs = v->type == T_ARRAY ? fmt("%s[%d]", v->name, rnd(v->len)) : v->name;
    struct node *e = gen_expr(1);
    struct node *n;
    if (v->seq < cx.seq) /* carried by a sequential loop: a contraction stays bounded */
        n = stmt(b, fmt(rnd(2) ? "%s = 0.5 * %s + 0.5 * tanh(%%0);" : "%s += 0.25 * sin(%%0);", lhs,
                        lhs));
    else if (rnd(2)) {
        /* chain_assign: another scalar of the same scope gets the value too */
        struct var *w = &cx.vars[cand[rnd(k)]];
        if (on(K_CHAIN_ASSIGN) && chance(30) && w != v && w->type != T_ARRAY && w->seq >= cx.seq) {
            n = stmt(b, fmt("%s = %s = %%0;", lhs, w->name));
            w->bound = max2(w->bound, 0.0) + e->bound + 1.0;
            if (w->bound > 50)
                w->bound = 50;
        } else
            n = stmt(b, fmt("%s = %%0;", lhs));
    } else
        n = stmt(b, fmt("%s += %%0;", lhs));
    n->kid[n->nkid++] = e;
    v->bound = max2(v->bound, 0.0) + e->bound + 1.0;
    if (v->bound > 50) /* later reads see a bounded value through squash() */
        v->bound = 50;
}

static void gen_if(struct block b, int count) {
    struct node *n = block_stmt(b, "if (%0) {");
    n->kid[n->nkid++] = gen_cond(0);
    struct saved s = enter();
    gen_block(body_of(n), 1 + rnd(count));
    leave(s);
    if (chance(60)) {
        s = enter();
        gen_block(else_of(n), 1 + rnd(count));
        leave(s);
    }
}

/* ------------------------------------------------------------------ */
/* sequential loops, returns, calls, updates; any statement           */

/* float_bound: a floating bound, compared as C compares (the index is
 * converted to double): k < T / dt with T and dt declared in the loop's
 * head node (T / dt not an integer, or one only up to rounding: 0.3 / 0.1
 * is 2.9999999999999996), or k <= 2.5, k < 0.8 * n. At most 8 trips. Sets
 * *T and *dt (NULL when not declared). */
static void float_bound_head(struct node *n, const char *t, int pooled, const char **T,
                             const char **dt, double *vT, double *vdt) {
    static const struct {
        double T, dt;
        const char *cmp;
    } td[] = {{0.45, 0.1, "<"}, {1.0, 0.3, "<"}, {0.7, 0.25, "<"}, {1.0, 0.25, "<"},
              {0.3, 0.1, "<="}, {0.3, 0.1, "<"}, {1.3, 0.4, "<="}, {0.5, 0.2, "<="},
              {1.0, 0.2, "<"},  {0.6, 0.2, "<="}};
    static const char *const plain[] = {"%s <= 2.5",     "%s < 3.5",          "%s < 0.8 * n",
                                        "%s <= 0.5 * n", "%s < 1.2 * m",      "%s <= m / 1.5",
                                        "%s < n / 2.0",  "%s < 1.0 + 0.5 * m"};
    const char *inc = fmt("%s++", t);
    if (on(K_LOOP_FORMS) && chance(40))
        inc = rnd(2) ? fmt("++%s", t) : fmt("%s += 1", t);
    *T = *dt = NULL;
    const char *d = pooled ? "" : "int ";
    if (chance(40)) {
        n->tmpl = fmt("for (%s%s = 0; %s; %s) {", d, t, fmt(plain[rnd(8)], t), inc);
        return;
    }
    int k = rnd(sizeof td / sizeof td[0]);
    *T = fresh("T");
    *dt = fresh("dt");
    *vT = td[k].T;
    *vdt = td[k].dt;
    const char *ty = type_text(n, 0);
    n->tmpl = fmt("%s%s %s = %.2f, %s = %.2f;\nfor (%s%s = 0; %s %s %s / %s; %s) {",
                  chance(50) ? "const " : "", ty, *T, td[k].T, *dt, td[k].dt, d, t, t, td[k].cmp,
                  *T, *dt, inc);
}

/* `#pragma pargrad loop stripmine(K) CLAUSE` and a line break: stripmine
 * on a third of the loops that may take it, the clause (when not NULL)
 * always; "" where neither */
static const char *loop_pragma(const char *clause) {
    int k = on(K_STRIPMINE) && chance(33) ? 1 + rnd(3) : 0;
    if (!k && !clause)
        return "";
    const char *levels = fmt("%d", k);
    if (k == 2 && on(K_MACRO) && chance(50)) { /* a macro constant, as #pragma omp lines have */
        prog.uses_pragma_consts = 1;
        levels = "RG_LEVELS";
    }
    return fmt("#pragma pargrad loop%s%s%s\n", k ? fmt(" stripmine(%s)", levels) : "",
               clause ? " " : "", clause ? clause : "");
}

static const char *stripmine_pragma(void) {
    return loop_pragma(NULL);
}

/* a sequential loop over a small constant, n or m; may break (but not
 * strip-mined) */
static void gen_seq(struct block b, int count) {
    int pooled;
    const char *t = loop_counter("t", &pooled);
    int range = CRANGE;
    const char *hi = fmt("%d", 2 + rnd(3));
    if (chance(30)) {
        range = loops_of(NRANGE) ? MRANGE : NRANGE;
        hi = range == MRANGE ? "m" : "n";
        if (range == MRANGE && loops_of(MRANGE)) {
            range = CRANGE;
            hi = "3";
        }
    }
    if (range == CRANGE && on(K_CONST_CAST) && chance(15)) { /* 3 or 4 trips */
        static const char *const ci[] = {
            "(int)2.7 + 1",     "7 / 2",          "(int)3.9", "9 % 5",
            "(int)(2.5 * 1.6)", "(_Bool)0.5 + 2", "(char)3",  "(int)(1ULL << 2)"};
        hi = ci[rnd(8)];
    } else if (range == CRANGE && on(K_CONST_BOUND) && chance(25)) { /* c - 1 of a const c */
        const char *c = fresh("cb");
        stmt(b, fmt("const int %s = %s + 1;", c, hi));
        hi = fmt("%s - 1", c);
        range = -1; /* (the head as written: no float bound, no step) */
    }
    const char *strip = stripmine_pragma();
    /* the row's start counted along (skipped by continue, a step: at most
     * t * m, a row's start still) */
    const char *row_start = NULL;
    if (range == NRANGE && on(K_ROW_START) && chance(35)) {
        row_start = fresh("rs");
        stmt(b, fmt("int %s = 0;", row_start));
    }
    struct node *n = block_stmt(b, fmt("%s%s {", strip, loop_head(t, pooled, "0", hi)));
    const char *T = NULL, *dt = NULL;
    double vT = 0, vdt = 0;
    if (range == CRANGE && on(K_FLOAT_BOUND) && chance(35))
        float_bound_head(n, t, pooled, &T, &dt, &vT, &vdt);
    else if (range >= 0 && on(K_LOOP_STEP) && chance(20))
        n->tmpl = fmt("%s {", step_head(t, pooled, hi));
    if (T) /* a floating counter: not a canonical loop, nothing to strip-mine */
        strip = "";
    else if (*strip && n->tmpl[0] != '#')
        n->tmpl = fmt("%s%s", strip, n->tmpl);
    struct saved s = enter();
    if (T) { /* read in the body (dt as a time step), never assigned */
        declare(T, T_DOUBLE, vT)->konst = 1;
        declare(dt, T_DOUBLE, vdt)->konst = 1;
    }
    int was_seq_par = cx.seq_par;
    cx.seq++;
    cx.seq_par = cx.par;
    push_loop(t, 0, range < 0 ? CRANGE : range, 0);
    cx.loops[cx.nloops - 1].row_start = row_start;
    gen_block(body_of(n), 1 + rnd(count + 1));
    int counted = row_start && chance(50); /* before a continue, or at the end */
    if (counted)
        stmt(body_of(n), fmt("%s += m;", row_start));
    if (on(K_CONTINUE) && chance(25)) { /* the rest of some iterations is skipped */
        struct node *c = stmt(body_of(n), "if (%0)\n    continue;");
        c->kid[c->nkid++] = gen_cond(1);
        gen_block(body_of(n), 1 + rnd(2));
    }
    if (on(K_BREAK) && !*strip && chance(35)) {
        struct node *br = stmt(body_of(n), "if (%0)\n    break;");
        br->kid[br->nkid++] = gen_cond(1);
    }
    if (row_start && !counted)
        stmt(body_of(n), fmt("%s += m;", row_start));
    cx.seq--;
    cx.seq_par = was_seq_par;
    leave(s);
    end_counter(t);
}

/* one step of K_STENCIL_2D: dst's interior from src's 5 points (3 where
 * m < 3: the rows above and below), rows in parallel; the coefficient
 * from the iteration's expression, the grid's own value sometimes
 * squared in (a nonlinear step, whose adjoint needs the grid) */
/* a K_STENCIL_2D step along the rows (m >= 3): a map over the columns
 * 1..m-2, each a map over all rows reading the columns beside its own
 * (the halo is the outer map's, its updates inside the inner one) */
static void stencil_2d_columns(struct block b, const char *dst, const char *src, int nonlinear) {
    const char *j = fresh("j"), *i = fresh("i");
    struct node *outer =
        block_stmt(b, fmt("#pragma pargrad map\nfor (int %s = 1; %s < m - 1; %s++) {", j, j, j));
    struct saved s = enter();
    cx.par++;
    struct block ob = body_of(outer);
    const char *c = fresh("cf");
    struct node *d = stmt(ob, fmt("const double %s = 0.1 + 0.05 * tanh(%%0);", c));
    d->kid[d->nkid++] = gen_expr(1);
    const char *at = fmt("%s * m + %s", i, j), *own = fmt("%s[%s * m + %s]", src, i, j);
    const char *left = fmt("%s[%s - 1]", src, at), *right = fmt("%s[%s + 1]", src, at);
    const char *extra = nonlinear ? fmt(" + 0.05 * %s * %s", own, left) : "";
    stmt(ob,
         fmt("#pragma pargrad map\nfor (int %s = 0; %s < n; %s++)\n    %s[%s] = %s + %s * (%s + "
             "%s - 2.0 * %s)%s;",
             i, i, i, dst, at, own, c, left, right, own, extra));
    cx.par--;
    leave_par(s);
}

static void stencil_2d_step(struct block b, const char *dst, const char *src, int nonlinear) {
    int ip, jp = 0;
    /* (the columns' counter declared in its loop: one declared outside
     * would be every thread's) */
    int cols = prog.m >= 3;
    if (cols && chance(30)) { /* the columns in parallel, a map over the rows inside */
        stencil_2d_columns(b, dst, src, nonlinear);
        return;
    }
    const char *i = loop_counter("i", &ip), *j = fresh("j");
    struct node *m =
        block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(i, ip, "1", "n - 1")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 1);
    struct block mb = body_of(m);
    const char *c = fresh("cf");
    if (chance(20)) { /* the row's coefficient from its first column */
        stmt(mb, fmt("const double %s = 0.1 + 0.05 * tanh(%s[%s * m]);", c, src, i));
    } else {
        struct node *d = stmt(mb, fmt("const double %s = 0.1 + 0.05 * tanh(%%0);", c));
        d->kid[d->nkid++] = gen_expr(1);
    }
    const char *at = fmt("%s * m + %s", i, j);
    const char *up = fmt("%s[(%s - 1) * m + %s]", src, i, j),
               *dn = fmt("%s[(%s + 1) * m + %s]", src, i, j);
    const char *sides = cols ? fmt(" + %s[%s - 1] + %s[%s + 1]", src, at, src, at) : "";
    const char *own = fmt("%s[%s]", src, at);
    const char *extra = nonlinear ? fmt(" + 0.05 * %s * %s", own, up) : "";
    struct node *in =
        block_stmt(mb, fmt("%s {", loop_head(j, jp, cols ? "1" : "0", cols ? "m - 1" : "m")));
    /* some points left as they are (a mask of the grid) */
    const char *mask = chance(25) ? fmt("if ((%s + %s) %% 3 != 0)\n    ", i, j) : "";
    stmt(body_of(in), fmt("%s%s[%s] = %s + %s * (%s + %s%s - %d.0 * %s)%s;", mask, dst, at, own, c,
                          up, dn, sides, cols ? 4 : 2, own, extra));
    cx.par--;
    leave_par(s);
    end_counter(i);
}

/* A periodic step into all of dst (rows wrap: (i + n - 1) % n), the
 * columns in a map or a plain loop, then dst copied back into src flat (a
 * map over n * m, or memcpy where the program has it): dst is a scratch
 * grid the step kills in full, row by row. */
static void stencil_2d_periodic(struct block b, const char *dst, const char *src, int nonlinear) {
    int ip, jp = 0, kp;
    const char *i = loop_counter("i", &ip), *j = fresh("j");
    struct node *m = block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(i, ip, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    const char *at = fmt("%s * m + %s", i, j), *own = fmt("%s[%s]", src, at);
    const char *up = fmt("%s[((%s + n - 1) %% n) * m + %s]", src, i, j),
               *dn = fmt("%s[((%s + 1) %% n) * m + %s]", src, i, j);
    struct node *in =
        block_stmt(body_of(m), fmt("%s%s {", chance(50) ? "#pragma pargrad map\n" : "",
                                   loop_head(j, jp, "0", "m")));
    stmt(body_of(in), fmt("%s[%s] = %s + 0.1 * (%s + %s - 2.0 * %s)%s;", dst, at, own, up, dn, own,
                          nonlinear ? fmt(" - 0.05 * %s * %s", own, own) : ""));
    cx.par--;
    leave_par(s);
    end_counter(i);
    if ((on(K_MEM_CALLS) || on(K_LOOP_ALLOC)) && chance(50)) {
        stmt(b, fmt("memcpy(%s, %s, sizeof(double) * (size_t)n * (size_t)m);", src, dst));
        return;
    }
    const char *k = loop_counter("k", &kp);
    stmt(b, fmt("#pragma pargrad map\n%s\n    %s[%s] = %s[%s];", loop_head(k, kp, "0", "n * m"),
                src, k, dst, k));
    end_counter(k);
}

/* K_STENCIL_2D: x (n rows of m) copied into a malloc'ed grid, smoothed by
 * a stencil once into a second grid, or T steps between the two (each
 * step two sweeps, the second back, or one sweep and the grids' names
 * swapped), the final grid's elements summed, weighted, into a new
 * scalar */
static void gen_stencil_2d(struct block b) {
    const char *ga = fresh("ga"), *gb = fresh("gb"), *gs = fresh("gs");
    int kp;
    const char *k = loop_counter("k", &kp);
    stmt(b, fmt("double *%s = malloc(sizeof(double) * (size_t)n * (size_t)m);\n"
                "double *%s = malloc(sizeof(double) * (size_t)n * (size_t)m);",
                ga, gb));
    /* both grids whole: the steps keep the boundary */
    stmt(b, fmt("#pragma pargrad map\n%s {\n    %s[%s] = x[%s];\n    %s[%s] = 0.5 * x[%s];\n}",
                loop_head(k, kp, "0", "n * m"), ga, k, k, gb, k, k));
    end_counter(k);
    int nonlinear = chance(40), steps = chance(50) ? 0 : 1 + rnd(3);
    const char *last = gb;
    if (steps == 0) {
        stencil_2d_step(b, gb, ga, nonlinear);
    } else {
        int tp;
        const char *t = loop_counter("t", &tp);
        struct node *loop = block_stmt(b, fmt("%s {", loop_head(t, tp, "0", fmt("%d", steps))));
        struct saved s = enter();
        cx.seq++;
        push_loop(t, 0, CRANGE, 0);
        if (chance(30)) { /* gb a scratch grid each step writes in full */
            stencil_2d_periodic(body_of(loop), gb, ga, nonlinear);
        } else {
            stencil_2d_step(body_of(loop), gb, ga, nonlinear);
            if (on(K_MACRO) && chance(20)) { /* swapped by a statement macro */
                prog.uses_macros = 1;
                stmt(body_of(loop), fmt("RG_SWAP(%s, %s);", ga, gb));
            } else if (chance(50)) { /* the grids' names swapped, as people write it */
                const char *sw = fresh("sw");
                stmt(body_of(loop),
                     fmt("double *%s = %s;\n%s = %s;\n%s = %s;", sw, ga, ga, gb, gb, sw));
            } else {
                stencil_2d_step(body_of(loop), ga, gb, nonlinear);
            }
        }
        cx.seq--;
        leave(s);
        end_counter(t);
        last = ga;
    }
    int qp;
    const char *q = loop_counter("k", &qp);
    stmt(b, fmt("double %s = 0.0;\n#pragma pargrad reduce(+ : %s)\n%s\n    %s += %s[%s] * (0.5 + "
                "0.125 * (%s %% 4));\nfree(%s);\nfree(%s);",
                gs, gs, loop_head(q, qp, "0", "n * m"), gs, last, q, q, ga, gb));
    end_counter(q);
    declare(gs, T_DOUBLE, 4.0 * prog.n * prog.m);
}

/* heap_rows: a 2-D temporary as a pointer to rows of m, allocated in one
 * of the spellings C99 code uses, filled by a map over its rows and read
 * by a reduce that also reads the row above */
static void gen_heap_rows(struct block b) {
    const char *name = fresh("hr");
    const char *a = fmt("%s_a", name), *c = fmt("%s_c", name);
    const char *i = fmt("%s_i", name), *j = fmt("%s_j", name);
    const char *alloc[] = {"malloc(n * sizeof *%s)", "malloc(sizeof(double) * n * m)",
                           "calloc(n, sizeof *%s)"};
    struct node *d = stmt(b, "");
    d->kid[d->nkid++] = gen_expr(1);
    /* rows of m, rows of m pairs (double (*a)[m][2]: a view of rows of a
     * flat temporary), or declared first and allocated after (C89) */
    int form = rnd(4), pairs = form == 3;
    const char *decl = pairs       ? fmt("double (*%s)[m][2] = malloc(n * sizeof *%s);", a, a)
                       : form == 2 ? fmt("double (*%s)[m];\n%s = %s;", a, a, fmt(alloc[rnd(3)], a))
                                   : fmt("double (*%s)[m] = %s;", a, fmt(alloc[rnd(3)], a));
    const char *el = fmt(pairs ? "%s[%%s][%%s][1]" : "%s[%%s][%%s]", a);
    d->tmpl = fmt("const double %s = %%0;\n%s", c, decl);
    stmt(b, fmt("#pragma pargrad map\nfor (int %s = 0; %s < n; %s++)\n    for (int %s = 0; %s < m; "
                "%s++) {\n        %s = x[(%s * m + %s) %% n] * (0.5 + 0.25 * %s) + 0.25 * "
                "tanh(%s);%s\n    }",
                i, i, i, j, j, j, fmt(el, i, j), i, j, j, c,
                pairs ? fmt("\n        %s[%s][%s][0] = %s * %s[%s][%s][1];", a, i, j, c, a, i, j)
                      : ""));
    stmt(b, fmt("double %s = 0.0;\n#pragma pargrad reduce(+ : %s)\nfor (int %s = 1; %s < n; %s++)\n"
                "    for (int %s = 0; %s < m; %s++)\n        %s += %s * %s%s;\nfree(%s);",
                name, name, i, i, i, j, j, j, name, fmt(el, i, j),
                fmt(el, fmt("%s - 1", i), fmt("(%s + 1) %% m", j)),
                pairs ? fmt(" + %s[%s][%s][0]", a, i, j) : "", a));
    declare(name, T_DOUBLE, 4.0 * prog.n * prog.m);
}

/* pointer_view: a pointer chosen between two arrays by a condition
 * (`const double *pk = c ? x : tm;`), as a statement of its own, then read
 * by a reduce into a new scalar (pargrad runs the statements after it once
 * per array, as after an if); false where fewer than two arrays are readable
 * over [0, n) */
static int gen_pick(struct block b) {
    const struct array *cand[MAX_ARRAYS];
    int k = 0;
    for (int i = 0; i < cx.narrays; i++)
        if (readable(&cx.arrays[i]) && !cx.arrays[i].writing && cx.arrays[i].extent >= 1 &&
            !cx.arrays[i].optional) /* (read untested) */
            cand[k++] = &cx.arrays[i];
    if (k < 2)
        return 0;
    int first = rnd(k), second = (first + 1 + rnd(k - 1)) % k;
    const char *pk = fresh("pk"), *sp = fresh("sp"), *q = fresh("k");
    struct node *n = stmt(
        b, fmt("const double *%s = (%%0) ? %s : %s;", pk, cand[first]->name, cand[second]->name));
    n->kid[n->nkid++] = gen_cond(1);
    stmt(b, fmt("double %s = 0.0;\n#pragma pargrad reduce(+ : %s)\nfor (int %s = 0; %s < n; %s++)\n"
                "    %s += %s[%s] * (0.5 + 0.125 * (%s %% 3));",
                sp, sp, q, q, q, sp, pk, q, q));
    declare(sp, T_DOUBLE, 2.0 * prog.n);
    return 1;
}

/* The row of a trajectory a map over i builds from the row before, one
 * of three ways: all of it from two elements of the row before; its
 * interior from three, its ends apart (the last from the row before's
 * last, as `(t - 1) * n + n - 1` or `t * n - 1`); or through pointers to
 * the two rows (`cv[i]`, `pv[(i + n - 1) % n]`). */
static void gen_trajectory_row(struct block body, const char *tr, const char *t, const char *i,
                               int ip) {
    int form = rnd(3);
    const char *lo = form == 1 ? "1" : "0", *hi = form == 1 ? "n - 1" : "n";
    if (form == 2) {
        stmt(body, fmt("const double *pv%s = %s + (%s - 1) * n;\ndouble *cv%s = %s + %s * n;", t,
                       tr, t, t, tr, t));
    }
    struct node *m = block_stmt(body, fmt("#pragma pargrad map\n%s {", loop_head(i, ip, lo, hi)));
    cx.par++;
    push_loop(i, form == 1, NRANGE, form == 1);
    struct node *w;
    if (form == 0)
        w = stmt(body_of(m), fmt("%s[%s * n + %s] = 0.5 * %s[(%s - 1) * n + %s] + 0.25 * tanh(%%0) "
                                 "* %s[(%s - 1) * n + (%s + 1) %% n];",
                                 tr, t, i, tr, t, i, tr, t, i));
    else if (form == 1)
        w = stmt(body_of(m), fmt("%s[%s * n + %s] = 0.5 * %s[(%s - 1) * n + %s] + 0.25 * tanh(%%0) "
                                 "* (%s[(%s - 1) * n + %s - 1] - %s[(%s - 1) * n + %s + 1]);",
                                 tr, t, i, tr, t, i, tr, t, i, tr, t, i));
    else
        w = stmt(body_of(m), fmt("cv%s[%s] = 0.5 * pv%s[%s] + 0.25 * tanh(%%0) * pv%s[(%s + n - 1) "
                                 "%% n];",
                                 t, i, t, i, t, i));
    w->kid[w->nkid++] = gen_expr(1);
    cx.par--;
    if (form == 1) {
        stmt(body, fmt("%s[%s * n] = 0.5 * %s[(%s - 1) * n];", tr, t, tr, t));
        stmt(body, chance(50)
                       ? fmt("%s[%s * n + n - 1] = tanh(%s[(%s - 1) * n + n - 1]);", tr, t, tr, t)
                       : fmt("%s[%s * n + n - 1] = tanh(%s[%s * n - 1]);", tr, t, tr, t));
    }
}

/* K_ENTRY: a trajectory kept row by row (S + 1 rows of n, or u's m rows),
 * each step's row from the row before, in a map or a sweep that reads the
 * row it builds: no element written twice, none after it is read, so the
 * step loop is sometimes under `checkpoint(entry: tr)` (and stripmine);
 * without it, pargrad sees that no row is overwritten (rev_kill.c). The
 * rows may first hold values a sum before the loop reads (the loop's
 * return sweep must put them back). The rows summed, weighted, into a
 * new scalar. */
static void gen_trajectory(struct block b) {
    const char *tr = fresh("tr"), *ts = fresh("ts"), *t = fresh("t"), *k = fresh("k");
    struct array *u = find_array("u");
    int in_u = u && !prog.ty_u && !cx.in_helper && cx.depth == 0 && cx.seq == 0 && cx.par == 0 &&
               chance(60);
    int heap = !in_u && cx.seq == 0 && chance(50), before = chance(40), nrows = 2 + rnd(3);
    const char *rows = in_u ? "m" : fmt("%d", nrows);
    if (in_u) {
        tr = "u";
        u->locked = 1; /* (the row's expressions read neither row) */
    } else {
        stmt(b, heap
                    ? fmt("double *%s = malloc(sizeof(double) * (size_t)%s * (size_t)n);", tr, rows)
                    : fmt("double %s[%s * n];", tr, rows));
    }
    stmt(b, fmt("double %s = 0.0;", ts));
    if (!in_u)
        stmt(b, fmt("#pragma pargrad map\nfor (int %s = 0; %s < %s; %s++)\n    %s[%s] = 0.5 * "
                    "x[%s %% n] + 0.1;",
                    k, k, before ? fmt("%s * n", rows) : "n", k, tr, k, k));
    if (before) /* read before the loop overwrites rows 1.. */
        stmt(b, fmt("for (int %s = 0; %s < %s * n; %s++)\n    %s += sin(%s[%s]) * %s[%s];", k, k,
                    rows, k, ts, tr, k, tr, k));
    const char *pragma = loop_pragma(chance(50) ? fmt("checkpoint(entry: %s)", tr) : NULL);
    struct node *loop =
        block_stmt(b, fmt("%sfor (int %s = 1; %s < %s; %s++) {", pragma, t, t, rows, t));
    struct saved s = enter();
    cx.seq++;
    push_loop(t, 0, CRANGE, 0);
    const char *i = NULL;
    if (chance(65)) { /* a map over the row */
        int ip;
        i = loop_counter("i", &ip);
        gen_trajectory_row(body_of(loop), tr, t, i, ip);
    } else { /* a sweep: element j from element j - 1 of the same row */
        const char *j = fresh("j");
        stmt(body_of(loop), fmt("%s[%s * n] = 0.75 * tanh(%s[(%s - 1) * n]);", tr, t, tr, t));
        struct node *l =
            block_stmt(body_of(loop), fmt("for (int %s = 1; %s < n; %s++) {", j, j, j));
        push_loop(j, 0, NRANGE, 0); /* over [1, n): j + 1 is not in bounds */
        struct node *w =
            stmt(body_of(l), fmt("%s[%s * n + %s] = 0.5 * %s[(%s - 1) * n + %s] + 0.25 * "
                                 "sin(%s[%s * n + %s - 1]) * tanh(%%0);",
                                 tr, t, j, tr, t, j, tr, t, j));
        w->kid[w->nkid++] = gen_expr(1);
    }
    cx.nloops--;
    cx.seq--;
    leave(s);
    if (i)
        end_counter(i);
    if (in_u)
        u->locked = 0;
    stmt(b, fmt("#pragma pargrad reduce(+ : %s)\nfor (int %s = 0; %s < %s * n; %s++)\n    %s += "
                "%s[%s] * (0.5 + 0.125 * (%s %% 3));",
                ts, k, k, rows, k, ts, tr, k, k));
    if (heap)
        stmt(b, fmt("free(%s);", tr));
    declare(ts, T_DOUBLE, 2.0 * (in_u ? 5 : nrows) * prog.n);
}

/* K_RECURRENCE: a sequential recurrence along a local array, as filters
 * and cumulative models write it: up (r[i] from r[i - 1]), down (r[i]
 * from r[i + 1]) or at an offset into a longer array (r[n + i] from r[n
 * + i - 1]). No element is overwritten after it is read: pargrad saves
 * nothing for r (rev_kill.c). Summed, weighted, into a new scalar. */
static void gen_recurrence(struct block b) {
    const char *r = fresh("rc"), *sum = fresh("rs"), *k = fresh("k");
    int form = rnd(3), vla = on(K_LOCAL_VLA) && chance(50);
    const char *base = form == 2 ? "n + " : "", *len = form == 2 ? "2 * n" : "n";
    stmt(b, vla ? fmt("double %s[%s];", r, len)
                : fmt("double *%s = malloc(sizeof(double) * (size_t)(%s));", r, len));
    struct node *z = stmt(b, fmt("%s[%s%s] = tanh(%%0);", r, base, form == 1 ? "n - 1" : "0"));
    z->kid[z->nkid++] = gen_expr(0);
    int pooled;
    const char *i = loop_counter("i", &pooled), *d = pooled ? "" : "int ";
    struct node *l =
        block_stmt(b, form == 1 ? fmt("for (%s%s = n - 2; %s >= 0; %s--) {", d, i, i, i)
                                : fmt("for (%s%s = 1; %s < n; %s++) {", d, i, i, i));
    struct saved s = enter();
    cx.seq++;
    push_loop(i, 0, NRANGE, 0);
    struct node *w = stmt(body_of(l), fmt("%s[%s%s] = (0.5 + 0.4 * tanh(%%0)) * %s[%s%s %s 1] + "
                                          "0.5 * sin(%%1);",
                                          r, base, i, r, base, i, form == 1 ? "+" : "-"));
    w->kid[w->nkid++] = gen_expr(1);
    w->kid[w->nkid++] = gen_expr(1);
    cx.nloops--;
    cx.seq--;
    leave(s);
    end_counter(i);
    stmt(b, fmt("double %s = 0.0;\n#pragma pargrad reduce(+ : %s)\nfor (int %s = 0; %s < n; %s++)\n"
                "    %s += %s[%s%s] * (0.5 + 0.125 * (%s %% 3));",
                sum, sum, k, k, k, sum, r, base, k, k));
    if (!vla)
        stmt(b, fmt("free(%s);", r));
    declare(sum, T_DOUBLE, 5.0 * prog.n); /* |r| <= 0.9 |r| + 0.5 */
}

/* u (or another initialised array) smoothed by a stencil map into a buffer
 * and copied back, T times; or (swap) smoothed between u and the buffer
 * through swapped pointers, 1 to 4 times (not 0: a counter of an inner
 * loop may be read after it), and copied back once */
static const char *swap_names[2];

static void gen_time_loop(struct block b) {
    struct array *u = prog.has_u ? find_array(prog.u_name) : pick_target(1, 0);
    struct array *tmp = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (!cx.arrays[i].input && !cx.arrays[i].writing && !cx.arrays[i].locked &&
            &cx.arrays[i] != u)
            tmp = &cx.arrays[i];
    if (!u || !tmp || u->writing || u->locked || u->extent == 0) {
        gen_local(b);
        return;
    }
    int tp, ip, kp;
    const char *t = loop_counter("t", &tp);
    const char *i = loop_counter("i", &ip), *k = loop_counter("i", &kp);
    /* swapped by pointer: each step writes all of *pn from *pc */
    int swap = on(K_SWAP) && chance(50);
    const char *src = u->name, *dst = tmp->name, *pc = NULL;
    /* both levels in one block (the buffer's halves: it has n * m >= 2n
     * elements, or 64), u copied into the first */
    int halves =
        swap && chance(40) &&
        ((strncmp(tmp->name, "tm", 2) == 0 && prog.m >= 2) || strncmp(tmp->name, "buf", 3) == 0);
    if (halves) {
        struct node *in =
            block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(k, kp, "0", "n")));
        stmt(body_of(in), fmt("%s[%s] = %s[%s];", tmp->name, k, u->name, k));
    }
    /* or chosen by the step's parity (src = t % 2 ? tmp : u; dst = t % 2 ?
     * u : tmp;), not swapped, the last level chosen after the loop */
    int parity = swap && !halves && chance(40);
    int steps = swap ? 1 + rnd(4) : 2 + rnd(3);
    const char *pl = parity ? fresh("pl") : NULL;
    if (parity) {
        pc = fresh("pc");
        src = pc;
        dst = fresh("pn");
    } else if (swap) {
        pc = fresh("pc");
        const char *pn = fresh("pn"), *ps = fresh("ps");
        if (halves)
            stmt(b, fmt("double *%s = %s, *%s = %s + n, *%s;", pc, tmp->name, pn, tmp->name, ps));
        else
            stmt(b, fmt("double *%s = %s, *%s = %s, *%s;", pc, u->name, pn, tmp->name, ps));
        src = pc;
        dst = pn;
        swap_names[0] = pn;
        swap_names[1] = ps;
    }
    struct node *loop =
        block_stmt(b, fmt("%s%s {", stripmine_pragma(), loop_head(t, tp, "0", fmt("%d", steps))));
    struct saved s = enter();
    cx.seq++;
    push_loop(t, 0, CRANGE, 0);
    if (parity) {
        const char *cond = chance(50) ? fmt("%s %% 2", t) : fmt("(%s & 1) == 1", t);
        stmt(body_of(loop), fmt("double *%s = %s ? %s : %s;", src, cond, tmp->name, u->name));
        stmt(body_of(loop), fmt("double *%s = %s ? %s : %s;", dst, cond, u->name, tmp->name));
    }
    struct node *m1 =
        block_stmt(body_of(loop), fmt("#pragma pargrad map\n%s {", loop_head(i, ip, "1", "n - 1")));
    cx.par++;
    push_loop(i, 1, NRANGE, 1);
    struct node *w = stmt(
        body_of(m1), fmt("%s[%s] = 0.5 * %s[%s] + 0.25 * (%s[%s - 1] + %s[%s + 1]) * tanh(%%0);",
                         dst, i, src, i, src, i, src, i));
    tmp->writing = i;
    tmp->need = 1; /* not yet written at t = 0: unreadable unless initialised */
    if (swap)      /* the expression reads neither buffer: it may be either */
        u->locked = tmp->locked = 1;
    w->kid[w->nkid++] = gen_expr(1);
    if (swap)
        u->locked = tmp->locked = 0;
    tmp->writing = NULL;
    cx.nloops--;
    if (swap) {
        stmt(body_of(loop), fmt("%s[0] = %s[0];", dst, src));
        stmt(body_of(loop), fmt("%s[n - 1] = %s[n - 1];", dst, src));
    }
    if (parity) /* the level the last step wrote (u itself after an even number) */
        stmt(b, fmt("double *%s = %d %% 2 ? %s : %s;", pl, steps, tmp->name, u->name));
    else if (swap && on(K_MACRO) && chance(25)) {
        prog.uses_macros = 1;
        stmt(body_of(loop), fmt("RG_SWAP(%s, %s);", src, dst));
        stmt(body_of(loop), fmt("(void)%s;", swap_names[1]));
    } else if (swap) {
        stmt(body_of(loop), fmt("%s = %s;", swap_names[1], src));
        stmt(body_of(loop), fmt("%s = %s;", src, dst));
        stmt(body_of(loop), fmt("%s = %s;", dst, swap_names[1]));
    }
    /* copied back: after the swapped loop, from whichever buffer the
     * pointer is left in (u itself after an even number of steps) */
    struct node *m2 = block_stmt(
        swap ? b : body_of(loop),
        fmt("#pragma pargrad map\n%s {", loop_head(k, kp, swap ? "0" : "1", swap ? "n" : "n - 1")));
    stmt(body_of(m2), fmt("%s[%s] = %s[%s];", u->name, k, parity ? pl : swap ? pc : tmp->name, k));
    cx.par--;
    /* more parallel loops in the step: a reduce, a map */
    if (!swap && on(K_TIME_STEPS) && chance(60)) {
        gen_reduce(body_of(loop), 1);
        if (chance(40))
            gen_map(body_of(loop), 1);
    }
    cx.seq--;
    leave(s);
    end_counter(t);
    end_counter(i);
    end_counter(k);
}

/* frees the malloc'ed temporaries (before every return): as a whole
 * statement and inside an if block */
const char *free_top, *free_in_if;

static void gen_early_return(struct block b) {
    /* the value is computed before the temporaries are freed */
    const char *r = fresh("r");
    struct node *n =
        stmt(b, prog.has_ret && free_in_if[0]
                    ? fmt("if (%%0) {\n    double %s = %%1;\n%s    return %s;\n}", r, free_in_if, r)
                : prog.has_ret ? "if (%0) {\n    return %1;\n}"
                               : fmt("if (%%0) {\n%s    return;\n}", free_in_if));
    n->kid[n->nkid++] = gen_cond(1);
    if (prog.has_ret)
        n->kid[n->nkid++] = gen_expr(1);
}

/* kept_calls: output as kernels print progress, and a timer read as
 * they time themselves (its value never printed: it differs between
 * runs); in a parallel loop only from its first iteration (a line per
 * loop, not per element). Outside parallel loops, sometimes a value they
 * return steers the computation (printf's count of characters, which the
 * iteration varies; a timer's test), which re-executions must see again. */
static void gen_kept_call(struct block b) {
    if (!cx.in_helper && cx.par == 0 && chance(35)) { /* a value the code computes with */
        const char *name = fresh("r");
        const char *v = cx.nloops ? cx.loops[cx.nloops - 1].name : "n";
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        /* "f:" and a 1 to 3 wide 0: 4 to 6 characters, by the iteration */
        n->tmpl =
            rnd(2) ? fmt("double %s = %%0;\n%s *= printf(\"f:%%*d\\n\", (int)(1 + (%s) %% 3), 0) "
                         "> 4 ? 1.5 : 0.5;",
                         name, name, v)
                   : fmt("double %s = %%0;\nif (omp_get_wtime() > 0.0)\n    %s = 0.5 * %s + "
                         "0.25;",
                         name, name, name);
        declare(name, T_DOUBLE, 1.5 * n->kid[0]->bound + 0.25);
        return;
    }
    static const char *const forms[] = {
        "printf(\"f: %g\\n\", %0);", "fprintf(stderr, \"f: n = %d, e = %.3f\\n\", n, %0);",
        "assert(fabs(%0) < 1.0e6);", "puts(\"f: step\");", "fflush(stdout);",
        "if (omp_get_wtime() < 0.0)\n    puts(\"f: a clock before 1970\");",
        /* macros the generated file must see through (it has no #define) */
        "assert(n <= RG_MAX_N);", "printf(\"%s: n = %d\\n\", RG_TAG, n);",
        "RG_LOG(\"f: n = %d\\n\", n);", "RG_CHECK(n > 0);",
        /* a message in the condition */
        "assert(fabs(%0) < 1.0e6 && \"f: diverged\");"};
    int k = rnd(11);
    if (cx.in_helper && (k == 1 || k == 8)) /* (no stderr in helpers) */
        k = k == 1 ? 0 : 7;
    if (k >= 6)
        prog.uses_kept_macros = 1;
    const char *text = forms[k];
    const struct loopvar *par = NULL;
    for (int l = cx.nloops - 1; l >= 0 && cx.par > 0 && !par; l--)
        if (cx.loops[l].par)
            par = &cx.loops[l];
    if (par)
        text = fmt("if (%s == %s)\n    %s", par->name, par->inner ? "1" : "0", text);
    struct node *n = stmt(b, text);
    if (k < 3 || k == 10)
        n->kid[n->nkid++] = gen_expr(1);
}

/* switch: a local each case sets from its own expression, on a loop
 * index's (or n's) residue; sometimes stacked labels, a default, a case
 * in braces with a local of its own */
static void gen_switch(struct block b) {
    const char *name = fresh("r");
    const char *v = cx.nloops ? cx.loops[rnd(cx.nloops)].name : cx.in_helper ? "1" : "n";
    struct node *n = stmt(b, "");
    for (int k = 0; k < 4; k++)
        n->kid[n->nkid++] = gen_expr(1);
    const char *arm =
        rnd(2) ? fmt("case 1:\ncase 4:\n    %s *= 0.5 + 0.25 * tanh(%%2);\n    break;\n", name)
               : fmt("case 1: {\n    double %s_c = %%2;\n    %s += 0.5 * %s_c;\n    break;\n}\n",
                     name, name, name);
    const char *last = rnd(3) ? fmt("default:\n    %s = 0.5 * %s + 0.25 * %%3;\n", name, name)
                              : fmt("case 2:\n    %s -= 0.125 * %%3;\n    break;\n", name);
    n->tmpl = fmt("double %s = %%0;\nswitch ((int)(%s) %% %d) {\ncase 0:\n    %s = %%1;\n    "
                  "break;\n%s%s}",
                  name, v, 3 + rnd(3), name, arm, last);
    declare(name, T_DOUBLE, 2.0 * (n->kid[0]->bound + n->kid[1]->bound + n->kid[3]->bound) + 1.0);
}

/* doubted_map: a map over a local array whose subscripts pargrad cannot
 * compare (read a[i], write a[(i + 1) % n]; read a[(i + 2) % n], write
 * a[i]; read a[i], write a[n - 1 - i]; read a[0], a[2 * i + 1] or a[i +
 * k] for a variable k, write a[i]; write a[i] and a[n - 1 - i]): C runs
 * it in order, and so must its gradient, since the iterations depend on
 * each other */
static void gen_doubted_map(struct block b) {
    const char *name = fresh("dm");
    const char *i = fmt("%s_i", name), *a = fmt("%s_a", name), *k = fmt("%s_k", name);
    const char *rd = i, *wr = fmt("(%s + 1) %% n", i), *pre = "", *post = "";
    int shape = rnd(7);
    if (shape == 1) {
        rd = fmt("(%s + 2) %% n", i);
        wr = i;
    } else if (shape == 2) {
        wr = fmt("n - 1 - %s", i);
    } else if (shape == 3) { /* the element the first iteration writes */
        rd = "0";
        wr = i;
    } else if (shape == 4) { /* pairs at twice the index (n <= 32) */
        rd = fmt("2 * %s + 1", i);
        wr = i;
    } else if (shape == 5) { /* a shift held in a variable (n <= 32) */
        pre = fmt("int %s = n / 3 + 1;\n", k);
        rd = fmt("%s + %s", i, k);
        wr = i;
    } else if (shape == 6) { /* an element written twice */
        wr = i;
        post = fmt("    %s[n - 1 - %s] = 0.5 * x[%s] * x[%s];\n", a, i, i, i);
    }
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->tmpl = fmt("double %s[64] = {0.0};\n%sfor (int %s = 0; %s < n; %s++)\n    %s[%s] = 0.5 * "
                  "x[%s];\n#pragma pargrad map\nfor (int %s = 0; %s < n; %s++) {\n    %s[%s] = "
                  "0.5 * %s[%s] + 0.25 * tanh(%%0) * x[%s];\n%s}\ndouble %s = %s[n - 1] + 0.5 * "
                  "%s[0];",
                  a, pre, i, i, i, a, i, i, i, i, i, a, wr, a, rd, i, post, name, a, a);
    declare(name, T_DOUBLE, 2.0);
}

/* mem_calls: local arrays cleared and copied with memset and memcpy, the
 * sizes in the spellings C programs use; half the time also into the
 * rows of a 2-D array, whole and one row */
static void gen_mem_calls(struct block b) {
    const char *name = fresh("mc");
    const char *a = fmt("%s_a", name), *c = fmt("%s_c", name), *q = fmt("%s_q", name);
    const char *g = fmt("%s_g", name), *rows = "", *use = "";
    if (rnd(2)) {
        rows = fmt("double %s[16][4];\nmemcpy(%s, %s, n * sizeof(double));\n"
                   "memcpy(%s[0], %s, 4 * sizeof(double));\n",
                   g, g, a, g, c);
        use = fmt(" + 0.25 * %s[(n - 1) / 4][(n - 1) %% 4]", g);
    }
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->tmpl = fmt("double %s[64], %s[64];\nmemset(%s, 0, sizeof %s);\n"
                  "memcpy(%s, x, %s);\nfor (int %s = 0; %s < n; %s++)\n"
                  "    %s[%s] = tanh(%s[%s] + 0.5 * %%0);\n"
                  "memcpy(%s + 1, %s, (n - 1) * sizeof *%s);\n%s"
                  "double %s = %s[n - 1] + 0.5 * %s[0]%s;",
                  a, c, c, c, a, rnd(2) ? "sizeof(double) * n" : "n * sizeof(double)", q, q, q, a,
                  q, a, q, c, a, c, rows, name, c, a, use);
    declare(name, T_DOUBLE, 1.75);
}

/* inplace_scan: a local array filled by a map, then scanned in place
 * (a[i] += a[i - 1]: each element's own value is its iteration's term) */
static void gen_inplace_scan(struct block b) {
    const char *name = fresh("ip");
    const char *i = fmt("%s_i", name), *a = fmt("%s_a", name);
    const char *op = "+", *fill = fmt("0.5 * x[%s] + 0.25 * tanh(%%0)", i),
               *update = fmt("%s[%s] += %s[%s - 1];", a, i, a, i);
    switch (rnd(4)) {
    case 1: /* a running product, each factor near 1 */
        op = "*";
        fill = fmt("1.0 + 0.1 * x[%s] * tanh(%%0)", i);
        update = fmt("%s[%s] *= %s[%s - 1];", a, i, a, i);
        break;
    case 2:
        op = "affine";
        update = fmt("%s[%s] -= 0.5 * %s[%s - 1] + 0.25 * x[%s];", a, i, a, i, i);
        break;
    case 3: /* no a[i - 1]: each element on its own */
        fill = fmt("2.0 + x[%s] * tanh(%%0)", i);
        update = fmt("%s[%s] /= 1.5 + x[%s] * x[%s];", a, i, i, i);
        break;
    }
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->tmpl = fmt("double %s[64];\nfor (int %s = 0; %s < n; %s++)\n    %s[%s] = %s;\n"
                  "#pragma pargrad scan(%s : %s)\nfor (int %s = 1; %s < n; %s++)\n    %s\n"
                  "double %s = 0.05 * %s[n - 1] + 0.5 * %s[n / 2];",
                  a, i, i, i, a, i, fill, op, a, i, i, i, update, name, a, a);
    declare(name, T_DOUBLE, 2.0);
}

/* loop_alloc: scratch allocated where the code needs it: a work array
 * calloc'ed (or malloc'ed and filled) in each step of a time loop, a
 * map whose iterations malloc a scratch of their own, a buffer growing
 * with a sequential loop's index (checked for NULL), a pointer declared
 * before a loop and allocated in each step, and arrays sized at run time
 * cleared and copied with sizeof */
static void gen_loop_alloc(struct block b) {
    const char *name = fresh("la");
    const char *w = fmt("%s_w", name), *i = fmt("%s_i", name), *t = fmt("%s_t", name),
               *j = fmt("%s_j", name), *y = fmt("%s_y", name), *acc = fmt("%s_acc", name);
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    switch (rnd(5)) {
    case 0: { /* time steps: zeroed by calloc, or every element written */
        int zeroed = rnd(2);
        const char *alloc = zeroed ? (rnd(2) ? "calloc(n + 1, sizeof(double))"
                                             : fmt("calloc((size_t)n + 1, sizeof *%s)", w))
                                   : fmt("malloc((n + 1) * sizeof *%s)", w);
        const char *fill = zeroed ? fmt("for (int %s = 1; %s < n; %s++)\n        %s[%s] = 0.5 * "
                                        "x[%s] * tanh(%%0) + 0.1 * %s;",
                                        i, i, i, w, i, i, t)
                                  : fmt("for (int %s = 0; %s < n + 1; %s++)\n        %s[%s] = "
                                        "0.5 * x[%s %% n] * tanh(%%0) + 0.1 * %s;",
                                        i, i, i, w, i, i, t);
        n->tmpl =
            fmt("double %s = 0.0;\nfor (int %s = 0; %s < 2; %s++) {\n    double *%s = %s;\n"
                "#pragma pargrad map\n    %s\n    double %s = 0.0;\n"
                "#pragma pargrad reduce(+ : %s)\n    for (int %s = 0; %s < n; %s++)\n"
                "        %s += %s[%s] * %s[%s + 1];\n    %s += 0.5 * %s;\n    free(%s);\n}",
                name, t, t, t, w, alloc, fill, acc, acc, i, i, i, acc, w, i, w, i, name, acc, w);
        declare(name, T_DOUBLE, 2.0);
        return;
    }
    case 1: /* each iteration of a map with its own scratch */
        n->tmpl = fmt("double %s[64];\n#pragma pargrad map\nfor (int %s = 0; %s < n; %s++) {\n"
                      "    double *%s = malloc(3 * sizeof *%s);\n"
                      "    for (int %s = 0; %s < 3; %s++)\n"
                      "        %s[%s] = x[(%s + %s) %% n] * tanh(%%0);\n"
                      "    %s[%s] = %s[0] * %s[1] + 0.5 * %s[2];\n    free(%s);\n}\n"
                      "double %s = %s[n - 1] + 0.5 * %s[0];",
                      y, i, i, i, w, w, j, j, j, w, j, i, j, y, i, w, w, w, w, name, y, y);
        declare(name, T_DOUBLE, 2.0);
        return;
    case 4: /* C89's order: declared before the loop, allocated in each step */
        n->tmpl = fmt("double %s = 0.0;\ndouble *%s;\nfor (int %s = 0; %s < 2; %s++) {\n"
                      "    %s = malloc(n * sizeof *%s);\n    for (int %s = 0; %s < n; %s++)\n"
                      "        %s[%s] = x[%s] * tanh(%%0) + 0.1 * %s;\n"
                      "    %s += 0.25 * %s[n - 1] * %s[0];\n    free(%s);\n}",
                      name, w, t, t, t, w, w, i, i, i, w, i, i, t, name, w, w, w);
        declare(name, T_DOUBLE, 2.0);
        return;
    case 2: /* a buffer growing with the index */
        n->tmpl = fmt("double %s = 0.0;\nfor (int %s = 0; %s < n; %s++) {\n"
                      "    double *%s = malloc((size_t)(%s + 1) * sizeof(double));\n"
                      "    if (!%s)\n        abort();\n    %s[0] = x[0] * tanh(%%0);\n"
                      "    for (int %s = 1; %s <= %s; %s++)\n"
                      "        %s[%s] = 0.5 * %s[%s - 1] + 0.25 * x[%s];\n"
                      "    %s += 0.1 * %s[%s];\n    free(%s);\n}",
                      name, i, i, i, w, i, w, w, j, j, i, j, w, j, w, j, j, name, w, i, w);
        declare(name, T_DOUBLE, 2.0);
        return;
    default: { /* sized at run time: sizeof the array, and of its rows */
        const char *u = fmt("%s_u", name), *v = fmt("%s_v", name);
        n->tmpl = fmt("double %s[n];\ndouble %s[n][2], %s[n][2];\nmemset(%s, 0, sizeof %s);\n"
                      "for (int %s = 0; %s < n; %s++) {\n    %s[%s] += x[%s] * tanh(%%0);\n"
                      "    %s[%s][0] = %s[%s];\n    %s[%s][1] = x[%s];\n}\n"
                      "memcpy(%s, %s, sizeof %s);\nfor (int %s = 1; %s < n; %s++)\n"
                      "    memcpy(%s[%s], %s[%s - 1], sizeof %s[%s]);\ndouble %s = 0.0;\n"
                      "for (int %s = 0; %s < n; %s++)\n"
                      "    %s += 0.1 * %s[%s][0] * %s[%s][1] + 0.2 * %s[%s];",
                      w, u, v, w, w, i, i, i, w, i, i, u, i, w, i, u, i, i, v, u, u, i, i, i, v, i,
                      u, i, u, i, name, i, i, i, name, v, i, v, i, w, i);
        declare(name, T_DOUBLE, 2.0);
    }
    }
}

/* guarded_write: sequential passes over a malloc'ed copy of x whose
 * writes are valid only where a guard lets them run: odd-even pairs with
 * the last one skipped (`if (i + 1 < n)`), a neighbour table with -1 for
 * none (`if (nb[i] >= 0) u[nb[i]] = ...`), and a loop doubling its stride
 * (`h *= 2`: its exiting trip writes nothing). Nothing may be read or
 * written outside the array (the campaign's clang build checks). */
static void gen_guarded_write(struct block b) {
    const char *name = fresh("gw");
    const char *y = fmt("%s_y", name), *i = fmt("%s_i", name), *p = fmt("%s_p", name),
               *k = fmt("%s_k", name), *nb = fmt("%s_nb", name), *h = fmt("%s_h", name);
    const char *fill = fmt("double *%s = malloc(n * sizeof(double));\nfor (int %s = 0; %s < n; "
                           "%s++)\n    %s[%s] = 0.5 * x[%s];\n",
                           y, i, i, i, y, i, i);
    const char *pass, *tail = "";
    switch (rnd(3)) {
    case 0:
        pass = fmt("for (int %s = 0; %s < 2; %s++)\n    for (int %s = 0; %s <= n / 2; %s++) {\n"
                   "        int %s = 2 * %s + %s %% 2;\n        if (%s + 1 < n) {\n"
                   "            double %s_a = %s[%s], %s_c = %s[%s + 1];\n"
                   "            %s[%s] = 0.5 * (%s_a + %s_c) + 0.1 * tanh(%%0) * %s_a * %s_c;\n"
                   "            %s[%s + 1] = 0.5 * (%s_a - %s_c);\n        }\n    }\n",
                   p, p, p, k, k, k, i, k, p, i, name, y, i, name, y, i, y, i, name, name, name,
                   name, y, i, name, name);
        break;
    case 1:
        pass = fmt("int *%s = malloc(n * sizeof(int));\nfor (int %s = 0; %s < n; %s++)\n"
                   "    %s[%s] = %s %% 3 == 0 ? -1 : (%s * 7 + 1) %% n;\n"
                   "for (int %s = 0; %s < 2; %s++)\n    for (int %s = 0; %s < n; %s++)\n"
                   "        if (%s[%s] >= 0)\n            %s[%s[%s]] = 0.5 * %s[%s[%s]] + 0.25 "
                   "* tanh(%%0) * %s[%s];\n",
                   nb, i, i, i, nb, i, i, i, p, p, p, i, i, i, nb, i, y, nb, i, y, nb, i, y, i);
        tail = fmt("free(%s);\n", nb);
        break;
    default:
        pass = fmt("for (int %s = 1; %s < n; %s *= 2)\n    for (int %s = n - 1; %s >= %s; %s--)\n"
                   "        %s[%s] += 0.3 * tanh(%%0) * %s[%s - %s];\n",
                   h, h, h, i, i, h, i, y, i, y, i, h);
    }
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->tmpl = fmt("%s%sdouble %s = %s[n - 1] + 0.5 * %s[0];\n%sfree(%s);", fill, pass, name, y, y,
                  tail, y);
    declare(name, T_DOUBLE, 2.0);
}

/* A reduce whose term's derivative calls a function a variable in scope
 * names, as C allows (the block keeps the name from the rest of f) */
static void gen_shadow_math(struct block b) {
    const char *s = fresh("sh"), *i = fmt("%s_i", s), *decl = "", *term;
    switch (rnd(4)) {
    case 0: /* erf's derivative is exp(-x^2) */
        decl = "    const double exp = 0.25 + 0.5 / n;\n";
        term = fmt("erf(x[%s]) * exp", i);
        break;
    case 1: /* pow's in its exponent, log(base) */
        decl = "    int log = n > 2;\n";
        term = fmt("(log ? pow(1.5, 0.5 * x[%s]) : x[%s])", i, i);
        break;
    case 2: /* asinh's, 1 / sqrt(x^2 + 1) */
        term = NULL;
        break;
    default: /* sin's, cos */
        decl = "    double cos = 0.5 + 0.25 / n;\n";
        term = fmt("sin(x[%s]) * cos", i);
    }
    const char *body = term ? fmt("        %s += %s / n;\n", s, term)
                            : fmt("    {\n        double sqrt = 0.5 * x[%s];\n        %s += "
                                  "(asinh(sqrt) + sqrt) / n;\n    }\n",
                                  i, s);
    stmt(b, fmt("double %s = 0.0;\n{\n%s    #pragma pargrad reduce(+ : %s)\n    for (int %s = 0; "
                "%s < n; %s++)\n%s}",
                s, decl, s, i, i, i, body));
    declare(s, T_DOUBLE, 2.0);
}

/* Statements of the function's own body (in no parallel loop, not in a
 * helper), tried in this order, each with its chance in 100. */
static const struct {
    enum construct kind;
    int chance;
    void (*gen)(struct block);
} top_level_statements[] = {
    {K_DOUBTED, 15, gen_doubted_map},         {K_INPLACE_SCAN, 15, gen_inplace_scan},
    {K_MEM_CALLS, 15, gen_mem_calls},         {K_LOOP_ALLOC, 15, gen_loop_alloc},
    {K_GUARDED_WRITE, 15, gen_guarded_write}, {K_SHADOW_MATH, 8, gen_shadow_math},
};

/* One of top_level_statements, if one's turn comes: whether one did. */
static int gen_top_level(struct block b) {
    for (size_t k = 0; k < sizeof top_level_statements / sizeof top_level_statements[0]; k++)
        if (on(top_level_statements[k].kind) && chance(top_level_statements[k].chance)) {
            top_level_statements[k].gen(b);
            return 1;
        }
    return 0;
}

/* an initialised output (y or u) no loop is writing, or NULL */
static struct array *updatable_output(void) {
    struct array *o = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (!cx.arrays[i].input && cx.arrays[i].extent > 0 && !cx.arrays[i].writing &&
            !cx.arrays[i].locked &&
            (strcmp(cx.arrays[i].name, "y") == 0 || strcmp(cx.arrays[i].name, prog.u_name) == 0))
            o = &cx.arrays[i];
    return o;
}

/* deref: an output's first element updated through the pointer, as C
 * kernels return a scalar through `double *err` */
static int gen_deref_update(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    struct node *n = stmt(b, fmt("*%s = 0.5 * *%s + 0.25 * tanh(%%0);", o->name, o->name));
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* pointer_view: an output updated through a pointer walking it in a
 * sequential loop (the write's index is a carried integer) */
static int gen_walk_update(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    const char *p = fresh("pw"), *k = fresh("kw");
    struct node *n;
    switch (rnd(4)) {
    case 3: /* the pointer compared with the end (or the last element) */
        n = stmt(b, rnd(2) ? fmt("{\n    double *%s = %s, *%s_end = %s + n;\n    for (; %s %s "
                                 "%s_end; %s++)\n        *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n}",
                                 p, o->name, p, o->name, p, rnd(2) ? "!=" : "<", p, p, p, p)
                           : fmt("{\n    double *%s;\n    for (%s = %s; %s <= &%s[n - 1]; ++%s)\n "
                                 "       *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n}",
                                 p, p, o->name, p, o->name, p, p, p));
        (void)k;
        break;
    case 0:
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++) "
                        "{\n        *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n        %s++;\n    }\n}",
                        p, o->name, k, k, k, k, p, p, p));
        break;
    case 1: /* *p++ = t (t first: *p++ = f(*p) would be unsequenced) */
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++) "
                        "{\n        double %s_t = 0.5 * *%s + 0.25 * tanh(%%0);\n        *%s++ = "
                        "%s_t;\n    }\n}",
                        p, o->name, k, k, k, k, p, p, p, p));
        break;
    default: /* the pointer steps in the for header, after a comma */
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++, "
                        "%s++)\n        *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n}",
                        p, o->name, k, k, k, k, p, p, p));
        break;
    }
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* faces: fluxes at the n + 1 faces of a periodic row of an output, each
 * from the cells on its two sides (o[(i + n - 1) % n] and o[i % n]), the
 * face loop running up to n inclusive or down from n, then the output
 * stepped by the fluxes' differences, as a finite-volume step writes it;
 * outside parallel loops (the fluxes malloc'ed and freed around it) */
static int gen_periodic_faces(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    int ip, kp;
    const char *fl = fresh("fl"), *i = loop_counter("i", &ip), *d = ip ? "" : "int ";
    const char *k = loop_counter("k", &kp);
    const char *faces = chance(50) ? fmt("for (%s%s = 0; %s <= n; %s++)", d, i, i, i)
                                   : fmt("for (%s%s = n; %s >= 0; %s--)", d, i, i, i);
    stmt(b, fmt("double *%s = malloc(sizeof(double) * (size_t)(n + 1));", fl));
    stmt(b, fmt("#pragma pargrad map\n%s\n    %s[%s] = 0.5 * (%s[(%s + n - 1) %% n] + %s[%s %% n]) "
                "* tanh(x[0]);",
                faces, fl, i, o->name, i, o->name, i));
    stmt(b, fmt("#pragma pargrad map\n%s\n    %s[%s] = 0.5 * %s[%s] + 0.25 * tanh(%s[%s + 1] - "
                "%s[%s]);",
                loop_head(k, kp, "0", "n"), o->name, k, o->name, k, fl, k, fl, k));
    stmt(b, fmt("free(%s);", fl));
    end_counter(i);
    end_counter(k);
    return 1;
}

/* scratch_param: the caller's scratch sc written in full by a map over
 * the n rows of m, then read by a map through the neighbour table nb (as
 * SRAD reads its coefficients through iN, iS), into an output; outside
 * parallel loops */
int gen_scratch_param(struct block b) {
    struct array *o = updatable_output();
    if (!prog.has_sc || !o)
        return 0;
    int ip;
    /* (the inner counter the map's own: a pooled one would be shared) */
    const char *i = loop_counter("i", &ip), *j = fresh("j"), *on_ = o->name;
    struct node *n = stmt(
        b, fmt("#pragma pargrad map\n%s\n    %s\n        sc[%s * m + %s] = 0.5 * x[%s * m + %s] "
               "+ 0.25 * tanh(%%0);",
               loop_head(i, ip, "0", "n"), loop_head(j, 0, "0", "m"), i, j, i, j));
    n->kid[n->nkid++] = gen_expr(1);
    const char *s = fresh("ss");
    switch (rnd(3)) {
    case 0: /* a row's products with its neighbour's */
        stmt(b, fmt("#pragma pargrad map\n%s {\n    double %s = 0.0;\n    for (int %s_j = 0; "
                    "%s_j < m; %s_j++)\n        %s += sc[nb[%s] * m + %s_j] * sc[%s * m + "
                    "%s_j];\n    %s[%s] = 0.5 * %s[%s] + 0.25 * tanh(%s);\n}",
                    loop_head(i, ip, "0", "n"), s, s, s, s, s, i, s, i, s, on_, i, on_, i, s));
        break;
    case 1: /* a difference with the neighbour, SRAD's dN[k] = J[iN[i] * cols + j] - Jc */
        stmt(b, fmt("#pragma pargrad map\n%s\n    %s[%s] = 0.5 * %s[%s] + 0.25 * tanh(sc[nb[%s] * "
                    "m + %s %% m] - sc[%s * m]);",
                    loop_head(i, ip, "0", "n"), on_, i, on_, i, i, i, i));
        break;
    default: /* the neighbour's row only */
        stmt(b, fmt("#pragma pargrad map\n%s\n    %s[%s] = 0.5 * %s[%s] + 0.25 * "
                    "sin(sc[nb[%s] * m + m - 1]);",
                    loop_head(i, ip, "0", "n"), on_, i, on_, i, i));
        break;
    }
    end_counter(i);
    prog.used_sc = 1;
    return 1;
}

/* private_array: a scratch array declared before a map or a reduce, C89
 * style, private to its iterations by OpenMP's clause, written in full
 * then read in each iteration, into an output (a map) or a new scalar (a
 * reduce); outside parallel loops */
int gen_private_array(struct block b) {
    struct array *o = updatable_output();
    int reduce = !o || chance(40);
    const char *t = fresh("pa"), *k = fresh("pk"), *i = fresh("i"), *s = fresh("ps");
    int len = 2 + rnd(3);
    stmt(b, fmt("double %s[%d];%s", t, len, reduce ? fmt("\ndouble %s = 0.0;", s) : ""));
    const char *fill = fmt("    for (int %s = 0; %s < %d; %s++)\n        %s[%s] = 0.5 * x[(%s * %d "
                           "+ %s) %% (n * m)] + 0.25 * tanh(%%0);\n",
                           k, k, len, k, t, k, i, len, k);
    const char *use = fmt("tanh(%s[0] * %s[%d] + %s[%d])", t, t, len - 1, t, len / 2);
    struct node *n =
        reduce ? stmt(b, fmt("#pragma pargrad reduce(+ : %s)\n#pragma omp parallel for "
                             "private(%s) reduction(+ : %s)\nfor (int %s = 0; %s < n; %s++) "
                             "{\n%s    %s += %s;\n}",
                             s, t, s, i, i, i, fill, s, use))
               : stmt(b, fmt("#pragma pargrad map\n#pragma omp parallel for private(%s)\nfor "
                             "(int %s = 0; %s < n; %s++) {\n%s    %s[%s] = 0.5 * %s[%s] + 0.25 "
                             "* %s;\n}",
                             t, i, i, i, fill, o->name, i, o->name, i, use));
    n->kid[n->nkid++] = gen_expr(1);
    if (reduce)
        declare(s, T_DOUBLE, (double)prog.n);
    return 1;
}

/* logged_write: an output updated where which elements get written is
 * known only as the code runs (a triangular or blocked nest, an index or
 * a bound read from the int table that the same code advances, a map
 * whose rows have different lengths); outside parallel loops */
static int gen_logged_write(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    const char *a = fresh("la"), *c = fresh("lb"), *t = prog.int_table;
    const char *upd = fmt("%s[%%s] = 0.5 * %s[%%s] + 0.25 * tanh(%%%%0);", o->name, o->name);
    struct node *n;
    int k = rnd(3);
    switch (rnd(t && !cx.in_helper ? 5 : 3)) {
    case 0: /* triangular */
        n = stmt(b, fmt("{\n    int %s, %s;\n    for (%s = 0; %s < n; %s++)\n        for (%s = 0; "
                        "%s <= %s; %s++)\n            %s\n}",
                        a, c, a, a, a, c, c, a, c, fmt(upd, c, c)));
        break;
    case 1: /* blocked, the block's end computed in the loop */
        n = stmt(b, fmt("{\n    int %s, %s;\n    for (%s = 0; %s < n; %s += 3) {\n        int "
                        "%s_end = %s + 3 < n ? %s + 3 : n;\n        for (%s = %s; %s < %s_end; "
                        "%s++)\n            %s\n    }\n}",
                        a, c, a, a, a, a, a, a, c, a, c, a, c, fmt(upd, c, c)));
        break;
    case 2: /* a map over rows of u of different lengths */
    {
        struct array *u = find_array(prog.u_name);
        if (cx.in_helper || !u || u->extent != 2 || u->locked || u->writing)
            return 0;
        const char *un = u->name;
        if (on(K_CAUSAL) && prog.m <= prog.n && chance(50)) { /* (rows < m <= n: inside u) */
            stmt(b, fmt("{\n    int %s, %s;\n#pragma pargrad map\n    for (%s = 0; %s < m; %s++)\n"
                        "        for (%s = 0; %s <= %s; %s++)\n            %s[%s * m + %s] = 0.5 * "
                        "%s[%s * m + %s] + 0.25 * tanh(x[%s * m + %s] * %s[%s * m + %s]);\n}",
                        a, c, a, a, a, c, c, a, c, un, a, c, un, a, c, a, c, un, a, c));
            return 1;
        }
        stmt(b,
             fmt("{\n    int %s, %s;\n#pragma pargrad map\n    for (%s = 0; %s < n; %s++)\n   "
                 "     for (%s = 0; %s < (%s < m ? %s + 1 : m); %s++)\n            %s[%s * m + "
                 "%s] = 0.5 * %s[%s * m + %s] + 0.25 * tanh(x[%s * m + %s] * %s[%s * m + %s]);\n}",
                 a, c, a, a, a, c, c, a, a, c, un, a, c, un, a, c, a, c, un, a, c));
        return 1;
    }
    case 3: /* an index read from the int table, which then advances */
        n = stmt(b, fmt("%s\n%s[%d] = (%s[%d] + 2) %% n;",
                        fmt(upd, fmt("%s[%d]", t, k), fmt("%s[%d]", t, k)), t, k, t, k));
        break;
    default: /* a bound read from the int table */
        n = stmt(b, fmt("{\n    int %s;\n    for (%s = %s[%d]; %s < n; %s++)\n        %s\n}", c, c,
                        t, k, c, c, fmt(upd, c, c)));
        break;
    }
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* optional_out: z updated only where a test shows it given, as library C
 * fills an optional output (`if (z != NULL) { ... }`); false where z is
 * absent or being written */
int gen_optional_update(struct block b, int count) {
    struct array *z = prog.has_z ? find_array("z") : NULL;
    if (!z || z->writing || z->locked || cx.par > 0 || cx.in_helper)
        return 0;
    static const char *const tests[] = {"if (z != NULL) {", "if (z) {", "if (NULL != z) {",
                                        "if (z != 0) {"};
    int form = rnd(4);
    struct node *n =
        block_stmt(b, form == 1 ? (rnd(2) ? "if (z == NULL) {" : "if (!z) {") : tests[rnd(4)]);
    struct block body = body_of(n);
    if (form == 1) { /* the NULL case first, the update in the else branch */
        struct saved s = enter();
        gen_block(body, rnd(2));
        leave(s);
        body = else_of(n);
    }
    struct saved s = enter();
    if (chance(30))
        gen_block(body, 1 + rnd(2));
    if (form == 2) { /* one element, as a kernel returns a scalar through a pointer */
        const char *e = rnd(2) ? "z[0]" : rnd(2) ? "*z" : "z[n - 1]";
        struct node *u = stmt(body, fmt("%s = 0.5 * %s + 0.25 * tanh(%%0);", e, e));
        u->kid[u->nkid++] = gen_expr(1);
    } else if (form == 3) { /* a time loop inside the test: z is its state */
        const char *t = fresh("tz");
        struct node *l =
            block_stmt(body, fmt("for (int %s = 0; %s < %d; %s++) {", t, t, 2 + rnd(3), t));
        int was_seq_par = cx.seq_par;
        cx.seq++;
        cx.seq_par = cx.par;
        gen_map_over(body_of(l), count, z, NRANGE, -1);
        cx.seq--;
        cx.seq_par = was_seq_par;
    } else
        gen_map_over(body, count, z, NRANGE, -1);
    leave(s);
    prog.z_written = 1;
    return 1;
}

/* K_PARAM_SWAP: x and w swapped where both are double arrays, neither a
 * struct's field nor tested for NULL; at the top level only (after an if
 * that swaps them, or a loop that may break, pargrad cannot tell where
 * they point, and says so). Whether it was. */
int gen_param_swap(struct block b) {
    if (!on(K_PARAM_SWAP) || cx.in_helper || cx.par > 0 || cx.depth > 0 || cx.seq > 0 ||
        !prog.has_w || prog.w_optional || prog.ty_x || prog.ty_w || prog.has_sp || prog.has_sg)
        return 0;
    const char *sw = fresh("sw");
    stmt(b, fmt("const double *%s = x;\nx = w;\nw = %s;", sw, sw));
    prog.used_w = 1;
    return 1;
}

/* one random statement allowed in the current context */
static void gen_stmt(struct block b, int count) {
    int in_parallel = cx.par > 0;
    for (;;) {
        switch (rnd(14)) {
        case 0:
        case 1:
        case 2:
            gen_local(b);
            return;
        case 3:
            if (cx.depth > 0 || in_parallel)
                gen_assign(b);
            else
                gen_local(b);
            return;
        case 4:
            if (on(K_IF) && cx.depth < 4) {
                gen_if(b, count);
                return;
            }
            break;
        case 5:
        case 6:
            if (on(K_MAP) && cx.depth < 4) {
                gen_map(b, count);
                return;
            }
            break;
        case 7:
        case 8:
            if (on(K_SCAN) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(30)) {
                gen_scan(b, count);
                return;
            }
            if (cx.depth < 4 && cx.par < 3) {
                gen_reduce(b, count);
                return;
            }
            break;
        case 9:
            if (on(K_SEQ_LOOP) && cx.depth < 3) {
                gen_seq(b, count);
                return;
            }
            break;
        case 10:
            if (cx.depth == 0 && cx.seq == 0 && !in_parallel && chance(60) && gen_param_swap(b))
                return;
            /* (malloc'ed grids: at the top level, in no loop) */
            if (on(K_STENCIL_2D) && !in_parallel && !cx.in_helper && cx.depth == 0 && cx.seq == 0 &&
                chance(30)) {
                gen_stencil_2d(b);
                return;
            }
            if (on(K_HEAP_ROWS) && !in_parallel && !cx.in_helper && cx.depth == 0 && cx.seq == 0 &&
                chance(25)) {
                gen_heap_rows(b);
                return;
            }
            if (on(K_VIEW) && !in_parallel && !cx.in_helper && chance(30) && gen_pick(b))
                return;

            if (on(K_RECURRENCE) && !in_parallel && cx.depth < 2 && chance(12)) {
                gen_recurrence(b);
                return;
            }
            if (on(K_ENTRY) && !in_parallel && cx.depth < 2 && chance(25)) {
                gen_trajectory(b);
                return;
            }
            if (on(K_TIME_LOOP) && !in_parallel && cx.depth < 2) {
                gen_time_loop(b);
                return;
            }
            break;
        case 11:
            if (on(K_EARLY_RETURN) && !in_parallel && (cx.seq == 0 || on(K_RET_IN_LOOP)) &&
                (cx.depth == 0 || on(K_NESTED_RETURN)) && chance(30)) {
                gen_early_return(b);
                return;
            }
            break;
        case 13:
            if (on(K_HISTOGRAM) && !in_parallel && !cx.in_helper && cx.depth < 4 && chance(30)) {
                gen_histogram(b, count);
                return;
            }
            if (on(K_HIST_OP) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(25)) {
                gen_hist_op(b, count);
                return;
            }
            if (on(K_SCAN) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(60)) {
                gen_scan(b, count);
                return;
            }
            /* at the top level: its buffer is malloc'ed */
            if (on(K_SCAN_ROWS) && !in_parallel && !cx.in_helper && cx.depth == 0 && chance(60)) {
                gen_scan_rows(b);
                return;
            }
            break;
        case 12:
            if (on(K_OPTIONAL_OUT) && chance(40) && gen_optional_update(b, count))
                return;
            if (on(K_SWITCH) && chance(25)) {
                gen_switch(b);
                return;
            }
            if (prog.has_sc && !prog.used_sc && !in_parallel && !cx.in_helper && chance(70) &&
                gen_scratch_param(b))
                return;
            if (!in_parallel && !cx.in_helper && gen_top_level(b))
                return;
            if (on(K_KEPT_CALLS) && chance(30)) {
                gen_kept_call(b);
                return;
            }
            if (on(K_DEREF) && !in_parallel && !cx.in_helper && chance(30) && gen_deref_update(b))
                return;
            if (prog.int_table && !in_parallel && !cx.in_helper && chance(30)) {
                int k = rnd(3);
                stmt(b, fmt("%s[%d] = (%s[%d] + 1) %% n;", prog.int_table, k, prog.int_table, k));
                return;
            }
            if (on(K_LOGGED) && !in_parallel && chance(30) && gen_logged_write(b))
                return;
            if (on(K_FACES) && !in_parallel && !cx.in_helper && chance(35) && gen_periodic_faces(b))
                return;

            if (on(K_VIEW) && !in_parallel && !cx.in_helper && chance(20) && gen_walk_update(b))
                return;
            break;
        default:
            gen_local(b);
            return;
        }
    }
}

void gen_block(struct block b, int count) {
    for (int k = 0; k < count; k++)
        gen_stmt(b, count > 1 ? count - 1 : 1);
}

/* ------------------------------------------------------------------ */
/* helpers                                                             */

/* a helper's last statement: return e, or (return_both) an if/else whose
 * branches both return */
static void gen_helper_return(struct block b) {
    if (on(K_RETURN_BOTH) && chance(30)) {
        struct node *c = block_stmt(b, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        for (int side = 0; side < 2; side++) {
            struct block rb = side ? else_of(c) : body_of(c);
            struct saved s = enter();
            if (chance(50))
                gen_local(rb);
            struct node *r = stmt(rb, "return %0;");
            r->kid[r->nkid++] = squash(gen_expr(0));
            leave(s);
        }
        return;
    }
    struct node *r = stmt(b, "return %0;");
    r->kid[r->nkid++] = squash(gen_expr(0));
}

void gen_helper(struct block b, int k) {
    struct helper *h = &helpers[nhelpers];
    h->name = fmt("h%d", k);
    h->kind = rnd(3);
    struct saved s = enter();
    cx.in_helper = 1;
    /* a helper sees only its parameters */
    struct array arrays[MAX_ARRAYS];
    int narrays = cx.narrays;
    memcpy(arrays, cx.arrays, sizeof arrays);
    cx.narrays = 0;
    if (h->kind == 0) {
        struct node *n = block_stmt(b, "");
        const char *t0 = type_text(n, 0), *t1 = type_text(n, 0), *t2 = type_text(n, 0);
        n->tmpl = fmt("static %s %s@(%s a, %s b) {", t0, h->name, t1, t2);
        declare("a", T_DOUBLE, 3.0);
        declare("b", T_DOUBLE, 3.0);
        if (on(K_GUARD) && chance(50)) {
            struct node *g = stmt(body_of(n), "if (%0)\n    return %1;");
            g->kid[g->nkid++] = gen_cond(1);
            g->kid[g->nkid++] = gen_expr(1);
        }
        gen_local(body_of(n));
        if (on(K_GUARD) && chance(30)) {
            struct node *g = stmt(body_of(n), "if (%0)\n    return %1;");
            g->kid[g->nkid++] = gen_cond(1);
            g->kid[g->nkid++] = gen_expr(1);
        }
        gen_helper_return(body_of(n));
    } else if (h->kind == 1) {
        struct node *n = block_stmt(b, "");
        const char *t0 = type_text(n, 0), *t1 = type_text(n, 0);
        n->tmpl = fmt("static %s %s@(const %s *v, int k) {", t0, h->name, t1);
        add_array("v", 0, 1)->writing = "k";
        gen_helper_return(body_of(n));
    } else {
        struct node *n = block_stmt(
            b, fmt("static double %s@(int len, const double *v, const double *q) {", h->name));
        stmt(body_of(n), "double s = 0.0;");
        struct node *l = block_stmt(
            body_of(n), "#pragma pargrad reduce(+ : s)\nfor (int i = 0; i < len; i++) {");
        add_array("v", 0, 1)->writing = "i";
        struct array *q = add_array("q", 0, 1);
        q->writing = "i";
        q->optional = h->optional_q = on(K_OPTIONAL) && chance(40);
        struct node *u = stmt(body_of(l), "s += %0;");
        u->kid[u->nkid++] = squash(gen_expr(1));
        stmt(body_of(n), "return s;");
    }
    memcpy(cx.arrays, arrays, sizeof arrays);
    cx.narrays = narrays;
    cx.in_helper = 0;
    leave(s);
    nhelpers++;
}
