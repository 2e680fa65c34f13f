/* Lifting expressions: constants, operators, calls and the values of
 * variables. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>

/* ---- expressions ---- */
Operand evaluate_constant(Lift *L, CXCursor c, bool *ok) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    *ok = false;
    Operand o = opd_none();
    if (!r)
        return o;
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty))
        ty = type_int();
    switch (clang_EvalResult_getKind(r)) {
    case CXEval_Int: {
        /* unsigned values above LLONG_MAX do not come back as long long */
        bool is_unsigned = clang_EvalResult_isUnsignedInt(r);
        long long bits = is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r)
                                     : clang_EvalResult_getAsLongLong(r);
        double value = is_unsigned ? (double)(unsigned long long)bits : (double)bits;
        o = type_is_float(ty) ? opd_float(value, ty) : opd_int(bits);
        if (!type_is_float(ty))
            o.ty = ty;
        *ok = true;
        break;
    }
    case CXEval_Float:
        o = opd_float(clang_EvalResult_getAsDouble(r), type_is_float(ty) ? ty : type_double());
        *ok = true;
        break;
    default:
        break;
    }
    clang_EvalResult_dispose(r);
    (void)L;
    return o;
}

static Type expr_type(Lift *L, CXCursor c) {
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty)) {
        CXString s = clang_getTypeSpelling(clang_getCursorType(c));
        lift_fail(L, c, "pargrad differentiates float and double arithmetic with integer indices",
                  "expression of type '%s' is not supported here", clang_getCString(s));
        clang_disposeString(s);
        return type_double();
    }
    return ty;
}

/* Collects a[i][j] into its buffer and subscripts (outermost first). */
/* *p, an output or state through a scalar pointer (*err = total): p[0]. */
bool is_deref(Lift *L, CXCursor c) {
    bool post;
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           strcmp(unop_of(L, c, &post), "*") == 0;
}

PrimOp binop_code(const char *op, bool *ok) {
    static const struct {
        const char *s;
        PrimOp op;
    } ops[] = {{"+", OP_ADD},    {"-", OP_SUB},   {"*", OP_MUL},    {"/", OP_DIV},  {"%", OP_MOD},
               {"&", OP_BITAND}, {"|", OP_BITOR}, {"^", OP_BITXOR}, {"<<", OP_SHL}, {">>", OP_SHR},
               {"<", OP_LT},     {"<=", OP_LE},   {">", OP_GT},     {">=", OP_GE},  {"==", OP_EQ},
               {"!=", OP_NE},    {"&&", OP_AND},  {"||", OP_OR}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(op, ops[i].s) == 0) {
            *ok = true;
            return ops[i].op;
        }
    *ok = false;
    return OP_COPY;
}

/* Whether c or an expression inside it matches: one visitor for the
 * searches the lowering of operators makes. */
typedef struct Search {
    Lift *L;
    bool (*matches)(Lift *L, CXCursor c, enum CXCursorKind kind);
    enum CXCursorKind kind;
    bool found;
} Search;

static enum CXChildVisitResult find_match(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Search *se = data;
    if (se->matches(se->L, c, se->kind)) {
        se->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool contains(Search se, CXCursor c) {
    if (se.matches(se.L, c, se.kind))
        return true;
    clang_visitChildren(c, find_match, &se);
    return se.found;
}

static bool is_kind(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)L;
    return clang_getCursorKind(c) == kind;
}

bool has_kind(CXCursor c, enum CXCursorKind kind) {
    return contains((Search){NULL, is_kind, kind, false}, c);
}

static bool is_division(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)kind;
    return clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "/");
}

/* Whether c reads memory: x[i], *p, p->f (an arm C does not evaluate may
 * read out of bounds, or through NULL where it tests an optional array) */
static bool is_memory_read(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)kind;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ArraySubscriptExpr || is_deref(L, c))
        return true;
    if (k != CXCursor_MemberRefExpr)
        return false;
    /* (p->f of a struct pointer p itself: its one element, read anyway) */
    Kids mk = kids_of(c);
    return mk.n > 0 &&
           clang_getCanonicalType(clang_getCursorType(mk.items[0])).kind == CXType_Pointer &&
           clang_getCursorKind(strip_casts(mk.items[0])) != CXCursor_DeclRefExpr;
}

static bool reads_memory(Lift *L, CXCursor e) {
    return contains((Search){L, is_memory_read, CXCursor_ArraySubscriptExpr, false}, e);
}

/* A call of a helper of the file (inlined: its statements may assign the
 * caller's scalars through pointers) */
static bool is_helper_call(Lift *L, CXCursor c, enum CXCursorKind kind) {
    (void)L, (void)kind;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    return !clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl &&
           user_definition(def);
}

/* Whether e divides: an arm of `n > 1 ? s / (n - 1) : 0` that C does not
 * evaluate may divide by zero, and its partials (inf, NaN) times the zero
 * adjoint a select gives the arm not taken are NaN. */
static bool has_division(Lift *L, CXCursor e) {
    return contains((Search){L, is_division, CXCursor_BinaryOperator, false}, e);
}

/* Lowers `c ? a : b` (or a short-circuit operator) whose arms read arrays
 * into an if, so that an arm is evaluated only when C would evaluate it. */
static Operand lift_guarded(Lift *L, CXCursor at, Operand cond, CXCursor then_e, CXCursor else_e,
                            Operand else_const, Type ty) {
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, at));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    Body *saved = L->cur;
    /* (a helper called in an arm may assign the caller's scalars through
     * pointers: merged after the if as after a statement's) */
    int n = L->nenv;
    Operand *before = env_snapshot(L);
    ViewState *vbefore = views_snapshot(L);
    L->cur = s->then_body;
    Builder bd = lift_builder(L, at);
    Operand tv = b_cast(&bd, ty, lift_expr(L, then_e));
    Operand *after_then = env_snapshot(L);
    ViewState *vthen = views_snapshot(L);
    for (int i = 0; i < n; i++)
        L->env[i].val = before[i];
    views_restore(L, vbefore, n);
    L->cur = s->else_body;
    bd = lift_builder(L, at);
    Operand ev = clang_Cursor_isNull(else_e) ? else_const : b_cast(&bd, ty, lift_expr(L, else_e));
    Operand *after_else = env_snapshot(L);
    ViewState *velse = views_snapshot(L);
    L->cur = saved;
    merge_branches(L, at, false, s, n, before, after_then, after_else);
    views_merge(L, at, n, vthen, velse);
    free(before), free(after_then), free(after_else);
    free(vbefore), free(vthen), free(velse);
    Phi *p = arena_alloc(L->a, sizeof(Phi));
    p->dst = var_new(L->a, L->f, TEMP_NAME, ty);
    p->then_val = tv;
    p->else_val = ev;
    vec_push(L->a, &s->phis, p);
    body_append(L->a, L->cur, s);
    return opd_var(p->dst);
}

