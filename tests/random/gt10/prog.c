/* pargrad_gen 10 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double v4 = exp(-(tan(0.7 * tanh(((double)t3 / n))) - fabs((x[n / 2]))) * (tan(0.7 * tanh(((double)t3 / n))) - fabs((x[n / 2]))));
    }
    double v5 = 0.44;
    double v6 = (x[0] * (((v5 < -0.23) ? v5 : p)));
    if ((fmin((x[0] * v5), atanf((float)v5) * 0.5f + 0.25) > -0.10)) {
        v5 += fabs(atanf((float)(x[n / 2])) * 0.5f);
        v6 = (0.5 * (x[n - 1]));
        float f7 = (float)(v5);
        for (int t8 = 0; t8 < n; t8++) {
            float f9 = (float)(v6);
            double s10 = 1.0e3;
            #pragma pargrad reduce(min : s10)
            for (int j11 = 0; j11 <= m - 1; j11++) {
                s10 = fmin(s10, p);
            }
            double v12 = pow(1.0 + ((double)t8 / n) * ((double)t8 / n), 0.5 + 0.3 * sin((((n > 3) ? (x[n - 1]) : x[t8]))));
            double v13 = x[0];
        }
    } else {
        double v14 = p;
        v14 = expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)));
        double s15 = 1.0;
        #pragma pargrad reduce(* : s15)
        for (int i16 = 0; i16 < n; i16++) {
            double s17 = 1.0e3;
            #pragma pargrad reduce(min : s17)
            for (int j18 = 0; j18 < m; j18++) {
                double v19 = v14;
                if ((x[0] + (expf(tanhf((float)v5)) * (0.99 * (x[n - 1]) + (x[n - 1 * m + j18])))) < s17) s17 = (x[0] + (expf(tanhf((float)v5)) * (0.99 * (x[n - 1]) + (x[n - 1 * m + j18]))));
            }
            double v20 = fmin(log(2.0 + sin((x[i16] + p))), (x[(i16 + 1) % n]) + 0.25);
            s15 = s15 * (1.0 + 0.2 * tanh((((p > 0.14) ? v14 : (0.25 * i16)))));
        }
        float f21 = (float)(tanh(log(2.0 + sin((x[n / 2])))));
    }
    double v22 = sqrtf(1.0f + (float)(pow(1.5 + cos((x[n / 2])), 1.5) * pow(1.5 + cos((x[n / 2])), 1.5)));
    free(tm1);
    free(tm2);
    return (((v6 / (1.0 + x[0] * x[0])) - cbrt(2.0 + sin((x[n / 2])))) * p);
}

#pragma pargrad reverse(f) wrt(x, p)
