/* Checks pingpong_b (generated from pingpong.c): u is overwritten in place by
 * the second map of every step, so the finite differences restart from a saved
 * copy of the initial u, and after the gradient call u must hold the primal's
 * final state. v is scratch: it is filled with garbage before each call. */
#include "gradcheck.h"

double pingpong(int n, int T, double c, double *u, double *v, const double *k);
double pingpong_b(int n, int T, double c, double *c_b, double *u, double *u_b, double *v,
                  const double *k, double *k_b, double pingpong_b_seed);

enum { N = 30, STEPS = 6 };

struct ctx {
    double *c, *u0, *u, *v, *k;
};

static double eval(void *p) {
    struct ctx *q = p;
    memcpy(q->u, q->u0, sizeof(double) * N);
    gc_fill(q->v, N, -5.0, 5.0);
    return pingpong(N, STEPS, *q->c, q->u, q->v, q->k);
}

int main(void) {
    gc_seed(25);
    double c = 0.15, c_b, gc_, fdc;
    double *u0 = gc_alloc(N), *u = gc_alloc(N), *v = gc_alloc(N), *k = gc_alloc(N);
    double *ufinal = gc_alloc(N), *u_b = gc_alloc(N), *k_b = gc_alloc(N);
    double *gu = gc_alloc(N), *gk = gc_alloc(N), *fdu = gc_alloc(N), *fdk = gc_alloc(N);
    gc_fill(u0, N, -1.0, 1.0);
    gc_fill(k, N, 0.1, 0.3);

    memcpy(u, u0, sizeof(double) * N);
    gc_fill(v, N, -5.0, 5.0);
    double f = pingpong(N, STEPS, c, u, v, k);
    memcpy(ufinal, u, sizeof(double) * N);

    memcpy(u, u0, sizeof(double) * N);
    gc_fill(v, N, -5.0, 5.0);
    gc_zero(u_b, N);
    gc_zero(k_b, N);
    c_b = 0.0;
    double r = pingpong_b(N, STEPS, c, &c_b, u, u_b, v, k, k_b, 1.0);
    gc_check_value("pingpong_b return value", r, f, GC_RTOL_EXACT);
    gc_compare_tol("u after pingpong_b vs primal final u", u, ufinal, N, 1e-13);
    memcpy(gu, u_b, sizeof(double) * N);
    memcpy(gk, k_b, sizeof(double) * N);
    gc_ = c_b;

    struct ctx q = {&c, u0, u, v, k};
    gc_fd_grad(eval, &q, u0, N, fdu);
    gc_fd_grad(eval, &q, k, N, fdk);
    gc_fd_grad(eval, &q, &c, 1, &fdc);
    gc_compare("u_b vs finite differences", gu, fdu, N);
    gc_compare("k_b vs finite differences", gk, fdk, N);
    gc_compare("c_b vs finite differences", &gc_, &fdc, 1);
    gc_check_nonzero("u_b", gu, N);
    gc_check_nonzero("k_b", gk, N);
    gc_check_nonzero("c_b", &gc_, 1);
    gc_check_zero("k_b at the boundaries", (const double[]){gk[0], gk[N - 1]}, 2);

    memcpy(u, u0, sizeof(double) * N);
    gc_fill(v, N, -5.0, 5.0);
    pingpong_b(N, STEPS, c, &c_b, u, u_b, v, k, k_b, 1.0);
    gc_compare_scaled("u_b after a second call (2x)", u_b, gu, 2.0, N);
    gc_compare_scaled("k_b after a second call (2x)", k_b, gk, 2.0, N);
    gc_compare_scaled("c_b after a second call (2x)", &c_b, &gc_, 2.0, 1);

    free(u0), free(u), free(v), free(k), free(ufinal), free(u_b), free(k_b);
    free(gu), free(gk), free(fdu), free(fdk);
    return gc_finish();
}
