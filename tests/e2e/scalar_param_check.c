/* Checks scaled_norm_b (generated from scalar_param.c): the adjoint of the
 * scalar alpha, accumulated over a parallel loop, and of the array x. */
#include "gradcheck.h"

double scaled_norm(int n, double alpha, const double *x);
double scaled_norm_b(int n, double alpha, double *alpha_b, const double *x, double *x_b,
                     double scaled_norm_b_seed);

enum { N = 200 };

struct ctx {
    double *alpha, *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return scaled_norm(N, *c->alpha, c->x);
}

int main(void) {
    gc_seed(12);
    double *x = gc_alloc(N), *x_b = gc_alloc(N), *gx = gc_alloc(N), *fdx = gc_alloc(N);
    double alpha = 0.8, alpha_b, galpha, fdalpha;
    gc_fill(x, N, -2.0, 2.0);
    double f = scaled_norm(N, alpha, x);

    gc_zero(x_b, N);
    alpha_b = 0.0;
    double r = scaled_norm_b(N, alpha, &alpha_b, x, x_b, 1.0);
    gc_check_value("scaled_norm_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gx, x_b, sizeof(double) * N);
    galpha = alpha_b;

    struct ctx c = {&alpha, x};
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, &alpha, 1, &fdalpha);
    gc_compare("x_b vs finite differences", gx, fdx, N);
    gc_compare("alpha_b vs finite differences", &galpha, &fdalpha, 1);
    gc_check_nonzero("x_b", gx, N);
    gc_check_nonzero("alpha_b", &galpha, 1);

    scaled_norm_b(N, alpha, &alpha_b, x, x_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);
    gc_compare_scaled("alpha_b after a second call (2x)", &alpha_b, &galpha, 2.0, 1);

    /* accumulation starts from the caller's value */
    alpha_b = 10.0;
    gc_zero(x_b, N);
    scaled_norm_b(N, alpha, &alpha_b, x, x_b, -1.0);
    double want = 10.0 - galpha;
    gc_compare_tol("alpha_b from 10 with seed -1", &alpha_b, &want, 1, GC_RTOL_EXACT);
    gc_compare_scaled("x_b with seed -1", x_b, gx, -1.0, N);

    free(x), free(x_b), free(gx), free(fdx);
    return gc_finish();
}
