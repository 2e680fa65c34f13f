/* A kept call's value steering the computation: printf's count of
 * characters written sets a damping factor and weights the energy (the
 * return sweep reads back the counts the forward sweep's calls returned,
 * and does not print again). On the GPU printf returns how many arguments
 * it read, not characters: the CUDA backend rejects this program
 * (tests/cuda/unsupported.list); kept_values.c has the clocks it accepts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* "step 1".."step 9" are 7 characters with the newline, "step 10" on 8. */
double damped_steps(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n);
    double e = 0.0;
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int s = 1; s <= 12; s++) {
        int len = printf("step %d\n", s);
        double damp = len > 7 ? 0.5 : 0.9;
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = damp * u[i] + 0.1 * x[i] * cos(u[i]);
        e += len * u[s % n];
        if (s % 3 == 0) {
            int wrote = printf("  energy %.3f\n", e);
            e -= 0.01 * wrote * u[0] * u[0];
        }
    }
    free(u);
    return e;
}

#pragma pargrad reverse(damped_steps) wrt(x)
