/* Hand-written gradient of hist_min: the histogram (array-section
 * reduction), a pass for each bin's first element equal to its final value
 * (a min reduction of indices), and the bin's seed to that element where
 * the bin's value from before was not already the minimum; h_b zeroed. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

void hist_min_manual_b(long n, long nb, const int *key, const double *x, double *x_b, double *h,
                       double *h_b) {
    double *h0 = malloc(sizeof(double) * (size_t)nb);
    long *first = malloc(sizeof(long) * (size_t)nb);
    for (long b = 0; b < nb; b++) {
        h0[b] = h[b];
        first[b] = LONG_MAX;
    }
#pragma omp parallel for reduction(min : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] = fmin(h[key[i]], x[i]);
#pragma omp parallel for reduction(min : first[:nb])
    for (long i = 0; i < n; i++) {
        int k = key[i];
        if (x[i] == h[k] && i < first[k])
            first[k] = i;
    }
    for (long b = 0; b < nb; b++) {
        if (first[b] != LONG_MAX && h0[b] != h[b])
            x_b[first[b]] += h_b[b];
        h_b[b] = 0.0;
    }
    free(h0);
    free(first);
}
