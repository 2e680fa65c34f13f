/* SCALE comes from the target's compile definitions, model.h from its
 * include directories: pargrad must be told both, as the compiler is. */
#include "model.h"

double loss(int n, const double *x, const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += SCALE * softplus(w[i] * x[i]);
    return s;
}

#pragma pargrad reverse(loss) wrt(w)
