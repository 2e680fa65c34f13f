/* The runtime's sort of a histogram's entries by bin (pg_hist_order of
 * runtime/hist.c) and the general rule built on it (PG_HIST_GENERAL_REV of
 * pargrad_parallel.h) against their sequential definitions: entries around
 * the parallel threshold, few and many bins (more bins than entries),
 * entries whose update did not run (key -1), with 1 and 3 threads. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#include "pargrad.h"
#include "pargrad_parallel.h"
#include "unit.h"

static unsigned next_random(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 8) & 0xffffff;
}

/* keys in [0, nb), every seventh entry -1 */
static long *random_keys(long n, long nb, unsigned seed) {
    long *keys = malloc(sizeof(long) * (size_t)(n + 1));
    for (long e = 0; e < n; e++)
        keys[e] = e % 7 == 3 ? -1 : (long)(next_random(&seed) % (unsigned)nb);
    return keys;
}

/* order[start[b] ..) must be bin b's entries, ascending, and all of them */
static int order_errors(long nb, long n, const long *keys, const long *start, const long *order) {
    int bad = start[0] != 0;
    long placed = 0;
    for (long b = 0; b < nb; b++) {
        bad += start[b + 1] < start[b];
        for (long t = start[b]; t < start[b + 1]; t++)
            bad += keys[order[t]] != b || (t > start[b] && order[t] <= order[t - 1]);
        placed += start[b + 1] - start[b];
    }
    long ran = 0;
    for (long e = 0; e < n; e++)
        ran += keys[e] >= 0;
    return bad + (placed != ran);
}

static const long sizes[] = {0, 1, 9, 8191, 8192, 30011};
static const long bins[] = {1, 31, 401, 50000};

static void test_order(void) {
    for (int threads = 1; threads <= 3; threads += 2)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t b = 0; b < sizeof bins / sizeof bins[0]; b++) {
                long n = sizes[s], nb = bins[b];
                long *keys = random_keys(n, nb, 11u + (unsigned)b);
                long *start = malloc(sizeof(long) * (size_t)(nb + 1));
                long *order = malloc(sizeof(long) * (size_t)(n + 1));
                omp_set_num_threads(threads);
                pg_hist_order(nb, n, keys, start, order, 1);
                CU_ASSERT_EQUAL(order_errors(nb, n, keys, start, order), 0);
                free(keys), free(start), free(order);
            }
}

/* a product histogram by the general rule: d (p * v) / dp = v, / dv = p */
#define PRODUCT(p, v) ((p) * (v))
#define PRODUCT_D0(p, v) (v)
#define PRODUCT_D1(p, v) (p)
PG_HIST_GENERAL_REV(static, product_hist_rev, double, PRODUCT, PRODUCT_D0, PRODUCT_D1)

/* The sequential reverse of h[k] *= v in the loop's order. */
static void product_rev_by_hand(const double *h, double *h_b, long nb, long n, const long *keys,
                                const double *vals, double *vals_b) {
    double *p = malloc(sizeof(double) * (size_t)nb),
           *before = malloc(sizeof(double) * (size_t)(n + 1));
    for (long b = 0; b < nb; b++)
        p[b] = h[b];
    for (long e = 0; e < n; e++)
        if (keys[e] >= 0) {
            before[e] = p[keys[e]];
            p[keys[e]] *= vals[e];
        }
    for (long e = n - 1; e >= 0; e--)
        if (keys[e] >= 0) {
            vals_b[e] += h_b[keys[e]] * before[e];
            h_b[keys[e]] *= vals[e];
        }
    free(p), free(before);
}

static void test_general_rev(void) {
    long n = 30011;
    for (int threads = 1; threads <= 3; threads += 2)
        for (size_t b = 0; b < sizeof bins / sizeof bins[0]; b++) {
            long nb = bins[b];
            long *keys = random_keys(n, nb, 5u + (unsigned)b);
            double *h = malloc(sizeof(double) * (size_t)nb),
                   *vals = malloc(sizeof(double) * (size_t)n);
            double *h_b = malloc(sizeof(double) * (size_t)nb),
                   *want_h_b = malloc(sizeof(double) * (size_t)nb);
            double *vals_b = calloc((size_t)n, sizeof(double)),
                   *want_vals_b = calloc((size_t)n, sizeof(double));
            unsigned seed = 3u;
            for (long k = 0; k < nb; k++) {
                h[k] = 0.5 + next_random(&seed) / 16777216.0;
                h_b[k] = want_h_b[k] = 1.0 + (double)(k % 5);
            }
            for (long e = 0; e < n; e++)
                vals[e] = 0.99 + 0.02 * next_random(&seed) / 16777216.0;
            omp_set_num_threads(threads);
            product_hist_rev(h, NULL, h_b, nb, n, keys, vals, vals_b, 1);
            product_rev_by_hand(h, want_h_b, nb, n, keys, vals, want_vals_b);
            int bad = 0;
            for (long k = 0; k < nb; k++)
                bad += fabs(h_b[k] - want_h_b[k]) > 1e-12 * fabs(want_h_b[k]);
            for (long e = 0; e < n; e++)
                bad += fabs(vals_b[e] - want_vals_b[e]) > 1e-12 * (1.0 + fabs(want_vals_b[e]));
            CU_ASSERT_EQUAL(bad, 0);
            free(keys), free(h), free(vals), free(h_b), free(want_h_b), free(vals_b),
                free(want_vals_b);
        }
}

void register_hist_tests(void) {
    CU_pSuite s = CU_add_suite("runtime histograms", NULL, NULL);
    CU_add_test(s, "entries sorted by bin, stable, around the threshold", test_order);
    CU_add_test(s, "the general rule against the sequential reverse", test_general_rev);
}
