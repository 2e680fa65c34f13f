/* pargrad_gen 12 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-0.48 * 0.48);
    }
    return s;
}
double f(int n, int m, const double *x, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 <= m - 1; j3++) {
            tm1[i2 * m + j3] = tan(0.7 * tanh(fmax(log(1.0 + ((double)i2 / n) * ((double)i2 / n)), (0.56 + (x[i2 * m + j3])) - 0.25)));
        }
        if ((tanh((h2(n, x, x))) < 0.50)) {
            u[i2] = u[i2];
        } else {
            u[i2] = atanf((float)tanh(u[i2])) * 0.5f;
        }
    }
    double v4 = tanh((fabs(x[0]) + (-1.41)));
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = pow(1.5 + cos((cos((0.25 * t5)) + v4)), 1.5);
    }
    free(tm1);
    return (u[n / 2]);
}

#pragma pargrad reverse(f) wrt(x, u) out(u, return)
