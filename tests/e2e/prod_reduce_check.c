/* Checks prod_b (generated from prod_reduce.c) with no zero, one zero (first,
 * middle, last position) and two zeros among the inputs, against the exact
 * gradient computed here (products of the other elements) and, everywhere,
 * central finite differences (exact up to rounding: the product is linear in
 * each element). */
#include "gradcheck.h"

double prod(int n, const double *x);
double prod_b(int n, const double *x, double *x_b, double prod_b_seed);

enum { N = 12 };

struct ctx {
    int n;
    double *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return prod(c->n, c->x);
}

static void check_at(const char *label, double *x, int expect_nonzero) {
    char what[96];
    double x_b[N], g[N], fd[N], ex[N];

    /* exact: d/dx_k = prod_{i != k} x_i, computed without division */
    double p = 1.0;
    for (int i = 0; i < N; i++)
        p *= x[i];
    for (int k = 0; k < N; k++) {
        ex[k] = 1.0;
        for (int i = 0; i < N; i++)
            if (i != k)
                ex[k] *= x[i];
    }
    snprintf(what, sizeof what, "%s: primal vs product", label);
    gc_check_value(what, prod(N, x), p, GC_RTOL_EXACT);

    gc_zero(x_b, N);
    double r = prod_b(N, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: return value", label);
    gc_check_value(what, r, p, GC_RTOL_EXACT);
    memcpy(g, x_b, sizeof g);

    snprintf(what, sizeof what, "%s: x_b vs exact", label);
    gc_compare_tol(what, g, ex, N, 1e-12);
    struct ctx c = {N, x};
    gc_fd_grad(eval, &c, x, N, fd);
    snprintf(what, sizeof what, "%s: x_b vs finite differences", label);
    gc_compare(what, g, fd, N);
    if (expect_nonzero) {
        snprintf(what, sizeof what, "%s: x_b", label);
        gc_check_nonzero(what, g, N);
    }

    prod_b(N, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: x_b after a second call (2x)", label);
    gc_compare_scaled(what, x_b, g, 2.0, N);

    gc_zero(x_b, N);
    prod_b(N, x, x_b, -2.0);
    snprintf(what, sizeof what, "%s: x_b with seed -2", label);
    gc_compare_scaled(what, x_b, g, -2.0, N);
}

int main(void) {
    double x[N];
    gc_seed(4);
    /* magnitudes in [0.5, 1.5], random signs */
    for (int i = 0; i < N; i++)
        x[i] = gc_uniform(0.5, 1.5) * (gc_next() & 1 ? -1.0 : 1.0);

    check_at("no zero", x, 1);

    double save;
    const int ks[] = {0, 5, N - 1};
    for (int t = 0; t < 3; t++) {
        char label[64];
        int k = ks[t];
        save = x[k];
        x[k] = 0.0;
        snprintf(label, sizeof label, "one zero at %d", k);
        check_at(label, x, 1);
        x[k] = -0.0;
        snprintf(label, sizeof label, "one -0.0 at %d", k);
        check_at(label, x, 1);
        x[k] = save;
    }

    double s3 = x[3], s8 = x[8];
    x[3] = 0.0;
    x[8] = 0.0;
    check_at("zeros at 3 and 8", x, 0);
    x[3] = s3, x[8] = s8;

    return gc_finish();
}
