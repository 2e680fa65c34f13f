/* expect: 13:27: the operator 'lse' is not declared commutative, as histograms need */
#include <math.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY)

double f(int n, const double *x)
{
    double h[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
#pragma pargrad histogram(lse : h)
    for (int i = 0; i < n; i++)
        h[i % 4] = logaddexp(h[i % 4], x[i]);
    return h[0] + h[1] + h[2] + h[3];
}

#pragma pargrad reverse(f) wrt(x)
