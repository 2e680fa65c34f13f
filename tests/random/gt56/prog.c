/* pargrad_gen 56 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
static double h2(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, const double *w, double *y) {
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
    #pragma pargrad map
    for (int i7 = 1; i7 <= n - 1 - 1; i7++) {
        double s8 = 0.0;
        #pragma pargrad reduce(+ : s8)
        for (int j9 = 0; j9 < m; j9++) {
            double v10 = fmax(expm1(0.5 * sin(expf(tanhf((float)(x[i7 + 1]))))), ((double)j9 / n) - 0.25);
            s8 += sqrtf(1.0f + (float)(log(1.0 + fmax(v10, (x[i7 * m + j9]) - 0.25) * fmax(v10, (x[i7 * m + j9]) - 0.25)) * log(1.0 + fmax(v10, (x[i7 * m + j9]) - 0.25) * fmax(v10, (x[i7 * m + j9]) - 0.25))));
        }
        y[i7] = ((float)(w[0] - fmin(tanh(s8), 0.54 + 0.25)));
    }
    free(tm1);
    return (-0.03);
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
