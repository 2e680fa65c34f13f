/* expect: 8:43: the operator's combine 'mix' does not take two double values and return one */
#include <math.h>

static double mix(double a, double b, double t) {
    return a + t * b;
}

#pragma pargrad declare op(blend, double, mix, 0.0)

double f(int n, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
