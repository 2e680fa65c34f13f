/* Row-by-row updates as PolyBench writes them: a sequential loop over the
 * rows, a map over the columns of row i, the element's subscript written
 * out on both sides (A[i * n + j] = A[i * n + j] + ..., gemver's rank-2
 * update; data[i * m + j] -= mean[j], correlation's centring). Each side's
 * subscript is its own computation: the map reads and writes the same
 * element in every iteration, and runs in parallel (it was taken for a
 * loop whose iterations might read each other's elements, and
 * differentiated sequentially, with a warning). */
#include <math.h>

#define A(i, j) a[(i)*n + (j)]

double gemver_like(int n, double *a, const double *u1, const double *v1, const double *u2,
                   const double *v2, const double *x) {
    int i, j;
    double s = 0.0;
    for (i = 0; i < n; i++) {
#pragma pargrad map
        for (j = 0; j < n; j++)
            a[i * n + j] = a[i * n + j] + u1[i] * v1[j] + u2[i] * v2[j];
    }
    for (i = 0; i < n; i++) {
#pragma pargrad map
        for (j = 0; j < n; j++)
            A(i, j) = tanh(A(i, j)) * x[j];
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n * n; i++)
        s += a[i] * a[i];
    return s;
}

double centred_energy(int rows, int m, double *data, const double *mean, const double *scale) {
    int i, j;
    double e = 0.0;
    for (i = 0; i < rows; i++) {
#pragma pargrad map
        for (j = 0; j < m; j++) {
            data[i * m + j] -= mean[j];
            data[i * m + j] /= scale[j];
        }
    }
#pragma pargrad reduce(+ : e)
    for (i = 0; i < rows * m; i++)
        e += log1p(data[i] * data[i]);
    return e;
}

#pragma pargrad reverse(gemver_like) wrt(a, u1, v1, u2, v2, x) out(return, a)
#pragma pargrad reverse(centred_energy) wrt(data, mean, scale)