/* True when the expression reads a variable or calls a function; otherwise
 * it is constant arithmetic (also from macros, whose tokens are not in the
 * file), which clang folds with C's own rules. */
static bool reads_or_calls(CXCursor c) {
    return has_kind(c, CXCursor_DeclRefExpr) || has_kind(c, CXCursor_CallExpr);
}

/* An operator binop_of cannot read (inside a macro) */
void operator_unseen(Lift *L, CXCursor c) {
    lift_fail(L, c,
              "make the macro a static inline function (a scalar it updates passed as "
              "&s); pargrad reads the operators of a macro whose body uses no other macro "
              "and is parenthesised, ((a) - (b)), or a statement, do { ... } while (0)",
              "cannot see the operator of this expression: it is inside a macro using "
              "another macro, or whose expansion regroups with what surrounds it%s",
              "");
}

/* The operator of a binary expression as a primitive, or a diagnostic. */
static bool binary_op(Lift *L, CXCursor c, PrimOp *op) {
    const char *ops = binop_of(L, c);
    bool ok;
    *op = binop_code(ops, &ok);
    if (ok)
        return true;
    if (!*ops)
        operator_unseen(L, c);
    else if (strcmp(ops, "=") == 0 || strchr("+-*/", ops[0]))
        lift_fail(L, c, "write assignments as statements of their own",
                  "assignment inside an expression%s", "");
    else
        lift_fail(L, c, "use arithmetic, comparisons and && || on scalars",
                  "unsupported operator '%s'", ops);
    return false;
}

/* x OP y for the binary expression c, in c's type. Located at the right
 * operand: clang finds the location of c itself by walking down its left
 * operands, quadratic on long chains. */
static Operand apply_binary(Lift *L, CXCursor c, PrimOp op, Operand x, Operand y) {
    Builder bd = lift_builder(L, kids_of(c).items[1]);
    if (op >= OP_LT && op <= OP_OR)
        return b_cmp(&bd, op, x, y);
    if (op >= OP_MOD && op <= OP_SHR && (type_is_float(x.ty) || type_is_float(y.ty)))
        lift_fail(L, c, NULL, "'%s' on floating values", binop_of(L, c));
    Type ty = expr_type(L, c);
    return b_op(&bd, op, ty, b_cast(&bd, ty, x), b_cast(&bd, ty, y));
}

/* One step down the left spine of a chain a + b + c + ...: the binary
 * expression whose value is c's left operand, through parentheses and
 * implicit conversions (kept in *conv, applied when going back up). */
typedef struct SpineLink {
    CXCursor node; /* a binary expression */
    PrimOp op;
    CXCursor conv[4]; /* implicit conversions of its value, innermost last */
    int nconv;
} SpineLink;

static bool spine_next(Lift *L, CXCursor c, SpineLink *next) {
    CXCursor lhs = kids_of(c).items[0];
    next->nconv = 0;
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(lhs);
        if (k == CXCursor_ParenExpr) {
            lhs = kids_of(lhs).items[0];
        } else if (k == CXCursor_UnexposedExpr && next->nconv < 4) {
            Kids kk = kids_of(lhs);
            if (kk.n != 1)
                return false;
            next->conv[next->nconv++] = lhs;
            lhs = kk.items[0];
        } else {
            break;
        }
    }
    next->node = lhs;
    if (clang_getCursorKind(lhs) != CXCursor_BinaryOperator)
        return false;
    /* An operator pargrad does not lift (1u << 4, in constant arithmetic
     * clang folds) ends the spine there: lift_expr decides. */
    bool ok;
    next->op = binop_code(binop_of(L, lhs), &ok);
    return ok && next->op != OP_AND && next->op != OP_OR;
}

/* The value of the deepest links of the spine that are constant (no
 * variable, no call: clang folds them, as lift_expr would), or of the left
 * operand of the deepest link; *from is the first link still to apply. */
static Operand spine_start(Lift *L, SpineLink *spine, int n, int *from) {
    CXCursor leaf = kids_of(spine[n - 1].node).items[0];
    bool varies = reads_or_calls(leaf);
    int k = n; /* links k..n-1 are constant */
    while (k > 0 && !varies) {
        varies = reads_or_calls(kids_of(spine[k - 1].node).items[1]);
        if (!varies)
            k--;
    }
    *from = n - 1;
    if (k < n) {
        bool ok;
        Operand v = evaluate_constant(L, spine[k].node, &ok);
        if (ok) {
            *from = k - 1;
            for (int j = k > 0 ? spine[k].nconv - 1 : -1; j >= 0; j--) {
                Builder bd = lift_builder(L, spine[k].conv[j]);
                v = b_cast(&bd, expr_type(L, spine[k].conv[j]), v);
            }
            return v;
        }
    }
    return lift_expr(L, leaf);
}

/* `y[m++] = v`, `while (k-- > 0)`: the increment runs where the expression
 * is evaluated, its value the old one (postfix) or the new one */
static Operand lift_incdec_value(Lift *L, CXCursor c, bool postfix) {
    CXCursor target = strip_implicit(kids_of(c).items[0]);
    Operand old = postfix ? lift_expr(L, target) : opd_none();
    lift_incdec(L, c);
    return postfix ? old : lift_expr(L, target);
}

/* A temporary the function allocated (or a pointer at one): never NULL
 * in the gradient, whose allocations stop the program when memory runs
 * out */
static bool allocated_pointer(Lift *L, CXCursor e) {
    CXCursor r = strip_casts(e);
    if (clang_getCursorKind(r) != CXCursor_DeclRefExpr)
        return false;
    int b = env_lookup(L, r);
    const Binding *bd = b >= 0 ? &L->env[b] : NULL;
    return bd && (bd->is_array || (bd->is_view && bd->val.kind != OPD_NONE)) && bd->buf &&
           bd->buf->heap && bd->buf->kind == BUF_LOCAL;
}

/* A pointer expression as the message shows it (inside a macro's
 * argument it has no text of its own) */
static const char *pointer_shown(Lift *L, CXCursor e) {
    const char *text = extent_text(L->fe, e);
    CXCursor r = strip_casts(e);
    if (!*text && clang_getCursorKind(r) == CXCursor_DeclRefExpr)
        return cursor_spelling(L, r);
    return *text ? text : "a pointer";
}

