/* Histograms with more bins than the threads' stacks hold copies of
 * (70000 doubles, 560 KB; two arrays of 40000 for *): at 3 threads each
 * thread updates a copy on the heap, combined bin by bin after the loop
 * (pg_hist_heap); with fewer updates than copies, atomics; at one thread,
 * in place. The bins are an input and the output (wrt and out). */
#include <math.h>

void heap_add(int n, int nb, const double *x, const int *key, double h[nb]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[key[i]] += x[i] * x[i] - 0.5 * x[i];
}

void heap_mul(int n, int nb, const double *x, const int *key, double h[nb]) {
#pragma pargrad histogram(* : h)
    for (int i = 0; i < n; i++)
        h[key[i]] *= x[i];
}

void heap_max(int n, int nb, const double *x, const int *key, double h[nb]) {
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++)
        h[key[i]] = fmax(h[key[i]], sin(x[i]));
}

/* rows of 4 bins, one key per entry */
void heap_rows(int n, int nb, const double *x, const int *key, double h[nb]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++) {
        int k = key[i] / 4 * 4;
        for (int j = 0; j < 4; j++)
            h[k + j] += x[i] * (j + 1);
    }
}

#pragma pargrad reverse(heap_add) wrt(x, h) out(h)
#pragma pargrad reverse(heap_mul) wrt(x, h) out(h)
#pragma pargrad reverse(heap_max) wrt(x, h) out(h)
#pragma pargrad reverse(heap_rows) wrt(x, h) out(h)
