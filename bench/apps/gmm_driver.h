/* Driver of the GMM application benchmarks (see ../harness.h), shared by
 * gmm_<instance>_driver.c, which defines GMM_INSTANCE (the ADBench file's
 * name) before including it. The instance is read from
 * ${PGB_ADBENCH:-/work/shared/data/adbench}/gmm/GMM_INSTANCE.txt (format in
 * the spec's BENCH.md); the runner's size N is a percentage: the first N% of
 * the points (100 normally, 10 for --quick). Gradient wrt alphas, means and
 * icf, seed 1; applications have no traffic floor (0).
 * Gradient under test: gmm_objective_b (generated), or with -DPGB_PEER
 * gmm_objective_enzyme_b (../enzyme/), with -DPGB_PEER_ADOLC
 * gmm_objective_adolc_b (../adolc/); -DPGB_NO_GEN leaves it out.
 * With the environment variable PGB_DUMP=DIR, bench_setup writes the inputs
 * and the manual gradient (seed 1, from zero) into DIR as raw float64 files
 * for the PyTorch peer (../torch/gmm_torch.py) and exits: nothing is timed. */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(PGB_PEER_ADOLC)
#define PGB_GRAD gmm_objective_adolc_b
#elif defined(PGB_PEER)
#define PGB_GRAD gmm_objective_enzyme_b
#else
#define PGB_GRAD gmm_objective_b
#endif

double gmm_objective(int d, int k, int n, const double *alphas, const double *means,
                     const double *icf, const double *x, double wishart_gamma, int wishart_m);
double PGB_GRAD(int d, int k, int n, const double *alphas, double *alphas_b, const double *means,
                double *means_b, const double *icf, double *icf_b, const double *x,
                double wishart_gamma, int wishart_m, double seed);
double gmm_objective_manual_b(int d, int k, int n, const double *alphas, double *alphas_b,
                              const double *means, double *means_b, const double *icf,
                              double *icf_b, const double *x, double wishart_gamma, int wishart_m,
                              double seed);

const char *const bench_name = "gmm_" GMM_INSTANCE;
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

static int d_, k_, n_, np_;
static double *theta, *theta_b, *x_, gamma_;
static int m_;
static volatile double sink;

static void gmm_fail(const char *path, const char *what) {
    fprintf(stderr, "%s: %s: cannot read %s\n", bench_name, path, what);
    exit(1);
}

static void gmm_read(FILE *f, const char *path, const char *what, double *a, long n) {
    for (long i = 0; i < n; i++)
        if (fscanf(f, "%lf", &a[i]) != 1)
            gmm_fail(path, what);
}

/* PGB_DUMP=DIR: DIR/meta.txt (key=value lines), DIR/theta.bin (alphas, means,
 * icf: np float64), DIR/x.bin (n x d), DIR/grad.bin (the manual gradient
 * wrt theta, seed 1, from zero), then exit. */
static void gmm_dump(const char *dir) {
    const int k = k_, d = d_;
    double *g = pgb_alloc_doubles(np_);
    memset(g, 0, sizeof(double) * (size_t)np_);
    double f = gmm_objective_manual_b(d, k, n_, theta, g, theta + k, g + k, theta + k + k * d,
                                      g + k + k * d, x_, gamma_, m_, 1.0);
    FILE *m = pgb_dump_meta(dir);
    fprintf(m, "name=%s\nd=%d\nk=%d\nn=%d\nnp=%d\nwishart_gamma=%.17g\nwishart_m=%d\n", bench_name,
            d, k, n_, np_, gamma_, m_);
    fprintf(m, "seed=1\nobjective=%.17g\n", f);
    fclose(m);
    pgb_dump_doubles(dir, "theta.bin", theta, np_);
    pgb_dump_doubles(dir, "x.bin", x_, (long)n_ * d);
    pgb_dump_doubles(dir, "grad.bin", g, np_);
    exit(0);
}

void bench_setup(long pct) {
    const char *dir = getenv("PGB_ADBENCH");
    char path[4096];
    snprintf(path, sizeof path, "%s/gmm/%s.txt", dir && *dir ? dir : "/work/shared/data/adbench",
             GMM_INSTANCE);
    FILE *f = fopen(path, "r");
    if (!f)
        gmm_fail(path, "the file");
    int d, k, n;
    if (fscanf(f, "%d %d %d", &d, &k, &n) != 3 || d < 1 || k < 1 || n < 1)
        gmm_fail(path, "d k n");
    d_ = d, k_ = k;
    np_ = k + k * d + k * (d * (d + 1) / 2);
    theta = pgb_alloc_doubles(np_);
    theta_b = pgb_alloc_doubles(np_);
    x_ = pgb_alloc_doubles((long)n * d);
    gmm_read(f, path, "the parameters", theta, np_);
    gmm_read(f, path, "the points", x_, (long)n * d);
    if (fscanf(f, "%lf %d", &gamma_, &m_) != 2)
        gmm_fail(path, "wishart gamma m");
    fclose(f);
    if (pct < 1)
        pct = 1;
    if (pct > 100)
        pct = 100;
    n_ = (int)((long)n * pct / 100);
    if (n_ < 1)
        n_ = 1;
    const char *dump = getenv("PGB_DUMP");
    if (dump && *dump)
        gmm_dump(dump);
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
        memset(theta_b, 0, sizeof(double) * (size_t)np_);
        pgb_evict(theta_b, sizeof(double) * (size_t)np_);
    }
    pgb_evict(theta, sizeof(double) * (size_t)np_);
    pgb_evict(x_, sizeof(double) * (size_t)n_ * (size_t)d_);
}

static double gmm_call(int which, double *g, double seed) {
    const int k = k_, d = d_;
    double *al = theta, *mu = theta + k, *icf = theta + k + k * d;
    switch (which) {
    case PGB_PRIMAL:
        return gmm_objective(d, k, n_, al, mu, icf, x_, gamma_, m_);
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        return PGB_GRAD(d, k, n_, al, g, mu, g + k, icf, g + k + k * d, x_, gamma_, m_, seed);
#endif
    default:
        return gmm_objective_manual_b(d, k, n_, al, g, mu, g + k, icf, g + k + k * d, x_, gamma_,
                                      m_, seed);
    }
}

void bench_run(int which) {
    sink = gmm_call(which, theta_b, 1.0);
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *g1 = pgb_alloc_doubles(np_), *g2 = pgb_alloc_doubles(np_);
    /* non-zero adjoints on entry check the increment; a seed other than 1 */
    pgb_fill_uniform(g1, np_, 0.5, 1.5, 7);
    pgb_fill_uniform(g2, np_, 0.5, 1.5, 7);
    double f = gmm_call(PGB_PRIMAL, NULL, 0.0);
    double r1 = gmm_call(PGB_GRADIENT, g1, 0.75);
    double r2 = gmm_call(PGB_MANUAL, g2, 0.75);
    bad += pgb_compare("return value", &r1, &f, 1, PGB_RTOL);
    bad += pgb_compare("manual's return value", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("alphas_b", g1, g2, k_, PGB_RTOL);
    bad += pgb_compare("means_b", g1 + k_, g2 + k_, (long)k_ * d_, PGB_RTOL);
    bad += pgb_compare("icf_b", g1 + k_ + k_ * d_, g2 + k_ + k_ * d_, np_ - k_ - k_ * d_, PGB_RTOL);
    pgb_free(g1);
    pgb_free(g2);
#endif
    return bad;
}
