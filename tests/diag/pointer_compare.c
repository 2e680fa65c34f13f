/* expect: 9:9: compares the pointers 'x' and 'y' */
/* Two arrays compared as pointers (are they the same array?): pargrad
 * tests a pointer parameter only against NULL. */
#include <stddef.h>

double dot_or_norm(int n, const double *x, const double *y) {
    double s = 0.0;
    int same = 0;
    if (x == y)
        same = 1;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return same ? 0.5 * s : s;
}
#pragma pargrad reverse(dot_or_norm) wrt(x, y)
