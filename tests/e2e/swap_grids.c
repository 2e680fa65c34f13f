/* PolyBench heat-3d's ping-pong as often written: two malloc'ed grids
 * swapped by name after each step (`tmp = A; A = B; B = tmp;`, once
 * rejected as pointing an allocation elsewhere), an index macro, a
 * nonlinear diffusivity in a static helper. A and B are pointer views of
 * the two allocations, as `double *cur = a;` would be. */
#include <math.h>
#include <stdlib.h>

#define IDX(i, j, k) (((i)*n + (j)) * n + (k))

static inline double diffusivity(double u, double a) {
    return 0.125 * (1.0 + a * u * u);
}

double swap_grids(int tsteps, int n, const double *restrict u0, double alpha) {
    int t, i, j, k;
    double *A = malloc(sizeof(double) * n * n * n);
    double *B = malloc(sizeof(double) * n * n * n);
    double *tmp;
    double e = 0.0;

#pragma pargrad map
    for (i = 0; i < n * n * n; i++) {
        A[i] = u0[i];
        B[i] = u0[i];
    }
    for (t = 1; t <= tsteps; t++) {
#pragma omp parallel for private(j, k)
#pragma pargrad map
        for (i = 1; i < n - 1; i++) {
            for (j = 1; j < n - 1; j++) {
                for (k = 1; k < n - 1; k++) {
                    double c = diffusivity(A[IDX(i, j, k)], alpha);
                    B[IDX(i, j, k)] =
                        c * (A[IDX(i + 1, j, k)] - 2.0 * A[IDX(i, j, k)] + A[IDX(i - 1, j, k)]) +
                        c * (A[IDX(i, j + 1, k)] - 2.0 * A[IDX(i, j, k)] + A[IDX(i, j - 1, k)]) +
                        c * (A[IDX(i, j, k + 1)] - 2.0 * A[IDX(i, j, k)] + A[IDX(i, j, k - 1)]) +
                        A[IDX(i, j, k)];
                }
            }
        }
        tmp = A;
        A = B;
        B = tmp;
    }
#pragma omp parallel for reduction(+ : e)
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n * n * n; i++)
        e += A[i] * A[i] * A[i];
    free(A);
    free(B);
    return e;
}

#pragma pargrad reverse(swap_grids) wrt(u0, alpha)
