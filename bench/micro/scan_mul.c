/* Micro benchmark scan_mul: y[i] = x[0] * ... * x[i], an inclusive prefix
 * product (BENCH.md micro suite, scan *), with OpenMP 5's inscan reduction.
 * Inputs in [0.999, 1.001] so the products of 10^7 stay finite.
 * Generated: void scan_mul_b(long n, const double *x, double *x_b, double *y,
 *                            double *y_b);
 *
 * Traffic floor 72n / 24n = 3.0 (rules in scan_driver.h):
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then x_b[i] += (the sum of y_b[j] * y[j] for
 *             j >= i) / x[i] (without zeros): y 8n, y_b read and zeroed 16n,
 *             x 8n, x_b 16n = 72n */
void scan_mul(long n, const double *x, double *y) {
    double acc = 1.0;
#pragma pargrad scan(* : acc)
#pragma omp parallel for simd reduction(inscan, * : acc)
    for (long i = 0; i < n; i++) {
        acc *= x[i];
#pragma omp scan inclusive(acc)
        y[i] = acc;
    }
}
#pragma pargrad reverse(scan_mul) wrt(x) out(y)
