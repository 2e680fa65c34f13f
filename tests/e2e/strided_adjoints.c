/* Parallel loops reading arrays at a stride: pairs of values (x[2 * i],
 * x[2 * i + 1]), every third element, a stride beside a neighbour's.
 * Their adjoints add into x_b[2 * i] and x_b[2 * i + 1]: distinct elements
 * in distinct iterations, plain updates (accum.c); where offsets a
 * multiple of the stride apart (x[2 * i] and x[2 * i + 2]) collide across
 * iterations, atomic only at the ends of the threads' blocks; different
 * strides into one array anywhere (partial sums per thread). */
#include <math.h>
#include <stdlib.h>

static double weighted_sum(int m, const double *y) {
    double s = 0.0;
    for (int i = 0; i < m; i++)
        s += y[i] * (1.0 + 0.01 * i);
    return s;
}

/* magnitudes of interleaved complex numbers */
double pair_norms(int n, const double *x) {
    int m = n / 2;
    double *y = malloc(sizeof(double) * (size_t)(m + 1));
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < m; i++)
        y[i] = sqrt(x[2 * i] * x[2 * i] + x[2 * i + 1] * x[2 * i + 1] + 1.0);
    double s = weighted_sum(m, y);
    free(y);
    return s;
}

/* the second and third of every three */
double thirds(int n, const double *x) {
    int m = n / 3;
    double *y = malloc(sizeof(double) * (size_t)(m + 1));
#pragma pargrad map
    for (int i = 0; i < m; i++)
        y[i] = sin(x[3 * i + 1]) * x[3 * i + 2];
    double s = weighted_sum(m, y);
    free(y);
    return s;
}

/* a stencil over pairs: x[2 i] and x[2 i + 2] overlap between iterations */
double pair_stencil(int n, const double *x) {
    int m = (n - 1) / 2;
    double *y = malloc(sizeof(double) * (size_t)(m + 1));
#pragma pargrad map
    for (int i = 0; i < m; i++)
        y[i] = x[2 * i] * x[2 * i + 2] - 0.5 * x[2 * i + 1];
    double s = weighted_sum(m, y);
    free(y);
    return s;
}

/* two strides into one array */
double two_strides(int n, const double *x) {
    int m = n / 3;
    double *y = malloc(sizeof(double) * (size_t)(m + 1));
#pragma pargrad map
    for (int i = 0; i < m; i++)
        y[i] = x[2 * i] + tanh(x[3 * i]);
    double s = weighted_sum(m, y);
    free(y);
    return s;
}

#pragma pargrad reverse(pair_norms) wrt(x) out(return )
#pragma pargrad reverse(thirds) wrt(x) out(return )
#pragma pargrad reverse(pair_stencil) wrt(x) out(return )
#pragma pargrad reverse(two_strides) wrt(x) out(return )
