/* Hand-written gradient of reduce_mul: pass 1 counts zeros and multiplies the
 * non-zero elements; pass 2 increments x_b (d p / d x_i = p / x_i without
 * zeros; with one zero only that element gets the product of the others;
 * with two or more zeros the gradient is zero). */
double reduce_mul_manual_b(long n, const double *x, double *x_b, double seed) {
    double p = 1.0;
    long zeros = 0;
#pragma omp parallel for simd reduction(* : p) reduction(+ : zeros) schedule(static)
    for (long i = 0; i < n; i++) {
        double v = x[i];
        zeros += (v == 0.0);
        p *= (v == 0.0) ? 1.0 : v;
    }
    if (zeros == 0) {
        double q = seed * p;
#pragma omp parallel for simd schedule(static)
        for (long i = 0; i < n; i++)
            x_b[i] += q / x[i];
        return p;
    }
    if (zeros == 1) {
        long z = -1;
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++)
            if (x[i] == 0.0)
                z = i; /* exactly one writer */
        x_b[z] += seed * p;
    }
    return 0.0;
}
