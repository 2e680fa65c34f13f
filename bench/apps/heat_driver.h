/* Driver of the heat loop benchmarks (BENCH.md; see ../harness.h), shared
 * by heat_<size>_driver.c and heat_sm2_<size>_driver.c, which define
 * HEAT_NAME, HEAT_N (points), HEAT_T (time steps) and HEAT_GRAD (heat_b, the
 * loop as written, or heat_sm2_b, the same loop under stripmine(2)) before
 * including it. The runner's size N is a percentage of the time steps (100
 * normally, 10 for --quick). Initial field in [0.5, 1.5), k in [0.05,
 * 0.25) (stable). The functions overwrite u with the final field, so every
 * run starts again from the initial one (copied back untimed).
 *
 * Memory: the check run measures the most bytes the gradient's tape held
 * (pargrad.h pg_tape_high) and prints it as a NOTE, in fields of n doubles
 * (the hand-written gradient keeps about 2 sqrt(T) of them). */
#include "../harness.h"
#include "pargrad.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double heat(int n, int T, double *u, const double *k);
double HEAT_GRAD(int n, int T, double *u, double *u_b, const double *k, double *k_b, double seed);
double heat_manual_b(int n, int T, double *u, double *u_b, const double *k, double *k_b,
                     double seed);

const char *const bench_name = HEAT_NAME;
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

static int n_, T_;
static double *u0, *u, *u_b, *k, *k_b;
static volatile double sink;

void bench_setup(long pct) {
    n_ = HEAT_N;
    T_ = (int)((long)HEAT_T * pct / 100);
    if (T_ < 1)
        T_ = 1;
    u0 = pgb_alloc_doubles(n_);
    u = pgb_alloc_doubles(n_);
    u_b = pgb_alloc_doubles(n_);
    k = pgb_alloc_doubles(n_);
    k_b = pgb_alloc_doubles(n_);
    pgb_fill_uniform(u0, n_, 0.5, 1.5, 1);
    pgb_fill_uniform(k, n_, 0.05, 0.25, 2);
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
    size_t bytes = (size_t)n_ * sizeof(double);
    memcpy(u, u0, bytes);
    if (which != PGB_PRIMAL) {
        pgb_zero(u_b, n_);
        pgb_zero(k_b, n_);
        pgb_evict(u_b, bytes);
        pgb_evict(k_b, bytes);
    }
    pgb_evict(u, bytes);
    pgb_evict(k, bytes);
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        sink = heat(n_, T_, u, k);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        sink = HEAT_GRAD(n_, T_, u, u_b, k, k_b, 1.0);
        break;
#endif
    case PGB_MANUAL:
        sink = heat_manual_b(n_, T_, u, u_b, k, k_b, 1.0);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    size_t bytes = (size_t)n_ * sizeof(double);
    double *uf = pgb_alloc_doubles(n_), *u2 = pgb_alloc_doubles(n_);
    double *ub2 = pgb_alloc_doubles(n_), *kb2 = pgb_alloc_doubles(n_);
    memcpy(uf, u0, bytes);
    double f = heat(n_, T_, uf, k);
    /* non-zero adjoints on entry check the increment; a seed other than 1 */
    memcpy(u, u0, bytes);
    memcpy(u2, u0, bytes);
    pgb_fill_uniform(u_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(ub2, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(k_b, n_, 0.5, 1.5, 8);
    pgb_fill_uniform(kb2, n_, 0.5, 1.5, 8);
    pg_tape_reset_high(pg_tape_self());
    size_t base = pg_tape_depth(pg_tape_self());
    double r1 = HEAT_GRAD(n_, T_, u, u_b, k, k_b, 0.75);
    size_t high = pg_tape_high(pg_tape_self()) - base;
    double r2 = heat_manual_b(n_, T_, u2, ub2, k, kb2, 0.75);
    bad += pgb_compare("return value", &r1, &f, 1, PGB_RTOL);
    bad += pgb_compare("manual's return value", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("u (final field)", u, uf, n_, PGB_RTOL);
    bad += pgb_compare("manual's u (final field)", u2, uf, n_, PGB_RTOL);
    bad += pgb_compare("u_b", u_b, ub2, n_, PGB_RTOL);
    bad += pgb_compare("k_b", k_b, kb2, n_, PGB_RTOL);
    double fields = (double)high / (double)bytes;
    fprintf(stderr,
            "NOTE %s: T=%d: the gradient's tape held at most %.1f MB = %.1f fields of n "
            "doubles (2 sqrt(T) = %.1f, T = %d)\n",
            bench_name, T_, high / 1e6, fields, 2.0 * sqrt((double)T_), T_);
    pgb_free(uf);
    pgb_free(u2);
    pgb_free(ub2);
    pgb_free(kb2);
#endif
    return bad;
}
