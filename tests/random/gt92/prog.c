/* pargrad_gen 92 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    int k2 = (n * 2 + 1) % 5;
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 < n; ++i4) {
        if ((w[n - 1]) < s3) s3 = (w[n - 1]);
    }
    for (int t5 = 0; t5 < 3; t5++) {
        double s6 = -1.0e3;
        #pragma pargrad reduce(max : s6)
        for (int i7 = 0; i7 < n; ++i7) {
            if (p > s6) s6 = p;
        }
        if ((tanh(s6) > 0.44))
            break;
    }
    free(tm1);
    return (fmax(fmax((w[n - 1]), (x[n / 2]) - 0.25), sin((0.1 * k2)) - 0.25) - (-0.60));
}

#pragma pargrad reverse(f) wrt(x, w, p) out(return)
