/* expect: 7:6: cannot tell how many elements of the output 'y' there are */
#include <math.h>

/* An output written only at indices taken from an int array: pargrad
 * cannot size y_b to consume its seeds. With wrt(x, y) (the hint) y_b
 * instead returns the adjoint of y's input values, which needs no size. */
void f(int n, const double *x, double *y) {
    int pick[2] = {0, n - 1};
    for (int i = 0; i < n; i++)
        y[pick[i % 2]] = sin(x[i]) + y[pick[(i + 1) % 2]];
}

#pragma pargrad reverse(f) wrt(x) out(y)
