/* A malloc'ed temporary: a map fills it, a reduce reads it back with a
 * neighbour, and the function frees it. */
#include <math.h>
#include <stdlib.h>

double smooth_energy(int n, const double *x) {
    double *t = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        t[i] = tanh(x[i]) * x[i];
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n - 1; i++)
        e += (t[i + 1] - t[i]) * (t[i + 1] - t[i]) + exp(-t[i] * t[i]);
    free(t);
    return e;
}

#pragma pargrad reverse(smooth_energy) wrt(x)
