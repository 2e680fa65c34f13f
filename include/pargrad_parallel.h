/* What the runtime's parallel primitives (scan.c, hist.c) share with the
 * scans of declared operators that generated code defines: how many
 * threads a call uses, scratch memory, and the blocked scan. */
#ifndef PARGRAD_PARALLEL_H
#define PARGRAD_PARALLEL_H

#include "pargrad.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Helpers that generated code defines for its declared operators, used or
 * not (-Wunused-function under clang warns of unused static inline
 * functions of the main file). */
#if defined(__GNUC__) || defined(__clang__)
#define PG_MAYBE_UNUSED __attribute__((unused))
#else
#define PG_MAYBE_UNUSED
#endif
#define PG_HELPER static inline PG_MAYBE_UNUSED

/* OpenMP pragmas inside the macros below, left out where the code is not
 * compiled with OpenMP (the serial backend: no -Wunknown-pragmas). */
#ifdef _OPENMP
#define PG_OMP(text) _Pragma(text)
#else
#define PG_OMP(text)
#endif

/* Below this many elements, threads cost more than they save; the
 * environment variable PARGRAD_MIN_PARALLEL sets another threshold
 * (runtime/threads.c), 1 to take the threaded paths on small inputs in
 * tests. */
enum { PG_MIN_PARALLEL = 8192 };
long pg_min_parallel(void);

/* The threads for n elements: 1 when small, when not asked to (the call
 * sits in a parallel loop of the generated code), or already in parallel. */
static inline int pg_threads_for(long n, int parallel) {
#ifdef _OPENMP
    if (parallel && n >= pg_min_parallel() && !omp_in_parallel())
        return omp_get_max_threads();
#else
    (void)n;
    (void)parallel;
#endif
    return 1;
}

static inline int pg_thread_id(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

static inline int pg_thread_count(void) {
#ifdef _OPENMP
    return omp_get_num_threads();
#else
    return 1;
#endif
}

static inline void *pg_scratch(size_t count, size_t size, const char *what) {
    void *p = malloc(count ? count * size : 1);
    if (!p) {
        fprintf(stderr, "pargrad runtime: out of memory for %s\n", what);
        abort();
    }
    return p;
}

/* Block t of nt over [0, n). */
#define PG_BLOCK(n, t, nt, lo, hi)                                                                 \
    long lo = (long)((n) * (long long)(t) / (nt)), hi = (long)((n) * (long long)((t) + 1) / (nt))

/* Step j of a scan (j = 0 first): the input it combines, the output it
 * reads and the one it writes, from the bottom up or (rev) from the top
 * down. */
#define PG_IN(j) (rev ? n - 1 - (j) : (j))
#define PG_FROM(j) (rev ? n - (j) : (j))
#define PG_TO(j) (rev ? n - 1 - (j) : (j) + 1)

/* The inclusive scans NAME and NAME_rev of an associative operator COMBINE
 * on T, with the given storage class (PG_HELPER in generated code):
 * out has n + 1 elements, out[0] = init, out[k+1] = COMBINE(out[k], in[k])
 * (NAME_rev: out[n] = init, out[k] = COMBINE(out[k+1], in[k])). Blocked
 * for OpenMP in two passes over the input: each thread combines its block
 * into one value; then each combines the values of the blocks before its
 * own with init and scans its block from there. COMBINE is expanded
 * inline, never called through a pointer. */
#define PG_SCAN_DEF(STORAGE, NAME, T, COMBINE)                                                     \
    static PG_MAYBE_UNUSED void NAME##_dir(long n, T init, const T *in, T *out, int parallel,      \
                                           int rev) {                                              \
        int nt = pg_threads_for(n, parallel);                                                      \
        out[PG_FROM(0)] = init;                                                                    \
        if (nt <= 1) {                                                                             \
            for (long j = 0; j < n; j++)                                                           \
                out[PG_TO(j)] = COMBINE(out[PG_FROM(j)], in[PG_IN(j)]);                            \
            return;                                                                                \
        }                                                                                          \
        T *agg = (T *)pg_scratch((size_t)nt, sizeof(T), "a scan");                                 \
        PG_OMP("omp parallel num_threads(nt)") {                                                   \
            int t = pg_thread_id(), m = pg_thread_count();                                         \
            PG_BLOCK(n, t, m, lo, hi);                                                             \
            /* (a block is empty where threads outnumber the elements) */                          \
            if (lo < hi) {                                                                         \
                T a = in[PG_IN(lo)];                                                               \
                for (long j = lo + 1; j < hi; j++)                                                 \
                    a = COMBINE(a, in[PG_IN(j)]);                                                  \
                agg[t] = a;                                                                        \
            }                                                                                      \
            PG_OMP("omp barrier");                                                                 \
            T x = init;                                                                            \
            for (int s = 0; s < t; s++) {                                                          \
                PG_BLOCK(n, s, m, slo, shi);                                                       \
                if (slo < shi)                                                                     \
                    x = COMBINE(x, agg[s]);                                                        \
            }                                                                                      \
            for (long j = lo; j < hi; j++)                                                         \
                out[PG_TO(j)] = x = COMBINE(x, in[PG_IN(j)]);                                      \
        }                                                                                          \
        free(agg);                                                                                 \
    }                                                                                              \
    STORAGE void NAME(long n, T init, const T *in, T *out, int parallel) {                         \
        NAME##_dir(n, init, in, out, parallel, 0);                                                 \
    }                                                                                              \
    STORAGE void NAME##_rev(long n, T init, const T *in, T *out, int parallel) {                   \
        NAME##_dir(n, init, in, out, parallel, 1);                                                 \
    }

