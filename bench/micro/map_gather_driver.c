/* Driver of map_gather (see ../harness.h); floor derivation in map_gather.c.
 * Gradient under test: map_gather_b (generated), or with -DPGB_PEER
 * map_gather_enzyme_b, with -DPGB_PEER_ADOLC map_gather_adolc_b
 * (bench/adolc/); -DPGB_NO_GEN leaves it out. */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD map_gather_adolc_b
#elif defined(PGB_PEER)
#define PGB_GRAD map_gather_enzyme_b
#else
#define PGB_GRAD map_gather_b
#endif

void map_gather(long n, const double *x, const int *idx, double *y);
void PGB_GRAD(long n, const double *x, double *x_b, const int *idx, double *y, double *y_b);
void map_gather_manual_b(long n, const double *x, double *x_b, const int *idx, double *y,
                         double *y_b);

const char *const bench_name = "map_gather";
double bench_floor(long n) {
    (void)n;
    return 60.0 / 28.0;
}

static long n_;
static double *x, *x_b, *y, *y_b;
static int *idx;

void bench_setup(long n) {
    n_ = n;
    x = pgb_alloc_doubles(n);
    x_b = pgb_alloc_doubles(n);
    y = pgb_alloc_doubles(n);
    y_b = pgb_alloc_doubles(n);
    idx = pgb_alloc((size_t)n * sizeof(int));
    pgb_fill_uniform(x, n, 0.5, 1.5, 1);
    pgb_fill_index(idx, n, n, 2);
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
        pgb_fill_uniform(y_b, n_, 0.5, 1.5, 3); /* the seed */
        pgb_evict(x_b, bytes);
        pgb_evict(y_b, bytes);
    }
    pgb_evict(x, bytes);
    pgb_evict(y, bytes);
    pgb_evict(idx, (size_t)n_ * sizeof(int));
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        map_gather(n_, x, idx, y);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(n_, x, x_b, idx, y, y_b);
        break;
#endif
    case PGB_MANUAL:
        map_gather_manual_b(n_, x, x_b, idx, y, y_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_), *y2 = pgb_alloc_doubles(n_), *yb2 = pgb_alloc_doubles(n_),
           *yp = pgb_alloc_doubles(n_);
    map_gather(n_, x, idx, yp);
    /* Non-zero x_b on entry checks the increment; y starts as garbage. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(y_b, n_, 0.5, 1.5, 3);
    pgb_fill_uniform(yb2, n_, 0.5, 1.5, 3);
    pgb_fill_uniform(y, n_, -9.0, -8.0, 5);
    pgb_fill_uniform(y2, n_, -9.0, -8.0, 5);
    PGB_GRAD(n_, x, x_b, idx, y, y_b);
    map_gather_manual_b(n_, x, xb2, idx, y2, yb2);
    bad += pgb_compare("manual y vs primal y", y2, yp, n_, PGB_RTOL);
    bad += pgb_compare("y", y, y2, n_, PGB_RTOL);
    bad += pgb_compare("y_b (consumed seed)", y_b, yb2, n_, PGB_RTOL);
    bad += pgb_compare("x_b", x_b, xb2, n_, PGB_RTOL);
    pgb_free(xb2);
    pgb_free(y2);
    pgb_free(yb2);
    pgb_free(yp);
#endif
    return bad;
}
