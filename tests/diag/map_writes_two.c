/* expect: 8:9: write elements of 'y' that other iterations write too */
#include <math.h>
double mapover(int n, const double *x, double *y)
{
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        y[i] = x[i];
        y[i + 1] += x[i];
    }
    return 0.0;
}
#pragma pargrad reverse(mapover) wrt(x) out(y)
