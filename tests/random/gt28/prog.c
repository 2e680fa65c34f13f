/* pargrad_gen 28 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double p, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        double s3 = 1.0e3;
        #pragma pargrad reduce(min : s3)
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = (cos(exp(-u[i2] * u[i2])) / (1.0 + fmax((w[(i2 + 1) % n * m + m - 1 - j4]), (w[(i2 + 1) % n * m + m - 1 - j4]) - 0.25) * fmax((w[(i2 + 1) % n * m + m - 1 - j4]), (w[(i2 + 1) % n * m + m - 1 - j4]) - 0.25)));
            double v6 = expf(tanhf((float)log1p(tanh(v5) * tanh(v5))));
            s3 = fmin(s3, (((v6 > 0.27) ? cos(((-1.26) - p)) : ((-1.41) * pow(1.0 + (w[i2 * m + m - 1]) * (w[i2 * m + m - 1]), 0.5 + 0.3 * sin(v6))))));
        }
        float f7 = (float)(tan(0.7 * tanh(w[i2])));
        if ((sin((((0.25 * i2) - f7) * (x[0] + (-1.38)))) < -0.35)) {
            #pragma pargrad map
            for (int j8 = 0; j8 < m; j8++) {
                double v9 = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
                tm1[i2 * m + j8] = atan(exp(-tanh(s3) * tanh(s3)));
            }
        } else {
            double s10 = 1.0;
            #pragma pargrad reduce(* : s10)
            for (int j11 = 0; j11 < m; j11++) {
                s10 = s10 * (1.0 + 0.2 * tanh(sqrtf(1.0f + (float)(fmin((x[(i2 + 1) % n]), fabs(f7) + 0.25) * fmin((x[(i2 + 1) % n]), fabs(f7) + 0.25)))));
            }
        }
        u[i2] = ((-0.03) + (w[n - 1]));
    }
    double v12 = (log(2.0 + sin((x[0] - (-0.72)))) + atanf((float)cos(p)) * 0.5f);
    if ((log1p(v12 * v12) < -0.01)) {
        for (int t13 = 0; t13 < 4; t13++) {
            if ((v12 > 0.30)) {
                double v14 = sin((sqrtf(1.0f + (float)(pow(1.5 + cos(u[0]), 1.5) * pow(1.5 + cos(u[0]), 1.5))) * (((x[n - 1]) / (1.0 + (w[n - 1]) * (w[n - 1]))) - cbrt(2.0 + sin(x[0])))));
            } else {
                double s15 = 1.0e3;
                #pragma pargrad reduce(min : s15)
                for (int i16 = 0; i16 < n; i16 += 1) {
                    if (erf((p + atanf((float)w[0]) * 0.5f)) < s15) s15 = erf((p + atanf((float)w[0]) * 0.5f));
                }
            }
            double v17 = ((float)tanh(cos(p)));
            if (((0.25 * t13) < 0.35))
                break;
        }
        #pragma pargrad map
        for (int i18 = 0; i18 <= n - 1; i18++) {
            u[i18] = u[i18] * atan((0.25 * i18));
        }
    } else {
        v12 += (w[n / 2]);
        double v19 = log1p(w[0] * w[0]);
    }
    #pragma pargrad map
    for (int i20 = 0; i20 < n; ++i20) {
        double la21[3] = {erf((0.5 * p)), (-0.39 * pow(1.5 + cos(u[i20]), 1.5) + 0.63), p};
        #pragma pargrad map
        for (int j22 = 0; j22 < m; j22++) {
            tm1[i20 * m + j22] = la21[0];
        }
        u[i20] = sin(u[i20]) + expm1(0.5 * sin(cos(pow(1.5 + cos(v12), 1.5))));
    }
    free(tm1);
    return w[0];
}

#pragma pargrad reverse(f) wrt(x, w, p, u) out(u, return)
