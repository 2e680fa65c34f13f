/* random seed 5124: uncompilable before the fix (see findings.list) */
/* pargrad_gen 5124 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    double la1[3];
    la1[0] = log(2.0 + sin((a + 0.66)));
    la1[1] = b;
    la1[2] = b;
    return la1[2];
}
double f(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf4[64];
    #pragma pargrad map
    for (int i5 = 1; i5 < n - 1; ++i5) {
        if ((fmax(0.42, ((0.25 * i5) * u[i5]) - 0.25) < 0.49)) {
            double v6 = atan((-1.17 * expf(tanhf((float)sin((-0.30)))) + hypot(h1((0.25 * i5), (w[(i5 + 1) % n])), 0.5 + (-1.11 * (w[n - 1]) + ((double)i5 / n)) * (-1.11 * (w[n - 1]) + ((double)i5 / n)))));
        }
        double v7 = exp(-(((-0.66) + (-0.93)) - ((0.25 * i5) + u[i5])) * (((-0.66) + (-0.93)) - ((0.25 * i5) + u[i5])));
        if ((tanh(u[i5]) > 0.47)) {
            u[i5] = hypot(((x[n - 1]) * v7), 0.5 + tanh(((((v7 < 0.50) ? (0.25 * i5) : u[i5])) * (0.06 * 0.51 + v7))) * tanh(((((v7 < 0.50) ? (0.25 * i5) : u[i5])) * (0.06 * 0.51 + v7))));
        } else {
            u[i5] = expm1(0.5 * sin(expf(tanhf((float)((double)i5 / n)))));
        }
    }
    for (int t8 = 0; t8 < n; t8++) {
        for (int t9 = 0; t9 <= 2 - 1; t9++) {
            #pragma pargrad map
            for (int i10 = 0; i10 < n; ++i10) {
                #pragma pargrad map
                for (int j11 = 0; j11 < m; j11++) {
                    if ((i10 < n / 2)) {
                        buf4[i10 * m + j11] = atanf((float)sin(sinf((float)(w[(0) * m + 0])))) * 0.5f;
                    } else {
                        buf4[i10 * m + j11] = (pow(1.5 + cos((x[(n - 1 - i10) * m + j11])), 1.5) - x[i10]);
                    }
                }
                y[i10] = sin((h1(log(1.0 + (w[(t8 + 1) % n]) * (w[(t8 + 1) % n])), ((x[t9 % n]) / (1.0 + (w[n - 1]) * (w[n - 1])))) + fmin(hypot((w[n - 1]), 0.5 + u[t8] * u[t8]), ((double)t8 / n) + 0.25)));
            }
        }
        for (int t12 = 0; t12 < 4; t12 += 1) {
            #pragma pargrad map
            for (int i13 = 1; i13 <= n - 1 - 1; i13++) {
                buf4[i13] = 0.5 * u[i13] + 0.25 * (u[i13 - 1] + u[i13 + 1]) * tanh(sin((x[(i13 + 1) % n])));
            }
            #pragma pargrad map
            for (int i14 = 1; i14 < n - 1; i14 += 1) {
                u[i14] = buf4[i14];
            }
        }
        double v15 = (expf(tanhf((float)1.26)) - ((float)(0.25 * t8)));
    }
    #pragma pargrad map
    for (int i16 = 0; i16 < n; i16++) {
        double s17 = 1.0e3;
        #pragma pargrad reduce(min : s17)
        for (int j18 = 0; j18 < m; j18++) {
            double v19 = (((fmax((w[(n - 1) * m + j18]), (w[(0) * m + j18]) - 0.25) > 0.06) ? 0.81 : h1(((w[(i16) * m + j18]) * (x[n - 1])), (x[i16] + (u[(i16) * m + j18])))));
            if (sin((fabs(v19) * (0.78 * erf(v19) + ((x[(n - 1) * m + j18]) * 1.20)))) < s17) s17 = sin((fabs(v19) * (0.78 * erf(v19) + ((x[(n - 1) * m + j18]) * 1.20))));
        }
        double v20 = h1((tanh(s17) * (((double)i16 / n) / (1.0 + (0.25 * i16) * (0.25 * i16)))), sin(atan(s17)));
        tm3[i16] = atan(hypot(hypot(v20, 0.5 + cbrt(2.0 + sin(((double)i16 / n))) * cbrt(2.0 + sin(((double)i16 / n)))), 0.5 + h1((u[n - 1]), v20) * h1((u[n - 1]), v20)));
    }
    #pragma pargrad map
    for (int i21 = 0; i21 < n; ++i21) {
        y[i21] = (pow(1.0 + sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))) * sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))), 0.5 + 0.3 * sin(logf(1.0f + (float)expf(tanhf((float)0.66)) * (float)expf(tanhf((float)0.66))))) / (1.0 + pow(1.0 + sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))) * sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))), 0.5 + 0.3 * sin(logf(1.0f + (float)expf(tanhf((float)0.66)) * (float)expf(tanhf((float)0.66))))) * pow(1.0 + sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))) * sqrtf(1.0f + (float)((0.25 * i21) * (0.25 * i21))), 0.5 + 0.3 * sin(logf(1.0f + (float)expf(tanhf((float)0.66)) * (float)expf(tanhf((float)0.66)))))));
    }
    double ret = (w[n / 2]);
    free(tm2);
    free(tm3);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, y, return)
