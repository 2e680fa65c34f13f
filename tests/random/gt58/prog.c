/* pargrad_gen 58 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    if ((b < -0.02))
        return 0.98;
    int k1 = (n * 3 + 2) % 5;
    return (-1.29);
}
double f(int n, int m, const double *x, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v4 = (0.5 * (sqrt(0.5 + (-1.26) * (-1.26)) + ((x[n / 2]) * (x[n / 2]))));
    float f5 = (float)(expm1(0.5 * sin(atan(v4))));
    float f6 = (float)(f5);
    double v7 = (x[n / 2]);
    double v8 = (x[n / 2]);
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        double v10 = (0.5 * (((n > 3) ? (x[n - 1]) : x[i9])));
        y[i9] = pow(1.5 + cos(x[0]), 1.5);
    }
    free(tm2);
    free(tm3);
    return expf(tanhf((float)logf(1.0f + (float)(1.29 - v8) * (float)(1.29 - v8))));
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
