/* expect: 6:5: 'state' points to the scalar 'seed', indexed here past its one element */
#include <math.h>

/* A helper indexing past the one scalar it was given. */
static double next_uniform(unsigned *state) {
    state[1] = state[0] * 1103515245u + 12345u;
    return (double)(state[1] % 1000u) / 1000.0;
}

double f(int n, const double *x) {
    unsigned seed = 42u;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * next_uniform(&seed);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
