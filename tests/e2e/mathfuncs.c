/* The math.h functions pargrad differentiates, in one +-reduce body, at points
 * where all of them are smooth: x[i] in [0.2, 0.8], y[i] in [1.1, 1.9]. Each
 * term has its own weight so that a wrong partial cannot hide behind another. */
#include <math.h>

double mathmix(int n, const double *x, const double *y) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double a = x[i];
        double b = y[i];
        double t = 1.0 * sin(a) + 1.1 * cos(b) + 1.2 * tan(a) + 1.3 * asin(a) + 1.4 * acos(a) +
                   1.5 * atan(b) + 1.6 * atan2(a, b) + 1.7 * sinh(a) + 1.8 * cosh(b) +
                   1.9 * tanh(b) + 2.0 * exp(a) + 2.1 * exp2(b) + 2.2 * expm1(a) + 2.3 * log(b) +
                   2.4 * log2(b) + 2.5 * log10(a) + 2.6 * log1p(a) + 2.7 * sqrt(b) + 2.8 * cbrt(a) +
                   2.9 * pow(b, a) + 3.0 * pow(a, 3.0) + 3.1 * hypot(a, b) + 3.2 * fabs(a - 0.5) +
                   3.3 * fmin(a, 0.5 * b) + 3.4 * fmax(a, 0.5 * b) + 3.5 * erf(a) + 3.6 * erfc(b) +
                   3.7 * lgamma(b) + 3.8 * asinh(a) + 3.9 * acosh(b) + 4.0 * atanh(a) +
                   4.1 * tgamma(b);
        s += t;
    }
    return s;
}

#pragma pargrad reverse(mathmix) wrt(x, y)
