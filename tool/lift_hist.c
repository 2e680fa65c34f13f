/* Lifting `#pragma pargrad histogram(OP: h)` loops (reduce-by-index).
 *
 * The loop is a map whose iterations combine values into bins of h,
 * h[k] OP= v, at indices k computed from the data; they may read anything
 * but h.
 *
 * `+`: each update becomes an S_ACC of the primal, atomic in the output
 * where iterations may hit the same bin; its reverse rule is a gather
 * (rev_hist.c).
 *
 * `*`, `min`, `max`: the paper's rules need every bin's values together
 * (their product without zeros, the first that gave the final value), so
 * the loop becomes a map that writes, per iteration and update, the key and
 * the value to arrays (key -1 where the update did not run), and an S_HIST
 * that combines them into h in the loop's order; the runtime does it with
 * per-thread copies of the bins or atomics (runtime/hist.c). The number of
 * bins must be known: the rule keeps per-bin values. A loop whose
 * iterations write nothing else keeps its updates instead, as S_ACC
 * statements h[k] = fmin(h[k], v) (h[k] *= v) of the map: its rule
 * recomputes the values rather than reading them from arrays
 * (lift_recomputed_histogram). */
#include "lift.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct HistLoop {
    Buffer *h;
    ReduceOp op;
    UserOp *uop;    /* RED_USER */
    PtrVec sites;   /* CXCursor*: the updates of h in the loop's body */
    Stmt *loop;     /* the map of the iterations */
    Buffer *keys;   /* per iteration and update: the bin, or -1 */
    Buffer *values; /* and the value */
    /* Updates in an inner loop over j in [lo, lo + trips) (a reduce of
     * rows, `colmax[j] = fmax(colmax[j], a[i][j])`): every update site has
     * trips entries per iteration, and the counter's declaration finds j. */
    bool inner;
    Canon in;
    struct HistLoop *outer;
    /* min and max: the updates are S_ACC statements of the map itself,
     * h[k] = fmin(h[k], v), and the reverse rule recomputes the values
     * (rev_hist.c) instead of reading them from arrays */
    bool direct;
} HistLoop;

bool is_hist_target(Lift *L, Buffer *buf) {
    return vec_contains(&L->hist_targets, buf);
}

static bool same_element(Lift *L, CXCursor e, const void *lhs) {
    const char *text = written_text(L->fe, strip_parens(e));
    if (!text) /* an argument of the macro e is in */
        text = written_text_within(L->fe, e, e);
    return text && !strcmp(text, (const char *)lhs);
}

static bool names_array(Lift *L, CXCursor lhs, const char *name);

/* The operator of an update `lhs op rhs` of a bin, and the value it
 * combines in (*negate: subtracted), or -1: h[k] += v, -=, *=,
 * h[k] = h[k] + v (or v + h[k], h[k] - v), h[k] = h[k] * v,
 * h[k] = fmin(h[k], v) (fmax, fminf, fmaxf), h[k] = v < h[k] ? v : h[k],
 * h[k] = COMBINE(h[k], v) (or COMBINE(v, h[k])) of a declared operator
 * (*uo). */
static int update_form(Lift *L, CXCursor lhs, const char *op, CXCursor rhs, CXCursor *value,
                       bool *negate, UserOp **uo) {
    *value = rhs;
    *negate = false;
    *uo = NULL;
    if (!strcmp(op, "+=") || !strcmp(op, "-=")) {
        *negate = op[0] == '-';
        return RED_ADD;
    }
    if (!strcmp(op, "*="))
        return RED_MUL;
    if (strcmp(op, "="))
        return -1;
    const char *self = extent_text(L->fe, strip_parens(lhs));
    CXCursor r = strip_parens(rhs);
    Kids k = kids_of(r);
    enum CXCursorKind kind = clang_getCursorKind(r);
    if (kind == CXCursor_BinaryOperator && k.n == 2) {
        const char *bop = binop_of(L, r);
        int op_of = !strcmp(bop, "+") || !strcmp(bop, "-") ? RED_ADD
                    : !strcmp(bop, "*")                    ? RED_MUL
                                                           : -1;
        for (int q = 0; op_of >= 0 && q < 2; q++)
            if (same_element(L, k.items[q], self) && !(q == 1 && bop[0] == '-')) {
                *value = k.items[1 - q];
                *negate = bop[0] == '-';
                return op_of;
            }
    } else if (kind == CXCursor_CallExpr && k.n == 3) {
        const char *fname = cursor_spelling(L, r);
        UserOp *u = user_op_of_combine(L->fe, fname);
        int op_of = !strcmp(fname, "fmin") || !strcmp(fname, "fminf")   ? RED_MIN
                    : !strcmp(fname, "fmax") || !strcmp(fname, "fmaxf") ? RED_MAX
                    : u                                                 ? RED_USER
                                                                        : -1;
        for (int q = 1; op_of >= 0 && q < 3; q++)
            if (same_element(L, k.items[q], self)) {
                *value = k.items[3 - q];
                *uo = u;
                return op_of;
            }
    } else if (kind == CXCursor_ConditionalOperator) {
        for (int op_of = RED_MIN; op_of <= RED_MAX; op_of++) {
            CXCursor e = ternary_extremum_of(L, r, same_element, self, (ReduceOp)op_of);
            if (!clang_Cursor_isNull(e)) {
                *value = e;
                return op_of;
            }
        }
    }
    return -1;
}