/* A pointer parameter tested for NULL (`if (w)`, `!w`, `w != NULL`): an
 * optional array the caller may leave out */
static Buffer *tested_pointer(Lift *L, CXCursor e) {
    CXCursor r = strip_casts(e);
    if (clang_getCursorKind(r) != CXCursor_DeclRefExpr)
        return NULL;
    int b = env_lookup(L, r);
    const Binding *bd = b >= 0 ? &L->env[b] : NULL;
    /* a parameter the function points elsewhere later (swapped grids), not
     * yet moved: its own array, at its start (`if (!x) abort();` first) */
    bool unmoved = bd && bd->is_view && bd->buf && !strcmp(bd->buf->name, bd->name) &&
                   opd_is_const(bd->val, 0);
    if (!bd || !(bd->is_array || unmoved) || bd->shape || !bd->buf || bd->buf->kind != BUF_PARAM ||
        bd->buf->by_value || bd->buf->field || bd->buf->elem.kind == TY_VOID)
        return NULL;
    return bd->buf;
}

/* The binding of the pointer e names, or NULL */
static Binding *pointer_binding(Lift *L, CXCursor e) {
    CXCursor r = strip_casts(e);
    int b = clang_getCursorKind(r) == CXCursor_DeclRefExpr ? env_lookup(L, r) : -1;
    return b >= 0 ? &L->env[b] : NULL;
}

/* What pointer e's test against NULL is, where pargrad knows: a pointer
 * parameter's, bound once (an optional array); 1 after a malloc, and for a
 * helper's pointer its call gives a scalar's address or a local array; 0
 * for one its call gives NULL; 1 for a string literal. None for any other
 * expression. */
static Operand pointer_test(Lift *L, CXCursor e) {
    if (clang_getCursorKind(strip_parens(strip_casts(e))) == CXCursor_StringLiteral)
        return opd_int(1); /* assert(n > 0 && "n must be positive") */
    Buffer *p = tested_pointer(L, e);
    if (p)
        return pointer_given(L, e, p);
    if (allocated_pointer(L, e))
        return opd_int(1); /* `if (t)` after its malloc */
    Binding *bd = pointer_binding(L, e);
    if (bd && bd->null)
        return opd_int(0);
    if (bd && bd->ref)
        return opd_int(1);
    Buffer *into = bd && (bd->is_array || bd->is_view) ? bd->buf : NULL;
    if (into && into->kind == BUF_LOCAL)
        return opd_int(1); /* a helper's pointer its call gives a local array */
    return opd_none();
}

/* Whether c tests a helper's pointer that its call gives NULL: the side C
 * does not run (the code reading through it) is not lifted at all */
