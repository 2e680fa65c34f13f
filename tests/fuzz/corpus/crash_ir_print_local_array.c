/* expect: 10:13: every iteration of the map at line 8 writes the same elements of 't' */
#include <math.h>

void f(int n, const double *x, double *y)
{
    double t[3];
#pragma parÿÿÿÿÿÿÿÿ
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < 3; j++)
            t[j] = sin(x[i] * j);
        y[i] = t[0] + t[1] * t[2];
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
