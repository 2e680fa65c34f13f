/* pargrad_gen 63 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
static double h2(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, const double *w, double *u) {
    double s1 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s1)
    for (int i2 = 0; i2 < n; i2 += 1) {
        if ((sqrt(1.0 + u[i2] * u[i2]) > 0.22)) {
            s1 += expm1(0.5 * sin((-0.30)));
        }
    }
    for (int t3 = 0; t3 < 2; t3++) {
        double v4 = log(1.0 + (cos((0.25 * t3)) * (s1 / (1.0 + s1 * s1))) * (cos((0.25 * t3)) * (s1 / (1.0 + s1 * s1))));
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; i6 += 1) {
            if (((x[t3 % n]) * expm1(0.5 * sin((h2(x, (i6 + 1) % n))))) < s5) s5 = ((x[t3 % n]) * expm1(0.5 * sin((h2(x, (i6 + 1) % n)))));
        }
        if ((atan(s1) < 0.32))
            break;
    }
    return (((0.5 * (x[n / 2])) + s1) / (1.0 + ((0.5 * (x[n / 2])) + s1) * ((0.5 * (x[n / 2])) + s1)));
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, return)
