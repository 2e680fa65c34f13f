/* leak in the output: a guard clause (if (n < 2) return;) before a malloc'ed temporary that is used: f_b allocates tm (forward) and tm, tm_b (return sweep) with pg_calloc inside 'if (t1) {' blocks and never calls pg_free (compiles, gradient right). Without the guard, or with the early return after the malloc (free(tm); return r;), the output frees them. */
#include <math.h>
#include <stdlib.h>
void f(int n, const double *x, double *y) {
    if (n < 2)
        return;
    double *tm = malloc((size_t)n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        tm[i] = sin(x[i]);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = tm[i] * tm[i];
    free(tm);
}
#pragma pargrad reverse(f) wrt(x) out(y)
