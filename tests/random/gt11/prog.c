/* pargrad_gen 11 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += atan(q[i]);
    }
    return s;
}
static double h2(double a, double b) {
    if (((((a < -0.06) ? b : a)) < 0.25))
        return (((a < 0.17) ? a : fmax(b, 0.11 - 0.25)));
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = sin(h2(pow(1.5 + cos(x[0]), 1.5), fmax((w[n - 1]), (x[n / 2]) - 0.25)));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4 += 1) {
        double v5 = sqrt(1.0 + tan(0.7 * tanh(atanf((float)((double)i4 / n)) * 0.5f)) * tan(0.7 * tanh(atanf((float)((double)i4 / n)) * 0.5f)));
        tm2[i4] = hypot(((h1(n, x, w)) / (1.0 + (h1(n, x, w)) * (h1(n, x, w)))), 0.5 + atan((h1(n, x, w))) * atan((h1(n, x, w))));
    }
    double v6 = (-1.47 * x[0] + (sinf((float)v3) * hypot(0.54, 0.5 + (-1.14) * (-1.14))));
    float f7 = (float)(h2((x[0] - (-0.72)), atan(v3)));
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        double la9[3] = {(((((double)i8 / n) > 0.32) ? v3 : (0.25 * i8))), (x[(i8 + 1) % n]), x[i8]};
        y[i8] = ((sinf((float)(x[n - 1 - i8])) + (0.25 * i8)) + (la9[i8 % 3]));
    }
    free(tm2);
    return v6;
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
