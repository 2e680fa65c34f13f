/* Checks hotspot_b and smooth_b (generated from clamped_stencils.c): the
 * grid is overwritten by the steps (the finite differences restart from a
 * saved copy), its adjoint incremented into temp_in_b and u_b; after the
 * gradient call the grids hold what the primal leaves in them. Sizes where
 * the row count and the step count are odd and even, so that the result
 * ends in either grid. */
#include "gradcheck.h"

typedef struct {
    double cap, rx, ry, rz, amb, step;
} chip_t;

double hotspot(int niter, int row, int col, const chip_t *chip, const double *power,
               double *temp_in, double *scratch);
double hotspot_b(int niter, int row, int col, const chip_t *chip, const double *power,
                 double *power_b, double *temp_in, double *temp_in_b, double *scratch,
                 double hotspot_b_seed);
double smooth(int n, int steps, double *u, double *v);
double smooth_b(int n, int steps, double *u, double *u_b, double *v, double smooth_b_seed);
double lorenz96(int n, int steps, double dt, double *x, double *dx);
double lorenz96_b(int n, int steps, double dt, double *x, double *x_b, double *dx,
                  double lorenz96_b_seed);

struct grid {
    int niter, row, col;
    const chip_t *chip;
    double *power, *t0, *t, *scratch;
};

static double eval_hotspot(void *p) {
    struct grid *g = p;
    int n = g->row * g->col;
    memcpy(g->t, g->t0, sizeof(double) * (size_t)n);
    gc_fill(g->scratch, n, -9.0, 9.0);
    return hotspot(g->niter, g->row, g->col, g->chip, g->power, g->t, g->scratch);
}

static void check_hotspot(int niter, int row, int col) {
    const chip_t chip = {2.0, 1.5, 1.25, 4.0, 0.3, 0.2};
    int n = row * col;
    double *power = gc_alloc(n), *t0 = gc_alloc(n), *t = gc_alloc(n), *scratch = gc_alloc(n);
    double *t_end = gc_alloc(n), *s_end = gc_alloc(n), *power_b = gc_alloc(n);
    double *t_b = gc_alloc(n), *fd_p = gc_alloc(n), *fd_t = gc_alloc(n), *first = gc_alloc(n);
    char what[96];
    gc_fill(power, n, 0.1, 1.0);
    gc_fill(t0, n, -0.5, 0.8);
    struct grid g = {niter, row, col, &chip, power, t0, t, scratch};
    double f = eval_hotspot(&g);
    memcpy(t_end, t, sizeof(double) * (size_t)n);
    memcpy(s_end, scratch, sizeof(double) * (size_t)n);

    memcpy(t, t0, sizeof(double) * (size_t)n);
    gc_zero(power_b, n);
    gc_zero(t_b, n);
    double r = hotspot_b(niter, row, col, &chip, power, power_b, t, t_b, scratch, 1.0);
    snprintf(what, sizeof what, "hotspot %dx%d, %d steps", row, col, niter);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    /* the grid the steps end in holds the primal's result (the other one
     * holds the step before, in both) */
    gc_compare_tol(niter % 2 ? "hotspot: scratch after the gradient" : "hotspot: temp_in after",
                   niter % 2 ? scratch : t, niter % 2 ? s_end : t_end, n, 1e-13);

    gc_fd_grad(eval_hotspot, &g, power, n, fd_p);
    gc_fd_grad(eval_hotspot, &g, t0, n, fd_t);
    snprintf(what, sizeof what, "hotspot %dx%d: power_b vs finite differences", row, col);
    gc_compare(what, power_b, fd_p, n);
    snprintf(what, sizeof what, "hotspot %dx%d: temp_in_b vs finite differences", row, col);
    gc_compare(what, t_b, fd_t, n);
    gc_check_nonzero("hotspot temp_in_b", t_b, n);

    /* incremented, not set */
    memcpy(first, t_b, sizeof(double) * (size_t)n);
    memcpy(t, t0, sizeof(double) * (size_t)n);
    hotspot_b(niter, row, col, &chip, power, power_b, t, t_b, scratch, 1.0);
    gc_compare_scaled("hotspot temp_in_b after a second call (2x)", t_b, first, 2.0, n);
    free(power), free(t0), free(t), free(scratch), free(t_end), free(s_end), free(power_b);
    free(t_b), free(fd_p), free(fd_t), free(first);
}

/* a one-dimensional function of (n, steps, u, v): smooth, lorenz96 */
typedef double (*line_fn)(int n, int steps, double *u, double *v);
typedef double (*line_fn_b)(int n, int steps, double *u, double *u_b, double *v, double seed);

struct line {
    int n, steps;
    double *u0, *u, *v;
    line_fn f;
};

static double lorenz_step(int n, int steps, double *x, double *dx) {
    return lorenz96(n, steps, 0.01, x, dx);
}

static double lorenz_step_b(int n, int steps, double *x, double *x_b, double *dx, double seed) {
    return lorenz96_b(n, steps, 0.01, x, x_b, dx, seed);
}

static double eval_line(void *p) {
    struct line *l = p;
    memcpy(l->u, l->u0, sizeof(double) * (size_t)l->n);
    gc_fill(l->v, l->n, -9.0, 9.0);
    return l->f(l->n, l->steps, l->u, l->v);
}

static void check_line(const char *name, line_fn f, line_fn_b f_b, double range, int n, int steps) {
    double *u0 = gc_alloc(n), *u = gc_alloc(n), *v = gc_alloc(n), *u_end = gc_alloc(n);
    double *u_b = gc_alloc(n), *fd = gc_alloc(n);
    char what[96];
    gc_fill(u0, n, -range, range);
    struct line l = {n, steps, u0, u, v, f};
    double value = eval_line(&l);
    memcpy(u_end, u, sizeof(double) * (size_t)n);
    memcpy(u, u0, sizeof(double) * (size_t)n);
    gc_zero(u_b, n);
    double r = f_b(n, steps, u, u_b, v, 1.0);
    snprintf(what, sizeof what, "%s n=%d, %d steps", name, n, steps);
    gc_check_value(what, r, value, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s: the array after the gradient", name);
    gc_compare_tol(what, u, u_end, n, 1e-13);
    gc_fd_grad(eval_line, &l, u0, n, fd);
    snprintf(what, sizeof what, "%s n=%d: adjoint vs finite differences", name, n);
    gc_compare(what, u_b, fd, n);
    gc_check_nonzero(name, u_b, n);
    free(u0), free(u), free(v), free(u_end), free(u_b), free(fd);
}

int main(void) {
    gc_seed(61);
    check_hotspot(4, 7, 9);
    check_hotspot(3, 24, 30);
    check_hotspot(1, 1, 5); /* one row: every row neighbour is the row itself */
    check_line("smooth", smooth, smooth_b, 1.0, 40, 5);
    check_line("smooth", smooth, smooth_b, 1.0, 2, 3);
    check_line("smooth", smooth, smooth_b, 1.0, 1,
               2); /* one element: both neighbours clamp to it */
    check_line("lorenz96", lorenz_step, lorenz_step_b, 2.0, 36, 6);
    check_line("lorenz96", lorenz_step, lorenz_step_b, 2.0, 4, 3);
    return gc_finish();
}
