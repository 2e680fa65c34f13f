/* Micro benchmark reduce_min: s = minimum of x[i] (BENCH.md micro suite,
 * reduce min).  Written with the `if (x[i] < s) s = x[i]` form, which gcc
 * compiles to an inline vminsd; `s = fmin(s, x[i])` would call libm's fmin
 * per element (about 5x slower here with -O3 and no -ffast-math), making the
 * primal compute-bound.  Ties: the derivative goes to the first extremum.
 * Generated: double reduce_min_b(long n, const double *x, double *x_b,
 *                                double reduce_min_b_seed);
 * Traffic floor 1.0: one pass for the argmin (8n), one element updated. */
#include <math.h>

double reduce_min(long n, const double *x) {
    double s = INFINITY;
#pragma pargrad reduce(min : s)
#pragma omp parallel for simd reduction(min : s)
    for (long i = 0; i < n; i++)
        if (x[i] < s)
            s = x[i];
    return s;
}
#pragma pargrad reverse(reduce_min) wrt(x)
