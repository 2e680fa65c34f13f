/* Checks pragma_constants.c (macro constants in pragmas) against central
 * finite differences. */
#include "gradcheck.h"

double relax_then_shrink(int n, const double *x, double *u);
double relax_then_shrink_b(int n, const double *x, double *x_b, double *u, double seed);

enum { N = 17 };

struct ctx {
    double *x, *u;
};

static double eval(void *p) {
    struct ctx *c = p;
    return relax_then_shrink(N, c->x, c->u);
}

int main(void) {
    gc_seed(4);
    struct ctx c = {gc_alloc(N), gc_alloc(N)};
    double *g = gc_alloc(N), *fd = gc_alloc(N), *u = gc_alloc(N);
    for (int scale = 1; scale <= 3; scale++) { /* a few halvings, then none */
        gc_fill(c.x, N, -0.6 * scale, 0.6 * scale);
        gc_zero(g, N);
        double r = relax_then_shrink_b(N, c.x, g, u, 1.0);
        gc_check_value("relax_then_shrink_b return value", r, eval(&c), GC_RTOL_EXACT);
        gc_fd_grad(eval, &c, c.x, N, fd);
        gc_compare("relax_then_shrink: x_b vs finite differences", g, fd, N);
        gc_check_nonzero("relax_then_shrink: x_b", g, N);
    }
    return gc_finish();
}
