/* Linear least squares 0.5 * ||A x - b||^2: a +-reduce over rows whose body
 * holds a +-reduce over columns (a dot product per row). */
#include <math.h>

double lsq(int m, int n, const double *A, const double *x, const double *b) {
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int i = 0; i < m; i++) {
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int j = 0; j < n; j++)
            r += A[i * n + j] * x[j];
        r -= b[i];
        loss += r * r;
    }
    return 0.5 * loss;
}

#pragma pargrad reverse(lsq) wrt(A, x)