/* `if (v < h[k]) h[k] = v;` (and its mirror images, > for max), no else:
 * the assignment, with the operator in *op and v in *value; else a null
 * cursor. */
static CXCursor if_update(Lift *L, CXCursor ifc, const char *name, int *op, CXCursor *value) {
    CXCursor none = clang_getNullCursor();
    Kids k = kids_of(ifc);
    if (clang_getCursorKind(ifc) != CXCursor_IfStmt || k.n != 2)
        return none;
    CXCursor then = k.items[1];
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
        Kids tk = kids_of(then);
        if (tk.n != 1)
            return none;
        then = tk.items[0];
    }
    if (clang_getCursorKind(then) != CXCursor_BinaryOperator || strcmp(binop_of(L, then), "="))
        return none;
    Kids ak = kids_of(then);
    if (!names_array(L, ak.items[0], name))
        return none;
    const char *self = extent_text(L->fe, strip_parens(ak.items[0]));
    for (int rop = RED_MIN; rop <= RED_MAX; rop++) {
        CXCursor e = extremum_choice(L, k.items[0], ak.items[1], ak.items[0], same_element, self,
                                     (ReduceOp)rop);
        if (!clang_Cursor_isNull(e)) {
            *op = rop;
            *value = e;
            return then;
        }
    }
    return none;
}

/* The operator of update site c (an assignment, or an if_update), as
 * update_form. */
static int site_form(Lift *L, CXCursor c, const char *name, CXCursor *value, bool *negate,
                     UserOp **uo) {
    int op;
    *negate = false;
    *uo = NULL;
    if (!clang_Cursor_isNull(if_update(L, c, name, &op, value)))
        return op;
    Kids k = kids_of(c);
    return update_form(L, k.items[0], binop_of(L, c), k.items[1], value, negate, uo);
}

/* ---- finding the updates before lifting the body ---- */
typedef struct SiteSearch {
    Lift *L;
    const char *name;
    PtrVec *sites;
    int loops;        /* loops around the cursor inside the histogram's loop */
    CXCursor in_loop; /* the first update inside an inner loop, if any */
    CXCursor loop;    /* the outermost inner loop around the cursor */
    /* the one inner loop, directly in the body, around every update;
     * null when the updates are not all in one such loop */
    CXCursor inner;
    int outside; /* updates outside inner loops */
} SiteSearch;

static bool names_array(Lift *L, CXCursor lhs, const char *name) {
    CXCursor l = strip_parens(lhs);
    if (clang_getCursorKind(l) != CXCursor_ArraySubscriptExpr)
        return false;
    CXCursor base = strip_parens(kids_of(l).items[0]);
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
           !strcmp(cursor_spelling(L, base), name);
}

