/* Micro benchmark hist_min_B: h[key[i]] = fmin(h[key[i]], x[i]) into B bins
 * (BENCH.md micro suite, histogram min), with an OpenMP array-section
 * reduction.
 * Generated: void hist_min_b(long n, long nb, const int *key, const double *x,
 *                            double *x_b, double *h, double *h_b);
 *
 * Traffic floor 24n / 12n = 2.0 (rules in hist_driver.h): primal key 4n +
 * x 8n = 12n; gradient the primal's 12n, a pass for each bin's first
 * element reaching its minimum (key 4n, x 8n), and x_b updated at those B
 * elements only = 24n. */
#include <math.h>

void hist_min(long n, long nb, const int *key, const double *x, double h[nb]) {
#pragma pargrad histogram(min : h)
#pragma omp parallel for reduction(min : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] = fmin(h[key[i]], x[i]);
}
#pragma pargrad reverse(hist_min) wrt(x) out(h)
