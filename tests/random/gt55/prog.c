/* pargrad_gen 55 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((x[n - 1]) < -0.23)) {
        if ((((((-1.26) > 0.37) ? (x[0] + x[0]) : log1p((x[n / 2]) * (x[n / 2])))) > -0.49)) {
            float f3 = (float)(((-1.41) + (0.5 * (x[n - 1]))));
        }
    } else {
        double v4 = sin((atan((x[n - 1])) - sqrtf(1.0f + (float)((x[n / 2]) * (x[n / 2])))));
        float f5 = (float)(v4);
        if (((((((x[n / 2]) < -0.42) ? f5 : (x[n - 1]))) / (1.0 + logf(1.0f + (float)(x[n / 2]) * (float)(x[n / 2])) * logf(1.0f + (float)(x[n / 2]) * (float)(x[n / 2])))) < -0.13)) {
            float f6 = (float)(((0.06 - 0.03) / (1.0 + (f5 + v4) * (f5 + v4))));
            v4 += f6;
        }
        #pragma pargrad map
        for (int i7 = 0; i7 <= n - 1; i7++) {
            double la8[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), (x[n - 1]), logf(1.0f + (float)fmin(p, ((double)i7 / n) + 0.25) * (float)fmin(p, ((double)i7 / n) + 0.25))};
            double v9 = atanf((float)x[0]) * 0.5f;
            tm1[i7] = erf(hypot(log(2.0 + sin((x[n - 1 - i7]))), 0.5 + v4 * v4));
        }
    }
    #pragma pargrad map
    for (int i10 = 0; i10 < n; i10++) {
        double v11 = tanh(log(2.0 + sin(x[0])));
        double v12 = sqrtf(1.0f + (float)(pow(1.5 + cos((x[n - 1 - i10])), 1.5) * pow(1.5 + cos((x[n - 1 - i10])), 1.5)));
        v11 = (v12 / (1.0 + (x[(i10 + 1) % n]) * (x[(i10 + 1) % n])));
        tm1[i10] = ((-1.02) / (1.0 + hypot(log(1.0 + p * p), 0.5 + (0.25 * i10) * (0.25 * i10)) * hypot(log(1.0 + p * p), 0.5 + (0.25 * i10) * (0.25 * i10))));
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        float f14 = (float)(((0.5 * (tm1[(i13 + 1) % n])) / (1.0 + cos((0.25 * i13)) * cos((0.25 * i13)))));
        if ((i13 % 2 == 0)) {
            float f15 = (float)(fmax(((double)i13 / n), (f14 - tm1[i13]) - 0.25));
            f15 += sqrt(0.5 + sqrtf(1.0f + (float)((x[(i13 + 1) % n]) * (x[(i13 + 1) % n]))) * sqrtf(1.0f + (float)((x[(i13 + 1) % n]) * (x[(i13 + 1) % n]))));
            double v16 = log1p(x[i13] * x[i13]);
        } else {
            double v17 = atan(f14);
            for (int t18 = 0; t18 < m; ++t18) {
                double v19 = (0.25 * i13);
                double v20 = (p + erf(tanh(p)));
            }
            double v21 = cos(pow(1.5 + cos(tanh(v17)), 1.5));
        }
        f14 = (x[(i13 + 1) % n]);
        double v22 = ((((p - (-0.18)) > -0.03) ? ((x[i13] - (x[n - 1 - i13])) + fabs(x[i13])) : sin(((f14 * (tm1[n - 1 - i13])) * sqrt(0.5 + f14 * f14)))));
        tm2[i13] = (-0.15 * v22 + v22);
    }
    if ((sin((tm2[n / 2])) < -0.12)) {
        #pragma pargrad map
        for (int i23 = 1; i23 < n - 1; i23++) {
            tm1[i23] = (cbrt(2.0 + sin(x[i23])) / (1.0 + ((0.53 / (1.0 + tm1[i23] * tm1[i23])) / (1.0 + (((i23 % 2 == 0) ? ((double)i23 / n) : 0.18)) * (((i23 % 2 == 0) ? ((double)i23 / n) : 0.18)))) * ((0.53 / (1.0 + tm1[i23] * tm1[i23])) / (1.0 + (((i23 % 2 == 0) ? ((double)i23 / n) : 0.18)) * (((i23 % 2 == 0) ? ((double)i23 / n) : 0.18))))));
        }
        if (((fmax(p, tm2[0] - 0.25) * tm2[0]) > -0.39)) {
            double la24[3] = {sqrt(0.5 + (0.5 * (tm2[n - 1])) * (0.5 * (tm2[n - 1]))), expm1(0.5 * sin(((tm2[n / 2]) * (tm2[n - 1])))), fmin(((x[n / 2]) * x[0]), cbrt(2.0 + sin((x[n - 1]))) + 0.25)};
        } else {
            double s25 = p - 0.5;
            #pragma pargrad reduce(max : s25)
            for (int i26 = 0; i26 < n; i26++) {
                double la27[3] = {fmax(pow(1.5 + cos(tm1[i26]), 1.5), 1.47 - 0.25), (x[(i26 + 1) % n]), pow(1.0 + expm1(0.5 * sin(x[i26])) * expm1(0.5 * sin(x[i26])), 0.5 + 0.3 * sin((((p < 0.33) ? p : 0.72))))};
                s25 = fmax(s25, (-0.96));
            }
        }
    }
    double s28 = 1.0e3;
    #pragma pargrad reduce(min : s28)
    for (int i29 = 0; i29 < n; i29++) {
        double v30 = expm1(0.5 * sin(tanh((pow(1.0 + tm1[i29] * tm1[i29], 0.5 + 0.3 * sin((-0.60))) * tm2[i29]))));
        #pragma pargrad map
        for (int j31 = 0; j31 < m; j31++) {
            double v32 = tan(0.7 * tanh((tm1[n - 1])));
            tm2[i29 * m + j31] = (0.5 * erf(p));
        }
        if (((float)expm1(0.5 * sin((x[0] + ((double)i29 / n))))) < s28) s28 = ((float)expm1(0.5 * sin((x[0] + ((double)i29 / n)))));
    }
    free(tm1);
    free(tm2);
    return ((pow(1.5 + cos((-0.45)), 1.5) + s28) / (1.0 + (pow(1.5 + cos((-0.45)), 1.5) + s28) * (pow(1.5 + cos((-0.45)), 1.5) + s28)));
}

#pragma pargrad reverse(f) wrt(x) out(return)
