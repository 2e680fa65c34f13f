/* pargrad_gen 49 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((p > -0.04)) {
        int k3 = (n * 3 + 1) % 5;
    }
    if (((-0.60 * (-0.27 * (x[n / 2]) + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k4 = (n * 3 + 2) % 5;
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; ++i6) {
            if (w[i6] < s5) s5 = w[i6];
        }
    } else {
        for (int t7 = 0; t7 < n; t7++) {
            float f8 = (float)(0.81);
            double s9 = 1.0e3;
            #pragma pargrad reduce(min : s9)
            for (int j10 = 0; j10 <= m - 1; j10++) {
                s9 = fmin(s9, p);
            }
            if (((((double)t7 / n) - (w[n - 1])) < -0.08))
                break;
        }
    }
    double s11 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s11)
    for (int i12 = 0; i12 < n; i12 += 1) {
        s11 = s11 + (x[(i12 + 1) % n]);
    }
    free(tm1);
    free(tm2);
    return p;
}

#pragma pargrad reverse(f) wrt(x, a, p)
