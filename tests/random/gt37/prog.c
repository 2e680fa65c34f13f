/* pargrad_gen 37 */
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
double f(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        for (int t2 = 0; t2 < 4; t2++) {
            double s3 = 1.0e3;
            #pragma pargrad reduce(min : s3)
            for (int i4 = 0; i4 < n; ++i4) {
                if ((expm1(0.5 * sin(((double)t2 / n))) > -0.37)) {
                    if ((w[n - 1]) < s3) s3 = (w[n - 1]);
                }
            }
            if ((t2 % 2 == 0))
                break;
        }
    }
    double s5 = 1.0e3;
    #pragma pargrad reduce(min : s5)
    for (int i6 = 0; i6 <= n - 1; i6++) {
        s5 = fmin(s5, x[i6]);
    }
    free(tm1);
    return (fmax(fmax((w[n - 1]), (x[n / 2]) - 0.25), sin(sin(s5)) - 0.25) - (-0.60));
}

#pragma pargrad reverse(f) wrt(x) out(return)
