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

/* The type of a declared operator: a floating type. */
static bool op_type(Frontend *fe, Pragma *p, Type *out) {
    const char *t = p->type_name;
    if (!strcmp(t, "double") || !strcmp(t, "float")) {
        *out = !strcmp(t, "double") ? type_double() : type_float();
        return true;
    }
    diag_error(fe->d, p->type_loc,
               "declare an operator per floating value (double or float); a struct's fields "
               "combined together are not supported yet",
               "declared operators combine double or float values, not '%s'", t);
    return false;
}

/* Whether the function `name` is defined in the file or a header of the user's
 * as TYPE name(TYPE, TYPE). */
static bool op_function(Frontend *fe, const char *name, SrcLoc at, Type ty, const char *role) {
    CXCursor fc = frontend_find_function(fe, name);
    const char *tn = type_cname(ty);
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
    bool ok = map_type(clang_getCursorResultType(fc), &t) && t.kind == ty.kind &&
              clang_Cursor_getNumArguments(fc) == 2;
    for (unsigned i = 0; ok && i < 2; i++)
        ok =
            map_type(clang_getCursorType(clang_Cursor_getArgument(fc, i)), &t) && t.kind == ty.kind;
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
    if (!op_type(fe, p, &u->ty) || !op_function(fe, u->combine, p->combine_loc, u->ty, "combine") ||
        (u->inverse && !op_function(fe, u->inverse, p->inverse_loc, u->ty, "inverse")))
        return false;
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

/* The declared operator whose combine function is `fname`, or NULL. */
UserOp *user_op_of_combine(Frontend *fe, const char *fname) {
    for (int i = 0; i < fe->user_ops.len; i++) {
        UserOp *u = fe->user_ops.items[i];
        if (!strcmp(u->combine, fname))
            return u;
    }
    return NULL;
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
