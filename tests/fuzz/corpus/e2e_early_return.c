/* Regression (trust issue): early returns. A branch that assigns a variable
 * and returns must not leak its value into the code after the if; a guard
 * clause inside an inlined helper likewise; an if/else whose branches both
 * return is accepted; an integer `return 0;` in a double function is not a
 * truncation of the other branch. */
#include <math.h>

static double clipped(double v, double lim) {
    if (v > lim) {
        v = lim;
        return 0.5 * v;
    }
    return v * v;
}

double early(int n, const double *x) {
    double t = x[0] * 3.0;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += clipped(x[i], 0.7);
    if (t > 10.0) {
        t = 2.0;
        return t;
    }
    if (x[1] > 5.0)
        return 0;
    return t * x[1] + s;
}

#pragma pargrad reverse(early) wrt(x)
