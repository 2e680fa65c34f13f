/* A time loop with ping-pong buffers: each step a map computes v from u (a
 * nonlinear stencil), then a second map writes u in place from v (another
 * stencil). v's boundary entries are set by scalar assignments each step, so
 * v's initial contents are never read. Active: u (overwritten), k (array),
 * c (scalar); the result is a +-reduce of u^2. */
#include <math.h>

double pingpong(int n, int T, double c, double *u, double *v, const double *k) {
    for (int t = 0; t < T; t++) {
        v[0] = u[0];
        v[n - 1] = u[n - 1];
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            v[i] = u[i] + k[i] * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.05 * sin(u[i]);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i] + c * (v[i - 1] - 2.0 * v[i] + v[i + 1]) - 0.03 * v[i] * v[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}

#pragma pargrad reverse(pingpong) wrt(c, u, k)
