/* pargrad_gen 78 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    int k1 = (n * 1 + 3) % 5;
    if ((erf((0.1 * k1)) > 0.37))
        return (cbrt(2.0 + sin((-1.41))) + 0.48);
    return (0.1 * k1);
}
void f(int n, int m, const double *x, const double *w, double p, double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s4 = 1.0e3;
    #pragma pargrad reduce(min : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        s4 = fmin(s4, p);
    }
    double v6 = (0.5 * h1(tan(0.7 * tanh(v3)), (tanh(s4) + atan(s4))));
    double s7 = 1.0e3;
    #pragma pargrad reduce(min : s7)
    for (int i8 = 0; i8 < n; i8 += 1) {
        if (atanf((float)expf(tanhf((float)fmax(p, 1.29 - 0.25)))) * 0.5f < s7) s7 = atanf((float)expf(tanhf((float)fmax(p, 1.29 - 0.25)))) * 0.5f;
    }
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u)
