/* A time-stepping simulation: 1-D nonlinear heat conduction, explicit
 * steps of a 3-point stencil into a scratch field and a copy back, the
 * boundary held fixed. The gradient is that of the final field's energy
 * with respect to the initial field and the conductivity. The time loop is
 * strip-mined: its gradient keeps about 2 sqrt(steps) fields, not one per
 * step (`pargrad --report heat.c` prints the formula). */
#include <math.h>
#include <stdlib.h>

double heat_energy(int n, int steps, const double *u0, double kappa) {
    double *u = malloc(sizeof(double) * (size_t)n);
    double *v = malloc(sizeof(double) * (size_t)n);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = v[i] = u0[i];
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < steps; t++) {
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            v[i] = u[i] + kappa * (1.0 + 0.1 * u[i] * u[i]) * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += u[i] * u[i];
    free(u);
    free(v);
    return e;
}

#pragma pargrad reverse(heat_energy) wrt(u0, kappa)
