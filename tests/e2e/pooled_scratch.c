/* Scratch arrays sized by the caller's parameters inside parallel loops,
 * as people write per-point work buffers: a row of smoothed values per
 * point, a window of weights one longer than the row, a two-column table,
 * and one declared only on some iterations. On the GPU each thread's
 * arrays whose sizes the host knows come from one pool the host allocates
 * before the launch (rewrite/emit_cuda.c); the one under an if keeps the
 * device heap. */
#include <math.h>

static double smooth_dot(int m, const double *a, const double *b) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += a[j] * b[j];
    return s;
}

/* per point: a row of m values, then its softened norm */
double rows_norm(int n, int m, const double *x) {
    double total = 0.0;
    int i, j;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total) private(j)
    for (i = 0; i < n; i++) {
        double row[m];
        for (j = 0; j < m; j++)
            row[j] = tanh(x[(i + j) % n]) * (1.0 + 0.1 * j);
        total += sqrt(1.0 + smooth_dot(m, row, row));
    }
    return total;
}

/* a window of m + 1 weights and a two-column table per point, written
 * into y */
void window_map(int n, int m, const double *x, double *y) {
    int i;
#pragma pargrad map
#pragma omp parallel for
    for (i = 0; i < n; i++) {
        double w[m + 1];
        double tab[m][2];
        int j;
        double z = 0.0;
        for (j = 0; j <= m; j++)
            w[j] = exp(-0.5 * j) * x[(i + j) % n];
        for (j = 0; j < m; j++) {
            tab[j][0] = w[j] * w[j + 1];
            tab[j][1] = sin(w[j]);
        }
        for (j = 0; j < m; j++)
            z += tab[j][0] - 0.5 * tab[j][1];
        y[i] = z;
    }
}

/* the scratch only where the point is positive */
double some_rows(int n, int m, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        if (x[i] > 0.0) {
            double sq[m];
            for (int j = 0; j < m; j++)
                sq[j] = x[(i + j) % n] * x[(i + 2 * j) % n];
            total += smooth_dot(m, sq, sq);
        } else {
            total += x[i];
        }
    }
    return total;
}

#pragma pargrad reverse(rows_norm) wrt(x)
#pragma pargrad reverse(window_map) wrt(x) out(y)
#pragma pargrad reverse(some_rows) wrt(x)
