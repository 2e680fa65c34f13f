/* The table of partial derivatives (rewrite/derivs.c): lookup, and every
 * entry's partial checked numerically. Each partial is built into a small
 * function with deriv_partial, the statements are run by a tiny interpreter,
 * and the value is compared with a central finite difference of the real
 * math function. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derivs.h"
#include "irfix.h"
#include "pargrad.h"
#include "unit.h"

/* ---- lookup ---- */

static void test_lookup(void) {
    Type ty = type_int();
    int sin_fn = deriv_lookup("sin", &ty);
    CU_ASSERT_TRUE_FATAL(sin_fn >= 0);
    CU_ASSERT_EQUAL(ty.kind, TY_DOUBLE);
    CU_ASSERT_STRING_EQUAL(deriv_name(sin_fn), "sin");
    CU_ASSERT_EQUAL(deriv_arity(sin_fn), 1);

    ty = type_int();
    CU_ASSERT_EQUAL(deriv_lookup("sinf", &ty), sin_fn);
    CU_ASSERT_EQUAL(ty.kind, TY_FLOAT);

    /* Names that share a prefix are told apart. */
    int sinh_fn = deriv_lookup("sinh", &ty);
    CU_ASSERT_TRUE(sinh_fn >= 0 && sinh_fn != sin_fn);
    CU_ASSERT_EQUAL(deriv_lookup("sinhf", &ty), sinh_fn);
    CU_ASSERT_EQUAL(ty.kind, TY_FLOAT);
    CU_ASSERT_STRING_EQUAL(deriv_name(deriv_lookup("expm1f", &ty)), "expm1");
    CU_ASSERT_STRING_EQUAL(deriv_name(deriv_lookup("erfcf", &ty)), "erfc");
    CU_ASSERT_STRING_EQUAL(deriv_name(deriv_lookup("erff", &ty)), "erf");
    CU_ASSERT_EQUAL(ty.kind, TY_FLOAT);
    CU_ASSERT_STRING_EQUAL(deriv_name(deriv_lookup("exp2", &ty)), "exp2");
    CU_ASSERT_EQUAL(ty.kind, TY_DOUBLE);

    CU_ASSERT_EQUAL(deriv_lookup("sine", &ty), -1);
    CU_ASSERT_EQUAL(deriv_lookup("sinl", &ty), -1);
    CU_ASSERT_EQUAL(deriv_lookup("sinff", &ty), -1);
    CU_ASSERT_EQUAL(deriv_lookup("f", &ty), -1);
    CU_ASSERT_EQUAL(deriv_lookup("", &ty), -1);
    CU_ASSERT_EQUAL(deriv_lookup("printf", &ty), -1);

    CU_ASSERT_EQUAL(deriv_arity(deriv_lookup("atan2", &ty)), 2);
    CU_ASSERT_EQUAL(deriv_arity(deriv_lookup("pow", &ty)), 2);
    CU_ASSERT_EQUAL(deriv_arity(deriv_lookup("hypot", &ty)), 2);
    CU_ASSERT_EQUAL(deriv_arity(deriv_lookup("fmin", &ty)), 2);
    CU_ASSERT_EQUAL(deriv_arity(deriv_lookup("exp", &ty)), 1);

    /* Every entry is found under its own name. */
    CU_ASSERT_TRUE(deriv_count() >= 27);
    for (int i = 0; i < deriv_count(); i++) {
        CU_ASSERT_EQUAL(deriv_lookup(deriv_name(i), &ty), i);
        CU_ASSERT_TRUE(deriv_arity(i) == 1 || deriv_arity(i) == 2);
    }
}

/* ---- the functions themselves, by name ---- */

typedef struct MathFn {
    const char *name;
    double (*f1)(double);
    double (*f2)(double, double);
} MathFn;

