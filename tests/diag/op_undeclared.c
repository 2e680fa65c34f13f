/* expect: 11:24: unknown operator 'lse' */
#include <math.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

double f(int n, const double *x)
{
    double s = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        s = logaddexp(s, x[i]);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
