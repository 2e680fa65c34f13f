/* pargrad_gen 26 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double v1 = (a + sqrt(1.0 + (((1.19 < -0.23) ? a : a)) * (((1.19 < -0.23) ? a : a))));
    return sqrt(0.5 + v1 * v1);
}
static double h2(const double *v, int k) {
    return v[k];
}
void f(int n, int m, const double *x, const double *w, const double a[n][m], double p, double *u, double *y) {
    double s2 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s2)
    for (int i3 = 0; i3 < n; i3 += 1) {
        if ((cbrt(2.0 + sin(p)) > 0.28)) {
            s2 += expm1(0.5 * sin((-0.30)));
        }
    }
    double s4 = 1.0;
    #pragma pargrad reduce(* : s4)
    for (int i5 = 0; i5 < n; i5++) {
        s4 = s4 * (1.0 + 0.2 * tanh(w[i5]));
    }
    #pragma pargrad map
    for (int i6 = 0; i6 < n; ++i6) {
        y[i6] = sqrt(1.0 + exp(-((w[n - 1]) * u[i6]) * ((w[n - 1]) * u[i6])) * exp(-((w[n - 1]) * u[i6]) * ((w[n - 1]) * u[i6])));
    }
}

#pragma pargrad reverse(f) wrt(x, w, a, p, u) out(u, y)
