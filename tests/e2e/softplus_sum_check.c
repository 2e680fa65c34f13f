/* Checks softplus_sum_b (generated from softplus_sum.c) against central finite
 * differences of softplus_sum. */
#include "gradcheck.h"

double softplus_sum(int n, const double *x);
double softplus_sum_b(int n, const double *x, double *x_b, double softplus_sum_b_seed);

struct ctx {
    int n;
    double *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return softplus_sum(c->n, c->x);
}

int main(void) {
    enum { N = 150 };
    gc_seed(1);
    double *x = gc_alloc(N), *x_b = gc_alloc(N), *g = gc_alloc(N), *fd = gc_alloc(N);
    gc_fill(x, N, -4.0, 4.0);
    double f = softplus_sum(N, x);

    gc_zero(x_b, N);
    double r = softplus_sum_b(N, x, x_b, 1.0);
    gc_check_value("softplus_sum_b return value", r, f, GC_RTOL_EXACT);
    memcpy(g, x_b, sizeof(double) * N);
    struct ctx c = {N, x};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences", g, fd, N);
    gc_check_nonzero("x_b", g, N);

    /* adjoints are incremented: a second call without zeroing doubles them */
    softplus_sum_b(N, x, x_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, g, 2.0, N);

    /* the seed scales the adjoint */
    gc_zero(x_b, N);
    softplus_sum_b(N, x, x_b, -0.75);
    gc_compare_scaled("x_b with seed -0.75", x_b, g, -0.75, N);

    free(x), free(x_b), free(g), free(fd);
    return gc_finish();
}
