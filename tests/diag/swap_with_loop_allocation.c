/* expect: 11:5: 'u' points at 'next', allocated inside the loop at line 11, after it ends */
/* A new array each step, the old one freed after the swap: the pointer
 * leaves the iteration pointing at that step's allocation. The hint
 * (allocate both before the loop, swap them each step) is what pargrad
 * follows. */
#include <stdlib.h>
double relax(int n, int steps, const double *x) {
    double *u = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int t = 0; t < steps; t++) {
        double *next = malloc(n * sizeof(double));
#pragma pargrad map
        for (int i = 0; i < n; i++)
            next[i] = 0.5 * u[i] + 0.25 * u[(i + 1) % n] * u[i];
        double *old = u;
        u = next;
        free(old);
    }
    double r = 0;
    for (int i = 0; i < n; i++)
        r += u[i] * u[i];
    free(u);
    return r;
}
#pragma pargrad reverse(relax) wrt(x)
