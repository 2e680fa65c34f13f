/* Hand-written gradient of heat (heat.c) wrt the initial field u and the
 * coefficients k, as an HPC programmer writes one for a long time loop:
 * two-level checkpointing. The forward sweep runs the steps as the primal
 * does and stores the field at the start of every block of
 * B = ceil(sqrt(T)) steps (T / B fields); the return sweep takes the blocks
 * last first, runs each forward again from its stored field keeping its B
 * fields, then runs its steps' adjoints backwards. Extra memory: about
 * 2 sqrt(T) fields; each step runs forward twice.
 *
 * One step, interior i: y[i] = x[i] + k[i] (x[i-1] - 2 x[i] + x[i+1])
 * - 0.01 x[i]^3; the two boundary values stay. Its adjoint is a gather
 * (each point's adjoint written by one iteration: no atomics):
 *   x_b[j] = y_b[j] (1 - 2 k[j] - 0.03 x[j]^2) + k[j-1] y_b[j-1] + k[j+1] y_b[j+1]
 * over the interior neighbours, and k_b[i] += y_b[i] (x[i-1] - 2 x[i] + x[i+1]). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* y from x, one step (the primal's expression, so results are identical) */
static void step(int n, const double *restrict x, double *restrict y, const double *restrict k) {
    y[0] = x[0];
    y[n - 1] = x[n - 1];
#pragma omp parallel for simd schedule(static)
    for (int i = 1; i < n - 1; i++)
        y[i] = x[i] + k[i] * (x[i - 1] - 2.0 * x[i] + x[i + 1]) - 0.01 * x[i] * x[i] * x[i];
}

/* x_b from y_b (the step from x), k_b added into */
static void step_adjoint(int n, const double *restrict x, const double *restrict yb,
                         double *restrict xb, const double *restrict k, double *restrict kb) {
    xb[0] = yb[0] + (n > 2 ? k[1] * yb[1] : 0.0);
    xb[n - 1] = yb[n - 1] + (n > 2 ? k[n - 2] * yb[n - 2] : 0.0);
#pragma omp parallel for simd schedule(static)
    for (int j = 1; j < n - 1; j++) {
        double g = yb[j] * (1.0 - 2.0 * k[j] - 0.03 * x[j] * x[j]);
        if (j > 1)
            g += k[j - 1] * yb[j - 1];
        if (j < n - 2)
            g += k[j + 1] * yb[j + 1];
        xb[j] = g;
        kb[j] += yb[j] * (x[j - 1] - 2.0 * x[j] + x[j + 1]);
    }
}

double heat_manual_b(int n, int T, double *u, double *u_b, const double *k, double *k_b,
                     double seed) {
    int B = (int)ceil(sqrt((double)T));
    B = B > 1 ? B : 1;
    int nb = (T + B - 1) / B;
    size_t row = sizeof(double) * (size_t)n;
    double *saved = malloc(row * (size_t)(nb > 0 ? nb : 1));
    double *block = malloc(row * (size_t)(B + 1));
    double *v = malloc(row), *a = malloc(row), *g = malloc(row);

    for (int t = 0; t < T; t++) {
        if (t % B == 0)
            memcpy(saved + (size_t)(t / B) * n, u, row);
        step(n, u, v, k);
        memcpy(u + 1, v + 1, sizeof(double) * (size_t)(n - 2));
    }
    double e = 0.0;
#pragma omp parallel for simd reduction(+ : e) schedule(static)
    for (int i = 0; i < n; i++) {
        e += u[i] * u[i];
        a[i] = 2.0 * seed * u[i];
    }

    for (int b = nb - 1; b >= 0; b--) {
        int t0 = b * B, t1 = t0 + B < T ? t0 + B : T;
        memcpy(block, saved + (size_t)b * n, row);
        for (int t = t0; t + 1 < t1; t++)
            step(n, block + (size_t)(t - t0) * n, block + (size_t)(t - t0 + 1) * n, k);
        for (int t = t1 - 1; t >= t0; t--) {
            step_adjoint(n, block + (size_t)(t - t0) * n, a, g, k, k_b);
            double *s = a;
            a = g;
            g = s;
        }
    }
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++)
        u_b[i] += a[i];
    free(saved);
    free(block);
    free(v);
    free(a);
    free(g);
    return e;
}
