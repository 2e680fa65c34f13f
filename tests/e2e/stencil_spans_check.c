/* Checks the gradient of stencil_spans.c against central finite
 * differences, for grids of 3 to 40 rows (the partial sums grow by
 * doubling from 64 elements: at 16 rows and more, a row's reservation
 * grows them past the one before). */
#include "gradcheck.h"

double stencil_spans(int n, const double *x);
double stencil_spans_b(int n, const double *x, double *x_b, double seed);

struct ctx {
    int n;
    double *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return stencil_spans(c->n, c->x);
}

int main(void) {
    const int sizes[] = {3, 9, 16, 23, 40};
    char what[80];
    gc_seed(7);
    for (int k = 0; k < 5; k++) {
        int n = sizes[k];
        double *x = gc_alloc(n * n), *x_b = gc_alloc(n * n), *fd = gc_alloc(n * n);
        gc_fill(x, n * n, -1.0, 1.0);
        struct ctx c = {n, x};
        double r = stencil_spans_b(n, x, x_b, 1.0);
        snprintf(what, sizeof what, "n=%d: value", n);
        gc_check_value(what, r, eval(&c), GC_RTOL_EXACT);
        gc_fd_grad(eval, &c, x, n * n, fd);
        snprintf(what, sizeof what, "n=%d: x_b", n);
        gc_compare(what, x_b, fd, n * n);
        free(x), free(x_b), free(fd);
    }
    return gc_finish();
}
