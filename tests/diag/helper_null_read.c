/* expect: 7:14: 'w' is NULL here: the call at line 12 passes NULL for it */
#include <stddef.h>

static double wsum(int n, const double *x, const double *w) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += w[i] * x[i];
    return s;
}

double f(int n, const double *x) {
    return wsum(n, x, NULL);
}
#pragma pargrad reverse(f) wrt(x)
