/* Regression (trust issue): an if/else whose branches both return, in the
 * function itself and in an inlined helper, was falsely rejected. */
#include <math.h>

static double sign_sq(double v) {
    if (v < 0.0)
        return -v * v;
    else
        return v * v;
}

double both(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sign_sq(x[i] - 0.1);
    if (s > 0.0) {
        return s * x[0];
    } else {
        double u = sin(s);
        return u * x[1];
    }
}

#pragma pargrad reverse(both) wrt(x)
