/* Activity analysis (rewrite/activity.c) on small hand-built functions:
 * active = depends on a wrt input (varied) and an output depends on it
 * (useful). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "derivs.h"
#include "irfix.h"
#include "rev.h"
#include "unit.h"

typedef struct Errs {
    RevErrors err;
    char last[512];
} Errs;

static void on_error(void *ctx, SrcLoc loc, const char *hint, const char *msg) {
    Errs *e = ctx;
    snprintf(e->last, sizeof e->last, "%d:%d: %s (%s)", loc.line, loc.col, msg, hint ? hint : "");
}

static void errs_init(Errs *e) {
    memset(e, 0, sizeof *e);
    e->err.report = on_error;
    e->err.ctx = e;
}

/* Runs the analysis with wrt and out given as comma-free lists ended by NULL. */
static bool analyse(Fx *x, const char *const *wrt, const char *const *out, Errs *e) {
    RevSpec spec = {0};
    spec.primal = &x->f;
    spec.name = "f_b";
    spec.loc = x->f.loc;
    for (int i = 0; wrt[i]; i++)
        vec_push(&x->a, &spec.wrt, (void *)wrt[i]);
    for (int i = 0; out[i]; i++)
        vec_push(&x->a, &spec.out, (void *)out[i]);
    errs_init(e);
    return activity_analyse(&x->a, &spec, &e->err);
}

/* double loss(int n, const double *x): s = 0; reduce(+) s += x[i] * x[i]; return s */
static void test_reduce_into_return(void) {
    Fx x;
    fx_init(&x, "loss", type_double());
    Var *n = fx_scalar_param(&x, "n", type_int());
    Buffer *xb = fx_array_param(&x, "x", type_double(), true);
    Stmt *red = fx_loop(&x, x.f.body, S_REDUCE, "i", opd_int(0), opd_var(n));
    Var *xi = fx_read(&x, red->body, "x_i", xb, opd_var(red->index));
    Var *sq = fx_let(&x, red->body, TEMP_NAME, type_double(), OP_MUL, 2, opd_var(xi), opd_var(xi),
                     opd_none());
    Var *s = fx_accum(&x, red, RED_ADD, "s", opd_float(0, type_double()), opd_var(sq));
    fx_return(&x, x.f.body, opd_var(s));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_EQUAL(e.err.count, 0);
    CU_ASSERT_TRUE(xb->active);
    CU_ASSERT_TRUE(xi->active);
    CU_ASSERT_TRUE(sq->active);
    CU_ASSERT_TRUE(s->active);
    CU_ASSERT_FALSE(n->active);
    CU_ASSERT_FALSE(red->index->active);
    fx_free(&x);
}

/* Integer index arithmetic is never active, even when it feeds the output
 * through an array index; a scalar parameter not in wrt is inactive. */
