/* Lifting statements: blocks, if/else (merged with phis), returns (split
 * into if/else, or guarded by a `returned` flag) and the statement switch. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"
#include <ctype.h>

/* ---- statements ---- */
/* What fn lifts, in a scope of its own, into `into` (fn NULL: nothing). */
static void lift_branch_into(Lift *L, Body *into, LiftFn fn, void *ctx) {
    Body *saved = L->cur;
    int mark = L->nenv;
    L->cur = into;
    if (fn)
        fn(L, ctx);
    L->nenv = mark;
    L->cur = saved;
}

static void lift_cursor(Lift *L, void *ctx) {
    lift_stmt(L, *(CXCursor *)ctx);
}

static void lift_body_into(Lift *L, Body *into, CXCursor stmt) {
    lift_branch_into(L, into, lift_cursor, &stmt);
}

/* The branch of an if on a constant that never runs: lifted into a
 * scratch body only for its diagnostics (a pragma there must still keep
 * its promise), then dropped. */
static void lift_dead_branch(Lift *L, CXCursor branch) {
    LiftMark m = lift_mark(L);
    bool seen_return = L->seen_return;
    Operand ret_val = L->ret_val;
    Body *dead = body_new(L->a);
    lift_body_into(L, dead, branch);
    L->seen_return = seen_return;
    L->ret_val = ret_val;
    if (!L->failed && lift_check_promises(L, dead))
        lift_undo(L, &m);
    lift_mark_free(&m);
}

/* The min or max accumulator an assignment `s = e` sets, or -1 */
static int acc_assigned(Lift *L, CXCursor st) {
    if (clang_getCursorKind(st) != CXCursor_BinaryOperator || strcmp(binop_of(L, st), "="))
        return -1;
    CXCursor lhs = strip_implicit(kids_of(st).items[0]);
    int b = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ? env_lookup(L, lhs) : -1;
    return b >= 0 && L->env[b].role == ROLE_ACC &&
                   (L->env[b].acc_op == RED_MIN || L->env[b].acc_op == RED_MAX)
               ? b
               : -1;
}

/* `if (d < best) { best = d; bi = q; }` in reduce(min : best): the
 * extremum's index (an argmin) is not followed; said plainly, not as a
 * read of best */
static void argext_if(Lift *L, Kids *tk) {
    for (int i = 0; i < tk->n && !L->failed; i++) {
        int b = acc_assigned(L, tk->items[i]);
        if (b < 0)
            continue;
        CXCursor other = tk->items[i ? 0 : 1];
        const char *name = L->env[b].name;
        bool min = L->env[b].acc_op == RED_MIN;
        lift_fail(L, other,
                  arena_printf(L->a,
                               "keep only the update in the if (`if (e %s %s) %s = e;`) and find "
                               "the index in a loop after it, or remove `reduce(%s : %s)`: the "
                               "loop is then differentiated as a sequential loop",
                               min ? "<" : ">", name, name, min ? "min" : "max", name),
                  arena_printf(L->a,
                               "the if that updates the %s reduce variable '%s' also runs "
                               "'%%s': pargrad follows only the update there (the index of the "
                               "%s is not followed)",
                               min ? "min" : "max", name, min ? "minimum" : "maximum"),
                  extent_text(L->fe, other));
    }
}

/* `if (e < s) s = e;` on a min (or max) accumulator s: s = fmin(s, e). */
static bool lift_acc_if(Lift *L, CXCursor c, Kids *k) {
    if (k->n != 2)
        return false;
    CXCursor then = k->items[1];
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
        Kids tk = kids_of(then);
        if (tk.n != 1) {
            argext_if(L, &tk);
            return false;
        }
        then = tk.items[0];
    }
    if (clang_getCursorKind(then) != CXCursor_BinaryOperator || strcmp(binop_of(L, then), "="))
        return false;
    Kids ak = kids_of(then);
    CXCursor lhs = strip_implicit(ak.items[0]);
    int b = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ? env_lookup(L, lhs)
                                                             : row_element_of(L, lhs);
    if (b < 0 || (L->env[b].role != ROLE_ACC && L->env[b].role != ROLE_SCAN))
        return false;
    CXCursor cond = strip_implicit(k->items[0]);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return false;
    const char *op = binop_of(L, cond);
    Kids ck = kids_of(cond);
    const char *e_text = extent_text(L->fe, ak.items[1]);
    bool acc_right =
        refers_to(L, ck.items[1], b) && strcmp(extent_text(L->fe, ck.items[0]), e_text) == 0;
    bool acc_left =
        refers_to(L, ck.items[0], b) && strcmp(extent_text(L->fe, ck.items[1]), e_text) == 0;
    bool less = (acc_right && (!strcmp(op, "<") || !strcmp(op, "<="))) ||
                (acc_left && (!strcmp(op, ">") || !strcmp(op, ">=")));
    bool greater = (acc_right && (!strcmp(op, ">") || !strcmp(op, ">="))) ||
                   (acc_left && (!strcmp(op, "<") || !strcmp(op, "<=")));
    ReduceOp rop = L->env[b].acc_op;
    if (!((less && rop == RED_MIN) || (greater && rop == RED_MAX)))
        return false;
    Operand e = lift_expr(L, ak.items[1]);
    Binding *bd = &L->env[b];
    bd->val = combine_acc(L, c, rop, NULL, bd->val, e, bd->ty);
    return true;
}

