/* expect: 7:18: memset of 'flag' with a byte other than 0 */
#include <string.h>

/* A fill with the byte 0xff makes every double a NaN: not a value a loop
 * assigns, so only memset(p, 0, bytes) is followed. */
double f(int n, const double *x, double *flag) {
    memset(flag, 0xff, n * sizeof(double));
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
