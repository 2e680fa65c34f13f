/* pargrad_gen 45 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((((x[0] + x[0]) > -0.43) ? x[0] : ((x[n / 2]) * cos((x[n - 1])))));
    for (int t4 = 0; t4 < 2; t4++) {
        v3 = 0.5 * v3 + 0.5 * tanh((0.06 * log1p(v3 * v3) + cos(v3)));
        for (int t5 = 0; t5 < 3; ++t5) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int i7 = 0; i7 < n; i7++) {
                double s8 = -1.0e3;
                #pragma pargrad reduce(max : s8)
                for (int j9 = 0; j9 < m; j9++) {
                    double la10[3] = {sqrtf(1.0f + (float)((x[i7] - (x[i7 * m + m - 1])) * (x[i7] - (x[i7 * m + m - 1])))), erf(((x[i7 * m + 0]) - v3)), (x[t4 % n])};
                    if ((i7 % 2 == 0)) {
                        if (logf(1.0f + (float)atanf((float)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5f * (float)atanf((float)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5f) > s8) s8 = logf(1.0f + (float)atanf((float)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5f * (float)atanf((float)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5f);
                    }
                }
                if (v3 > s6) s6 = v3;
            }
            #pragma pargrad map
            for (int i11 = 0; i11 <= n - 1; i11++) {
                tm1[i11] = sqrtf(1.0f + (float)(cos((0.5 * v3)) * cos((0.5 * v3))));
            }
        }
    }
    #pragma pargrad map
    for (int i12 = 0; i12 < n; i12 += 1) {
        #pragma pargrad map
        for (int j13 = 0; j13 < m; j13++) {
            double v14 = (log(2.0 + sin((((double)j13 / n) - (x[0 * m + j13])))) / (1.0 + atanf((float)pow(1.5 + cos(v3), 1.5)) * 0.5f * atanf((float)pow(1.5 + cos(v3), 1.5)) * 0.5f));
            tm1[i12 * m + j13] = (x[i12 * m + j13]);
        }
        y[i12] = ((double)i12 / n);
    }
    free(tm1);
    free(tm2);
    return x[0];
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
