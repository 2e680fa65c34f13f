/* Regression (random tester, void_return and float_bound): code after a
 * guard clause is the else side of the guard, so its loops, bounds and
 * temporaries live in a block of the output. A sequential loop with a
 * floating bound (t <= T / dt) around an in-place map was rejected there
 * (its bound could not be recomputed to save what the block overwrites);
 * a malloc'ed temporary after the guard was never freed (a leak, and an
 * unused variable when the temporary is only freed). */
#include <math.h>
#include <stdlib.h>

void steps(int n, const double *x, double *y) {
    if (n < 2)
        return;
    const double T = 0.30, dt = 0.10;
    for (int t = 0; t <= T / dt; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            y[i] = y[i] * sin(x[i]) + 0.1 * t;
    }
}

void squares(int n, const double *x, double *y) {
    if (n < 2)
        return;
    double *tm = malloc((size_t)n * sizeof(double));
    double *unused = malloc((size_t)n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        tm[i] = sin(x[i]);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = tm[i] * tm[i] + y[i];
    free(unused);
    free(tm);
}

#pragma pargrad reverse(steps) wrt(x) out(y)
#pragma pargrad reverse(squares) wrt(x) out(y)
