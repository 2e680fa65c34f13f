/* Lifting `#pragma pargrad histogram(+: h)` loops (reduce-by-index).
 *
 * The loop is a map whose iterations add values into bins of h, h[k] += v,
 * at indices k computed from the data; they may read anything but h. Each
 * update becomes an S_ACC of the primal (atomic in the output where
 * iterations may hit the same bin); the reverse rule is in rev_hist.c.
 * Operators other than + come later. */
#include "lift.h"

bool is_hist_target(Lift *L, Buffer *buf) {
    return vec_contains(&L->hist_targets, buf);
}

/* rhs is h[k] + v or v + h[k] with h[k] written as lhs is: *v the other
 * side. */
static bool adds_to_itself(Lift *L, CXCursor lhs, CXCursor rhs, CXCursor *v) {
    CXCursor r = strip_implicit(rhs);
    if (clang_getCursorKind(r) != CXCursor_BinaryOperator || strcmp(binop_of(L, r), "+"))
        return false;
    Kids k = kids_of(r);
    const char *target = extent_text(L->fe, lhs);
    for (int q = 0; q < 2; q++)
        if (!strcmp(extent_text(L->fe, strip_implicit(k.items[q])), target)) {
            *v = k.items[1 - q];
            return true;
        }
    return false;
}

/* Where the array's length is known (a local array, a temporary, a
 * parameter declared T h[n]), the forward sweep checks each bin: a key out
 * of range stops the gradient with a message instead of corrupting memory.
 * It runs once, where the update runs (a kept call). */
static void bin_check(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n) {
    Operand len;
    if (n == 1 && buf->dims)
        len = buf->dims[0];
    else if (n == 1 && buf->extent)
        len = *buf->extent;
    else
        return;
    Builder bd = lift_builder(L, c);
    Stmt *s = stmt_new(L->a, S_EFFECT, loc_of(L, c));
    s->text = "pg_bin_check";
    s->effect_id = L->f->next_effect_id++;
    SrcLoc at = loc_of(L, c);
    const char *file = strrchr(at.file, '/') ? strrchr(at.file, '/') + 1 : at.file;
    EffectArg *args = arena_alloc(L->a, 3 * sizeof(EffectArg));
    args[0].val = b_cast(&bd, type_long(), idx[0]);
    args[1].val = b_cast(&bd, type_long(), len);
    args[2].text = arena_printf(L->a, "\"histogram '%s' at %s:%d\"", buf->name, file, at.line);
    for (int i = 0; i < 3; i++)
        vec_push(L->a, &s->effect_args, &args[i]);
    body_append(L->a, L->cur, s);
}

void hist_update(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, const char *op,
                 CXCursor lhs, CXCursor rhs) {
    CXCursor value = rhs;
    bool minus = !strcmp(op, "-=");
    if (strcmp(op, "+=") && !minus && !(!strcmp(op, "=") && adds_to_itself(L, lhs, rhs, &value))) {
        lift_fail(L, c, "update the bin as h[k] += v (or h[k] = h[k] + v)",
                  "unsupported update of the histogram '%s'", buf->name);
        return;
    }
    bin_check(L, c, buf, idx, n);
    Operand v = lift_expr(L, value);
    Builder bd = lift_builder(L, c);
    v = b_cast(&bd, buf->elem, v);
    if (minus)
        v = b_neg(&bd, v);
    Stmt *s = stmt_new(L->a, S_ACC, loc_of(L, c));
    s->buf = buf;
    s->nidx = n;
    memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
    s->nargs = 1;
    s->args[0] = v;
    s->acc = ACC_ATOMIC; /* iterations may send values to one bin */
    body_append(L->a, L->cur, s);
}

void lift_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg) {
    if (pg->op_given && pg->op != RED_ADD) {
        lift_fail_at(L, pg->loc, "use histogram(+: h); *, min and max come later",
                     "'#pragma pargrad %s': only + histograms are supported yet", pg->text);
        return;
    }
    int mark = L->hist_targets.len;
    for (int i = 0; i < pg->vars.len; i++) {
        const char *name = pg->vars.items[i];
        SrcLoc at = *(SrcLoc *)pg->var_locs.items[i];
        int found = -1;
        for (int b = L->nenv - 1; b >= 0 && found < 0; b--)
            if (strcmp(L->env[b].name, name) == 0)
                found = b;
        Buffer *buf = found >= 0 ? L->env[found].buf : NULL;
        if (!buf || !(L->env[found].is_array || L->env[found].is_view) || buf->fields ||
            !type_is_float(buf->elem)) {
            lift_fail_at(L, at, "name an array of double or float declared before the loop",
                         "histogram array '%s' is not an array of floating values declared "
                         "before the loop",
                         name);
            L->hist_targets.len = mark;
            return;
        }
        vec_push(L->a, &L->hist_targets, buf);
    }
    Stmt *s = loop_stmt(L, c, S_MAP, cn, pg);
    s->note = "each iteration adds into bins of the histogram";
    lift_parallel_body(L, s, cn, BARRIER_MAP);
    L->hist_targets.len = mark;
    body_append(L->a, L->cur, s);
}
