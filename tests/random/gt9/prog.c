/* pargrad_gen 9 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double v4 = exp(-(tan(0.7 * tanh(((double)t3 / n))) - fabs(x[0])) * (tan(0.7 * tanh(((double)t3 / n))) - fabs(x[0])));
    }
    double v5 = 0.44;
    double v6 = ((x[n - 1]) * (((v5 < -0.23) ? v5 : p)));
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k7 = (n * 3 + 2) % 5;
        double s8 = 1.0e3;
        #pragma pargrad reduce(min : s8)
        for (int i9 = 0; i9 < n; ++i9) {
            if ((cbrt(2.0 + sin(v5)) > -0.41)) {
                if ((w[n - 1]) < s8) s8 = (w[n - 1]);
            }
        }
    } else {
        double la10[3] = {logf(1.0f + (float)fmax(x[0], (x[n / 2]) - 0.25) * (float)fmax(x[0], (x[n / 2]) - 0.25)), v6, (w[n - 1])};
        double v11 = tan(0.7 * tanh(v5));
    }
    double v12 = (x[n / 2]);
    free(tm1);
    free(tm2);
    return atanf((float)expf(tanhf((float)fmax(p, 1.29 - 0.25)))) * 0.5f;
}

#pragma pargrad reverse(f) wrt(x, p)
