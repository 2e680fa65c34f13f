/* A ping-pong 2-D stencil on malloc'ed grids, the rows read from the one
 * below upwards: in the gradient each thread adds the grids' adjoints into
 * partial sums, and reserves one stretch of them per row the stencil
 * reads before the row's loop. The later reservations grow the partial
 * sums past the earlier ones (realloc), so an update must not go through
 * a pointer an earlier reservation returned (found by a second pair of
 * eyes: 108 of 343 wrong at two threads in a 3-D heat code). */
#include <math.h>
#include <stdlib.h>

double stencil_spans(int n, const double *x) {
    int t, i, j;
    double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
    double *cur = A, *nxt = B, *tmp;
    double s = 0.0;
#pragma pargrad map
    for (i = 0; i < n * n; i++) {
        A[i] = x[i];
        B[i] = x[i];
    }
    for (t = 0; t < 2; t++) {
#pragma pargrad map
#pragma omp parallel for private(j)
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                nxt[i * n + j] = cur[(i + 1) * n + j] * (cur[i * n + j] + cur[(i - 1) * n + j]) +
                                 0.25 * (cur[i * n + j - 1] - cur[i * n + j + 1]);
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (i = 0; i < n * n; i++)
        s += cur[i] * cur[i];
    free(A);
    free(B);
    return s;
}

#pragma pargrad reverse(stencil_spans) wrt(x)
