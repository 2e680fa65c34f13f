/* Micro benchmark hist_mul_B: h[key[i]] *= x[i] into B bins (BENCH.md micro
 * suite, histogram *), inputs in [0.999, 1.001], with an OpenMP
 * array-section reduction.
 * Generated: void hist_mul_b(long n, long nb, const int *key, const double *x,
 *                            double *x_b, double *h, double *h_b);
 *
 * Traffic floor 40n / 12n = 3.33 and the bins' terms (rules in
 * hist_driver.h): primal key 4n +
 * x 8n = 12n; gradient: a pass for each bin's product of non-zero values
 * and zero count (12n; the bins follow from it), then x_b[i] +=
 * h_b[k] * h0[k] * (the product of the bin's other values): key 4n, x 8n,
 * x_b 16n = 40n. */
void hist_mul(long n, long nb, const int *key, const double *x, double h[nb]) {
#pragma pargrad histogram(* : h)
#pragma omp parallel for reduction(* : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] *= x[i];
}
#pragma pargrad reverse(hist_mul) wrt(x) out(h)