static const MathFn math_fns[] = {
    {"sin", sin, NULL},
    {"cos", cos, NULL},
    {"tan", tan, NULL},
    {"asin", asin, NULL},
    {"acos", acos, NULL},
    {"atan", atan, NULL},
    {"atan2", NULL, atan2},
    {"sinh", sinh, NULL},
    {"cosh", cosh, NULL},
    {"tanh", tanh, NULL},
    {"asinh", asinh, NULL},
    {"acosh", acosh, NULL},
    {"atanh", atanh, NULL},
    {"exp", exp, NULL},
    {"exp2", exp2, NULL},
    {"expm1", expm1, NULL},
    {"log", log, NULL},
    {"log2", log2, NULL},
    {"log10", log10, NULL},
    {"log1p", log1p, NULL},
    {"sqrt", sqrt, NULL},
    {"cbrt", cbrt, NULL},
    {"pow", NULL, pow},
    {"hypot", NULL, hypot},
    {"fabs", fabs, NULL},
    {"fmin", NULL, fmin},
    {"fmax", NULL, fmax},
    {"erf", erf, NULL},
    {"erfc", erfc, NULL},
    {"lgamma", lgamma, NULL},
    {"tgamma", tgamma, NULL},
    {"pg_digamma", pg_digamma, NULL},
    {"pg_trigamma", pg_trigamma, NULL},
    {"floor", floor, NULL},
    {"ceil", ceil, NULL},
    {"round", round, NULL},
    {"trunc", trunc, NULL},
    {"rint", rint, NULL},
    {"nearbyint", nearbyint, NULL},
    {"logb", logb, NULL},
    {"fmod", NULL, fmod},
    {"remainder", NULL, remainder},
    {"copysign", NULL, copysign},
    {"fdim", NULL, fdim},
};

static const MathFn *math_fn(const char *name) {
    for (size_t i = 0; i < sizeof math_fns / sizeof math_fns[0]; i++)
        if (strcmp(math_fns[i].name, name) == 0)
            return &math_fns[i];
    return NULL;
}

static double call_fn(const MathFn *m, double a, double b) {
    return m->f1 ? m->f1(a) : m->f2(a, b);
}

/* ---- the interpreter ---- */

typedef struct Env {
    double *val; /* per variable id */
    bool failed;
} Env;

static double value(Env *e, Operand o) {
    if (o.kind == OPD_VAR)
        return e->val[o.var->id];
    if (o.kind == OPD_CONST)
        return type_is_float(o.ty) ? o.fval : (double)o.ival;
    e->failed = true;
    return NAN;
}

static double eval_let(Env *e, Stmt *s) {
    double x = s->nargs > 0 ? value(e, s->args[0]) : 0;
    double y = s->nargs > 1 ? value(e, s->args[1]) : 0;
    double z = s->nargs > 2 ? value(e, s->args[2]) : 0;
    switch (s->op) {
    case OP_COPY:
        return x;
    case OP_NEG:
        return -x;
    case OP_ADD:
        return x + y;
    case OP_SUB:
        return x - y;
    case OP_MUL:
        return x * y;
    case OP_DIV:
        return x / y;
    case OP_LT:
        return x < y;
    case OP_LE:
        return x <= y;
    case OP_GT:
        return x > y;
    case OP_GE:
        return x >= y;
    case OP_EQ:
        return x == y;
    case OP_NE:
        return x != y;
    case OP_AND:
        return x != 0 && y != 0;
    case OP_OR:
        return x != 0 || y != 0;
    case OP_NOT:
        return x == 0;
    case OP_SELECT:
        return x != 0 ? y : z;
    case OP_CAST:
        if (s->dst->ty.kind == TY_FLOAT)
            return (float)x;
        return type_is_float(s->dst->ty) ? x : (double)(long long)x;
    case OP_CALL: {
        const MathFn *m = math_fn(deriv_name(s->fn));
        if (!m || s->nargs != (m->f1 ? 1 : 2)) {
            fprintf(stderr, "\n  interpreter: cannot call %s/%d\n", deriv_name(s->fn), s->nargs);
            e->failed = true;
            return NAN;
        }
        return call_fn(m, x, y);
    }
    default:
        fprintf(stderr, "\n  interpreter: unexpected op %s\n", primop_name(s->op));
        e->failed = true;
        return NAN;
    }
}

static void eval_body(Env *e, Body *b) {
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_COMMENT)
            continue;
        if (s->kind != S_LET) {
            fprintf(stderr, "\n  interpreter: unexpected statement kind %d\n", (int)s->kind);
            e->failed = true;
            return;
        }
        e->val[s->dst->id] = eval_let(e, s);
    }
}

/* The partial d fn / d arg_k at (a, b), computed by the generated statements.
 * `ty` is the type the arguments have (double, or float for sinf & co.);
 * with float arguments every value the partial computes must be float too. */
