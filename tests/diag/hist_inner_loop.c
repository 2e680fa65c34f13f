/* expect: 10:13: the min histogram 'h' is updated in an inner loop */
#include <math.h>

double f(int n, int m, const double *x)
{
    double h[8] = {0};
#pragma pargrad histogram(min: h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            h[(i + j) % 8] = fmin(h[(i + j) % 8], x[i * m + j]);
    return h[0] + h[7];
}

#pragma pargrad reverse(f) wrt(x)
