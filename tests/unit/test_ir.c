/* The IR builder (folding), printer and verifier (rewrite/ir.c). */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derivs.h"
#include "irfix.h"
#include "unit.h"

static int nstmts(Fx *x) {
    return x->f.body->stmts.len;
}

static bool is_var(Operand o, Var *v) {
    return o.kind == OPD_VAR && o.var == v;
}

/* ---- builder ---- */

static void test_fold_identities(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Operand A = opd_var(a);
    Operand one = opd_float(1, type_double()), zero = opd_float(0, type_double());

    CU_ASSERT_TRUE(is_var(b_mul(&x.bd, A, one), a));
    CU_ASSERT_TRUE(is_var(b_mul(&x.bd, one, A), a));
    CU_ASSERT_TRUE(is_var(b_mul(&x.bd, A, opd_int(1)), a));
    CU_ASSERT_TRUE(is_var(b_add(&x.bd, A, zero), a));
    CU_ASSERT_TRUE(is_var(b_add(&x.bd, zero, A), a));
    CU_ASSERT_TRUE(is_var(b_sub(&x.bd, A, zero), a));
    CU_ASSERT_TRUE(is_var(b_div(&x.bd, A, one), a));
    CU_ASSERT_EQUAL(nstmts(&x), 0); /* nothing emitted */
    fx_free(&x);
}

static void test_fold_zero_times(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *i = fx_scalar_param(&x, "i", type_int());
    /* Integer 0 * i is 0 ... */
    Operand r = b_mul(&x.bd, opd_int(0), opd_var(i));
    CU_ASSERT_EQUAL(r.kind, OPD_CONST);
    CU_ASSERT_EQUAL(r.ival, 0);
    r = b_mul(&x.bd, opd_var(i), opd_int(0));
    CU_ASSERT_EQUAL(r.kind, OPD_CONST);
    CU_ASSERT_EQUAL(nstmts(&x), 0);
    /* ... but floating 0 * a is not folded: 0 * inf is NaN. */
    r = b_mul(&x.bd, opd_var(a), opd_float(0, type_double()));
    CU_ASSERT_EQUAL(r.kind, OPD_VAR);
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->kind, S_LET);
    CU_ASSERT_EQUAL(s->op, OP_MUL);
    CU_ASSERT_TRUE(is_var(s->args[0], a));
    CU_ASSERT_TRUE(opd_is_const(s->args[1], 0));
    fx_free(&x);
}

static void test_fold_negation(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Operand r = b_neg(&x.bd, opd_float(2.5, type_double()));
    CU_ASSERT_EQUAL(r.kind, OPD_CONST);
    CU_ASSERT_DOUBLE_EQUAL(r.fval, -2.5, 0);
    CU_ASSERT_EQUAL(r.ty.kind, TY_DOUBLE);
    r = b_neg(&x.bd, opd_int(3));
    CU_ASSERT_EQUAL(r.ival, -3);
    CU_ASSERT_EQUAL(nstmts(&x), 0);

    /* x * -1 and 0 - x are negations. */
    r = b_mul(&x.bd, opd_var(a), opd_float(-1, type_double()));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->op, OP_NEG);
    CU_ASSERT_EQUAL(s->nargs, 1);
    CU_ASSERT_TRUE(is_var(s->args[0], a));
    CU_ASSERT_TRUE(is_var(r, s->dst));
    r = b_sub(&x.bd, opd_float(0, type_double()), opd_var(a));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 2);
    CU_ASSERT_EQUAL(((Stmt *)fx_last(x.f.body))->op, OP_NEG);
    fx_free(&x);
}

