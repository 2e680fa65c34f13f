/* Product of the elements: a *-reduce, whose adjoint must handle zeros
 * (d/dx_k is the product of the other elements, not p / x_k). */
#include <math.h>

double prod(int n, const double *x) {
    double p = 1.0;
#pragma pargrad reduce(* : p)
    for (int i = 0; i < n; i++)
        p *= x[i];
    return p;
}

#pragma pargrad reverse(prod) wrt(x)
