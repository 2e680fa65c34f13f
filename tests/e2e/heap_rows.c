/* 2-D temporaries allocated as C99 code allocates them, as pointers to
 * rows: `double (*a)[m] = malloc(sizeof(double) * n * m)`, `malloc(n *
 * sizeof *b)`, `calloc(n, sizeof *c)`, and rows of a constant length,
 * `double (*g)[4]`; a helper takes them whole as `double (*restrict
 * dst)[m]` and `const double (*src)[m]` (the casts C needs for const
 * rows included), time steps swap the roles of two grids. */
#include <math.h>
#include <stdlib.h>

static void diffuse_step(int n, int m, double kappa, double (*restrict dst)[m],
                         const double (*restrict src)[m]) {
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++)
            dst[i][j] = src[i][j] + kappa * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] +
                                             src[i][j + 1] - 4.0 * src[i][j]);
}

double heat_rows(int n, const double *x) {
    int m = 4;
    double(*a)[m] = malloc(sizeof(double) * n * m);
    double(*b)[m] = malloc(n * sizeof *b);
    double(*c)[m] = calloc(n, sizeof *c);
    double(*g)[4] = malloc(n * sizeof(double[4]));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            a[i][j] = x[i] * (1.0 + 0.25 * j) + 0.1 * sin(x[(i + j) % n]);
            b[i][j] = a[i][j];
        }
    for (int t = 0; t < 3; t++) {
        diffuse_step(n, m, 0.15, b, (const double(*)[m])a);
        diffuse_step(n, m, 0.15, a, (const double(*)[m])b);
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) {
            c[i][j] = tanh(a[i][j]);
            g[i][j] = c[i][j] * a[i][j];
        }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            e += g[i][j] * (1.0 + 0.1 * i) - 0.5 * c[i][j];
    free(a);
    free(b);
    free(c);
    free(g);
    return e;
}
#pragma pargrad reverse(heat_rows) wrt(x)
