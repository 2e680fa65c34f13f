/* Checks kmeans_cost_b (generated from kmeans.c, wrt the centres) against
 * central finite differences and the closed form. */
#include "kmeans_common.h"

double kmeans_cost(int n, int k, int d, const double *x, const double *c);
double kmeans_cost_b(int n, int k, int d, const double *x, const double *c, double *c_b,
                     double kmeans_cost_b_seed);

struct ctx {
    double *x, *c;
};

static double eval(void *p) {
    struct ctx *t = p;
    return kmeans_cost(KM_N, KM_K, KM_D, t->x, t->c);
}

int main(void) {
    enum { NC = KM_K * KM_D };
    gc_seed(5);
    double *x = gc_alloc(KM_N * KM_D), *c = gc_alloc(NC);
    double *c_b = gc_alloc(NC), *g = gc_alloc(NC), *fd = gc_alloc(NC), *ex = gc_alloc(NC);
    double want = km_setup(x, c, NULL, ex);
    double f = kmeans_cost(KM_N, KM_K, KM_D, x, c);
    gc_check_value("primal vs reference cost", f, want, 1e-12);

    gc_zero(c_b, NC);
    double r = kmeans_cost_b(KM_N, KM_K, KM_D, x, c, c_b, 1.0);
    gc_check_value("kmeans_cost_b return value", r, f, GC_RTOL_EXACT);
    memcpy(g, c_b, sizeof(double) * NC);

    struct ctx t = {x, c};
    gc_fd_grad(eval, &t, c, NC, fd);
    gc_compare("c_b vs finite differences", g, fd, NC);
    gc_compare_tol("c_b vs closed form", g, ex, NC, 1e-10);
    gc_check_nonzero("c_b", g, NC);

    kmeans_cost_b(KM_N, KM_K, KM_D, x, c, c_b, 1.0);
    gc_compare_scaled("c_b after a second call (2x)", c_b, g, 2.0, NC);

    gc_zero(c_b, NC);
    kmeans_cost_b(KM_N, KM_K, KM_D, x, c, c_b, 0.25);
    gc_compare_scaled("c_b with seed 0.25", c_b, g, 0.25, NC);

    free(x), free(c), free(c_b), free(g), free(fd), free(ex);
    return gc_finish();
}