static enum CXChildVisitResult find_null_view(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    void **ctx = data;
    Lift *L = ctx[0];
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        Binding *bd = pointer_binding(L, c);
        if (bd && bd->null) {
            ctx[1] = ctx[0];
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

bool tests_null_view(Lift *L, CXCursor c) {
    if (L->null_views == 0)
        return false;
    Binding *bd = pointer_binding(L, c);
    if (bd && bd->null)
        return true;
    void *ctx[2] = {L, NULL};
    clang_visitChildren(c, find_null_view, ctx);
    return ctx[1] != NULL;
}

/* (an int kept beside the pointer can only be set from the caller: the
 * pointer itself is never compared) */
static const char *const field_null_hint =
    "keep whether it is given in an int field of the struct (int has_offset;) and test that, or "
    "pass the array as a pointer parameter of its own: tested for NULL, it is an optional array";

static bool is_member(CXCursor e) {
    return clang_getCursorKind(strip_casts(e)) == CXCursor_MemberRefExpr;
}

/* A test for NULL of a pointer pargrad follows but cannot decide (a
 * pointer pointed elsewhere in a loop, a local pointing into a parameter):
 * reported, with no value */
static bool undecided_test(Lift *L, CXCursor c) {
    Binding *bd = pointer_binding(L, c);
    if (!bd || bd->shape || !(bd->is_view || (bd->is_array && bd->buf && !bd->buf->by_value)))
        return false;
    const char *nm = bd->name;
    const char *hint =
        bd->buf && bd->buf->field ? field_null_hint
        : bd->buf
            ? arena_printf(L->a, "keep in an int whether '%s' points somewhere, and test that", nm)
            : arena_printf(L->a,
                           "before the loop, keep in an int whether it is given (int has_%s "
                           "= %s != NULL;) and point it into an array where it is not (if "
                           "(!%s) %s = x;)",
                           nm, nm, nm, nm);
    lift_fail(L, c, hint,
              "'%s' tested for NULL: pargrad decides such a test for a pointer parameter (an "
              "optional array), a helper's pointer its call gives NULL, an array or a scalar, "
              "or a malloc's result",
              nm);
    return true;
}

Operand lift_truth(Lift *L, CXCursor c) {
    Operand t = pointer_test(L, c);
    if (t.kind != OPD_NONE)
        return t;
    return undecided_test(L, c) ? opd_int(0) : lift_expr(L, c);
}

/* Left-nested chains (a + b + c + ..., thousands of terms in generated
 * code) are lifted by a loop down their left spine: no recursion as deep as
 * the chain, and each operand is looked at once. */
/* `if ((t = x[i] - th) > 0)`, `a = b = 0`: the assignment runs where C
 * evaluates it, its value what the left side holds after it */
static Operand lift_assign_value(Lift *L, CXCursor c, const char *op) {
    if (L->arms > 0) {
        lift_fail(L, c,
                  "write the assignment as a statement of its own, inside an if where C "
                  "evaluates it only sometimes",
                  "assignment where C may not evaluate it (an arm of ?:, or right of && or ||)%s",
                  "");
        return opd_int(0);
    }
    lift_assign(L, c, op);
    return L->failed ? opd_int(0) : lift_expr(L, strip_implicit(kids_of(c).items[0]));
}

/* Pointers into one array compared (`p != a + n`, `p < end` of a loop
 * walking it): their offsets there compared; false (nothing lifted)
 * where they are not pointers pargrad follows into one array. */
static bool compare_in_one_array(Lift *L, CXCursor c, PrimOp op, Kids *k, Operand *out) {
    LiftMark mark = lift_mark(L);
    bool probing = L->probing;
    L->probing = true; /* (a failure is reported as the comparison's) */
    Operand xo, yo;
    Buffer *x = lift_view(L, k->items[0], &xo);
    Buffer *y = x && !L->failed ? lift_view(L, k->items[1], &yo) : NULL;
    L->probing = probing;
    bool same = y == x && x && !L->failed && x->rank == 1;
    if (!same)
        lift_undo(L, &mark);
    lift_mark_free(&mark);
    if (same) {
        Builder bd = lift_builder(L, c);
        *out = b_cmp(&bd, op, b_cast(&bd, type_long(), xo), b_cast(&bd, type_long(), yo));
    }
    return same;
}

static Operand lift_binary(Lift *L, CXCursor c) {
    PrimOp op;
    if (!strcmp(binop_of(L, c), "="))
        return lift_assign_value(L, c, "=");
    if (!binary_op(L, c, &op))
        return opd_float(0, type_double());
    Kids k = kids_of(c);
    /* `if (t == NULL) return NAN;` after its malloc, `w != NULL`, ... */
    for (int side = 0; side < 2 && (op == OP_EQ || op == OP_NE); side++) {
        if (!is_null_pointer(L, k.items[1 - side]))
            continue;
        Operand t = pointer_test(L, k.items[side]);
        if (t.kind != OPD_NONE) {
            Builder bd = lift_builder(L, c);
            return b_cmp(&bd, op, t, opd_int(0));
        }
        if (undecided_test(L, k.items[side]))
            return opd_int(0);
    }
    if (op >= OP_LT && op <= OP_NE && is_pointer_type(k.items[0]) && is_pointer_type(k.items[1])) {
        Operand v;
        if (compare_in_one_array(L, c, op, &k, &v))
            return v;
        bool field_test = (is_member(k.items[0]) && is_null_pointer(L, k.items[1])) ||
                          (is_member(k.items[1]) && is_null_pointer(L, k.items[0]));
        lift_fail(L, c,
                  field_test ? field_null_hint
                             : "compare indices instead (i == j), or test a pointer parameter "
                               "against NULL only",
                  "%s",
                  arena_printf(L->a,
                               "compares the pointers '%s' and '%s': pargrad follows arrays, "
                               "not addresses",
                               pointer_shown(L, k.items[0]), pointer_shown(L, k.items[1])));
        return opd_int(0);
    }
    if (op == OP_AND || op == OP_OR) {
        Type ty = expr_type(L, c);
        Builder bd = lift_builder(L, c);
        Operand lhs = lift_truth(L, k.items[0]), r;
        if (lhs.kind == OPD_CONST && tests_null_view(L, k.items[0])) { /* `w && w[i] > 0` */
            if ((op == OP_AND) != (lhs.ival != 0))
                return opd_int(op == OP_OR);
            return b_cmp(&bd, OP_NE, lift_truth(L, k.items[1]), opd_int(0));
        }
        L->arms++;
        /* (a helper on the right runs only where C calls it: `v > 0 && step(&s, v)`) */
        if (!reads_memory(L, k.items[1]) &&
            !contains((Search){L, is_helper_call, CXCursor_CallExpr, false}, k.items[1])) {
            r = b_cmp(&bd, op, lhs, lift_truth(L, k.items[1]));
        } else {
            Operand test = b_cmp(&bd, OP_NE, lhs, opd_int(0));
            if (op == OP_OR)
                test = b_op(&bd, OP_NOT, type_bool(), test, opd_none());
            r = lift_guarded(L, c, test, k.items[1], clang_getNullCursor(), opd_int(op == OP_OR),
                             ty);
        }
        L->arms--;
        return r;
    }
    SpineLink *spine = xmalloc(sizeof(SpineLink) * 16);
    int n = 1, cap = 16;
    spine[0] = (SpineLink){.node = c, .op = op};
    for (SpineLink next; !L->failed && spine_next(L, spine[n - 1].node, &next);) {
        if (n == cap)
            spine = xrealloc(spine, sizeof(SpineLink) * (size_t)(cap *= 2));
        spine[n++] = next;
    }
    int from;
    Operand x = spine_start(L, spine, n, &from);
    for (int i = from; i >= 0 && !L->failed; i--) {
        CXCursor node = spine[i].node;
        x = apply_binary(L, node, spine[i].op, x, lift_expr(L, kids_of(node).items[1]));
        /* the conversions between this node and the one above */
        for (int j = i > 0 ? spine[i].nconv - 1 : -1; j >= 0; j--) {
            Builder bd = lift_builder(L, spine[i].conv[j]);
            x = b_cast(&bd, expr_type(L, spine[i].conv[j]), x);
        }
    }
    free(spine);
    return x;
}

static Operand lift_unary(Lift *L, CXCursor c) {
    bool postfix;
    const char *op = unop_of(L, c, &postfix);
    Kids k = kids_of(c);
    Builder bd = lift_builder(L, c);
    if (strcmp(op, "-") == 0 && !postfix)
        return b_neg(&bd, b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0])));
    if (strcmp(op, "+") == 0 && !postfix)
        return b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0]));
    if (strcmp(op, "!") == 0 && !postfix) {
        Operand t = lift_truth(L, k.items[0]);
        if (t.kind == OPD_CONST) /* (`!t` after its malloc, `!w` of a helper's NULL) */
            return b_cmp(&bd, OP_EQ, t, opd_int(0));
        return b_op(&bd, OP_NOT, type_bool(), t, opd_none());
    }
    if (strcmp(op, "~") == 0 && !postfix) {
        Type ty = expr_type(L, c);
        return b_op(&bd, OP_BITNOT, ty, b_cast(&bd, ty, lift_expr(L, k.items[0])), opd_none());
    }
    if (is_deref(L, c))
        return lift_read(L, c);
    if ((strcmp(op, "++") == 0 || strcmp(op, "--") == 0) && L->arms == 0)
        return lift_incdec_value(L, c, postfix);
    if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0)
        lift_fail(
            L, c,
            "write the increment as a statement of its own, inside an if where C evaluates it "
            "only sometimes: if (c) { ...; k++; }",
            "'%s' where C may not evaluate it (an arm of ?:, or right of && or ||)", op);
    else
        lift_fail(L, c,
                  "take addresses of array elements (&a[i]) or pass &x to a helper of this file",
                  "unsupported unary operator '%s'", op);
    return opd_int(0);
}

/* An argument of an inactive call that is no value: a string literal, or
 * stdout and stderr (which the output's #include <stdio.h> declares). */
static bool verbatim_arg(Lift *L, CXCursor a) {
    a = strip_implicit(a);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k == CXCursor_StringLiteral)
        return true;
    if (k != CXCursor_DeclRefExpr || env_lookup(L, a) >= 0)
        return false;
    const char *name = cursor_spelling(L, a);
    return strcmp(name, "stderr") == 0 || strcmp(name, "stdout") == 0;
}

