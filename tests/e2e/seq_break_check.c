/* Checks series_b (a loop with break) against central finite differences,
 * for inputs that stop the loop early and inputs that never break. */
#include "gradcheck.h"

enum { N = 40 };

double series(int n, const double *x);
double series_b(int n, const double *x, double *x_b, double series_b_seed);

static double eval(void *p) {
    return series(N, p);
}

static void check(const char *what, double lo, double hi, unsigned seed) {
    double *x = gc_alloc(N), *x_b = gc_alloc(N), *fd = gc_alloc(N);
    gc_seed(seed);
    gc_fill(x, N, lo, hi);
    gc_zero(x_b, N);
    double f = series(N, x);
    double r = series_b(N, x, x_b, 1.0);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval, x, x, N, fd);
    gc_compare(what, x_b, fd, N);
    gc_check_nonzero(what, x_b, N);
    free(x), free(x_b), free(fd);
}

int main(void) {
    /* large entries: the running sum crosses 4 after a few iterations */
    check("breaks early: x_b vs finite differences", 0.5, 1.2, 3);
    /* tiny entries: the loop runs to the end */
    check("never breaks: x_b vs finite differences", -0.2, 0.2, 5);
    return gc_finish();
}
