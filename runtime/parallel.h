/* What the runtime's parallel primitives (scan.c, hist.c) share: how many
 * threads a call uses, and scratch memory. */
#ifndef PARGRAD_RT_PARALLEL_H
#define PARGRAD_RT_PARALLEL_H

#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this many elements, threads cost more than they save. */
enum { PG_MIN_PARALLEL = 8192 };

/* The threads for n elements: 1 when small, when not asked to (the call
 * sits in a parallel loop of the generated code), or already in parallel. */
static inline int pg_threads_for(long n, int parallel) {
#ifdef _OPENMP
    if (parallel && n >= PG_MIN_PARALLEL && !omp_in_parallel())
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

#endif
