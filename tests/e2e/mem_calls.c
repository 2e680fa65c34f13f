/* memcpy and memset as numerical C uses them: the state copied into a
 * work array and back each time step (sizes as n * sizeof(double) and
 * sizeof(double) * n, and sizeof *p), a local array cleared with
 * memset(h, 0, sizeof h) before a histogram, a row of a matrix copied
 * out through a pointer into it, a shifted copy into the second half
 * of one buffer, and rows of a 2-D grid copied whole and one by one, and
 * within one grid (checked for overlap as the gradient runs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NB 8

double diffuse(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    double *w = malloc(sizeof(double) * n);
    memcpy(u, x, n * sizeof(double));
    for (int t = 0; t < 4; t++) {
        memcpy(w, u, sizeof(double) * n);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = w[i] + 0.2 * (w[i - 1] - 2.0 * w[i] + w[i + 1]) - 0.05 * sin(w[i]);
    }
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += u[i] * u[i] * (1.0 + 0.01 * i);
    free(u);
    free(w);
    return e;
}

double binned_energy(int n, const double *x) {
    double h[NB];
    memset(h, 0, sizeof h);
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[i % NB] += x[i] * x[i] + 0.5 * x[i];
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += h[b] * h[b];
    return s;
}

double row_copies(int n, const double *x) {
    int m = 3;
    double *A = malloc(sizeof *A * (size_t)(n * m));
    double *row = malloc(sizeof *row * (size_t)m);
    double *buf = calloc((size_t)(2 * n), sizeof(double));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            A[i * m + j] = x[i] * (j + 1) + 0.1 * j;
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double *Ai = A + i * m;
        memcpy(row, Ai, m * sizeof *row);
        s += row[0] * row[m - 1] - 0.5 * row[1];
    }
    for (int i = 0; i < n; i++)
        buf[i] = cos(x[i]);
    memcpy(buf + n, &buf[0], n * sizeof(double));
    memset(buf, 0, (size_t)n * sizeof(double));
    for (int i = 0; i < 2 * n; i++)
        s += buf[i] * (i + 1);
    free(A);
    free(row);
    free(buf);
    return s;
}
/* rows of numbers copied whole, one row at a time, and from a first
 * element: memcpy sees a 2-D grid's rows one after the other */
double grid_copies(int n, const double *x) {
    int m = 3, rows = (n + 2) / 3 + 1;
    double(*g)[m] = malloc(rows * sizeof *g);
    double(*h)[m] = malloc(rows * sizeof *h);
    memset(g, 0, (size_t)rows * m * sizeof(double));
    memcpy(g, x, n * sizeof(double));
    for (int t = 0; t < 2; t++) {
        memcpy(h, g, (size_t)rows * m * sizeof(double));
#pragma pargrad map
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < m; j++)
                g[i][j] = 0.5 * h[i][j] + 0.25 * sin(h[(i + 1) % rows][j]);
    }
    for (int i = 0; i < rows; i++)
        memcpy(h[i], g[rows - 1 - i], m * sizeof(double));
    memcpy(&h[0][0], &g[1][0], 2 * sizeof(double));
    double s = 0.0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < m; j++)
            s += h[i][j] * h[i][j] * (1.0 + 0.1 * j + 0.01 * i);
    free(g);
    free(h);
    return s;
}

/* two rows of one grid copied onto two others, the rows chosen as it
 * runs: apart, the copy is a map; overlapping (undefined in C) stops the
 * gradient with a message */
double copy_rows_within(int n, int to, int from, const double *x) {
    int m = 4;
    double(*g)[m] = malloc(n * sizeof *g);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            g[i][j] = x[i] * (j + 1);
    memcpy(g[to], g[from], 2 * m * sizeof(double));
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += g[i][j] * g[i][j] * (1.0 + 0.1 * i);
    free(g);
    return s;
}

#pragma pargrad reverse(diffuse) wrt(x)
#pragma pargrad reverse(binned_energy) wrt(x)
#pragma pargrad reverse(row_copies) wrt(x)
#pragma pargrad reverse(grid_copies) wrt(x)
#pragma pargrad reverse(copy_rows_within) wrt(x)
