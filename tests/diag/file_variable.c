/* expect: 9:26: 'alpha' is a variable of the file */
#include <math.h>

double alpha = 0.5; /* may change between calls: not a constant */

double f(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += sin(x[i]) * alpha;
    return s;
}

#pragma pargrad reverse(f) wrt(x)
