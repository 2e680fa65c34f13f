/* Micro benchmark reduce_add: s = sum x[i] (BENCH.md micro suite, reduce +).
 * The primal is itself parallel (OpenMP), as the benchmark contract needs a
 * fair baseline; `simd` lets gcc vectorise the reassociated sum.
 * Generated: double reduce_add_b(long n, const double *x, double *x_b,
 *                                double reduce_add_b_seed);
 * Traffic floor 3.0: primal reads x (8n); gradient reads x, reads and writes
 * x_b (24n). */
double reduce_add(long n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for simd reduction(+ : s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}
#pragma pargrad reverse(reduce_add) wrt(x)
