/* expect: 15:34: a pointer to the scalar 'seed' */
#include <math.h>

/* An integer random-number state passed by address to the helper that
 * updates it. */
static double next_uniform(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return (double)(*state % 1000u) / 1000.0;
}

double f(int n, const double *x) {
    unsigned seed = 42u;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * next_uniform(&seed);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
