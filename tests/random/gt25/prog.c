/* pargrad_gen 25 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fabs(v[i]);
    }
    return s;
}
static double h2(const double *v, int k) {
    return tan(0.7 * tanh((((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25)))));
}
double f(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3++) {
        #pragma pargrad map
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = atanf((float)atan(fabs(w[i3]))) * 0.5f;
            y[i3 * m + j4] = cbrt(2.0 + sin(p));
        }
        tm1[i3] = ((-1.41) * expm1(0.5 * sin((w[n - 1]))));
    }
    double s6 = -1.0e3;
    #pragma pargrad reduce(max : s6)
    for (int i7 = 0; i7 < n; i7++) {
        double s8 = -1.0e3;
        #pragma pargrad reduce(max : s8)
        for (int j9 = 0; j9 < m; j9++) {
            double la10[3] = {logf(1.0f + (float)(x[i7] / (1.0 + p * p)) * (float)(x[i7] / (1.0 + p * p))), sin(expm1(0.5 * sin((x[(i7 + 1) % n])))), w[i7]};
            if ((0.5 * (sin((la10[i7 % 3])) / (1.0 + p * p))) > s8) s8 = (0.5 * (sin((la10[i7 % 3])) / (1.0 + p * p)));
        }
        if (p > s6) s6 = p;
    }
    if ((((atan(s6) + tanh(s6)) + (x[0] * (s6 / (1.0 + s6 * s6)))) > -0.07)) {
        double v11 = sqrtf(1.0f + (float)(cos((0.5 * sin(s6))) * cos((0.5 * sin(s6)))));
    } else {
        double v12 = (-0.03);
        #pragma pargrad map
        for (int i13 = 0; i13 < n; ++i13) {
            double v14 = (log(2.0 + sin((w[i13] - (-0.72)))) * sinf((float)exp(tanh(atan(s6)))));
            y[i13] = (-0.27 * v12 + sqrt(1.0 + expf(tanhf((float)p)) * expf(tanhf((float)p))));
        }
        if (((x[n / 2]) > 0.19)) {
            for (int t15 = 0; t15 < n; t15 += 1) {
                v12 += 0.25 * sin(((v12 / (1.0 + (w[n - 1]) * (w[n - 1]))) - cbrt(2.0 + sin(x[0]))));
                if ((t15 % 2 == 0))
                    break;
            }
        } else {
            for (int t16 = 0; t16 < 4; ++t16) {
                s6 += 0.25 * sin(p);
                if ((m < 3))
                    break;
            }
            double s17 = 0.5 * x[0];
            double s18 = 0.0;
            #pragma pargrad reduce(+ : s17, s18)
            for (int i19 = 0; i19 < n; i19++) {
                float f20 = (float)(v12);
                s17 = s17 + fmax(sqrt(0.5 + ((0.25 * i19) - x[0]) * ((0.25 * i19) - x[0])), x[i19] - 0.25);
                s18 = s18 + sqrt(0.5 + sqrtf(1.0f + (float)((y[(i19 + 1) % n]) * (y[(i19 + 1) % n]))) * sqrtf(1.0f + (float)((y[(i19 + 1) % n]) * (y[(i19 + 1) % n]))));
            }
        }
    }
    float f21 = (float)((((tanh(s6) < -0.28) ? ((-0.21) * p) : tan(0.7 * tanh((s6 / (1.0 + s6 * s6)))))));
    #pragma pargrad map
    for (int i22 = 1; i22 < n - 1; i22++) {
        int k23 = (i22 * 2 + 1) % 5;
        double v24 = p;
        y[i22] = erf(tanh(p));
    }
    free(tm1);
    free(tm2);
    return sqrt(0.5 + expm1(0.5 * sin((tanh(s6) * tanh(s6)))) * expm1(0.5 * sin((tanh(s6) * tanh(s6)))));
}

#pragma pargrad reverse(f) wrt(x, w, p) out(y, return)
