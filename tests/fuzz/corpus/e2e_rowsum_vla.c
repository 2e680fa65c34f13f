/* A C99 array parameter a[n][m], and an unannotated inner loop whose body
 * is a single accumulation statement (a carried scalar without braces). */
#include <math.h>

double rowsum(int n, int m, const double a[n][m], const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double r = 0.0;
        for (int j = 0; j < m; j++)
            r += a[i][j] * w[j];
        s += tanh(r);
    }
    return s;
}

#pragma pargrad reverse(rowsum) wrt(a, w)
