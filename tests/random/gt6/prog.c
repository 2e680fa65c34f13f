/* pargrad_gen 6 */
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
double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = sin(pow(1.0 + (((w[0] < 0.23) ? 0.76 : x[0])) * (((w[0] < 0.23) ? 0.76 : x[0])), 0.5 + 0.3 * sin(fabs(x[0]))));
    double s3 = -1.0e3;
    #pragma pargrad reduce(max : s3)
    for (int i4 = 0; i4 < n; i4++) {
        #pragma pargrad map
        for (int j5 = 0; j5 < m; j5++) {
            tm1[i4 * m + j5] = (w[0 * m + j5]);
        }
        double s6 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s6)
        for (int j7 = 0; j7 < m; j7 += 1) {
            if ((cos(v2) > 0.17)) {
                s6 += expm1(0.5 * sin((-0.30)));
            }
        }
        s6 = v2;
        for (int t8 = 0; t8 < 2; t8++) {
            double v9 = sin((sqrt(1.0 + ((double)i4 / n) * ((double)i4 / n)) - atan((x[t8 % n]))));
            for (int t10 = 0; t10 < m; t10 += 1) {
                double v11 = (log(2.0 + sin(((w[i4 * m + t10]) + v9))) / (1.0 + (x[i4 * m + t10]) * (x[i4 * m + t10])));
                v11 = expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)));
                float f12 = (float)(atan(sin((h1(n, x, w)))));
            }
            double v13 = (log(1.0 + v9 * v9) + w[0]);
            v9 += (hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))));
            if (((v13 / (1.0 + (w[t8 % n]) * (w[t8 % n]))) > -0.23))
                break;
        }
        s3 = fmax(s3, sinf((float)(x[(i4 + 1) % n])));
    }
    double s14 = 1.0;
    #pragma pargrad reduce(* : s14)
    for (int i15 = 0; i15 < n; i15++) {
        s14 = s14 * (1.0 + 0.2 * tanh((v2 + tanh(atanf((float)((double)i15 / n)) * 0.5f))));
    }
    float f16 = (float)(s14);
    double v17 = sin((sqrtf(1.0f + (float)(pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))) * (((x[n - 1]) / (1.0 + (x[n - 1]) * (x[n - 1]))) - cbrt(2.0 + sin(w[0])))));
    #pragma pargrad map
    for (int i18 = 1; i18 < n - 1; i18++) {
        double v19 = ((float)s14);
        y[i18] = (atanf((float)x[0]) * 0.5f * exp(-pow(1.0 + v17 * v17, 0.5 + 0.3 * sin(atan(s3))) * pow(1.0 + v17 * v17, 0.5 + 0.3 * sin(atan(s3)))));
    }
    free(tm1);
    return tanh((sqrt(1.0 + sin((w[0] * v2)) * sin((w[0] * v2))) + s14));
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
