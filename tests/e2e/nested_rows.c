/* Maps nested in maps, as image and matrix code writes them. scale_rows:
 * each row scaled by its own factor v[i], which every element of the row
 * reads: v's adjoint sums a row's elements (its outer iteration's own
 * element, updated by every inner iteration). pair_energy: every pair
 * (i, j) of two point sets interacts; each pair's adjoint updates p's
 * element i and q's element j (shared across rows or columns) and the
 * weights' sum. On the GPU the second is one thread per pair (the nest
 * flattened); the first keeps a thread per row, its inner loop in it
 * (a thread per element would race on v's adjoint). */
#include <math.h>

void scale_rows(int n, int m, const double *A, const double *v, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
#pragma pargrad map
        for (int j = 0; j < m; j++)
            y[i * m + j] = A[i * m + j] * v[i] + sin(v[i]) * A[i * m + j] * A[i * m + j];
    }
}

double pair_energy(int n, int m, const double *p, const double *q, double w, double *e) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
#pragma pargrad map
        for (int j = 0; j < m; j++) {
            double d = p[i] - q[j];
            e[i * m + j] = w * exp(-d * d) + 0.1 * d * q[j];
        }
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int k = 0; k < n * m; k++)
        s += e[k] * e[k];
    return s;
}

#pragma pargrad reverse(scale_rows) wrt(A, v) out(y)
#pragma pargrad reverse(pair_energy) wrt(p, q, w)
