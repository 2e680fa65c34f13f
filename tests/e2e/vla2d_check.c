/* Checks vla_energy_b (generated from vla2d.c): the adjoint of a 2-D VLA
 * parameter has the same shape (double a_b[n][m]); checked against central
 * finite differences on the flattened storage. */
#include "gradcheck.h"

double vla_energy(int n, int m, const double a[n][m], const double *x);
double vla_energy_b(int n, int m, const double a[n][m], double a_b[n][m], const double *x,
                    double *x_b, double vla_energy_b_seed);

enum { N = 23, M = 7, NM = N * M };

struct ctx {
    double *a, *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return vla_energy(N, M, (const double(*)[M])c->a, c->x);
}

int main(void) {
    gc_seed(22);
    double *a = gc_alloc(NM), *x = gc_alloc(M), *a_b = gc_alloc(NM), *x_b = gc_alloc(M);
    double *ga = gc_alloc(NM), *gx = gc_alloc(M), *fda = gc_alloc(NM), *fdx = gc_alloc(M);
    gc_fill(a, NM, -1.0, 1.0);
    gc_fill(x, M, -1.0, 1.0);
    double f = vla_energy(N, M, (const double(*)[M])a, x);

    gc_zero(a_b, NM);
    gc_zero(x_b, M);
    double r = vla_energy_b(N, M, (const double(*)[M])a, (double(*)[M])a_b, x, x_b, 1.0);
    gc_check_value("vla_energy_b return value", r, f, GC_RTOL_EXACT);
    memcpy(ga, a_b, sizeof(double) * NM);
    memcpy(gx, x_b, sizeof(double) * M);

    struct ctx c = {a, x};
    gc_fd_grad(eval, &c, a, NM, fda);
    gc_fd_grad(eval, &c, x, M, fdx);
    gc_compare("a_b vs finite differences", ga, fda, NM);
    gc_compare("x_b vs finite differences", gx, fdx, M);
    gc_check_nonzero("a_b", ga, NM);
    gc_check_nonzero("x_b", gx, M);

    vla_energy_b(N, M, (const double(*)[M])a, (double(*)[M])a_b, x, x_b, -2.0);
    double *want = gc_alloc(NM);
    for (int i = 0; i < NM; i++)
        want[i] = -ga[i];
    gc_compare_tol("a_b after + (seed -2) = -1x", a_b, want, NM, 1e-10);
    free(want);

    free(a), free(x), free(a_b), free(x_b), free(ga), free(gx), free(fda), free(fdx);
    return gc_finish();
}
