/* random seed 5016: uncompilable before the fix (see findings.list) */
/* pargrad_gen 5016 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 2; t3++) {
        #pragma pargrad map
        for (int i4 = 1; i4 < n - 1; ++i4) {
            tm2[i4] = 0.5 * u[i4] + 0.25 * (u[i4 - 1] + u[i4 + 1]) * tanh(sin(1.23));
        }
        #pragma pargrad map
        for (int i5 = 1; i5 < n - 1; i5 += 1) {
            u[i5] = tm2[i5];
        }
    }
    double v6 = 0.96;
    double la7[3];
    la7[0] = v6;
    la7[1] = (0.5 * ((u[n / 2]) + 0.21));
    la7[2] = (((u[n / 2]) - u[0]) * cos((x[n / 2])));
    #pragma pargrad map
    for (int i8 = 1; i8 < n - 1; i8 += 1) {
        double la9[3];
        la9[0] = cbrt(2.0 + sin(logf(1.0f + (float)v6 * (float)v6)));
        la9[1] = (-0.78);
        la9[2] = (v6 - (((i8 % 2 == 0) ? la7[1] : (x[n - 1 - i8]))));
        #pragma pargrad map
        for (int j10 = 0; j10 < m; j10 += 1) {
            tm2[i8 * m + j10] = (u[0] * (x[(i8) * m + m - 1]));
        }
        y[i8] = (la9[i8 % 3]);
    }
    double ret = v6;
    free(tm1);
    free(tm2);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, u) out(u, y, return)
