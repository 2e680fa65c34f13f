/* The array form of affine scans, scan(affine: y) over y[i] = a * y[i - 1]
 * + b: exponential smoothing, the operator inferred, a start after a
 * prefix written before the loop, y[i - 1] also read before the update (an
 * exclusive use), the update spelled y[i - 1] * a + b, and a recurrence
 * in every step of a time loop. */
#include <math.h>
#include <stdlib.h>

static double weighted(int n, const double *y) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.1 * i);
    return s;
}

double rec_smooth(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    y[0] = x[0];
#pragma pargrad scan(affine : y)
    for (int i = 1; i < n; i++) {
        double decay = 0.5 + 0.4 * tanh(x[i] - x[i - 1]);
        y[i] = decay * y[i - 1] + (1.0 - decay) * x[i];
    }
    double s = weighted(n, y);
    free(y);
    return s;
}

double rec_inferred(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    y[0] = sin(x[0]);
#pragma pargrad scan(y)
    for (int i = 1; i < n; i++)
        y[i] = y[i - 1] * (0.6 + 0.3 * cos(x[i])) + x[i] * x[i];
    double s = weighted(n, y);
    free(y);
    return s;
}

/* y[0..2] first, the recurrence from 3 on; y[i - 1] read before the update */
double rec_late_start(int n, const double *x) {
    double *y = malloc((size_t)(n + 3) * sizeof(double));
    double *z = malloc((size_t)(n + 3) * sizeof(double));
    y[0] = 1.0;
    y[1] = x[0];
    y[2] = x[0] * x[0];
    int lo = 3, hi = n + 3;
#pragma pargrad scan(affine : y)
    for (int i = lo; i < hi; i++) {
        z[i] = y[i - 1] * x[i - 3];
        y[i] = -(0.4 * y[i - 1]) + exp(-x[i - 3]) / 2.0;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = lo; i < hi; i++)
        s += z[i] + y[i] * y[i];
    s += y[2];
    free(y);
    free(z);
    return s;
}

/* a recurrence per step of a time loop, started from the state */
double rec_steps(int n, const double *x) {
    double *y = malloc((size_t)(n + 1) * sizeof(double));
    double c = 0.5;
    for (int t = 0; t < 3; t++) {
        y[0] = c;
#pragma pargrad scan(affine : y)
        for (int i = 1; i <= n; i++)
            y[i] = (0.3 + 0.1 * t) * y[i - 1] + c * x[i - 1];
        c = 0.5 * c + 0.1 * y[n];
    }
    free(y);
    return c;
}

#pragma pargrad reverse(rec_smooth) wrt(x)
#pragma pargrad reverse(rec_inferred) wrt(x)
#pragma pargrad reverse(rec_late_start) wrt(x)
#pragma pargrad reverse(rec_steps) wrt(x)
