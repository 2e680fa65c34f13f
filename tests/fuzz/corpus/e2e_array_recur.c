/* A sequential (unannotated) loop with an in-place array recurrence
 * y[i] = y[i-1] * a[i] + x[i] (plus a mild nonlinearity), differentiated with
 * out(y): y[i] depends on every x[k], a[k] with k <= i. y's initial contents
 * are not read (y[0] is written first). */
#include <math.h>

void array_recur(int n, const double *a, const double *x, double *y) {
    y[0] = x[0];
    for (int i = 1; i < n; i++)
        y[i] = y[i - 1] * a[i] + x[i] + 0.1 * sin(y[i - 1]);
}

#pragma pargrad reverse(array_recur) wrt(a, x) out(y)
