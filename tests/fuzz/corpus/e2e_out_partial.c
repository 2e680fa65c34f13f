/* out(y) where the function writes only part of y (the interior y[1..n-2];
 * y[0] and y[n-1] keep their input values) and y is NOT in wrt. PRAGMAS.md
 * section 1: "An active output array y is followed by y_b: on entry the seed,
 * on exit zero (consumed)". The seeds on the unwritten elements flow only to
 * y's own input value, which is not active here, so they are consumed too:
 * y_b must be zero everywhere on exit, and x_b must not see them. */
#include <math.h>

void interior(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        y[i] = x[i] * x[i] + sin(x[i - 1]);
}

#pragma pargrad reverse(interior) wrt(x) out(y)
