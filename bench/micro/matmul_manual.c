/* Hand-written gradient of matmul: C = A B as the primal computes it, then
 * A_b += C_b B^T and B_b += A^T C_b, each parallel over the rows it writes
 * (no atomics), unit stride and vectorised: A_b[i][k] += C_b[i][:] . B[k][:]
 * (a dot product of two rows, in the loop that computes C's row i, with
 * C_b's row i in cache), and B_b[k][:] += A[i][k] C_b[i][:] over i (the
 * primal's i-k-j order with A transposed). C_b is zeroed once every row of
 * it has been read. */
void matmul_manual_b(long n, const double *A, double *A_b, const double *B, double *B_b, double *C,
                     double *C_b) {
#pragma omp parallel
    {
#pragma omp for schedule(static)
        for (long i = 0; i < n; i++) {
            double *Ci = C + i * n;
            const double *Cbi = C_b + i * n;
            for (long j = 0; j < n; j++)
                Ci[j] = 0.0;
            for (long k = 0; k < n; k++) {
                const double a = A[i * n + k];
                const double *Bk = B + k * n;
#pragma omp simd
                for (long j = 0; j < n; j++)
                    Ci[j] += a * Bk[j];
            }
            for (long k = 0; k < n; k++) {
                const double *Bk = B + k * n;
                double s = 0.0;
#pragma omp simd reduction(+ : s)
                for (long j = 0; j < n; j++)
                    s += Cbi[j] * Bk[j];
                A_b[i * n + k] += s;
            }
        }
#pragma omp for schedule(static)
        for (long k = 0; k < n; k++) {
            double *Bbk = B_b + k * n;
            for (long i = 0; i < n; i++) {
                const double a = A[i * n + k];
                const double *Cbi = C_b + i * n;
#pragma omp simd
                for (long j = 0; j < n; j++)
                    Bbk[j] += a * Cbi[j];
            }
        }
#pragma omp for simd schedule(static)
        for (long e = 0; e < n * n; e++)
            C_b[e] = 0.0;
    }
}
