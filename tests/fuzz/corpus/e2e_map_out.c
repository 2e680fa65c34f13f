/* A map writing an output array: differentiated with out(y), so the gradient
 * takes the seed in y_b, consumes it, and writes y as the primal would. */
#include <math.h>

void smooth(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]) * x[i] + exp(0.1 * x[i]);
}

#pragma pargrad reverse(smooth) wrt(x) out(y)
