/* Checks heat_b (generated from time_loop.c): u is overwritten by the time
 * loop, so finite differences restart from a saved copy of the initial u, and
 * after the gradient call u must hold the primal's final state. */
#include "gradcheck.h"

double heat(int n, int T, double *u, double *tmp, const double *k);
double heat_b(int n, int T, double *u, double *u_b, double *tmp, const double *k, double *k_b,
              double heat_b_seed);

enum { N = 32, STEPS = 8 };

struct ctx {
    double *u0; /* the point: perturbed by the finite differences */
    double *u, *tmp, *k;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * N);
    return heat(N, STEPS, c->u, c->tmp, c->k);
}

int main(void) {
    gc_seed(7);
    double *u0 = gc_alloc(N), *u = gc_alloc(N), *tmp = gc_alloc(N), *k = gc_alloc(N);
    double *ufinal = gc_alloc(N);
    double *u_b = gc_alloc(N), *k_b = gc_alloc(N), *gu = gc_alloc(N), *gk = gc_alloc(N);
    double *fdu = gc_alloc(N), *fdk = gc_alloc(N);
    gc_fill(u0, N, -1.0, 1.0);
    gc_fill(k, N, 0.1, 0.3);
    gc_fill(tmp, N, -5.0, 5.0);

    memcpy(u, u0, sizeof(double) * N);
    double f = heat(N, STEPS, u, tmp, k);
    memcpy(ufinal, u, sizeof(double) * N);
    int moved = 0;
    for (int i = 0; i < N; i++)
        moved += fabs(ufinal[i] - u0[i]) > 1e-3;
    gc_require(moved > N / 2, "the time loop changes u");

    memcpy(u, u0, sizeof(double) * N);
    gc_fill(tmp, N, -5.0, 5.0); /* scratch: contents must not matter */
    gc_zero(u_b, N);
    gc_zero(k_b, N);
    double r = heat_b(N, STEPS, u, u_b, tmp, k, k_b, 1.0);
    gc_check_value("heat_b return value", r, f, GC_RTOL_EXACT);
    gc_compare_tol("u after heat_b vs primal final u", u, ufinal, N, 1e-13);
    memcpy(gu, u_b, sizeof(double) * N);
    memcpy(gk, k_b, sizeof(double) * N);

    struct ctx c = {u0, u, tmp, k};
    gc_fd_grad(eval, &c, u0, N, fdu);
    gc_fd_grad(eval, &c, k, N, fdk);
    gc_compare("u_b vs finite differences", gu, fdu, N);
    gc_compare("k_b vs finite differences", gk, fdk, N);
    gc_check_nonzero("u_b", gu, N);
    gc_check_nonzero("k_b", gk, N);
    /* k[0] and k[n-1] are never read */
    gc_check_zero("k_b at the boundaries", (const double[]){gk[0], gk[N - 1]}, 2);

    memcpy(u, u0, sizeof(double) * N);
    heat_b(N, STEPS, u, u_b, tmp, k, k_b, 1.0);
    gc_compare_scaled("u_b after a second call (2x)", u_b, gu, 2.0, N);
    gc_compare_scaled("k_b after a second call (2x)", k_b, gk, 2.0, N);

    memcpy(u, u0, sizeof(double) * N);
    gc_zero(u_b, N);
    gc_zero(k_b, N);
    heat_b(N, STEPS, u, u_b, tmp, k, k_b, -0.5);
    gc_compare_scaled("u_b with seed -0.5", u_b, gu, -0.5, N);
    gc_compare_scaled("k_b with seed -0.5", k_b, gk, -0.5, N);
    gc_compare_tol("u after the third heat_b call", u, ufinal, N, 1e-13);

    free(u0), free(u), free(tmp), free(k), free(ufinal), free(u_b), free(k_b);
    free(gu), free(gk), free(fdu), free(fdk);
    return gc_finish();
}
