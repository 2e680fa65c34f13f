/* expect: 10:9: unsupported update of the * histogram 'h' */
#include <math.h>

double f(int n, const double *x)
{
    double h[8] = {0};
#pragma pargrad histogram(h)
    for (int i = 0; i < n; i++) {
        h[i % 8] *= x[i];
        h[(i + 1) % 8] = fmax(h[(i + 1) % 8], x[i]);
    }
    return h[0] + h[7];
}

#pragma pargrad reverse(f) wrt(x)
