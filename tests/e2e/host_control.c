/* Sequential control around parallel loops, as a solver writes it: a time
 * loop whose step size adapts to a norm the previous step computed (a
 * scalar carried through the loop, computed by a reduction), a choice of
 * scheme on a parameter (an if around maps, its result computed by one
 * branch's reduction), a strip-mined loop whose trips are a division by a
 * parameter (after a guard that returns where it is 0) and an early exit
 * on a guard.
 * On the GPU the host runs the loops and the if, launching their kernels;
 * the carried scalar and the if's result live in device memory. */
#include <math.h>
#include <stdlib.h>

double relax(int n, int T, int mode, int every, double *u, const double *k) {
    double *v = malloc(sizeof(double) * (size_t)n);
    double dt = 0.1, energy = 0.0;
    for (int t = 0; t < T; t++) {
        double norm = 0.0;
#pragma pargrad reduce(+ : norm)
        for (int i = 0; i < n; i++)
            norm += u[i] * u[i];
        dt = 0.1 / (1.0 + dt * norm / n);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            v[i] = u[i] + dt * k[i] * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.02 * sin(u[i]);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
        energy += dt * norm;
    }
    double extra;
    if (mode > 0) {
        double s = 0.0;
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += k[i] * u[i] * u[i];
        extra = s;
    } else {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] * k[i];
        extra = 1.0;
    }
    if (every <= 0) {
        free(v);
        return energy * extra;
    }
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < T / every; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] - 0.05 * u[i] * u[i] * u[i];
    }
    free(v);
    if (n < 3)
        return energy;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * k[i];
    return s * extra + energy;
}

#pragma pargrad reverse(relax) wrt(u, k)
