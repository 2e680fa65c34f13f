/* Hand-written gradient of reduce_add (same signature as the generated
 * reduce_add_b): one fused pass computes the sum and increments x_b. */
double reduce_add_manual_b(long n, const double *x, double *x_b, double seed) {
    double s = 0.0;
#pragma omp parallel for simd reduction(+ : s) schedule(static)
    for (long i = 0; i < n; i++) {
        s += x[i];
        x_b[i] += seed;
    }
    return s;
}
