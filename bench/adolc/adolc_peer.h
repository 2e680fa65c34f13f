/* Shared helpers of the ADOL-C peers (bench/adolc/FAMILY_adolc.cpp; see
 * bench/README.md, "Peers").
 *
 * How every peer uses ADOL-C (the same for all, as its manual describes):
 * each call tapes the objective afresh with adouble (trace_on, x <<= ...,
 * y >>= ..., trace_off), then calls the easy-to-use driver gradient()
 * (vec_jac() for a vector function: u^T J), which runs a forward sweep
 * keeping the Taylor values and one first-order reverse sweep. Retaping at
 * every call is what a user must do when the control flow depends on the
 * data: GMM's logsumexp takes a maximum, the min/max reductions compare
 * values, so a tape recorded at other inputs may take the wrong branches
 * (ADOL-C's zos_forward only reports that). The buffers are sized from an
 * estimate of the tape's length, so the tape stays in core (ADOL-C's
 * defaults, 524288 entries a buffer, would write longer tapes to files).
 * Taping with keepTaylors = 1 and calling fos_reverse directly, which skips
 * gradient()'s forward sweep, measured no faster (GMM 1k: 47-49 ms against
 * 51-55 ms): recording the Taylor values costs about what the sweep does.
 * ADOL-C's taping and sweeps are serial: the peer runs on one thread at
 * every OMP_NUM_THREADS. */
#ifndef PGB_ADOLC_PEER_H
#define PGB_ADOLC_PEER_H

#include <adolc/adolc.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

/* the one tape every peer records (one peer per process) */
static const short PGB_ADOLC_TAG = 1;

/* A tape of more operations than this (about 15 bytes each, and 8 more for
 * each Taylor value of the forward sweep) is not recorded: the process
 * prints why and exits with PGB_ADOLC_SKIP, which bench/run reports as
 * skipped. The environment variable PGB_ADOLC_MAX_OPS overrides it. */
#define PGB_ADOLC_MAX_OPS 3e8
#define PGB_ADOLC_SKIP 77

/* trace_on with in-core buffers for about `ops` operations (each buffer
 * holds at least ADOL-C's default of 524288 entries), or the skip above. */
static inline void pgb_adolc_trace_on(double ops) {
    const char *e = getenv("PGB_ADOLC_MAX_OPS");
    const double max_ops = e && *e ? atof(e) : PGB_ADOLC_MAX_OPS;
    if (ops > max_ops) {
        fprintf(stderr,
                "ADOL-C peer: skipped: a tape of about %.3g operations (over %.3g, "
                "PGB_ADOLC_MAX_OPS) would not fit in memory\n",
                ops, max_ops);
        exit(PGB_ADOLC_SKIP);
    }
    const double lim = (double)(UINT_MAX / 4);
    double o = ops * 1.25 + 1e5;
    if (o > lim)
        o = lim;
    if (o < 524288.0)
        o = 524288.0;
    const uint obs = (uint)o;
    const double l = 3.0 * o < (double)UINT_MAX ? 3.0 * o : (double)UINT_MAX;
    trace_on(PGB_ADOLC_TAG, 0, obs, (uint)l, obs, obs);
}

/* trace_off; with the environment variable PGB_ADOLC_STATS set, prints the
 * tape's size and whether any of it went to a file (once a process). */
static inline void pgb_adolc_trace_off(void) {
    static int told;
    trace_off();
    const char *e = getenv("PGB_ADOLC_STATS");
    if (e && *e && !told) {
        size_t st[STAT_SIZE];
        tapestats(PGB_ADOLC_TAG, st);
        fprintf(stderr,
                "ADOL-C tape: %zu operations, %zu locations, %zu values, max live %zu; "
                "buffers %zu/%zu/%zu/%zu; written to files: op %zu loc %zu val %zu\n",
                st[NUM_OPERATIONS], st[NUM_LOCATIONS], st[NUM_VALUES], st[NUM_MAX_LIVES],
                st[OP_BUFFER_SIZE], st[LOC_BUFFER_SIZE], st[VAL_BUFFER_SIZE], st[TAY_BUFFER_SIZE],
                st[OP_FILE_ACCESS], st[LOC_FILE_ACCESS], st[VAL_FILE_ACCESS]);
        told = 1;
    }
}

/* After trace_off of a scalar function of n independents, at x (the values
 * it was taped at): g[0..n) = seed * the gradient. */
static inline void pgb_adolc_gradient(int n, const double *x, double seed, double *g) {
    if (gradient(PGB_ADOLC_TAG, n, x, g) < 0) {
        fprintf(stderr, "ADOL-C peer: gradient() failed\n");
        exit(1);
    }
    for (int i = 0; i < n; i++)
        g[i] *= seed;
}

/* After trace_off of a function of n independents and m dependents, at x:
 * z[0..n) = u^T J (u: m seeds). */
static inline void pgb_adolc_vec_jac(int m, int n, const double *x, double *u, double *z) {
    if (vec_jac(PGB_ADOLC_TAG, m, n, 0, const_cast<double *>(x), u, z) < 0) {
        fprintf(stderr, "ADOL-C peer: vec_jac() failed\n");
        exit(1);
    }
}

#endif
