/* Checks matvec_b (generated from helper_axpy.c): A_b, x_b, alpha_b += J^T s
 * for a random seed s in y_b, against central finite differences of dot(s, y);
 * y holds the primal output and y_b is consumed. */
#include "gradcheck.h"

void matvec(int n, int m, const double A[n][m], const double *x, double alpha, double *y);
void matvec_b(int n, int m, const double A[n][m], double A_b[n][m], const double *x, double *x_b,
              double alpha, double *alpha_b, double *y, double *y_b);

enum { N = 24, M = 24, NM = N * M };

struct ctx {
    double *A, *x, *alpha, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    matvec(N, M, (const double(*)[M])c->A, c->x, *c->alpha, c->y);
    return gc_dot(c->s, c->y, N);
}

int main(void) {
    gc_seed(34);
    double *A = gc_alloc(NM), *x = gc_alloc(M), *s = gc_alloc(N), *y = gc_alloc(N);
    double *yref = gc_alloc(N), *tmp = gc_alloc(N), *A_b = gc_alloc(NM), *x_b = gc_alloc(M);
    double *y_b = gc_alloc(N), *fdA = gc_alloc(NM), *fdx = gc_alloc(M);
    double alpha = 0.6, alpha_b = 0.0, fda;
    gc_fill(A, NM, -0.5, 0.5);
    gc_fill(x, M, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    matvec(N, M, (const double(*)[M])A, x, alpha, yref);

    gc_fill(y, N, -3.0, 3.0);
    gc_zero(A_b, NM);
    gc_zero(x_b, M);
    memcpy(y_b, s, sizeof(double) * N);
    matvec_b(N, M, (const double(*)[M])A, (double(*)[M])A_b, x, x_b, alpha, &alpha_b, y, y_b);
    gc_compare_tol("y after matvec_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after matvec_b (consumed)", y_b, N);

    struct ctx c = {A, x, &alpha, s, tmp};
    gc_fd_grad(eval, &c, A, NM, fdA);
    gc_fd_grad(eval, &c, x, M, fdx);
    gc_fd_grad(eval, &c, &alpha, 1, &fda);
    gc_compare("A_b vs finite differences", A_b, fdA, NM);
    gc_compare("x_b vs finite differences", x_b, fdx, M);
    gc_compare("alpha_b vs finite differences", &alpha_b, &fda, 1);
    gc_check_nonzero("A_b", A_b, NM);
    gc_check_nonzero("x_b", x_b, M);

    free(A), free(x), free(s), free(y), free(yref), free(tmp), free(A_b), free(x_b), free(y_b);
    free(fdA), free(fdx);
    return gc_finish();
}