static enum CXChildVisitResult find_sites(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    SiteSearch *ss = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt) {
        CXCursor saved = ss->loop;
        if (!ss->loops)
            ss->loop = kind == CXCursor_ForStmt ? c : clang_getNullCursor();
        ss->loops++;
        clang_visitChildren(c, find_sites, ss);
        ss->loops--;
        ss->loop = saved;
        return CXChildVisit_Continue;
    }
    int if_op;
    CXCursor if_value;
    bool if_form = kind == CXCursor_IfStmt &&
                   !clang_Cursor_isNull(if_update(ss->L, c, ss->name, &if_op, &if_value));
    if (if_form || (kind == CXCursor_BinaryOperator && !strcmp(binop_of(ss->L, c), "=")) ||
        kind == CXCursor_CompoundAssignOperator) {
        Kids k = kids_of(c);
        if (if_form || (k.n == 2 && names_array(ss->L, k.items[0], ss->name))) {
            CXCursor *at = arena_alloc(ss->L->a, sizeof(CXCursor));
            *at = c;
            vec_push(ss->L->a, ss->sites, at);
            if (ss->loops && clang_Cursor_isNull(ss->in_loop)) {
                ss->in_loop = c;
                ss->inner = ss->loops == 1 ? ss->loop : clang_getNullCursor();
            } else if (ss->loops && (ss->loops != 1 || clang_Cursor_isNull(ss->inner) ||
                                     !clang_equalCursors(ss->inner, ss->loop))) {
                ss->inner = clang_getNullCursor();
            }
            ss->outside += !ss->loops;
            if (if_form) /* its assignment is the site's */
                return CXChildVisit_Continue;
        }
    }
    return CXChildVisit_Recurse;
}

/* The operator all updates of `name` in the body agree on (the pragma's
 * when given; a declared one in *uo), or -1 after a diagnostic; the
 * updates into *sites. */
static int sites_operator(Lift *L, Canon *cn, Pragma *pg, const char *name, PtrVec *sites,
                          CXCursor *in_loop, CXCursor *inner, UserOp **uo) {
    SiteSearch ss = {
        L, name, sites, 0, clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor(), 0};
    if (find_sites(cn->body, cn->body, &ss) == CXChildVisit_Recurse) /* a body without braces */
        clang_visitChildren(cn->body, find_sites, &ss);
    *in_loop = ss.in_loop;
    *inner = ss.outside ? clang_getNullCursor() : ss.inner;
    int op = pg->op_given ? (int)pg->op : -1;
    *uo = pg->op_name ? pragma_user_op(L, pg) : NULL;
    for (int i = 0; i < sites->len; i++) {
        CXCursor c = *(CXCursor *)sites->items[i], value;
        bool negate;
        UserOp *u;
        int form = site_form(L, c, name, &value, &negate, &u);
        bool same_op = form != RED_USER || !*uo || !strcmp((*uo)->combine, u->combine);
        if (form >= 0 && (op < 0 || form == op) && same_op) {
            op = form;
            *uo = *uo ? *uo : u;
            continue;
        }
        const char *opname = op < 0 ? "" : op == RED_USER ? (*uo)->name : reduce_op_name(op);
        lift_fail(L, c,
                  op == RED_USER
                      ? arena_printf(L->a, "update the bin as h[k] = %s(h[k], v)", (*uo)->combine)
                  : op == RED_MUL ? "update the bin as h[k] *= v (or h[k] = h[k] * v)"
                  : op == RED_MIN ? "update the bin as h[k] = fmin(h[k], v)"
                  : op == RED_MAX ? "update the bin as h[k] = fmax(h[k], v)"
                  : op == RED_ADD ? "update the bin as h[k] += v (or h[k] = h[k] + v)"
                                  : "update the bin as h[k] += v, h[k] *= v, h[k] = fmin(h[k], v) "
                                    "or h[k] = fmax(h[k], v)",
                  "%s",
                  arena_printf(L->a, "unsupported update of the %shistogram '%s'",
                               op < 0 ? "" : arena_printf(L->a, "%s ", opname), name));
        return -1;
    }
    if (*uo) /* the output defines its helpers */
        (*uo)->used = true;
    return op < 0 ? RED_ADD : op; /* no update: a + histogram that stays as it was */
}

/* s[0, n) in the arena, blanks around it trimmed */
static char *trimmed(Lift *L, const char *s, size_t n) {
    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    char *t = arena_alloc(L->a, n + 1);
    memcpy(t, s, n);
    return t;
}

/* A section's length as the clause writes it: a constant, or a parameter
 * of the function that still holds the value it was called with */
static Operand section_length(Lift *L, const char *len) {
    char *end;
    long v = strtol(len, &end, 10);
    if (end != len && !*end)
        return v > 0 ? opd_int(v) : (Operand){0};
    for (int i = 0; i < L->f->params.len; i++) {
        Param *p = L->f->params.items[i];
        if (!p->var || p->var->ty.kind != TY_INT || strcmp(p->name, len) != 0)
            continue;
        for (int b = L->nenv - 1; b >= 0; b--)
            if (!strcmp(L->env[b].name, len))
                return opd_equal(L->env[b].val, opd_var(p->var)) ? opd_var(p->var) : (Operand){0};
    }
    return (Operand){0};
}