static void test_builder_emits(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *b = fx_scalar_param(&x, "b", type_float());
    Operand r = b_add(&x.bd, opd_var(a), opd_var(b));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->kind, S_LET);
    CU_ASSERT_EQUAL(s->op, OP_ADD);
    CU_ASSERT_EQUAL(s->nargs, 2);
    CU_ASSERT_TRUE(is_var(s->args[0], a));
    CU_ASSERT_TRUE(is_var(s->args[1], b));
    CU_ASSERT_TRUE(is_var(r, s->dst));
    CU_ASSERT_EQUAL(s->dst->ty.kind, TY_DOUBLE); /* float + double is double */
    CU_ASSERT_TRUE(var_is_temp(s->dst));
    CU_ASSERT_STRING_EQUAL(s->loc.file, "unit.c");

    /* float * float stays float */
    r = b_mul(&x.bd, opd_var(b), opd_var(b));
    CU_ASSERT_EQUAL(r.ty.kind, TY_FLOAT);
    r = b_div(&x.bd, opd_var(a), opd_float(2, type_double()));
    CU_ASSERT_EQUAL(((Stmt *)fx_last(x.f.body))->op, OP_DIV);

    Type ty;
    int sin_fn = deriv_lookup("sin", &ty), atan2_fn = deriv_lookup("atan2", &ty);
    r = b_call(&x.bd, sin_fn, opd_var(a), opd_none());
    s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->op, OP_CALL);
    CU_ASSERT_EQUAL(s->fn, sin_fn);
    CU_ASSERT_EQUAL(s->nargs, 1);
    r = b_call(&x.bd, atan2_fn, opd_var(a), opd_var(a));
    s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->fn, atan2_fn);
    CU_ASSERT_EQUAL(s->nargs, 2);
    CU_ASSERT_EQUAL(nstmts(&x), 5);
    fx_free(&x);
}

static void test_fold_comparisons(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    static const struct {
        PrimOp op;
        double a, b;
        int want;
    } cases[] = {
        {OP_LT, 1, 2, 1}, {OP_LT, 2, 2, 0}, {OP_LE, 2, 2, 1}, {OP_LE, 3, 2, 0},
        {OP_GT, 3, 2, 1}, {OP_GT, 2, 3, 0}, {OP_GE, 2, 2, 1}, {OP_GE, 1, 2, 0},
        {OP_EQ, 2, 2, 1}, {OP_EQ, 1, 2, 0}, {OP_NE, 1, 2, 1}, {OP_NE, 2, 2, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Operand r = b_cmp(&x.bd, cases[i].op, opd_float(cases[i].a, type_double()),
                          opd_float(cases[i].b, type_double()));
        CU_ASSERT_EQUAL(r.kind, OPD_CONST);
        CU_ASSERT_EQUAL(r.ival, cases[i].want);
        CU_ASSERT_EQUAL(r.ty.kind, TY_BOOL);
        /* The same with integer constants, and mixed. */
        r = b_cmp(&x.bd, cases[i].op, opd_int((long long)cases[i].a),
                  opd_float(cases[i].b, type_float()));
        CU_ASSERT_EQUAL(r.ival, cases[i].want);
    }
    /* 2.5 < 3 with the 2.5 a double, not truncated to 2 */
    Operand r = b_cmp(&x.bd, OP_GT, opd_float(2.5, type_double()), opd_int(2));
    CU_ASSERT_EQUAL(r.ival, 1);
    r = b_cmp(&x.bd, OP_EQ, opd_float(2.5, type_double()), opd_int(2));
    CU_ASSERT_EQUAL(r.ival, 0);
    CU_ASSERT_EQUAL(nstmts(&x), 0);
    fx_free(&x);
}

static void test_compare_and_select(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *b = fx_scalar_param(&x, "b", type_double());
    Operand c = b_cmp(&x.bd, OP_LT, opd_var(a), opd_var(b));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    CU_ASSERT_EQUAL(c.kind, OPD_VAR);
    CU_ASSERT_EQUAL(c.ty.kind, TY_BOOL);
    CU_ASSERT_EQUAL(((Stmt *)fx_last(x.f.body))->op, OP_LT);
    /* (c != 0) on a comparison is the comparison */
    Operand c2 = b_cmp(&x.bd, OP_NE, c, opd_int(0));
    CU_ASSERT_TRUE(opd_equal(c2, c));
    CU_ASSERT_EQUAL(nstmts(&x), 1);

    /* select folds constant conditions and equal branches */
    Operand t = opd_int(1), f = opd_int(0);
    t.ty = f.ty = type_bool();
    CU_ASSERT_TRUE(is_var(b_select(&x.bd, t, opd_var(a), opd_var(b)), a));
    CU_ASSERT_TRUE(is_var(b_select(&x.bd, f, opd_var(a), opd_var(b)), b));
    CU_ASSERT_TRUE(is_var(b_select(&x.bd, c, opd_var(a), opd_var(a)), a));
    Operand folded = b_cmp(&x.bd, OP_LT, opd_float(1, type_double()), opd_int(2));
    CU_ASSERT_TRUE(is_var(b_select(&x.bd, folded, opd_var(a), opd_var(b)), a));
    CU_ASSERT_EQUAL(nstmts(&x), 1);

    Operand r = b_select(&x.bd, c, opd_var(a), opd_float(0, type_double()));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 2);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->op, OP_SELECT);
    CU_ASSERT_EQUAL(s->nargs, 3);
    CU_ASSERT_TRUE(opd_equal(s->args[0], c));
    CU_ASSERT_TRUE(is_var(s->args[1], a));
    CU_ASSERT_TRUE(opd_is_const(s->args[2], 0));
    CU_ASSERT_TRUE(is_var(r, s->dst));
    CU_ASSERT_EQUAL(s->dst->ty.kind, TY_DOUBLE);
    fx_free(&x);
}

