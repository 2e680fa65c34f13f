/* Hand-written gradient of hist_mul: one pass for each bin's product of its
 * non-zero values and its zero count (array-section reductions), the bins
 * from them, then x_b[i] += h_b[k] * h0[k] * (the product of the bin's
 * other values), and the seed h_b zeroed. */
#include <stdlib.h>

void hist_mul_manual_b(long n, long nb, const int *key, const double *x, double *x_b, double *h,
                       double *h_b) {
    double *nz = malloc(sizeof(double) * (size_t)nb), *h0 = malloc(sizeof(double) * (size_t)nb);
    long *zeros = calloc((size_t)nb, sizeof(long));
    for (long b = 0; b < nb; b++) {
        nz[b] = 1.0;
        h0[b] = h[b];
    }
#pragma omp parallel for reduction(* : nz[:nb]) reduction(+ : zeros[:nb])
    for (long i = 0; i < n; i++) {
        double v = x[i];
        if (v == 0.0)
            zeros[key[i]]++;
        else
            nz[key[i]] *= v;
    }
    for (long b = 0; b < nb; b++)
        h[b] = zeros[b] ? 0.0 : h0[b] * nz[b];
#pragma omp parallel for simd
    for (long i = 0; i < n; i++) {
        int k = key[i];
        double v = x[i];
        double rest = zeros[k] == 0 ? nz[k] / v : (zeros[k] == 1 && v == 0.0 ? nz[k] : 0.0);
        x_b[i] += h_b[k] * h0[k] * rest;
    }
    for (long b = 0; b < nb; b++)
        h_b[b] = 0.0;
    free(nz);
    free(h0);
    free(zeros);
}
