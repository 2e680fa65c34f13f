/* internal: 'the lifted IR of f does not verify' (use of a variable not in scope): a sequential loop around a loop overwriting u[1..n-2], then an empty loop, with a dead local read of u before them. */
#include <stdlib.h>
double f(int n, double *u) {
    double *tm = malloc((size_t)n * sizeof(double));
    double v = 0.5 + u[n / 2];
    for (int t = 0; t < 2; t++) {
        for (int i = 1; i < n - 1; ++i)
            u[i] = tm[i];
    }
    for (int i = 0; i <= n - 1; i++) {
    }
    free(tm);
    return 0.5;
}
#pragma pargrad reverse(f) wrt(u) out(u, return)
