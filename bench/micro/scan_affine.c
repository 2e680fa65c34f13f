/* Micro benchmark scan_affine: the linear recurrence y[i] = a_i y[i-1] +
 * x[i], a_i = 0.9 - x[i]^2 / 2 (BENCH.md micro suite, scan affine: linear-
 * function composition). The primal is the sequential loop users write
 * (an OpenMP reduction cannot express it); pargrad's forward and adjoint
 * scans are parallel.
 * Generated: void scan_affine_b(long n, const double *x, double *x_b,
 *                               double *y, double *y_b);
 *
 * Traffic floor 72n / 24n = 3.0 (rules in scan_driver.h):
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then the adjoint recurrence from the top,
 *             g = y_b[i] + a_{i+1} g, and x_b[i] += g (1 - x[i] y[i-1]):
 *             y_b read and zeroed 16n, x 8n, y 8n, x_b 16n = 72n */
void scan_affine(long n, const double *x, double *y) {
    double acc = 0.0;
#pragma pargrad scan(affine : acc)
    for (long i = 0; i < n; i++) {
        acc = (0.9 - 0.5 * x[i] * x[i]) * acc + x[i];
        y[i] = acc;
    }
}
#pragma pargrad reverse(scan_affine) wrt(x) out(y)
