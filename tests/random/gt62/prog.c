/* pargrad_gen 62 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf3[64];
    float f4 = (float)(x[0]);
    double v5 = (-1.29);
    for (int t6 = 0; t6 < 2; t6++) {
        v5 = 0.5 * v5 + 0.5 * tanh(log1p((0.06 * (-1.26) + v5) * (0.06 * (-1.26) + v5)));
        double s7 = 1.0e3;
        #pragma pargrad reduce(min : s7)
        for (int i8 = 0; i8 < n; ++i8) {
            if ((w[n - 1]) < s7) s7 = (w[n - 1]);
        }
        for (int t9 = 0; t9 < 3; t9++) {
            double s10 = -1.0e3;
            #pragma pargrad reduce(max : s10)
            for (int i11 = 0; i11 < n; ++i11) {
                s10 = fmax(s10, w[i11]);
            }
            if (((((double)t9 / n) * (w[n / 2])) < -0.46))
                break;
        }
    }
    #pragma pargrad map
    for (int i12 = 1; i12 < n - 1; i12 += 1) {
        y[i12] = (x[i12 + 1]);
    }
    free(tm1);
    free(tm2);
    return (1.29 / (1.0 + sqrt(1.0 + hypot(f4, 0.5 + v5 * v5) * hypot(f4, 0.5 + v5 * v5)) * sqrt(1.0 + hypot(f4, 0.5 + v5 * v5) * hypot(f4, 0.5 + v5 * v5))));
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
