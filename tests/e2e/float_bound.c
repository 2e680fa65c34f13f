/* Regression (trust issue): loop bounds compare as C compares. A floating
 * bound is not truncated to the index type: k < T / dt with T / dt = 4.5
 * runs k = 0..4 (five steps), and k <= 2.5 runs k = 0..2. */
#include <math.h>

double float_bound(int n, const double *x) {
    double T = 0.45, dt = 0.1;
    double u = x[0];
    for (int k = 0; k < T / dt; k++)
        u = u + dt * sin(u * x[1]);
    for (int k = 0; k <= 2.5; k++)
        u = u * (1.0 + 0.1 * x[2]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n * 0.5; i++)
        s += x[i] * x[i];
    return u + s;
}

#pragma pargrad reverse(float_bound) wrt(x)
