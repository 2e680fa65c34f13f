/* `switch` as C programs use it to pick a mode (an activation, a boundary
 * condition): arms of case labels, each ending in break (or a return or
 * continue), lifted as the chain of ifs it means,
 *   if (v == c1 || v == c2) arm1 else if (v == c3) arm2 ... else default.
 * An arm that falls through into the next one, or a break other than the
 * one ending an arm, is a diagnostic. */
#include "lift.h"

/* An arm: its labels' values, whether `default` is one of them, and its
 * statements without the break that ends it. */
typedef struct SwitchArm {
    CXCursor *labels, *stmts;
    int nlabels, nstmts, cap_labels, cap_stmts;
    bool is_default;
} SwitchArm;

typedef struct Switch {
    CXCursor at;
    Operand value;
    SwitchArm *arms;
    int narms, next; /* next: the first arm the else of the if being lifted tests */
} Switch;

static void push_cursor(Lift *L, CXCursor **v, int *n, int *cap, CXCursor c) {
    if (*n == *cap) { /* (doubling in the arena: the old array stays until the end) */
        *cap = *cap ? 2 * *cap : 4;
        CXCursor *grown = arena_alloc(L->a, sizeof(CXCursor) * (size_t)*cap);
        for (int i = 0; i < *n; i++)
            grown[i] = (*v)[i];
        *v = grown;
    }
    (*v)[(*n)++] = c;
}

static bool is_label(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt;
}

/* A new arm at each label after statements; the labels of `case 0: case
 * 1: s` nest, the statement innermost. */
static bool split_arms(Lift *L, CXCursor body, Switch *sw) {
    KidList l = all_kids(L->a, body);
    int cap = l.n + 1;
    sw->arms = arena_alloc(L->a, sizeof(SwitchArm) * (size_t)cap);
    sw->narms = 0;
    for (int i = 0; i < l.n; i++) {
        CXCursor s = l.items[i];
        if (!is_label(s) && !sw->narms) {
            lift_fail(L, s, "put every statement of a switch under a case label",
                      "a statement before the first case of a switch%s", "");
            return false;
        }
        while (is_label(s)) {
            SwitchArm *last = sw->narms ? &sw->arms[sw->narms - 1] : NULL;
            if (!last || last->nstmts)
                last = &sw->arms[sw->narms++];
            if (clang_getCursorKind(s) == CXCursor_DefaultStmt)
                last->is_default = true;
            else
                push_cursor(L, &last->labels, &last->nlabels, &last->cap_labels,
                            kids_of(s).items[0]);
            s = kids_of(s).last;
        }
        SwitchArm *arm = &sw->arms[sw->narms - 1];
        if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
            KidList in = all_kids(L->a, s); /* case 0: { ...; break; } */
            for (int k = 0; k < in.n; k++)
                push_cursor(L, &arm->stmts, &arm->nstmts, &arm->cap_stmts, in.items[k]);
        } else {
            push_cursor(L, &arm->stmts, &arm->nstmts, &arm->cap_stmts, s);
        }
    }
    return true;
}

static bool ends_arm(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt || k == CXCursor_ContinueStmt;
}

/* Each arm but the last ends in break, return or continue; its ending break
 * goes, and no other break leaves it. */
static bool check_arms(Lift *L, CXCursor c, Switch *sw) {
    for (int i = 0; i < sw->narms; i++) {
        SwitchArm *arm = &sw->arms[i];
        CXCursor last = arm->nstmts ? arm->stmts[arm->nstmts - 1] : c;
        if (i + 1 < sw->narms && !ends_arm(last)) {
            lift_fail(L, last, "end the case with break; (pargrad does not follow fallthrough)",
                      "a case of the switch falls through into the next one%s", "");
            return false;
        }
        if (arm->nstmts && clang_getCursorKind(last) == CXCursor_BreakStmt)
            arm->nstmts--;
        for (int k = 0; k < arm->nstmts; k++)
            if (contains_break(arm->stmts[k])) {
                lift_fail(L, arm->stmts[k],
                          "guard the rest of the case with an if, and end the case with break",
                          "a break out of the switch before the end of its case%s", "");
                return false;
            }
    }
    return true;
}

static void lift_arm(Lift *L, void *ctx) {
    SwitchArm *arm = ctx;
    lift_stmts(L, arm->stmts, arm->nstmts);
}

/* v equals one of the arm's labels */
static Operand arm_test(Lift *L, Switch *sw, SwitchArm *arm) {
    Operand test = opd_none();
    for (int i = 0; i < arm->nlabels; i++) {
        Operand label = lift_expr(L, arm->labels[i]);
        Builder bd = lift_builder(L, sw->at);
        Operand eq = b_cmp(&bd, OP_EQ, sw->value, b_cast(&bd, sw->value.ty, label));
        test = test.kind == OPD_NONE ? eq : b_op(&bd, OP_OR, type_int(), test, eq);
    }
    return test;
}

/* The arms from sw->next on that are not the default, then the default. */
static void lift_arms(Lift *L, void *ctx) {
    Switch *sw = ctx;
    int i = sw->next;
    while (i < sw->narms && sw->arms[i].is_default)
        i++;
    if (i == sw->narms) {
        for (int k = 0; k < sw->narms; k++)
            if (sw->arms[k].is_default)
                lift_arm(L, &sw->arms[k]);
        return;
    }
    Operand test = arm_test(L, sw, &sw->arms[i]);
    sw->next = i + 1;
    if (test.kind == OPD_CONST) { /* (a mode an inlined call fixes) */
        if (test.ival)
            lift_arm(L, &sw->arms[i]);
        else
            lift_arms(L, sw);
        return;
    }
    Branches br = {lift_arm, lift_arms, &sw->arms[i], sw, 0};
    lift_if_by(L, sw->at, test, &br);
}

void lift_switch(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    CXCursor body = k.last;
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt) {
        lift_fail(L, c, "write the switch's cases in braces", "a switch without braces%s", "");
        return;
    }
    Switch sw = {.at = c};
    if (!split_arms(L, body, &sw) || !check_arms(L, c, &sw))
        return;
    Builder bd = lift_builder(L, c);
    sw.value = lift_expr(L, k.items[0]);
    if (type_is_float(sw.value.ty))
        sw.value = b_cast(&bd, type_long(), sw.value);
    lift_arms(L, &sw);
}
