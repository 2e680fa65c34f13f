/* A sequential time loop whose body overwrites u every step through two maps
 * (a nonlinear diffusion step into tmp, then a copy back), followed by a
 * +-reduce of u^2. u is both an active input and overwritten; tmp is scratch
 * (its initial contents are never read: boundary entries are not written). */
#include <math.h>

double heat(int n, int T, double *u, double *tmp, const double *k) {
    for (int t = 0; t < T; t++) {
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            tmp[i] = u[i] + k[i] * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.05 * sin(u[i]) * u[i];
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = tmp[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}

#pragma pargrad reverse(heat) wrt(u, k)
