/* A helper that writes an array argument (axpy into y, in place), called after
 * a map over the rows of a 2-D VLA matrix with a dot-product reduce per row;
 * differentiated wrt(A, x, alpha) out(y). */
#include <math.h>
static void axpy(int n, double a, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

void matvec(int n, int m, const double A[n][m], const double *x, double alpha, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int j = 0; j < m; j++)
            r += A[i][j] * x[j];
        y[i] = tanh(r);
    }
    axpy(n, alpha, x, y);
}
#pragma pargrad reverse(matvec) wrt(A, x, alpha) out(y)
