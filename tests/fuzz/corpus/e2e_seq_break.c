/* A sequential loop that stops early with break: later iterations must
 * contribute nothing, in the primal and in the gradient. */
#include <math.h>
double series(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double t = x[i] * x[i];
        if (s + t > 4.0)
            break;
        s = s + sin(t);
    }
    return s;
}
#pragma pargrad reverse(series) wrt(x)
