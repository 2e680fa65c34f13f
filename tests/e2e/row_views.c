/* Pointers to rows over flat buffers, as C code hands 2-D and 3-D data
 * around in one allocation and views it with the rows' lengths:
 * positions as double (*r)[3], a field as double (*u)[ny][nz], weights
 * viewed past a header element, (const double (*)[nz])&w[1], a row handed
 * to a helper as a pointer (u[i][1]), a view declared first and pointed
 * later in C89's order, a helper's const double (*A)[m] given a flat
 * buffer's rows, a view of a 2-D array's rows as long as its own
 * (the array itself), temporaries of rows of rows, double (*t)[m][2] =
 * malloc(n * sizeof *t), and of rows allocated after their declaration.
 *
 * What it guards: X[i][k] through such a view is buf[off + i * m + k]
 * (tool/lift_access.c rows_view); they were rejected ("a pointer to rows
 * of a local view, which pargrad does not follow"). The extents of a 3-D
 * view come outermost first (libclang lists a declaration's size
 * expressions innermost first): ny != nz in the check. */
#include <math.h>
#include <stdlib.h>

static double rowdot(int m, const double *a, const double *b) {
    double s = 0.0;
    for (int k = 0; k < m; k++)
        s += a[k] * b[k];
    return s;
}

/* a field's 7-point-like update and a weighted sum of its rows */
double field_step(int nx, int ny, int nz, const double *ubuf, double *vbuf, const double *w) {
    const double(*u)[ny][nz] = (const double(*)[ny][nz])ubuf;
    double(*v)[ny][nz] = (double(*)[ny][nz])vbuf;
    const double(*W)[nz] = (const double(*)[nz]) & w[1];
#pragma pargrad map
#pragma omp parallel for
    for (int i = 1; i < nx - 1; i++)
        for (int j = 1; j < ny - 1; j++)
            for (int k = 1; k < nz - 1; k++)
                v[i][j][k] = u[i - 1][j][k] + u[i + 1][j][k] + 2.0 * u[i][j - 1][k] -
                             u[i][j + 1][k] + sin(u[i][j][k - 1]) * u[i][j][k + 1] * W[j][k];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 1; i < nx - 1; i++)
        s += rowdot(nz, u[i][1], W[i % ny]) * tanh(v[i][1][1]) * w[0];
    return s;
}

/* a soft-core pair energy of particles, positions packed xyz */
double pair_energy(int n, const double *pos, double *force) {
    const double(*r)[3] = (const double(*)[3])pos;
    double(*f)[3];
    f = (double(*)[3])force;
    double e = 0.0;
#pragma pargrad reduce(+ : e)
#pragma omp parallel for reduction(+ : e)
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d[3], r2 = 0.25;
            for (int c = 0; c < 3; c++) {
                d[c] = r[i][c] - r[j][c];
                r2 += d[c] * d[c];
            }
            e += 1.0 / (r2 * r2) - 1.0 / r2;
        }
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 3; c++)
            f[i][c] = -2.0 * r[i][c] * exp(-r[i][(c + 1) % 3] * r[i][(c + 1) % 3]);
    return e;
}
/* a helper's pointer to rows, given rows of a flat buffer from its start
 * and from its second row */
static double sum_squares(int n, int m, const double (*A)[m]) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += A[i][j] * A[i][j] * (1.0 + 0.1 * j);
    return s;
}

double block_norms(int n, int m, const double *buf) {
    return sum_squares(n, m, (const double(*)[m])buf) +
           tanh(sum_squares(n - 1, m, (const double(*)[m]) & buf[m]));
}

/* temporaries of rows of rows, and of rows allocated in C89's order */
double pair_table(int n, int m, const double *x) {
    int i, j;
    double s = 0.0;
    double(*t)[m][2] = malloc(n * sizeof *t);
    double(*q)[m];
    q = calloc((size_t)n, sizeof *q);
#pragma pargrad map
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++) {
            t[i][j][0] = sin(x[i * m + j]);
            t[i][j][1] = x[i * m + j] * x[i * m + (j + 1) % m];
        }
#pragma pargrad map
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            q[i][j] = t[i][j][0] * t[(i + 1) % n][j][1];
#pragma pargrad reduce(+ : s)
#pragma omp parallel for private(j) reduction(+ : s)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            s += q[i][j] * q[i][m - 1 - j];
    free(q);
    free(t);
    return s;
}

/* a causal softmax's rows through an index macro, the row's start
 * IDX(i, 0, t) = i * t + 0: the + 0 of integers folds away, so the map's
 * rows are told apart (it was differentiated as a sequential loop) */
#define IDX(i, j, n) ((i) * (n) + (j))
void causal_rows(int t, const double *x, double *P) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < t; i++) {
        double *p = &P[IDX(i, 0, t)];
        double z = 0.0;
        for (int j = 0; j <= i; j++)
            p[j] = exp(x[IDX(i, j, t)]);
        for (int j = 0; j <= i; j++)
            z += p[j];
        for (int j = 0; j <= i; j++)
            p[j] /= z;
        for (int j = i + 1; j < t; j++)
            p[j] = 0.0;
    }
}

/* a view as long as the array's own rows: the array itself */
void row_ends(int n, int m, const double a[n][m], double *y) {
    const double(*A)[m] = a;
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = A[i][0] * sin(A[i][m - 1]);
}

#pragma pargrad reverse(field_step) wrt(ubuf, w) out(vbuf, return )
#pragma pargrad reverse(pair_energy) wrt(pos) out(force, return )
#pragma pargrad reverse(row_ends) wrt(a) out(y)
#pragma pargrad reverse(block_norms) wrt(buf) out(return )
#pragma pargrad reverse(pair_table) wrt(x) out(return )
#pragma pargrad reverse(causal_rows) wrt(x) out(P)
