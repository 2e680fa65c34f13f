/* Checks helpers_b (generated from helpers.c): gradients through inlined
 * same-file helpers with scalar and array arguments, against central finite
 * differences. */
#include "gradcheck.h"

double helpers(int n, const double *x, const double *w, double alpha);
double helpers_b(int n, const double *x, double *x_b, const double *w, double *w_b, double alpha,
                 double *alpha_b, double helpers_b_seed);

enum { N = 40 };

struct ctx {
    double *x, *w, *alpha;
};

static double eval(void *p) {
    struct ctx *c = p;
    return helpers(N, c->x, c->w, *c->alpha);
}

int main(void) {
    gc_seed(26);
    double *x = gc_alloc(N), *w = gc_alloc(N), *x_b = gc_alloc(N), *w_b = gc_alloc(N);
    double *gx = gc_alloc(N), *gw = gc_alloc(N), *fdx = gc_alloc(N), *fdw = gc_alloc(N);
    double alpha = 0.7, alpha_b = 0.0, galpha, fdalpha;
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(w, N, -0.3, 0.3);
    double f = helpers(N, x, w, alpha);

    gc_zero(x_b, N);
    gc_zero(w_b, N);
    double r = helpers_b(N, x, x_b, w, w_b, alpha, &alpha_b, 1.0);
    gc_check_value("helpers_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gx, x_b, sizeof(double) * N);
    memcpy(gw, w_b, sizeof(double) * N);
    galpha = alpha_b;

    struct ctx c = {x, w, &alpha};
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, w, N, fdw);
    gc_fd_grad(eval, &c, &alpha, 1, &fdalpha);
    gc_compare("x_b vs finite differences", gx, fdx, N);
    gc_compare("w_b vs finite differences", gw, fdw, N);
    gc_compare("alpha_b vs finite differences", &galpha, &fdalpha, 1);
    gc_check_nonzero("x_b", gx, N);
    gc_check_nonzero("w_b", gw, N);
    gc_check_nonzero("alpha_b", &galpha, 1);

    helpers_b(N, x, x_b, w, w_b, alpha, &alpha_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);
    gc_compare_scaled("w_b after a second call (2x)", w_b, gw, 2.0, N);
    gc_compare_scaled("alpha_b after a second call (2x)", &alpha_b, &galpha, 2.0, 1);

    free(x), free(w), free(x_b), free(w_b), free(gx), free(gw), free(fdx), free(fdw);
    return gc_finish();
}