/* A verbatim argument as the generated file must spell it, not as the
 * source does (inside a macro of the user's, LOG(...) standing for
 * fprintf(stderr, ...), the text is the macro's call): a string literal
 * as the compiler sees it (a macro's, "a" "b" joined; clang writes it
 * back escaped), stderr and stdout by name. */
static const char *verbatim_text(Lift *L, CXCursor a) {
    return cursor_spelling(L, strip_implicit(a));
}

/* ---- the values of kept calls ----
 * A kept call runs once, where the primal runs it (the forward sweep); a
 * re-execution of its code in the return sweep must see the value it
 * returned then, not call it again (a timer's budget decides a break). Such
 * calls outside parallel loops are numbered as they run by a counter the
 * lifted code carries like a variable of the user's; the forward sweep
 * keeps each value under its number, re-executions read it back
 * (simplify.c). Where no re-execution reads a value, the numbering goes
 * again. Inside a parallel loop the iterations cannot share a counter. */
typedef struct KeptScan {
    Lift *L;
    int depth;
    bool found;
    /* the helpers scanned so far (once each: a tree of calls is scanned
     * in time linear in the helpers, not in the calls) */
    CXCursor *seen;
    int nseen, capseen;
} KeptScan;

static bool scanned_before(KeptScan *ks, CXCursor def) {
    for (int i = 0; i < ks->nseen; i++)
        if (clang_equalCursors(ks->seen[i], def))
            return true;
    if (ks->nseen == ks->capseen) {
        ks->capseen = ks->capseen ? 2 * ks->capseen : 16;
        ks->seen = xrealloc(ks->seen, sizeof(CXCursor) * (size_t)ks->capseen);
    }
    ks->seen[ks->nseen++] = def;
    return false;
}

static enum CXChildVisitResult find_kept_value(CXCursor c, CXCursor parent, CXClientData data) {
    KeptScan *ks = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    const char *name = cursor_spelling(ks->L, c);
    bool discarded = clang_getCursorKind(parent) == CXCursor_CompoundStmt ||
                     clang_getCursorType(parent).kind == CXType_Void;
    if (effect_header(name) && clang_getCursorType(c).kind != CXType_Void && !discarded)
        ks->found = true;
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    if (!ks->found && ks->depth < 32 && !clang_Cursor_isNull(def) &&
        clang_getCursorKind(def) == CXCursor_FunctionDecl && user_definition(def) &&
        !scanned_before(ks, def)) {
        ks->depth++;
        clang_visitChildren(def, find_kept_value, ks);
        ks->depth--;
    }
    return ks->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool reads_kept_value(Lift *L, CXCursor scope) {
    KeptScan ks = {L, 0, false, NULL, 0, 0};
    clang_visitChildren(scope, find_kept_value, &ks);
    free(ks.seen);
    return ks.found;
}

void start_kept_calls(Lift *L, CXCursor body) {
    if (!reads_kept_value(L, body))
        return;
    Binding *b = env_bind(L, clang_getNullCursor(), "kept_calls");
    b->ty = type_long();
    b->val = opd_int(0);
    L->kept_calls = L->nenv;
}

bool numbers_kept_calls(Lift *L) {
    for (int i = 0; i < L->nbarriers; i++)
        if (L->barriers[i].kind == BARRIER_MAP || L->barriers[i].kind == BARRIER_REDUCE)
            return false;
    return L->kept_calls > 0;
}

/* The number of the kept call s, where its value is kept (as its last
 * argument, EffectArg.kept_number) */
static void number_kept_call(Lift *L, CXCursor c, Stmt *s) {
    if (!s->dst || !numbers_kept_calls(L) || clang_equalCursors(c, L->discarded))
        return;
    Binding *counter = &L->env[L->kept_calls - 1];
    EffectArg *number = arena_alloc(L->a, sizeof(EffectArg));
    number->val = counter->val;
    number->kept_number = true;
    vec_push(L->a, &s->effect_args, number);
    Builder bd = lift_builder(L, c);
    counter->val = b_add(&bd, counter->val, opd_int(1));
}

/* printf, timers...: no derivative, and they must run as often as in the
 * primal (the forward sweep), never in re-executions. Arguments are values
 * (lifted) or verbatim text. */
static Operand lift_effect(Lift *L, CXCursor c, const char *name, KidList *k) {
    Stmt *s = stmt_new(L->a, S_EFFECT, loc_of(L, c));
    s->text = name;
    s->effect_id = L->f->next_effect_id++;
    for (int i = 1; i < k->n && !L->failed; i++) {
        EffectArg *ea = arena_alloc(L->a, sizeof(EffectArg));
        Type ty;
        if (verbatim_arg(L, k->items[i]))
            ea->text = verbatim_text(L, k->items[i]);
        else if (map_type(clang_getCursorType(k->items[i]), &ty))
            ea->val = lift_expr(L, k->items[i]);
        else
            lift_fail(L, k->items[i], "pass numbers, string literals, stdout or stderr to it",
                      "argument of '%s' that pargrad cannot keep", name);
        vec_push(L->a, &s->effect_args, ea);
    }
    Type rty;
    if (map_type(clang_getCursorType(c), &rty) && rty.kind != TY_VOID)
        s->dst = var_new(L->a, L->f, TEMP_NAME, rty);
    body_append(L->a, L->cur, s);
    number_kept_call(L, c, s);
    return s->dst ? opd_var(s->dst) : opd_int(0);
}

/* math.h's classifications as C library headers expand them
 * (__builtin_isnan(x), ...): comparisons, which carry no derivative;
 * false (nothing lifted) for the others */
static bool lift_fp_class(Lift *L, CXCursor c, const char *name, KidList *k, Operand *out) {
    static const char *const names[] = {"__builtin_isnan", "__builtin_isinf",
                                        "__builtin_isinf_sign", "__builtin_isfinite"};
    int which = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, names[i]))
            which = i;
    if (which < 0 || k->n != 2)
        return false;
    Builder bd = lift_builder(L, c);
    Operand x = lift_expr(L, k->items[1]);
    bd = lift_builder(L, c);
    Operand inf = b_fconst(INFINITY, x.ty), minus_inf = b_fconst(-INFINITY, x.ty);
    Operand is_inf = b_cmp(&bd, OP_EQ, x, inf), is_minus_inf = b_cmp(&bd, OP_EQ, x, minus_inf);
    Type ty = expr_type(L, c);
    switch (which) {
    case 0: /* only a NaN differs from itself */
        *out = b_cmp(&bd, OP_NE, x, x);
        break;
    case 1:
        *out = b_op(&bd, OP_OR, ty, is_inf, is_minus_inf);
        break;
    case 2: /* 1 for +inf, -1 for -inf */
        *out = b_sub(&bd, b_cast(&bd, ty, is_inf), b_cast(&bd, ty, is_minus_inf));
        break;
    default: /* neither infinite nor NaN */
        *out = b_op(&bd, OP_AND, ty, b_cmp(&bd, OP_EQ, x, x),
                    b_op(&bd, OP_NOT, ty, b_op(&bd, OP_OR, ty, is_inf, is_minus_inf), opd_none()));
        break;
    }
    *out = b_cast(&bd, ty, *out);
    return true;
}

