/* Checks the gradients of the *, min and max histograms in histogram_ops.c:
 * against central finite differences (one element, bins that receive
 * nothing, many values per bin), along a random direction at a size where
 * the runtime's threads share bins, and on known answers for the tie rule
 * (the first update that gave a bin's final value takes its adjoint, and
 * the bin's value from before keeps it if it was that value) and for zeros
 * in products, with per-thread copies of the bins and with atomics. */
#include "gradcheck.h"

GC_KERNEL(hist_min_bins)
GC_KERNEL(hist_max_two)
GC_KERNEL(hist_prod)
GC_KERNEL(hist_steps_max)
GC_KERNEL(hist_rows)
GC_KERNEL(hist_scan_term)

static const struct gc_kernel kernels[] = {
    {"hist_min_bins", hist_min_bins, hist_min_bins_b},
    {"hist_max_two", hist_max_two, hist_max_two_b},
    {"hist_prod", hist_prod, hist_prod_b},
    {"hist_steps_max", hist_steps_max, hist_steps_max_b},
    {"hist_rows", hist_rows, hist_rows_b},
};

typedef double (*keyed_f)(int n, int nb, const double *x, const int *key);
typedef double (*keyed_b)(int n, int nb, const double *x, double *x_b, const int *key, double seed);
double hist_ties(int n, int nb, const double *x, const int *key);
double hist_ties_b(int n, int nb, const double *x, double *x_b, const int *key, double seed);
double hist_zeros(int n, int nb, const double *x, const int *key);
double hist_zeros_b(int n, int nb, const double *x, double *x_b, const int *key, double seed);
float hist_max_float(int n, const float *x);
float hist_max_float_b(int n, const float *x, float *x_b, float seed);

/* f_b against a known gradient and return value */
static void check_known(const char *name, keyed_f f, keyed_b f_b, int n, int nb, const double *x,
                        const int *key, const double *want, double want_f) {
    char what[160];
    double *x_b = gc_alloc(n > 0 ? n : 1);
    gc_zero(x_b, n);
    snprintf(what, sizeof what, "%s: primal", name);
    gc_check_value(what, f(n, nb, x, key), want_f, 1e-12);
    double r = f_b(n, nb, x, x_b, key, 1.0);
    snprintf(what, sizeof what, "%s: return value", name);
    gc_check_value(what, r, want_f, 1e-12);
    if (n > 0) {
        snprintf(what, sizeof what, "%s: x_b", name);
        gc_compare_tol(what, x_b, want, n, 1e-12);
    }
    free(x_b);
}

static double weight(int b) {
    return b % 3 + 1;
}

static void check_ties(void) {
    double x[6] = {0.5, 0.5, 2.0, 1.0, 0.25, 0.25}, want[6] = {1, 0, 0, 0, 3, 0};
    int key[6] = {0, 0, 1, 1, 2, 2};
    check_known("hist_ties n=6", hist_ties, hist_ties_b, 6, 3, x, key, want, 3.25);
    check_known("hist_ties n=0", hist_ties, hist_ties_b, 0, 3, x, key, want, 6.0);
    /* 3 bins of 30000 updates (per-thread copies): ties at the minimum of
     * bin 0 (15000 and 29997), bin 1 never below its value from before
     * (1.0, reached at 4), bin 2's minimum at 2 and 29999 */
    enum { N = 30000 };
    double *xs = gc_alloc(N), *w = gc_alloc(N);
    int *ks = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++) {
        ks[i] = i % 3;
        xs[i] = ks[i] == 1 ? 1.5 : 0.75;
        w[i] = 0;
    }
    xs[15000] = xs[29997] = 0.25;
    xs[4] = 1.0;
    xs[2] = xs[29999] = 0.3;
    w[15000] = 1;
    w[2] = 3;
    check_known("hist_ties n=30000 nb=3", hist_ties, hist_ties_b, N, 3, xs, ks, w,
                0.25 + 2.0 + 0.9);
    /* 20000 bins (atomics): equal values, bins 0..9999 updated twice */
    enum { NB = 20000 };
    double total = 0;
    for (int i = 0; i < N; i++) {
        ks[i] = i % NB;
        xs[i] = 0.5;
        w[i] = i < NB ? weight(i) : 0;
    }
    for (int b = 0; b < NB; b++)
        total += 0.5 * weight(b);
    check_known("hist_ties n=30000 nb=20000", hist_ties, hist_ties_b, N, NB, xs, ks, w, total);
    free(xs), free(w), free(ks);
}

static void check_zeros(void) {
    double x[6] = {0, 3, 0, 0, 5, 7}, want[6] = {6, 0, 0, 0, 42, 30};
    int key[6] = {0, 0, 1, 1, 2, 2};
    check_known("hist_zeros n=6", hist_zeros, hist_zeros_b, 6, 3, x, key, want, 210.0);
    /* bin 0: one zero (300), bin 1: none, bin 2: two zeros (5, 8) */
    enum { N = 30000 };
    double *xs = gc_alloc(N), *w = gc_alloc(N);
    int *ks = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++) {
        ks[i] = i % 3;
        xs[i] = 1.0;
    }
    xs[3] = xs[4] = 2.0;
    xs[300] = xs[5] = xs[8] = 0.0;
    for (int i = 0; i < N; i++)
        w[i] = ks[i] == 1 ? 2.0 * 2.0 * 2.0 / xs[i] : 0.0;
    w[300] = 2.0 * 2.0;
    check_known("hist_zeros n=30000", hist_zeros, hist_zeros_b, N, 3, xs, ks, w, 2.0 * 2.0 * 2.0);
    free(xs), free(w), free(ks);
}

/* float: the first of the largest sinf per bin takes (b + 1) cos x */
static void check_float(int n) {
    enum { NBF = 7 };
    float *x = malloc(sizeof(float) * (size_t)n), *x_b = calloc((size_t)n, sizeof(float));
    double *got = gc_alloc(n), *want = gc_alloc(n);
    gc_seed(11);
    for (int i = 0; i < n; i++)
        x[i] = (float)gc_uniform(-3.0, 3.0);
    float best[NBF];
    int arg[NBF];
    for (int b = 0; b < NBF; b++)
        best[b] = -2.0f, arg[b] = -1;
    for (int i = 0; i < n; i++) {
        int b = (3 * i) % NBF;
        if (sinf(x[i]) > best[b])
            best[b] = sinf(x[i]), arg[b] = i;
    }
    for (int i = 0; i < n; i++)
        want[i] = 0;
    for (int b = 0; b < NBF; b++)
        if (arg[b] >= 0)
            want[arg[b]] = (b + 1) * cos((double)x[arg[b]]);
    float f = hist_max_float(n, x), r = hist_max_float_b(n, x, x_b, 1.0f);
    char what[96];
    snprintf(what, sizeof what, "hist_max_float (float) n=%d: return value", n);
    gc_check_value(what, r, f, 1e-6);
    for (int i = 0; i < n; i++)
        got[i] = x_b[i];
    snprintf(what, sizeof what, "hist_max_float (float) n=%d: x_b", n);
    gc_compare_tol(what, got, want, n, 1e-5);
    free(x), free(x_b), free(got), free(want);
}

int main(void) {
    const int sizes[] = {1, 2, 7, 40};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 5);
    /* quadratic in n: small sizes only */
    const struct gc_kernel nested = {"hist_scan_term", hist_scan_term, hist_scan_term_b};
    const int small[] = {1, 2, 7, 40, 300};
    gc_check_kernels(&nested, 1, small, 5, 2);
    check_ties();
    check_zeros();
    check_float(50);
    check_float(20000);
    return gc_finish();
}
