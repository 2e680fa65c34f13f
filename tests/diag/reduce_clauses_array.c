/* expect: 9:17: several reduce clauses reduce scalars only */
/* Two arrays reduced under two clauses of different operators: a reduce
 * of arrays is a histogram, of one operator for all its bins; the hint
 * works: each array in a loop of its own. */
#include <math.h>

void sums_and_peaks(int n, int m, const int *k, const double *x, double h[m], double g[m]) {
    /* h[k_i] += x_i, g[k_i] = max(g[k_i], x_i) */
#pragma pargrad reduce(+ : h) reduce(max : g)
    for (int i = 0; i < n; i++) {
        h[k[i]] += x[i];
        g[k[i]] = fmax(g[k[i]], x[i]);
    }
}

#pragma pargrad reverse(sums_and_peaks) wrt(x) out(h, g)
