/* pargrad_gen 7 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double v1 = b;
    return a;
}
static double h2(const double *v, int k) {
    return fabs(fabs((0.76 * v[k])));
}
double f(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v4 = (h2(x, n / 2));
    double v5 = ((w[n - 1]) + (v4 - w[0]));
    int k6 = (n * 3 + 2) % 5;
    for (int t7 = 0; t7 <= 3 - 1; t7++) {
        for (int t8 = 0; t8 <= 2 - 1; t8++) {
            #pragma pargrad map
            for (int i9 = 1; i9 < n - 1; i9++) {
                tm3[i9] = 0.5 * u[i9] + 0.25 * (u[i9 - 1] + u[i9 + 1]) * tanh(tan(0.7 * tanh(log1p(v4 * v4))));
            }
            #pragma pargrad map
            for (int i10 = 1; i10 < n - 1; i10++) {
                u[i10] = tm3[i10];
            }
        }
        v4 += 0.25 * sin(fabs(atanf((float)(w[t7 % n])) * 0.5f));
        v5 += 0.25 * sin(expm1(0.5 * sin((w[n - 1]))));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11++) {
        for (int t12 = 0; t12 < m; t12++) {
            float f13 = (float)(tanh(v5));
            double v14 = v4;
        }
        for (int t15 = 0; t15 < m; t15 += 1) {
            double v16 = (log(2.0 + sin(((w[i11 * m + t15]) + (0.1 * k6)))) / (1.0 + (u[i11 * m + t15]) * (u[i11 * m + t15])));
        }
        y[i11] = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
    }
    free(tm2);
    free(tm3);
    return log(1.0 + v4 * v4);
}

#pragma pargrad reverse(f) wrt(x, u) out(u, y, return)
