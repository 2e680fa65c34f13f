/* expect: 15:13: the operator 'lse' is not declared commutative */
#include <math.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY)

double f(int n, const double *x)
{
    double s = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        s = logaddexp(x[i], s);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
