/* The heat loop of BENCH.md: a 1-D nonlinear heat equation, n points and T
 * explicit time steps, each a stencil sweep into a scratch array and a copy
 * back, as solvers write it; the objective is the final field's energy.
 * Its gradient with respect to the initial field u and the per-point
 * diffusion coefficients k is taken twice: heat as written (every step's
 * overwritten values saved, T states), heat_sm2 under `#pragma pargrad loop
 * stripmine(2)` (about 2 sqrt(T) states, each step run forward three
 * times). */
#include <math.h>
#include <stdlib.h>

double heat(int n, int T, double *u, const double *k) {
    double *v = malloc(sizeof(double) * (size_t)n);
    v[0] = u[0];
    v[n - 1] = u[n - 1];
    for (int t = 0; t < T; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            v[i] = u[i] + k[i] * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.01 * u[i] * u[i] * u[i];
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    free(v);
    double e = 0.0;
#pragma pargrad reduce(+ : e)
#pragma omp parallel for reduction(+ : e)
    for (int i = 0; i < n; i++)
        e += u[i] * u[i];
    return e;
}

double heat_sm2(int n, int T, double *u, const double *k) {
    double *v = malloc(sizeof(double) * (size_t)n);
    v[0] = u[0];
    v[n - 1] = u[n - 1];
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < T; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            v[i] = u[i] + k[i] * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.01 * u[i] * u[i] * u[i];
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    free(v);
    double e = 0.0;
#pragma pargrad reduce(+ : e)
#pragma omp parallel for reduction(+ : e)
    for (int i = 0; i < n; i++)
        e += u[i] * u[i];
    return e;
}

#pragma pargrad reverse(heat) wrt(u, k)
#pragma pargrad reverse(heat_sm2) wrt(u, k)
