/* random seed 49288: internal error (the interchange read a loop's carried result) before the fix (see findings.list) */
/* pargrad_gen 49288 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef float real32;

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

double f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *u) {
    double vb1[n * m];
    int t8, t11, i20;
    double pt22;
    double *pc5 = u, *pn6 = vb1, *ps7;
    for (int t2 = 0; t2 < 4; t2++) {
        #pragma pargrad map
        for (int i3 = n - 1 - 1; i3 >= 1; i3--) {
            pn6[i3] = 0.5 * pc5[i3] + 0.25 * (pc5[i3 - 1] + pc5[i3 + 1]) * tanh((expm1(0.5 * sin(((&x[n - 1 - i3])[0]))) / (1.0 + (-0.96) * (-0.96))));
        }
        pn6[0] = pc5[0];
        pn6[n - 1] = pc5[n - 1];
        ps7 = pc5;
        pc5 = pn6;
        pn6 = ps7;
    }
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4++) {
        u[i4] = pc5[i4];
    }
    for (t8 = 0; t8 < 4; t8++) {
        #pragma pargrad map
        for (int i9 = n - 1 - 1; i9 > 1 - 1; --i9) {
            vb1[i9] = 0.5 * u[i9] + 0.25 * (u[i9 - 1] + u[i9 + 1]) * tanh((u[i9 + 1]));
        }
        #pragma pargrad map
        for (int i10 = 1; i10 < n - 1; i10++) {
            u[i10] = vb1[i10];
        }
    }
    for (t11 = 4 - 1; t11 >= 0; t11--) {
        double c12 = 0.5 * x[0];
        #pragma pargrad scan(+ : c12)
        for (t8 = 0; t8 < n; t8++) {
            double v13 = erf((sp[(sp[t8].tag + ((t8 ^ 1) % n)) % n].hi));
            c12 = c12 + atan((exp(tanh(p)) + ((sp + (0))->hi)));
            vb1[t8] = sin(c12) + v13;
        }
        #pragma pargrad map
        for (int i14 = 0; n > i14; i14++) {
            double *pv15 = u + (i14);
            (*pv15) = 0.5 * (*pv15) + 0.5 * tanh(fabs(log1p(exp(-p * p) * exp(-p * p))));
        }
        const uint64_t q16 = 1ULL << 50;
        double T18 = 0.50, dt19 = 0.20;
        for (int t17 = 0; t17 <= T18 / dt19; t17++) {
            #pragma pargrad map
            for (i20 = 0; i20 < n; i20++) {
                u[i20] = ((log(2.0 + sin((0.25 * t11))) * (RG_MIN(((double)q16 * 1.0e-15), p + 0.25))) + sin(c12));
            }
        }
    }
    double v21 = cbrt(2.0 + sin(expm1(0.5 * sin((p * (w[2 * (n - 1) + 1]))))));
    #pragma pargrad map
    for (t8 = 0; n > t8; t8++) {
        pt22 = p;
        double wv23 = (-1.14);
        int wk24;
        for (wk24 = 0; wk24 * wk24 < 4 + (n + t8) % 5 && wv23 < 1.0e6; wk24++) {
            wv23 = 0.5 * wv23 + 0.25 * tanh(v21 + 0.1 * wk24);
            if (wk24 > n + 1)
                break;
        }
        double s25 = 0.0;
        for (int k26 = 0; k26 < n; k26++) {
            const double a28 = (((-0.39 * ((double)t8 / n) + cbrt(2.0 + sin(((float)wv23)))) + pt22)) * (0.5 + 0.125 * k26);
            double r29 = 0.0;
            for (int j27 = 0; j27 < m; j27++)
                r29 += x[k26 * m + j27];
            s25 += 0.02 * a28 * r29;
        }
        vb1[t8] = s25;
    }
    return (u[n / 2]);
}

#pragma pargrad reverse(f) wrt(x, p, u) out(u, return)
