/* rejected (valid program): an early return (a guard clause "if (n < 2) return;" in a void f, or "if (x[0] > 0.9) return 0.0;") before a sequential loop with a floating bound (t <= T / dt, also t < 0.5 * n) around an in-place map: "cannot tell before the loop which elements this assignment overwrites". Accepted with an integer bound (t < 3, t < n) or without the early return. Found by pargrad_gen 1068 (float_bound + void_return). */
#include <math.h>
void f(int n, const double *x, double *y) {
    if (n < 2)
        return;
    const double T = 0.30, dt = 0.10;
    for (int t = 0; t <= T / dt; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            y[i] = y[i] * sin(x[i]);
    }
}
#pragma pargrad reverse(f) wrt(x) out(y)
