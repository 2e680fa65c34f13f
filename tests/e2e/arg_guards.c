/* Guards as library code writes them: arguments checked at the top, a
 * message and exit() or abort() where they are wrong, a switch-like chain
 * of modes whose last branch aborts, and a check of the data inside a
 * reduce. The gradient stops where the primal would. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double guarded_norm(int n, const double *x) {
    if (n <= 0) {
        fprintf(stderr, "guarded_norm: n = %d, must be positive\n", n);
        exit(EXIT_FAILURE);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return sqrt(s);
}
#pragma pargrad reverse(guarded_norm) wrt(x)

/* the scale chosen by a mode; an unknown mode aborts */
double mode_scaled(int n, const double *x) {
    int mode = n % 3;
    double scale;
    if (mode == 0)
        scale = 1.5;
    else if (mode == 1)
        scale = 2.0 * x[0] * x[0];
    else if (mode == 2)
        scale = exp(0.5 * x[n - 1]);
    else {
        fprintf(stderr, "mode_scaled: unknown mode %d\n", mode);
        abort();
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        if (!isfinite(x[i])) {
            fprintf(stderr, "mode_scaled: x[%d] is not finite\n", i);
            exit(2);
        }
        s += scale * sin(x[i]) * x[i];
    }
    return s;
}
#pragma pargrad reverse(mode_scaled) wrt(x)
