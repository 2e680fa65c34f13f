/* Checks relax_b (generated from host_control.c) against finite
 * differences for both schemes (mode 1 and 0), with n too small for the
 * last loop (the early return), and with every = 0 (the guard's return
 * before the division); u is overwritten, so the differences
 * restart from a saved copy, and after the gradient u must hold the
 * primal's final state. */
#include "gradcheck.h"

double relax(int n, int T, int mode, int every, double *u, const double *k);
double relax_b(int n, int T, int mode, int every, double *u, double *u_b, const double *k,
               double *k_b, double relax_b_seed);

enum { N = 40, STEPS = 7 };

struct ctx {
    int n, mode, every;
    double *u0, *u, *k;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * (size_t)c->n);
    return relax(c->n, STEPS, c->mode, c->every, c->u, c->k);
}

static void check(int n, int mode, int every) {
    double *u0 = gc_alloc(n), *u = gc_alloc(n), *k = gc_alloc(n), *ufinal = gc_alloc(n);
    double *u_b = gc_alloc(n), *k_b = gc_alloc(n), *fdu = gc_alloc(n), *fdk = gc_alloc(n);
    gc_fill(u0, n, -1.0, 1.0);
    gc_fill(k, n, 0.5, 1.5);
    memcpy(u, u0, sizeof(double) * (size_t)n);
    double f = relax(n, STEPS, mode, every, u, k);
    memcpy(ufinal, u, sizeof(double) * (size_t)n);
    memcpy(u, u0, sizeof(double) * (size_t)n);
    gc_zero(u_b, n);
    gc_zero(k_b, n);
    double r = relax_b(n, STEPS, mode, every, u, u_b, k, k_b, 1.0);
    gc_check_value("relax_b return value", r, f, GC_RTOL_EXACT);
    gc_compare_tol("u after relax_b vs primal final u", u, ufinal, n, 1e-13);
    struct ctx c = {n, mode, every, u0, u, k};
    double *gu = gc_alloc(n), *gk = gc_alloc(n);
    memcpy(gu, u_b, sizeof(double) * (size_t)n);
    memcpy(gk, k_b, sizeof(double) * (size_t)n);
    gc_fd_grad(eval, &c, u0, n, fdu);
    gc_fd_grad(eval, &c, k, n, fdk);
    gc_compare("u_b vs finite differences", gu, fdu, n);
    gc_compare("k_b vs finite differences", gk, fdk, n);
    gc_check_nonzero("u_b", gu, n);
    if (n >= 3)
        gc_check_nonzero("k_b", gk, n);
}

int main(void) {
    gc_seed(11);
    check(N, 1, 1);
    check(N, 0, 3);
    check(2, 1, 2);
    check(N, 1, 0);
    return gc_finish();
}
