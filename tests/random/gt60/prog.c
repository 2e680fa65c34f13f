/* pargrad_gen 60 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return tan(0.7 * tanh(v[k]));
}
void f(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3++) {
        #pragma pargrad map
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = sinf((float)erf(log1p((x[i3 + 1 * m + j4]) * (x[i3 + 1 * m + j4]))));
            y[i3 * m + j4] = (sqrt(1.0 + (h1(x, i3)) * (h1(x, i3))) * expm1(0.5 * sin((x[n - 1]))));
        }
        tm1[i3] = (0.25 * i3);
    }
    double v6 = (x[n - 1]);
    double v7 = ((x[n / 2]) / (1.0 + x[0] * x[0]));
    float f8 = (float)((((((x[n / 2]) < -0.42) ? v7 : (x[n - 1]))) / (1.0 + logf(1.0f + (float)(x[n / 2]) * (float)(x[n / 2])) * logf(1.0f + (float)(x[n / 2]) * (float)(x[n / 2])))));
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        double s10 = 0.0;
        #pragma pargrad reduce(+ : s10)
        for (int j11 = 0; j11 < m; j11++) {
            if ((i9 % 2 == 0)) {
                s10 = s10 + cbrt(2.0 + sin(atanf((float)tan(0.7 * tanh(((double)j11 / n)))) * 0.5f));
            }
        }
        double v12 = (tanh(tanh(s10)) + (-1.38));
        y[i9] = atanf((float)hypot(cos((s10 / (1.0 + s10 * s10))), 0.5 + atanf((float)(x[n - 1])) * 0.5f * atanf((float)(x[n - 1])) * 0.5f)) * 0.5f;
    }
    free(tm1);
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x) out(y)
