/* pargrad_gen 38 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += sin((q[i] * 1.07));
    }
    return s;
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fmax(q[i], v[i] - 0.25);
    }
    return s;
}
double f(int n, int m, const double *x) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((((((-1.26) > 0.37) ? (x[0] + x[0]) : log1p((x[n / 2]) * (x[n / 2])))) > -0.49)) {
        float f2 = (float)(((-1.41) + (0.5 * (x[n - 1]))));
    }
    float f3 = (float)(sqrt(1.0 + cos(0.28) * cos(0.28)));
    free(tm1);
    return tan(0.7 * tanh(logf(1.0f + (float)((x[n / 2]) / (1.0 + (x[n / 2]) * (x[n / 2]))) * (float)((x[n / 2]) / (1.0 + (x[n / 2]) * (x[n / 2]))))));
}

#pragma pargrad reverse(f) wrt(x) out(return)
