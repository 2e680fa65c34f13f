/* Application benchmark heat2d: the explicit 2-D heat equation on an n x n
 * grid (the jacobi-2d / hotspot pattern), T time steps, written as an HPC
 * programmer writes it: a work buffer v beside the grid u, each step
 * updating v from u and then u from v (PolyBench jacobi-2d's A -> B,
 * B -> A), rows in parallel, the 5-point stencil
 *   v[i][j] = u[i][j] + r (u[i-1][j] + u[i+1][j] + u[i][j-1] + u[i][j+1] - 4 u[i][j])
 * on the interior, the boundary fixed (v's boundary copied from u's once).
 * The result is a weighted sum of the final temperature, sum w[i][j] u[i][j]
 * (a sensor average, the objective of an inverse problem for the initial
 * state); u is overwritten with the final state, as the time loop leaves it.
 * tests/e2e/heat2d.c is this file (a link), checked against finite
 * differences; the second directive (wrt u and r, bilinear: the adjoint of
 * r needs every step's grid) is for that test. Gradient wrt the initial
 * grid u:
 *   double heat2d_b(int n, int T, double r, double *u, double *u_b,
 *                   const double *w, double heat2d_b_seed);
 * (u_b incremented with the adjoint of u's initial value; u written.) */
#include <stdlib.h>

double heat2d(int n, int T, double r, double *u, const double *w) {
    double *v = malloc(sizeof(double) * n * n);
    for (int j = 0; j < n; j++) {
        v[j] = u[j];
        v[(n - 1) * n + j] = u[(n - 1) * n + j];
    }
    for (int i = 1; i < n - 1; i++) {
        v[i * n] = u[i * n];
        v[i * n + n - 1] = u[i * n + n - 1];
    }

    for (int t = 0; t < T; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                v[i * n + j] =
                    u[i * n + j] + r * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                                        u[i * n + j + 1] - 4.0 * u[i * n + j]);
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                u[i * n + j] =
                    v[i * n + j] + r * (v[(i - 1) * n + j] + v[(i + 1) * n + j] + v[i * n + j - 1] +
                                        v[i * n + j + 1] - 4.0 * v[i * n + j]);
    }

    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += w[i * n + j] * u[i * n + j];
    free(v);
    return s;
}
#pragma pargrad reverse(heat2d) wrt(u)
#pragma pargrad reverse(heat2d) wrt(u, r) name(heat2d_ur)
