/* 2-D arrays passed to helpers whose parameters are pointers to rows, as
 * C99 code spells them: `double (*restrict dst)[m]`, `const double
 * (*src)[m]` and `double g[][m]`, given local arrays `double y[n][m]` and
 * parameters `double a[n][m]` alike. */
#include <math.h>

static void square_rows(int n, int m, double (*restrict dst)[m], const double (*src)[m]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            dst[i][j] = src[i][j] * src[i][j] + 0.1 * sin(src[i][j]);
}

static double weighted(int n, int m, const double g[][m]) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += g[i][j] * (1.0 + 0.25 * j) / (1.0 + i);
    return s;
}

static double smooth(int n, int m, double a[n][m]) {
    double b[n][m];
    square_rows(n, m, b, a);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = 0.5 * a[i][j] + 0.5 * tanh(b[i][j]);
    return weighted(n, m, a);
}

double row_pointers(int n, const double *x) {
    int m = 3;
    double y[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            y[i][j] = x[i] * (0.5 + j) - 0.2 * j;
    double s = smooth(n, m, y);
    double z[n][m];
    square_rows(n, m, z, y);
    return s + weighted(n, m, z);
}
#pragma pargrad reverse(row_pointers) wrt(x)