/* After an if: each of the first n bindings that either branch changed
 * gets a phi of its two values. A guard is the if pargrad puts around the
 * statements a break, continue or return may skip. */
void merge_branches(Lift *L, CXCursor at, bool guard, Stmt *s, int n, const Operand *before,
                    const Operand *then_vals, const Operand *else_vals) {
    for (int i = 0; i < n && !L->failed; i++) {
        Operand tv = then_vals[i], ev = else_vals[i];
        if (opd_equal(tv, before[i]) && opd_equal(ev, before[i]))
            continue;
        Binding *b = &L->env[i];
        if (tv.kind == OPD_NONE || ev.kind == OPD_NONE) {
            /* an error only if something reads it */
            b->val = opd_none();
            b->unset_why =
                guard ? arena_printf(L->a,
                                     "'%%s' is assigned only if the statements from line %d on "
                                     "run (a break, continue or return may skip them), and "
                                     "before them it has no value pargrad keeps",
                                     loc_of(L, at).line)
                      : arena_printf(L->a,
                                     "'%%s' is assigned in only one branch of the if at line "
                                     "%d and has no value before it",
                                     loc_of(L, at).line);
            continue;
        }
        if (opd_equal(tv, ev)) { /* the same value either way */
            b->val = tv;
            continue;
        }
        Phi *p = arena_alloc(L->a, sizeof(Phi));
        p->dst = var_new(L->a, L->f, b->name, b->ty);
        p->then_val = tv;
        p->else_val = ev;
        vec_push(L->a, &s->phis, p);
        b->val = opd_var(p->dst);
    }
}

/* ---- assert ---- */
/* `assert(c)` expands to C library internals (glibc: an if calling
 * __assert_fail inside a statement expression; others a ?: calling
 * __assert). It is kept as assert(c) on the lifted condition, checked
 * where the primal checks it; under NDEBUG it expands to nothing. */
static bool is_assert(Lift *L, CXCursor c) {
    const char *t = extent_text(L->fe, c);
    if (strncmp(t, "assert", 6) != 0)
        return false;
    t += 6;
    while (*t == ' ' || *t == '\t')
        t++;
    return *t == '(';
}

typedef struct AssertScan {
    Lift *L;
    CXCursor cond;
    bool found;
} AssertScan;

