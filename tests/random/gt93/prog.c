/* pargrad_gen 93 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = exp(-(0.81 * cos((0.25 * t2)) + 0.81) * (0.81 * cos((0.25 * t2)) + 0.81));
        double la4[3] = {(x[n / 2]), sqrt(1.0 + pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((w[n - 1]))) * pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((w[n - 1])))), p};
        double s5 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s5)
        for (int i6 = 0; i6 < n; i6 += 1) {
            s5 = s5 + (x[t2 % n]);
        }
        double v7 = p;
    }
    double v8 = atan(exp(tanh(expf(tanhf((float)p)))));
    float f9 = (float)(atan(sin((h1(n, x, w)))));
    float f10 = (float)(((((x[n / 2]) + w[0]) * expf(tanhf((float)v8))) / (1.0 + (((x[n / 2]) + w[0]) * expf(tanhf((float)v8))) * (((x[n / 2]) + w[0]) * expf(tanhf((float)v8))))));
    #pragma pargrad map
    for (int i11 = 1; i11 < n - 1; ++i11) {
        double v12 = (-0.03);
        #pragma pargrad map
        for (int j13 = 0; j13 < m; j13++) {
            tm1[i11 * m + j13] = v12;
        }
        y[i11] = pow(1.5 + cos((exp(-(w[i11 + 1]) * (w[i11 + 1])) * sinf((float)(x[(i11 + 1) % n])))), 1.5);
    }
    free(tm1);
    return sin(w[0]);
}

#pragma pargrad reverse(f) wrt(x, p) out(y, return)
