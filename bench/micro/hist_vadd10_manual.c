/* Hand-written gradient of hist_vadd10: one pass doing the primal's updates
 * (array-section reduction) and the gather x_b[i*10 + j] += h_b[key[i]*10 +
 * j] (each element of x_b is its own row's: no atomics), then the seed h_b
 * zeroed. */
void hist_vadd10_manual_b(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                          double *h_b) {
#pragma omp parallel for reduction(+ : h[:nh])
    for (long i = 0; i < n; i++) {
        double *hr = h + (long)key[i] * 10;
        const double *sr = h_b + (long)key[i] * 10, *xr = x + i * 10;
        double *br = x_b + i * 10;
        for (int j = 0; j < 10; j++) {
            hr[j] += xr[j];
            br[j] += sr[j];
        }
    }
#pragma omp parallel for simd if (nh > 100000)
    for (long b = 0; b < nh; b++)
        h_b[b] = 0.0;
}
