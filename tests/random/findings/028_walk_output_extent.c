/* rejected (valid program; random tester seeds 500178, 500179): an output
 * updated through a walking pointer inside an if, `*p = ...; p++;`.
 * Consuming the output's seeds needs its extent, and the bound of the
 * pointer's carried offset was unknown: "cannot tell how many elements of
 * the output 'y' there are". A scalar a loop steps by a fixed amount now
 * has the bound start + (trips - 1) * step. (Found once the walking-pointer
 * write was no longer kept to the top of f.) */
#include <math.h>

double f(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = x[i];
    if (n % 2 == 0) {
        double *p = y;
        int k;
        for (k = 0; k < n; k++) {
            *p = 0.5 * *p + 0.25 * tanh(x[k]);
            p++;
        }
    }
    return x[0];
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
