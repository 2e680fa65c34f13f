/* accepted-broken-promise: a map writing bpa[i / 2] (two iterations write each element) is accepted. */
#include <math.h>
double f(int n, const double *x) {
    double bpa[64];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        bpa[i / 2] = cos(x[i]);
    return bpa[0];
}
#pragma pargrad reverse(f) wrt(x)
