/* Driver of the LSTM application benchmarks (see ../harness.h), shared by
 * lstm_<instance>_driver.c, which defines LSTM_INSTANCE (the ADBench file's
 * name) before including it. The instance is read from
 * ${PGB_ADBENCH:-/work/shared/data/adbench}/lstm/LSTM_INSTANCE.txt (l c b,
 * then the main parameters, the extra parameters, the state and the
 * sequence); the runner's size N is a percentage: the first N% of the
 * characters (at least 2). Gradient wrt main_params and extra_params,
 * seed 1; applications have no traffic floor (0).
 * With the environment variable PGB_DUMP=DIR, bench_setup writes the inputs
 * and the manual gradient (seed 1, from zero) into DIR as raw float64 files
 * for the PyTorch peer (../torch/lstm_torch.py) and exits: nothing is
 * timed. */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double lstm_objective(int l, int c, int b, const double *main_params, const double *extra_params,
                      const double *state, const double *sequence);
double lstm_objective_b(int l, int c, int b, const double *main_params, double *main_params_b,
                        const double *extra_params, double *extra_params_b, const double *state,
                        const double *sequence, double seed);
double lstm_objective_manual_b(int l, int c, int b, const double *main_params,
                               double *main_params_b, const double *extra_params,
                               double *extra_params_b, const double *state, const double *sequence,
                               double seed);

const char *const bench_name = LSTM_INSTANCE;
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

static int l_, c_, b_, nmain_, np_;
static double *theta, *theta_b, *state_, *seq_;
static volatile double sink;

static void lstm_fail(const char *path, const char *what) {
    fprintf(stderr, "%s: %s: cannot read %s\n", bench_name, path, what);
    exit(1);
}

static void lstm_read(FILE *f, const char *path, const char *what, double *a, long n) {
    for (long i = 0; i < n; i++)
        if (fscanf(f, "%lf", &a[i]) != 1)
            lstm_fail(path, what);
}

/* PGB_DUMP=DIR: DIR/meta.txt (key=value lines), DIR/theta.bin (main then
 * extra parameters: np float64), DIR/state.bin (2 l b), DIR/seq.bin (c b),
 * DIR/grad.bin (the manual gradient wrt theta, seed 1, from zero), then
 * exit. */
static void lstm_dump(const char *dir) {
    double *g = pgb_alloc_doubles(np_);
    memset(g, 0, sizeof(double) * (size_t)np_);
    double f = lstm_objective_manual_b(l_, c_, b_, theta, g, theta + nmain_, g + nmain_, state_,
                                       seq_, 1.0);
    FILE *m = pgb_dump_meta(dir);
    fprintf(m, "name=%s\nl=%d\nc=%d\nb=%d\nnmain=%d\nnp=%d\n", bench_name, l_, c_, b_, nmain_, np_);
    fprintf(m, "seed=1\nobjective=%.17g\n", f);
    fclose(m);
    pgb_dump_doubles(dir, "theta.bin", theta, np_);
    pgb_dump_doubles(dir, "state.bin", state_, 2L * l_ * b_);
    pgb_dump_doubles(dir, "seq.bin", seq_, (long)c_ * b_);
    pgb_dump_doubles(dir, "grad.bin", g, np_);
    exit(0);
}

void bench_setup(long pct) {
    const char *dir = getenv("PGB_ADBENCH");
    char path[4096];
    snprintf(path, sizeof path, "%s/lstm/%s.txt", dir && *dir ? dir : "/work/shared/data/adbench",
             LSTM_INSTANCE);
    FILE *f = fopen(path, "r");
    if (!f)
        lstm_fail(path, "the file");
    int l, c, b;
    if (fscanf(f, "%d %d %d", &l, &c, &b) != 3 || l < 1 || c < 2 || b < 1)
        lstm_fail(path, "l c b");
    l_ = l, b_ = b;
    nmain_ = 8 * l * b;
    np_ = nmain_ + 3 * b;
    theta = pgb_alloc_doubles(np_);
    theta_b = pgb_alloc_doubles(np_);
    state_ = pgb_alloc_doubles(2L * l * b);
    seq_ = pgb_alloc_doubles((long)c * b);
    lstm_read(f, path, "the main parameters", theta, nmain_);
    lstm_read(f, path, "the extra parameters", theta + nmain_, 3L * b);
    lstm_read(f, path, "the state", state_, 2L * l * b);
    lstm_read(f, path, "the sequence", seq_, (long)c * b);
    fclose(f);
    if (pct < 1)
        pct = 1;
    if (pct > 100)
        pct = 100;
    c_ = (int)((long)c * pct / 100);
    if (c_ < 2)
        c_ = 2;
    const char *dump = getenv("PGB_DUMP");
    if (dump && *dump)
        lstm_dump(dump);
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
    pgb_evict(seq_, sizeof(double) * (size_t)c_ * (size_t)b_);
}

static double lstm_call(int which, double *g, double seed) {
    double *main_p = theta, *extra = theta + nmain_;
    switch (which) {
    case PGB_PRIMAL:
        return lstm_objective(l_, c_, b_, main_p, extra, state_, seq_);
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        return lstm_objective_b(l_, c_, b_, main_p, g, extra, g + nmain_, state_, seq_, seed);
#endif
    default:
        return lstm_objective_manual_b(l_, c_, b_, main_p, g, extra, g + nmain_, state_, seq_,
                                       seed);
    }
}

void bench_run(int which) {
    sink = lstm_call(which, theta_b, 1.0);
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *g1 = pgb_alloc_doubles(np_), *g2 = pgb_alloc_doubles(np_);
    /* non-zero adjoints on entry check the increment; a seed other than 1 */
    pgb_fill_uniform(g1, np_, 0.5, 1.5, 7);
    pgb_fill_uniform(g2, np_, 0.5, 1.5, 7);
    double f = lstm_call(PGB_PRIMAL, NULL, 0.0);
    double r1 = lstm_call(PGB_GRADIENT, g1, 0.75);
    double r2 = lstm_call(PGB_MANUAL, g2, 0.75);
    bad += pgb_compare("return value", &r1, &f, 1, PGB_RTOL);
    bad += pgb_compare("manual's return value", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("main_params_b", g1, g2, nmain_, PGB_RTOL);
    bad += pgb_compare("extra_params_b", g1 + nmain_, g2 + nmain_, 3L * b_, PGB_RTOL);
    pgb_free(g1);
    pgb_free(g2);
#endif
    return bad;
}
