/* Driver of the heat2d application benchmarks (see ../harness.h), shared by
 * heat2d_<size>_driver.c, which defines HEAT2D_NAME, HEAT2D_N (the grid is
 * HEAT2D_N x HEAT2D_N) and HEAT2D_T (time steps) before including it. The
 * runner's size N is a percentage of the time steps (100 normally, 10 for
 * --quick). Initial grid in [0.5, 1.5), weights w in [0.5, 1.5), r = 0.2
 * (stable: r <= 1/4). The functions overwrite u with the final grid, so
 * every run starts again from the initial grid (copied back untimed).
 * Applications have no traffic floor (0).
 * Gradient under test: heat2d_b (generated), or with -DPGB_PEER
 * heat2d_enzyme_b, with -DPGB_PEER_ADOLC heat2d_adolc_b (none so far);
 * -DPGB_NO_GEN leaves it out. */
#include "../harness.h"

#include <stdlib.h>
#include <string.h>

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD heat2d_adolc_b
#elif defined(PGB_PEER)
#define PGB_GRAD heat2d_enzyme_b
#else
#define PGB_GRAD heat2d_b
#endif

double heat2d(int n, int T, double r, double *u, const double *w);
double PGB_GRAD(int n, int T, double r, double *u, double *u_b, const double *w, double seed);
double heat2d_manual_b(int n, int T, double r, double *u, double *u_b, const double *w,
                       double seed);

const char *const bench_name = HEAT2D_NAME;
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

static const double r_ = 0.2;
static int n_, T_;
static long nn_;
static double *u0, *u, *u_b, *w;
static volatile double sink;

void bench_setup(long pct) {
    n_ = HEAT2D_N;
    nn_ = (long)n_ * n_;
    T_ = (int)((long)HEAT2D_T * pct / 100);
    if (T_ < 1)
        T_ = 1;
    u0 = pgb_alloc_doubles(nn_);
    u = pgb_alloc_doubles(nn_);
    u_b = pgb_alloc_doubles(nn_);
    w = pgb_alloc_doubles(nn_);
    pgb_fill_uniform(u0, nn_, 0.5, 1.5, 1);
    pgb_fill_uniform(w, nn_, 0.5, 1.5, 2);
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
    memcpy(u, u0, bytes);
    if (which != PGB_PRIMAL) {
        pgb_zero(u_b, nn_);
        pgb_evict(u_b, bytes);
    }
    pgb_evict(u, bytes);
    pgb_evict(w, bytes);
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        sink = heat2d(n_, T_, r_, u, w);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        sink = PGB_GRAD(n_, T_, r_, u, u_b, w, 1.0);
        break;
#endif
    case PGB_MANUAL:
        sink = heat2d_manual_b(n_, T_, r_, u, u_b, w, 1.0);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    size_t bytes = (size_t)nn_ * sizeof(double);
    double *uf = pgb_alloc_doubles(nn_), *u2 = pgb_alloc_doubles(nn_),
           *ub2 = pgb_alloc_doubles(nn_);
    memcpy(uf, u0, bytes);
    double f = heat2d(n_, T_, r_, uf, w);
    /* non-zero adjoints on entry check the increment; a seed other than 1 */
    memcpy(u, u0, bytes);
    memcpy(u2, u0, bytes);
    pgb_fill_uniform(u_b, nn_, 0.5, 1.5, 7);
    pgb_fill_uniform(ub2, nn_, 0.5, 1.5, 7);
    double r1 = PGB_GRAD(n_, T_, r_, u, u_b, w, 0.75);
    double r2 = heat2d_manual_b(n_, T_, r_, u2, ub2, w, 0.75);
    bad += pgb_compare("return value", &r1, &f, 1, PGB_RTOL);
    bad += pgb_compare("manual's return value", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("u (final grid)", u, uf, nn_, PGB_RTOL);
    bad += pgb_compare("manual's u (final grid)", u2, uf, nn_, PGB_RTOL);
    bad += pgb_compare("u_b", u_b, ub2, nn_, PGB_RTOL);
    pgb_free(uf);
    pgb_free(u2);
    pgb_free(ub2);
#endif
    return bad;
}
