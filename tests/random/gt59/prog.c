/* pargrad_gen 59 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return tan(0.7 * tanh(v[k]));
}
void f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3++) {
        #pragma pargrad map
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = atanf((float)atan(fabs(w[i3]))) * 0.5f;
            y[i3 * m + j4] = cos(v5);
        }
        tm1[i3] = (-1.41);
    }
    float f6 = (float)(expf(tanhf((float)logf(1.0f + (float)x[0] * (float)x[0]))));
    for (int t7 = 0; t7 < 3; t7++) {
        double s8 = -1.0e3;
        #pragma pargrad reduce(max : s8)
        for (int i9 = 0; i9 < n; ++i9) {
            s8 = fmax(s8, (w[t7 % n]));
        }
        if ((t7 % 2 == 0))
            break;
    }
    if ((((((w[0] < -0.42) ? f6 : (w[n - 1]))) / (1.0 + logf(1.0f + (float)x[0] * (float)x[0]) * logf(1.0f + (float)x[0] * (float)x[0]))) < -0.13)) {
        float f10 = (float)(((0.06 - 0.03) / (1.0 + (f6 + x[0]) * (f6 + x[0]))));
        f10 += (h1(x, 0));
    } else {
        #pragma pargrad map
        for (int i11 = 0; i11 <= n - 1; i11++) {
            double la12[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), (h1(x, n - 1)), atan(sinf((float)f6))};
            tm1[i11] = (w[i11] / (1.0 + (sinf((float)(x[(i11 + 1) % n])) * log(2.0 + sin(w[0]))) * (sinf((float)(x[(i11 + 1) % n])) * log(2.0 + sin(w[0])))));
        }
        double v13 = sinf((float)tm1[0]);
        if ((erf(tm1[0]) < -0.45)) {
            free(tm1);
            free(tm2);
            return;
        }
    }
    #pragma pargrad map
    for (int i14 = 0; i14 <= n - 1; i14++) {
        if (((x[n - 1]) > 0.02)) {
            y[i14] = (0.25 * i14);
        } else {
            y[i14] = exp(-((-1.02) * f6) * ((-1.02) * f6));
        }
    }
    free(tm1);
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x) out(y)
