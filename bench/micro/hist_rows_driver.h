/* Shared driver for the histograms of rows, hist_v*10_B (see ../harness.h):
 * a primal void FAMILY(long n, long nh, const int *key, const double *x,
 * double h[nh]) combining the n rows of PGB_ROW values x[i*PGB_ROW + j]
 * into the rows of bins h[key[i]*PGB_ROW + j], nh = PGB_ROW * PGB_BINS
 * bins in all, and its gradient
 *     void FAMILY_b(long n, long nh, const int *key, const double *x,
 *                   double *x_b, double *h, double *h_b)
 * (h updated as the primal does; h_b the seed on entry, zero on exit; x_b
 * incremented). The benchmark size N counts the elements of x: n = N /
 * PGB_ROW rows, one key each. Define PGB_FAMILY (the primal), PGB_ROW,
 * PGB_BINS (rows of bins), PGB_LO/PGB_HI (values, never 0), PGB_HINIT(b)
 * (bin b's value before), PGB_PRIMAL_BYTES and PGB_GRAD_BYTES; optionally PGB_QUANT (values on a
 * grid of that step, so that updates tie), then include this file. With
 * -DPGB_PEER the gradient under test is PGB_FAMILY##_enzyme_b; -DPGB_NO_GEN
 * leaves it out.
 *
 * Floors: as in hist_driver.h, with n the elements of x (N = 10 x the
 * rows) and B the bins in all (10 x the rows of bins): at B = 50000 rows
 * (4 MB of bins) the bins' terms are about the data's own size. */
#include "../harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef PGB_PEER
#define PGB_GRAD PGB_CAT(PGB_FAMILY, _enzyme_b)
#else
#define PGB_GRAD PGB_CAT(PGB_FAMILY, _b)
#endif
#define PGB_MANUAL_FN PGB_CAT(PGB_FAMILY, _manual_b)
#define PGB_STR_(x) #x
#define PGB_STR(x) PGB_STR_(x)

void PGB_FAMILY(long n, long nh, const int *key, const double *x, double *h);
void PGB_GRAD(long n, long nh, const int *key, const double *x, double *x_b, double *h,
              double *h_b);
void PGB_MANUAL_FN(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                   double *h_b);

const char *const bench_name = PGB_STR(PGB_FAMILY) "_" PGB_STR(PGB_BINS);

static long n_, rows_;
static const long nh_ = (long)PGB_ROW * PGB_BINS;
static double *x, *x_b, *h, *h_b;
static int *key;

static void reset_bins(double *bins, double *seed) {
    for (long b = 0; b < nh_; b++) {
        bins[b] = PGB_HINIT(b);
        if (seed)
            seed[b] = 0.5 + (double)(b % 7) / 7.0;
    }
}

void bench_setup(long n) {
    rows_ = n / PGB_ROW;
    n_ = rows_ * PGB_ROW;
    x = pgb_alloc_doubles(n_);
    x_b = pgb_alloc_doubles(n_);
    h = pgb_alloc_doubles(nh_);
    h_b = pgb_alloc_doubles(nh_);
    key = pgb_alloc((size_t)rows_ * sizeof(int));
    pgb_fill_uniform(x, n_, PGB_LO, PGB_HI, 1);
#ifdef PGB_QUANT
    for (long i = 0; i < n_; i++)
        x[i] = PGB_LO + floor((x[i] - PGB_LO) / PGB_QUANT) * PGB_QUANT;
#endif
    pgb_fill_index(key, rows_, PGB_BINS, 2);
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
    reset_bins(h, h_b);
    if (which != PGB_PRIMAL) {
        pgb_zero(x_b, n_);
        pgb_evict(x_b, bytes);
    }
    pgb_evict(x, bytes);
    pgb_evict(key, (size_t)rows_ * sizeof(int));
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        PGB_FAMILY(rows_, nh_, key, x, h);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(rows_, nh_, key, x, x_b, h, h_b);
        break;
#endif
    case PGB_MANUAL:
        PGB_MANUAL_FN(rows_, nh_, key, x, x_b, h, h_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_), *h2 = pgb_alloc_doubles(nh_),
           *hb2 = pgb_alloc_doubles(nh_), *hp = pgb_alloc_doubles(nh_);
    reset_bins(hp, NULL);
    PGB_FAMILY(rows_, nh_, key, x, hp);
    /* Non-zero x_b on entry checks the increment. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_, 0.5, 1.5, 7);
    reset_bins(h, h_b);
    reset_bins(h2, hb2);
    PGB_GRAD(rows_, nh_, key, x, x_b, h, h_b);
    PGB_MANUAL_FN(rows_, nh_, key, x, xb2, h2, hb2);
    bad += pgb_compare("manual h vs primal h", h2, hp, nh_, PGB_RTOL);
    bad += pgb_compare("h", h, h2, nh_, PGB_RTOL);
    bad += pgb_compare("h_b (consumed seed)", h_b, hb2, nh_, PGB_RTOL);
    bad += pgb_compare("x_b", x_b, xb2, n_, PGB_RTOL);
    pgb_free(xb2);
    pgb_free(h2);
    pgb_free(hb2);
    pgb_free(hp);
#endif
    return bad;
}

/* The floor at n: PGB_PRIMAL_BYTES(n, bins) against PGB_GRAD_BYTES(n, bins)
 * and x_b's updates, a line in and out for each 64-byte line of x_b the
 * gradient changes (every line for the dense adjoints of +, * and the
 * inverses; a min's first entries, scattered: about a line each at 50000
 * bins), counted from the manual gradient's x_b from zero. */
double bench_floor(long n) {
    (void)n;
    pgb_zero(x_b, n_);
    reset_bins(h, h_b);
    PGB_MANUAL_FN(rows_, nh_, key, x, x_b, h, h_b);
    return pgb_floor_with_lines(PGB_PRIMAL_BYTES((double)n_, (double)nh_),
                                PGB_GRAD_BYTES((double)n_, (double)nh_), x_b, n_);
}
