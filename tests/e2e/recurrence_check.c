/* Checks recur_b (generated from recurrence.c): array adjoints a_b, b_b and the
 * adjoint of the active scalar s0 through `double *s0_b`, all incremented. */
#include "gradcheck.h"

double recur(int n, const double *a, const double *b, double s0);
double recur_b(int n, const double *a, double *a_b, const double *b, double *b_b, double s0,
               double *s0_b, double recur_b_seed);

enum { N = 24 };

struct ctx {
    double *a, *b, *s0;
};

static double eval(void *p) {
    struct ctx *c = p;
    return recur(N, c->a, c->b, *c->s0);
}

int main(void) {
    gc_seed(11);
    double *a = gc_alloc(N), *b = gc_alloc(N), *a_b = gc_alloc(N), *b_b = gc_alloc(N);
    double *ga = gc_alloc(N), *gb = gc_alloc(N), *fda = gc_alloc(N), *fdb = gc_alloc(N);
    double s0 = 0.7, s0_b, gs0, fds0;
    gc_fill(a, N, 0.85, 1.1);
    gc_fill(b, N, 0.0, 0.3);
    double f = recur(N, a, b, s0);

    gc_zero(a_b, N);
    gc_zero(b_b, N);
    s0_b = 0.0;
    double r = recur_b(N, a, a_b, b, b_b, s0, &s0_b, 1.0);
    gc_check_value("recur_b return value", r, f, GC_RTOL_EXACT);
    memcpy(ga, a_b, sizeof(double) * N);
    memcpy(gb, b_b, sizeof(double) * N);
    gs0 = s0_b;

    struct ctx c = {a, b, &s0};
    gc_fd_grad(eval, &c, a, N, fda);
    gc_fd_grad(eval, &c, b, N, fdb);
    gc_fd_grad(eval, &c, &s0, 1, &fds0);
    gc_compare("a_b vs finite differences", ga, fda, N);
    gc_compare("b_b vs finite differences", gb, fdb, N);
    gc_compare("s0_b vs finite differences", &gs0, &fds0, 1);
    gc_check_nonzero("a_b", ga, N);
    gc_check_nonzero("b_b", gb, N);
    gc_check_nonzero("s0_b", &gs0, 1);
    /* the early elements must still matter (no vanishing gradient) */
    gc_require(fabs(fdb[0]) > 0.1 && fabs(fds0) > 0.1, "gradient reaches the first steps");

    recur_b(N, a, a_b, b, b_b, s0, &s0_b, 1.0);
    gc_compare_scaled("a_b after a second call (2x)", a_b, ga, 2.0, N);
    gc_compare_scaled("b_b after a second call (2x)", b_b, gb, 2.0, N);
    gc_compare_scaled("s0_b after a second call (2x)", &s0_b, &gs0, 2.0, 1);

    gc_zero(a_b, N);
    gc_zero(b_b, N);
    s0_b = 0.0;
    recur_b(N, a, a_b, b, b_b, s0, &s0_b, 0.3);
    gc_compare_scaled("a_b with seed 0.3", a_b, ga, 0.3, N);
    gc_compare_scaled("b_b with seed 0.3", b_b, gb, 0.3, N);
    gc_compare_scaled("s0_b with seed 0.3", &s0_b, &gs0, 0.3, 1);

    free(a), free(b), free(a_b), free(b_b), free(ga), free(gb), free(fda), free(fdb);
    return gc_finish();
}