/* math.h's fused and scaling calls in terms of the table's:
 * fma(a, b, c) as a * b + c (its derivatives; the value rounded twice,
 * not once), ldexp(x, e) and scalbn(x, e) as x * exp2(e) (exact). False
 * for others. */
static bool lift_scaled_call(Lift *L, CXCursor c, const char *name, KidList *k, Operand *out) {
    bool fma = !strcmp(name, "fma") || !strcmp(name, "fmaf");
    bool scale = !strcmp(name, "ldexp") || !strcmp(name, "ldexpf") || !strcmp(name, "scalbn") ||
                 !strcmp(name, "scalbnf") || !strcmp(name, "scalbln") || !strcmp(name, "scalblnf");
    if (!(fma && k->n == 4) && !(scale && k->n == 3))
        return false;
    Type ty = expr_type(L, c);
    Operand x = lift_expr(L, k->items[1]), y = lift_expr(L, k->items[2]);
    Operand z = fma ? lift_expr(L, k->items[3]) : opd_none();
    Builder bd = lift_builder(L, c);
    x = b_cast(&bd, ty, x);
    y = b_cast(&bd, ty, y);
    if (fma) {
        *out = b_add(&bd, b_mul(&bd, x, y), b_cast(&bd, ty, z));
        return true;
    }
    Type fty;
    int exp2_fn =
        deriv_lookup(type_is_float(ty) && !strcmp(ty.cname, "float") ? "exp2f" : "exp2", &fty);
    *out = b_mul(&bd, x, b_call(&bd, exp2_fn, y, opd_none()));
    return true;
}

/* Stores v where a call's pointer argument points: a local scalar (`&e`,
 * or a helper's pointer to its caller's scalar), or an array element
 * (`&e[i]`, a pointer into an array); false (reported) otherwise. */
static bool store_through(Lift *L, CXCursor call, CXCursor arg, Operand v) {
    CXCursor a = strip_implicit(arg);
    while (clang_getCursorKind(a) == CXCursor_ParenExpr)
        a = strip_implicit(kids_of(a).items[0]);
    bool post;
    int b = -1;
    bool address =
        clang_getCursorKind(a) == CXCursor_UnaryOperator && !strcmp(unop_of(L, a, &post), "&");
    CXCursor t = address ? strip_implicit(kids_of(a).items[0]) : a;
    if (address && clang_getCursorKind(t) == CXCursor_ArraySubscriptExpr) {
        Operand idx[4];
        int n = 0;
        Buffer *buf = lift_subscripts(L, t, idx, &n);
        if (buf)
            write_element(L, arg, buf, idx, n, v);
        return buf != NULL;
    }
    if (address && clang_getCursorKind(t) == CXCursor_DeclRefExpr) {
        b = env_lookup(L, t);
    } else if (!address && clang_getCursorKind(t) == CXCursor_DeclRefExpr) {
        int p = env_lookup(L, t);
        b = p >= 0 && L->env[p].ref ? L->env[p].ref - 1 : -1;
        if (p >= 0 && L->env[p].is_view) { /* a pointer into an array */
            Operand off;
            Buffer *buf = lift_view(L, t, &off);
            if (buf)
                write_element(L, arg, buf, &off, 1, v);
            return buf != NULL;
        }
    }
    if (b >= 0 && (L->env[b].is_array || L->env[b].is_view || L->env[b].role != ROLE_NORMAL))
        b = -1;
    if (b < 0) {
        lift_fail(L, arg, "store into a local scalar or an array element: f(x, &e), f(x, &e[i])",
                  "'%s' stores into something pargrad does not follow", cursor_spelling(L, call));
        return false;
    }
    if (!check_assignable(L, arg, b))
        return false;
    assign_scalar(L, arg, b, v);
    return true;
}

/* math.h's calls that split a value and store one part through a pointer:
 * frexp(x, &e) is x * exp2(-e) with e = logb(x) + 1 (0 for x = 0),
 * modf(x, &ip) is x - trunc(x) with ip = trunc(x); the stored part is
 * piecewise constant, the returned one has x's derivative scaled. False
 * for others. */
static bool lift_split_call(Lift *L, CXCursor c, const char *name, KidList *k, Operand *out) {
    bool frexp_ = !strcmp(name, "frexp") || !strcmp(name, "frexpf");
    bool modf_ = !strcmp(name, "modf") || !strcmp(name, "modff");
    if (!(frexp_ || modf_) || k->n != 3)
        return false;
    Type ty = expr_type(L, c), fty;
    bool single = !strcmp(ty.cname, "float");
    Builder bd = lift_builder(L, c);
    Operand x = b_cast(&bd, ty, lift_expr(L, k->items[1]));
    if (modf_) {
        Operand ip = b_call(&bd, deriv_lookup(single ? "truncf" : "trunc", &fty), x, opd_none());
        *out = store_through(L, c, k->items[2], ip) ? b_sub(&bd, x, ip) : b_fconst(0, ty);
        return true;
    }
    Operand lb = b_call(&bd, deriv_lookup(single ? "logbf" : "logb", &fty), x, opd_none());
    Operand e = b_add(&bd, b_cast(&bd, type_int(), lb), opd_int(1));
    e = b_select(&bd, b_cmp(&bd, OP_EQ, x, b_fconst(0, ty)), opd_int(0), e);
    if (!store_through(L, c, k->items[2], e)) {
        *out = b_fconst(0, ty);
        return true;
    }
    bd = lift_builder(L, c);
    Operand scale = b_cast(&bd, ty, b_neg(&bd, e));
    *out = b_mul(&bd, x,
                 b_call(&bd, deriv_lookup(single ? "exp2f" : "exp2", &fty), scale, opd_none()));
    return true;
}

