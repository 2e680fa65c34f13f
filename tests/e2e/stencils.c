/* Stencils as HPC code writes them, whose adjoints add into neighbouring
 * elements (x_b[i - 2] ... x_b[i + 2]): each thread adds plainly inside
 * its block of iterations and atomically only at its ends. A 5-point
 * 1-D stencil with an int index, a 3-point one of a Burgers-like step
 * over long indices written into a second array, vertical neighbours of
 * rows (u[(i - 1) * m + j], whole rows), the 2-D Jacobi stencil
 * (u[i * m + j - 1] too), and two sweeps in a time loop.
 * Each returns a weighted sum of its outputs. */
#include <math.h>
#include <stdlib.h>

double five_point(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    double s = 0.0;
#pragma pargrad map
    for (int i = 2; i < n - 2; i++)
        y[i] = 0.1 * x[i - 2] - 0.4 * x[i - 1] + x[i] * x[i] - 0.4 * x[i + 1] + 0.1 * x[i + 2];
    for (int i = 2; i < n - 2; i++)
        s += y[i] * (1.0 + 0.01 * i);
    free(y);
    return s;
}

double burgers(int n, const double *x) {
    const double nu = 0.1, c = 0.05;
    double *u = malloc((size_t)n * sizeof(double));
    double s = 0.0;
    if (n < 3) {
        free(u);
        return x[0];
    }
    u[0] = x[0];
    u[n - 1] = x[n - 1];
#pragma pargrad map
    for (long i = 1; i < n - 1; i++)
        u[i] = x[i] + nu * (x[i - 1] - 2.0 * x[i] + x[i + 1]) - c * x[i] * (x[i + 1] - x[i - 1]);
    for (int i = 0; i < n; i++)
        s += sin(u[i]) * (i % 3 + 1);
    free(u);
    return s;
}

/* rows of m: each output row from the rows above and below */
double vertical(int n, const double *x) {
    int m = 3, rows = n / m;
    double *v = calloc((size_t)(rows * m + 1), sizeof(double));
    double s = 0.0;
#pragma pargrad map
    for (int i = 1; i < rows - 1; i++)
        for (int j = 0; j < m; j++)
            v[i * m + j] = x[(i - 1) * m + j] * x[(i + 1) * m + j] + 0.5 * x[i * m + j];
    for (int k = 0; k < rows * m; k++)
        s += v[k] * v[k];
    free(v);
    return s;
}

/* the 2-D Jacobi 5-point stencil on an n / 4 by 4 grid, the boundary kept */
double jacobi_2d(int n, const double *x) {
    int m = 4, rows = n / m;
    double *v = malloc((size_t)n * sizeof(double));
    double s = 0.0;
    for (int k = 0; k < rows * m; k++)
        v[k] = x[k];
#pragma pargrad map
    for (int i = 1; i < rows - 1; i++)
        for (int j = 1; j < m - 1; j++)
            v[i * m + j] = 0.2 *
                           (x[i * m + j] + x[(i - 1) * m + j] + x[(i + 1) * m + j] +
                            x[i * m + j - 1] + x[i * m + (j + 1)]) *
                           (1.0 + 0.1 * x[i * m + j]);
    for (int k = 0; k < rows * m; k++)
        s += v[k] * (1.0 + 0.1 * k);
    free(v);
    return s;
}

/* a time loop of two Jacobi sweeps, the buffers swapped by copying */
double sweeps(int n, const double *x) {
    double *a = malloc((size_t)n * sizeof(double));
    double *b = malloc((size_t)n * sizeof(double));
    double s = 0.0;
    for (int i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    for (int t = 0; t < 2; t++) {
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            b[i] = 0.25 * a[i - 1] + 0.5 * tanh(a[i]) + 0.25 * a[i + 1];
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i];
    }
    for (int i = 0; i < n; i++)
        s += a[i] * (1.0 + 0.5 * cos(i));
    free(a), free(b);
    return s;
}
#pragma pargrad reverse(five_point) wrt(x) out(return )
#pragma pargrad reverse(burgers) wrt(x) out(return )
#pragma pargrad reverse(vertical) wrt(x) out(return )
#pragma pargrad reverse(sweeps) wrt(x) out(return )
#pragma pargrad reverse(jacobi_2d) wrt(x) out(return )
