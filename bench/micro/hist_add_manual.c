/* Hand-written gradient of hist_add: the histogram as the primal computes
 * it, then the gather x_b[i] += h_b[key[i]], and the seed h_b zeroed. */
void hist_add_manual_b(long n, long nb, const int *key, const double *x, double *x_b, double *h,
                       double *h_b) {
#pragma omp parallel for reduction(+ : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] += x[i];
#pragma omp parallel for simd
    for (long i = 0; i < n; i++)
        x_b[i] += h_b[key[i]];
    for (long b = 0; b < nb; b++)
        h_b[b] = 0.0;
}
