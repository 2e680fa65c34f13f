/* pargrad_gen 15 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-0.48 * 0.48);
    }
    return s;
}
double f(int n, int m, const double *x, const double a[n][m], double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 < m; ++j3) {
            double v4 = (((expm1(0.5 * sin(u[i2])) < 0.10) ? (0.25 * j3) : exp(-sqrt(1.0 + (x[n - 1 * m + j3]) * (x[n - 1 * m + j3])) * sqrt(1.0 + (x[n - 1 * m + j3]) * (x[n - 1 * m + j3])))));
            y[i2 * m + j3] = (((j3 < n / 2) ? (x[n - 1 * m + j3]) : log1p(tanh(v4) * tanh(v4))));
        }
        u[i2] = sin(u[i2]) + cbrt(2.0 + sin((a[(i2 + 1) % n][m - 1])));
    }
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = exp(-(0.81 * cos((0.25 * t5)) + 0.81) * (0.81 * cos((0.25 * t5)) + 0.81));
    }
    double s7 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s7)
    for (int i8 = 0; i8 < n; i8++) {
        double v9 = expm1(0.5 * sin(((h1(n, x, x)) / (1.0 + (h1(n, x, x)) * (h1(n, x, x))))));
        double v10 = u[i8];
        s7 += tan(0.7 * tanh(v9));
    }
    #pragma pargrad map
    for (int i11 = 1; i11 < n - 1; i11++) {
        y[i11] = (((i11 % 2 == 0) ? (-0.60) : (((double)i11 / n) - atanf((float)atan(s7)) * 0.5f)));
    }
    free(tm1);
    return sin((tanh(s7) + s7));
}

#pragma pargrad reverse(f) wrt(x, a, u) out(u, y, return)
