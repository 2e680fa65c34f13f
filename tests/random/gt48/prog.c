/* pargrad_gen 48 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return log(2.0 + sin((((v[k] < -0.02) ? v[k] : (v[k] + v[k])))));
}
double f(int n, int m, const double *x, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((h1(x, n / 2)) < 0.50)) {
        double la3[3] = {expm1(0.5 * sin((u[n - 1]))), cbrt(2.0 + sin(((-1.26) + x[0]))), (u[n - 1])};
    } else {
        float f4 = (float)(0.42);
    }
    double v5 = pow(1.5 + cos((u[n - 1])), 1.5);
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double s7 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s7)
        for (int j8 = 0; j8 < m; j8++) {
            s7 = s7 + cos(sin(expm1(0.5 * sin(((double)j8 / n)))));
        }
        double v9 = tan(0.7 * tanh(v5));
        y[i6] = expf(tanhf((float)(0.5 * x[i6])));
    }
    free(tm1);
    free(tm2);
    return 1.29;
}

#pragma pargrad reverse(f) wrt(x, u) out(u, y, return)
