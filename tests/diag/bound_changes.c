/* expect: 8:25: the loop bound changes inside the loop */
#include <math.h>

double f(int n, const double *x)
{
    double s = 0.0;
    int m = n;
    for (int i = 0; i < m; i++) {
        s += sin(x[i]);
        if (s > 1.0)
            m = m - 1;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
