/* random seed 51439: uncompilable (a local histogram's bins set but not used in a re-executed body) before the fix (see findings.list) */
/* pargrad_gen 51439 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real_t;
typedef float real32;

double f(int n, int m, const real_t *x, real_t p, real_t *u, double *y) {
    int ia1[3] = {0, n / 2, n - 1};
    (void)ia1;
    int t2, i4, j15, i20;
    double *pc5 = u, *pn6 = y, *ps7;
    for (t2 = 1 - 1; t2 >= 0; t2 -= 1) {
        #pragma pargrad map
        for (int i3 = 1; i3 < n - 1; i3++) {
            pn6[i3] = 0.5 * pc5[i3] + 0.25 * (pc5[i3 - 1] + pc5[i3 + 1]) * tanh(sqrt(0.5 + log(2.0 + sin(p)) * log(2.0 + sin(p))));
        }
        pn6[0] = pc5[0];
        pn6[n - 1] = pc5[n - 1];
        ps7 = pc5;
        pc5 = pn6;
        pn6 = ps7;
    }
    #pragma pargrad map
    for (i4 = n - 1; i4 >= 0; i4--) {
        u[i4] = pc5[i4];
    }
    double hb8[5];
    for (int q9 = 0; q9 < 5; q9++)
        hb8[q9] = -4.0 + 0.1 * q9;
    double hr11 = 0.0;
    for (int q12 = 0; q12 < 5; q12++)
        hr11 += hb8[q12] * hb8[q12];
    #pragma pargrad histogram(max : hb8)
    for (int i13 = 0; i13 < n; i13 += 1) {
        real_t c14 = 1.0;
        #pragma pargrad scan(* : c14)
        for (j15 = 0; j15 != m; j15++) {
            int k16 = (j15 * 1 + 2) % 5;
            y[i13 * m + j15] = c14 * ((expf(tanhf((float)(0.1 * k16))) * atan((0.1 * k16))));
            c14 = c14 * (1.0 + 0.2 * tanh((-0.87)));
        }
        double hb17[5];
        for (int q18 = 0; q18 < 5; q18++)
            hb17[q18] = 0.5 * q18;
        #pragma pargrad reduce(+ : hb17)
        for (i20 = n - 1; i20 >= 0; i20--) {
            float f21 = (float)((sin((1.35 + c14)) + log1p((-1.11) * (-1.11))));
            for (int j22 = 0; j22 < 5; j22++) {
                hb17[(j22 * 7 + i20) % 5] = hb17[(j22 * 7 + i20) % 5] - (atanf((float)atan((f21 * ((double)i20 / n)))) * 0.5f);
            }
        }
        double hs19 = 0.0;
        for (int q23 = 0; q23 < 5; q23++)
            hs19 += hb17[q23] * (q23 % 3 + 1);
        const uint64_t q24 = 1ULL << 63;
        if ((((double)q24 * 1.0e-19) > 0.435)) {
            hb8[(i13 * 2 + 2) % 5] = (hb8[(i13 * 2 + 2) % 5] < tanh(hs19)) ? tanh(hs19) : hb8[(i13 * 2 + 2) % 5];
        }
        hb8[(i13 * 5 + 2) % 5] = (hb8[(i13 * 5 + 2) % 5] < (0.5 * (pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19))) / (1.0 + pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19))) * pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19))))))) ? (0.5 * (pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19))) / (1.0 + pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19))) * pow(1.0 + c14 * c14, 0.5 + 0.3 * sin(((double)q24 * 1.0e-19)))))) : hb8[(i13 * 5 + 2) % 5];
    }
    double hs10 = 0.1 * hr11;
    for (int q25 = 0; q25 < 5; q25++)
        hs10 += hb8[q25] * (q25 % 3 + 1);
    fflush(stdout);
    y[0] = hypot(sinf((float)fdim(atan(hs10), 0.1)), 0.5 + (1.11 * (u[n - 1]) + x[0]) * (1.11 * (u[n - 1]) + x[0]));
    double *pv26 = y + (n - 1);
    double s27 = 0.0;
    for (int k28 = 0; k28 < n; k28++) {
        const double a30 = (log(1.0 + tanh(hs10) * tanh(hs10))) * (0.5 + 0.125 * k28);
        double r31 = 0.0;
        for (int j29 = 0; j29 < m; j29++)
            r31 += x[k28 * m + j29];
        s27 += 0.02 * a30 * r31;
    }
    (*pv26) = s27;
    #pragma pargrad map
    for (int i32 = n - 1 - 1; i32 > 1 - 1; --i32) {
        if ((p > 0.005)) {
            y[i32] = u[ia1[0]];
        } else {
            y[i32] = (hs10 / (1.0 + hs10 * hs10));
        }
    }
    fprintf(stderr, "f: n = %d, e = %.3f\n", n, pow(1.5 + cos((sin(hs10) * (1.0 + 0.1 * ceil(sin(hs10)) - 0.1 * trunc(sin(hs10))))), 1.5));
    return (sin(hs10) / (1.0 + tan(0.7 * tanh(logf(1.0f + (float)tanh(hs10) * (float)tanh(hs10)))) * tan(0.7 * tanh(logf(1.0f + (float)tanh(hs10) * (float)tanh(hs10))))));
}

#pragma pargrad reverse(f) wrt(x, p, u) out(u, y, return)
