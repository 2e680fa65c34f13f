/* expect: 6:29: 'tol' is not an integer with a value before the loop */
#include <math.h>
double f(int n, const double *x) {
    double g = 1.0 + x[0] * x[0], tol = 1e-12;
    int it = 0;
#pragma pargrad while bound(tol)
    while (fabs(g * g - 2.0) > tol && it < n) {
        g = 0.5 * (g + 2.0 / g);
        it++;
    }
    return g;
}

#pragma pargrad reverse(f) wrt(x)
