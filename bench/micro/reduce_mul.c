/* Micro benchmark reduce_mul: p = prod x[i] (BENCH.md micro suite, reduce *).
 * Inputs are drawn from [0.999, 1.001] so the product of 10^7 stays finite.
 * Generated: double reduce_mul_b(long n, const double *x, double *x_b,
 *                                double reduce_mul_b_seed);
 * Traffic floor 4.0: primal reads x (8n); gradient: a pass for the product
 * and zero count (8n), a second reading x and x_b and writing x_b (24n). */
double reduce_mul(long n, const double *x) {
    double p = 1.0;
#pragma pargrad reduce(* : p)
#pragma omp parallel for simd reduction(* : p)
    for (long i = 0; i < n; i++)
        p *= x[i];
    return p;
}
#pragma pargrad reverse(reduce_mul) wrt(x)
