/* pargrad_gen 77 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double a[n][m], double *u) {
    double buf1[64];
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = sin((tanh((x[n / 2])) * sqrtf(1.0f + (float)((u[n - 1]) * (u[n - 1])))));
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; i5++) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int j7 = 0; j7 < m; j7++) {
                double la8[3] = {expf(tanhf((float)(((j7 % 2 == 0) ? (x[t2 % n]) : (a[t2 % n][m - 1]))))), fmin(u[i5], v3 + 0.25), sqrtf(1.0f + (float)(pow(1.5 + cos((x[i5 * m + j7])), 1.5) * pow(1.5 + cos((x[i5 * m + j7])), 1.5)))};
                if (sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))))) > s6) s6 = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
            }
            double s9 = 1.0e3;
            #pragma pargrad reduce(min : s9)
            for (int j10 = 0; j10 < m; j10++) {
                s9 = fmin(s9, erf((v3 + atan((u[(i5 + 1) % n])))));
            }
            if (((float)((double)i5 / n)) > s4) s4 = ((float)((double)i5 / n));
        }
        #pragma pargrad map
        for (int i11 = 0; i11 < n; i11++) {
            for (int t12 = 0; t12 < 3; t12++) {
                double la13[3] = {((a[(i11 + 1) % n][m - 1]) * u[0]), (v3 + ((double)t12 / n)), cos(((float)((double)t12 / n)))};
            }
            float f14 = (float)(v3);
            double v15 = (atanf((float)sqrt(1.0 + x[0] * x[0])) * 0.5f * ((sin(s4) / (1.0 + a[0][0] * a[0][0])) / (1.0 + sinf((float)f14) * sinf((float)f14))));
            buf1[i11] = (((double)t2 / n) * tanh(s4));
        }
        float f16 = (float)((1.08 * tanh(v3) + tan(0.7 * tanh((s4 / (1.0 + s4 * s4))))));
        f16 += hypot(log(2.0 + sin(f16)), 0.5 + ((double)t2 / n) * ((double)t2 / n));
    }
    int k17 = (n * 2 + 0) % 5;
    float f18 = (float)((((((u[n / 2]) > -0.36) ? (0.1 * k17) : (0.1 * k17))) + ((((0.1 * k17) < -0.03) ? (a[0][m - 1]) : x[0]))));
    double v19 = erf((log1p(x[0] * x[0]) + pow(1.5 + cos(u[0]), 1.5)));
    double la20[3] = {pow(1.5 + cos(((0.1 * k17) + (0.1 * k17))), 1.5), x[0], cos(exp(-(x[n / 2]) * (x[n / 2])))};
    return (x[n - 1]);
}

#pragma pargrad reverse(f) wrt(x, a, u) out(u, return)
