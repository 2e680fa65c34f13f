/* pargrad_gen 86 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 4; t3++) {
        double s4 = 1.0e3;
        #pragma pargrad reduce(min : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            for (int t6 = 0; t6 < 2; t6++) {
                double v7 = sqrt(1.0 + (sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) + sin(x[i5])) * (sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) + sin(x[i5])));
                double la8[3] = {sin(expm1(0.5 * sin(((double)t3 / n)))), v7, x[i5]};
                #pragma pargrad map
                for (int j9 = 0; j9 <= m - 1; j9++) {
                    int k10 = (t3 * 2 + 0) % 5;
                    double v11 = ((double)j9 / n);
                    if ((t6 % 2 == 0)) {
                        tm2[i5 * m + j9] = cbrt(2.0 + sin(sqrt(1.0 + sqrtf(1.0f + (float)(((double)i5 / n) * ((double)i5 / n))) * sqrtf(1.0f + (float)(((double)i5 / n) * ((double)i5 / n))))));
                    } else {
                        tm2[i5 * m + j9] = (v7 + atan((x[(i5 + 1) % n])));
                    }
                }
                double s12 = 1.0e3;
                #pragma pargrad reduce(min : s12)
                for (int j13 = 0; j13 < m; j13++) {
                    double v14 = ((double)j13 / n);
                    if ((v7 < -0.32)) {
                        if (((x[n - 1]) - (cos(v14) * (x[t3 % n * m + j13]))) < s12) s12 = ((x[n - 1]) - (cos(v14) * (x[t3 % n * m + j13])));
                    }
                }
            }
            float f15 = (float)(cos(((float)((double)i5 / n))));
            if ((f15 > 0.30)) {
                double v16 = sqrtf(1.0f + (float)(pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5)));
                f15 = (v16 / (1.0 + (x[n - 1]) * (x[n - 1])));
            }
            double s17 = 0.0;
            #pragma pargrad reduce(+ : s17)
            for (int j18 = 0; j18 < m; j18 += 1) {
                s17 += (((double)j18 / n) / (1.0 + f15 * f15));
            }
            s4 = fmin(s4, atanf((float)x[0]) * 0.5f);
        }
        #pragma pargrad map
        for (int i19 = 0; i19 < n; i19++) {
            #pragma pargrad map
            for (int j20 = 0; j20 < m; j20++) {
                int k21 = (i19 * 1 + 3) % 5;
                double v22 = ((double)i19 / n);
                tm2[i19 * m + j20] = v22;
            }
            if ((((atan(s4) * (-1.02)) + (atan(s4) * w[i19])) < -0.26)) {
                float f23 = (float)(sin(s4));
                double la24[3] = {erf(log(1.0 + (-1.41) * (-1.41))), ((0.25 * t3) - sinf((float)tanh(s4))), atan((x[n - 1]))};
                double v25 = expm1(0.5 * sin(cos(pow(1.5 + cos(sin(s4)), 1.5))));
            }
            #pragma pargrad map
            for (int j26 = 0; j26 < m; j26++) {
                double v27 = expm1(0.5 * sin(atan((w[i19] - x[0]))));
                int k28 = (j26 * 2 + 2) % 5;
                double v29 = exp(tanh(exp(tanh((w[t3 % n * m + j26])))));
                tm1[i19 * m + j26] = (0.1 * k28);
            }
            if ((fmin(((-0.18) * sin(s4)), log(1.0 + (x[n - 1]) * (x[n - 1])) + 0.25) < 0.37)) {
                double v30 = atan(s4);
                double v31 = (sqrt(1.0 + (0.25 * i19) * (0.25 * i19)) + atan(s4));
                double s32 = 1.0;
                #pragma pargrad reduce(* : s32)
                for (int j33 = 0; j33 < m; j33++) {
                    double v34 = expm1(0.5 * sin(x[0]));
                    double v35 = sinf((float)cbrt(2.0 + sin(((w[i19 * m + j33]) + (0.25 * i19)))));
                    s32 *= 1.0 + 0.2 * tanh(sqrt(1.0 + pow(1.5 + cos(erf(v35)), 1.5) * pow(1.5 + cos(erf(v35)), 1.5)));
                }
            } else {
                double s36 = 1.0;
                #pragma pargrad reduce(* : s36)
                for (int j37 = 0; j37 < m; j37++) {
                    s36 = s36 * (1.0 + 0.2 * tanh(atan(atan(tanh((w[n - 1 - i19 * m + j37]))))));
                }
                double s38 = 0.5 * x[0];
                double s39 = 0.0;
                #pragma pargrad reduce(+ : s38, s39)
                for (int j40 = 0; j40 <= m - 1; j40++) {
                    double v41 = sinf((float)w[0]);
                    double v42 = atan(s4);
                    s38 = s38 + cos(cbrt(2.0 + sin(v42)));
                    s39 = s39 + v42;
                }
                double la43[3] = {sin((pow(1.5 + cos(w[i19]), 1.5) * s36)), x[i19], (cos(tanh(s4)) + log(1.0 + (s39 / (1.0 + s39 * s39)) * (s39 / (1.0 + s39 * s39))))};
            }
            y[i19] = cos((fmax(atan(s4), w[0] - 0.25) + sinf((float)(-0.96))));
        }
        double la44[3] = {exp(tanh(sin(s4))), (cos(sin(s4)) + (1.14 * sin(s4) + (-0.60))), (-0.90)};
        for (int t45 = 0; t45 < 3; t45++) {
            #pragma pargrad map
            for (int i46 = 1; i46 < n - 1; ++i46) {
                tm2[i46] = 0.5 * y[i46] + 0.25 * (y[i46 - 1] + y[i46 + 1]) * tanh((y[n - 1 - i46]));
            }
            #pragma pargrad map
            for (int i47 = 1; i47 < n - 1; i47++) {
                y[i47] = tm2[i47];
            }
        }
        double v48 = log(1.0 + atan(log1p(la44[0] * la44[0])) * atan(log1p(la44[0] * la44[0])));
    }
    double v49 = w[0];
    #pragma pargrad map
    for (int i50 = 0; i50 < n; i50++) {
        #pragma pargrad map
        for (int j51 = 0; j51 < m; j51 += 1) {
            if (((0.5 * v49) > 0.33)) {
                tm1[i50 * m + j51] = erf(exp(tanh(v49)));
            } else {
                tm1[i50 * m + j51] = v49;
            }
        }
        #pragma pargrad map
        for (int j52 = 0; j52 < m; j52++) {
            float f53 = (float)(log(1.0 + ((x[n - 1 - i50 * m + j52]) * v49) * ((x[n - 1 - i50 * m + j52]) * v49)));
            y[i50 * m + j52] = (cos(sqrt(1.0 + ((double)i50 / n) * ((double)i50 / n))) * sqrtf(1.0f + (float)((w[i50] + (-0.24)) * (w[i50] + (-0.24)))));
        }
        double v54 = (((w[n - 1]) + (0.5 * v49)) + sin((logf(1.0f + (float)v49 * (float)v49) * (v49 * v49))));
        if ((n > 3)) {
            tm2[i50] = (w[n - 1 - i50]);
        } else {
            tm2[i50] = sinf((float)atan((v49 * v54)));
        }
    }
    double v55 = v49;
    double v56 = atan(sqrtf(1.0f + (float)(v49 * v49)));
    #pragma pargrad map
    for (int i57 = 0; i57 < n; i57 += 1) {
        double s58 = -1.0e3;
        #pragma pargrad reduce(max : s58)
        for (int j59 = 0; j59 < m; j59++) {
            double v60 = fabs(expf(tanhf((float)v56)));
            if (v49 > s58) s58 = v49;
        }
        if ((exp(tanh(((double)i57 / n))) < 0.02)) {
            y[i57] = erf(fmin((v55 / (1.0 + (0.25 * i57) * (0.25 * i57))), (0.5 * v49) + 0.25));
        } else {
            y[i57] = v49;
        }
    }
    free(tm1);
    free(tm2);
    return (0.51 * (tm2[n / 2]) + erf(v55));
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
