/* uncompilable (current tree, 20:35): the adjoint copy of the map recomputes la6[] but no longer reads it: 'variable la6 set but not used' (-Wunused-but-set-variable) in the output; the primal reads la6[i5 % 3]. */
#include <math.h>
#include <stdlib.h>
static double h1(const double *v, int k) {
    return fmax(fmax(pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(v[k])), v[k] - 0.25), erf(v[k]) - 0.25);
}
double f(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        for (int t2 = 0; t2 < 4; t2++) {
            double s3 = 1.0e3;
            for (int i4 = 0; i4 < n; ++i4) {
                if ((log(1.0 + p * p) > 0.27)) {
                    s3 = fmin(s3, (w[n - 1]));
                }
            }
        }
    }
    for (int i5 = 0; i5 < n; i5++) {
        double la6[3];
        la6[2] = (((i5 % 2 == 0) ? p : (0.06 - 0.03)));
        tm1[i5] = exp(-(la6[i5 % 3]) * (la6[i5 % 3]));
    }
    double ret = fmax((h1(x, 0)), (h1(x, n / 2)) - 0.25);
    return ret;
}
#pragma pargrad reverse(f) wrt(x, w, p)