static void test_cast(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    CU_ASSERT_TRUE(is_var(b_cast(&x.bd, type_double(), opd_var(a)), a));
    Operand r = b_cast(&x.bd, type_double(), opd_int(3));
    CU_ASSERT_EQUAL(r.kind, OPD_CONST);
    CU_ASSERT_EQUAL(r.ty.kind, TY_DOUBLE);
    CU_ASSERT_DOUBLE_EQUAL(r.fval, 3.0, 0);
    r = b_cast(&x.bd, type_int(), opd_float(2.7, type_double()));
    CU_ASSERT_EQUAL(r.ty.kind, TY_INT);
    CU_ASSERT_EQUAL(r.ival, 2);
    CU_ASSERT_EQUAL(nstmts(&x), 0);
    r = b_cast(&x.bd, type_float(), opd_var(a));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->op, OP_CAST);
    CU_ASSERT_EQUAL(s->dst->ty.kind, TY_FLOAT);
    CU_ASSERT_EQUAL(r.ty.kind, TY_FLOAT);
    fx_free(&x);
}

/* Regression (trust issue): constant casts fold as C converts. */
static void test_cast_constants_as_c(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Type ul = {TY_INT, "unsigned long"}, sc = {TY_INT, "signed char"};
    Type uc = {TY_INT, "unsigned char"}, ch = {TY_INT, "char"};
    Operand big = opd_int((long long)(1ULL << 63));
    big.ty = ul;
    Operand r = b_cast(&x.bd, type_double(), big); /* (double)(1ULL << 63) */
    CU_ASSERT_DOUBLE_EQUAL(r.fval, 9223372036854775808.0, 0);
    r = b_cast(&x.bd, type_bool(), opd_float(0.5, type_double())); /* (_Bool)0.5 */
    CU_ASSERT_EQUAL(r.ival, 1);
    r = b_cast(&x.bd, sc, opd_int(300)); /* (signed char)300 */
    CU_ASSERT_EQUAL(r.ival, 44);
    r = b_cast(&x.bd, uc, opd_int(-1)); /* (unsigned char)-1 */
    CU_ASSERT_EQUAL(r.ival, 255);
    r = b_cast(&x.bd, type_float(), opd_float(0.1, type_double())); /* (float)0.1 */
    CU_ASSERT_EQUAL(r.fval, (double)0.1f);
    CU_ASSERT_EQUAL(nstmts(&x), 0);
    /* undefined or platform-defined: converted at run time, not in the tool */
    r = b_cast(&x.bd, sc, opd_float(INFINITY, type_double()));
    CU_ASSERT_EQUAL(r.kind, OPD_VAR);
    r = b_cast(&x.bd, type_int(), opd_float(1e20, type_double()));
    CU_ASSERT_EQUAL(r.kind, OPD_VAR);
    r = b_cast(&x.bd, ch, opd_int(300));
    CU_ASSERT_EQUAL(r.kind, OPD_VAR);
    CU_ASSERT_EQUAL(nstmts(&x), 3);
    fx_free(&x);
}

static void test_accumulate(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *d = var_new(&x.a, &x.f, "d", type_double());
    d->is_mutable = true;
    b_accumulate(&x.bd, d, opd_float(0, type_double()));
    CU_ASSERT_EQUAL(nstmts(&x), 0);
    b_accumulate(&x.bd, d, opd_var(a));
    CU_ASSERT_EQUAL_FATAL(nstmts(&x), 1);
    Stmt *s = fx_last(x.f.body);
    CU_ASSERT_EQUAL(s->kind, S_LET);
    CU_ASSERT_EQUAL(s->op, OP_ADD);
    CU_ASSERT_PTR_EQUAL(s->dst, d);
    CU_ASSERT_TRUE(is_var(s->args[0], d));
    CU_ASSERT_TRUE(is_var(s->args[1], a));
    fx_free(&x);
}

