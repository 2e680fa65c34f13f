/* Micro benchmark hist_vadd10_B: vectorised + on rows of 10 (BENCH.md micro
 * suite, histogram "vectorised + on rows of 10"; B = 31, 401, 50000 rows
 * of bins): h[key[i]*10 + j] += x[i*10 + j], j < 10, for n rows of x, keys
 * int (4 bytes), with an OpenMP array-section reduction as a user would
 * (atomics instead: 7x slower here, at every B).
 * The bins are declared double h[nh], nh = 10 B, passed by the caller
 * (double h[nb * 10] and double h[nb][10] are the same to pargrad for +).
 * Generated: void hist_vadd10_b(long n, long nh, const int *key,
 *                               const double *x, double *x_b, double *h,
 *                               double *h_b);
 * (h: the bins, updated; h_b: their seed, zero on exit; x_b incremented.)
 *
 * Traffic floor 24.4N / 8.4N = 2.90 (rules in hist_rows_driver.h; N = 10n
 * elements of x): primal key 0.4N + x 8N = 8.4N; gradient one pass doing
 * the primal's updates and x_b[i*10 + j] += h_b[key[i]*10 + j]: key 0.4N,
 * x 8N, x_b read and written 16N = 24.4N; and the bins' terms (at B =
 * 50000: h read and written, 8 MB, by both, h_b read and zeroed, 8 MB, by
 * the gradient). */
void hist_vadd10(long n, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(+ : h)
#pragma omp parallel for reduction(+ : h[:nh])
    for (long i = 0; i < n; i++)
        for (int j = 0; j < 10; j++)
            h[key[i] * 10 + j] += x[i * 10 + j];
}
#pragma pargrad reverse(hist_vadd10) wrt(x) out(h)
