/* Results through scalar pointers, as C kernels return a second value:
 * the residual norm into *err, a running maximum updated in place through
 * *peak, read back in the same function. */
#include <math.h>

void fit_residual(int n, const double *x, const double *y, double *err, double *peak) {
    int i;
    double total = 0.0;
#pragma pargrad reduce(+ : total)
    for (i = 0; i < n; i++) {
        double r = y[i] - 0.5 * x[i] * x[i];
        total += r * r;
    }
    *err = sqrt(total / n);
    if (*err > *peak)
        *peak = *err;
    *peak += 0.1 * *err;
}

#pragma pargrad reverse(fit_residual) wrt(x, y, peak) out(err, peak)