/* ---- printer ---- */

/* double sumsq(int n, const double *x, double *y):
 *   map j: y[j] = x[j] * x[j]; reduce(+) over y; return the sum. */
typedef struct Sample {
    Var *n, *j, *xj, *sq, *i, *yi, *s;
    Buffer *x, *y;
    Stmt *map, *red, *ret;
} Sample;

static void build_sample(Fx *x, Sample *sm) {
    fx_init(x, "sumsq", type_double());
    sm->n = fx_scalar_param(x, "n", type_int());
    sm->x = fx_array_param(x, "x", type_double(), true);
    sm->y = fx_array_param(x, "y", type_double(), false);
    Body *top = x->f.body;
    sm->map = fx_loop(x, top, S_MAP, "j", opd_int(0), opd_var(sm->n));
    sm->j = sm->map->index;
    sm->xj = fx_read(x, sm->map->body, "x_j", sm->x, opd_var(sm->j));
    sm->sq = fx_let(x, sm->map->body, TEMP_NAME, type_double(), OP_MUL, 2, opd_var(sm->xj),
                    opd_var(sm->xj), opd_none());
    fx_write(x, sm->map->body, sm->y, opd_var(sm->j), opd_var(sm->sq));
    sm->red = fx_loop(x, top, S_REDUCE, "i", opd_int(0), opd_var(sm->n));
    sm->i = sm->red->index;
    sm->yi = fx_read(x, sm->red->body, "y_i", sm->y, opd_var(sm->i));
    sm->s = fx_accum(x, sm->red, RED_ADD, "s", opd_float(0, type_double()), opd_var(sm->yi));
    sm->ret = fx_return(x, top, opd_var(sm->s));
}

static char *print_to_string(Func *f) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    ir_print_func(out, f);
    fclose(out);
    return text;
}

static void test_print(void) {
    Fx x;
    Sample sm;
    build_sample(&x, &sm);
    char *text = print_to_string(&x.f);
    const char *want = "func sumsq(n%0:int, const double []x, double []y) -> double {\n"
                       "  map j%1:int in [0, n%0) {\n"
                       "    read x_j%2:double = x[j%1]\n"
                       "    let %t%3:double = mul x_j%2 x_j%2\n"
                       "    write y[j%1] = %t%3\n"
                       "  }\n"
                       "  reduce i%4:int in [0, n%0)\n"
                       "      + s%6:double = 0 <- y_i%5 {\n"
                       "    read y_i%5:double = y[i%4]\n"
                       "  }\n"
                       "  return s%6\n"
                       "}\n";
    if (strcmp(text, want) != 0)
        fprintf(stderr, "\n  printed:\n%s", text);
    CU_ASSERT_STRING_EQUAL(text, want);
    /* Stable: the same text again. */
    char *again = print_to_string(&x.f);
    CU_ASSERT_STRING_EQUAL(text, again);
    free(again);

    /* Activity marks show as `*`; float constants keep their suffix. */
    sm.s->active = true;
    sm.x->active = true;
    Var *d = fx_let(&x, x.f.body, "d", type_float(), OP_ADD, 2, opd_float(0.5, type_float()),
                    opd_float(1, type_float()), opd_none());
    (void)d;
    free(text);
    text = print_to_string(&x.f);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "s%6:double* = 0 <- y_i%5"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "const double []*x"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "let d%7:float = add 0.5f 1f"));
    free(text);
    fx_free(&x);
}

static void test_print_statements(void) {
    Fx x;
    fx_init(&x, "g", (Type){TY_VOID, NULL});
    Var *a = fx_scalar_param(&x, "a", type_double());
    Buffer *y = fx_array_param(&x, "y", type_double(), false);
    Type ty;
    b_call(&x.bd, deriv_lookup("exp", &ty), opd_var(a), opd_none());
    b_comment(&x.bd, "a note");
    Stmt *loop = fx_loop(&x, x.f.body, S_LOOP, "k", opd_int(0), opd_int(4));
    loop->reversed = true;
    Carried *c = fx_carried(&x, loop, "p", opd_var(a));
    c->yield = opd_var(c->param);
    Stmt *acc = stmt_new(&x.a, S_ACC, x.f.loc);
    acc->buf = y;
    acc->idx[0] = opd_var(loop->index);
    acc->nidx = 1;
    acc->args[0] = opd_var(c->param);
    acc->nargs = 1;
    acc->acc = ACC_ATOMIC;
    body_append(&x.a, loop->body, acc);
    char *text = print_to_string(&x.f);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "func g(a%0:double, double []y) -> void {\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "  let %t%1:double = exp a%0\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "  # a note\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "  loop reversed k%2:int in [0, 4)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "carry p%3:double = a%0 -> p%3 => p%4:double {\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "    acc.atomic y[k%2] += p%3\n"));
    free(text);
    fx_free(&x);
}

