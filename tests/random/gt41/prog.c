/* pargrad_gen 41 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return 0.44;
}
double f(int n, int m, const double *x, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    if (((h1(x, 0)) < -0.18)) {
        if (((u[n / 2]) < 0.26)) {
            #pragma pargrad map
            for (int i3 = 1; i3 < n - 1; i3++) {
                #pragma pargrad map
                for (int j4 = 0; j4 < m; j4++) {
                    double v5 = atanf((float)expm1(0.5 * sin(tan(0.7 * tanh((u[i3 * m + j4])))))) * 0.5f;
                    u[i3 * m + j4] = tanh(logf(1.0f + (float)cos(v5) * (float)cos(v5)));
                }
                tm1[i3] = (x[(i3 + 1) % n]);
            }
        } else {
            float f6 = (float)(0.42);
        }
    } else {
        double v7 = (u[n - 1]);
    }
    for (int t8 = 0; t8 < 4; t8 += 1) {
        #pragma pargrad map
        for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
            buf2[i9] = 0.5 * u[i9] + 0.25 * (u[i9 - 1] + u[i9 + 1]) * tanh((u[i9 + 1]));
        }
        #pragma pargrad map
        for (int i10 = 1; i10 < n - 1; i10 += 1) {
            u[i10] = buf2[i10];
        }
    }
    free(tm1);
    return (h1(x, 0));
}

#pragma pargrad reverse(f) wrt(x, u) out(u, return)
