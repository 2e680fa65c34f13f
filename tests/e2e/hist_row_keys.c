/* Histograms of rows whose bins move with the inner loop's index, as HPC
 * code writes them: a row base from a key, then h[k + j] (ascending) or
 * h[k + 3 - j] (descending), j over the row. The forward sweep checks the
 * keys of a row once, at its first and last element, before the loop over
 * the row (indices.c); keys out of range must still stop the gradient
 * with a message naming the first bad bin. The sums of the bins' row
 * offsets are regrouped (t + k) + j. */
#include <math.h>

#define ROW 4

void rows_min(long n, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(min : h)
    for (long i = 0; i < n; i++) {
        const int k = key[i] * ROW;
        for (int j = 0; j < ROW; j++) {
            const double v = x[i * ROW + j];
            h[k + j] = v < h[k + j] ? v : h[k + j];
        }
    }
}

void rows_add_down(long n, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(+ : h)
    for (long i = 0; i < n; i++) {
        int k = ROW * key[i];
        for (int j = 0; j < ROW; j++)
            h[k + ROW - 1 - j] += x[i * ROW + j] * x[i * ROW + j] * (j + 1);
    }
}

/* the row's width a parameter, the base computed in long */
void rows_max_w(long n, int w, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(max : h)
    for (long i = 0; i < n; i++) {
        long k = (long)key[i] * w;
        for (int j = 0; j < w; j++)
            h[k + j] = fmax(h[k + j], sin(x[i * w + j]));
    }
}

/* the key read inside the loop over the row, as one writes it inline */
void rows_add_inline(long n, long nh, const int *key, const double *x, double h[nh]) {
#pragma pargrad histogram(+ : h)
    for (long i = 0; i < n; i++)
        for (int j = 0; j < ROW; j++)
            h[key[i] * ROW + j] += sin(x[i * ROW + j]);
}

#pragma pargrad reverse(rows_add_inline) wrt(x, h) out(h)
#pragma pargrad reverse(rows_min) wrt(x, h) out(h)
#pragma pargrad reverse(rows_add_down) wrt(x, h) out(h)
#pragma pargrad reverse(rows_max_w) wrt(x, h) out(h)
