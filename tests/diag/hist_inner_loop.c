/* expect: 11:13: the min histogram 'h' is updated in an inner loop */
/* (a triangular loop: its bounds vary with the outer iteration) */
#include <math.h>

double f(int n, int m, const double *x)
{
    double h[8] = {0};
#pragma pargrad histogram(min: h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i % m; j++)
            h[(i + j) % 8] = fmin(h[(i + j) % 8], x[i * m + j]);
    return h[0] + h[7];
}

#pragma pargrad reverse(f) wrt(x)
