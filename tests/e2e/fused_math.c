/* fma as HPC code writes it: dot products and Horner's rule accumulated
 * with fma (a reduce's update `s = fma(a, b, s)`, a map's value), and the
 * exact scalings ldexp and scalbn. */
#include <math.h>

double fma_dot(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s = fma(x[i], sin(x[(i + 1) % n]), s);
    return s * s + fma(x[0], x[n - 1], 0.5);
}

double fma_horner(int n, const double *x) {
    static const double c[4] = {0.5, -0.25, 0.125, 1.0};
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++) {
        double p = c[0];
        for (int k = 1; k < 4; k++)
            p = fma(p, x[i], c[k]);
        e += p * p;
    }
    return e;
}

double scaled(int n, const double *x) {
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += ldexp(x[i], i % 3 - 1) * scalbn(cos(x[i]), 2) + fmaf((float)i, 0.5f, 1.0f) * x[i];
    return e;
}

#pragma pargrad reverse(fma_dot) wrt(x)
#pragma pargrad reverse(fma_horner) wrt(x)
#pragma pargrad reverse(scaled) wrt(x)
