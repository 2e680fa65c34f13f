/* Histograms (reduce-by-index) of *, min and max for generated code, and
 * their adjoints; the + histogram needs none of this (atomic updates in
 * the generated loop, and a gather for the adjoint).
 *
 * An histogram combines n entries into nb bins in place: for e in order, if
 * keys[e] >= 0 (a key of -1: the update did not run in that iteration),
 * h[keys[e]] = h[keys[e]] OP vals[e]. With threads, each thread combines
 * its block of entries into a copy of the bins of its own, and the copies
 * are then combined bin by bin, when the copies are few next to the
 * entries; otherwise the threads update the bins with atomic
 * compare-and-swap loops. Small inputs, and calls from inside a parallel
 * region, run sequentially.
 *
 * The adjoints run after the bins hold their values from before the
 * histogram again (h), given the final ones (fin, for min and max), the
 * bins' adjoints h_b (updated in place: they become the adjoints of the
 * bins from before) and vals_b (incremented; NULL when the values are
 * constant). See rewrite/rev_hist.c for the rules. */
#include "pargrad.h"
#include "pargrad_parallel.h"

#include <limits.h>
#include <math.h>

/* The copies of the bins an OpenMP array reduction gives each thread live
 * on its stack: at most this many bytes. */
#define PG_HIST_STACK_BYTES ((size_t)512 << 10)

int pg_one_thread(long n) {
    return pg_threads_for(n, 1) == 1;
}

int pg_hist_private(long nb, long n, size_t elem) {
    int nt = pg_threads_for(n, 1);
    return (long long)nb * nt <= n && (size_t)nb * elem <= PG_HIST_STACK_BYTES;
}

/* Thread 0 updates the bins in place: nt - 1 copies, each zeroed and then
 * added into the bins, against n updates that would otherwise be atomic
 * (random ones miss the cache either way). */
int pg_hist_heap(long nb, long n) {
    int nt = pg_threads_for(n, 1);
    return nt > 1 && (long long)nb * (nt - 1) <= n;
}

#define PG_MUL(x, y) ((x) * (y))
#define PG_LMIN(x, y) ((x) < (y) ? (x) : (y))

/* for e in [0, n) with keys[e] >= 0, in parallel with nt threads: BODY */
#define PG_ENTRIES(n, nt, keys, BODY)                                                              \
    do {                                                                                           \
        PG_OMP("omp parallel for num_threads(nt) schedule(static)")                                \
        for (long e = 0; e < n; e++)                                                               \
            if (keys[e] >= 0) {                                                                    \
                long k = keys[e];                                                                  \
                BODY;                                                                              \
            }                                                                                      \
    } while (0)

/* The adjoint of *: per bin the product of its non-zero values (nz) and
 * their zero count; d h / d v_e = h0 * (the product of the others). */
#define PG_HIST_MUL_REV(NAME, T, ATOMIC_MUL)                                                       \
    void NAME##_rev(T *h, const T *fin, T *h_b, long nb, long n, const long *keys, const T *vals,  \
                    T *vals_b, int parallel) {                                                     \
        (void)fin;                                                                                 \
        int nt = pg_threads_for(n, parallel);                                                      \
        T *nz = pg_scratch((size_t)nb, sizeof(T), "a histogram's adjoint");                        \
        long *zeros = pg_scratch((size_t)nb, sizeof(long), "a histogram's adjoint");               \
        for (long b = 0; b < nb; b++) {                                                            \
            nz[b] = 1;                                                                             \
            zeros[b] = 0;                                                                          \
        }                                                                                          \
        PG_BINS(T, nz, nb, n, nt, keys, vals[e] != 0, vals[e], PG_MUL, 1, ATOMIC_MUL);             \
        PG_BINS(long, zeros, nb, n, nt, keys, vals[e] == 0, 1L, PG_ADD, 0L, pg_atomic_add_long);   \
        if (vals_b)                                                                                \
            PG_ENTRIES(n, nt, keys, {                                                              \
                T rest = zeros[k] == 0 ? nz[k] / vals[e]                                           \
                                       : (zeros[k] == 1 && vals[e] == 0 ? nz[k] : (T)0);           \
                vals_b[e] += h_b[k] * h[k] * rest;                                                 \
            });                                                                                    \
        for (long b = 0; b < nb; b++)                                                              \
            h_b[b] *= zeros[b] ? (T)0 : nz[b];                                                     \
        free(nz);                                                                                  \
        free(zeros);                                                                               \
    }

/* The adjoint of min and max: per bin the first entry whose value is the
 * bin's final one, where the bin's value from before is not; that entry
 * takes the bin's adjoint, and the bin's value from before keeps it only
 * where it was the final value. */
