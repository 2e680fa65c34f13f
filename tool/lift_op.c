/* Declared operators: `#pragma pargrad declare op(NAME, TYPE, COMBINE,
 * IDENTITY) [commutative] [inverse(INV)]` checked against the file, and
 * the operator a combinator loop names or updates with.
 *
 * COMBINE and INV are the user's functions of two values of TYPE. The
 * output defines its own copies (driver.c lifts them like any function
 * and emits them as static helpers), so they may be static in the input.
 * A loop updates its variable as s = COMBINE(s, e), or s = COMBINE(e, s)
 * when the operator is commutative. */
#include "lift.h"

#include <string.h>

static bool op_function(Frontend *fe, const char *name, SrcLoc at, Type ty, const char *role,
                        const char *tuple);

/* Whether t is spelled `name` where it is written or declared. */
static bool names_type(CXType t, const char *name) {
    CXType types[2] = {t, clang_getCanonicalType(t)};
    bool same = false;
    for (int i = 0; i < 2 && !same; i++) {
        CXString s = clang_getTypeSpelling(types[i]);
        same = !strcmp(clang_getCString(s), name);
        clang_disposeString(s);
    }
    return same;
}

static enum CXVisitorResult count_field(CXCursor field, CXClientData data) {
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(field)).kind;
    int *n = data;
    if (k != CXType_Double && k != CXType_Float) {
        *n = -1;
        return CXVisit_Break;
    }
    (*n)++;
    return CXVisit_Continue;
}

/* How many fields the struct t has, all double or float; -1 otherwise. */
static int floating_fields(CXType t) {
    int n = 0;
    clang_Type_visitFields(clang_getCanonicalType(t), count_field, &n);
    return n;
}

/* The type of a declared operator: a floating type, or (u->tuple) a
 * struct of floating fields, the type COMBINE returns. */
static bool op_type(Frontend *fe, Pragma *p, UserOp *u) {
    const char *t = p->type_name;
    if (!strcmp(t, "double") || !strcmp(t, "float")) {
        u->ty = !strcmp(t, "double") ? type_double() : type_float();
        return true;
    }
    CXCursor fc = frontend_find_function(fe, u->combine);
    if (clang_Cursor_isNull(fc)) /* reported as such */
        return op_function(fe, u->combine, p->combine_loc, type_double(), "combine", t);
    CXType rt = clang_getCursorResultType(fc);
    if (is_struct_type(rt) && names_type(rt, t) && (u->fields = floating_fields(rt)) > 0) {
        u->tuple = true;
        u->ty = type_double();
        return true;
    }
    diag_error(fe->d, p->type_loc,
               arena_printf(fe->a,
                            "name double, float, or a struct of double and float fields that "
                            "'%s' returns",
                            u->combine),
               "declared operators combine double or float values, or structs of them; not '%s'",
               t);
    return false;
}

/* Whether the function `name` is defined in the file or a header of the user's
 * as TYPE name(TYPE, TYPE). */
static bool op_function(Frontend *fe, const char *name, SrcLoc at, Type ty, const char *role,
                        const char *tuple) {
    CXCursor fc = frontend_find_function(fe, name);
    const char *tn = tuple ? tuple : type_cname(ty);
    if (clang_Cursor_isNull(fc)) {
        diag_error(fe->d, at,
                   arena_printf(fe->a, "define %s %s(%s a, %s b) in this file or a header of yours",
                                tn, name, tn, tn),
                   arena_printf(fe->a,
                                "the operator's %s '%%s' is not a function defined in "
                                "this file or its headers",
                                role),
                   name);
        return false;
    }
    Type t;
    CXType rt = clang_getCanonicalType(clang_getCursorResultType(fc));
    bool ok = (tuple ? is_struct_type(rt) : map_type(rt, &t) && t.kind == ty.kind) &&
              clang_Cursor_getNumArguments(fc) == 2;
    for (unsigned i = 0; ok && i < 2; i++) {
        CXType at = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fc, i)));
        ok = tuple ? clang_equalTypes(at, rt) : map_type(at, &t) && t.kind == ty.kind;
    }
    if (!ok)
        diag_error(fe->d, at,
                   arena_printf(fe->a, "declare it as %s %s(%s a, %s b)", tn, name, tn, tn),
                   arena_printf(fe->a,
                                "the operator's %s '%%s' does not take two %s values and "
                                "return one",
                                role, tn),
                   name);
    return ok;
}

