/* Inclusive scans for generated code, blocked for OpenMP: two passes over
 * the input. Each thread first combines its block of the input into one
 * value (an affine map for affine scans); then each thread combines the
 * values of the blocks before its own with the initial value, and scans its
 * block from there. Small inputs, and calls from inside a parallel region,
 * scan sequentially.
 *
 * out has n + 1 elements: out[0] = init, out[k+1] = out[k] OP in[k].
 * The _rev variants run from the top: out[n] = init, out[k] = out[k+1] OP
 * in[k]. Affine scans combine x -> a[k] * x + b[k]. */
#include "pargrad.h"
#include "pargrad_parallel.h"

#define PG_ADD(x, y) ((x) + (y))
#define PG_MUL(x, y) ((x) * (y))

PG_SCAN_DEF(, pg_scan_add_double, double, PG_ADD)
PG_SCAN_DEF(, pg_scan_mul_double, double, PG_MUL)
PG_SCAN_DEF(, pg_scan_min_double, double, pg_fmin)
PG_SCAN_DEF(, pg_scan_max_double, double, pg_fmax)
PG_SCAN_DEF(, pg_scan_add_float, float, PG_ADD)
PG_SCAN_DEF(, pg_scan_mul_float, float, PG_MUL)
PG_SCAN_DEF(, pg_scan_min_float, float, pg_fminf)
PG_SCAN_DEF(, pg_scan_max_float, float, pg_fmaxf)

/* Affine scans: a block's value is the map x -> A * x + B its steps apply. */
#define PG_AFFINE_DEF(NAME, T)                                                                     \
    static void NAME##_dir(long n, T init, const T *a, const T *b, T *out, int parallel,           \
                           int rev) {                                                              \
        int nt = pg_threads_for(n, parallel);                                                      \
        out[PG_FROM(0)] = init;                                                                    \
        if (nt <= 1) {                                                                             \
            for (long j = 0; j < n; j++)                                                           \
                out[PG_TO(j)] = a[PG_IN(j)] * out[PG_FROM(j)] + b[PG_IN(j)];                       \
            return;                                                                                \
        }                                                                                          \
        T *agg = pg_scratch((size_t)nt, 2 * sizeof(T), "a scan");                                  \
        PG_OMP("omp parallel num_threads(nt)") {                                                   \
            int t = pg_thread_id(), m = pg_thread_count();                                         \
            PG_BLOCK(n, t, m, lo, hi);                                                             \
            T A = 1, B = 0;                                                                        \
            for (long j = lo; j < hi; j++) {                                                       \
                A = a[PG_IN(j)] * A;                                                               \
                B = a[PG_IN(j)] * B + b[PG_IN(j)];                                                 \
            }                                                                                      \
            agg[2 * t] = A;                                                                        \
            agg[2 * t + 1] = B;                                                                    \
            PG_OMP("omp barrier");                                                                 \
            T x = init;                                                                            \
            for (int s = 0; s < t; s++)                                                            \
                x = agg[2 * s] * x + agg[2 * s + 1];                                               \
            for (long j = lo; j < hi; j++)                                                         \
                out[PG_TO(j)] = x = a[PG_IN(j)] * x + b[PG_IN(j)];                                 \
        }                                                                                          \
        free(agg);                                                                                 \
    }                                                                                              \
    void NAME(long n, T init, const T *a, const T *b, T *out, int parallel) {                      \
        NAME##_dir(n, init, a, b, out, parallel, 0);                                               \
    }                                                                                              \
    void NAME##_rev(long n, T init, const T *a, const T *b, T *out, int parallel) {                \
        NAME##_dir(n, init, a, b, out, parallel, 1);                                               \
    }

PG_AFFINE_DEF(pg_scan_affine_double, double)
PG_AFFINE_DEF(pg_scan_affine_float, float)
