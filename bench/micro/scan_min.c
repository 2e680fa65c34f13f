/* Micro benchmark scan_min: y[i] = min(x[0], ..., x[i]), a running minimum
 * (BENCH.md micro suite, scan min), with OpenMP 5's inscan reduction.
 * Generated: void scan_min_b(long n, const double *x, double *x_b, double *y,
 *                            double *y_b);
 *
 * Traffic floor 56n / 24n = 2.33 (rules in scan_driver.h):
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then from the top the sum of the seeds goes
 *             to each new minimum (y[i] < y[i - 1]): y 8n, y_b read and
 *             zeroed 16n, x_b updated at the few new minima (random data:
 *             about ln n of them) = 48n, plus x read 8n to tell them
 *             without the previous y across blocks = 56n */
#include <math.h>

void scan_min(long n, const double *x, double *y) {
    double acc = INFINITY;
#pragma pargrad scan(min : acc)
#pragma omp parallel for simd reduction(inscan, min : acc)
    for (long i = 0; i < n; i++) {
        acc = fmin(acc, x[i]);
#pragma omp scan inclusive(acc)
        y[i] = acc;
    }
}
#pragma pargrad reverse(scan_min) wrt(x) out(y)
