/* Hand-written gradient of scan_min: the forward running minimum in two
 * passes over one block per thread; reverse, from the top, the seeds summed
 * since the last new minimum go to it (x[i] == y[i] and x[i] below the
 * minimum before i; the first element is one). Per block: the sum of the
 * seeds before its first new minimum, passed down to the block below, then
 * the block from the top. y_b is zeroed. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>

void scan_min_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    int nt = omp_get_max_threads();
    double *part = malloc(sizeof(double) * (size_t)nt), *head = malloc(sizeof(double) * (size_t)nt);
    int *ends = malloc(sizeof(int) * (size_t)nt);
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long lo = n * t / m, hi = n * (t + 1) / m;
        double s = INFINITY;
        for (long i = lo; i < hi; i++)
            s = fmin(s, x[i]);
        part[t] = s;
#pragma omp barrier
        double acc = INFINITY;
        for (int u = 0; u < t; u++)
            acc = fmin(acc, part[u]);
        double before = acc; /* the minimum before the block */
        for (long i = lo; i < hi; i++) {
            acc = fmin(acc, x[i]);
            y[i] = acc;
        }
        /* the seeds from the block's start up to its first new minimum */
        double h = 0.0;
        int found = 0;
        for (long i = lo; i < hi && !found; i++) {
            found = x[i] < before;
            if (!found)
                h += y_b[i];
        }
        head[t] = h;
        ends[t] = found;
#pragma omp barrier
        double carry = 0.0; /* from the blocks above, down to the first new minimum */
        for (int u = m - 1; u > t; u--)
            carry = ends[u] ? head[u] : carry + head[u];
        for (long i = hi - 1; i >= lo; i--) {
            carry += y_b[i];
            y_b[i] = 0.0;
            double prev = i > lo ? y[i - 1] : before;
            if (y[i] < prev) { /* x[i] is the new minimum */
                x_b[i] += carry;
                carry = 0.0;
            }
        }
    }
    free(part);
    free(head);
    free(ends);
}
