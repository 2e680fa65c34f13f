/* Shared driver for the scan_* micro benchmarks (see ../harness.h): a
 * primal void NAME(long n, const double *x, double *y) writing the n
 * prefixes of x into y, and its gradient
 *     void NAME_b(long n, const double *x, double *x_b, double *y, double *y_b)
 * (y_b: the seed on entry, zero on exit; x_b incremented; y written).
 * Define PGB_NAME, PGB_LO/PGB_HI (input range, never 0) and PGB_FLOOR, then
 * include this file. With -DPGB_PEER the gradient under test is
 * PGB_NAME##_enzyme_b; -DPGB_NO_GEN leaves it out.
 *
 * Floors count, per BENCH.md, each input read once, each output written
 * once with write-allocate (a store to a line not in cache reads it
 * first), incremented adjoints read and written, and the consumed seed
 * read and zeroed (the store hits the line just read). */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef PGB_PEER
#define PGB_GRAD PGB_CAT(PGB_NAME, _enzyme_b)
#else
#define PGB_GRAD PGB_CAT(PGB_NAME, _b)
#endif
#define PGB_MANUAL_FN PGB_CAT(PGB_NAME, _manual_b)
#define PGB_STR_(x) #x
#define PGB_STR(x) PGB_STR_(x)

void PGB_NAME(long n, const double *x, double *y);
void PGB_GRAD(long n, const double *x, double *x_b, double *y, double *y_b);
void PGB_MANUAL_FN(long n, const double *x, double *x_b, double *y, double *y_b);

const char *const bench_name = PGB_STR(PGB_NAME);
double bench_floor(long n) {
    (void)n;
    return PGB_FLOOR;
}

static long n_;
static double *x, *x_b, *y, *y_b;

void bench_setup(long n) {
    n_ = n;
    x = pgb_alloc_doubles(n);
    x_b = pgb_alloc_doubles(n);
    y = pgb_alloc_doubles(n);
    y_b = pgb_alloc_doubles(n);
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
        pgb_fill_uniform(y_b, n_, 0.5, 1.5, 3); /* the seed */
        pgb_evict(x_b, bytes);
        pgb_evict(y_b, bytes);
    }
    pgb_evict(x, bytes);
    pgb_evict(y, bytes);
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        PGB_NAME(n_, x, y);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(n_, x, x_b, y, y_b);
        break;
#endif
    case PGB_MANUAL:
        PGB_MANUAL_FN(n_, x, x_b, y, y_b);
        break;
    }
}

/* x_b's tolerance: PGB_RTOL, unless the driver says why its scan's
 * adjoint cannot be computed that closely in double (scan_mat2.c) */
#ifndef PGB_XB_RTOL
#define PGB_XB_RTOL PGB_RTOL
#endif

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_), *y2 = pgb_alloc_doubles(n_), *yb2 = pgb_alloc_doubles(n_),
           *yp = pgb_alloc_doubles(n_);
    PGB_NAME(n_, x, yp);
    /* Non-zero x_b on entry checks the increment; y starts as garbage. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(y_b, n_, 0.5, 1.5, 3);
    pgb_fill_uniform(yb2, n_, 0.5, 1.5, 3);
    pgb_fill_uniform(y, n_, -9.0, -8.0, 5);
    pgb_fill_uniform(y2, n_, -9.0, -8.0, 5);
    PGB_GRAD(n_, x, x_b, y, y_b);
    PGB_MANUAL_FN(n_, x, xb2, y2, yb2);
    bad += pgb_compare("manual y vs primal y", y2, yp, n_, PGB_RTOL);
    bad += pgb_compare("y", y, y2, n_, PGB_RTOL);
    bad += pgb_compare("y_b (consumed seed)", y_b, yb2, n_, PGB_RTOL);
    bad += pgb_compare("x_b", x_b, xb2, n_, PGB_XB_RTOL);
    pgb_free(xb2);
    pgb_free(y2);
    pgb_free(yb2);
    pgb_free(yp);
#endif
    return bad;
}
