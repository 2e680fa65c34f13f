/* A map reading neighbours x[i-1], x[i], x[i+1] (a 3-point stencil) with
 * out(y). In the adjoint, iteration i accumulates into x_b[i-1], x_b[i] and
 * x_b[i+1]: each index is injective in i, but different iterations hit the
 * same element (x_b[k] gets contributions from iterations k-1, k, k+1), so the
 * accumulations must not be plain unsynchronised += in a parallel loop. */
#include <math.h>

void stencil(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        y[i] = 0.25 * x[i - 1] + 0.5 * x[i] + x[i + 1] + 0.125 * x[i] * x[i];
}

#pragma pargrad reverse(stencil) wrt(x) out(y)
