/* random seed 5013: uncompilable before the fix (see findings.list) */
/* pargrad_gen 5013 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double v1 = 0.21;
    return (((v1 > -0.16) ? cos(b) : a));
}
double f(int n, int m, const double *x) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 < n; ++i4) {
        double la5[3];
        la5[0] = 0.81;
        la5[1] = (0.48 + (-1.47 * x[i4] + 0.87));
        la5[2] = x[i4];
        double v6 = sqrtf(1.0f + (float)(log1p(sqrt(1.0 + (la5[i4 % 3]) * (la5[i4 % 3])) * sqrt(1.0 + (la5[i4 % 3]) * (la5[i4 % 3]))) * log1p(sqrt(1.0 + (la5[i4 % 3]) * (la5[i4 % 3])) * sqrt(1.0 + (la5[i4 % 3]) * (la5[i4 % 3])))));
        s3 = fmin(s3, (((i4 % 2 == 0) ? (la5[i4 % 3]) : erf(log1p((la5[i4 % 3]) * (la5[i4 % 3]))))));
    }
    double v7 = sin(cos(((x[n - 1]) / (1.0 + (x[n / 2]) * (x[n / 2])))));
    double v8 = (s3 / (1.0 + s3 * s3));
    if ((sqrt(0.5 + sin((x[n / 2])) * sin((x[n / 2]))) < 0.13)) {
        #pragma pargrad map
        for (int i9 = 0; i9 < n; ++i9) {
            tm2[i9] = (x[i9] - (-0.30 * sinf((float)v8) + sinf((float)v7)));
        }
        s3 += pow(1.5 + cos(pow(1.5 + cos(v8), 1.5)), 1.5);
    }
    double ret = v7;
    free(tm2);
    return ret;
}

#pragma pargrad reverse(f) wrt(x) out(return)
