/* pargrad_gen 54 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((w[n / 2]) < 0.26)) {
        for (int t3 = 0; t3 <= 3 - 1; t3++) {
            double s4 = 0.5 * x[0];
            #pragma pargrad reduce(+ : s4)
            for (int i5 = 0; i5 < n; i5 += 1) {
                if ((cbrt(2.0 + sin(p)) > 0.28)) {
                    s4 += expm1(0.5 * sin((-0.30)));
                }
            }
            if (((w[n - 1]) < 0.26))
                break;
        }
        float f6 = (float)(0.42);
    } else {
        float f7 = (float)(0.81);
        double s8 = 1.0e3;
        #pragma pargrad reduce(min : s8)
        for (int i9 = 0; i9 <= n - 1; i9++) {
            s8 = fmin(s8, p);
        }
        double v10 = cos(tanh(s8));
        float f11 = (float)(p);
    }
    double s12 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s12)
    for (int i13 = 0; i13 < n; i13 += 1) {
        float f14 = (float)(p);
        #pragma pargrad map
        for (int j15 = 0; j15 <= m - 1; j15++) {
            tm2[i13 * m + j15] = (atanf((float)expf(tanhf((float)f14))) * 0.5f - (fmax(f14, (x[i13 * m + j15]) - 0.25) + (((0.54 > -0.38) ? x[0] : (w[(i13 + 1) % n])))));
        }
        #pragma pargrad map
        for (int j16 = 0; j16 < m; j16++) {
            float f17 = (float)((f14 + sinf((float)f14)));
            tm1[i13 * m + j16] = ((w[n - 1 * m + m - 1]) + (x[n - 1 * m + m - 1]));
        }
        for (int t18 = 0; t18 < 2; t18++) {
            float f19 = (float)(sqrt(1.0 + expf(tanhf((float)p)) * expf(tanhf((float)p))));
        }
        s12 += (x[(i13 + 1) % n]);
    }
    if ((((sin(s12) * 0.69) + p) < 0.33)) {
        float f20 = (float)(p);
    } else {
        double v21 = (-1.02);
        double la22[3] = {p, ((((x[0] > 0.43) ? v21 : v21)) + (0.5 * w[0])), tanh((x[0] - sin(s12)))};
        if ((log(1.0 + (w[n / 2]) * (w[n / 2])) < 0.19)) {
            free(tm1);
            free(tm2);
            return la22[2];
        }
    }
    #pragma pargrad map
    for (int i23 = 0; i23 < n; i23 += 1) {
        #pragma pargrad map
        for (int j24 = 0; j24 < m; j24++) {
            if ((logf(1.0f + (float)tanh(s12) * (float)tanh(s12)) < -0.28)) {
                tm1[i23 * m + j24] = ((float)(exp(-(x[i23 * m + j24]) * (x[i23 * m + j24])) * ((x[n - 1 * m + j24]) + (-1.41))));
            } else {
                tm1[i23 * m + j24] = erf(tanh(p));
            }
        }
        double la25[3] = {pow(1.5 + cos((sin(s12) + atan(s12))), 1.5), (0.25 * i23), w[i23]};
        double v26 = ((x[i23] / (1.0 + (x[0] + (la25[i23 % 3])) * (x[0] + (la25[i23 % 3])))) - ((p + atan(s12)) / (1.0 + tanh(s12) * tanh(s12))));
        tm2[i23] = (s12 / (1.0 + s12 * s12));
    }
    double v27 = tanh((fmin(((-0.18) * sin(s12)), log(1.0 + (x[n - 1]) * (x[n - 1])) + 0.25) * log1p((tanh(s12) + atan(s12)) * (tanh(s12) + atan(s12)))));
    free(tm1);
    free(tm2);
    return tanh(((s12 / (1.0 + s12 * s12)) + s12));
}

#pragma pargrad reverse(f) wrt(x) out(return)
