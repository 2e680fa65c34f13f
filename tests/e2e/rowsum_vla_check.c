/* Checks rowsum_b against central finite differences, for a[n][m] and w. */
#include "gradcheck.h"

enum { N = 13, M = 7 };

double rowsum(int n, int m, const double a[n][m], const double *w);
double rowsum_b(int n, int m, const double a[n][m], double a_b[n][m], const double *w, double *w_b,
                double rowsum_b_seed);

struct ctx {
    double *a, *w;
};

static double eval(void *p) {
    struct ctx *c = p;
    return rowsum(N, M, (const double(*)[M])c->a, c->w);
}

int main(void) {
    gc_seed(7);
    double *a = gc_alloc(N * M), *a_b = gc_alloc(N * M), *w = gc_alloc(M), *w_b = gc_alloc(M);
    double *fda = gc_alloc(N * M), *fdw = gc_alloc(M), *ga = gc_alloc(N * M);
    gc_fill(a, N * M, -1.0, 1.0);
    gc_fill(w, M, -1.0, 1.0);
    double f = rowsum(N, M, (const double(*)[M])a, w);
    gc_zero(a_b, N * M);
    gc_zero(w_b, M);
    double r = rowsum_b(N, M, (const double(*)[M])a, (double(*)[M])a_b, w, w_b, 1.0);
    gc_check_value("rowsum_b return value", r, f, GC_RTOL_EXACT);
    struct ctx c = {a, w};
    gc_fd_grad(eval, &c, a, N * M, fda);
    gc_fd_grad(eval, &c, w, M, fdw);
    gc_compare("a_b vs finite differences", a_b, fda, N * M);
    gc_compare("w_b vs finite differences", w_b, fdw, M);
    gc_check_nonzero("a_b", a_b, N * M);
    memcpy(ga, a_b, sizeof(double) * N * M);
    rowsum_b(N, M, (const double(*)[M])a, (double(*)[M])a_b, w, w_b, 1.0);
    gc_compare_scaled("a_b after a second call (2x)", a_b, ga, 2.0, N * M);
    free(a), free(a_b), free(w), free(w_b), free(fda), free(fdw), free(ga);
    return gc_finish();
}
