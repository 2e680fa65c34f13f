/* Micro benchmark hist_vmin10_B: vectorised min on rows of 10 (BENCH.md
 * micro suite, histogram "vectorised min on rows of 10"; B = 31, 401, 50000
 * rows of bins): h[key[i]*10 + j] = min(h[key[i]*10 + j], x[i*10 + j]),
 * j < 10, for n rows of x, keys int, with an OpenMP array-section
 * reduction. The update is spelled v < h[k] ? v : h[k]: fmin is a libm
 * call per element with gcc (3-4x slower primal here); pargrad takes
 * `if (v < h[k]) h[k] = v;` and h[k] = MIN(h[k], v) as well. The bins are
 * double h[nh], nh = 10 B, passed by the caller (double h[nb * 10] is the
 * same to pargrad; double h[nb][10] it differentiates as the sequential
 * loop: bins in two dimensions).
 * Generated: void hist_vmin10_b(long n, long nh, const int *key,
 *                               const double *x, double *x_b, double *h,
 *                               double *h_b);
 *
 * Traffic floor 8.4N / 8.4N = 1.0 (rules in hist_rows_driver.h; N = 10n
 * elements of x): primal key 0.4N + x 8N = 8.4N; gradient one pass finding
 * each bin's minimum and its first element reaching it (an arg-min, as for
 * reduce_min: floor 1.0), then x_b updated at those 10 B elements only.
 * At B = 50000 the bins' terms count too: h read and written (8 MB) by
 * both, h_b read and zeroed (8 MB) and the lines of x_b holding the first
 * entries (up to 500000 elements) by the gradient. */
void hist_vmin10(long n, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(min : h)
#pragma omp parallel for reduction(min : h[:nh])
    for (long i = 0; i < n; i++) {
        const int k = key[i] * 10;
        for (int j = 0; j < 10; j++) {
            const double v = x[i * 10 + j];
            h[k + j] = v < h[k + j] ? v : h[k + j];
        }
    }
}
#pragma pargrad reverse(hist_vmin10) wrt(x) out(h)
