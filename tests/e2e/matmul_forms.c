/* Dense matrix products as HPC code writes them without BLAS, rows in
 * parallel. Their adjoints update B_b, the same elements from every row:
 * pargrad moves those updates into nests parallel over B_b's rows or
 * columns (rewrite/interchange.c, SC22 section 6.1), where it can. A and
 * B, s x s each (s = sqrt(n / 2)), are copied from x; the result is a
 * nonlinear sum of C, so that C_b differs per element. */
#include <math.h>
#include <stdlib.h>

static int side(int n) {
    int s = (int)sqrt(n / 2.0);
    return s;
}

/* a factor in an array of its own: x's first or second s * s elements */
static void factor(int s, const double *x, int which, double *M) {
    for (int e = 0; e < s * s; e++)
        M[e] = x[which * s * s + e];
}

static double squash_sum(int s, const double *C) {
    double r = 0.0;
    for (int e = 0; e < s * s; e++)
        r += sin(C[e]) * (1.0 + 0.01 * e);
    return r;
}

/* i-k-j: rows of C summed into, the inner loop unit stride */
double mm_ikj(int n, const double *x) {
    int s = side(n);
    double *A = malloc(sizeof(double) * (size_t)(s * s + 1));
    double *B = malloc(sizeof(double) * (size_t)(s * s + 1));
    factor(s, x, 0, A);
    factor(s, x, 1, B);
    double *C = malloc(sizeof(double) * (size_t)(s * s + 1));
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < s; i++) {
        for (int j = 0; j < s; j++)
            C[i * s + j] = 0.0;
        for (int k = 0; k < s; k++) {
            const double a = A[i * s + k];
            for (int j = 0; j < s; j++)
                C[i * s + j] += a * B[k * s + j];
        }
    }
    double r = squash_sum(s, C);
    free(C);
    free(A);
    free(B);
    return r;
}

/* dot products: C[i][j] = sum_k A[i][k] B[k][j] (B_b by columns) */
double mm_dot(int n, const double *x) {
    int s = side(n);
    double *A = malloc(sizeof(double) * (size_t)(s * s + 1));
    double *B = malloc(sizeof(double) * (size_t)(s * s + 1));
    factor(s, x, 0, A);
    factor(s, x, 1, B);
    double *C = malloc(sizeof(double) * (size_t)(s * s + 1));
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < s; i++)
        for (int j = 0; j < s; j++) {
            double acc = 0.0;
            for (int k = 0; k < s; k++)
                acc += A[i * s + k] * B[k * s + j];
            C[i * s + j] = acc;
        }
    double r = squash_sum(s, C);
    free(C);
    free(A);
    free(B);
    return r;
}

/* PolyBench gemm's shape: C = beta C + alpha A B, C from x too */
double mm_gemm(int n, const double *x) {
    int s = side(n);
    double *A = malloc(sizeof(double) * (size_t)(s * s + 1));
    double *B = malloc(sizeof(double) * (size_t)(s * s + 1));
    factor(s, x, 0, A);
    factor(s, x, 1, B);
    const double alpha = 1.5, beta = 0.5;
    double *C = malloc(sizeof(double) * (size_t)(s * s + 1));
    for (int e = 0; e < s * s; e++)
        C[e] = cos(x[(e + 1) % n]);
    int i, j, k;
#pragma pargrad map
#pragma omp parallel for private(j, k)
    for (i = 0; i < s; i++) {
        for (j = 0; j < s; j++)
            C[i * s + j] *= beta;
        for (k = 0; k < s; k++)
            for (j = 0; j < s; j++)
                C[i * s + j] += alpha * A[i * s + k] * B[k * s + j];
    }
    double r = squash_sum(s, C);
    free(C);
    free(A);
    free(B);
    return r;
}

/* a row of A scaled into a scratch row first: the updates of B_b read
 * what the iteration wrote before them, so they stay in the map */
double mm_scaled(int n, const double *x) {
    int s = side(n);
    double *A = malloc(sizeof(double) * (size_t)(s * s + 1));
    double *B = malloc(sizeof(double) * (size_t)(s * s + 1));
    factor(s, x, 0, A);
    factor(s, x, 1, B);
    double *C = malloc(sizeof(double) * (size_t)(s * s + 1));
    double *T = malloc(sizeof(double) * (size_t)(s * s + 1));
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < s; i++) {
        for (int k = 0; k < s; k++)
            T[i * s + k] = tanh(A[i * s + k]);
        for (int j = 0; j < s; j++)
            C[i * s + j] = 0.0;
        for (int k = 0; k < s; k++)
            for (int j = 0; j < s; j++)
                C[i * s + j] += T[i * s + k] * B[k * s + j];
    }
    double r = squash_sum(s, C);
    free(C);
    free(T);
    free(A);
    free(B);
    return r;
}

#pragma pargrad reverse(mm_ikj) wrt(x)
#pragma pargrad reverse(mm_dot) wrt(x)
#pragma pargrad reverse(mm_gemm) wrt(x)
#pragma pargrad reverse(mm_scaled) wrt(x)
