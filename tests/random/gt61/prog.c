/* pargrad_gen 61 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
double f(int n, int m, const double *x, const double *w) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = sin(h1(pow(1.5 + cos(x[0]), 1.5), fmax((w[n - 1]), (x[n / 2]) - 0.25)));
    #pragma pargrad map
    for (int i4 = 1; i4 <= n - 1 - 1; i4++) {
        tm2[i4] = sin((-1.20 * atanf((float)expf(tanhf((float)v3))) * 0.5f + ((v3 + x[0]) * (((double)i4 / n) - v3))));
    }
    for (int t5 = 0; t5 < n; t5++) {
        for (int t6 = 0; t6 < 2; t6++) {
            v3 = 0.5 * v3 + 0.5 * tanh((expf(tanhf((float)w[t5])) + (x[n - 1])));
            double v7 = (log(2.0 + sin(((w[t6 % n]) - (-0.72)))) / (1.0 + atanf((float)pow(1.5 + cos(v3), 1.5)) * 0.5f * atanf((float)pow(1.5 + cos(v3), 1.5)) * 0.5f));
            float f8 = (float)(atan((-0.27 * v3 + sqrt(1.0 + (x[n - 1]) * (x[n - 1])))));
            if ((f8 > -0.27)) {
                #pragma pargrad map
                for (int i9 = 0; i9 < n; i9++) {
                    double v10 = ((v7 + (x[t6 % n])) / (1.0 + ((-1.02) + hypot(x[t5], 0.5 + 0.21 * 0.21)) * ((-1.02) + hypot(x[t5], 0.5 + 0.21 * 0.21))));
                    if (((0.5 * (w[n - 1])) > -0.50)) {
                        tm2[i9] = (-1.44);
                    } else {
                        tm2[i9] = pow(1.5 + cos((x[t5] / (1.0 + (w[n - 1]) * (w[n - 1])))), 1.5);
                    }
                }
                double s11 = 1.0;
                #pragma pargrad reduce(* : s11)
                for (int j12 = 0; j12 < m; j12 += 1) {
                    float f13 = (float)(((f8 * (-1.02)) * atan((v3 * tm2[t5]))));
                    s11 = s11 * (1.0 + 0.2 * tanh((((tanh((x[0 * m + 0])) > 0.34) ? (((float)(w[n - 1])) + tan(0.7 * tanh(f13))) : atanf((float)cos(f8)) * 0.5f))));
                }
                double v14 = cos(pow(1.5 + cos(tanh(v7)), 1.5));
            } else {
                #pragma pargrad map
                for (int i15 = 0; i15 < n; i15++) {
                    double v16 = (((((m < 3) ? (x[n - 1 - i15]) : (x[t6 % n]))) + ((-0.75) / (1.0 + f8 * f8))) / (1.0 + (x[t6 % n]) * (x[t6 % n])));
                    tm2[i15] = (0.5 * f8);
                }
                double v17 = ((atan(((-0.18) * v3)) * (((v7 < -0.03) ? v7 : x[t5]))) - atan(h1((w[n - 1 - t5]), v7)));
                #pragma pargrad map
                for (int i18 = 0; i18 < n; i18++) {
                    double v19 = (-0.96 * erf((v7 + (x[t6 % n]))) + (log1p(((double)t6 / n) * ((double)t6 / n)) + log(2.0 + sin(w[i18]))));
                    v19 += atan((v7 + v17));
                    tm2[i18] = atan((-1.41 * tm2[i18] + ((float)(v7 * v3))));
                }
            }
            if ((log1p(w[t5] * w[t5]) < -0.17))
                break;
        }
        double v20 = ((double)t5 / n);
        double s21 = 1.0;
        #pragma pargrad reduce(* : s21)
        for (int j22 = 0; j22 <= m - 1; j22++) {
            float f23 = (float)(v3);
            s21 *= 1.0 + 0.2 * tanh(expf(tanhf((float)v3)));
        }
        double v24 = log(1.0 + log(2.0 + sin(s21)) * log(2.0 + sin(s21)));
        if ((t5 % 2 == 0))
            break;
    }
    #pragma pargrad map
    for (int i25 = 0; i25 < n; i25++) {
        double v26 = v3;
        if ((n > 3)) {
            tm2[i25] = ((float)tanh(((v26 + x[0]) * v26)));
        } else {
            tm2[i25] = (pow(1.5 + cos(w[0]), 1.5) / (1.0 + v26 * v26));
        }
    }
    free(tm2);
    return ((v3 * (-1.08)) / (1.0 + (v3 * (-1.08)) * (v3 * (-1.08))));
}

#pragma pargrad reverse(f) wrt(x, w)
