/* pargrad_gen 42 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    if ((sin(a) > 0.14))
        return (b - sin((a * b)));
    double v1 = (0.06 * (((b > -0.42) ? a : (b / (1.0 + a * a)))) + b);
    return b;
}
static double h2(double a, double b) {
    double v2 = (-0.45 * a + log(2.0 + sin(tanh((b * b)))));
    return 1.42;
}
double f(int n, int m, const double *x, double p) {
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm4 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v5 = (sin(((((-1.38) < 0.47) ? (x[n - 1]) : (x[n / 2])))) / (1.0 + p * p));
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double v7 = atan(exp(tanh(expf(tanhf((float)p)))));
        tm4[i6] = log(1.0 + v5 * v5);
    }
    double v8 = h1((tm4[0] * (v5 * v5)), (0.5 * v5));
    double s9 = 1.0;
    #pragma pargrad reduce(* : s9)
    for (int i10 = 0; i10 < n; ++i10) {
        double v11 = (-0.03);
        s9 = s9 * (1.0 + 0.2 * tanh((x[n - 1])));
    }
    free(tm3);
    free(tm4);
    return atan((fmin(log(2.0 + sin(((tm4[n / 2]) + p))), (tm4[n - 1]) + 0.25) + s9));
}

#pragma pargrad reverse(f) wrt(x) out(return)
