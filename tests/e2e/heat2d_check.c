/* Checks heat2d_b (wrt u) and heat2d_ur (wrt u and r), generated from
 * heat2d.c, against central finite differences: per component on small grids
 * with T = 0, 1, 2, 7 (a prime: no blocking of the time loop by a
 * small factor divides it) and 30 time steps, and along a random
 * direction on a grid large enough for threads. u is overwritten by the time
 * loop, so every evaluation starts again from a saved initial grid, and after
 * a gradient call u must hold the primal's final grid. Also: the return
 * value, the increment of u_b and r_b (2x after a second call), the seed's
 * scaling, and heat2d_ur's u_b equal to heat2d_b's. */
#include "gradcheck.h"

double heat2d(int n, int T, double r, double *u, const double *w);
double heat2d_b(int n, int T, double r, double *u, double *u_b, const double *w, double seed);
double heat2d_ur(int n, int T, double r, double *r_b, double *u, double *u_b, const double *w,
                 double seed);

struct ctx {
    int n, T;
    double r;
    double *u0; /* the initial grid: perturbed by the finite differences */
    double *u, *w;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * (size_t)c->n * (size_t)c->n);
    return heat2d(c->n, c->T, c->r, c->u, c->w);
}

static void check_case(int n, int T, int along, uint64_t seed) {
    const int nn = n * n;
    char label[96], what[160];
    snprintf(label, sizeof label, "heat2d n=%d T=%d", n, T);
    gc_seed(seed);
    double *u0 = gc_alloc(nn), *u = gc_alloc(nn), *w = gc_alloc(nn), *uf = gc_alloc(nn);
    double *u_b = gc_alloc(nn), *g = gc_alloc(nn), *g2 = gc_alloc(nn);
    gc_fill(u0, nn, 0.5, 1.5);
    gc_fill(w, nn, -1.0, 1.0);
    struct ctx c = {n, T, gc_uniform(0.1, 0.25), u0, u, w};
    const size_t bytes = sizeof(double) * (size_t)nn;

    double f = eval(&c);
    memcpy(uf, u, bytes);

    /* heat2d_b: wrt u */
    memcpy(u, u0, bytes);
    double ret = heat2d_b(n, T, c.r, u, u_b, w, 1.0);
    snprintf(what, sizeof what, "%s: heat2d_b return value", label);
    gc_check_value(what, ret, f, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s: u after heat2d_b (final grid)", label);
    gc_compare_tol(what, u, uf, nn, 1e-13);
    memcpy(g, u_b, bytes);
    char lab_u[112];
    snprintf(lab_u, sizeof lab_u, "%s u_b", label);
    gc_check_gradient(lab_u, along, eval, &c, u0, nn, g);
    gc_check_nonzero(lab_u, g, nn);

    memcpy(u, u0, bytes);
    heat2d_b(n, T, c.r, u, u_b, w, 1.0);
    snprintf(what, sizeof what, "%s: u_b after a second call (2x)", label);
    gc_compare_scaled(what, u_b, g, 2.0, nn);
    memcpy(u, u0, bytes);
    gc_zero(u_b, nn);
    heat2d_b(n, T, c.r, u, u_b, w, -0.5);
    snprintf(what, sizeof what, "%s: u_b with seed -0.5", label);
    gc_compare_scaled(what, u_b, g, -0.5, nn);

    /* heat2d_ur: wrt u and r */
    double r_b = 0.0, fd_r;
    memcpy(u, u0, bytes);
    gc_zero(u_b, nn);
    ret = heat2d_ur(n, T, c.r, &r_b, u, u_b, w, 1.0);
    snprintf(what, sizeof what, "%s: heat2d_ur return value", label);
    gc_check_value(what, ret, f, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s: u after heat2d_ur (final grid)", label);
    gc_compare_tol(what, u, uf, nn, 1e-13);
    snprintf(what, sizeof what, "%s: heat2d_ur's u_b vs heat2d_b's", label);
    gc_compare_scaled(what, u_b, g, 1.0, nn);
    gc_fd_grad(eval, &c, &c.r, 1, &fd_r);
    snprintf(what, sizeof what, "%s: r_b vs finite differences", label);
    gc_compare(what, &r_b, &fd_r, 1);
    if (T > 0 && n > 2) {
        snprintf(what, sizeof what, "%s: r_b", label);
        gc_check_nonzero(what, &r_b, 1);
    }
    double rb1 = r_b;
    memcpy(g2, u_b, bytes);
    memcpy(u, u0, bytes);
    heat2d_ur(n, T, c.r, &r_b, u, u_b, w, 1.0);
    snprintf(what, sizeof what, "%s: heat2d_ur u_b after a second call (2x)", label);
    gc_compare_scaled(what, u_b, g2, 2.0, nn);
    snprintf(what, sizeof what, "%s: r_b after a second call (2x)", label);
    gc_compare_scaled(what, &r_b, &rb1, 2.0, 1);

    free(u0), free(u), free(w), free(uf), free(u_b), free(g), free(g2);
}

int main(void) {
    check_case(6, 0, 0, 1);
    check_case(6, 1, 0, 2);
    check_case(7, 2, 0, 3);
    check_case(6, 7, 0, 4);
    check_case(8, 30, 0, 5);
    check_case(3, 7, 0, 6); /* one interior point */
    check_case(2, 2, 0, 7); /* no interior: the boundary only */
    check_case(5, 2, 0, 8);
    check_case(150, 7, 1, 9); /* rows enough for threads */
    return gc_finish();
}
