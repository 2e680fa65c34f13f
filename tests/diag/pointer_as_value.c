/* expect: 9:13: 'p' tested for NULL: pargrad decides such a test */
#include <math.h>

double f(int n, const double *x) {
    const double *p = &x[1];
    double s = 0.0;
    int i;
    for (i = 0; i < n - 1; i++)
        if (p)
            s += sin(p[i]);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
