/* Checks heat_steps_b (generated from param_swap.c) against finite
 * differences, for an even and an odd number of steps (the result in
 * either grid), and that the grids hold the primal's final values after
 * the gradient as after the primal. */
#include "gradcheck.h"

double heat_steps(int nx, int ny, int nsteps, const double *u0, const double *kappa, double *u,
                  double *un);
double heat_steps_b(int nx, int ny, int nsteps, const double *u0, double *u0_b, const double *kappa,
                    double *kappa_b, double *u, double *un, double heat_steps_b_seed);

struct heat {
    int nx, ny, nsteps;
    double *u0, *kappa, *u, *un;
};

static double eval_heat(void *p) {
    struct heat *h = p;
    return heat_steps(h->nx, h->ny, h->nsteps, h->u0, h->kappa, h->u, h->un);
}

static void check(int nx, int ny, int nsteps) {
    int n = nx * ny;
    struct heat h = {nx, ny, nsteps, gc_alloc(n), gc_alloc(n), gc_alloc(n), gc_alloc(n)};
    double *u0_b = gc_alloc(n), *kappa_b = gc_alloc(n), *fd_u0 = gc_alloc(n), *fd_k = gc_alloc(n);
    double *u_end = gc_alloc(n), *un_end = gc_alloc(n);
    char what[96];
    gc_fill(h.u0, n, -1.0, 1.0);
    gc_fill(h.kappa, n, 0.05, 0.2);
    gc_zero(u0_b, n), gc_zero(kappa_b, n);
    double f = eval_heat(&h);
    memcpy(u_end, h.u, sizeof(double) * (size_t)n);
    memcpy(un_end, h.un, sizeof(double) * (size_t)n);
    gc_fill(h.u, n, 5.0, 6.0), gc_fill(h.un, n, 5.0, 6.0); /* (scratch: any values) */
    double r = heat_steps_b(nx, ny, nsteps, h.u0, u0_b, h.kappa, kappa_b, h.u, h.un, 1.0);
    snprintf(what, sizeof what, "heat_steps %dx%d, %d steps", nx, ny, nsteps);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_compare_tol("heat_steps: u after the gradient", h.u, u_end, n, 1e-13);
    gc_compare_tol("heat_steps: un after the gradient", h.un, un_end, n, 1e-13);
    gc_fd_grad(eval_heat, &h, h.u0, n, fd_u0);
    gc_fd_grad(eval_heat, &h, h.kappa, n, fd_k);
    snprintf(what, sizeof what, "heat_steps %d steps: u0_b vs finite differences", nsteps);
    gc_compare(what, u0_b, fd_u0, n);
    snprintf(what, sizeof what, "heat_steps %d steps: kappa_b vs finite differences", nsteps);
    gc_compare(what, kappa_b, fd_k, n);
    gc_check_nonzero("kappa_b", kappa_b, n);
    free(h.u0), free(h.kappa), free(h.u), free(h.un), free(u0_b), free(kappa_b), free(fd_u0);
    free(fd_k), free(u_end), free(un_end);
}

int main(void) {
    gc_seed(66);
    check(6, 5, 3);
    check(6, 5, 4);
    check(40, 33, 5);
    return gc_finish();
}