static double built_partial(int fn, int k, Type ty, double a, double b, bool *ok) {
    Fx x;
    fx_init(&x, "partial", ty);
    const MathFn *m = math_fn(deriv_name(fn));
    int arity = deriv_arity(fn);
    Var *va = fx_scalar_param(&x, "a", ty);
    Var *vb = arity == 2 ? fx_scalar_param(&x, "b", ty) : NULL;
    Var *vr = fx_scalar_param(&x, "r", ty);
    Operand args[2] = {opd_var(va), vb ? opd_var(vb) : opd_none()};
    Operand d = deriv_partial(&x.bd, fn, k, args, opd_var(vr));
    Env e = {calloc((size_t)x.f.next_var_id + 1, sizeof(double)), false};
    e.val[va->id] = a;
    if (vb)
        e.val[vb->id] = b;
    e.val[vr->id] = call_fn(m, a, b);
    eval_body(&e, x.f.body);
    double result = value(&e, d);
    *ok = !e.failed;
    /* Float in, float out; comparisons are bools. */
    if (type_is_float(d.ty) && d.ty.kind != ty.kind) {
        fprintf(stderr, "\n  %s: partial %d has type %s for %s arguments\n", deriv_name(fn), k,
                type_cname(d.ty), type_cname(ty));
        *ok = false;
    }
    for (int i = 0; i < x.f.body->stmts.len; i++) {
        Stmt *s = x.f.body->stmts.items[i];
        if (s->kind == S_LET && s->dst->ty.kind != ty.kind && s->dst->ty.kind != TY_BOOL) {
            fprintf(stderr, "\n  %s: partial %d computes a %s for %s arguments\n", deriv_name(fn),
                    k, type_cname(s->dst->ty), type_cname(ty));
            *ok = false;
        }
    }
    /* The statements verify: everything they use is bound before. */
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull) {
        if (ir_verify(devnull, &x.f, true) != 0)
            *ok = false;
        fclose(devnull);
    }
    free(e.val);
    fx_free(&x);
    return result;
}

static double central_difference(const MathFn *m, int k, double a, double b) {
    double at = k == 0 ? a : b;
    double h = 1e-5 * fmax(1.0, fabs(at));
    if (k == 0)
        return (call_fn(m, a + h, b) - call_fn(m, a - h, b)) / (2 * h);
    return (call_fn(m, a, b + h) - call_fn(m, a, b - h)) / (2 * h);
}

/* Smooth points, inside each function's domain and away from kinks. */
typedef struct Case {
    const char *name;
    double pts[3][2];
} Case;