/* Where the array's length is known (a local array, a temporary, a
 * parameter declared T h[n]): its bin count; else an OPD_NONE operand. */
static Operand bin_count(Buffer *buf, int nidx) {
    if (nidx == 1 && buf->dims)
        return buf->dims[0];
    if (nidx == 1 && buf->extent)
        return *buf->extent;
    return (Operand){0};
}

/* An OpenMP reduction clause's array section of name among the pragmas
 * right above loop c, reduction(OP : name[:len]) or name[0:len]: len, an
 * integer constant or a parameter holding its value from the call, or
 * none */
static Operand omp_section_length(Lift *L, CXCursor c, const char *name) {
    const char *t = pragmas_before(L, c);
    size_t nlen = strlen(name);
    for (const char *r = strstr(t, "reduction"); r; r = strstr(r + 1, "reduction")) {
        const char *p = strchr(r, ':'), *close = strchr(r, ')');
        while (p && close && p < close) { /* the items after the operator's colon */
            p++;
            while (isspace((unsigned char)*p) || *p == '\\')
                p++;
            bool mine =
                !strncmp(p, name, nlen) && !isalnum((unsigned char)p[nlen]) && p[nlen] != '_';
            const char *b = mine ? p + nlen : NULL;
            while (b && isspace((unsigned char)*b))
                b++;
            if (b && *b == '[') {
                const char *lo = b + 1, *colon = strchr(lo, ':'), *rb = strchr(lo, ']');
                if (colon && rb && colon < rb) {
                    char *first = trimmed(L, lo, (size_t)(colon - lo));
                    char *len = trimmed(L, colon + 1, (size_t)(rb - colon - 1));
                    if (!*first || !strcmp(first, "0"))
                        return section_length(L, len);
                }
            }
            p = strchr(p, ',');
        }
    }
    return (Operand){0};
}

/* The bins of histogram array buf (one subscript) of loop c: its declared
 * length, else the array section of an OpenMP reduction clause on the loop
 * (a pointer h with reduction(min : h[:nb])) */
static Operand hist_bins(Lift *L, CXCursor c, Buffer *buf) {
    Operand n = bin_count(buf, 1);
    return n.kind != OPD_NONE || buf->kind != BUF_PARAM ? n : omp_section_length(L, c, buf->name);
}

/* The forward sweep checks each bin where the length is known: a key out
 * of range stops the gradient with a message instead of corrupting memory.
 * It runs once, where the update runs (a kept call). */
void hist_bin_check(Lift *L, CXCursor c, Buffer *buf, const char *name, const Operand *idx, int n) {
    Operand len = bin_count(buf, n);
    if (len.kind == OPD_NONE)
        return;
    Builder bd = lift_builder(L, c);
    Operand vals[2] = {b_cast(&bd, type_long(), idx[0]), b_cast(&bd, type_long(), len)};
    runtime_check(L, c, "pg_bin_check", vals, 2, arena_printf(L->a, "histogram '%s'", name));
}

/* The entry of update `site` in this iteration, in the loop's order:
 * (index - lo) * sites + site, or with an inner loop ((index - lo) *
 * trips + (j - its lo)) * sites + site (j: the inner counter's operand). */
static Operand entry_of(Builder *bd, HistLoop *hl, int site, Operand j) {
    Operand k = b_sub(bd, b_cast(bd, type_long(), opd_var(hl->loop->index)),
                      b_cast(bd, type_long(), hl->loop->lo));
    if (hl->inner) {
        Operand dj = b_sub(bd, b_cast(bd, type_long(), j), hl->in.lo);
        k = b_add(bd, b_mul(bd, k, hl->in.hi), dj);
    }
    return b_add(bd, b_mul(bd, k, opd_int(hl->sites.len)), opd_int(site));
}

/* The inner loop's counter where an update runs. */
static Operand inner_counter(Lift *L, HistLoop *hl) {
    if (!hl->inner)
        return opd_none();
    for (int b = L->nenv - 1; b >= 0; b--)
        if (clang_equalCursors(L->env[b].decl, hl->in.index_decl))
            return L->env[b].val;
    return opd_none();
}

/* Cursors reached by different walks of the tree may differ in the
 * declaration they hang from: an update is known by its place. */
static bool same_site(CXCursor a, CXCursor b) {
    CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);
    return clang_getCursorKind(a) == clang_getCursorKind(b) &&
           clang_equalLocations(clang_getRangeStart(ra), clang_getRangeStart(rb)) &&
           clang_equalLocations(clang_getRangeEnd(ra), clang_getRangeEnd(rb));
}

