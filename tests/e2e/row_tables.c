/* Matrices as C codes pass them: a table of row pointers (double **A, the
 * Numerical Recipes habit) indexed A[i][j], also in a helper, and C99
 * 2-D arrays passed whole to helpers that take them as double g[n][m],
 * and row pointers into both. */
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

static double dot(int m, const double *u, const double *v) {
    double s = 0.0;
    int j;
    for (j = 0; j < m; j++)
        s += u[j] * v[j];
    return s;
}

/* Row pointers taken from both kinds of matrices: `double *Ai = A[i];`,
 * `&G[i][0]`, and rows passed to a 1-D helper; the table's rows are
 * updated in place through Ai. */
double row_pointers(int n, int m, double **A, const double G[n][m], const double *x) {
    double s = 0.0;
    int i, j;
    for (i = 0; i < n; i++) {
        double *Ai = A[i];
        const double *Gi = &G[i][0];
        double r = dot(m, Ai, x) + dot(m, G[i], x);
        for (j = 0; j < m; j++)
            Ai[j] = Ai[j] * tanh(Gi[j] + r);
        s += r * r;
    }
    for (i = 0; i < n; i++)
        s += dot(m, A[i], A[i]);
    return s;
}

#pragma pargrad reverse(rows_objective) wrt(A, x)
#pragma pargrad reverse(grid_objective) wrt(G, w) out(G, return )
#pragma pargrad reverse(row_pointers) wrt(A, G, x) out(A, return )
