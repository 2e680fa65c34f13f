/* Micro benchmark map_stencil: a 1-D 3-point stencil (BENCH.md micro suite),
 * one explicit step of a viscous Burgers-like equation,
 *   y[i] = x[i] + nu (x[i-1] - 2 x[i] + x[i+1]) - c x[i] (x[i+1] - x[i-1])
 * for 0 < i < n - 1 (linear diffusion and a nonlinear advection term), the
 * two boundary values kept: y[0] = x[0], y[n-1] = x[n-1]. x and y have n
 * elements.
 * Generated: void map_stencil_b(long n, const double *x, double *x_b,
 *                               double *y, double *y_b);
 * (y_b: seed on entry, zero on exit; x_b incremented; y written.)
 *
 * Traffic floor 56n / 24n = 2.33 (rules in scan_driver.h; the neighbours
 * x[i-1], x[i+1] come from cache):
 *   primal:   x read 8n + y written 16n (write-allocate) = 24n
 *   gradient: the primal's 24n, y_b read and zeroed 16n, x_b read and
 *             written 16n = 56n (x_b[i] gathers y_b[i-1], y_b[i] and y_b[i+1]
 *             in one pass) */
static const double nu = 0.1, c = 0.05;

void map_stencil(long n, const double *x, double *y) {
    if (n <= 0)
        return;
    y[0] = x[0];
#pragma pargrad map
#pragma omp parallel for simd
    for (long i = 1; i < n - 1; i++)
        y[i] = x[i] + nu * (x[i - 1] - 2.0 * x[i] + x[i + 1]) - c * x[i] * (x[i + 1] - x[i - 1]);
    y[n - 1] = x[n - 1];
}
#pragma pargrad reverse(map_stencil) wrt(x) out(y)