static Operand lift_call(Lift *L, CXCursor c) {
    const char *name = cursor_spelling(L, c);
    KidList k = all_kids(L->a, c);
    /* k.items[0] is the callee; the rest are arguments. */
    if (strncmp(name, "__builtin_", 10) == 0) {
        Operand v;
        if (lift_fp_class(L, c, name, &k, &v))
            return v;
        bool ok;
        v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
        /* INFINITY, HUGE_VAL and NAN: __builtin_inff(), __builtin_nan("") */
        Type ty = expr_type(L, c);
        bool constant = k.n == 1 || (k.n == 2 && clang_getCursorKind(strip_implicit(k.items[1])) ==
                                                     CXCursor_StringLiteral);
        if (constant && (!strncmp(name, "__builtin_inf", 13) || strstr(name, "huge_val")))
            return opd_float(INFINITY, ty);
        if (constant && !strncmp(name, "__builtin_nan", 13))
            return opd_float(NAN, ty);
    }
    Type fty;
    int fn = deriv_lookup(name, &fty);
    if (fn >= 0 && strncmp(name, "pg_", 3) != 0) {
        int arity = deriv_arity(fn);
        if (k.n - 1 != arity) {
            lift_fail(L, c, NULL, "wrong number of arguments to '%s'", name);
            return opd_float(0, fty);
        }
        Builder bd = lift_builder(L, c);
        Operand x = b_cast(&bd, fty, lift_expr(L, k.items[1]));
        Operand y = arity > 1 ? b_cast(&bd, fty, lift_expr(L, k.items[2])) : opd_none();
        bd = lift_builder(L, c);
        return b_call(&bd, fn, x, y);
    }
    Operand v;
    if (lift_scaled_call(L, c, name, &k, &v) || lift_split_call(L, c, name, &k, &v))
        return v;
    if (lift_mem_call(L, c, name, &k))
        return opd_int(0);
    if ((strcmp(name, "abs") == 0 || strcmp(name, "labs") == 0 || strcmp(name, "llabs") == 0) &&
        k.n == 2) { /* integer arithmetic: no derivative, C's value */
        Builder bd = lift_builder(L, c);
        Operand x = b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[1]));
        Operand neg = b_cmp(&bd, OP_LT, x, b_fconst(0, x.ty));
        return b_select(&bd, neg, b_neg(&bd, x), x);
    }
    if (strcmp(name, "free") == 0 && k.n == 2) {
        CXCursor a = strip_implicit(k.items[1]);
        int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
        /* the generated code frees its temporaries at its end (and never
         * the caller's arrays, where a pointer may have moved to one) */
        if (b >= 0 && ((L->env[b].is_array && L->env[b].buf->heap) || L->env[b].is_view))
            return opd_int(0);
    }
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl &&
        user_definition(def)) {
        KidList args = {.a = L->a, .items = k.items + 1, .n = k.n - 1};
        return lift_inline_call(L, c, def, &args);
    }
    if (effect_header(name) && L->arms > 0) {
        lift_fail(L, c,
                  "call it as a statement of its own, inside an if where C calls it only "
                  "sometimes: if (c) printf(...);",
                  "'%s' where C may not call it (an arm of ?:, or right of && or ||)", name);
        return opd_int(0);
    }
    if (effect_header(name))
        return lift_effect(L, c, name, &k);
    if (!strcmp(name, "memcpy") || !strcmp(name, "memmove") || !strcmp(name, "memset")) {
        lift_fail(L, c,
                  !strcmp(name, "memset")
                      ? "write the fill as a loop, e.g. `#pragma pargrad map` then `for (i = 0; i "
                        "< n; i++) h[i] = 0.0;`, or allocate the array with calloc"
                      : "write the copy as a loop, e.g. `#pragma pargrad map` then `for (i = 0; "
                        "i < n; i++) dst[i] = src[i];` (the compiler turns it into the same copy)",
                  "call to '%s', which pargrad cannot see or differentiate", name);
        return opd_float(0, type_double());
    }
    lift_fail(L, c,
              "pargrad differentiates the math.h functions and functions defined in the file "
              "or its own headers; printf, fprintf, puts, timers and omp_set_num_threads are kept "
              "as they are",
              "call to '%s', which pargrad cannot see or differentiate", name);
    return opd_float(0, type_double());
}

/* The current value of a scalar binding, reporting a read of no value. */
Operand binding_value(Lift *L, CXCursor at, int b) {
    Binding *bd = &L->env[b];
    if (bd->val.kind != OPD_NONE)
        return bd->val;
    if (bd->ref)
        lift_fail(L, at, "read the scalar as *p or p[0]", "%s",
                  arena_printf(L->a, "'%s' points to the scalar '%s' and is used here as a value",
                               bd->name, L->env[bd->ref - 1].name));
    else if (bd->private_barrier)
        lift_fail(
            L, at,
            L->barriers[bd->private_barrier - 1].kind == BARRIER_REDUCE
                ? "assign it in the iteration before reading it, or declare it inside the loop; "
                  "to combine values across iterations list it in the reduce(OP: var)"
                : "assign it in the iteration before reading it, or declare it inside the loop; "
                  "to combine values across iterations, compute them in a loop of their own "
                  "annotated reduce(OP: var) (one annotation per loop)",
            "'%s' is declared outside this parallel loop and read before the iteration assigns "
            "it: its value would come from another iteration",
            bd->name);
    else if (bd->unset_why)
        lift_fail(L, at, "declare it inside the loop, or give it a value on every path",
                  bd->unset_why, bd->name);
    else
        lift_fail(L, at, "give the variable a value before using it",
                  "'%s' is used before it is assigned", bd->name);
    return opd_float(0, type_is_float(bd->ty) ? bd->ty : type_double());
}

/* The scalar b read at c: a scan's variable combines its prefix. */
Operand scalar_read(Lift *L, CXCursor c, int b) {
    if (L->env[b].role == ROLE_SCAN)
        return scan_value(L, c, b);
    if (L->env[b].role == ROLE_ACC) {
        lift_fail(L, c,
                  "a reduce variable may only be updated (s += e, s = fmin(s, e), ...); "
                  "read it after the loop",
                  "reads the reduction variable '%s' inside its reduce", L->env[b].name);
        return opd_int(0);
    }
    return binding_value(L, c, b);
}

/* sizeof of an array sized at run time, or of its rows (sizeof t,
 * sizeof u[i], sizeof *p for double t[n], u[n][m] or a parameter
 * p[n][m]): its element size times the extents it spans; false where
 * those are not known. */
