/* pargrad_gen 50 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((p > -0.04)) {
        int k3 = (n * 3 + 1) % 5;
    }
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k4 = (n * 3 + 2) % 5;
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; ++i6) {
            if ((hypot((0.1 * k4), 0.5 + (0.1 * k4) * (0.1 * k4)) > 0.14)) {
                s5 = fmin(s5, (x[n - 1]));
            }
        }
    } else {
        double v7 = ((p / (1.0 + x[0] * x[0])) / (1.0 + sin(expm1(0.5 * sin(a[0][0]))) * sin(expm1(0.5 * sin(a[0][0])))));
        float f8 = (float)(p);
    }
    double s9 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s9)
    for (int i10 = 0; i10 < n; i10 += 1) {
        s9 = s9 + x[i10];
    }
    free(tm1);
    free(tm2);
    return tanh(((p / (1.0 + (expf(tanhf((float)tanh(s9))) / (1.0 + tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))) * tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))))) * (expf(tanhf((float)tanh(s9))) / (1.0 + tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))) * tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))))))) + s9));
}

#pragma pargrad reverse(f) wrt(x, a, p)
