/* pargrad_gen 94 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
double f(int n, int m, const double *x, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = exp(-(0.81 * cos((0.25 * t2)) + 0.81) * (0.81 * cos((0.25 * t2)) + 0.81));
        double la4[3] = {x[0], v3, atan(sqrt(1.0 + pow(1.0 + ((double)t2 / n) * ((double)t2 / n), 0.5 + 0.3 * sin(x[0])) * pow(1.0 + ((double)t2 / n) * ((double)t2 / n), 0.5 + 0.3 * sin(x[0]))))};
        double v5 = v3;
        v5 += pow(1.5 + cos(x[0]), 1.5);
    }
    double v6 = p;
    double v7 = sinf((float)sin(hypot(pow(1.5 + cos(v6), 1.5), 0.5 + sqrt(1.0 + v6 * v6) * sqrt(1.0 + v6 * v6))));
    double s8 = 1.0e3;
    #pragma pargrad reduce(min : s8)
    for (int i9 = 0; i9 < n; i9++) {
        #pragma pargrad map
        for (int j10 = 0; j10 < m; j10 += 1) {
            y[i9 * m + j10] = atanf((float)fmin(x[0], fmin(v7, v6 + 0.25) + 0.25)) * 0.5f;
        }
        s8 = fmin(s8, ((-0.03) + (x[(i9 + 1) % n])));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; ++i11) {
        float f12 = (float)(x[i11]);
        float f13 = (float)((x[(i11 + 1) % n]));
        y[i11] = log1p(erf((sin(s8) + (x[n - 1]))) * erf((sin(s8) + (x[n - 1]))));
    }
    free(tm1);
    return ((((v7 - (s8 / (1.0 + s8 * s8))) / (1.0 + sin(s8) * sin(s8))) + s8) / (1.0 + (((v7 - (s8 / (1.0 + s8 * s8))) / (1.0 + sin(s8) * sin(s8))) + s8) * (((v7 - (s8 / (1.0 + s8 * s8))) / (1.0 + sin(s8) * sin(s8))) + s8)));
}

#pragma pargrad reverse(f) wrt(x, p) out(y, return)
