/* expect: 14:33: a reduce of 'lse' is differentiated as a scan (the general rule), which takes one variable per loop */
#include <math.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY) commutative

double f(int n, const double *x)
{
    double s = -INFINITY;
    double t = -INFINITY;
#pragma pargrad reduce(lse : s, t)
    for (int i = 0; i < n; i++) {
        s = logaddexp(s, x[i]);
        t = logaddexp(t, 2.0 * x[i]);
    }
    return s + t;
}

#pragma pargrad reverse(f) wrt(x)
