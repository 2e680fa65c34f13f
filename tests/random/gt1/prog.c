/* pargrad_gen 1 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    int k2 = (n * 1 + 2) % 5;
    double s3 = 1.0;
    #pragma pargrad reduce(* : s3)
    for (int i4 = 0; i4 < n; i4++) {
        float f5 = (float)((x[n - 1 - i4]));
        s3 = s3 * (1.0 + 0.2 * tanh((hypot(expm1(0.5 * sin((0.1 * k2))), 0.5 + fabs((x[(i4 + 1) % n])) * fabs((x[(i4 + 1) % n]))) - (0.1 * k2))));
    }
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6++) {
        y[i6] = (sin(sin((0.1 * k2))) + ((x[n - 1]) - (x[n - 1 - i6])));
    }
    free(tm1);
    return sin(((y[n - 1]) + s3));
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
