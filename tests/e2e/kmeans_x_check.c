/* Checks kmeans_cost_x_b (generated from kmeans_x.c, wrt the points and the
 * centres) against central finite differences and the closed form. */
#include "kmeans_common.h"

double kmeans_cost_x(int n, int k, int d, const double *x, const double *c);
double kmeans_cost_x_b(int n, int k, int d, const double *x, double *x_b, const double *c,
                       double *c_b, double kmeans_cost_x_b_seed);

struct ctx {
    double *x, *c;
};

static double eval(void *p) {
    struct ctx *t = p;
    return kmeans_cost_x(KM_N, KM_K, KM_D, t->x, t->c);
}

int main(void) {
    enum { NX = KM_N * KM_D, NC = KM_K * KM_D };
    gc_seed(6);
    double *x = gc_alloc(NX), *c = gc_alloc(NC);
    double *x_b = gc_alloc(NX), *c_b = gc_alloc(NC);
    double *gx = gc_alloc(NX), *gcn = gc_alloc(NC);
    double *fdx = gc_alloc(NX), *fdc = gc_alloc(NC);
    double *exx = gc_alloc(NX), *exc = gc_alloc(NC);
    double want = km_setup(x, c, exx, exc);
    double f = kmeans_cost_x(KM_N, KM_K, KM_D, x, c);
    gc_check_value("primal vs reference cost", f, want, 1e-12);

    gc_zero(x_b, NX);
    gc_zero(c_b, NC);
    double r = kmeans_cost_x_b(KM_N, KM_K, KM_D, x, x_b, c, c_b, 1.0);
    gc_check_value("kmeans_cost_x_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gx, x_b, sizeof(double) * NX);
    memcpy(gcn, c_b, sizeof(double) * NC);

    struct ctx t = {x, c};
    gc_fd_grad(eval, &t, x, NX, fdx);
    gc_fd_grad(eval, &t, c, NC, fdc);
    gc_compare("x_b vs finite differences", gx, fdx, NX);
    gc_compare("c_b vs finite differences", gcn, fdc, NC);
    gc_compare_tol("x_b vs closed form", gx, exx, NX, 1e-10);
    gc_compare_tol("c_b vs closed form", gcn, exc, NC, 1e-10);
    gc_check_nonzero("x_b", gx, NX);
    gc_check_nonzero("c_b", gcn, NC);

    kmeans_cost_x_b(KM_N, KM_K, KM_D, x, x_b, c, c_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, NX);
    gc_compare_scaled("c_b after a second call (2x)", c_b, gcn, 2.0, NC);

    gc_zero(x_b, NX);
    gc_zero(c_b, NC);
    kmeans_cost_x_b(KM_N, KM_K, KM_D, x, x_b, c, c_b, -1.5);
    gc_compare_scaled("x_b with seed -1.5", x_b, gx, -1.5, NX);
    gc_compare_scaled("c_b with seed -1.5", c_b, gcn, -1.5, NC);

    free(x), free(c), free(x_b), free(c_b), free(gx), free(gcn);
    free(fdx), free(fdc), free(exx), free(exc);
    return gc_finish();
}
