/* Shared driver for the reduce_* micro benchmarks (see ../harness.h).
 * Define PGB_NAME (the primal), PGB_LO/PGB_HI (input range, never 0) and
 * PGB_FLOOR, then include this file.
 * Gradient under test: PGB_NAME##_b (the generated one), or with -DPGB_PEER
 * PGB_NAME##_enzyme_b (bench/enzyme/), with -DPGB_PEER_ADOLC
 * PGB_NAME##_adolc_b (bench/adolc/); -DPGB_NO_GEN leaves it out. */
#include "../harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD PGB_CAT(PGB_NAME, _adolc_b)
#elif defined(PGB_PEER)
#define PGB_GRAD PGB_CAT(PGB_NAME, _enzyme_b)
#else
#define PGB_GRAD PGB_CAT(PGB_NAME, _b)
#endif
#define PGB_MANUAL_FN PGB_CAT(PGB_NAME, _manual_b)
#define PGB_STR_(x) #x
#define PGB_STR(x) PGB_STR_(x)

double PGB_NAME(long n, const double *x);
double PGB_GRAD(long n, const double *x, double *x_b, double seed);
double PGB_MANUAL_FN(long n, const double *x, double *x_b, double seed);

const char *const bench_name = PGB_STR(PGB_NAME);
double bench_floor(long n) {
    (void)n;
    return PGB_FLOOR;
}

static long n_;
static double *x, *x_b;
static const double seed = 0.75;
static volatile double sink;

void bench_setup(long n) {
    n_ = n;
    x = pgb_alloc_doubles(n);
    x_b = pgb_alloc_doubles(n);
    pgb_fill_uniform(x, n, PGB_LO, PGB_HI, 1);
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
    if (which != PGB_PRIMAL) {
        pgb_zero(x_b, n_);
        pgb_evict(x_b, bytes);
    }
    pgb_evict(x, bytes);
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        sink = PGB_NAME(n_, x);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        sink = PGB_GRAD(n_, x, x_b, seed);
        break;
#endif
    case PGB_MANUAL:
        sink = PGB_MANUAL_FN(n_, x, x_b, seed);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *b = pgb_alloc_doubles(n_);
    /* Non-zero adjoints on entry check that x_b is incremented. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(b, n_, 0.5, 1.5, 7);
    double p = PGB_NAME(n_, x);
    double rg = PGB_GRAD(n_, x, x_b, seed);
    double rm = PGB_MANUAL_FN(n_, x, b, seed);
    if (!pgb_close(rm, p, PGB_RTOL)) {
        fprintf(stderr, "  manual gradient returns %.17g, primal %.17g\n", rm, p);
        bad++;
    }
#ifndef PGB_PEER /* __enzyme_autodiff does not return the primal value */
    if (!pgb_close(rg, p, PGB_RTOL)) {
        fprintf(stderr, "  gradient returns %.17g, primal %.17g\n", rg, p);
        bad++;
    }
#else
    (void)rg;
#endif
    bad += pgb_compare("x_b", x_b, b, n_, PGB_RTOL);
    pgb_free(b);
#endif
    return bad;
}
