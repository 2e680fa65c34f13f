/* Micro benchmark hist_add_B: h[key[i]] += x[i] into B bins (BENCH.md micro
 * suite, histogram +; B = 31, 401, 50000), keys int (4 bytes), written with
 * an OpenMP array-section reduction as a user would.
 * Generated: void hist_add_b(long n, long nb, const int *key, const double *x,
 *                            double *x_b, double *h, double *h_b);
 * (h: the bins, updated; h_b: their seed, zero on exit; x_b incremented.)
 *
 * Traffic floor 32n / 12n = 2.67 and the bins' terms (rules in
 * hist_driver.h): primal key 4n + x 8n = 12n; gradient the primal's 12n,
 * then x_b[i] += h_b[key[i]]: key 4n + x_b read and written 16n = 32n. */
void hist_add(long n, long nb, const int *key, const double *x, double h[nb]) {
#pragma pargrad histogram(+ : h)
#pragma omp parallel for reduction(+ : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] += x[i];
}
#pragma pargrad reverse(hist_add) wrt(x) out(h)
