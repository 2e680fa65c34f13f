/* Hand-written gradient of reduce_max: one parallel pass finds the max of
 * each block of BLK elements with 8 independent compare chains (the naive
 * `if (x[i] > v) { v = x[i]; k = i; }` loop is a serial compare+cmov chain,
 * about 2-3x slower than the memory here), keeping the first block that holds
 * the extremum; then that block (in cache) is rescanned for the first index,
 * and one element of x_b is updated.  Ties keep the lower index, like the
 * sequential loop `if (x[i] > s) s = x[i]`. */
#include <math.h>

#define BLK 2048

static double block_max(const double *x, long lo, long hi) {
    double m[8];
    for (int j = 0; j < 8; j++)
        m[j] = -INFINITY;
    long i = lo;
    for (; i + 8 <= hi; i += 8)
        for (int j = 0; j < 8; j++)
            m[j] = x[i + j] > m[j] ? x[i + j] : m[j];
    for (; i < hi; i++)
        m[0] = x[i] > m[0] ? x[i] : m[0];
    double r = m[0];
    for (int j = 1; j < 8; j++)
        r = m[j] > r ? m[j] : r;
    return r;
}

double reduce_max_manual_b(long n, const double *x, double *x_b, double seed) {
    double best = -INFINITY;
    long bestblk = -1, nblk = (n + BLK - 1) / BLK;
#pragma omp parallel
    {
        double v = -INFINITY;
        long b = -1;
#pragma omp for schedule(static) nowait
        for (long k = 0; k < nblk; k++) {
            long hi = (k + 1) * BLK < n ? (k + 1) * BLK : n;
            double m = block_max(x, k * BLK, hi);
            if (m > v) {
                v = m;
                b = k;
            }
        }
#pragma omp critical(pgb_reduce_max_manual)
        if (b >= 0 && (bestblk < 0 || v > best || (v == best && b < bestblk))) {
            best = v;
            bestblk = b;
        }
    }
    if (bestblk >= 0) {
        long hi = (bestblk + 1) * BLK < n ? (bestblk + 1) * BLK : n;
        for (long i = bestblk * BLK; i < hi; i++)
            if (x[i] == best) {
                x_b[i] += seed;
                break;
            }
    }
    return best;
}
