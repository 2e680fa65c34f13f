/* The runtime's scans (runtime/scan.c) against the sequential loop they
 * stand for: every operator, both directions, float and double, sizes
 * around the parallel threshold, with 1 and 3 threads. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#include "pargrad.h"
#include "unit.h"

typedef void (*scan_d)(long, double, const double *, double *, int);

/* A deterministic input in [lo, hi). */
static void fill(double *a, long n, double lo, double hi, unsigned seed) {
    for (long k = 0; k < n; k++) {
        seed = seed * 1103515245u + 12345u;
        a[k] = lo + (hi - lo) * ((seed >> 8) & 0xffff) / 65536.0;
    }
}

static int close_to(double got, double want) {
    return fabs(got - want) <= 1e-9 * (1.0 + fabs(want));
}

static double combine(int op, double x, double y) {
    switch (op) {
    case 0:
        return x + y;
    case 1:
        return x * y;
    case 2:
        return fmin(x, y);
    default:
        return fmax(x, y);
    }
}

static void check_op(int op, scan_d fwd, scan_d rev, long n, int threads) {
    double *in = malloc(sizeof(double) * (size_t)(n + 1)),
           *out = malloc(sizeof(double) * (size_t)(n + 1));
    double *want = malloc(sizeof(double) * (size_t)(n + 1));
    fill(in, n, op == 1 ? 0.9999 : -1.0, op == 1 ? 1.0001 : 1.0, 7u + (unsigned)op);
    omp_set_num_threads(threads);
    for (int r = 0; r < 2; r++) {
        double init = 0.25;
        if (!r) {
            want[0] = init;
            for (long k = 0; k < n; k++)
                want[k + 1] = combine(op, want[k], in[k]);
            fwd(n, init, in, out, 1);
        } else {
            want[n] = init;
            for (long k = n - 1; k >= 0; k--)
                want[k] = combine(op, want[k + 1], in[k]);
            rev(n, init, in, out, 1);
        }
        int bad = 0;
        for (long k = 0; k <= n; k++)
            bad += !close_to(out[k], want[k]);
        CU_ASSERT_EQUAL(bad, 0);
    }
    free(in), free(out), free(want);
}

static void check_affine(long n, int threads) {
    double *a = malloc(sizeof(double) * (size_t)(n + 1)),
           *b = malloc(sizeof(double) * (size_t)(n + 1));
    double *out = malloc(sizeof(double) * (size_t)(n + 1)),
           *want = malloc(sizeof(double) * (size_t)(n + 1));
    fill(a, n, -1.0, 1.0, 3u);
    fill(b, n, -1.0, 1.0, 5u);
    omp_set_num_threads(threads);
    want[0] = 0.5;
    for (long k = 0; k < n; k++)
        want[k + 1] = a[k] * want[k] + b[k];
    pg_scan_affine_double(n, 0.5, a, b, out, 1);
    int bad = 0;
    for (long k = 0; k <= n; k++)
        bad += !close_to(out[k], want[k]);
    want[n] = 0.5;
    for (long k = n - 1; k >= 0; k--)
        want[k] = a[k] * want[k + 1] + b[k];
    pg_scan_affine_double_rev(n, 0.5, a, b, out, 1);
    for (long k = 0; k <= n; k++)
        bad += !close_to(out[k], want[k]);
    CU_ASSERT_EQUAL(bad, 0);
    free(a), free(b), free(out), free(want);
}

static const long sizes[] = {0, 1, 2, 1000, 8191, 8192, 8193, 50000};

/* pargrad.h's inline fmin and fmax return what libm's do: a NaN argument
 * is ignored, in either place */
static void test_inline_extrema(void) {
    const double nan = NAN, v[] = {-2.5, -0.0, 1.0, INFINITY, -INFINITY, nan};
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < 6; k++) {
            double a = v[i], b = v[k];
            double lo = pg_fmin(a, b), hi = pg_fmax(a, b);
            CU_ASSERT(!isnan(lo) == !isnan(fmin(a, b)) && (isnan(lo) || lo == fmin(a, b)));
            CU_ASSERT(!isnan(hi) == !isnan(fmax(a, b)) && (isnan(hi) || hi == fmax(a, b)));
            float lf = pg_fminf((float)a, (float)b), hf = pg_fmaxf((float)a, (float)b);
            CU_ASSERT(!isnan(lf) == !isnan(fminf((float)a, (float)b)) &&
                      (isnan(lf) || lf == fminf((float)a, (float)b)));
            CU_ASSERT(!isnan(hf) == !isnan(fmaxf((float)a, (float)b)) &&
                      (isnan(hf) || hf == fmaxf((float)a, (float)b)));
        }
}

static void test_operators(void) {
    scan_d fwd[4] = {pg_scan_add_double, pg_scan_mul_double, pg_scan_min_double,
                     pg_scan_max_double};
    scan_d rev[4] = {pg_scan_add_double_rev, pg_scan_mul_double_rev, pg_scan_min_double_rev,
                     pg_scan_max_double_rev};
    for (int threads = 1; threads <= 3; threads += 2)
        for (int op = 0; op < 4; op++)
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
                check_op(op, fwd[op], rev[op], sizes[s], threads);
}

static void test_affine(void) {
    for (int threads = 1; threads <= 3; threads += 2)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            check_affine(sizes[s], threads);
}

/* float scans: the same loop in float */
static void test_float(void) {
    enum { N = 20000 };
    float *in = malloc(sizeof(float) * N), *out = malloc(sizeof(float) * (N + 1));
    for (long k = 0; k < N; k++)
        in[k] = (float)((k % 7) - 3) * 0.125f;
    omp_set_num_threads(3);
    pg_scan_add_float(N, 1.0f, in, out, 1);
    float want = 1.0f;
    int bad = 0;
    for (long k = 0; k < N; k++) {
        want += in[k];
        bad += out[k + 1] != want; /* multiples of 1/8: exact in float */
    }
    pg_scan_max_float_rev(N, -5.0f, in, out, 1);
    want = -5.0f;
    for (long k = N - 1; k >= 0; k--) {
        want = fmaxf(want, in[k]);
        bad += out[k] != want;
    }
    CU_ASSERT_EQUAL(bad, 0);
    free(in), free(out);
}

void register_scan_tests(void) {
    CU_pSuite s = CU_add_suite("runtime scans", NULL, NULL);
    CU_add_test(s, "+ * min max, both directions, around the threshold", test_operators);
    CU_add_test(s, "affine, both directions", test_affine);
    CU_add_test(s, "float", test_float);
    CU_add_test(s, "inline fmin and fmax ignore NaN as libm's do", test_inline_extrema);
}
