/* rejected (valid program; random tester seeds 1000098, 1000099 and
 * 1000383 of the campaign on 98e24aa): an output that carries no
 * derivative (y[i] depends on i only) and is read at y[(i + 1) % n],
 * whose bound may not be reached. Such a read left out of the extent made
 * the consuming of y's seeds refuse: "cannot tell how many elements of the
 * output 'y' there are". Reads of an array without derivatives add
 * nothing to its adjoint, so only writes matter there. */
#include <math.h>

double f(int n, const double *x, double *y) {
    double s = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = log1p(0.25 * i);
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * y[(i + 1) % n];
    return s;
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
