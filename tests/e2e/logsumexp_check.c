/* Checks logsumexp_b (generated from logsumexp.c) against central finite
 * differences and against the softmax, including inputs so large that exp()
 * without the max shift would overflow. */
#include "gradcheck.h"

double logsumexp(int n, const double *x);
double logsumexp_b(int n, const double *x, double *x_b, double logsumexp_b_seed);

struct ctx {
    int n;
    double *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return logsumexp(c->n, c->x);
}

static void check_at(const char *label, double *x, int n) {
    char what[96];
    double *x_b = gc_alloc(n), *g = gc_alloc(n), *fd = gc_alloc(n), *soft = gc_alloc(n);
    double f = logsumexp(n, x);

    gc_zero(x_b, n);
    double r = logsumexp_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: return value", label);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    memcpy(g, x_b, sizeof(double) * n);

    struct ctx c = {n, x};
    gc_fd_grad(eval, &c, x, n, fd);
    snprintf(what, sizeof what, "%s: x_b vs finite differences", label);
    gc_compare(what, g, fd, n);
    for (int i = 0; i < n; i++)
        soft[i] = exp(x[i] - f);
    snprintf(what, sizeof what, "%s: x_b vs softmax", label);
    gc_compare_tol(what, g, soft, n, 1e-10);
    snprintf(what, sizeof what, "%s: x_b", label);
    gc_check_nonzero(what, g, n);

    logsumexp_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: x_b after a second call (2x)", label);
    gc_compare_scaled(what, x_b, g, 2.0, n);

    gc_zero(x_b, n);
    logsumexp_b(n, x, x_b, 3.0);
    snprintf(what, sizeof what, "%s: x_b with seed 3", label);
    gc_compare_scaled(what, x_b, g, 3.0, n);

    free(x_b), free(g), free(fd), free(soft);
}

int main(void) {
    enum { N = 120 };
    gc_seed(2);
    double *x = gc_alloc(N);

    gc_fill(x, N, -3.0, 3.0);
    check_at("moderate", x, N);

    /* exp(800) overflows: only correct with the max shift in both sweeps */
    for (int i = 0; i < N; i++)
        x[i] += 800.0;
    check_at("shifted by 800", x, N);

    /* the maximum at the first and at the last index */
    gc_fill(x, N, -3.0, 3.0);
    x[0] = 5.0;
    check_at("max at 0", x, N);
    x[0] = 0.0;
    x[N - 1] = 5.0;
    check_at("max at n-1", x, N);

    free(x);
    return gc_finish();
}