/* Which of the loop's updates c is; -1 (reported) for one in a function
 * the loop calls. */
static int site_of(Lift *L, CXCursor c, HistLoop *hl) {
    for (int i = 0; i < hl->sites.len; i++)
        if (same_site(*(CXCursor *)hl->sites.items[i], c))
            return i;
    lift_fail(L, c, "update the histogram in the loop's own body, not in a function it calls",
              "update of the histogram '%s' outside its loop's body", buffer_shown(L->a, hl->h));
    return -1;
}

/* h[k] OP= v of a * / min / max histogram: the entry's key and value. */
static void record_update(Lift *L, CXCursor c, HistLoop *hl, const Operand *idx, Operand v) {
    int site = site_of(L, c, hl);
    if (site < 0)
        return;
    Builder bd = lift_builder(L, c);
    Operand j = inner_counter(L, hl);
    if (hl->inner && j.kind == OPD_NONE) {
        lift_fail(L, c, "update the bins in the inner loop's body", "%s",
                  arena_printf(L->a, "the update of '%s' is not inside its inner loop",
                               buffer_shown(L->a, hl->h)));
        return;
    }
    Operand e = entry_of(&bd, hl, site, j);
    body_append(L->a, L->cur,
                element_write(L, loc_of(L, c), hl->keys, e, b_cast(&bd, type_long(), idx[0])));
    body_append(L->a, L->cur, element_write(L, loc_of(L, c), hl->values, e, v));
}

static void add_update(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, int form,
                       CXCursor value, const Operand *constant, bool negate);

void hist_update(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, const char *op,
                 CXCursor lhs, CXCursor rhs) {
    CXCursor value;
    bool negate;
    UserOp *u;
    int form = update_form(L, lhs, op, rhs, &value, &negate, &u);
    add_update(L, c, buf, idx, n, form, value, NULL, negate);
}

/* h[k]++, ++h[k], h[k]-- of a histogram being lifted: h[k] += 1 (or -= 1) */
void hist_increment(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, bool down) {
    Operand one = opd_int(1);
    add_update(L, c, buf, idx, n, RED_ADD, clang_getNullCursor(), &one, down);
}

/* `if (v < h[k]) h[k] = v;` of a histogram being lifted: its update (the
 * if is the update site). False for other ifs. */
bool lift_hist_if(Lift *L, CXCursor c) {
    for (int i = 0; i < L->hist_targets.len; i++) {
        Buffer *buf = L->hist_targets.items[i];
        int op = -1; /* set where assign is found */
        CXCursor value;
        CXCursor assign = if_update(L, c, buf->name, &op, &value);
        if (clang_Cursor_isNull(assign))
            continue;
        Operand idx[4];
        int n = 0;
        Buffer *at = lift_subscripts(L, strip_parens(kids_of(assign).items[0]), idx, &n);
        if (at == buf)
            add_update(L, c, buf, idx, n, op, value, NULL, false);
        else if (at)
            continue;
        return true;
    }
    return false;
}

static void add_update(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, int form,
                       CXCursor value, const Operand *constant, bool negate) {
    HistLoop *hl = L->hist && L->hist->h == buf ? L->hist : NULL;
    if (form != (hl ? (int)hl->op : RED_ADD)) { /* checked before: a helper's update */
        lift_fail(L, c, "update the histogram in the loop's own body, as h[k] OP= v",
                  "unsupported update of the histogram '%s'", buf->name);
        return;
    }
    hist_bin_check(L, c, buf, buf->name, idx, n);
    Operand v = constant ? *constant : lift_expr(L, value);
    Builder bd = lift_builder(L, c);
    v = b_cast(&bd, buf->elem, v);
    if (negate)
        v = b_neg(&bd, v);
    if (hl && !hl->direct) {
        record_update(L, c, hl, idx, v);
        return;
    }
    if (hl && site_of(L, c, hl) < 0)
        return;
    Stmt *s = stmt_new(L->a, S_ACC, loc_of(L, c));
    s->buf = buf;
    s->nidx = n;
    memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
    s->nargs = 1;
    s->args[0] = v;
    s->acc = ACC_ATOMIC; /* iterations may send values to one bin */
    s->acc_op = hl ? hl->op : RED_ADD;
    body_append(L->a, L->cur, s);
}