static bool check_declared_op(Frontend *fe, Pragma *p, PtrVec *ops) {
    UserOp *u = p->decl_op;
    static const char *const reserved[] = {"min", "max", "affine"};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (!strcmp(u->name, reserved[i])) {
            diag_error(fe->d, u->loc, "give the operator another name",
                       "'%s' is a built-in operator", u->name);
            return false;
        }
    for (int i = 0; i < ops->len; i++) {
        UserOp *o = ops->items[i];
        if (!strcmp(o->name, u->name)) {
            diag_error(fe->d, u->loc, "give one of them another name",
                       arena_printf(fe->a, "the operator '%%s' is already declared at line %d",
                                    o->loc.line),
                       u->name);
            return false;
        }
    }
    if (!op_type(fe, p, u))
        return false;
    const char *tuple = u->tuple ? p->type_name : NULL;
    if (!op_function(fe, u->combine, p->combine_loc, u->ty, "combine", tuple))
        return false;
    if (u->inverse && !op_function(fe, u->inverse, p->inverse_loc, u->ty, "inverse", tuple))
        return false;
    if (u->tuple ? p->nidentity != u->fields : p->nidentity > 0) {
        diag_error(fe->d, u->loc,
                   u->tuple ? arena_printf(fe->a,
                                           "write it as a list, one constant per field of %s "
                                           "(%d): {0.0, 1.0}",
                                           p->type_name, u->fields)
                            : "write it as one number, e.g. 0.0",
                   "the identity of the operator '%s' does not match its type", u->name);
        return false;
    }
    u->identities = p->identities;
    u->identity = opd_float(p->identity, u->ty);
    u->helper = arena_printf(fe->a, "pargrad_op_%s", u->name);
    return true;
}

/* Checks the file's `declare op` pragmas and keeps the operators; the
 * number of bad ones. */
int frontend_declared_ops(Frontend *fe) {
    int bad = 0;
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->kind != PG_DECLARE || !p->decl_op)
            continue;
        p->attached = true;
        if (check_declared_op(fe, p, &fe->user_ops))
            vec_push(fe->a, &fe->user_ops, p->decl_op);
        else
            bad++;
    }
    return bad;
}

PtrVec *frontend_user_ops(Frontend *fe) {
    return &fe->user_ops;
}

/* The declared operator whose combine function is `fname`, or NULL. Where
 * several declare the same function, the one that promises most (an
 * inverse, then commutativity): a promise is about the function, so any of
 * its declarations makes it, and the invertible rules need no tape. */
UserOp *user_op_of_combine(Frontend *fe, const char *fname) {
    UserOp *best = NULL;
    int best_rank = -1;
    for (int i = 0; i < fe->user_ops.len; i++) {
        UserOp *u = fe->user_ops.items[i];
        int rank = 2 * (u->inverse && u->commutative) + u->commutative;
        if (!strcmp(u->combine, fname) && rank > best_rank) {
            best = u;
            best_rank = rank;
        }
    }
    return best;
}

/* The operator a combinator pragma names; NULL after a diagnostic. */
UserOp *pragma_user_op(Lift *L, Pragma *pg) {
    for (int i = 0; i < L->fe->user_ops.len; i++) {
        UserOp *u = L->fe->user_ops.items[i];
        if (!strcmp(u->name, pg->op_name)) {
            u->used = true;
            return u;
        }
    }
    lift_fail_at(L, pg->op_loc,
                 arena_printf(L->a,
                              "use one of +, *, min, max, affine, or declare it at file scope: "
                              "#pragma pargrad declare op(%s, double, COMBINE, IDENTITY)",
                              pg->op_name),
                 "unknown operator '%s'", pg->op_name);
    return NULL;
}

/* The e of s = COMBINE(s, e), or of s = COMBINE(e, s) for a commutative
 * operator; a null cursor otherwise (with a diagnostic when only the order
 * is wrong). */
CXCursor user_op_update(Lift *L, CXCursor rhs, int b, const UserOp *u) {
    CXCursor r = strip_implicit(rhs), none = clang_getNullCursor();
    KidList k = all_kids(L->a, r);
    if (clang_getCursorKind(r) != CXCursor_CallExpr || k.n != 3 ||
        strcmp(cursor_spelling(L, r), u->combine) != 0)
        return none;
    if (refers_to(L, k.items[1], b))
        return k.items[2];
    if (!refers_to(L, k.items[2], b))
        return none;
    if (u->commutative)
        return k.items[1];
    lift_fail(L, rhs,
              arena_printf(L->a,
                           "write %s = %s(%s, e), or declare the operator commutative if it is",
                           L->env[b].name, u->combine, L->env[b].name),
              "the operator '%s' is not declared commutative: the loop's variable must be "
              "its first argument",
              u->name);
    return none;
}
