/* Driver for the hist_sop_B micro benchmarks (see ../harness.h): a primal
 * void hist_sop(long n, long nb, const int *key, const double *x,
 * sop_t h[nb]) combining the pairs (x_i^2, x_i) into nb bins, pairs
 * (p, s), at the keys, and its gradient
 *     void hist_sop_b(long n, long nb, const int *key, const double *x,
 *                     double *x_b, sop_t *h, sop_t *h_b)
 * (h updated as the primal does; h_b the seed on entry, the adjoint of the
 * bins' values from before on exit; x_b incremented). Define PGB_BINS,
 * PGB_PRIMAL_BYTES and PGB_GRAD_BYTES, then include this file. With -DPGB_PEER the gradient under
 * test is hist_sop_enzyme_b; -DPGB_NO_GEN leaves it out.
 *
 * Floors: as in hist_driver.h, the bins 16 bytes each (h 32 B bytes in
 * both, h_b 32 B in the gradient). */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef PGB_PEER
#define PGB_GRAD hist_sop_enzyme_b
#else
#define PGB_GRAD hist_sop_b
#endif
#define PGB_STR_(x) #x
#define PGB_STR(x) PGB_STR_(x)

typedef struct {
    double p, s;
} sop_t;

void hist_sop(long n, long nb, const int *key, const double *x, sop_t *h);
void PGB_GRAD(long n, long nb, const int *key, const double *x, double *x_b, sop_t *h, sop_t *h_b);
void hist_sop_manual_b(long n, long nb, const int *key, const double *x, double *x_b, sop_t *h,
                       sop_t *h_b);

const char *const bench_name = "hist_sop_" PGB_STR(PGB_BINS);

static long n_;
static const long nb_ = PGB_BINS;
static double *x, *x_b;
static sop_t *h, *h_b;
static int *key;

static void reset_bins(sop_t *bins, sop_t *seed) {
    for (long b = 0; b < nb_; b++) {
        bins[b] = (sop_t){0.25 + (double)(b % 3) / 8.0, 0.5 + (double)(b % 5) / 4.0};
        if (seed)
            seed[b] = (sop_t){0.5 + (double)(b % 7) / 7.0, 0.75 - (double)(b % 4) / 8.0};
    }
}

void bench_setup(long n) {
    n_ = n;
    x = pgb_alloc_doubles(n);
    x_b = pgb_alloc_doubles(n);
    h = pgb_alloc((size_t)nb_ * sizeof(sop_t));
    h_b = pgb_alloc((size_t)nb_ * sizeof(sop_t));
    key = pgb_alloc((size_t)n * sizeof(int));
    pgb_fill_uniform(x, n, 0.5, 1.5, 1);
    pgb_fill_index(key, n, nb_, 2);
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
    pgb_evict(key, (size_t)n_ * sizeof(int));
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        hist_sop(n_, nb_, key, x, h);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(n_, nb_, key, x, x_b, h, h_b);
        break;
#endif
    case PGB_MANUAL:
        hist_sop_manual_b(n_, nb_, key, x, x_b, h, h_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_);
    sop_t *h2 = pgb_alloc((size_t)nb_ * sizeof(sop_t)),
          *hb2 = pgb_alloc((size_t)nb_ * sizeof(sop_t)),
          *hp = pgb_alloc((size_t)nb_ * sizeof(sop_t));
    reset_bins(hp, NULL);
    hist_sop(n_, nb_, key, x, hp);
    /* Non-zero x_b on entry checks the increment. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_, 0.5, 1.5, 7);
    reset_bins(h, h_b);
    reset_bins(h2, hb2);
    PGB_GRAD(n_, nb_, key, x, x_b, h, h_b);
    hist_sop_manual_b(n_, nb_, key, x, xb2, h2, hb2);
    /* The pairs compared as 2 nb doubles (p, s, p, s, ...). */
    bad += pgb_compare("manual h vs primal h", (double *)h2, (double *)hp, 2 * nb_, PGB_RTOL);
    bad += pgb_compare("h", (double *)h, (double *)h2, 2 * nb_, PGB_RTOL);
    bad += pgb_compare("h_b (adjoint of the bins from before)", (double *)h_b, (double *)hb2,
                       2 * nb_, PGB_RTOL);
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
    hist_sop_manual_b(n_, nb_, key, x, x_b, h, h_b);
    return pgb_floor_with_lines(PGB_PRIMAL_BYTES((double)n_, (double)nb_),
                                PGB_GRAD_BYTES((double)n_, (double)nb_), x_b, n_);
}
