/* Per-thread partial sums of adjoint arrays of unknown length (pargrad.h,
 * PG_PARTIAL_DEF): grown by doubling to the largest element a thread
 * updates (0 <= k < PG_PARTIAL_MAX here; the others are updated atomically
 * in the array itself, inline). The combine adds a
 * thread's nonzero partial sums into the array, atomically, since the
 * threads combine at once, and frees them. */
#include "pargrad.h"

#include <stdlib.h>
#include <string.h>

#define PG_PARTIAL_IMPL(NAME, T)                                                                   \
    void NAME##_grow(NAME *p, T *x, long k, T v) {                                                 \
        long cap = p->cap ? p->cap : 64;                                                           \
        while (cap <= k)                                                                           \
            cap *= 2;                                                                              \
        if (cap > PG_PARTIAL_MAX)                                                                  \
            cap = PG_PARTIAL_MAX;                                                                  \
        T *grown = realloc(p->v, sizeof(T) * (size_t)cap);                                         \
        if (!grown) { /* no memory for more: this one atomically */                                \
            PG_OMP_ATOMIC x[k] += v;                                                               \
            return;                                                                                \
        }                                                                                          \
        memset(grown + p->cap, 0, sizeof(T) * (size_t)(cap - p->cap));                             \
        p->v = grown;                                                                              \
        p->cap = cap;                                                                              \
        p->v[k] += v;                                                                              \
    }                                                                                              \
    void NAME##_combine(NAME *p, T *x) {                                                           \
        for (long k = 0; k < p->cap; k++)                                                          \
            if (p->v[k] != 0) {                                                                    \
                PG_OMP_ATOMIC x[k] += p->v[k];                                                     \
            }                                                                                      \
        free(p->v);                                                                                \
        p->v = NULL;                                                                               \
        p->cap = 0;                                                                                \
    }

PG_PARTIAL_IMPL(pg_partial_double, double)
PG_PARTIAL_IMPL(pg_partial_float, float)
