/* Checks hist_rerun_b: y after the gradient holds the primal's outputs,
 * y_b is consumed, and x_b (seed s in y_b, r for the return value) against
 * central finite differences of s.y + r f. */
#include "gradcheck.h"

double hist_rerun(int n, const double *x, double *y);
double hist_rerun_b(int n, const double *x, double *x_b, double *y, double *y_b, double seed);

enum { N = 23 };

struct ctx {
    double *x, *s, *y;
    double r;
};

static double eval(void *p) {
    struct ctx *c = p;
    double f = hist_rerun(N, c->x, c->y);
    return gc_dot(c->s, c->y, N) + c->r * f;
}

int main(void) {
    gc_seed(31);
    double *x = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *tmp = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *fd = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    double want = hist_rerun(N, x, yref);
    gc_fill(y, N, -9.0, 9.0);
    gc_zero(x_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    double got = hist_rerun_b(N, x, x_b, y, y_b, 0.7);
    gc_check_value("return value", got, want, 1e-13);
    gc_compare_tol("y after hist_rerun_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after hist_rerun_b (consumed)", y_b, N);
    struct ctx c = {x, s, tmp, 0.7};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences", x_b, fd, N);
    gc_check_nonzero("x_b", x_b, N);
    return gc_finish();
}
