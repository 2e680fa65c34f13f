/* Micro benchmark reduce_affine: the final value of the linear recurrence
 * acc = a_i acc + x[i], a_i = 0.9 - x[i]^2 / 2 (BENCH.md micro suite, reduce
 * affine: linear-function composition; scan_affine's recurrence, only its
 * last value). The operator is associative but not commutative, and OpenMP
 * has no reduction that keeps the order (a declared reduction's combining
 * order is unspecified; an inscan reduction needs a scan phase), so the
 * primal is the sequential loop users write, as in scan_affine; pargrad's
 * forward and adjoint are parallel.
 * Generated: double reduce_affine_b(long n, const double *x, double *x_b,
 *                                   double reduce_affine_b_seed);
 * Traffic floor 4.0: primal reads x (8n); gradient: a pass for the value
 * (8n), a second reading x and x_b and writing x_b (24n): x_b[i] needs the
 * adjoint g_i = seed a_{i+1} ... a_{n-1}, from the top, and the value before
 * i, from the bottom, so one pass cannot give both, as for reduce_mul. */
double reduce_affine(long n, const double *x) {
    double acc = 0.0;
#pragma pargrad reduce(affine : acc)
    for (long i = 0; i < n; i++)
        acc = (0.9 - 0.5 * x[i] * x[i]) * acc + x[i];
    return acc;
}
#pragma pargrad reverse(reduce_affine) wrt(x)
