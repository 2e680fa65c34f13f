/* pargrad_gen 44 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((x[n - 1]) + (((x[0] > 0.17) ? (x[n / 2]) : (w[n / 2]))));
    double v4 = expf(tanhf((float)log1p(tanh(v3) * tanh(v3))));
    #pragma pargrad map
    for (int i5 = 0; i5 < n; i5++) {
        double v6 = fabs(v4);
        double s7 = 1.0;
        #pragma pargrad reduce(* : s7)
        for (int j8 = 0; j8 < m; j8++) {
            s7 *= 1.0 + 0.2 * tanh((w[i5 * m + m - 1]));
        }
        y[i5] = sin(log(1.0 + (cos((0.25 * i5)) * s7) * (cos((0.25 * i5)) * s7)));
    }
    free(tm1);
    free(tm2);
    return v3;
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
