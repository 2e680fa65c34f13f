/* pargrad_gen 83 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    if ((erf(b) > 0.37))
        return (cbrt(2.0 + sin((-1.41))) + 0.48);
    int k1 = (n * 1 + 0) % 5;
    return exp(-log(2.0 + sin(tanh((a * b)))) * log(2.0 + sin(tanh((a * b)))));
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += sqrt(1.0 + v[i] * v[i]);
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf4[64];
    float f5 = (float)((fmax((u[n - 1]), (w[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))));
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double v7 = sqrt(1.0 + tan(0.7 * tanh(atanf((float)((double)i6 / n)) * 0.5f)) * tan(0.7 * tanh(atanf((float)((double)i6 / n)) * 0.5f)));
        buf4[i6] = (0.5 * h1(exp(-(u[n - 1 - i6]) * (u[n - 1 - i6])), sin(w[i6])));
    }
    free(tm2);
    free(tm3);
    return log(2.0 + sin((hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))))));
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, return)