static void test_inactive_index_and_parameter(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *n = fx_scalar_param(&x, "n", type_int());
    Buffer *xb = fx_array_param(&x, "x", type_double(), true);
    Var *w = fx_scalar_param(&x, "w", type_double());
    Stmt *red = fx_loop(&x, x.f.body, S_REDUCE, "i", opd_int(0), opd_var(n));
    Var *j = fx_let(&x, red->body, "j", type_int(), OP_MUL, 2, opd_var(red->index), opd_int(2),
                    opd_none());
    Var *xj = fx_read(&x, red->body, "x_j", xb, opd_var(j));
    Var *t =
        fx_let(&x, red->body, "t", type_double(), OP_MUL, 2, opd_var(xj), opd_var(w), opd_none());
    Var *s = fx_accum(&x, red, RED_ADD, "s", opd_float(0, type_double()), opd_var(t));
    fx_return(&x, x.f.body, opd_var(s));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_FALSE(j->active);
    CU_ASSERT_FALSE(red->index->active);
    CU_ASSERT_FALSE(n->active);
    CU_ASSERT_FALSE(w->active); /* useful, but not varied */
    CU_ASSERT_TRUE(xj->active);
    CU_ASSERT_TRUE(t->active);
    CU_ASSERT_TRUE(s->active);
    CU_ASSERT_TRUE(xb->active);

    /* With w in wrt too, w becomes active. */
    CU_ASSERT_TRUE(
        analyse(&x, (const char *[]){"x", "w", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_TRUE(w->active);
    CU_ASSERT_FALSE(j->active);
    fx_free(&x);
}

/* Varied values that do not reach the output are inactive, and so is a
 * comparison or a select's condition (and what depends on x only through
 * them). */
static void test_value_not_reaching_output(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Buffer *y = fx_array_param(&x, "y", type_double(), false);
    Type ty;
    Var *dead = emit_call(&x.a, &x.f, x.f.body, x.f.loc, "dead", type_double(),
                          deriv_lookup("sin", &ty), 1, opd_var(a), opd_none());
    /* y[0] = a * 2: varied, but y is not an output here */
    Var *to_y = fx_let(&x, x.f.body, "to_y", type_double(), OP_MUL, 2, opd_var(a),
                       opd_float(2, type_double()), opd_none());
    fx_write(&x, x.f.body, y, opd_int(0), opd_var(to_y));
    /* c = a > 0; r = c ? 1.0 : 3.0 depends on a only through the condition */
    Var *c = fx_let(&x, x.f.body, "c", type_bool(), OP_GT, 2, opd_var(a),
                    opd_float(0, type_double()), opd_none());
    Var *r = fx_let(&x, x.f.body, "r", type_double(), OP_SELECT, 3, opd_var(c),
                    opd_float(1, type_double()), opd_float(3, type_double()));
    /* r2 = a ? 1.0 : 3.0, a floating condition: still no derivative */
    Var *r2 = fx_let(&x, x.f.body, "r2", type_double(), OP_SELECT, 3, opd_var(a),
                     opd_float(1, type_double()), opd_float(3, type_double()));
    Var *sum =
        fx_let(&x, x.f.body, "sum", type_double(), OP_ADD, 2, opd_var(r), opd_var(r2), opd_none());
    Var *ret =
        fx_let(&x, x.f.body, "ret", type_double(), OP_MUL, 2, opd_var(sum), opd_var(a), opd_none());
    fx_return(&x, x.f.body, opd_var(ret));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"a", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_FALSE(dead->active);
    CU_ASSERT_FALSE(to_y->active);
    CU_ASSERT_FALSE(y->active);
    CU_ASSERT_FALSE(c->active);
    CU_ASSERT_FALSE(r->active);
    CU_ASSERT_FALSE(r2->active);
    CU_ASSERT_FALSE(sum->active);
    CU_ASSERT_TRUE(ret->active);
    CU_ASSERT_TRUE(a->active);

    /* With y an output as well, what flows into y is active. */
    CU_ASSERT_TRUE(
        analyse(&x, (const char *[]){"a", NULL}, (const char *[]){"return", "y", NULL}, &e));
    CU_ASSERT_TRUE(to_y->active);
    CU_ASSERT_TRUE(y->active);
    CU_ASSERT_FALSE(dead->active);
    fx_free(&x);
}

/* A local array written from a varied value and read into the output is
 * active; one written from constants, or never read into the output, is not. */
static void test_local_array_through_output(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *n = fx_scalar_param(&x, "n", type_int());
    Buffer *xb = fx_array_param(&x, "x", type_double(), true);
    Body *top = x.f.body;
    Buffer *tmp = fx_local_array(&x, top, "tmp", type_double(), 8);
    Buffer *cst = fx_local_array(&x, top, "cst", type_double(), 8);
    Buffer *unread = fx_local_array(&x, top, "unread", type_double(), 8);
    Stmt *map = fx_loop(&x, top, S_MAP, "i", opd_int(0), opd_var(n));
    Var *xi = fx_read(&x, map->body, "x_i", xb, opd_var(map->index));
    Var *v =
        fx_let(&x, map->body, "v", type_double(), OP_MUL, 2, opd_var(xi), opd_var(xi), opd_none());
    fx_write(&x, map->body, tmp, opd_var(map->index), opd_var(v));
    fx_write(&x, map->body, cst, opd_var(map->index), opd_float(1, type_double()));
    fx_write(&x, map->body, unread, opd_var(map->index), opd_var(v));
    Stmt *red = fx_loop(&x, top, S_REDUCE, "j", opd_int(0), opd_var(n));
    Var *tj = fx_read(&x, red->body, "t_j", tmp, opd_var(red->index));
    Var *cj = fx_read(&x, red->body, "c_j", cst, opd_var(red->index));
    Var *p =
        fx_let(&x, red->body, "p", type_double(), OP_MUL, 2, opd_var(tj), opd_var(cj), opd_none());
    Var *s = fx_accum(&x, red, RED_ADD, "s", opd_float(0, type_double()), opd_var(p));
    fx_return(&x, top, opd_var(s));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_TRUE(tmp->active);
    CU_ASSERT_TRUE(v->active);
    CU_ASSERT_TRUE(xi->active);
    CU_ASSERT_TRUE(tj->active);
    CU_ASSERT_TRUE(p->active);
    CU_ASSERT_TRUE(s->active);
    CU_ASSERT_TRUE(xb->active);
    CU_ASSERT_FALSE(cst->active); /* useful, not varied */
    CU_ASSERT_FALSE(cj->active);
    CU_ASSERT_FALSE(unread->active); /* varied, not useful */
    fx_free(&x);
}

/* An array read BEFORE (in program order) the write that makes it varied,
 * in a sequential loop: only a fixed point finds that the read is varied.
 *   p = 0; loop k { a = buf[0]; buf[0] = x[k]; p' = p + a }; return p */
static void test_loop_fixed_point(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Buffer *xb = fx_array_param(&x, "x", type_double(), true);
    Body *top = x.f.body;
    Buffer *buf = fx_local_array(&x, top, "buf", type_double(), 1);
    fx_write(&x, top, buf, opd_int(0), opd_float(0, type_double()));
    Stmt *loop = fx_loop(&x, top, S_LOOP, "k", opd_int(0), opd_int(4));
    Carried *c = fx_carried(&x, loop, "p", opd_float(0, type_double()));
    Var *av = fx_read(&x, loop->body, "a", buf, opd_int(0));
    Var *xk = fx_read(&x, loop->body, "x_k", xb, opd_var(loop->index));
    fx_write(&x, loop->body, buf, opd_int(0), opd_var(xk));
    Var *next = fx_let(&x, loop->body, "p", type_double(), OP_ADD, 2, opd_var(c->param),
                       opd_var(av), opd_none());
    c->yield = opd_var(next);
    fx_return(&x, top, opd_var(c->result));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_TRUE(av->active);
    CU_ASSERT_TRUE(xk->active);
    CU_ASSERT_TRUE(buf->active);
    CU_ASSERT_TRUE(next->active);
    CU_ASSERT_TRUE(c->param->active);
    CU_ASSERT_TRUE(c->result->active);
    CU_ASSERT_TRUE(xb->active);
    CU_ASSERT_FALSE(loop->index->active);
    fx_free(&x);
}

/* if (x0 > 0) { t = x0 * 3 } merged by a phi into the return. */
static void test_if_phi(void) {
    Fx x;
    fx_init(&x, "f", type_double());
    Var *a = fx_scalar_param(&x, "a", type_double());
    Var *cond = fx_let(&x, x.f.body, "c", type_bool(), OP_GT, 2, opd_var(a),
                       opd_float(0, type_double()), opd_none());
    Stmt *sif = stmt_new(&x.a, S_IF, x.f.loc);
    sif->cond = opd_var(cond);
    sif->then_body = body_new(&x.a);
    Var *t = fx_let(&x, sif->then_body, "t", type_double(), OP_MUL, 2, opd_var(a),
                    opd_float(3, type_double()), opd_none());
    Phi *phi = arena_alloc(&x.a, sizeof(Phi));
    phi->dst = var_new(&x.a, &x.f, "m", type_double());
    phi->then_val = opd_var(t);
    phi->else_val = opd_float(0, type_double());
    vec_push(&x.a, &sif->phis, phi);
    body_append(&x.a, x.f.body, sif);
    fx_return(&x, x.f.body, opd_var(phi->dst));

    Errs e;
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"a", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_TRUE(phi->dst->active);
    CU_ASSERT_TRUE(t->active);
    CU_ASSERT_FALSE(cond->active);
    CU_ASSERT_TRUE(a->active);
    fx_free(&x);
}

/* wrt and out that cannot be active are reported, and the analysis fails. */
static void test_bad_requests(void) {
    Fx x;
    fx_init(&x, "g", (Type){TY_VOID, NULL});
    fx_scalar_param(&x, "n", type_int());
    fx_array_param(&x, "x", type_double(), true);
    Buffer *y = fx_array_param(&x, "y", type_double(), false);
    fx_array_param(&x, "k", type_int(), false);
    fx_write(&x, x.f.body, y, opd_int(0), opd_float(1, type_double()));

    Errs e;
    CU_ASSERT_FALSE(analyse(&x, (const char *[]){"nope", NULL}, (const char *[]){"y", NULL}, &e));
    CU_ASSERT_EQUAL(e.err.count, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.last, "'nope' is not a parameter of 'g'"));
    CU_ASSERT_FALSE(analyse(&x, (const char *[]){"n", NULL}, (const char *[]){"y", NULL}, &e));
    CU_ASSERT_EQUAL(e.err.count, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.last, "not a floating-point value"));
    CU_ASSERT_FALSE(analyse(&x, (const char *[]){"k", NULL}, (const char *[]){"y", NULL}, &e));
    CU_ASSERT_PTR_NOT_NULL(strstr(e.last, "not an array of float or double"));
    CU_ASSERT_FALSE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"return", NULL}, &e));
    CU_ASSERT_PTR_NOT_NULL(strstr(e.last, "'g' does not return a floating-point value"));
    CU_ASSERT_FALSE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"x", NULL}, &e));
    CU_ASSERT_PTR_NOT_NULL(strstr(e.last, "out names 'x'"));
    /* Two problems, two reports. */
    CU_ASSERT_FALSE(
        analyse(&x, (const char *[]){"n", "nope", NULL}, (const char *[]){"y", NULL}, &e));
    CU_ASSERT_EQUAL(e.err.count, 2);
    /* and a good request succeeds */
    CU_ASSERT_TRUE(analyse(&x, (const char *[]){"x", NULL}, (const char *[]){"y", NULL}, &e));
    CU_ASSERT_EQUAL(e.err.count, 0);
    fx_free(&x);
}

void register_activity_tests(void) {
    CU_pSuite s = CU_add_suite("activity", NULL, NULL);
    CU_add_test(s, "reduce over x into the return", test_reduce_into_return);
    CU_add_test(s, "inactive index and parameter", test_inactive_index_and_parameter);
    CU_add_test(s, "value not reaching the output", test_value_not_reaching_output);
    CU_add_test(s, "local array through the output", test_local_array_through_output);
    CU_add_test(s, "loop: fixed point", test_loop_fixed_point);
    CU_add_test(s, "if with a phi", test_if_phi);
    CU_add_test(s, "bad wrt/out requests", test_bad_requests);
}