static const Case cases[] = {
    {"sin", {{0.3, 0}, {1.7, 0}, {-2.2, 0}}},
    {"cos", {{0.3, 0}, {1.7, 0}, {-2.2, 0}}},
    {"tan", {{0.3, 0}, {-1.0, 0}, {1.2, 0}}},
    {"asin", {{0.2, 0}, {-0.7, 0}, {0.5, 0}}},
    {"acos", {{0.2, 0}, {-0.7, 0}, {0.5, 0}}},
    {"atan", {{0.3, 0}, {-2.0, 0}, {5.0, 0}}},
    {"atan2", {{0.5, 1.3}, {-1.2, 0.4}, {2.0, -3.0}}},
    {"sinh", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"cosh", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"tanh", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"asinh", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"acosh", {{1.3, 0}, {2.1, 0}, {7.0, 0}}},
    {"atanh", {{0.3, 0}, {-0.6, 0}, {0.9, 0}}},
    {"exp", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"exp2", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"expm1", {{0.3, 0}, {-1.1, 0}, {2.0, 0}}},
    {"log", {{0.5, 0}, {1.7, 0}, {12.0, 0}}},
    {"log2", {{0.5, 0}, {1.7, 0}, {12.0, 0}}},
    {"log10", {{0.5, 0}, {1.7, 0}, {12.0, 0}}},
    {"log1p", {{0.5, 0}, {-0.4, 0}, {3.0, 0}}},
    {"sqrt", {{0.5, 0}, {2.0, 0}, {9.0, 0}}},
    {"cbrt", {{0.5, 0}, {-2.0, 0}, {9.0, 0}}},
    {"pow", {{1.5, 2.3}, {0.7, -1.2}, {3.0, 0.5}}},
    {"hypot", {{3.0, 4.0}, {-1.2, 0.5}, {0.3, -2.0}}},
    {"fabs", {{1.3, 0}, {-0.7, 0}, {2.5, 0}}},
    {"fmin", {{0.5, 1.5}, {2.0, -1.0}, {-3.0, -2.9}}},
    {"fmax", {{0.5, 1.5}, {2.0, -1.0}, {-3.0, -2.9}}},
    {"erf", {{0.3, 0}, {-1.1, 0}, {1.5, 0}}},
    {"erfc", {{0.3, 0}, {-1.1, 0}, {1.5, 0}}},
    {"lgamma", {{0.5, 0}, {2.5, 0}, {7.3, 0}}},
    {"tgamma", {{0.5, 0}, {2.5, 0}, {4.3, 0}}},
    {"pg_digamma", {{0.5, 0}, {2.5, 0}, {7.3, 0}}},
    /* between the jumps of the piecewise constant ones and of fmod */
    {"floor", {{0.3, 0}, {-1.7, 0}, {2.5, 0}}},
    {"ceil", {{0.3, 0}, {-1.7, 0}, {2.5, 0}}},
    {"round", {{0.3, 0}, {-1.7, 0}, {2.2, 0}}},
    {"trunc", {{0.3, 0}, {-1.7, 0}, {2.5, 0}}},
    {"rint", {{0.3, 0}, {-1.7, 0}, {2.2, 0}}},
    {"nearbyint", {{0.3, 0}, {-1.7, 0}, {2.2, 0}}},
    {"logb", {{0.3, 0}, {-1.7, 0}, {5.2, 0}}},
    {"fmod", {{2.3, 0.7}, {-1.9, 0.5}, {5.2, -1.5}}},
    {"remainder", {{2.3, 0.7}, {-1.9, 0.5}, {5.2, -1.5}}},
    {"copysign", {{1.3, -0.5}, {-0.7, 2.0}, {-2.5, -1.0}}},
    {"fdim", {{1.5, 0.5}, {0.2, 1.0}, {-1.0, -3.0}}},
};

static void check_case(const Case *c, Type ty) {
    Type found;
    int fn = deriv_lookup(c->name, &found);
    CU_ASSERT_TRUE_FATAL(fn >= 0);
    const MathFn *m = math_fn(c->name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(deriv_arity(fn), m->f1 ? 1 : 2);
    for (int p = 0; p < 3; p++) {
        double a = c->pts[p][0], b = c->pts[p][1];
        for (int k = 0; k < deriv_arity(fn); k++) {
            bool ok = false;
            double got = built_partial(fn, k, ty, a, b, &ok);
            double want = central_difference(m, k, a, b);
            double tol = 1e-6 * fmax(fabs(want), 1e-3);
            bool close = isfinite(got) && fabs(got - want) <= tol;
            if (!ok || !close)
                fprintf(stderr, "\n  d %s(%g, %g) / d arg%d (%s): built %.17g, difference %.17g\n",
                        c->name, a, b, k, type_cname(ty), got, want);
            CU_ASSERT_TRUE(ok);
            CU_ASSERT_TRUE(close);
        }
    }
}

static void test_partials_double(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i], type_double());
}

static void test_partials_float(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i], type_float());
}

/* Every differentiable entry has a numeric case (pg_trigamma, the helper
 * that digamma's derivative calls, is not differentiated again). */
static void test_every_entry_checked(void) {
    size_t ncases = sizeof cases / sizeof cases[0];
    for (int fn = 0; fn < deriv_count(); fn++) {
        const char *name = deriv_name(fn);
        if (strcmp(name, "pg_trigamma") == 0)
            continue;
        bool found = false;
        for (size_t i = 0; i < ncases; i++)
            found |= strcmp(cases[i].name, name) == 0;
        if (!found)
            fprintf(stderr, "\n  no numeric check for '%s'\n", name);
        CU_ASSERT_TRUE(found);
    }
    CU_ASSERT_EQUAL((int)ncases, deriv_count() - 1);
}

