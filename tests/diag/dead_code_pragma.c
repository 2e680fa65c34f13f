/* expect: 20:5: this loop is not a scan of 'acc': its term depends on the value of 'acc' */
/* Code after an early return on a constant never runs, and pargrad does
 * not differentiate it, but its pragmas are still checked: a scan whose
 * term reads the accumulator is reported there too (it was accepted
 * silently once the constant condition was folded). */
#include <math.h>

static const int fast_path = 1;

double dead_code_pragma(int n, const double *x, double *y) {
    if (fast_path) {
        double s = 0.0;
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += x[i] * x[i];
        return s;
    }
    double acc = 0.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        acc += x[i] * acc;
        y[i] = acc;
    }
    return acc;
}

#pragma pargrad reverse(dead_code_pragma) wrt(x)
