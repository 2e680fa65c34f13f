/* pargrad_gen 68 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += v[i];
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s3 = 1.0;
    #pragma pargrad reduce(* : s3)
    for (int i4 = 0; i4 < n; i4 += 1) {
        if ((cbrt(2.0 + sin(p)) > 0.28)) {
            s3 *= 1.0 + 0.2 * tanh(expm1(0.5 * sin((-0.30))));
        }
    }
    double s5 = 1.0;
    #pragma pargrad reduce(* : s5)
    for (int i6 = 0; i6 < n; i6++) {
        s5 = s5 * (1.0 + 0.2 * tanh(w[i6]));
    }
    free(tm1);
    free(tm2);
    return (((cos(erf(expm1(0.5 * sin(s5)))) + s3) + s5) / (1.0 + ((cos(erf(expm1(0.5 * sin(s5)))) + s3) + s5) * ((cos(erf(expm1(0.5 * sin(s5)))) + s3) + s5)));
}

#pragma pargrad reverse(f) wrt(x, w, p)
