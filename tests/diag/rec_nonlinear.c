/* expect: 9:9: unsupported update of the recurrence 'y' */
#include <math.h>

void f(int n, const double *x, double *y)
{
    y[0] = x[0];
#pragma pargrad scan(affine : y)
    for (int i = 1; i < n; i++)
        y[i] = sin(y[i - 1]) + x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
