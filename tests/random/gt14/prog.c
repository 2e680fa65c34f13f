/* pargrad_gen 14 */
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
double f(int n, int m, const double *x, const double *w, const double a[n][m], double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 < m; ++j3) {
            double v4 = (((expm1(0.5 * sin(u[i2])) < 0.10) ? (0.25 * j3) : exp(-sqrt(1.0 + (w[n - 1 * m + j3]) * (w[n - 1 * m + j3])) * sqrt(1.0 + (w[n - 1 * m + j3]) * (w[n - 1 * m + j3])))));
            y[i2 * m + j3] = fmin(u[i2], exp(tanh((-1.29))) + 0.25);
        }
        u[i2] = u[i2] * sin((sqrt(0.5 + (-1.26) * (-1.26)) * ((a[(i2 + 1) % n][m - 1]) + (w[n - 1]))));
    }
    double v5 = expm1(0.5 * sin((pow(1.5 + cos((w[n - 1])), 1.5) - ((u[n / 2]) * (a[n / 2][m - 1])))));
    double v6 = (w[n / 2]);
    #pragma pargrad map
    for (int i7 = 0; i7 < n; i7++) {
        y[i7] = (((i7 % 2 == 0) ? (0.5 * expf(tanhf((float)x[i7]))) : (((double)i7 / n) - atanf((float)v6) * 0.5f)));
    }
    free(tm1);
    return v5;
}

#pragma pargrad reverse(f) wrt(x, a, u) out(u, y, return)
