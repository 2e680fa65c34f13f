/* pargrad_gen 72 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double v1 = exp(tanh((-1.29)));
    return expm1(0.5 * sin((-0.30)));
}
double f(int n, int m, const double *x, const double *w) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t4 = 0; t4 < 4; t4++) {
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; ++i6) {
            for (int t7 = 0; t7 < 2; t7++) {
                double v8 = sqrt(1.0 + (sqrt(1.0 + ((double)t4 / n) * ((double)t4 / n)) + sin(x[i6])) * (sqrt(1.0 + ((double)t4 / n) * ((double)t4 / n)) + sin(x[i6])));
                double la9[3] = {sin(expm1(0.5 * sin(((double)t4 / n)))), v8, x[i6]};
                #pragma pargrad map
                for (int j10 = 0; j10 <= m - 1; j10++) {
                    int k11 = (t4 * 2 + 0) % 5;
                    double v12 = ((double)j10 / n);
                    if ((t7 % 2 == 0)) {
                        tm3[i6 * m + j10] = cbrt(2.0 + sin(sqrt(1.0 + sqrtf(1.0f + (float)(((double)i6 / n) * ((double)i6 / n))) * sqrtf(1.0f + (float)(((double)i6 / n) * ((double)i6 / n))))));
                    } else {
                        tm3[i6 * m + j10] = (((0.54 > -0.38) ? h1((-1.20), v8) : (w[n - 1])));
                    }
                }
                double v13 = ((double)t7 / n);
            }
            #pragma pargrad map
            for (int j14 = 0; j14 < m; j14++) {
                tm2[i6 * m + j14] = 1.41;
            }
            double la15[3] = {((w[t4 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), expf(tanhf((float)log(2.0 + sin(w[0])))), (x[n - 1])};
            double v16 = sin(((la15[i6 % 3]) - la15[1]));
            if ((fmax(((double)t4 / n), v16 - 0.25) < 0.08)) {
                if (erf(x[i6]) < s5) s5 = erf(x[i6]);
            }
        }
        #pragma pargrad map
        for (int i17 = 0; i17 < n; i17++) {
            double v18 = erf(h1(atan(s5), (((i17 < n / 2) ? ((double)t4 / n) : atan(s5)))));
            #pragma pargrad map
            for (int j19 = 0; j19 < m; j19++) {
                tm2[i17 * m + j19] = atan(((float)tanh(((double)i17 / n))));
            }
            double v20 = ((double)t4 / n);
            double v21 = expm1(0.5 * sin(log(1.0 + w[i17] * w[i17])));
            tm3[i17] = v18;
        }
        #pragma pargrad map
        for (int i22 = 0; i22 < n; i22 += 1) {
            #pragma pargrad map
            for (int j23 = 0; j23 < m; j23++) {
                if ((logf(1.0f + (float)tanh(s5) * (float)tanh(s5)) < -0.28)) {
                    tm2[i22 * m + j23] = ((float)(exp(-(w[i22 * m + j23]) * (w[i22 * m + j23])) * ((x[n - 1 * m + j23]) + (-1.41))));
                } else {
                    tm2[i22 * m + j23] = erf(erf((w[t4 % n * m + j23])));
                }
            }
            if ((i22 % 2 == 0)) {
                float f24 = (float)(((x[(i22 + 1) % n]) - hypot(tanh(s5), 0.5 + (w[t4 % n]) * (w[t4 % n]))));
            } else {
                int k25 = (t4 * 2 + 2) % 5;
            }
            float f26 = (float)(h1(w[0], ((-0.75) / (1.0 + (s5 / (1.0 + s5 * s5)) * (s5 / (1.0 + s5 * s5))))));
            tm3[i22] = 0.5 * tm3[i22] + 0.5 * tanh(erf(pow(1.0 + tanh((s5 / (1.0 + s5 * s5))) * tanh((s5 / (1.0 + s5 * s5))), 0.5 + 0.3 * sin(hypot((-0.18), 0.5 + (x[(i22 + 1) % n]) * (x[(i22 + 1) % n]))))));
        }
        double v27 = tanh(s5);
        double v28 = exp(-h1(((s5 / (1.0 + s5 * s5)) + atan(s5)), sin((tm3[n / 2]))) * h1(((s5 / (1.0 + s5 * s5)) + atan(s5)), sin((tm3[n / 2]))));
    }
    double v29 = (((n > 3) ? expm1(0.5 * sin(fmin((x[n / 2]), x[0] + 0.25))) : 0.18));
    if (((-0.36 * v29 + v29) < -0.01)) {
        free(tm2);
        free(tm3);
        return erf(cbrt(2.0 + sin(v29)));
    }
    if (((((float)v29) + (-1.41 * v29 + v29)) < -0.02)) {
        double v30 = v29;
    } else {
        float f31 = (float)((expf(tanhf((float)v29)) + (-0.45)));
        double s32 = 1.0e3;
        #pragma pargrad reduce(min : s32)
        for (int i33 = 0; i33 < n; i33++) {
            if (atan(expf(tanhf((float)f31))) < s32) s32 = atan(expf(tanhf((float)f31)));
        }
        double s34 = -1.0e3;
        #pragma pargrad reduce(max : s34)
        for (int i35 = 0; i35 < n; i35 += 1) {
            double s36 = -1.0e3;
            #pragma pargrad reduce(max : s36)
            for (int j37 = 0; j37 < m; j37++) {
                double la38[3] = {(cbrt(2.0 + sin((w[n - 1 * m + j37]))) * erf((x[0 * m + j37]))), tan(0.7 * tanh(cos((x[i35 * m + j37])))), ((v29 + w[0]) + sinf((float)(-0.96)))};
                if ((i35 < n / 2)) {
                    if ((s32 / (1.0 + s32 * s32)) > s36) s36 = (s32 / (1.0 + s32 * s32));
                }
            }
            for (int t39 = 0; t39 < m; t39++) {
                int k40 = (t39 * 1 + 0) % 5;
                int k41 = (i35 * 2 + 1) % 5;
            }
            s34 = fmax(s34, ((double)i35 / n));
        }
    }
    double v42 = cbrt(2.0 + sin(tan(0.7 * tanh((w[n - 1])))));
    free(tm2);
    free(tm3);
    return fabs(h1((x[0] / (1.0 + v42 * v42)), ((-0.21) * v29)));
}

#pragma pargrad reverse(f) wrt(x, w)