/* Every iteration first marks its entries as not updated (key -1): an
 * update under an if, or after a continue, may not run. With an inner
 * loop, a map before marks them all (its trips may end early). */
static void mark_entries_unused(Lift *L, HistLoop *hl, Operand n) {
    if (hl->inner) {
        Stmt *m = stmt_new(L->a, S_MAP, hl->loop->loc);
        m->index = var_new(L->a, L->f, "e", type_long());
        m->lo = opd_int(0);
        m->hi = n;
        m->note = arena_printf(L->a, "no update of %s has run yet", buffer_shown(L->a, hl->h));
        m->body = body_new(L->a);
        body_append(L->a, m->body,
                    element_write(L, hl->loop->loc, hl->keys, opd_var(m->index), opd_int(-1)));
        body_append(L->a, L->cur, m);
        return;
    }
    Body *head = body_new(L->a);
    Builder bd = {L->a, L->f, head, hl->loop->loc};
    for (int u = 0; u < hl->sites.len; u++)
        body_append(L->a, head,
                    element_write(L, hl->loop->loc, hl->keys, entry_of(&bd, hl, u, opd_none()),
                                  opd_int(-1)));
    for (int i = 0; i < hl->loop->body->stmts.len; i++)
        body_append(L->a, head, hl->loop->body->stmts.items[i]);
    hl->loop->body = head;
}

/* histogram(* | min | max: h): the map of entries, then the S_HIST. */
static void lift_entries_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, HistLoop *hl,
                                   Operand bins) {
    Builder bd = lift_builder(L, c);
    Operand lo = b_cast(&bd, type_long(), cn->lo), hi = b_cast(&bd, type_long(), cn->hi);
    Operand trips = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    Operand n = b_mul(&bd, trips, opd_int(hl->sites.len));
    if (hl->inner)
        n = b_mul(&bd, n, b_cast(&bd, type_long(), hl->in.hi));
    const char *id = ident_of(L->a, hl->h->name);
    hl->keys = heap_array(L, loc_of(L, c), arena_printf(L->a, "%s_keys", id), type_long(), n);
    hl->values = heap_array(L, loc_of(L, c), arena_printf(L->a, "%s_values", id), hl->h->elem, n);
    /* every iteration writes its keys (-1 where an update does not run);
     * a value is read only where its key was written */
    hl->keys->filled_first = hl->values->filled_first = true;
    hl->loop = loop_stmt(L, c, S_MAP, cn, pg);
    hl->loop->text = "map";
    hl->loop->note = arena_printf(L->a, "each iteration's updates of %s: the bin and the value",
                                  buffer_shown(L->a, hl->h));
    hl->outer = L->hist;
    L->hist = hl;
    lift_parallel_body(L, hl->loop, cn, BARRIER_MAP);
    L->hist = hl->outer;
    if (L->failed)
        return;
    mark_entries_unused(L, hl, n);
    body_append(L->a, L->cur, hl->loop);
    Stmt *s = stmt_new(L->a, S_HIST, loc_of(L, c));
    s->buf = hl->h;
    s->scan_op = hl->op;
    s->uop = hl->uop;
    s->scan_in[0] = hl->values;
    s->scan_in[1] = hl->keys;
    s->hi = n;
    s->nargs = 1;
    s->args[0] = b_cast(&bd, type_long(), bins);
    s->note = arena_printf(L->a,
                           "the histogram: the updates combined into %s in the loop's order, "
                           "with per-thread copies of the bins or atomics",
                           buffer_shown(L->a, hl->h));
    body_append(L->a, L->cur, s);
}

/* Whether the map's iterations write nothing but the bins of h (and
 * arrays of their own): the reverse rule of min and max runs them again
 * for the entries it needs, as often as it needs. */
static bool writes_only_bins(Arena *a, Body *b, Buffer *h, PtrVec *own) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_DECL || s->kind == S_ALLOC) && s->buf)
            vec_push(a, own, s->buf);
        bool writes =
            s->kind == S_WRITE || s->kind == S_ACC || s->kind == S_SCAN || s->kind == S_HIST;
        if (writes && s->buf != h && !vec_contains(own, s->buf))
            return false;
        if (s->kind == S_SCAN || s->kind == S_HIST ||
            (s->kind == S_ACC && s->buf == h && s->acc_op == RED_ADD))
            return false;
        if (!writes_only_bins(a, s->then_body, h, own) ||
            !writes_only_bins(a, s->else_body, h, own) || !writes_only_bins(a, s->body, h, own))
            return false;
    }
    return true;
}

