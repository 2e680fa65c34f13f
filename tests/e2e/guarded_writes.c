/* Writes whose index is valid only where a condition holds: a loop that
 * stops at the first of two bounds (lifted as a while loop, whose last,
 * exiting iteration has an index past the end) and writes under an if
 * that checks the index. The elements they overwrite must be saved only
 * where the write runs: reading and restoring p[8] of a double p[8] on the
 * stack overwrote the adjoint array next to it (a wrong gradient). */
#include <math.h>

enum { M = 8 };

double gw_two_bounds(int n, const double *x) {
    double p[M] = {0};
    for (int i = 0; i < M && i < n; i++)
        p[i] = sin(x[i]);
    double s = 0.0;
    for (int i = 0; i < M; i++)
        s += p[i] * p[i] * (i + 1);
    return s;
}

double gw_checked_index(int n, const double *x) {
    double q[M] = {0};
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        int k = (i * 5) % (M + 3);
        if (k < M)
            q[k] = x[i] * q[k] + cos(x[i]);
        s += q[i % M] * x[i];
    }
    for (int i = 0; i < M; i++)
        s += q[i] * q[i];
    return s;
}

#pragma pargrad reverse(gw_two_bounds) wrt(x)
#pragma pargrad reverse(gw_checked_index) wrt(x)
