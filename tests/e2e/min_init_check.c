/* Checks min_init_b (generated from min_init.c) in two regimes:
 *  (a) m0 below every x[i] (the initial value wins): m0_b = 2 m0 + cos(m0),
 *      x_b = 0.2 x only;
 *  (b) m0 above every x[i] (an element wins): m0_b = 0 and the arg-min element
 *      gets the min's adjoint.
 * Both against central finite differences; the driver requires a clear gap
 * between the winner and the runner-up (no ties, FD is well defined). */
#include "gradcheck.h"

double min_init(int n, double m0, const double *x);
double min_init_b(int n, double m0, double *m0_b, const double *x, double *x_b,
                  double min_init_b_seed);

enum { N = 97 };

struct ctx {
    double *m0, *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return min_init(N, *c->m0, c->x);
}

static void regime(const char *name, double m0, double *x) {
    double m0_b = 0.0, fdm0;
    double *x_b = gc_alloc(N), *fdx = gc_alloc(N), *want = gc_alloc(N);
    double xmin = INFINITY;
    for (int i = 0; i < N; i++)
        xmin = fmin(xmin, x[i]);
    gc_require(fabs(xmin - m0) > 1e-3, "initial value and elements are not tied");
    double f = min_init(N, m0, x);
    double r = min_init_b(N, m0, &m0_b, x, x_b, 1.0);
    char what[96];
    snprintf(what, sizeof what, "%s: return value", name);
    gc_check_value(what, r, f, GC_RTOL_EXACT);

    struct ctx c = {&m0, x};
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, &m0, 1, &fdm0);
    snprintf(what, sizeof what, "%s: x_b vs FD", name);
    gc_compare(what, x_b, fdx, N);
    snprintf(what, sizeof what, "%s: m0_b vs FD", name);
    gc_compare(what, &m0_b, &fdm0, 1);

    double m = fmin(m0, xmin);
    double gm = 2.0 * m + cos(m);
    for (int i = 0; i < N; i++)
        want[i] = 0.2 * x[i] + (m0 > xmin && x[i] == xmin ? gm : 0.0);
    double wm0 = m0 < xmin ? gm : 0.0;
    snprintf(what, sizeof what, "%s: x_b vs closed form", name);
    gc_compare_tol(what, x_b, want, N, 1e-12);
    snprintf(what, sizeof what, "%s: m0_b vs closed form", name);
    gc_compare_tol(what, &m0_b, &wm0, 1, 1e-12);
    free(x_b), free(fdx), free(want);
}

int main(void) {
    gc_seed(30);
    double *x = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    regime("init wins (m0 = -1.5)", -1.5, x);
    regime("element wins (m0 = 2)", 2.0, x);
    /* an element wins, the minimum is in the middle of the array */
    x[N / 2] = -1.7;
    regime("element N/2 wins (m0 = -1.2)", -1.2, x);
    free(x);
    return gc_finish();
}