static enum CXChildVisitResult find_assert_cond(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    AssertScan *as = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_UnaryExpr) /* sizeof ((expr) ? 1 : 0): not evaluated */
        return CXChildVisit_Continue;
    if (k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) {
        as->cond = kids_of(c).items[0];
        as->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* A macro of the user's around assert (`#define CHECK(c) assert((c) &&
 * "bad input")`): a statement whose text is a call of a name other than
 * assert, that does nothing but test its condition and call the C
 * library's assertion failure. */
typedef struct WrapScan {
    Lift *L;
    CXCursor cond;
    int fails, others; /* calls of the library's failure; other effects */
    CXCursor failure;  /* the failure's call */
} WrapScan;

static bool is_assert_failure(const char *fn) {
    return !strcmp(fn, "__assert_fail") || !strcmp(fn, "__assert") || !strcmp(fn, "__assert_rtn") ||
           !strcmp(fn, "_assert");
}

static enum CXChildVisitResult scan_wrapped(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    WrapScan *ws = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_UnaryExpr || clang_equalCursors(c, ws->cond))
        return CXChildVisit_Continue; /* (sizeof: not evaluated; the condition is lifted) */
    if (k == CXCursor_CallExpr) {
        if (is_assert_failure(cursor_spelling(ws->L, c))) {
            ws->fails++;
            ws->failure = c;
        } else
            ws->others++;
        return CXChildVisit_Continue; /* (its arguments: the condition's text, the place) */
    }
    bool post;
    if ((k == CXCursor_BinaryOperator && strchr(binop_of(ws->L, c), '=') &&
         strcmp(binop_of(ws->L, c), "==") && strcmp(binop_of(ws->L, c), "!=") &&
         strcmp(binop_of(ws->L, c), "<=") && strcmp(binop_of(ws->L, c), ">=")) ||
        k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_UnaryOperator && strstr(unop_of(ws->L, c, &post), "++")) ||
        (k == CXCursor_UnaryOperator && strstr(unop_of(ws->L, c, &post), "--")) ||
        k == CXCursor_DeclStmt || k == CXCursor_ReturnStmt)
        ws->others++;
    return CXChildVisit_Recurse;
}

/* The condition as the macro hands it to assert, C text: the failure
 * call's first argument, the condition made a string ("(n > 0) && \"bad
 * input\""); NULL where it is not a plain string literal. */
static const char *wrapped_condition_text(Lift *L, CXCursor failure) {
    Kids k = kids_of(failure);
    CXCursor lit = k.n > 1 ? strip_casts(k.items[1]) : clang_getNullCursor();
    if (clang_Cursor_isNull(lit) || clang_getCursorKind(lit) != CXCursor_StringLiteral)
        return NULL;
    const char *q = cursor_spelling(L, lit);
    size_t n = strlen(q);
    if (n < 2 || q[0] != '"' || q[n - 1] != '"')
        return NULL;
    char *t = arena_alloc(L->a, n);
    size_t m = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        if (q[i] == '\\' && i + 2 < n && (q[i + 1] == '"' || q[i + 1] == '\\'))
            i++;
        t[m++] = q[i];
    }
    t[m] = '\0';
    return t;
}

static bool is_wrapped_assert(Lift *L, CXCursor c, CXCursor *failure) {
    const char *t = extent_text(L->fe, c);
    if (!(isalpha((unsigned char)*t) || *t == '_'))
        return false;
    while (isalnum((unsigned char)*t) || *t == '_')
        t++;
    while (*t == ' ' || *t == '\t')
        t++;
    if (*t != '(')
        return false;
    AssertScan as = {L, clang_getNullCursor(), false};
    clang_visitChildren(c, find_assert_cond, &as);
    if (!as.found)
        return false;
    WrapScan ws = {L, as.cond, 0, 0, clang_getNullCursor()};
    clang_visitChildren(c, scan_wrapped, &ws);
    *failure = ws.failure;
    return ws.fails == 1 && ws.others == 0;
}

typedef struct ParamScan {
    Lift *L;
    bool only_params;
} ParamScan;

/* Whether a binding is a parameter of the function being lifted (not of
 * a helper), unchanged so far: the gradient has it under the same name. */
static bool unchanged_param(Lift *L, int b) {
    Binding *bd = &L->env[b];
    for (int i = 0; i < L->f->params.len && L->ninlining == 1; i++) {
        Param *p = L->f->params.items[i];
        if ((bd->is_array && p->buf == bd->buf) ||
            (!bd->is_array && p->var && opd_equal(bd->val, opd_var(p->var))))
            return true;
    }
    return false;
}

static enum CXChildVisitResult find_non_param(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ParamScan *ps = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool post;
    if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr ||
        (k == CXCursor_UnaryOperator && strcmp(unop_of(ps->L, c, &post), "*") == 0) ||
        (k == CXCursor_DeclRefExpr &&
         clang_getCursorKind(clang_getCursorReferenced(c)) != CXCursor_EnumConstantDecl &&
         (env_lookup(ps->L, c) < 0 || !unchanged_param(ps->L, env_lookup(ps->L, c))))) {
        ps->only_params = false;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The text between the parentheses of assert(...) (extents inside the
 * expansion are the whole invocation's). */
static const char *assert_argument(Lift *L, CXCursor c) {
    const char *t = strchr(extent_text(L->fe, c), '(');
    const char *end = strrchr(t, ')');
    return arena_printf(L->a, "%.*s", (int)(end - t - 1), t + 1);
}

/* Whether the text of an assert's condition names nothing but the
 * function's unchanged parameters and NULL: a macro it names (MAXN) is
 * not defined in the generated file. */
static bool names_only_params(Lift *L, const char *t) {
    for (const char *p = t; *p;) {
        if (*p == '"' || *p == '\'') { /* a literal: skipped to its end */
            char q = *p++;
            while (*p && *p != q)
                p += p[0] == '\\' && p[1] ? 2 : 1;
            p += *p != '\0';
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *b = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            const char *name = arena_printf(L->a, "%.*s", (int)(p - b), b);
            int bd = env_named(L, name);
            if (strcmp(name, "NULL") != 0 && (bd < 0 || !unchanged_param(L, bd)))
                return false;
        } else {
            p += isdigit((unsigned char)*p) ? strspn(p, "0123456789abcdefABCDEFxXuUlL.") : 1;
        }
    }
    return true;
}

/* The assert statement c, or one a macro of the user's wraps (wrapped):
 * a condition of the parameters alone is kept as the macro hands it to
 * assert; another is lifted. */
static void lift_assert(Lift *L, CXCursor c, bool wrapped, CXCursor failure) {
    AssertScan as = {L, clang_getNullCursor(), false};
    clang_visitChildren(c, find_assert_cond, &as);
    if (!as.found)
        return; /* NDEBUG: ((void)0) */
    EffectArg *ea = arena_alloc(L->a, sizeof(EffectArg));
    /* A check of the parameters alone (n > 0, x != NULL) is kept as
     * written: pointers are no values pargrad computes with. */
    ParamScan ps = {L, true};
    find_non_param(as.cond, clang_getNullCursor(), &ps);
    if (ps.only_params)
        clang_visitChildren(as.cond, find_non_param, &ps);
    /* (a macro's: the condition it hands to assert, with its arguments) */
    const char *text = wrapped ? wrapped_condition_text(L, failure) : assert_argument(L, c);
    if (ps.only_params && text && names_only_params(L, text))
        ea->text = text;
    else {
        Builder bd = lift_builder(L, c);
        ea->val = b_cmp(&bd, OP_NE, lift_truth(L, as.cond), opd_int(0));
    }
    Stmt *s = stmt_new(L->a, S_EFFECT, loc_of(L, c));
    s->text = "assert";
    s->effect_id = L->f->next_effect_id++;
    vec_push(L->a, &s->effect_args, ea);
    if (!ea->text) { /* the condition as written, for the message (see emit_c.c) */
        EffectArg *as_written = arena_alloc(L->a, sizeof(EffectArg));
        as_written->text = wrapped ? extent_text(L->fe, c) : assert_argument(L, c);
        vec_push(L->a, &s->effect_args, as_written);
    }
    body_append(L->a, L->cur, s);
}

/* A branch that ends the program (`{ fprintf(stderr, ...); exit(1); }`):
 * the statements after the if see only the other branch's values. */
static bool ends_program(Lift *L, CXCursor c) {
    c = strip_implicit(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CompoundStmt) {
        Kids kk = kids_of(c);
        return kk.n > 0 && ends_program(L, kk.last);
    }
    if (k != CXCursor_CallExpr)
        return false;
    return effect_ends_program(cursor_spelling(L, c));
}

/* The values at the end of a branch that ends the program, for the merge
 * after the if: where the other branch assigns a variable, its value from
 * before the if (or a zero where it had none), which no path that goes on
 * reads. */
static void stand_in_values(Lift *L, int n, const Operand *before, const Operand *other,
                            Operand *ending) {
    for (int i = 0; i < n; i++) {
        if (opd_equal(other[i], before[i]))
            ending[i] = before[i];
        else if (other[i].kind != OPD_NONE)
            ending[i] = before[i].kind != OPD_NONE ? before[i] : b_fconst(0, L->env[i].ty);
    }
}

static void lift_if(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    if (lift_acc_if(L, c, &k) || lift_hist_if(L, c))
        return;
    Builder bd = lift_builder(L, c);
    Operand cond = b_cmp(&bd, OP_NE, lift_truth(L, k.items[0]), opd_int(0));
    if (cond.kind == OPD_CONST) { /* (`if (!t) return;` after its malloc) one side runs */
        if ((!cond.ival || k.n > 2) && !tests_null_view(L, k.items[0]))
            lift_dead_branch(L, k.items[cond.ival ? 2 : 1]);
        if (cond.ival || k.n > 2)
            lift_body_into(L, L->cur, k.items[cond.ival ? 1 : 2]);
        return;
    }
    Branches br = {lift_cursor, k.n > 2 ? lift_cursor : NULL, &k.items[1], &k.items[2], 0};
    if (ends_program(L, k.items[1]))
        br.ends = 1;
    else if (k.n > 2 && ends_program(L, k.items[2]))
        br.ends = 2;
    lift_if_by(L, c, cond, &br);
}

void lift_if_by(Lift *L, CXCursor c, Operand cond, const Branches *br) {
    Stmt *s = if_stmt(L, c, cond);
    int n = L->nenv;
    Operand *before = env_snapshot(L);
    ViewState *vbefore = views_snapshot(L);
    lift_branch_into(L, s->then_body, br->then_fn, br->then_ctx);
    Operand *after_then = env_snapshot(L);
    ViewState *vthen = views_snapshot(L);
    for (int i = 0; i < n; i++)
        L->env[i].val = before[i];
    views_restore(L, vbefore, n);
    lift_branch_into(L, s->else_body, br->else_fn, br->else_ctx);
    Operand *after_else = env_snapshot(L);
    ViewState *velse = views_snapshot(L);
    /* a branch that ends the program: the path through it goes no further,
     * what the other branch assigns holds after the if */
    const ViewState *views_then = vthen, *views_else = velse;
    if (br->ends == 1)
        stand_in_values(L, n, before, after_else, after_then), views_then = velse;
    else if (br->ends == 2)
        stand_in_values(L, n, before, after_then, after_else), views_else = vthen;
    merge_branches(L, c, false, s, n, before, after_then, after_else);
    views_merge(L, c, n, views_then, views_else);
    body_append(L->a, L->cur, s);
    views_after_if(L, c, s->cond, n, views_then, views_else);
    free(before);
    free(after_then);
    free(after_else);
    free(vbefore);
    free(vthen);
    free(velse);
}

/* Pragma attached to the loop starting at `line`, if any. */
Pragma *loop_pragma(Lift *L, CXCursor c) {
    SrcLoc l = loc_of(L, c);
    PtrVec *ps = &L->fe->pragmas;
    for (int i = 0; i < ps->len; i++) {
        Pragma *p = ps->items[i];
        bool on_loop = p->kind != PG_REVERSE && p->kind != PG_FORWARD && p->kind != PG_DECLARE &&
                       p->kind != PG_DERIVATIVE;
        if (on_loop && l.file == L->fe->path && p->target_line == l.line &&
            p->target_col == l.col) { /* pragmas are read from the input, not headers */
            p->attached = true;
            return p;
        }
    }
    return NULL;
}

static void lift_return(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    L->seen_return = true;
    if (k.n == 0) {
        L->ret_val = opd_none();
        return;
    }
    L->ret_val = lift_expr(L, k.items[0]);
}

/* True for a statement after which control never falls through: a return,
 * a block ending in one, or an if/else both of whose branches end in one. */
static enum CXChildVisitResult find_default(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DefaultStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return k == CXCursor_SwitchStmt ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

static bool has_default(CXCursor switch_body) {
    bool found = false;
    clang_visitChildren(switch_body, find_default, &found);
    return found;
}

static bool always_returns(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ReturnStmt)
        return true;
    if (k == CXCursor_CompoundStmt) {
        Kids kk = kids_of(c);
        return kk.n > 0 && always_returns(kk.last);
    }
    if (k == CXCursor_IfStmt) {
        Kids kk = kids_of(c);
        return kk.n == 3 && always_returns(kk.items[1]) && always_returns(kk.items[2]);
    }
    if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) /* the labelled statement */
        return always_returns(kids_of(c).last);
    if (k == CXCursor_SwitchStmt) { /* a default, no break, and the last case returns */
        CXCursor body = kids_of(c).last;
        return clang_getCursorKind(body) == CXCursor_CompoundStmt && has_default(body) &&
               !contains_break(body) && always_returns(body);
    }
    return false;
}

/* True for an if one of whose branches always returns. */
static bool is_early_return(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_IfStmt)
        return false;
    Kids k = kids_of(c);
    return always_returns(k.items[1]) || (k.n == 3 && always_returns(k.items[2]));
}

static bool returns_split(Arena *a, CXCursor *v, int n);

/* True when some statement of v always returns. */
static bool list_returns(CXCursor *v, int n) {
    for (int i = 0; i < n; i++)
        if (always_returns(v[i]))
            return true;
    return false;
}

static bool stmt_returns_split(Arena *a, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
        return returns_split(a, &c, 1);
    KidList l = all_kids(a, c);
    return returns_split(a, l.items, l.n);
}

/* One side of an early-return if, as lift_return_side lifts it: the branch
 * returns on its own, or it has no return and the statements after the if
 * return. */
static bool side_returns_split(Arena *a, CXCursor branch, CXCursor *rest, int nrest) {
    if (!clang_Cursor_isNull(branch) && always_returns(branch))
        return stmt_returns_split(a, branch);
    if (!clang_Cursor_isNull(branch) && contains_return(branch))
        return false;
    return returns_split(a, rest, nrest) && list_returns(rest, nrest);
}

/* True when lift_early_return can take every return of v: each is the last
 * statement, or in an if one of whose branches always returns, and the other
 * side (that branch, or the statements after the if) returns too. Otherwise
 * (a return in a loop, a void function's early `return;`, a return nested
 * in an if that falls through) the function is lifted with a `returned`
 * flag. */
static bool returns_split(Arena *a, CXCursor *v, int n) {
    bool ok = true;
    for (int i = 0; i < n; i++) {
        enum CXCursorKind k = clang_getCursorKind(v[i]);
        if (k == CXCursor_ReturnStmt)
            break;
        if (is_early_return(v[i])) {
            Kids kk = kids_of(v[i]);
            CXCursor else_c = kk.n == 3 ? kk.items[2] : clang_getNullCursor();
            ok = side_returns_split(a, kk.items[1], v + i + 1, n - i - 1) &&
                 side_returns_split(a, else_c, v + i + 1, n - i - 1);
            break;
        }
        if (!contains_return(v[i]))
            continue;
        ok = k == CXCursor_CompoundStmt && i == n - 1 && stmt_returns_split(a, v[i]) &&
             always_returns(v[i]);
        break;
    }
    return ok;
}

/* Sets up the `returned` flag (and the returned value's binding) for a body
 * whose returns lift_early_return cannot take. */
void start_returns(Lift *L, CXCursor body) {
    L->ret_flag = L->ret_slot = -1;
    /* A struct is returned through the fields of a local, which the flag's
     * guards merge like any variable; splitting merges one value only. */
    Arena scratch = {0};
    bool split = !L->ret_struct && stmt_returns_split(&scratch, body);
    arena_free(&scratch);
    if (split)
        return;
    Binding *fb = env_bind(L, clang_getNullCursor(), "returned");
    fb->ty = type_int();
    fb->val = opd_int(0);
    L->ret_flag = L->nenv - 1;
    if (L->ret_ty.kind == TY_VOID)
        return;
    Binding *vb = env_bind(L, clang_getNullCursor(), "retval");
    vb->ty = L->ret_ty;
    vb->val = b_fconst(0, L->ret_ty);
    L->ret_slot = L->nenv - 1;
}

/* A return lifted with the flag: the value and the flag are set, and the
 * statements and loop iterations after it are guarded by the flag. Inside a
 * map or reduce there is nothing to guard: every iteration runs. */
static void lift_flag_return(Lift *L, CXCursor c) {
    for (int i = L->nbarriers - 1; i >= 0 && L->barriers[i].kind != BARRIER_CALL; i--)
        if (L->barriers[i].kind != BARRIER_LOOP) {
            lift_fail(L, c, "iterations of map and reduce loops all run; return after the loop",
                      "return inside a %s loop",
                      L->barriers[i].kind == BARRIER_MAP ? "map" : "reduce");
            return;
        }
    Kids k = kids_of(c);
    if (k.n > 0 && L->ret_struct) {
        assign_struct_local(L, c, L->ret_struct - 1, k.items[0]);
    } else if (k.n > 0 && L->ret_slot >= 0) {
        Builder bd = lift_builder(L, c);
        L->env[L->ret_slot].val = b_cast(&bd, L->ret_ty, lift_expr(L, k.items[0]));
    } else if (k.n > 0) {
        lift_expr(L, k.items[0]);
    }
    L->env[L->ret_flag].val = opd_int(1);
}

/* The value a body lifted by start_returns returns; false (after a
 * diagnostic) if it can end without a return. */
bool end_returns(Lift *L, CXCursor body) {
    if (L->ret_flag < 0 || L->failed)
        return true;
    L->seen_return = true;
    L->ret_val = opd_none();
    if (L->ret_slot < 0 && !L->ret_struct)
        return true;
    if (L->ret_slot >= 0)
        L->ret_val = L->env[L->ret_slot].val;
    if (!always_returns(body)) {
        lift_fail(L, body, "end the function with return EXPR;",
                  "the end of the function is reached without a return%s", "");
        return false;
    }
    return true;
}

/* Lifts one side of an early-return if: its own statement (if any), then,
 * when that falls through, the statements after the if. Returns the value
 * the side returns, converted to the function's return type. */
static Operand lift_return_side(Lift *L, Body *into, CXCursor branch, CXCursor *rest, int nrest,
                                const Operand *before, const ViewState *views, int mark) {
    for (int i = 0; i < mark; i++)
        L->env[i].val = before[i];
    views_restore(L, views, mark);
    L->nenv = mark;
    L->seen_return = false;
    L->ret_val = opd_none();
    Body *saved = L->cur;
    L->cur = into;
    if (!clang_Cursor_isNull(branch))
        lift_stmt(L, branch);
    if (!L->seen_return && !L->failed)
        lift_stmts(L, rest, nrest);
    L->cur = saved;
    L->nenv = mark;
    if (!L->seen_return || L->ret_val.kind == OPD_NONE)
        return opd_none();
    Builder bd = {L->a, L->f, into, L->f->loc};
    return b_cast(&bd, L->ret_ty, L->ret_val);
}

/* `if (c) { ...; return a; } rest...` is `if (c) {...; return a} else { rest }`
 * (and symmetrically for a returning else): both branches return, each
 * starting from the values before the if, and the returned value is their
 * phi. Statements after an if/else that returns on both sides never run. */
static void lift_early_return(Lift *L, CXCursor c, CXCursor *rest, int nrest) {
    Kids k = kids_of(c);
    Builder bd = lift_builder(L, c);
    Operand cond = b_cmp(&bd, OP_NE, lift_truth(L, k.items[0]), opd_int(0));
    int mark = L->nenv;
    Operand *before = env_snapshot(L);
    ViewState *views = views_snapshot(L);
    CXCursor else_c = k.n == 3 ? k.items[2] : clang_getNullCursor();
    if (cond.kind == OPD_CONST) { /* (`if (!t) return NAN;` after its malloc) only one side runs */
        if (!tests_null_view(L, k.items[0])) { /* (`if (!w) return 0.0;`, w NULL: not at all) */
            LiftMark m = lift_mark(L); /* the other, with what follows, for its diagnostics */
            Body *dead = body_new(L->a);
            lift_return_side(L, dead, cond.ival ? else_c : k.items[1], rest, nrest, before, views,
                             mark);
            if (!L->failed && lift_check_promises(L, dead))
                lift_undo(L, &m);
            lift_mark_free(&m);
        }
        Operand v = lift_return_side(L, L->cur, cond.ival ? k.items[1] : else_c, rest, nrest,
                                     before, views, mark);
        free(before);
        free(views);
        if (!L->failed && !L->seen_return)
            lift_fail(L, c, "end the function with a return as well", "only one branch returns%s",
                      "");
        L->ret_val = v;
        return;
    }
    Stmt *s = if_stmt(L, c, cond);
    Operand then_val =
        lift_return_side(L, s->then_body, k.items[1], rest, nrest, before, views, mark);
    bool then_returned = L->seen_return;
    Operand else_val = lift_return_side(L, s->else_body, else_c, rest, nrest, before, views, mark);
    bool else_returned = L->seen_return;
    free(before);
    free(views);
    if (L->failed)
        return;
    if (!then_returned || !else_returned) {
        lift_fail(L, c, "end the function with a return as well", "only one branch returns%s", "");
        return;
    }
    L->seen_return = true;
    L->ret_val = opd_none();
    if (then_val.kind != OPD_NONE && else_val.kind != OPD_NONE) {
        Phi *p = arena_alloc(L->a, sizeof(Phi));
        p->dst = var_new(L->a, L->f, TEMP_NAME, L->ret_ty);
        p->then_val = then_val;
        p->else_val = else_val;
        vec_push(L->a, &s->phis, p);
        L->ret_val = opd_var(p->dst);
    }
    body_append(L->a, L->cur, s);
}

/* The statements after v[i] when a break, continue or return in v[i] may
 * skip them: lifted under a guard (true), or nothing to guard (false). */
static bool lift_rest_guarded(Lift *L, CXCursor *v, int n, int i) {
    bool in_loop = L->nbarriers > 0 && L->barriers[L->nbarriers - 1].kind != BARRIER_CALL;
    Barrier *bar = in_loop ? &L->barriers[L->nbarriers - 1] : NULL;
    int stopped = bar && contains_break(v[i]) ? bar->stopped : -1;
    int skipped = bar && contains_continue(v[i]) ? bar->skipped : -1;
    Operand go_on = not_stopped(L, v[i + 1], stopped, skipped, returns_by_flag(L, v[i]));
    if (go_on.kind == OPD_NONE || (go_on.kind == OPD_CONST && go_on.ival)) /* (never stops) */
        return false;
    lift_under_guard(L, v[i + 1], go_on, skipped < 0, v + i + 1, n - i - 1);
    return true;
}

typedef struct Rest {
    CXCursor *v;
    int n, i;
} Rest;

static void lift_rest(Lift *L, void *ctx) {
    Rest *r = ctx;
    if (!lift_rest_guarded(L, r->v, r->n, r->i))
        lift_stmts(L, r->v + r->i + 1, r->n - r->i - 1);
}

void lift_stmts(Lift *L, CXCursor *v, int n) {
    CXCursor outer = L->cur_stmt; /* a helper's statements, inlined, are a list too */
    for (int i = 0; i < n && !L->failed; i++) {
        if (L->seen_return) {
            lift_fail(L, v[i], "return only at the end of the function",
                      "statement after a return%s", "");
            break;
        }
        bool in_loop = L->nbarriers > 0 && L->barriers[L->nbarriers - 1].kind != BARRIER_CALL;
        if (!in_loop && L->ret_flag < 0 && is_early_return(v[i])) {
            lift_early_return(L, v[i], v + i + 1, n - i - 1);
            break;
        }
        L->left_versions = NULL;
        L->cur_stmt = v[i];
        lift_stmt(L, v[i]);
        ViewPlan *vp = L->left_versions;
        L->left_versions = NULL;
        if (i + 1 == n || L->failed)
            continue;
        /* after a loop that leaves its pointers in arrays that depend on
         * its trip count, the statements that use them: once per way */
        Rest r = {v, n, i};
        if (lift_rest_in_versions(L, vp, v[i], v + i + 1, n - i - 1, lift_rest, &r))
            break;
        if (lift_rest_guarded(L, v, n, i))
            break;
    }
    L->cur_stmt = outer;
}

static void lift_block(Lift *L, CXCursor c) {
    KidList l = all_kids(L->a, c);
    int mark = L->nenv;
    lift_stmts(L, l.items, l.n);
    L->nenv = mark;
}

/* `do { ... } while (0)`, a statement macro's body: its statements once
 * (no loop, so a pointer it swaps stays known), where no break or continue
 * leaves it early. */
static bool runs_once(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    if (k.n != 2 || loop_pragma(L, c) || contains_break(k.items[0]) ||
        contains_continue(k.items[0]))
        return false;
    CXCursor cond = strip_implicit(k.items[1]);
    if (clang_getCursorKind(cond) != CXCursor_IntegerLiteral)
        return false;
    CXEvalResult r = clang_Cursor_Evaluate(cond);
    bool zero =
        r && clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) == 0;
    if (r)
        clang_EvalResult_dispose(r);
    return zero;
}

void lift_stmt(Lift *L, CXCursor c) {
    if (L->failed)
        return;
    if (L->seen_return) {
        lift_fail(L, c, "return only at the end of the function", "statement after a return%s", "");
        return;
    }
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_ForStmt && clang_isStatement(kind) && kind != CXCursor_CompoundStmt) {
        Pragma *pg = loop_pragma(L, c);
        bool while_loop = kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt;
        if (pg && pg->kind == PG_WHILE && !while_loop) {
            lift_fail_at(L, pg->loc, "put the pragma on the line right before a while or do loop",
                         "the statement after '#pragma pargrad %s' must be a while or do loop",
                         pg->text);
            return;
        }
        if (pg && pg->kind != PG_WHILE) {
            lift_fail(L, c, "put the pragma on the line right before a canonical for loop",
                      "the statement after '#pragma pargrad %s' must be a for loop", pg->text);
            return;
        }
    }
    /* (assert and the macros around it expand to an expression) */
    CXCursor failure = clang_getNullCursor();
    if (clang_isExpression(kind) && is_assert(L, c)) {
        lift_assert(L, c, false, failure);
        return;
    }
    if (clang_isExpression(kind) && is_wrapped_assert(L, c, &failure)) {
        lift_assert(L, c, true, failure);
        return;
    }
    switch (kind) {
    case CXCursor_CompoundStmt:
        lift_block(L, c);
        return;
    case CXCursor_DeclStmt: {
        KidList l = all_kids(L->a, c);
        for (int i = 0; i < l.n; i++)
            if (clang_getCursorKind(l.items[i]) == CXCursor_VarDecl)
                lift_var_decl(L, l.items[i]);
        return;
    }
    case CXCursor_BinaryOperator: {
        const char *op = binop_of(L, c);
        if (strcmp(op, "=") == 0) {
            lift_assign(L, c, op);
        } else if (strcmp(op, ",") == 0) { /* i++, j-- in a for header */
            Kids k = kids_of(c);
            lift_stmt(L, strip_implicit(k.items[0]));
            lift_stmt(L, strip_implicit(k.items[1]));
        } else {
            lift_expr(L, c);
        }
        return;
    }
    case CXCursor_CompoundAssignOperator:
        lift_assign(L, c, binop_of(L, c));
        return;
    case CXCursor_UnaryOperator:
        lift_incdec(L, c);
        return;
    case CXCursor_IfStmt:
        lift_if(L, c);
        return;
    case CXCursor_ForStmt:
        lift_for(L, c);
        return;
    case CXCursor_WhileStmt:
        lift_while(L, c);
        return;
    case CXCursor_DoStmt:
        if (runs_once(L, c))
            lift_stmt(L, kids_of(c).items[0]);
        else
            lift_while(L, c);
        return;
    case CXCursor_ReturnStmt:
        if (L->ret_flag >= 0) {
            lift_flag_return(L, c);
            return;
        }
        if (L->nbarriers > 0 && L->barriers[L->nbarriers - 1].kind != BARRIER_CALL) {
            lift_fail(L, c, "return only at the end of the function", "return inside a loop%s", "");
            return;
        }
        lift_return(L, c);
        return;
    case CXCursor_NullStmt:
        return;
    case CXCursor_SwitchStmt:
        lift_switch(L, c);
        return;
    case CXCursor_BreakStmt: {
        Barrier *bar = L->nbarriers ? &L->barriers[L->nbarriers - 1] : NULL;
        if (bar && bar->stopped >= 0) {
            L->env[bar->stopped].val = opd_int(1);
            return;
        }
        lift_fail(L, c, "iterations of map and reduce loops all run; use a sequential loop",
                  "'break' is supported in sequential loops only%s", "");
        return;
    }
    case CXCursor_ContinueStmt: {
        /* the rest of the iteration is guarded by the flag */
        Barrier *bar = L->nbarriers ? &L->barriers[L->nbarriers - 1] : NULL;
        if (bar && bar->skipped >= 0) {
            L->env[bar->skipped].val = opd_int(1);
            return;
        }
        break;
    }
    case CXCursor_CStyleCastExpr:
        /* (void)n; marks an unused parameter: nothing to compute */
        if (clang_getCursorType(c).kind == CXType_Void) {
            CXCursor inner = strip_implicit(kids_of(c).last);
            L->discarded = inner; /* (void)printf(...): its value is not read */
            if (clang_getCursorKind(inner) != CXCursor_DeclRefExpr)
                lift_expr(L, inner);
            return;
        }
        lift_expr(L, c);
        return;
    case CXCursor_CallExpr:
        L->discarded = c;
        lift_expr(L, c);
        return;
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        lift_expr(L, c);
        return;
    default:
        break;
    }
    const char *what = "this statement";
    const char *hint = "see the supported C subset in PRAGMAS.md section 5";
    switch (kind) {
    case CXCursor_GotoStmt:
    case CXCursor_LabelStmt:
        what = "'goto'";
        hint = "use structured control flow (if, for)";
        break;
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
        what = kind == CXCursor_BreakStmt ? "'break'" : "'continue' outside a loop";
        hint = "guard the rest of the loop body with an if";
        break;
    default:
        break;
    }
    lift_fail(L, c, hint, "%s is not supported in a differentiated function", what);
}