/* ---- verifier ---- */

typedef struct Verify {
    int problems;
    char *text;
} Verify;

static Verify verify(Func *f, bool ssa) {
    Verify v = {0};
    size_t len = 0;
    FILE *err = open_memstream(&v.text, &len);
    v.problems = ir_verify(err, f, ssa);
    fclose(err);
    return v;
}

static void test_verify_well_formed(void) {
    Fx x;
    Sample sm;
    build_sample(&x, &sm);
    Verify v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 0);
    CU_ASSERT_STRING_EQUAL(v.text, "");
    free(v.text);
    /* Mutable variables may be assigned again, even in SSA mode. */
    Var *d = var_new(&x.a, &x.f, "d", type_double());
    d->is_mutable = true;
    Stmt *decl = stmt_new(&x.a, S_DECL, x.f.loc);
    decl->dst = d;
    decl->args[0] = opd_float(0, type_double());
    decl->nargs = 1;
    x.f.body->stmts.len--; /* take the return off, put it back at the end */
    body_append(&x.a, x.f.body, decl);
    b_accumulate(&x.bd, d, opd_var(sm.s));
    b_accumulate(&x.bd, d, opd_var(sm.s));
    body_append(&x.a, x.f.body, sm.ret);
    v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 0);
    if (v.problems)
        fprintf(stderr, "\n%s", v.text);
    free(v.text);
    /* The same assignments to an immutable variable are two problems. */
    d->is_mutable = false;
    v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 2);
    free(v.text);
    fx_free(&x);
}

static void test_verify_out_of_scope(void) {
    Fx x;
    Sample sm;
    build_sample(&x, &sm);
    /* x_j, bound in the map's body, used after the map. */
    fx_let(&x, x.f.body, "bad", type_double(), OP_NEG, 1, opd_var(sm.xj), opd_none(), opd_none());
    Verify v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 1);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(v.text, "ir verify: sumsq: use of a variable not in scope x_j%2"));
    free(v.text);
    fx_free(&x);

    /* The loop index after its loop. */
    build_sample(&x, &sm);
    fx_write(&x, x.f.body, sm.y, opd_var(sm.i), opd_float(1, type_double()));
    v = verify(&x.f, false);
    CU_ASSERT_EQUAL(v.problems, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "not in scope i%4"));
    free(v.text);
    fx_free(&x);

    /* A use before the binding. */
    fx_init(&x, "h", type_double());
    Var *later = var_new(&x.a, &x.f, "later", type_double());
    fx_let(&x, x.f.body, "t", type_double(), OP_COPY, 1, opd_var(later), opd_none(), opd_none());
    Stmt *s = stmt_new(&x.a, S_LET, x.f.loc);
    s->dst = later;
    s->op = OP_COPY;
    s->nargs = 1;
    s->args[0] = opd_float(1, type_double());
    body_append(&x.a, x.f.body, s);
    v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "not in scope later%0"));
    free(v.text);
    fx_free(&x);
}

static void test_verify_bound_twice(void) {
    Fx x;
    fx_init(&x, "twice", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *t =
        fx_let(&x, x.f.body, "t", type_double(), OP_NEG, 1, opd_var(a), opd_none(), opd_none());
    Stmt *again = stmt_new(&x.a, S_LET, x.f.loc);
    again->dst = t;
    again->op = OP_ADD;
    again->nargs = 2;
    again->args[0] = opd_var(t);
    again->args[1] = opd_var(a);
    body_append(&x.a, x.f.body, again);
    fx_return(&x, x.f.body, opd_var(t));
    Verify v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "variable bound twice t%1"));
    free(v.text);
    /* Without SSA, binding twice is allowed. */
    v = verify(&x.f, false);
    CU_ASSERT_EQUAL(v.problems, 0);
    free(v.text);
    fx_free(&x);
}

