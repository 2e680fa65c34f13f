/* expect: 7:5: call to 'memmove', which pargrad cannot see or differentiate */
#include <string.h>

/* memmove may copy between overlapping parts of one array, in an order
 * pargrad does not model (memcpy and memset are followed as maps). */
double f(int n, const double *x, double *y) {
    memmove(y + 1, y, (n - 1) * sizeof(double));
    return y[0] * x[0] + y[n - 1];
}

#pragma pargrad reverse(f) wrt(x)
