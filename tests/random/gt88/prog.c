/* pargrad_gen 88 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 4; t3++) {
        double s4 = 1.0e3;
        #pragma pargrad reduce(min : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            for (int t6 = 0; t6 < 2; t6++) {
                double v7 = sin((sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) - atan((x[t3 % n]))));
                double la8[3] = {sin(expm1(0.5 * sin(((double)t3 / n)))), v7, x[i5]};
                #pragma pargrad map
                for (int j9 = 0; j9 <= m - 1; j9++) {
                    int k10 = (t3 * 2 + 0) % 5;
                    double v11 = ((double)j9 / n);
                    if ((t6 % 2 == 0)) {
                        tm2[i5 * m + j9] = cbrt(2.0 + sin(sqrt(1.0 + sqrtf(1.0f + (float)(((double)i5 / n) * ((double)i5 / n))) * sqrtf(1.0f + (float)(((double)i5 / n) * ((double)i5 / n))))));
                    } else {
                        tm2[i5 * m + j9] = (v7 * exp(-x[0] * x[0]));
                    }
                }
                #pragma pargrad map
                for (int j12 = 0; j12 < m; j12++) {
                    double v13 = ((double)j12 / n);
                    tm1[i5 * m + j12] = ((double)j12 / n);
                }
            }
            double v14 = 1.41;
            double la15[3] = {(x[i5] * sqrt(0.5 + (-0.72) * (-0.72))), atanf((float)pow(1.5 + cos(v14), 1.5)) * 0.5f, sqrt(0.5 + (x[n - 1]) * (x[n - 1]))};
            float f16 = (float)(cos(((float)((double)i5 / n))));
            if (log(1.0 + tanh(log(2.0 + sin(x[0]))) * tanh(log(2.0 + sin(x[0])))) < s4) s4 = log(1.0 + tanh(log(2.0 + sin(x[0]))) * tanh(log(2.0 + sin(x[0]))));
        }
        int k17 = (t3 * 3 + 2) % 5;
        double s18 = 0.0;
        #pragma pargrad reduce(+ : s18)
        for (int i19 = 0; i19 < n; i19++) {
            double v20 = cbrt(2.0 + sin((x[(i19 + 1) % n])));
            double v21 = (-1.02);
            s18 = s18 + (0.5 * cbrt(2.0 + sin(((double)t3 / n))));
        }
        int k22 = (t3 * 2 + 0) % 5;
        float f23 = (float)((tan(0.7 * tanh(sin(s4))) + (0.1 * k22)));
        if (((0.1 * k22) > -0.29))
            break;
    }
    #pragma pargrad map
    for (int i24 = 0; i24 < n; i24++) {
        #pragma pargrad map
        for (int j25 = 0; j25 < m; j25 += 1) {
            y[i24 * m + j25] = x[i24];
        }
        if ((expf(tanhf((float)x[i24])) > -0.10)) {
            float f26 = (float)(logf(1.0f + (float)((x[n - 1]) / (1.0 + ((double)i24 / n) * ((double)i24 / n))) * (float)((x[n - 1]) / (1.0 + ((double)i24 / n) * ((double)i24 / n)))));
        }
        if ((tanh(x[0]) < 0.34)) {
            tm2[i24] = (exp(-0.11 * 0.11) + expf(tanhf((float)tanh(x[i24]))));
        } else {
            tm2[i24] = cos(pow(1.0 + 1.30 * 1.30, 0.5 + 0.3 * sin(x[0])));
        }
    }
    int k27 = (n * 1 + 0) % 5;
    if ((log(2.0 + sin(tm2[0])) > -0.06)) {
        free(tm1);
        free(tm2);
        return x[0];
    }
    double s28 = -1.0e3;
    #pragma pargrad reduce(max : s28)
    for (int i29 = 0; i29 < n; i29++) {
        double s30 = 1.0;
        #pragma pargrad reduce(* : s30)
        for (int j31 = 0; j31 < m; j31 += 1) {
            float f32 = (float)((x[n - 1 - i29 * m + j31]));
            if ((i29 % 2 == 0)) {
                s30 *= 1.0 + 0.2 * tanh(pow(1.0 + 0.81 * 0.81, 0.5 + 0.3 * sin(exp(tanh(((-0.18) * (0.1 * k27)))))));
            }
        }
        for (int t33 = 0; t33 < 2; t33++) {
            int k34 = (i29 * 2 + 1) % 5;
        }
        s28 = fmax(s28, expf(tanhf((float)(1.14 * fabs(((double)i29 / n)) + (x[n - 1 - i29])))));
    }
    #pragma pargrad map
    for (int i35 = 0; i35 < n; i35++) {
        #pragma pargrad map
        for (int j36 = 0; j36 < m; j36 += 1) {
            float f37 = (float)(expm1(0.5 * sin(expm1(0.5 * sin(x[0])))));
            tm1[i35 * m + j36] = (0.1 * k27);
        }
        float f38 = (float)(((double)i35 / n));
        y[i35] = log(1.0 + (x[(i35 + 1) % n]) * (x[(i35 + 1) % n]));
    }
    free(tm1);
    free(tm2);
    return tanh((exp(tanh((atan((0.1 * k27)) * expm1(0.5 * sin(y[0]))))) + s28));
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
