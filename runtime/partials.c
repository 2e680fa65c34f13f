/* Per-thread partial sums of adjoint arrays of unknown length (pargrad.h,
 * PG_PARTIAL_DEF): grown by doubling to the largest element a thread
 * updates, up to pg_partial_limit() elements (the others are updated
 * atomically in the array itself). The combine, which every thread of the
 * team calls after the loop, adds them into the array: the team shares out
 * its elements, each adding every thread's sums of its elements (no
 * atomics, no two threads on one cache line at once, as a hand-written
 * gradient combines per-thread copies), then frees them. */
#include "pargrad_parallel.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

long pg_partial_limit(void) {
    long per = (1L << 25) / pg_team_size();
    return per < (1L << 17) ? 1L << 17 : per > (1L << 22) ? 1L << 22 : per;
}

#define PG_PARTIAL_IMPL(NAME, T)                                                                   \
    /* p grown to hold k: false where it cannot (past the limit, no memory) */                     \
    static bool NAME##_fit(NAME *p, long k) {                                                      \
        long limit = pg_partial_limit();                                                           \
        if (k >= limit)                                                                            \
            return false;                                                                          \
        long cap = p->cap ? p->cap : 64;                                                           \
        while (cap <= k)                                                                           \
            cap *= 2;                                                                              \
        if (cap > limit)                                                                           \
            cap = limit;                                                                           \
        T *grown = realloc(p->v, sizeof(T) * (size_t)cap);                                         \
        if (!grown)                                                                                \
            return false;                                                                          \
        memset(grown + p->cap, 0, sizeof(T) * (size_t)(cap - p->cap));                             \
        p->v = grown;                                                                              \
        p->cap = cap;                                                                              \
        return true;                                                                               \
    }                                                                                              \
    void NAME##_grow(NAME *p, T *x, long k, T v) {                                                 \
        if (NAME##_fit(p, k)) {                                                                    \
            p->v[k] += v;                                                                          \
        } else {                                                                                   \
            PG_OMP_ATOMIC x[k] += v;                                                               \
        }                                                                                          \
    }                                                                                              \
    T *NAME##_reserve(NAME *p, T *x, long lo, long hi) {                                           \
        (void)x;                                                                                   \
        return lo >= 0 && (hi < p->cap || NAME##_fit(p, hi)) ? p->v : NULL;                        \
    }                                                                                              \
    /* one thread: its sums added in plainly */                                                    \
    static void NAME##_add_in(NAME *p, T *x) {                                                     \
        for (long k = 0; k < p->cap; k++)                                                          \
            if (p->v[k] != 0)                                                                      \
                x[k] += p->v[k];                                                                   \
    }                                                                                              \
    /* a team: each thread publishes its sums, then the element range is                           \
     * shared out and each element gets every thread's sum at once, plainly                        \
     * (the loop that made them has ended: nothing else updates x) */                              \
    static void NAME##_add_in_team(NAME *p, T *x, int threads) {                                   \
        NAME **all = NULL;                                                                         \
        PG_OMP("omp single copyprivate(all)") all = malloc(sizeof(NAME *) * (size_t)threads);      \
        if (!all)                                                                                  \
            abort();                                                                               \
        all[pg_team_member()] = p;                                                                 \
        PG_OMP("omp barrier") long cap = 0;                                                        \
        for (int t = 0; t < threads; t++)                                                          \
            cap = all[t]->cap > cap ? all[t]->cap : cap;                                           \
        PG_OMP("omp for schedule(static)") for (long k = 0; k < cap; k++) {                        \
            T sum = 0;                                                                             \
            for (int t = 0; t < threads; t++)                                                      \
                if (k < all[t]->cap)                                                               \
                    sum += all[t]->v[k];                                                           \
            if (sum != 0)                                                                          \
                x[k] += sum;                                                                       \
        }                                                                                          \
        PG_OMP("omp single nowait") free(all);                                                     \
    }                                                                                              \
    void NAME##_combine(NAME *p, T *x) {                                                           \
        int threads = pg_team_size();                                                              \
        if (threads > 1)                                                                           \
            NAME##_add_in_team(p, x, threads);                                                     \
        else                                                                                       \
            NAME##_add_in(p, x);                                                                   \
        free(p->v);                                                                                \
        p->v = NULL;                                                                               \
        p->cap = 0;                                                                                \
    }

PG_PARTIAL_IMPL(pg_partial_double, double)
PG_PARTIAL_IMPL(pg_partial_float, float)
