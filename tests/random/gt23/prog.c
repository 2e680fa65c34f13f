/* pargrad_gen 23 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return (fabs(log(1.0 + v[k] * v[k])) + (((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25))));
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = atanf((float)expm1(0.5 * sin(tan(0.7 * tanh(u[i3]))))) * 0.5f;
        double la5[3] = {logf(1.0f + (float)cos(v4) * (float)cos(v4)), (-1.41), expm1(0.5 * sin((w[n - 1])))};
        float f6 = (float)(v4);
        u[i3] = sin(u[i3]) + (atan(sqrt(1.0 + f6 * f6)) / (1.0 + ((float)(u[i3] * f6)) * ((float)(u[i3] * f6))));
    }
    double v7 = pow(1.0 + ((h2(n, x, w)) / (1.0 + (h2(n, x, w)) * (h2(n, x, w)))) * ((h2(n, x, w)) / (1.0 + (h2(n, x, w)) * (h2(n, x, w)))), 0.5 + 0.3 * sin(((w[n - 1]) / (1.0 + x[0] * x[0]))));
    double v8 = (x[n / 2]);
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9 += 1) {
        double v10 = sqrt(1.0 + tan(0.7 * tanh(atanf((float)((double)i9 / n)) * 0.5f)) * tan(0.7 * tanh(atanf((float)((double)i9 / n)) * 0.5f)));
        buf2[i9] = cos((h1(x, i9)));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11 += 1) {
        y[i11] = atanf((float)fmin(buf2[0], fmin(v8, v7 + 0.25) + 0.25)) * 0.5f;
    }
    free(tm1);
    return ((-0.03) + (y[n - 1]));
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, y, return)
