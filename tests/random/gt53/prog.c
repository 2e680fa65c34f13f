/* pargrad_gen 53 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return ((((v[k] / (1.0 + v[k] * v[k])) > -0.01) ? v[k] : (v[k] * v[k])));
}
double f(int n, int m, const double *x, const double *w, double *u) {
    double la1[3] = {(-0.30), (sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((m < 3) ? u[0] : (x[n - 1]))) * (((m < 3) ? u[0] : (x[n - 1]))))), 0.42};
    double v2 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 <= n - 1; i4++) {
        double v5 = x[i4];
        double v6 = (fmax(sqrt(1.0 + (u[n - 1]) * (u[n - 1])), v2 - 0.25) + sin(logf(1.0f + (float)w[0] * (float)w[0])));
        if ((cos(v2) > 0.17)) {
            s3 = fmin(s3, expf(tanhf((float)(((double)i4 / n) - atanf((float)v2) * 0.5f))));
        }
    }
    return tanh(tanh(s3));
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, return)
