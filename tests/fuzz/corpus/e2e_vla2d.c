/* A C99 2-D VLA parameter `double a[n][m]` read as a[i][j] inside a +-reduce
 * over rows of a +-reduce over columns; x[j] is shared by all rows. */
#include <math.h>

double vla_energy(int n, int m, const double a[n][m], const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int j = 0; j < m; j++)
            r += a[i][j] * x[j];
        s += log1p(r * r) + 0.1 * a[i][0] * a[i][m - 1];
    }
    return s;
}

#pragma pargrad reverse(vla_energy) wrt(a, x)
