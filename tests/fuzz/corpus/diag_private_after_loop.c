/* expect: 13:12: is assigned inside the parallel loop at line 8 */
#include <math.h>

double f(int n, const double *x, double *y)
{
    double t = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        t = sin(x[i]);
        y[i] = t * t;
    }
    /* the last iteration's t: a sequential program's value, not a map's */
    return t;
}

#pragma pargrad reverse(f) wrt(x)
