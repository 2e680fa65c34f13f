/* pargrad_gen 5 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double a[n][m]) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 1.0;
    #pragma pargrad reduce(* : s2)
    for (int i3 = 0; i3 < n; i3++) {
        float f4 = (float)(x[0]);
        s2 = s2 * (1.0 + 0.2 * tanh((expm1(0.5 * sin(exp(-f4 * f4))) - (fabs((x[n - 1])) / (1.0 + f4 * f4)))));
    }
    double v5 = ((exp(tanh(s2)) * (((s2 < -0.23) ? (x[n - 1]) : (x[n / 2])))) * (x[n / 2]));
    free(tm1);
    return atan(((x[n / 2]) + s2));
}

#pragma pargrad reverse(f) wrt(x, a) out(return)
