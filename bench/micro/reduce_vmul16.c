/* Micro benchmark reduce_vmul16: vectorised * on rows of 16 (BENCH.md micro
 * suite): x holds n elements seen as n / 16 rows of 16 (row-major; n is a
 * multiple of 16 at the suite's sizes, a remainder is left out), and acc[j]
 * is the product of column j, an OpenMP array-section reduction; it returns
 * sum_j (1 + j / 16) acc[j]. Inputs in [0.999, 1.001] (as reduce_mul) so
 * the products of 625 000 rows stay finite. pargrad treats a reduce of an
 * array as a histogram of its elements (README, "Reduces of rows").
 * Generated: double reduce_vmul16_b(long n, const double *x, double *x_b,
 *                                   double reduce_vmul16_b_seed);
 * Traffic floor 4.0, as reduce_mul: primal reads x (8n); gradient: a pass
 * for the columns' products and zero counts (8n), a second reading x and
 * x_b and writing x_b (24n). */
double reduce_vmul16(long n, const double *x) {
    long rows = n / 16;
    double acc[16];
    for (int j = 0; j < 16; j++)
        acc[j] = 1.0;
#pragma pargrad reduce(* : acc)
#pragma omp parallel for reduction(* : acc[:16])
    for (long i = 0; i < rows; i++) {
#pragma omp simd
        for (int j = 0; j < 16; j++)
            acc[j] *= x[i * 16 + j];
    }
    double s = 0.0;
    for (int j = 0; j < 16; j++)
        s += (1.0 + j / 16.0) * acc[j];
    return s;
}
#pragma pargrad reverse(reduce_vmul16) wrt(x)
