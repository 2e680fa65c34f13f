/* Helper functions defined in the same file and called from the
 * differentiated function (pargrad inlines/differentiates them): a scalar
 * helper with two scalar arguments, a helper taking arrays and an index, and
 * a helper that itself contains a +-reduce over an array argument. */
#include <math.h>

static double softsq(double a, double b) {
    return a * a / (1.0 + b * b) + sin(a * b);
}

static double pair(const double *p, const double *q, int i) {
    return p[i] * q[i] + 0.5 * p[i + 1] * exp(-q[i]);
}

static double wdot(int n, const double *a, const double *b) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

double helpers(int n, const double *x, const double *w, double alpha) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n - 1; i++)
        s += softsq(x[i], alpha * w[i]) + pair(w, x, i);
    double d = wdot(n, x, w);
    return s + softsq(d, alpha);
}

#pragma pargrad reverse(helpers) wrt(x, w, alpha)