static bool array_sizeof(Lift *L, CXCursor c, Operand *size) {
    Kids k = kids_of(c);
    if (k.n != 1) /* (an _Alignof is always a constant) */
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(k.items[0]));
    while (t.kind == CXType_VariableArray || t.kind == CXType_ConstantArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    CXCursor e = strip_parens(strip_implicit(k.items[0]));
    int subscripts = 0;
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(e);
        bool postfix;
        bool deref = kind == CXCursor_UnaryOperator && !strcmp(unop_of(L, e, &postfix), "*");
        if (kind != CXCursor_ArraySubscriptExpr && !deref)
            break;
        subscripts++;
        e = strip_parens(strip_implicit(kids_of(e).items[0]));
    }
    int b = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? env_lookup(L, e) : -1;
    if (b < 0 || !L->env[b].is_array || !L->env[b].buf || L->env[b].is_view ||
        subscripts >= L->env[b].buf->rank)
        return false;
    Builder bd = lift_builder(L, c);
    *size = opd_int(clang_Type_getSizeOf(t));
    for (int i = subscripts; i < L->env[b].buf->rank; i++) {
        Operand d = array_dim(L, L->env[b].buf, i);
        if (d.kind == OPD_NONE)
            return false;
        *size = b_mul(&bd, b_cast(&bd, type_long(), d), *size);
    }
    *size = b_cast(&bd, expr_type(L, c), *size);
    return true;
}

static Operand lift_expr_node(Lift *L, CXCursor c);

/* Expressions nested deeper than this (left-nested chains do not count:
 * lift_binary loops over them) are reported instead of overflowing the
 * stack. */
enum { MAX_EXPR_DEPTH = 1000 };

Operand lift_expr(Lift *L, CXCursor c) {
    if (L->failed)
        return opd_float(0, type_double());
    if (L->expr_depth == MAX_EXPR_DEPTH) {
        lift_fail(L, c, "split the expression into statements with temporaries",
                  "expression nested more than %s levels deep",
                  arena_printf(L->a, "%d", MAX_EXPR_DEPTH));
        return opd_float(0, type_double());
    }
    L->expr_depth++;
    Operand v = lift_expr_node(L, c);
    L->expr_depth--;
    return v;
}

static Operand lift_expr_node(Lift *L, CXCursor c) {
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* Constant arithmetic (also from macros, whose tokens are not in the
     * file) is folded by clang. */
    if ((kind == CXCursor_UnaryOperator || kind == CXCursor_BinaryOperator) && !reads_or_calls(c)) {
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
    }
    switch (kind) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: { /* sizeof, _Alignof */
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (!ok && !array_sizeof(L, c, &v))
            lift_fail(L, c,
                      "write the size as a count times the element's size: n * sizeof(double)",
                      "cannot evaluate this size%s", "");
        return v;
    }
    case CXCursor_ParenExpr:
        return lift_expr(L, kids_of(c).items[0]);
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        Kids k = kids_of(c);
        if (k.n == 0) {
            lift_fail(L, c, NULL, "unsupported expression%s", "");
            return opd_int(0);
        }
        CXCursor inner = k.items[k.n - 1];
        Operand v = lift_expr(L, inner);
        CXType ct = clang_getCanonicalType(clang_getCursorType(c));
        if (ct.kind == CXType_Pointer || ct.kind == CXType_ConstantArray)
            return v;
        Builder bd = lift_builder(L, c);
        return b_cast(&bd, expr_type(L, c), v);
    }
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(c);
        if (clang_getCursorKind(decl) == CXCursor_EnumConstantDecl)
            return opd_int(clang_getEnumConstantDeclValue(decl));
        int b = env_lookup(L, c);
        if (b < 0 && is_file_scope_var(decl))
            return lift_global_scalar(L, c, decl);
        if (b < 0) {
            lift_fail(L, c, "differentiated functions may read their parameters and locals only",
                      "'%s' is not a parameter or local of the function", cursor_spelling(L, c));
            return opd_int(0);
        }
        Binding *bd = &L->env[b];
        if (bd->shape || (bd->is_array && bd->buf->by_value)) {
            struct_as_value(L, c);
            return opd_int(0);
        }
        if (bd->is_array || bd->is_view) {
            lift_fail(L, c, "index it, e.g. x[i] or *p",
                      bd->is_array ? "array '%s' used as a value" : "pointer '%s' used as a value",
                      bd->name);
            return opd_int(0);
        }
        return scalar_read(L, c, b);
    }
    case CXCursor_BinaryOperator:
        return lift_binary(L, c);
    case CXCursor_UnaryOperator:
        return lift_unary(L, c);
    case CXCursor_ArraySubscriptExpr:
        return lift_read(L, c);
    case CXCursor_MemberRefExpr:
        return lift_member_read(L, c);
    case CXCursor_CallExpr:
        return lift_call(L, c);
    case CXCursor_ConditionalOperator: {
        Kids k = kids_of(c);
        Type ty = expr_type(L, c);
        Builder bd = lift_builder(L, c);
        Operand cond = b_cmp(&bd, OP_NE, lift_truth(L, k.items[0]), opd_int(0)), r;
        if (cond.kind == OPD_CONST && tests_null_view(L, k.items[0])) /* `w ? w[i] : 1.0` */
            return b_cast(&bd, ty, lift_expr(L, k.items[cond.ival ? 1 : 2]));
        L->arms++;
        if (reads_memory(L, k.items[1]) || reads_memory(L, k.items[2]) ||
            has_kind(k.items[1], CXCursor_CallExpr) || has_kind(k.items[2], CXCursor_CallExpr) ||
            has_division(L, k.items[1]) || has_division(L, k.items[2])) {
            r = lift_guarded(L, c, cond, k.items[1], k.items[2], opd_none(), ty);
        } else {
            Operand x = b_cast(&bd, ty, lift_expr(L, k.items[1]));
            Operand y = b_cast(&bd, ty, lift_expr(L, k.items[2]));
            bd = lift_builder(L, c);
            r = b_select(&bd, cond, x, y);
        }
        L->arms--;
        return r;
    }
    case CXCursor_CompoundAssignOperator:
        return lift_assign_value(L, c, binop_of(L, c));
    default: {
        CXString ks = clang_getCursorKindSpelling(kind);
        lift_fail(L, c, "see the supported C subset in PRAGMAS.md section 5",
                  "unsupported expression (%s)", clang_getCString(ks));
        clang_disposeString(ks);
        return opd_int(0);
    }
    }
}