#define PG_HIST_EXT_REV(NAME, T)                                                                   \
    void NAME##_rev(T *h, const T *fin, T *h_b, long nb, long n, const long *keys, const T *vals,  \
                    T *vals_b, int parallel) {                                                     \
        int nt = pg_threads_for(n, parallel);                                                      \
        long *first = pg_scratch((size_t)nb, sizeof(long), "a histogram's adjoint");               \
        for (long b = 0; b < nb; b++)                                                              \
            first[b] = LONG_MAX;                                                                   \
        PG_BINS(long, first, nb, n, nt, keys,                                                      \
                vals[e] == fin[keys[e]] && h[keys[e]] != fin[keys[e]], e, PG_LMIN, LONG_MAX,       \
                pg_atomic_min_long);                                                               \
        /* by bin, not by entry: one entry per bin at most takes an adjoint */                     \
        for (long b = 0; b < nb; b++) {                                                            \
            if (vals_b && first[b] != LONG_MAX)                                                    \
                vals_b[first[b]] += h_b[b];                                                        \
            if (h[b] != fin[b])                                                                    \
                h_b[b] = 0;                                                                        \
        }                                                                                          \
        free(first);                                                                               \
    }

#define PG_ADD(x, y) ((x) + (y))
static void pg_atomic_add_long(long *p, long v) {
    __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

PG_HIST_FWD(, pg_hist_mul_double, double, PG_MUL, 1.0)
PG_HIST_FWD(, pg_hist_min_double, double, pg_fmin, INFINITY)
PG_HIST_FWD(, pg_hist_max_double, double, pg_fmax, -INFINITY)
PG_HIST_FWD(, pg_hist_mul_float, float, PG_MUL, 1.0f)
PG_HIST_FWD(, pg_hist_min_float, float, pg_fminf, INFINITY)
PG_HIST_FWD(, pg_hist_max_float, float, pg_fmaxf, -INFINITY)
PG_HIST_MUL_REV(pg_hist_mul_double, double, pg_hist_mul_double_atomic)
PG_HIST_MUL_REV(pg_hist_mul_float, float, pg_hist_mul_float_atomic)
PG_HIST_EXT_REV(pg_hist_min_double, double)
PG_HIST_EXT_REV(pg_hist_max_double, double)
PG_HIST_EXT_REV(pg_hist_min_float, float)
PG_HIST_EXT_REV(pg_hist_max_float, float)

/* Each thread counts the keys of its block of entries into a row of
 * counts of its own; the rows laid out bin by bin, and within a bin thread
 * by thread, give each thread where its entries of each bin go, so the
 * sort is stable. The rows take nb counts per thread: with more bins than
 * entries per thread, fewer threads. */
static void count_block(long nb, long lo, long hi, const long *keys, long *count) {
    for (long b = 0; b < nb; b++)
        count[b] = 0;
    for (long e = lo; e < hi; e++)
        if (keys[e] >= 0)
            count[keys[e]]++;
}

static void place_block(long lo, long hi, const long *keys, const long *start, long *next,
                        long *order) {
    for (long e = lo; e < hi; e++)
        if (keys[e] >= 0)
            order[start[keys[e]] + next[keys[e]]++] = e;
}

void pg_hist_order(long nb, long n, const long *keys, long *start, long *order, int parallel) {
    int nt = pg_threads_for(n, parallel);
    if ((long long)nb * nt > 2LL * n)
        nt = (int)(2 * n / (nb + 1)) > 1 ? (int)(2 * n / (nb + 1)) : 1;
    long *rows = pg_scratch((size_t)nt * (size_t)nb, sizeof(long), "a histogram's adjoint");
    PG_OMP("omp parallel num_threads(nt)") {
        int t = pg_thread_id(), m = pg_thread_count();
        PG_BLOCK(n, t, m, lo, hi);
        long *row = rows + (size_t)t * (size_t)nb;
        count_block(nb, lo, hi, keys, row);
        PG_OMP("omp barrier")
        /* row[b] becomes the count of bin b's entries in earlier blocks */
        PG_OMP("omp for schedule(static)")
        for (long b = 0; b < nb; b++) {
            long total = 0;
            for (int u = 0; u < m; u++) {
                long c = rows[(size_t)u * (size_t)nb + (size_t)b];
                rows[(size_t)u * (size_t)nb + (size_t)b] = total;
                total += c;
            }
            start[b + 1] = total;
        }
        PG_OMP("omp single") {
            start[0] = 0;
            for (long b = 0; b < nb; b++)
                start[b + 1] += start[b];
        }
        place_block(lo, hi, keys, start, row, order);
    }
    free(rows);
}
