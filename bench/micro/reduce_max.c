/* Micro benchmark reduce_max: s = maximum of x[i] (BENCH.md micro suite,
 * reduce max).  Written with the `if (x[i] > s) s = x[i]` form, which gcc
 * compiles to an inline vmaxsd; `s = fmax(s, x[i])` would call libm's fmax
 * per element (about 5x slower here with -O3 and no -ffast-math), making the
 * primal compute-bound.  Ties: the derivative goes to the first extremum.
 * Generated: double reduce_max_b(long n, const double *x, double *x_b,
 *                                double reduce_max_b_seed);
 * Traffic floor 1.0: one pass for the argmax (8n), one element updated. */
#include <math.h>

double reduce_max(long n, const double *x) {
    double s = -INFINITY;
#pragma pargrad reduce(max : s)
#pragma omp parallel for simd reduction(max : s)
    for (long i = 0; i < n; i++)
        if (x[i] > s)
            s = x[i];
    return s;
}
#pragma pargrad reverse(reduce_max) wrt(x)
