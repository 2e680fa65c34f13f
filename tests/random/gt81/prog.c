/* pargrad_gen 81 */
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
double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            s4 = fmax(s4, (w[t3 % n]));
        }
        if ((t3 % 2 == 0))
            break;
    }
    if (((fmax((w[n - 1]), (x[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5))) < -0.13)) {
        float f6 = (float)(((0.06 - 0.03) * (x[0] - x[0])));
        #pragma pargrad map
        for (int i7 = 1; i7 <= n - 1 - 1; i7++) {
            y[i7] = (sinf((float)tan(0.7 * tanh(f6))) * atanf((float)((double)i7 / n)) * 0.5f);
        }
    }
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        for (int t9 = 0; t9 < 3; t9++) {
            double la10[3] = {((w[t9 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), expf(tanhf((float)log(2.0 + sin(w[0])))), (x[n - 1])};
            #pragma pargrad map
            for (int j11 = 0; j11 < m; j11++) {
                int k12 = (t9 * 3 + 2) % 5;
                y[i8 * m + j11] = exp(-x[i8] * x[i8]);
            }
        }
        tm2[i8] = w[0];
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; ++i13) {
        double v14 = cbrt(2.0 + sin((w[n - 1])));
        y[i13] = (0.5 * ((((0.25 * i13) < 0.10) ? (-1.02) : tanh(tm2[i13]))));
    }
    free(tm2);
    return (x[n / 2]);
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
