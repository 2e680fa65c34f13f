/* pargrad_gen 66 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = x[0];
    double v3 = expf(tanhf((float)log1p(tanh(v2) * tanh(v2))));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4 += 1) {
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int j6 = 0; j6 < m; j6++) {
            float f7 = (float)(pow(1.0 + (w[i4 * m + m - 1]) * (w[i4 * m + m - 1]), 0.5 + 0.3 * sin(expm1(0.5 * sin(((double)i4 / n))))));
            float f8 = (float)(v3);
            s5 = fmin(s5, sin((((x[i4 * m + j6]) - log(1.0 + f7 * f7)) * (sin((u[i4 * m + 0])) + erf(f8)))));
        }
        #pragma pargrad map
        for (int j9 = 0; j9 < m; j9++) {
            double v10 = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
            float f11 = (float)(cos(v3));
            double v12 = log(1.0 + f11 * f11);
            u[i4 * m + j9] = sin(u[i4 * m + j9]) + (-1.38);
        }
        s5 = cos((0.5 * v2));
        double v13 = ((double)i4 / n);
        if ((sinf((float)(x[(i4 + 1) % n])) < -0.21)) {
            tm1[i4] = sqrtf(1.0f + (float)(((x[n - 1]) * expm1(0.5 * sin((s5 / (1.0 + s5 * s5))))) * ((x[n - 1]) * expm1(0.5 * sin((s5 / (1.0 + s5 * s5)))))));
        } else {
            tm1[i4] = (sin(s5) + (v2 + (-0.03)));
        }
    }
    for (int t14 = 0; t14 <= n - 1; t14++) {
        v3 += 0.25 * sin(v2);
        if ((w[0] < -0.28))
            break;
    }
    double v15 = sin(((v3 / (1.0 + (u[n - 1]) * (u[n - 1]))) * log(1.0 + ((-1.02) / (1.0 + v2 * v2)) * ((-1.02) / (1.0 + v2 * v2)))));
    free(tm1);
    return (pow(1.5 + cos(((float)v15)), 1.5) + atanf((float)x[0]) * 0.5f);
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, return)
