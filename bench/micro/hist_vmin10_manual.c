/* Hand-written gradient of hist_vmin10: one pass over the rows in which
 * each thread keeps, for its contiguous block of rows (static schedule, in
 * loop order), every bin's minimum and the first element reaching it (a
 * min-loc pair; strictly below: the earliest element keeps ties, and the
 * bin's value from before keeps them against all); then per bin the
 * threads' pairs merged in block order (earlier blocks keep ties), the
 * bin's final value, and its seed to that element, if any (each element of
 * x is in one bin: no atomics); h_b zeroed. */
#include <omp.h>
#include <stdlib.h>

typedef struct {
    double v; /* the bin's minimum so far */
    long e;   /* the first element of x reaching it, -1: the value from before */
} minloc;

void hist_vmin10_manual_b(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                          double *h_b) {
    int nt = omp_get_max_threads();
    minloc *tm = malloc(sizeof(minloc) * (size_t)nh * (size_t)nt);
#pragma omp parallel num_threads(nt)
    {
        int t = omp_get_thread_num(), T = omp_get_num_threads();
        minloc *m = tm + (size_t)t * (size_t)nh;
        for (long b = 0; b < nh; b++)
            m[b] = (minloc){h[b], -1};
#pragma omp for schedule(static)
        for (long i = 0; i < n; i++) {
            minloc *mr = m + (long)key[i] * 10;
            for (int j = 0; j < 10; j++) {
                const double v = x[i * 10 + j];
                if (v < mr[j].v)
                    mr[j] = (minloc){v, i * 10 + j};
            }
        }
#pragma omp for schedule(static)
        for (long b = 0; b < nh; b++) {
            minloc r = {h[b], -1};
            for (int s = 0; s < T; s++) {
                const minloc w = tm[(size_t)s * (size_t)nh + (size_t)b];
                if (w.v < r.v)
                    r = w;
            }
            h[b] = r.v;
            if (r.e >= 0)
                x_b[r.e] += h_b[b];
            h_b[b] = 0.0;
        }
    }
    free(tm);
}
