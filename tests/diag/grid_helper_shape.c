/* expect: 17:34: the argument of the 2-D parameter 'g' is not an array of that shape */
#include <math.h>

/* A 2-D array passed whole to a helper that declares other row lengths:
 * g[i][j] would not be A[i][j]. */
static double corner_sum(int n, int k, const double g[n][k]) {
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += g[i][0];
    return s;
}

double f(int n, int m, const double A[n][m]) {
    double s = 0.0;
    if (m > 1)
        s = corner_sum(n, m - 1, A);
    return s * s;
}

#pragma pargrad reverse(f) wrt(A)
