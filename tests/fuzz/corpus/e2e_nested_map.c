/* A map nested in a map writing a matrix output: y[i*m+j] = f(A[i*m+j], x[j]),
 * differentiated with out(y). x[j] is read by every outer (parallel) iteration
 * i, so its adjoint is a sum over i that must not race between threads. */
#include <math.h>

void outer_f(int n, int m, const double *A, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
#pragma pargrad map
        for (int j = 0; j < m; j++) {
            double a = A[i * m + j];
            y[i * m + j] = sin(a * x[j]) + a * a * x[j] + 0.3 * exp(0.2 * x[j]);
        }
    }
}

#pragma pargrad reverse(outer_f) wrt(A, x) out(y)
