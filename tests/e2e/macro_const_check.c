/* Checks scaled_b (macro constants) against central finite
 * differences. */
#include "gradcheck.h"

enum { N = 64 };

double scaled(int n, const double *x);
double scaled_b(int n, const double *x, double *x_b, double scaled_b_seed);

static double eval(void *p) {
    return scaled(N, p);
}

int main(void) {
    gc_seed(11);
    double *x = gc_alloc(N), *x_b = gc_alloc(N), *fd = gc_alloc(N), *g = gc_alloc(N);
    gc_fill(x, N, -2.0, 2.0);
    gc_zero(x_b, N);
    double f = scaled(N, x);
    double r = scaled_b(N, x, x_b, 1.0);
    gc_check_value("scaled_b return value", r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval, x, x, N, fd);
    gc_compare("x_b vs finite differences", x_b, fd, N);
    gc_check_nonzero("x_b", x_b, N);
    memcpy(g, x_b, sizeof(double) * N);
    scaled_b(N, x, x_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, g, 2.0, N);
    free(x), free(x_b), free(fd), free(g);
    return gc_finish();
}
