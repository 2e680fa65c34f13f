/* pargrad_gen 85 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return atan((log1p((0.06 * (-1.26) + v[k]) * (0.06 * (-1.26) + v[k])) * v[k]));
}
static double h2(const double *v, int k) {
    return (((v[k] < -0.42) ? v[k] : 0.42));
}
double f(int n, int m, const double *x, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 1.0e3;
    #pragma pargrad reduce(min : s2)
    for (int i3 = 0; i3 < n; i3 += 1) {
        if ((x[i3] * expm1(0.5 * sin((h2(x, (i3 + 1) % n))))) < s2) s2 = (x[i3] * expm1(0.5 * sin((h2(x, (i3 + 1) % n)))));
    }
    double s4 = 1.0;
    #pragma pargrad reduce(* : s4)
    for (int i5 = 0; i5 < n; ++i5) {
        s4 = s4 * (1.0 + 0.2 * tanh((0.5 * (sin(sin(s2)) / (1.0 + p * p)))));
    }
    free(tm1);
    return atan((p + s4));
}

#pragma pargrad reverse(f) wrt(x) out(return)
