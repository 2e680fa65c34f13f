/* An active scalar parameter read inside a parallel reduce: its adjoint is a
 * sum over all iterations, returned through `double *alpha_b`. */
#include <math.h>

double scaled_norm(int n, double alpha, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double z = alpha * x[i];
        s += log1p(z * z) + alpha * x[i];
    }
    return s;
}

#pragma pargrad reverse(scaled_norm) wrt(alpha, x)
