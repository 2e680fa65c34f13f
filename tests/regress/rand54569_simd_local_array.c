/* random seed 54569: uncompilable (clang-14: loop not vectorized, an omp simd reduce declaring a local array) before the fix (see findings.list) */
/* pargrad_gen 54569 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static const double ctab4[6] = {-0.72, 0.68, 0.82, -0.60, 0.18, -0.40};
static const double cs5 = 0.04;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static double h1(double a, double b) {
    if (((RG_LERP(a, 1.02, 0.25)) > -0.355))
        return pow(1.5 + cos(tan(0.7 * tanh(1.21))), 1.5);
    float f1 = (float)(tanh(a));
    return 0.23;
}
void f(int n, int m, const double *x, double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double vb3[n * m];
    int t20, i23, i24;
    double c6 = -8.0;
    #pragma pargrad scan(max : c6)
    for (int i7 = 0; i7 != n; i7++) {
        double s8 = 1.0;
        #pragma pargrad reduce(* : s8)
        for (int j9 = 0; j9 < m; j9++) {
            int k10 = (j9 * 2 + 0) % 5;
            if ((((u[(n - 1) * m + j9]) * 0.78) > -0.385)) {
                s8 *= 1.0 + 0.2 * tanh(sqrt(0.5 + expf(tanhf((float)fabs(cs5))) * expf(tanhf((float)fabs(cs5)))));
            }
        }
        if (i7 == 0)
            puts("f: step");
        double s11 = 0.0;
        #pragma pargrad reduce(+ : s11)
        for (int j12 = m - 1; j12 > 0 - 1; --j12) {
            double la13[3] = {0};
            s11 += (la13[i7 % 3]);
        }
        double v14 = (0.87 * ((double)i7 / n) + ((((((double)i7 / n) < 0.195) ? (ctab4[i7 % 6]) : (x[n - 1 - i7]))) + (0.51 * sin(s11))));
        double v15 = v14 > 0.5 ? v14 / (double)(int)(2.0 * v14) : 0.5 * v14;
        c6 = (c6 > sqrt(0.5 + (u[(i7 + 1) % n]) * (u[(i7 + 1) % n]))) ? c6 : sqrt(0.5 + (u[(i7 + 1) % n]) * (u[(i7 + 1) % n]));
        vb3[i7] = sin(c6) + v14;
    }
    double r16 = pow(1.0 + (((m < 3) ? (x[0] + (*x)) : sin(c6))) * (((m < 3) ? (x[0] + (*x)) : sin(c6))), 0.5 + 0.3 * sin((1.02 * ((-0.15) * 1.02) + cos(cs5))));
    double *rp17 = &r16;
    *rp17 = 0.5 * *rp17 + 0.25 * tanh(log(1.0 + atan(ctab4[1]) * atan(ctab4[1])));
    double s18 = 1.0;
    #pragma pargrad reduce(* : s18)
    for (int i19 = 0; i19 != n; i19++) {
        for (t20 = 4 - 1; t20 >= 0; t20 -= 1) {
            double v21 = fmax(sqrt(0.5 + (0.00 * ((x + 1)[((i19 ^ 1) % n) - 1])) * (0.00 * ((x + 1)[((i19 ^ 1) % n) - 1]))), (vb3[(i19 * 5 + 3) & (n - 1)]) - 0.25);
            if (((((double)t20 / n) + 0.96) > 0.205))
                break;
        }
        double v22 = sin((((-1.14) - u[i19]) - exp(tanh(r16))));
        s18 = s18 * (1.0 + 0.2 * tanh(fdim(vb3[i19], 0.1)));
    }
    for (t20 = 0; t20 + 1 < 2 + 1; t20++) {
        #pragma pargrad map
        for (i23 = 1; i23 < n - 1; i23++) {
            vb3[i23] = 0.5 * u[i23] + 0.25 * (u[i23 - 1] + u[i23 + 1]) * tanh(((0.03 - (u[2 * (n - 1 - i23) + 0])) - round((0.03 - (u[2 * (n - 1 - i23) + 0])))));
        }
        #pragma pargrad map
        for (i24 = n - 1 - 1; i24 > 1 - 1; --i24) {
            u[i24] = vb3[i24];
        }
    }
    #pragma pargrad map
    for (t20 = 0; t20 - 1 < n - 1; ++t20) {
        vb3[t20] = (atanf((float)atanf((float)s18) * 0.5f) * 0.5f * (pow(1.5 + cos((u[n - 1])), 1.5) * (1.0 + 0.1 * ceil(pow(1.5 + cos((u[n - 1])), 1.5)) - 0.1 * trunc(pow(1.5 + cos((u[n - 1])), 1.5)))));
    }
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x, u) out(u)
