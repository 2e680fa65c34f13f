/* pargrad_gen 96 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += (q[i] * (((q[i] < 0.19) ? v[i] : 0.42)));
    }
    return s;
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < n; t3 += 1) {
        double v4 = (sin(((w[n - 1]) * p)) - (0.5 * ((-1.38) + x[t3])));
        double s5 = 0.0;
        #pragma pargrad reduce(+ : s5)
        for (int j6 = 0; j6 < m; j6++) {
            if ((t3 % 2 == 0)) {
                s5 = s5 + cbrt(2.0 + sin(atanf((float)tan(0.7 * tanh(((double)j6 / n)))) * 0.5f));
            }
        }
        double v7 = (tanh(tanh(s5)) + (-1.38));
        if ((hypot(0.54, 0.5 + (-1.14) * (-1.14)) < -0.26))
            break;
    }
    #pragma pargrad map
    for (int i8 = 0; i8 <= n - 1; i8++) {
        tm2[i8] = 1.41;
    }
    double la9[3] = {(x[0] / (1.0 + (tm2[0] - p) * (tm2[0] - p))), w[0], (-0.03)};
    for (int t10 = 0; t10 < 3; t10++) {
        #pragma pargrad map
        for (int i11 = 1; i11 < n - 1; ++i11) {
            tm1[i11] = 0.5 * tm2[i11] + 0.25 * (tm2[i11 - 1] + tm2[i11 + 1]) * tanh(la9[1]);
        }
        #pragma pargrad map
        for (int i12 = 1; i12 < n - 1; i12++) {
            tm2[i12] = tm1[i12];
        }
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        double v14 = sin((sqrtf(1.0f + (float)(pow(1.5 + cos(tm2[0]), 1.5) * pow(1.5 + cos(tm2[0]), 1.5))) * (((x[n - 1]) / (1.0 + (w[n - 1]) * (w[n - 1]))) - cbrt(2.0 + sin(x[0])))));
        #pragma pargrad map
        for (int j15 = 0; j15 < m; j15++) {
            for (int t16 = 0; t16 < 4; ++t16) {
                int k17 = (j15 * 1 + 0) % 5;
                if ((m < 3))
                    break;
            }
            tm2[i13 * m + j15] = pow(1.0 + v14 * v14, 0.5 + 0.3 * sin(tanh((-1.26 * x[i13] + p))));
        }
        y[i13] = p;
    }
    free(tm1);
    free(tm2);
    return log(1.0 + (tm2[n / 2]) * (tm2[n / 2]));
}

#pragma pargrad reverse(f) wrt(x, p) out(y, return)