/* histogram(* | min | max: h) whose iterations write nothing else: the
 * map updates the bins itself (per-thread copies of them, or atomics), and
 * its rule recomputes the iterations; false, with nothing lifted, where
 * it writes other arrays (the map of entries then). */
static bool lift_recomputed_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, HistLoop *hl,
                                      Operand bins) {
    if (hl->op != RED_MIN && hl->op != RED_MAX && hl->op != RED_MUL)
        return false;
    LiftMark mark = lift_mark(L);
    Stmt *s = loop_stmt(L, c, S_MAP, cn, pg);
    s->note = arena_printf(L->a, "each iteration updates bins of the %s histogram %s",
                           reduce_op_name(hl->op), buffer_shown(L->a, hl->h));
    s->hist_bins = hl->h;
    Builder bd = lift_builder(L, c);
    s->hist_nbins = b_cast(&bd, type_long(), bins);
    if (hl->inner && hl->op != RED_MUL) /* min, max: each inner trip's updates are entries */
        s->hist_row_trips = hl->in.hi;  /* rows_loop made it the trips */
    hl->direct = true;
    hl->outer = L->hist;
    L->hist = hl;
    lift_parallel_body(L, s, cn, BARRIER_MAP);
    L->hist = hl->outer;
    PtrVec own = {0};
    bool ok = L->failed || writes_only_bins(L->a, s->body, hl->h, &own);
    if (ok && !L->failed)
        body_append(L->a, L->cur, s);
    else if (!ok)
        lift_undo(L, &mark);
    lift_mark_free(&mark);
    hl->direct = false;
    return ok;
}

/* The array a histogram pragma names, or NULL after a diagnostic. */
static Buffer *hist_array(Lift *L, Pragma *pg, int i, bool *is_view) {
    const char *name = pg->vars.items[i];
    SrcLoc at = *(SrcLoc *)pg->var_locs.items[i];
    Buffer *field = named_pointer_field(L, name); /* histogram(+: st->u) */
    if (field) {
        *is_view = false;
        return field;
    }
    int found = env_named(L, name);
    Buffer *buf = found >= 0 ? L->env[found].buf : NULL;
    if (!buf || !(L->env[found].is_array || L->env[found].is_view) || buf->fields) {
        lift_fail_at(L, at, "name an array of numbers declared before the loop",
                     "histogram array '%s' is not an array of numbers declared "
                     "before the loop",
                     name);
        return NULL;
    }
    *is_view = L->env[found].is_view;
    return buf;
}

/* A + histogram into one array of known length: the output may give each
 * thread a copy of the bins (emit_c.c). */
static void add_bins_known(Lift *L, CXCursor c, Pragma *pg, Stmt *s) {
    bool is_view = false;
    Buffer *buf = pg->vars.len == 1 ? hist_array(L, pg, 0, &is_view) : NULL;
    Operand bins = buf && !is_view && buf->rank == 1 ? hist_bins(L, c, buf) : (Operand){0};
    if (bins.kind == OPD_NONE)
        return;
    s->hist_bins = buf;
    s->hist_nbins = bins;
}

/* Whether an operand of the inner loop's bounds names a variable declared
 * in the outer loop's body (or its counter): then they vary. */
