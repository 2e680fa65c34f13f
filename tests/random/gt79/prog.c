/* pargrad_gen 79 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    int k1 = (n * 2 + 1) % 5;
    if ((exp(-a * a) < 0.05))
        return (-1.41);
    return expm1(0.5 * sin(0.48));
}
static double h2(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, const double a[n][m], double p, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            if (p > s4) s4 = p;
        }
        if ((tanh(s4) > -0.13))
            break;
    }
    double v6 = ((sqrt(1.0 + (x[n - 1]) * (x[n - 1])) * p) / (1.0 + p * p));
    double v7 = (x[n / 2]);
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        double s9 = 0.0;
        #pragma pargrad reduce(+ : s9)
        for (int j10 = 0; j10 < m; j10++) {
            if ((i8 % 2 == 0)) {
                s9 = s9 + cbrt(2.0 + sin(atanf((float)tan(0.7 * tanh(((double)j10 / n)))) * 0.5f));
            }
        }
        double v11 = (tanh(tanh(s9)) + (-1.38));
        y[i8] = atanf((float)hypot(cos((s9 / (1.0 + s9 * s9))), 0.5 + expf(tanhf((float)x[i8])) * expf(tanhf((float)x[i8])))) * 0.5f;
    }
    free(tm2);
    return (v7 - (cos(v7) * y[0]));
}

#pragma pargrad reverse(f) wrt(x, p) out(y, return)
