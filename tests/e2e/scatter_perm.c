/* Scatters: values written to distinct positions computed from the data
 * (a permutation read from an index array, a reversal, a rotation), over
 * arrays that held earlier values the rest of the function reads. */
#include <math.h>
#include <stdlib.h>

/* y[perm[i]] = f(x[i]) over half of y, which holds cos(x) before */
double scatter_half(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    int *perm = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        perm[i] = (i * 7 + 3) % n; /* a permutation when n is not a multiple of 7 */
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = cos(x[i]);
    double pre = 0.0;
#pragma pargrad reduce(+ : pre)
    for (int i = 0; i < n; i++)
        pre += y[i] * y[i];
#pragma pargrad scatter
    for (int i = 0; i < n / 2; i++)
        y[perm[i]] = exp(x[i]) * pre;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sin(y[i]) * (i + 1);
    free(y);
    free(perm);
    return s;
}

/* reversal then rotation, in place through a temporary, twice */
double scatter_rounds(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    double *t = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int r = 0; r < 2; r++) {
#pragma pargrad scatter
        for (int i = 0; i < n; i++)
            t[n - 1 - i] = tanh(u[i] + 0.1 * r);
#pragma pargrad scatter
        for (int i = 0; i < n; i++)
            u[(i + 2) % n] = t[i] * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * (i % 3 + 1);
    free(u);
    free(t);
    return s;
}

#pragma pargrad reverse(scatter_half) wrt(x) out(return )
#pragma pargrad reverse(scatter_rounds) wrt(x) out(return )
