/* Matrices as C codes pass them: a table of row pointers (double **A, the
 * Numerical Recipes habit) indexed A[i][j], also in a helper, and C99
 * 2-D arrays passed whole to helpers that take them as double g[n][m]. */
#include <math.h>

static double row_norm2(int m, double **A, int i) {
    double s = 0.0;
    int j;
    for (j = 0; j < m; j++)
        s += A[i][j] * A[i][j];
    return s;
}

/* Least squares with a penalty on the rows' norms. */
double rows_objective(int n, int m, double **A, const double *x) {
    double s = 0.0;
    int i, j;
    for (i = 0; i < n; i++) {
        double r = 0.0;
        for (j = 0; j < m; j++)
            r += A[i][j] * x[j];
        s += r * r + 0.1 * sqrt(1.0 + row_norm2(m, A, i));
    }
    return s;
}

static void scale_rows(int n, int m, double G[n][m], const double *w) {
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            G[i][j] *= tanh(w[i] + 0.1 * j);
}

static double frobenius(int n, int m, const double G[n][m]) {
    double s = 0.0;
    int i, j;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            s += G[i][j] * G[i][j];
    return sqrt(s);
}

/* Scales a grid in place by row weights and returns its norm. */
double grid_objective(int n, int m, double G[n][m], const double *w) {
    scale_rows(n, m, G, w);
    return frobenius(n, m, G);
}

#pragma pargrad reverse(rows_objective) wrt(A, x)
#pragma pargrad reverse(grid_objective) wrt(G, w) out(G, return )