/* ---- histograms (reduce-by-index) ---- */
/* Per-thread copies of the bins: at most one bin per entry across the
 * threads, and at most this many bytes. */
#define PG_HIST_PRIVATE_BYTES ((size_t)16 << 20)

static inline int pg_private_bins(long nb, long n, int nt, size_t elem) {
    return (long long)nb * nt <= n && (size_t)nb * (size_t)nt * elem <= PG_HIST_PRIVATE_BYTES;
}

/* PG_ATOMIC_DEF (*p = COMBINE(*p, v) atomically) is pargrad.h's. */

/* Combines the entries e with keys[e] >= 0 and KEEP(e) true into bins[nb]
 * of type T, bins[k] = COMBINE(bins[k], VALUE(e)), where IDENT is the
 * operator's identity, with nt threads. */
#define PG_BINS(T, bins, nb, n, nt, keys, KEEP, VALUE, COMBINE, IDENT, ATOMIC)                     \
    do {                                                                                           \
        if (nt <= 1) {                                                                             \
            for (long e = 0; e < n; e++)                                                           \
                if (keys[e] >= 0 && (KEEP))                                                        \
                    bins[keys[e]] = COMBINE(bins[keys[e]], (VALUE));                               \
        } else if (!pg_private_bins(nb, n, nt, sizeof(T))) {                                       \
            PG_OMP("omp parallel for num_threads(nt) schedule(static)")                            \
            for (long e = 0; e < n; e++)                                                           \
                if (keys[e] >= 0 && (KEEP))                                                        \
                    ATOMIC(&bins[keys[e]], (VALUE));                                               \
        } else {                                                                                   \
            T *copies = pg_scratch((size_t)nt * (size_t)nb, sizeof(T), "a histogram");             \
            PG_OMP("omp parallel num_threads(nt)") {                                               \
                int m = pg_thread_count();                                                         \
                T *mine = copies + (size_t)pg_thread_id() * (size_t)nb;                            \
                for (long b = 0; b < nb; b++)                                                      \
                    mine[b] = IDENT;                                                               \
                PG_OMP("omp for schedule(static)")                                                 \
                for (long e = 0; e < n; e++)                                                       \
                    if (keys[e] >= 0 && (KEEP))                                                    \
                        mine[keys[e]] = COMBINE(mine[keys[e]], (VALUE));                           \
                PG_OMP("omp for schedule(static)") for (long b = 0; b < nb; b++) {                 \
                    T acc = bins[b];                                                               \
                    for (int t = 0; t < m; t++)                                                    \
                        acc = COMBINE(acc, copies[(size_t)t * (size_t)nb + (size_t)b]);            \
                    bins[b] = acc;                                                                 \
                }                                                                                  \
            }                                                                                      \
            free(copies);                                                                          \
        }                                                                                          \
    } while (0)

