/* Micro benchmark matmul: dense C = A B of n x n row-major matrices (BENCH.md
 * micro suite, 1024 x 1024, gradient wrt both factors), as one writes it
 * in HPC code without BLAS: rows of C in parallel, each accumulated as
 * C[i][:] += A[i][k] B[k][:] over k (i-k-j order: unit stride, the inner
 * loop vectorised). (pargrad's gradient of it saved C's row before every
 * k, n^3 doubles, 8.5 GB at 1024, until C was seen to be only summed into:
 * now it keeps nothing, its forward and adjoint one loop over the rows;
 * the adjoint's B_b[k * n + j] updates, the same for every row, are
 * atomic with threads. Its inner adjoint loop sums a_b over j: simd lanes
 * with a reduction (rewrite/simd.c) where no update is atomic, the
 * one-thread copy: 0.60 s -> 0.27 s at 1024, 2 threads unchanged, bound
 * by streaming B and B_b once per row; per-thread copies of B_b were no
 * faster, the interchange of SC22 section 6.1 is what the manual does. Annotating the k loop
 * reduce(+ : C), or writing dot products under map, map and reduce(+), gives atomics in the inner
 * loops instead.)
 * Generated: void matmul_b(long n, const double *A, double *A_b,
 *                          const double *B, double *B_b, double *C,
 *                          double *C_b);
 * (C_b: seed on entry, zero on exit; A_b, B_b incremented; C written.)
 * The driver maps the runner's element count N to the size, so that the
 * work grows as N: n = 1024 (N / 10^6)^(1/3) rounded to a multiple of 64
 * (10^6 -> 1024, BENCH.md's size; 10^7 -> 2176).
 *
 * Floor 3.0, from the arithmetic: the product is compute-bound (2 n^3 flops
 * on 3 n^2 words), and the gradient does it again and two more of the same
 * size, A_b += C_b B^T and B_b += A^T C_b: 6 n^3 / 2 n^3 = 3.0. (The
 * traffic rules alone give less: primal A 8n^2 + B 8n^2 + C written 16n^2 =
 * 32n^2; gradient adds C_b read and zeroed 16n^2, A_b and B_b read and
 * written 32n^2 = 80n^2, 2.5.) */
void matmul(long n, const double *A, const double *B, double *C) {
#pragma pargrad map
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        double *Ci = C + i * n;
        for (long j = 0; j < n; j++)
            Ci[j] = 0.0;
        for (long k = 0; k < n; k++) {
            const double a = A[i * n + k];
            const double *Bk = B + k * n;
#pragma omp simd
            for (long j = 0; j < n; j++)
                Ci[j] += a * Bk[j];
        }
    }
}
#pragma pargrad reverse(matmul) wrt(A, B) out(C)
