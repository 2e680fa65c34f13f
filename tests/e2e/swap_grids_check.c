/* Checks the gradient of swap_grids.c against central finite differences
 * for grids of 3 to 6 points a side and 1 to 3 steps (an odd count leaves
 * the result in the second allocation). */
#include "gradcheck.h"

double swap_grids(int tsteps, int n, const double *restrict u0, double alpha);
double swap_grids_b(int tsteps, int n, const double *restrict u0, double *restrict u0_b,
                    double alpha, double *alpha_b, double seed);

struct ctx {
    int steps, n;
    double *u0, *alpha;
};

static double eval(void *p) {
    struct ctx *c = p;
    return swap_grids(c->steps, c->n, c->u0, *c->alpha);
}

int main(void) {
    char what[80];
    gc_seed(31);
    for (int n = 3; n <= 6; n++)
        for (int steps = 1; steps <= 3; steps++) {
            int m = n * n * n;
            double *u0 = gc_alloc(m), *u0_b = gc_alloc(m), *fd = gc_alloc(m);
            double alpha = 0.7, alpha_b = 0.0, fd_alpha;
            gc_fill(u0, m, -1.0, 1.0);
            struct ctx c = {steps, n, u0, &alpha};
            double r = swap_grids_b(steps, n, u0, u0_b, alpha, &alpha_b, 1.0);
            snprintf(what, sizeof what, "n=%d steps=%d: value", n, steps);
            gc_check_value(what, r, eval(&c), GC_RTOL_EXACT);
            gc_fd_grad(eval, &c, u0, m, fd);
            snprintf(what, sizeof what, "n=%d steps=%d: u0_b", n, steps);
            gc_compare(what, u0_b, fd, m);
            gc_fd_grad(eval, &c, &alpha, 1, &fd_alpha);
            snprintf(what, sizeof what, "n=%d steps=%d: alpha_b", n, steps);
            gc_compare(what, &alpha_b, &fd_alpha, 1);
            free(u0), free(u0_b), free(fd);
        }
    return gc_finish();
}