static void test_special_points(void) {
    Type ty;
    int pow_fn = deriv_lookup("pow", &ty);
    bool ok;
    /* d/da a^b at a = 0 without dividing by a */
    CU_ASSERT_DOUBLE_EQUAL(built_partial(pow_fn, 0, type_double(), 0, 2, &ok), 0, 0);
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(pow_fn, 0, type_double(), 0, 1, &ok), 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(pow_fn, 0, type_double(), -2, 3, &ok), 12, 1e-12);
    /* d/db a^b is 0 (not NaN) where log a is undefined */
    CU_ASSERT_DOUBLE_EQUAL(built_partial(pow_fn, 1, type_double(), 0, 2, &ok), 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(pow_fn, 1, type_double(), -2, 2, &ok), 0, 0);
    CU_ASSERT_TRUE(ok);

    /* fmin/fmax: on ties the derivative goes to the first argument */
    int fmin_fn = deriv_lookup("fmin", &ty), fmax_fn = deriv_lookup("fmax", &ty);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmin_fn, 0, type_double(), 1, 1, &ok), 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmin_fn, 1, type_double(), 1, 1, &ok), 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmax_fn, 0, type_double(), 1, 1, &ok), 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmax_fn, 1, type_double(), 1, 1, &ok), 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmin_fn, 1, type_double(), 2, 1, &ok), 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(built_partial(fmax_fn, 1, type_double(), 1, 2, &ok), 1, 0);

    /* lgamma' = digamma, also left of 0 (reflection) */
    int lg_fn = deriv_lookup("lgamma", &ty);
    double d = built_partial(lg_fn, 0, type_double(), -0.5, 0, &ok);
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_DOUBLE_EQUAL(d, 0.03648997397857652, 1e-9); /* psi(-1/2) = 2 - gamma - 2 ln 2 */
    d = built_partial(lg_fn, 0, type_double(), 1, 0, &ok);
    CU_ASSERT_DOUBLE_EQUAL(d, -0.57721566490153286, 1e-12); /* psi(1) = -gamma */

    /* digamma' = trigamma, for derivatives of lgamma's derivative */
    int dg_fn = deriv_lookup("pg_digamma", &ty);
    CU_ASSERT_TRUE_FATAL(dg_fn >= 0);
    d = built_partial(dg_fn, 0, type_double(), 1, 0, &ok);
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_DOUBLE_EQUAL(d, 1.6449340668482264, 1e-12); /* psi1(1) = pi^2 / 6 */
    /* the trigamma helper's own entry contributes nothing */
    int tg_fn = deriv_lookup("pg_trigamma", &ty);
    CU_ASSERT_TRUE_FATAL(tg_fn >= 0);
    d = built_partial(tg_fn, 0, type_double(), 2.5, 0, &ok);
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_DOUBLE_EQUAL(d, 0, 0);
}

/* The partials reuse the result where they can: exp's partial is the result
 * itself, with no statement emitted. */
static void test_partial_reuses_result(void) {
    Fx x;
    fx_init(&x, "p", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *r = fx_scalar_param(&x, "r", type_double());
    Type ty;
    Operand args[2] = {opd_var(a), opd_none()};
    Operand d = deriv_partial(&x.bd, deriv_lookup("exp", &ty), 0, args, opd_var(r));
    CU_ASSERT_TRUE(d.kind == OPD_VAR && d.var == r);
    CU_ASSERT_EQUAL(x.f.body->stmts.len, 0);
    /* sin calls cos of the argument */
    d = deriv_partial(&x.bd, deriv_lookup("sin", &ty), 0, args, opd_var(r));
    CU_ASSERT_EQUAL_FATAL(x.f.body->stmts.len, 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->op, OP_CALL);
    CU_ASSERT_STRING_EQUAL(deriv_name(s->fn), "cos");
    CU_ASSERT_TRUE(s->args[0].kind == OPD_VAR && s->args[0].var == a);
    fx_free(&x);
}

void register_derivs_tests(void) {
    CU_pSuite s = CU_add_suite("derivs", NULL, NULL);
    CU_add_test(s, "lookup, names, arity", test_lookup);
    CU_add_test(s, "partials vs finite differences (double)", test_partials_double);
    CU_add_test(s, "partials vs finite differences (float)", test_partials_float);
    CU_add_test(s, "every entry has a numeric check", test_every_entry_checked);
    CU_add_test(s, "special points (pow at 0, ties, digamma)", test_special_points);
    CU_add_test(s, "partials reuse the result", test_partial_reuses_result);
}
