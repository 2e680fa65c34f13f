/* Rows found by their start, as sparse and ragged codes keep them: a CSR
 * row's elements at rowptr[i] + k, rows of packed records at a start a
 * sequential loop counts along (off += m). The map over a row's elements
 * reads and writes base + k for a base bound outside it: each iteration
 * owns its element whatever the base, so the adjoint adds into it
 * plainly (it was given per-thread partial sums, or atomics). Where the
 * same array is also read at another base (x[off + j] beside x[j]) two
 * iterations may meet: atomic. */
#include <math.h>

/* y[rowptr[i] + k] = w[i] * tanh(x[rowptr[i] + k]), rows of any length;
 * returns sum(y^2); nnz = rowptr[rows] */
double ragged_rows(int rows, int nnz, const int *rowptr, const double *x, const double *w,
                   double y[nnz]) {
    int i, k;
    double s = 0.0;
    for (i = 0; i < rows; i++) {
        const int start = rowptr[i];
        const int len = rowptr[i + 1] - start;
#pragma pargrad map
        for (k = 0; k < len; k++)
            y[start + k] = w[i] * tanh(x[start + k]);
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < nnz; i++)
        s += y[i] * y[i];
    return s;
}

/* rows of m packed one after another, the start counted along; the
 * second map reads a row of x against the first row of x (another base:
 * atomic), the third a neighbour on each side (a halo) */
double packed_rows(int rows, int m, double *x, const double *c) {
    int off = 0;
    double e = 0.0;
    for (int r = 0; r < rows; r++) {
#pragma pargrad map
        for (int j = 0; j < m; j++)
            x[off + j] = sin(x[off + j]) + c[j];
        off += m;
    }
    off = m;
    for (int r = 1; r < rows; r++) {
        double t = 0.0;
#pragma pargrad reduce(+ : t)
        for (int j = 0; j < m; j++)
            t += x[off + j] * x[j];
        e += t * t;
        off += m;
    }
    off = 0;
    for (int r = 0; r < rows; r++) {
        double h = 0.0;
#pragma pargrad reduce(+ : h)
        for (int j = 1; j < m - 1; j++)
            h += x[off + j] * (x[off + j - 1] - x[off + j + 1]);
        e += h;
        off += m;
    }
    return e;
}

#pragma pargrad reverse(ragged_rows) wrt(x, w)
#pragma pargrad reverse(packed_rows) wrt(x, c) out(return, x)
