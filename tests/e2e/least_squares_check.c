/* Checks lsq_b (generated from least_squares.c) against central finite
 * differences and the closed form A^T (A x - b), (A x - b) x^T. */
#include "gradcheck.h"

double lsq(int m, int n, const double *A, const double *x, const double *b);
double lsq_b(int m, int n, const double *A, double *A_b, const double *x, double *x_b,
             const double *b, double lsq_b_seed);

struct ctx {
    int m, n;
    double *A, *x, *b;
};

static double eval(void *p) {
    struct ctx *c = p;
    return lsq(c->m, c->n, c->A, c->x, c->b);
}

int main(void) {
    enum { M = 40, N = 25 };
    gc_seed(3);
    double *A = gc_alloc(M * N), *x = gc_alloc(N), *b = gc_alloc(M);
    double *A_b = gc_alloc(M * N), *x_b = gc_alloc(N);
    double *gA = gc_alloc(M * N), *gx = gc_alloc(N);
    double *fdA = gc_alloc(M * N), *fdx = gc_alloc(N);
    double *eA = gc_alloc(M * N), *ex = gc_alloc(N);
    gc_fill(A, M * N, -1.0, 1.0);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(b, M, -2.0, 2.0);
    double f = lsq(M, N, A, x, b);

    gc_zero(A_b, M * N);
    gc_zero(x_b, N);
    double r = lsq_b(M, N, A, A_b, x, x_b, b, 1.0);
    gc_check_value("lsq_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gA, A_b, sizeof(double) * M * N);
    memcpy(gx, x_b, sizeof(double) * N);

    struct ctx c = {M, N, A, x, b};
    gc_fd_grad(eval, &c, A, M * N, fdA);
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_compare("A_b vs finite differences", gA, fdA, M * N);
    gc_compare("x_b vs finite differences", gx, fdx, N);

    /* closed form */
    gc_zero(ex, N);
    for (int i = 0; i < M; i++) {
        double res = -b[i];
        for (int j = 0; j < N; j++)
            res += A[i * N + j] * x[j];
        for (int j = 0; j < N; j++) {
            eA[i * N + j] = res * x[j];
            ex[j] += res * A[i * N + j];
        }
    }
    gc_compare_tol("A_b vs closed form", gA, eA, M * N, 1e-10);
    gc_compare_tol("x_b vs closed form", gx, ex, N, 1e-10);
    gc_check_nonzero("A_b", gA, M * N);
    gc_check_nonzero("x_b", gx, N);

    lsq_b(M, N, A, A_b, x, x_b, b, 1.0);
    gc_compare_scaled("A_b after a second call (2x)", A_b, gA, 2.0, M * N);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);

    gc_zero(A_b, M * N);
    gc_zero(x_b, N);
    lsq_b(M, N, A, A_b, x, x_b, b, 0.5);
    gc_compare_scaled("A_b with seed 0.5", A_b, gA, 0.5, M * N);
    gc_compare_scaled("x_b with seed 0.5", x_b, gx, 0.5, N);

    free(A), free(x), free(b), free(A_b), free(x_b), free(gA), free(gx);
    free(fdA), free(fdx), free(eA), free(ex);
    return gc_finish();
}
