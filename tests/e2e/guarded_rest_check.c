/* Checks guarded_sum_b and guarded_steps_b (generated from
 * guarded_rest.c) against finite differences, the guards taken and not. */
#include "gradcheck.h"

double guarded_sum(int n, const double *x);
double guarded_sum_b(int n, const double *x, double *x_b, double guarded_sum_b_seed);
double guarded_steps(int n, int steps, const double *x, const double *k);
double guarded_steps_b(int n, int steps, const double *x, double *x_b, const double *k, double *k_b,
                       double guarded_steps_b_seed);

struct gs {
    int n, steps;
    double *x, *k;
};

static double eval_sum(void *p) {
    struct gs *g = p;
    return guarded_sum(g->n, g->x);
}

static double eval_steps(void *p) {
    struct gs *g = p;
    return guarded_steps(g->n, g->steps, g->x, g->k);
}

static void check(int n, int steps, double x0) {
    int len = n > 0 ? n : 1;
    struct gs g = {n, steps, gc_alloc(len), gc_alloc(len)};
    double *x_b = gc_alloc(len), *k_b = gc_alloc(len), *fd_x = gc_alloc(len), *fd_k = gc_alloc(len);
    char what[96];
    gc_fill(g.x, len, -1.0, 1.0);
    gc_fill(g.k, len, 0.2, 1.0);
    g.x[0] = x0;
    gc_zero(x_b, len), gc_zero(k_b, len);
    double r = guarded_sum_b(n, g.x, x_b, 1.0);
    snprintf(what, sizeof what, "guarded_sum n=%d", n);
    gc_check_value(what, r, eval_sum(&g), GC_RTOL_EXACT);
    gc_fd_grad(eval_sum, &g, g.x, n, fd_x);
    snprintf(what, sizeof what, "guarded_sum n=%d: x_b vs finite differences", n);
    gc_compare(what, x_b, fd_x, n);
    gc_zero(x_b, len);
    r = guarded_steps_b(n, steps, g.x, x_b, g.k, k_b, 1.0);
    snprintf(what, sizeof what, "guarded_steps n=%d steps=%d x0=%g", n, steps, x0);
    gc_check_value(what, r, eval_steps(&g), GC_RTOL_EXACT);
    gc_fd_grad(eval_steps, &g, g.x, n, fd_x);
    gc_fd_grad(eval_steps, &g, g.k, n, fd_k);
    snprintf(what, sizeof what, "guarded_steps n=%d steps=%d: x_b vs finite differences", n, steps);
    gc_compare(what, x_b, fd_x, n);
    snprintf(what, sizeof what, "guarded_steps n=%d steps=%d: k_b vs finite differences", n, steps);
    gc_compare(what, k_b, fd_k, n);
    free(g.x), free(g.k), free(x_b), free(k_b), free(fd_x), free(fd_k);
}

int main(void) {
    gc_seed(67);
    check(0, 3, 0.5);
    check(1, 3, 0.5);
    check(7, 0, 0.5);
    check(7, 4, 0.5);
    check(7, 4, 12.0); /* the second guard returns */
    check(300, 6, 0.5);
    return gc_finish();
}
