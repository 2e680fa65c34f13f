/* Temporaries allocated as C89 code and careful code allocate them: the
 * pointer declared first (uninitialised, or NULL) and assigned its malloc
 * later, the allocation checked for NULL (`t == NULL`, `!u`) with an
 * early return. Both were once rejected ("unsupported pointer
 * expression", "array 't' used as a value"). The gradient's own
 * allocations stop the program when memory runs out, so its checks are
 * false, and nothing it guards is kept for them. */
#include <math.h>
#include <stdlib.h>

double c89_alloc(int n, const double *x) {
    int i;
    double s = 0.0;
    double *t;
    double *u = NULL;
    t = malloc(sizeof(double) * n);
    u = (double *)malloc(n * sizeof(double));
    if (t == NULL || !u) {
        free(t);
        free(u);
        return NAN;
    }
#pragma pargrad map
    for (i = 0; i < n; i++) {
        t[i] = x[i] * x[i];
        u[i] = sin(x[(i + 1) % n]);
    }
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (i = 0; i < n; i++)
        s += t[i] * u[i] + cos(t[i]);
    free(t);
    free(u);
    return s;
}

/* a void function's check: `if (!t) return;` */
void c89_rows(int n, const double *x, double *y) {
    double *t = malloc(sizeof(double) * n);
    if (!t)
        return;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        t[i] = sin(x[i]);
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = t[i] * t[(i + 1) % n];
    free(t);
}

#pragma pargrad reverse(c89_alloc) wrt(x)
#pragma pargrad reverse(c89_rows) wrt(x) out(y)
