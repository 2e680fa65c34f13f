/* accepted-broken-promise: a map whose every iteration writes the same element bpa[0] (a race; the sequential result is the last iteration's) is accepted. */
#include <math.h>
double f(int n, const double *x) {
    double bpa[64];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        bpa[0] = sin(x[i]) + 0.5;
    return bpa[0];
}
#pragma pargrad reverse(f) wrt(x)
