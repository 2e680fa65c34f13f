/* Constants from object-like macros (and math.h's INFINITY) in expressions. */
#include <math.h>

#define SCALE 2.5
#define SHIFT (-0.25)

double scaled(int n, const double *x) {
    double m = INFINITY;
#pragma pargrad reduce(min : m)
    for (int i = 0; i < n; i++)
        m = fmin(m, SCALE * x[i] * x[i] + SHIFT * x[i]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += SCALE * sin(x[i] + SHIFT) - m;
    return s;
}

#pragma pargrad reverse(scaled) wrt(x)
