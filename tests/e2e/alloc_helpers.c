/* Temporaries allocated by helpers, as C codes wrap malloc: a one-line
 * allocator, and one that checks for failure and exits, both called with
 * element counts computed by the caller; an integer permutation among them. */
#include <stdio.h>
#include <stdlib.h>

static double *new_vec(int n) {
    return (double *)malloc(sizeof(double) * (size_t)n);
}

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

double smooth_perm(int n, const double *x) {
    double *t = new_vec(n);
    double *u = xmalloc(2 * n * sizeof(double));
    int *perm = (int *)xmalloc(sizeof(int) * n);
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        perm[i] = (3 * i + 1) % n;
        t[i] = x[i] * x[i];
    }
    for (i = 0; i < 2 * n; i++)
        u[i] = 0.5 * t[perm[i % n]] + x[(i + 1) % n];
    for (i = 0; i < n; i++)
        s += u[i] * u[2 * n - 1 - i];
    free(t);
    free(u);
    free(perm);
    return s;
}

#pragma pargrad reverse(smooth_perm) wrt(x)
