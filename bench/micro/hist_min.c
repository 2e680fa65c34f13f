/* Micro benchmark hist_min_B: h[key[i]] = fmin(h[key[i]], x[i]) into B bins
 * (BENCH.md micro suite, histogram min), with an OpenMP array-section
 * reduction.
 * Generated: void hist_min_b(long n, long nb, const int *key, const double *x,
 *                            double *x_b, double *h, double *h_b);
 *
 * Traffic floor 12n / 12n = 1.0 and the bins' terms (rules in
 * hist_driver.h), as reduce_min: primal key 4n + x 8n = 12n; gradient one
 * pass computing each bin's minimum and its first element reaching it
 * (per-thread bins merged in order; key 4n, x 8n), and x_b updated at
 * those B elements only, a line each (at B = 50000, n = 10^6: the floor
 * is 1.5). */
#include <math.h>

void hist_min(long n, long nb, const int *key, const double *x, double h[nb]) {
#pragma pargrad histogram(min : h)
#pragma omp parallel for reduction(min : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] = fmin(h[key[i]], x[i]);
}
#pragma pargrad reverse(hist_min) wrt(x) out(h)
