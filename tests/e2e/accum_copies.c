/* Adjoint accumulations that many iterations share, in parallel maps
 * (accum.c's copies): a gather's x_b[idx[i]] and weights' w_b[j] that
 * every iteration updates. Where the array is declared with its length,
 * each thread adds into a copy of its own where the copies are few next
 * to the updates (an OpenMP array reduction, or copies on the heap), else
 * atomically; a pointer's length is unknown: partial sums per thread,
 * grown as far as it updates, said in the output.
 * The outputs y are written, their seeds consumed. */
#include <math.h>

/* a gather from a table of m entries */
void gather_sq(long n, long m, const double x[m], const int *idx, double *y) {
#pragma pargrad map
#pragma omp parallel for
    for (long i = 0; i < n; i++)
        y[i] = x[idx[i]] * x[idx[i]] - 0.5 * x[idx[i]];
}

/* rows of x times weights every iteration uses */
void dense_rows(int n, int m, const double w[m], const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j < m; j++)
            s += w[j] * x[i * m + j];
        y[i] = tanh(s);
    }
}

/* the same gather through a pointer: its length unknown */
void gather_ptr(long n, const double *x, const int *idx, double *y) {
#pragma pargrad map
    for (long i = 0; i < n; i++)
        y[i] = sin(x[idx[i]]);
}

/* two tables gathered: updates into two arrays, partial sums of both */
void gather_two(long n, long m, const double a[m], const double b[m], const int *idx, double *y) {
#pragma pargrad map
    for (long i = 0; i < n; i++)
        y[i] = a[idx[i]] * b[(idx[i] + 1) % m];
}

#pragma pargrad reverse(gather_sq) wrt(x) out(y)
#pragma pargrad reverse(dense_rows) wrt(w, x) out(y)
#pragma pargrad reverse(gather_ptr) wrt(x) out(y)
#pragma pargrad reverse(gather_two) wrt(a, b) out(y)
