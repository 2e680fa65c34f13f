/* expect: 9:19: a pointer to the scalar 'total' kept in a variable */
#include <math.h>

/* A local pointer to a scalar: pargrad follows pointers to scalars only
 * as arguments of helpers (see tests/e2e/scalar_refs.c). */
double f(int n, const double *x) {
    double total = 0.0;
    int i;
    double *acc = &total;
    for (i = 0; i < n; i++)
        *acc += x[i] * x[i];
    return total;
}

#pragma pargrad reverse(f) wrt(x)
