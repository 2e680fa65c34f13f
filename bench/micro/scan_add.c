/* Micro benchmark scan_add: y[i] = x[0] + ... + x[i], an inclusive prefix
 * sum (BENCH.md micro suite, scan +), written with OpenMP 5's inscan
 * reduction as a user would.
 * Generated: void scan_add_b(long n, const double *x, double *x_b, double *y,
 *                            double *y_b);
 * (y_b: seed on entry, zero on exit; x_b incremented; y written.)
 *
 * Traffic floor 56n / 24n = 2.33 (see scan_driver.h for the rules):
 *   primal:   x read 8n + y written 8n (+8n write-allocate) = 24n
 *   gradient: the primal's 24n + y_b read 8n and zeroed 8n + x_b read and
 *             written 16n (x_b[i] += the sum of y_b[j] for j >= i) = 56n */
void scan_add(long n, const double *x, double *y) {
    double acc = 0.0;
#pragma pargrad scan(+ : acc)
#pragma omp parallel for simd reduction(inscan, + : acc)
    for (long i = 0; i < n; i++) {
        acc += x[i];
#pragma omp scan inclusive(acc)
        y[i] = acc;
    }
}
#pragma pargrad reverse(scan_add) wrt(x) out(y)
