/* Writes whose elements are known only as the code runs, as index, sparse
 * and blocked codes have them: pargrad saves each element (its index and
 * old value) as it is overwritten, instead of rejecting the program. */
#include <math.h>
#include <stdlib.h>

/* A ring of slots: which slot a step updates is read from an int array
 * that the same loop advances. */
double ring_slots(int n, const double *x) {
    int m = n < 5 ? n : 5;
    double *v = malloc(sizeof(double) * (size_t)m);
    int *perm = malloc(sizeof(int) * (size_t)m);
    int pos = 0, t, k;
    double s = 0.0;
    for (k = 0; k < m; k++) {
        v[k] = x[k];
        perm[k] = (k * 2 + 1) % m;
    }
    for (t = 0; t < 3 * n; t++) {
        k = perm[pos];
        v[k] = v[k] * cos(x[t % n]) + 0.5 * v[(k + 1) % m];
        perm[pos] = (k + 3) % m;
        pos = (pos + 1) % m;
    }
    for (k = 0; k < m; k++)
        s += v[k] * v[k];
    free(v);
    free(perm);
    return s;
}

/* Sweeps over the strict lower triangle of a matrix, in place: inside the
 * sweep loop the triangular nest's rows have different lengths. */
double tri_sweeps(int n, const double *x) {
    double *A = malloc(sizeof(double) * (size_t)n * n);
    int i, j, t;
    double s = 0.0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i * n + j] = 0.1 * x[i] + x[j];
    for (t = 0; t < 3; t++)
        for (i = 1; i < n; i++)
            for (j = 0; j < i; j++)
                A[i * n + j] = 0.5 * A[i * n + j] * A[(i - 1) * n + j] + 0.25 * A[j * n + j];
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            s += A[i * n + j] * A[i * n + j];
    free(A);
    return s;
}

/* Relaxing the values of a CSR matrix in place: the inner loop's bounds
 * come from rowptr. */
double csr_relax(int n, const double *x) {
    int *rowptr = malloc(sizeof(int) * (size_t)(n + 1));
    int *col = malloc(sizeof(int) * (size_t)(3 * n));
    double *val = malloc(sizeof(double) * (size_t)(3 * n));
    int i, k, t, nnz = 0;
    double s = 0.0;
    for (i = 0; i < n; i++) {
        rowptr[i] = nnz;
        for (k = i - 1; k <= i + 1; k++)
            if (k >= 0 && k < n) {
                col[nnz] = k;
                val[nnz] = x[k] * (k == i ? 2.0 : -0.5);
                nnz++;
            }
    }
    rowptr[n] = nnz;
    for (t = 0; t < 2; t++)
        for (i = 0; i < n; i++)
            for (k = rowptr[i]; k < rowptr[i + 1]; k++)
                val[k] = 0.9 * val[k] + 0.1 * sin(val[k]) * x[col[k]] * x[i];
    for (k = 0; k < nnz; k++)
        s += val[k] * val[k];
    free(rowptr);
    free(col);
    free(val);
    return s;
}

/* A blocked update under a condition: the block's end is computed inside
 * the blocked loop. */
double blocked(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    int i, ii;
    double s = 0.0;
    for (i = 0; i < n; i++)
        y[i] = x[i];
    if (n > 2) {
        for (ii = 0; ii < n; ii += 4) {
            int end = ii + 4 < n ? ii + 4 : n;
            for (i = ii; i < end; i++)
                y[i] = y[i] * y[ii] + x[i];
        }
    }
    for (i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

/* A parallel loop over rows updating the lower triangle in place. */
double tri_map(int n, const double *x) {
    double *C = malloc(sizeof(double) * (size_t)n * n);
    int i, j;
    double s = 0.0;
#pragma pargrad map
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            C[i * n + j] = x[i] * x[j];
#pragma pargrad map
    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++)
            C[i * n + j] = C[i * n + j] * C[i * n + j] + x[j];
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n * n; i++)
        s += C[i] * x[i % n];
    free(C);
    return s;
}

/* Counts per bin read from a permutation, in a sequential loop: the
 * permutation does not change there, so the bins an iteration overwrites
 * are found before it runs (no log). */
double bin_counts(int n, const double *x) {
    int *order = malloc(sizeof(int) * (size_t)n);
    int count[4] = {0};
    double acc[4] = {0.0, 0.0, 0.0, 0.0};
    int i;
    double s = 0.0;
    for (i = 0; i < n; i++)
        order[i] = (i * 7 + 3) % n;
    for (i = 0; i < n; i++) {
        count[order[i] % 4] += 1;
        acc[order[i] % 4] = acc[order[i] % 4] * x[i] + count[order[i] % 4] * x[order[i]];
    }
    for (i = 0; i < 4; i++)
        s += acc[i] * acc[i];
    free(order);
    return s;
}
/* A walking pointer writing under a condition inside a time loop. */
double walk_cond(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    int i, t;
    double s = 0.0;
    for (i = 0; i < n; i++)
        y[i] = x[i];
    for (t = 0; t < 2; t++) {
        double *p = y;
        for (i = 0; i < n; i++) {
            if (x[i] > -0.5) {
                *p = *p * x[i] + 0.1;
                p++;
            }
        }
    }
    for (i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

#pragma pargrad reverse(ring_slots) wrt(x)
#pragma pargrad reverse(tri_sweeps) wrt(x)
#pragma pargrad reverse(csr_relax) wrt(x)
#pragma pargrad reverse(blocked) wrt(x)
#pragma pargrad reverse(tri_map) wrt(x)
#pragma pargrad reverse(bin_counts) wrt(x)
#pragma pargrad reverse(walk_cond) wrt(x)