static void test_verify_malformed(void) {
    Fx x;
    fx_init(&x, "m", (Type){TY_VOID, NULL});
    Stmt *s = stmt_new(&x.a, S_READ, x.f.loc);
    s->dst = var_new(&x.a, &x.f, "r", type_double());
    s->idx[0] = opd_int(0);
    s->nidx = 1; /* no buffer */
    body_append(&x.a, x.f.body, s);
    fx_let(&x, x.f.body, "z", type_double(), OP_ADD, 0, opd_none(), opd_none(), opd_none());
    Stmt *loop = stmt_new(&x.a, S_MAP, x.f.loc); /* no body */
    loop->index = var_new(&x.a, &x.f, "i", type_int());
    loop->lo = opd_int(0);
    loop->hi = opd_int(1);
    body_append(&x.a, x.f.body, loop);
    Verify v = verify(&x.f, true);
    CU_ASSERT_EQUAL(v.problems, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "array access without a buffer"));
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "operation without operands z%1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(v.text, "loop without a body"));
    free(v.text);
    fx_free(&x);
}

/* Regression: the operands a loop or if header reads from its body (a
 * reduce's contribution, a loop's yield, a phi's branch values) are checked
 * in the body's scope. Each case uses a variable bound in another
 * statement's body: one problem each. */
static void test_verify_header_operands(void) {
    Fx x;
    Sample sm;
    build_sample(&x, &sm);
    /* contrib: x_j is bound in the map's body, not the reduce's */
    ((Accum *)sm.red->accums.items[0])->contrib = opd_var(sm.xj);
    Verify v = verify(&x.f, true);
    if (v.problems != 1)
        fprintf(stderr, "\n  ir_verify: reduce contrib out of scope: %d problems\n", v.problems);
    CU_ASSERT_EQUAL(v.problems, 1);
    free(v.text);

    /* yield of a sequential loop */
    ((Accum *)sm.red->accums.items[0])->contrib = opd_var(sm.yi);
    Stmt *loop = fx_loop(&x, x.f.body, S_LOOP, "k", opd_int(0), opd_int(3));
    Carried *c = fx_carried(&x, loop, "p", opd_float(0, type_double()));
    c->yield = opd_var(sm.xj);
    v = verify(&x.f, true);
    if (v.problems != 1)
        fprintf(stderr, "\n  ir_verify: loop yield out of scope: %d problems\n", v.problems);
    CU_ASSERT_EQUAL(v.problems, 1);
    free(v.text);

    /* phi of an if */
    c->yield = opd_var(c->param);
    Stmt *sif = stmt_new(&x.a, S_IF, x.f.loc);
    sif->cond = opd_var(sm.n);
    sif->then_body = body_new(&x.a);
    sif->else_body = body_new(&x.a);
    Phi *phi = arena_alloc(&x.a, sizeof(Phi));
    phi->dst = var_new(&x.a, &x.f, "m", type_double());
    phi->then_val = opd_var(sm.xj);
    phi->else_val = opd_float(0, type_double());
    vec_push(&x.a, &sif->phis, phi);
    body_append(&x.a, x.f.body, sif);
    v = verify(&x.f, true);
    if (v.problems != 1)
        fprintf(stderr, "\n  ir_verify: phi value out of scope: %d problems\n", v.problems);
    CU_ASSERT_EQUAL(v.problems, 1);
    free(v.text);
    fx_free(&x);
}

void register_ir_tests(void) {
    CU_pSuite s = CU_add_suite("ir", NULL, NULL);
    CU_add_test(s, "fold x*1, x+0, x-0, x/1", test_fold_identities);
    CU_add_test(s, "fold integer 0*x only", test_fold_zero_times);
    CU_add_test(s, "fold negation", test_fold_negation);
    CU_add_test(s, "builder emits lets and calls", test_builder_emits);
    CU_add_test(s, "fold constant comparisons", test_fold_comparisons);
    CU_add_test(s, "constant casts fold as C converts", test_cast_constants_as_c);
    CU_add_test(s, "compare and select", test_compare_and_select);
    CU_add_test(s, "cast", test_cast);
    CU_add_test(s, "accumulate", test_accumulate);
    CU_add_test(s, "print a function", test_print);
    CU_add_test(s, "print statements", test_print_statements);
    CU_add_test(s, "verify well-formed", test_verify_well_formed);
    CU_add_test(s, "verify use out of scope", test_verify_out_of_scope);
    CU_add_test(s, "verify bound twice (ssa)", test_verify_bound_twice);
    CU_add_test(s, "verify malformed statements", test_verify_malformed);
    CU_add_test(s, "verify: header operands evaluated in the body", test_verify_header_operands);
}
