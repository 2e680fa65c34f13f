/* Shared driver for the hist_*_B micro benchmarks (see ../harness.h): a
 * primal void FAMILY(long n, long nb, const int *key, const double *x,
 * double h[nb]) combining x into nb bins at the keys, and its gradient
 *     void FAMILY_b(long n, long nb, const int *key, const double *x,
 *                   double *x_b, double *h, double *h_b)
 * (h updated as the primal does; h_b the seed on entry, zero on exit; x_b
 * incremented). Define PGB_FAMILY (the primal), PGB_BINS, PGB_LO/PGB_HI
 * (values, never 0), PGB_HINIT (the bins' values before),
 * PGB_PRIMAL_BYTES and PGB_GRAD_BYTES (below), then include this file. With -DPGB_PEER the gradient
 * under test is PGB_FAMILY##_enzyme_b; -DPGB_NO_GEN leaves it out.
 *
 * Floors count, per BENCH.md, each input read once, each output written
 * once with write-allocate, incremented adjoints read and written, at the
 * benchmark's size n and B bins: the bins h read and written by both (16 B
 * bytes), the seeds h_b read and zeroed by the gradient (16 B), and the
 * lines of x_b the gradient updates, 128 bytes each (bench_floor counts
 * them). At B = 31 and 401 the bins' terms are below 0.1%; at B = 50000,
 * n = 10^6 they are 7% of the primal's bytes, and a min's updates of x_b
 * at one element per bin move a line each (40% more). Each driver gives
 * its family's PGB_PRIMAL_BYTES(n, B) and PGB_GRAD_BYTES(n, B) (all but
 * x_b's lines). */
#include "../harness.h"

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

void PGB_FAMILY(long n, long nb, const int *key, const double *x, double *h);
void PGB_GRAD(long n, long nb, const int *key, const double *x, double *x_b, double *h,
              double *h_b);
void PGB_MANUAL_FN(long n, long nb, const int *key, const double *x, double *x_b, double *h,
                   double *h_b);

const char *const bench_name = PGB_STR(PGB_FAMILY) "_" PGB_STR(PGB_BINS);

static long n_;
static const long nb_ = PGB_BINS;
static double *x, *x_b, *h, *h_b;
static int *key;

static void reset_bins(double *bins, double *seed) {
    for (long b = 0; b < nb_; b++) {
        bins[b] = PGB_HINIT;
        if (seed)
            seed[b] = 0.5 + (double)(b % 7) / 7.0;
    }
}

void bench_setup(long n) {
    n_ = n;
    x = pgb_alloc_doubles(n);
    x_b = pgb_alloc_doubles(n);
    h = pgb_alloc_doubles(nb_);
    h_b = pgb_alloc_doubles(nb_);
    key = pgb_alloc((size_t)n * sizeof(int));
    pgb_fill_uniform(x, n, PGB_LO, PGB_HI, 1);
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
        PGB_FAMILY(n_, nb_, key, x, h);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        PGB_GRAD(n_, nb_, key, x, x_b, h, h_b);
        break;
#endif
    case PGB_MANUAL:
        PGB_MANUAL_FN(n_, nb_, key, x, x_b, h, h_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_), *h2 = pgb_alloc_doubles(nb_),
           *hb2 = pgb_alloc_doubles(nb_), *hp = pgb_alloc_doubles(nb_);
    reset_bins(hp, NULL);
    PGB_FAMILY(n_, nb_, key, x, hp);
    /* Non-zero x_b on entry checks the increment. */
    pgb_fill_uniform(x_b, n_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_, 0.5, 1.5, 7);
    reset_bins(h, h_b);
    reset_bins(h2, hb2);
    PGB_GRAD(n_, nb_, key, x, x_b, h, h_b);
    PGB_MANUAL_FN(n_, nb_, key, x, xb2, h2, hb2);
    bad += pgb_compare("manual h vs primal h", h2, hp, nb_, PGB_RTOL);
    bad += pgb_compare("h", h, h2, nb_, PGB_RTOL);
    bad += pgb_compare("h_b (consumed seed)", h_b, hb2, nb_, PGB_RTOL);
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
    PGB_MANUAL_FN(n_, nb_, key, x, x_b, h, h_b);
    return pgb_floor_with_lines(PGB_PRIMAL_BYTES((double)n_, (double)nb_),
                                PGB_GRAD_BYTES((double)n_, (double)nb_), x_b, n_);
}
