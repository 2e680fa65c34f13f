/* Active scalar parameters read inside a parallel map with an output array:
 * y[i] = alpha * x[i] + beta (plus a nonlinear term in alpha), differentiated
 * wrt(alpha, beta, x) out(y). alpha_b and beta_b are sums over all iterations
 * (across threads) of the seeds. */
#include <math.h>

void affine(int n, double alpha, double beta, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = alpha * x[i] + beta + 0.1 * sin(alpha * beta) * x[i] * x[i];
}

#pragma pargrad reverse(affine) wrt(alpha, beta, x) out(y)
