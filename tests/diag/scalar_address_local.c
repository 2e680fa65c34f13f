/* expect: 13:13: points to the scalar 'high' and is pointed elsewhere here */
#include <math.h>

/* A pointer to a scalar moved to another scalar: pargrad follows a
 * pointer to a scalar from its declaration (double *acc = &high;) or as
 * a helper's argument (see tests/e2e/scalar_refs.c). */
double f(int n, const double *x) {
    double high = 0.0, low = 0.0;
    int i;
    double *acc = &high;
    for (i = 0; i < n; i++) {
        if (i == n / 2)
            acc = &low;
        *acc += x[i] * x[i];
    }
    return high - low;
}

#pragma pargrad reverse(f) wrt(x)
