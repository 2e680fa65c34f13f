/* A sequential (unannotated) loop carrying a scalar through a nonlinear
 * recurrence; the initial value s0 is an active scalar parameter. */
#include <math.h>

double recur(int n, const double *a, const double *b, double s0) {
    double s = s0;
    for (int i = 0; i < n; i++) {
        double t = s * a[i];
        s = t + b[i] + 0.1 * sin(t);
    }
    return s * s;
}

#pragma pargrad reverse(recur) wrt(a, b, s0)
