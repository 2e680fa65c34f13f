/* Shared driver of the kmeans_K_N_D application benchmarks (see
 * ../harness.h): the cost of k centres on n points in d dimensions
 * (kmeans.c) and its gradient wrt the centres,
 *     double kmeans_b(int k, int n, int d, const double *x, const double *C,
 *                     double *C_b, double seed);
 * (C_b incremented, returns the cost). Define PGB_K, PGB_N, PGB_D (the full
 * size), then include this file. The runner's size is a percentage of the
 * full size (100; 10 with --quick): it scales the points n, k and d are
 * kept. Points and centres uniform in [0.5, 1.5) (harness.h's
 * pgb_fill_uniform, seeded), the seed 0.75. An application has no traffic
 * floor: bench_floor returns 0. -DPGB_NO_GEN leaves the generated gradient
 * out. Gradient under test: kmeans_b (generated), or with -DPGB_PEER
 * kmeans_enzyme_b (../enzyme/), with -DPGB_PEER_ADOLC kmeans_adolc_b
 * (../adolc/). With the environment variable PGB_DUMP=DIR, bench_setup
 * writes the inputs and the manual gradient (seed 1, from zero) into DIR as
 * raw float64 files for the PyTorch peer (../torch/kmeans_torch.py) and
 * exits: nothing is timed. */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#define PGB_STR_(x) #x
#define PGB_STR(x) PGB_STR_(x)

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD kmeans_adolc_b
#elif defined(PGB_PEER)
#define PGB_GRAD kmeans_enzyme_b
#else
#define PGB_GRAD kmeans_b
#endif

double kmeans(int k, int n, int d, const double *x, const double *C);
double PGB_GRAD(int k, int n, int d, const double *x, const double *C, double *C_b, double seed);
double kmeans_manual_b(int k, int n, int d, const double *x, const double *C, double *C_b,
                       double seed);

const char *const bench_name = "kmeans_" PGB_STR(PGB_K) "_" PGB_STR(PGB_N) "_" PGB_STR(PGB_D);
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

#define KM_SEED 0.75

static const int k_ = PGB_K, d_ = PGB_D;
static int n_;
static long nx_, nc_; /* elements of x and of C */
static double *x, *C, *C_b;
static volatile double sink;

/* PGB_DUMP=DIR: DIR/meta.txt (key=value lines), DIR/x.bin (n x d float64),
 * DIR/C.bin (k x d), DIR/grad.bin (the manual gradient wrt C, seed 1, from
 * zero), then exit. */
static void km_dump(const char *dir) {
    double *g = pgb_alloc_doubles(nc_);
    memset(g, 0, sizeof(double) * (size_t)nc_);
    double f = kmeans_manual_b(k_, n_, d_, x, C, g, 1.0);
    FILE *m = pgb_dump_meta(dir);
    fprintf(m, "name=%s\nk=%d\nn=%d\nd=%d\nseed=1\nobjective=%.17g\n", bench_name, k_, n_, d_, f);
    fclose(m);
    pgb_dump_doubles(dir, "x.bin", x, nx_);
    pgb_dump_doubles(dir, "C.bin", C, nc_);
    pgb_dump_doubles(dir, "grad.bin", g, nc_);
    exit(0);
}

void bench_setup(long percent) {
    long n = (long)PGB_N * percent / 100;
    n_ = (int)(n < 1 ? 1 : n);
    nx_ = (long)n_ * d_;
    nc_ = (long)k_ * d_;
    x = pgb_alloc_doubles(nx_);
    C = pgb_alloc_doubles(nc_);
    C_b = pgb_alloc_doubles(nc_);
    pgb_fill_uniform(x, nx_, 0.5, 1.5, 1);
    pgb_fill_uniform(C, nc_, 0.5, 1.5, 2);
    fprintf(stderr, "kmeans: k=%d n=%d d=%d\n", k_, n_, d_);
    const char *dump = getenv("PGB_DUMP");
    if (dump && *dump)
        km_dump(dump);
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
    if (which != PGB_PRIMAL) {
        pgb_zero(C_b, nc_);
        pgb_evict(C_b, (size_t)nc_ * sizeof(double));
    }
    pgb_evict(x, (size_t)nx_ * sizeof(double));
    pgb_evict(C, (size_t)nc_ * sizeof(double));
}

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        sink = kmeans(k_, n_, d_, x, C);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        sink = PGB_GRAD(k_, n_, d_, x, C, C_b, KM_SEED);
        break;
#endif
    case PGB_MANUAL:
        sink = kmeans_manual_b(k_, n_, d_, x, C, C_b, KM_SEED);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *cb2 = pgb_alloc_doubles(nc_);
    double f = kmeans(k_, n_, d_, x, C);
    /* non-zero adjoints on entry check the increment */
    pgb_fill_uniform(C_b, nc_, 0.5, 1.5, 7);
    pgb_fill_uniform(cb2, nc_, 0.5, 1.5, 7);
    double r = PGB_GRAD(k_, n_, d_, x, C, C_b, KM_SEED);
    double r2 = kmeans_manual_b(k_, n_, d_, x, C, cb2, KM_SEED);
    bad += pgb_compare("manual return vs primal", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("return value", &r, &r2, 1, PGB_RTOL);
    bad += pgb_compare("C_b", C_b, cb2, nc_, PGB_RTOL);
    pgb_free(cb2);
#endif
    return bad;
}
