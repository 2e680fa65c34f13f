/* Outputs whose writes run only where the size allows: a stencil step that
 * returns early on an empty input and copies its boundary elements, and a
 * scaled copy whose first element is written under if (n > 0). Their
 * seeds are consumed over the elements the writes reach; at n = 0 they
 * reach none, so the gradient touches none of y_b (which may be NULL, as
 * may every array: the primal touches nothing either). */
#include <math.h>

static const double nu = 0.1;

void stencil_step(long n, const double *x, double *y) {
    if (n <= 0)
        return;
    y[0] = x[0];
#pragma pargrad map
    for (long i = 1; i < n - 1; i++)
        y[i] = x[i] + nu * (x[i - 1] - 2.0 * x[i] + x[i + 1]) - 0.05 * x[i] * (x[i + 1] - x[i - 1]);
    y[n - 1] = x[n - 1];
}

void first_scaled(int n, const double *x, double *y) {
    if (n > 0)
        y[0] = 2.0 * sin(x[0]);
#pragma pargrad map
    for (int i = 1; i < n; i++)
        y[i] = x[i] * x[i - 1];
}

#pragma pargrad reverse(stencil_step) wrt(x) out(y)
#pragma pargrad reverse(first_scaled) wrt(x) out(y)
