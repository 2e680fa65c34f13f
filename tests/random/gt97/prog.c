/* pargrad_gen 97 */
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
double f(int n, int m, const double *x, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < n; t3 += 1) {
        double v4 = ((0.5 * (((n > 3) ? (x[n - 1]) : x[t3]))) / (1.0 + pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5)));
        #pragma pargrad map
        for (int i5 = 0; i5 < n; i5 += 1) {
            tm1[i5] = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
        }
        float f6 = (float)(hypot(((h1(n, x, x)) / (1.0 + (h1(n, x, x)) * (h1(n, x, x)))), 0.5 + atan((h1(n, x, x))) * atan((h1(n, x, x)))));
        if ((tm1[0] < 0.13))
            break;
    }
    double la7[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), ((h2(n, x, x)) / (1.0 + (h2(n, x, x)) * (h2(n, x, x)))), atanf((float)(p - x[0])) * 0.5f};
    double v8 = x[0];
    double s9 = 1.0;
    #pragma pargrad reduce(* : s9)
    for (int i10 = 0; i10 < n; ++i10) {
        s9 = s9 * (1.0 + 0.2 * tanh(la7[1]));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; ++i11) {
        for (int t12 = 0; t12 < 4; t12++) {
            if ((s9 > -0.27)) {
                double v13 = sqrtf(1.0f + (float)(pow(1.5 + cos((x[n - 1 - i11])), 1.5) * pow(1.5 + cos((x[n - 1 - i11])), 1.5)));
            }
            double v14 = v8;
            if ((cbrt(2.0 + sin((x[n - 1 - i11]))) > -0.19))
                break;
        }
        if ((sqrt(0.5 + x[i11] * x[i11]) > 0.10)) {
            y[i11] = p;
        } else {
            y[i11] = atanf((float)(x[n - 1 - i11])) * 0.5f;
        }
    }
    free(tm1);
    free(tm2);
    return cos(pow(1.0 + v8 * v8, 0.5 + 0.3 * sin(((float)s9))));
}

#pragma pargrad reverse(f) wrt(x, p) out(y, return)
