/* An in-out array: y[i] = y[i] * x[i] + sin(y[i]) overwrites y in place, and y
 * is both an active input and the active output. Differentiated twice:
 *
 *  scale_inplace_b     wrt(x, y) out(y): y_b holds the seed (adjoint of the
 *      OUTPUT y) on entry; on exit it holds the adjoint of the INPUT y,
 *      J_y^T seed = seed * (x + cos(y_in)) (Tapenade's convention for an in-out
 *      variable: the output seed is consumed, i.e. zeroed, and the input
 *      adjoint is then incremented into it, so the result is 0 + J^T seed);
 *  scale_inplace_xonly wrt(x) out(y) name(...): y's input value is not
 *      active, so y_b is just consumed: zero on exit.
 * In both, y holds the primal output after the call. */
#include <math.h>

void scale_inplace(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = y[i] * x[i] + sin(y[i]);
}

#pragma pargrad reverse(scale_inplace) wrt(x, y) out(y)
#pragma pargrad reverse(scale_inplace) wrt(x) out(y) name(scale_inplace_xonly)
