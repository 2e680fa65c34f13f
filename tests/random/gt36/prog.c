/* pargrad_gen 36 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fmax(log(1.0 + q[i] * q[i]), (-0.69 * 0.56 + v[i]) - 0.25);
    }
    return s;
}
double f(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 1; i2 < n - 1; i2++) {
        if ((atan((h1(n, x, w))) > -0.43)) {
            tm1[i2] = (w[i2 + 1]);
        } else {
            tm1[i2] = expm1(0.5 * sin((w[n - 1])));
        }
    }
    double v3 = tanh(((float)sqrt(1.0 + x[0] * x[0])));
    for (int t4 = 0; t4 < 2; t4++) {
        double v5 = pow(1.5 + cos((cos((0.25 * t4)) + v3)), 1.5);
        double s6 = 1.0e3;
        #pragma pargrad reduce(min : s6)
        for (int i7 = 0; i7 <= n - 1; i7++) {
            s6 = fmin(s6, x[i7]);
        }
        double v8 = (tan(0.7 * tanh(fmax((w[n - 1]), v5 - 0.25))) * expf(tanhf((float)sin((x[t4 % n])))));
        float f9 = (float)(((0.06 - 0.03) / (1.0 + (v5 + v3) * (v5 + v3))));
        if ((((x[n / 2]) + w[0]) < -0.46))
            break;
    }
    #pragma pargrad map
    for (int i10 = 0; i10 < n; i10++) {
        double v11 = ((double)i10 / n);
        tm1[i10] = atanf((float)((double)i10 / n)) * 0.5f;
    }
    free(tm1);
    return (w[n - 1]);
}

#pragma pargrad reverse(f) wrt(x, w)
