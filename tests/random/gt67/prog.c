/* pargrad_gen 67 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return ((v[k] * v[k]) / (1.0 + fmin(atan(v[k]), (-0.30) + 0.25) * fmin(atan(v[k]), (-0.30) + 0.25)));
}
static double h2(const double *v, int k) {
    return (fabs(v[k]) + (-1.41));
}
void f(int n, int m, const double *x, const double *w, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = exp(-(0.81 * cos((0.25 * t2)) + 0.81) * (0.81 * cos((0.25 * t2)) + 0.81));
    }
    double s4 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s4)
    for (int i5 = 0; i5 < n; i5++) {
        double v6 = expm1(0.5 * sin((h2(x, (i5 + 1) % n))));
        if ((p > -0.32)) {
            double v7 = (-0.84 * sin(logf(1.0f + (float)w[0] * (float)w[0])) + sinf((float)sqrtf(1.0f + (float)(u[i5] * u[i5]))));
        } else {
            double la8[3] = {sin(v6), ((((double)i5 / n) - v6) * exp(-(u[n - 1 - i5]) * (u[n - 1 - i5]))), (0.5 * fabs(v6))};
        }
        s4 += ((double)i5 / n);
    }
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        for (int t10 = 0; t10 < 3; t10++) {
            double la11[3] = {((x[t10 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), atanf((float)cos(tanh(s4))) * 0.5f, (w[t10 % n])};
            float f12 = (float)(sqrt(1.0 + expf(tanhf((float)p)) * expf(tanhf((float)p))));
        }
        y[i9] = (x[(i9 + 1) % n]);
    }
    free(tm1);
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, y)