typedef struct RowBounds {
    Lift *L;
    CXCursor counter;
    bool varies;
} RowBounds;
static enum CXChildVisitResult find_varying(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    RowBounds *bs = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        if (clang_equalCursors(d, bs->counter))
            return CXChildVisit_Recurse;
        if (clang_getCursorKind(d) == CXCursor_VarDecl && !is_file_scope_var(d) &&
            env_lookup(bs->L, c) < 0) {
            bs->varies = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

/* The updates all in one inner for loop directly in the body, running up
 * by one over bounds the outer iterations share (a reduce of rows, the
 * paper's vectorised operator): its canonical form, the bounds lifted
 * before the histogram. */
static bool rows_loop(Lift *L, CXCursor inner, Canon *in) {
    CXCursor parts[4];
    if (clang_Cursor_isNull(inner) || !for_parts(L, inner, parts))
        return false;
    /* the inner counter, when the loop declares it: not a varying name */
    CXCursor counter = clang_getNullCursor();
    if (!clang_Cursor_isNull(parts[0]) && clang_getCursorKind(parts[0]) == CXCursor_DeclStmt)
        counter = kids_of(parts[0]).items[0];
    RowBounds bs = {L, counter, false};
    for (int k = 0; k < 3 && !bs.varies; k++) /* init, condition, step */
        if (!clang_Cursor_isNull(parts[k]))
            clang_visitChildren(parts[k], find_varying, &bs);
    if (bs.varies || !canonical_or_rolled_back(L, inner, in))
        return false;
    if (in->down || in->step.kind != OPD_NONE) {
        in->hi = opd_none();
        return false;
    }
    /* trips: hi is the bound; keep it as the count */
    Builder bd = lift_builder(L, inner);
    Operand lo = b_cast(&bd, type_long(), in->lo), hi = b_cast(&bd, type_long(), in->hi);
    in->hi = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    in->lo = lo;
    return true;
}

/* A histogram of a declared operator: commutative (as every histogram's
 * operator), of the bins' type; with an inverse it takes the invertible
 * rule, otherwise the general one. */
static bool declared_histogram(Lift *L, Pragma *pg, Buffer *buf, UserOp *u) {
    SrcLoc at = pg->op_loc.line ? pg->op_loc : pg->loc;
    const char *why = !u->commutative ? "is not declared commutative, as histograms need"
                      : buf->elem.kind != u->ty.kind ? "combines values of another type"
                                                     : NULL;
    if (why)
        lift_fail_at(L, at,
                     arena_printf(L->a, "declare it as op(%s, %s, %s, IDENTITY) commutative",
                                  u->name, type_cname(buf->elem), u->combine),
                     "%s", arena_printf(L->a, "the operator '%s' %s", u->name, why));
    return !why;
}

bool lift_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, const char **fallback) {
    if (pg->op_given && pg->op == RED_AFFINE) {
        lift_fail_at(L, pg->loc,
                     "use +, *, min or max: a histogram's bins take their updates "
                     "in any order",
                     "'#pragma pargrad %s': affine is not an operator of histograms", pg->text);
        return true;
    }
    int mark = L->hist_targets.len;
    HistLoop *hl = NULL;
    Operand bins = {0};
    for (int i = 0; i < pg->vars.len; i++) {
        bool is_view = false;
        Buffer *buf = hist_array(L, pg, i, &is_view);
        CXCursor in_loop, inner;
        PtrVec sites = {0};
        UserOp *u = NULL;
        int op = buf ? sites_operator(L, cn, pg, buf->name, &sites, &in_loop, &inner, &u) : -1;
        if (op == RED_USER && !declared_histogram(L, pg, buf, u))
            op = -1;
        if (op < 0) {
            L->hist_targets.len = mark;
            return true;
        }
        vec_push(L->a, &L->hist_targets, buf);
        if (op == RED_ADD)
            continue;
        const char *opname = op == RED_USER ? u->name : reduce_op_name((ReduceOp)op);
        bins = is_view ? (Operand){0} : buf->rank == 1 ? hist_bins(L, c, buf) : (Operand){0};
        Canon in = {0};
        if (!clang_Cursor_isNull(in_loop) && rows_loop(L, inner, &in))
            in_loop = clang_getNullCursor(); /* a reduce of rows: entries per inner trip */
        const char *why =
            pg->vars.len > 1        ? "a %s histogram combines into one array per loop"
            : buf->rank != 1        ? "the %s histogram '%s' has bins in more than one "
                                      "dimension"
            : bins.kind == OPD_NONE ? "the number of bins of the %s histogram '%s' is not known"
            : !clang_Cursor_isNull(in_loop) ? "the %s histogram '%s' is updated in an inner loop"
                                            : NULL;
        if (why) {
            *fallback = arena_printf(L->a, why, opname, (const char *)pg->vars.items[i]);
            L->hist_targets.len = mark;
            return false;
        }
        hl = arena_alloc(L->a, sizeof(HistLoop));
        hl->h = buf;
        hl->op = (ReduceOp)op;
        hl->uop = u;
        hl->inner = in.hi.kind != OPD_NONE;
        hl->in = in;
        hl->sites = sites;
    }
    if (hl && hl->sites.len) {
        if (!lift_recomputed_histogram(L, c, cn, pg, hl, bins))
            lift_entries_histogram(L, c, cn, pg, hl, bins);
    } else {
        Stmt *s = loop_stmt(L, c, S_MAP, cn, pg);
        s->note = "each iteration adds into bins of the histogram";
        add_bins_known(L, c, pg, s);
        lift_parallel_body(L, s, cn, BARRIER_MAP);
        body_append(L->a, L->cur, s);
    }
    L->hist_targets.len = mark;
    return true;
}
