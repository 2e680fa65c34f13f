/* A min-reduce whose initial value is an active scalar parameter m0. When m0
 * is below every element the initial value wins: the adjoint of the min goes
 * entirely to m0 and none to x. The result is combined nonlinearly with a
 * +-reduce so that x has a gradient through another path as well. */
#include <math.h>

double min_init(int n, double m0, const double *x) {
    double m = m0;
#pragma pargrad reduce(min : m)
    for (int i = 0; i < n; i++)
        m = fmin(m, x[i]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += 0.1 * x[i] * x[i];
    return m * m + s + sin(m);
}

#pragma pargrad reverse(min_init) wrt(m0, x)
