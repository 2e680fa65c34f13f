/* pargrad_gen 29 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return 0.65;
}
double f(int n, int m, const double *x, const double *w, const double a[n][m], double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((fabs((w[n - 1])) - (a[n / 2][m - 1])) - log(1.0 + (u[n - 1]) * (u[n - 1])));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4++) {
        u[i4] = (atanf((float)expm1(0.5 * sin((x[(i4 + 1) % n])))) * 0.5f * tanh((sqrt(0.5 + v3 * v3) * ((a[(i4 + 1) % n][m - 1]) + (w[n - 1])))));
    }
    for (int t5 = 0; t5 < 3; t5++) {
        #pragma pargrad map
        for (int i6 = 1; i6 < n - 1; i6++) {
            tm2[i6] = 0.5 * u[i6] + 0.25 * (u[i6 - 1] + u[i6 + 1]) * tanh(sqrt(1.0 + (tm2[i6] + (u[i6 - 1])) * (tm2[i6] + (u[i6 - 1]))));
        }
        #pragma pargrad map
        for (int i7 = 1; i7 < n - 1; i7++) {
            u[i7] = tm2[i7];
        }
    }
    free(tm1);
    free(tm2);
    return cos(sin(expm1(0.5 * sin(v3))));
}

#pragma pargrad reverse(f) wrt(x, w, a, u) out(u, return)
