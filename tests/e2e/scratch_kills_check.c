/* Checks scratch_kills.c's gradients against finite differences, and the
 * state after the gradient call against the primal's. */
#include "gradcheck.h"

double relax_ends(int n, int steps, double *x);
double relax_ends_b(int n, int steps, double *x, double *x_b, double relax_ends_b_seed);
double smooth_rows(int nx, int ny, int steps, double *u);
double smooth_rows_b(int nx, int ny, int steps, double *u, double *u_b, double smooth_rows_b_seed);
double diffuse_bytes(int nx, int ny, int steps, double *u);
double diffuse_bytes_b(int nx, int ny, int steps, double *u, double *u_b,
                       double diffuse_bytes_b_seed);

struct grid {
    int which, nx, ny, steps;
    double *u0, *u;
};

static double run(const struct grid *g, double *u) {
    return g->which == 0   ? relax_ends(g->nx * g->ny, g->steps, u)
           : g->which == 1 ? smooth_rows(g->nx, g->ny, g->steps, u)
                           : diffuse_bytes(g->nx, g->ny, g->steps, u);
}

static double run_b(const struct grid *g, double *u, double *u_b) {
    return g->which == 0   ? relax_ends_b(g->nx * g->ny, g->steps, u, u_b, 1.0)
           : g->which == 1 ? smooth_rows_b(g->nx, g->ny, g->steps, u, u_b, 1.0)
                           : diffuse_bytes_b(g->nx, g->ny, g->steps, u, u_b, 1.0);
}

static double eval(void *p) {
    struct grid *g = p;
    memcpy(g->u, g->u0, sizeof(double) * (size_t)(g->nx * g->ny));
    return run(g, g->u);
}

static void check(int which, int nx, int ny, int steps) {
    static const char *const names[] = {"relax_ends", "smooth_rows", "diffuse_bytes"};
    int n = nx * ny;
    double *u0 = gc_alloc(n), *u = gc_alloc(n), *end = gc_alloc(n), *u_b = gc_alloc(n);
    double *fd = gc_alloc(n);
    gc_fill(u0, n, -0.8, 0.8);
    struct grid g = {which, nx, ny, steps, u0, u};
    double value = eval(&g);
    memcpy(end, u, sizeof(double) * (size_t)n);
    memcpy(u, u0, sizeof(double) * (size_t)n);
    gc_zero(u_b, n); /* (out: the seed of the final values, zero) */
    double r = run_b(&g, u, u_b);
    char what[96];
    snprintf(what, sizeof what, "%s %dx%d, %d steps", names[which], nx, ny, steps);
    gc_check_value(what, r, value, GC_RTOL_EXACT);
    gc_compare_tol("the state after the gradient", u, end, n, 1e-13);
    gc_fd_grad(eval, &g, u0, n, fd);
    gc_compare(what, u_b, fd, n);
    gc_check_nonzero(what, u_b, n);
    free(u0), free(u), free(end), free(u_b), free(fd);
}

int main(void) {
    gc_seed(29);
    for (int which = 0; which < 3; which++) {
        check(which, 7, 3, 4);
        check(which, 1, 2, 3);
        check(which, 5, 1, 2);
    }
    return gc_finish();
}
