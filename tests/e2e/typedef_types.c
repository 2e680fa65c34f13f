/* Regression (trust issue): a signature in the input's typedef and macro
 * types (typedef float real; PolyBench's DATA_TYPE) must give an output
 * that compiles on its own: the generated signature spells them out. */
#include <math.h>

typedef double real;
#define DATA_TYPE double

real weighted(int n, const real *x, DATA_TYPE A[n][n], const real w[n]) {
    real s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * w[i] * sin(A[i][i]) + (real)0.5 * x[i] * x[i];
    return s;
}

#pragma pargrad reverse(weighted) wrt(x, A)
