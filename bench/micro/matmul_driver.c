/* Driver of matmul (see ../harness.h); floor derivation in matmul.c. The
 * runner's element count N maps to the matrices' size so that the work (2
 * n^3 flops) grows as N: n = 1024 (N / 10^6)^(1/3) rounded to a multiple of
 * 64 (at least 64): 10^6 -> 1024 (BENCH.md's size), 10^7 -> 2176 (sqrt(N),
 * 3136, would make the full run's 23 rounds of primal and manual gradient
 * alone take minutes). A, B in [0.5, 1.5].
 * Gradient under test: matmul_b (generated), or with -DPGB_PEER
 * matmul_enzyme_b, with -DPGB_PEER_ADOLC matmul_adolc_b (none so far: see
 * bench/README.md, Peers); -DPGB_NO_GEN leaves it out. */
#include "../harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD matmul_adolc_b
#elif defined(PGB_PEER)
#define PGB_GRAD matmul_enzyme_b
#else
#define PGB_GRAD matmul_b
#endif

void matmul(long n, const double *A, const double *B, double *C);
void PGB_GRAD(long n, const double *A, double *A_b, const double *B, double *B_b, double *C,
              double *C_b);
void matmul_manual_b(long n, const double *A, double *A_b, const double *B, double *B_b, double *C,
                     double *C_b);

const char *const bench_name = "matmul";
double bench_floor(long n) {
    (void)n;
    return 3.0;
}

static long n_, nn_; /* size, elements per matrix */
static double *A, *A_b, *B, *B_b, *C, *C_b;

void bench_setup(long count) {
    long n = 64 * lround(16.0 * cbrt((double)count / 1e6));
    n_ = n < 64 ? 64 : n;
    nn_ = n_ * n_;
    A = pgb_alloc_doubles(nn_);
    A_b = pgb_alloc_doubles(nn_);
    B = pgb_alloc_doubles(nn_);
    B_b = pgb_alloc_doubles(nn_);
    C = pgb_alloc_doubles(nn_);
    C_b = pgb_alloc_doubles(nn_);
    pgb_fill_uniform(A, nn_, 0.5, 1.5, 1);
    pgb_fill_uniform(B, nn_, 0.5, 1.5, 2);
}

int bench_has(int which) {
#ifdef PGB_NO_GEN
    if (which == PGB_GRADIENT)
        return 0;
#endif
    (void)which;
    return 1;
}

void bench_prep(int which) {
    size_t bytes = (size_t)nn_ * sizeof(double);
    if (which != PGB_PRIMAL) {
        pgb_zero(A_b, nn_);
        pgb_zero(B_b, nn_);
        pgb_fill_uniform(C_b, nn_, 0.5, 1.5, 3); /* the seed */
        pgb_evict(A_b, bytes);
        pgb_evict(B_b, bytes);
        pgb_evict(C_b, bytes);
    }
    pgb_evict(A, bytes);
    pgb_evict(B, bytes);
    pgb_evict(C, bytes);
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        matmul(n_, A, B, C);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(n_, A, A_b, B, B_b, C, C_b);
        break;
#endif
    case PGB_MANUAL:
        matmul_manual_b(n_, A, A_b, B, B_b, C, C_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *ab2 = pgb_alloc_doubles(nn_), *bb2 = pgb_alloc_doubles(nn_),
           *c2 = pgb_alloc_doubles(nn_), *cb2 = pgb_alloc_doubles(nn_),
           *cp = pgb_alloc_doubles(nn_);
    matmul(n_, A, B, cp);
    /* Non-zero A_b, B_b on entry check the increment; C starts as garbage. */
    pgb_fill_uniform(A_b, nn_, 0.5, 1.5, 7);
    pgb_fill_uniform(ab2, nn_, 0.5, 1.5, 7);
    pgb_fill_uniform(B_b, nn_, 0.5, 1.5, 8);
    pgb_fill_uniform(bb2, nn_, 0.5, 1.5, 8);
    pgb_fill_uniform(C_b, nn_, 0.5, 1.5, 3);
    pgb_fill_uniform(cb2, nn_, 0.5, 1.5, 3);
    pgb_fill_uniform(C, nn_, -9.0, -8.0, 5);
    pgb_fill_uniform(c2, nn_, -9.0, -8.0, 5);
    PGB_GRAD(n_, A, A_b, B, B_b, C, C_b);
    matmul_manual_b(n_, A, ab2, B, bb2, c2, cb2);
    bad += pgb_compare("manual C vs primal C", c2, cp, nn_, PGB_RTOL);
    bad += pgb_compare("C", C, c2, nn_, PGB_RTOL);
    bad += pgb_compare("C_b (consumed seed)", C_b, cb2, nn_, PGB_RTOL);
    bad += pgb_compare("A_b", A_b, ab2, nn_, PGB_RTOL);
    bad += pgb_compare("B_b", B_b, bb2, nn_, PGB_RTOL);
    pgb_free(ab2);
    pgb_free(bb2);
    pgb_free(c2);
    pgb_free(cb2);
    pgb_free(cp);
#endif
    return bad;
}
