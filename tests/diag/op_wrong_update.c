/* expect: 15:9: unsupported update of 's' with a declared operator */
#include <math.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY) commutative

double f(int n, const double *x)
{
    double s = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