/* NAME(h, nb, n, keys, vals, parallel): the histogram of an associative
 * and commutative COMBINE with identity IDENT into the nb bins h of type T,
 * for the runtime (storage empty) and for declared operators in generated
 * code (PG_HELPER): combines vals[e] into h[keys[e]] for every e with
 * keys[e] >= 0 (-1: the update did not run). */
#define PG_HIST_FWD(STORAGE, NAME, T, COMBINE, IDENT)                                              \
    PG_ATOMIC_DEF(NAME##_atomic, T, COMBINE)                                                       \
    STORAGE void NAME(T *h, long nb, long n, const long *keys, const T *vals, int parallel) {      \
        int nt = pg_threads_for(n, parallel);                                                      \
        PG_BINS(T, h, nb, n, nt, keys, 1, vals[e], COMBINE, IDENT, NAME##_atomic);                 \
    }

/* NAME(h, fin, h_b, nb, n, keys, vals, vals_b, parallel): the adjoint of a
 * histogram of any associative, commutative COMBINE (a declared operator
 * without an inverse: the general rule), h holding the bins from before.
 * The entries are sorted by key (pg_hist_order of pargrad.h, a stable
 * counting sort with the threads: within a bin they keep the loop's
 * order); then every bin, in parallel, runs its segment
 * forward, saving the prefix before each value, and back, carrying the
 * bin's adjoint through the partials D0 (in the prefix) and D1 (in the
 * value): vals_b[e] += q * D1(prefix, v), q *= D0(prefix, v); h_b ends
 * as the adjoint of the bin from before. fin (the final bins) is unused:
 * the signature is the runtime's adjoints'. */
#define PG_HIST_GENERAL_REV(STORAGE, NAME, T, COMBINE, D0, D1)                                     \
    STORAGE void NAME(const T *h, const T *fin, T *h_b, long nb, long n, const long *keys,         \
                      const T *vals, T *vals_b, int parallel) {                                    \
        (void)fin; /* the runtime's adjoints' signature: the final bins are not needed */          \
        long *start = (long *)pg_scratch((size_t)nb + 1, sizeof(long), "a histogram's adjoint");   \
        long *order = (long *)pg_scratch((size_t)n, sizeof(long), "a histogram's adjoint");        \
        T *before = (T *)pg_scratch((size_t)n, sizeof(T), "a histogram's adjoint");                \
        pg_hist_order(nb, n, keys, start, order, parallel);                                        \
        int nt = pg_threads_for(n, parallel);                                                      \
        (void)nt;                                                                                  \
        PG_OMP("omp parallel for num_threads(nt) schedule(dynamic, 64)")                           \
        for (long b = 0; b < nb; b++) {                                                            \
            T p = h[b];                                                                            \
            for (long t = start[b]; t < start[b + 1]; t++) {                                       \
                before[t] = p;                                                                     \
                p = COMBINE(p, vals[order[t]]);                                                    \
            }                                                                                      \
            T q = h_b[b];                                                                          \
            for (long t = start[b + 1] - 1; t >= start[b]; t--) {                                  \
                T v = vals[order[t]];                                                              \
                if (vals_b)                                                                        \
                    vals_b[order[t]] += q * D1(before[t], v);                                      \
                q *= D0(before[t], v);                                                             \
            }                                                                                      \
            h_b[b] = q;                                                                            \
        }                                                                                          \
        free(start);                                                                               \
        free(order);                                                                               \
        free(before);                                                                              \
    }

#endif
