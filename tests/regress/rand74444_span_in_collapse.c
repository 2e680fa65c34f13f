/* random seed 74444: uncompilable (a span of partial sums emitted between collapse(2)'s loops) before the fix (see findings.list) */
/* pargrad_gen 74444 */
/* the helpers of prog.c */
#ifndef PROG_HELPERS_H
#define PROG_HELPERS_H

#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real_t;
#define DATA_TYPE double
typedef float real32;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static double *rg_new_vec(int k) {
    return (double *)malloc(sizeof(double) * (size_t)k);
}

static double rg_rowdot(int m, const double *r) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += r[j] * (0.3 + 0.1 * j);
    return s / m;
}

static double h1(const double *v, int k) {
    return ((*(v + (k))));
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += ((((v[i] < 0.275) ? 1.05 : v[i])) + (q[i] + 1.49));
    }
    return s;
}
#endif


double f(int n, int m, const DATA_TYPE *x, const double a[n][m], const double **rt, double *y) {
    double *tm1 = rg_new_vec(n * m);
    int i7, j15, i20;
    real_t v2 = 0.39;
    double cr3[4];
    for (int q5 = 0; q5 < 4; q5++)
        cr3[q5] = 8.0 + 0.125 * q5;
    double *ro4 = malloc(sizeof(double) * (size_t)n * 4);
    #pragma pargrad scan(min : cr3)
    for (i7 = 0; i7 < n; i7++) {
        const double xv8 = (sqrt(1.0 + (x[n - 1]) * (x[n - 1])) - (((*(x + (2 * (0) + 0)))) + rt[0][0]));
        for (int j9 = 0; j9 < 4; j9++) {
            if ((xv8 + 0.05 * j9) < cr3[j9]) cr3[j9] = (xv8 + 0.05 * j9);
            ro4[i7 * 4 + j9] = cr3[j9] * (0.5 + 0.1 * j9);
        }
    }
    double rs6 = 0.0;
    for (int q10 = 0; q10 < n * 4; q10++)
        rs6 += ro4[q10] * (q10 % 3 + 1);
    for (int q10 = 0; q10 < 4; q10++)
        rs6 += cr3[q10];
    free(ro4);
    int k11 = (n * 3 + 1) % 5;
    double la12[m + 2];
    la12[0] = ((&x[2 * (0) + 1])[0]);
    la12[1] = (*x);
    la12[2] = sinf((float)hypot(sin(rs6), 0.5 + (*x) * (*x)));
    real_t s13 = 1.0e3;
    #pragma pargrad reduce(min : s13)
    for (int i14 = 0; i14 < n; i14++) {
        #pragma pargrad map
        for (j15 = 0; j15 < m; j15++) {
            double *pv16 = &y[i14 * m + j15];
            (*pv16) = fmax((x[(0) * m + j15]), ((float)sin(((double)j15 / n))) - 0.25);
        }
        real32 f17 = (real32)((((rg_rowdot(m, rt[i14])) > 0.5 ? logf(1.0f + (float)(-1.29) * (float)(-1.29)) / (double)(int)((rg_rowdot(m, rt[i14])) + 0.5) : 0.99)));
        double r18 = (0.5 * sqrtf(1.0f + (float)(((0.1 * i7) + v2) * ((0.1 * i7) + v2))));
        double *rp19 = &r18;
        *rp19 = 0.5 * *rp19 + 0.25 * tanh((((x[i14] < -0.165) ? (((7 / 2) * 0.25) + (0.25 * i14)) : (x[n - 1]))));
        s13 = fmin(s13, cbrt(2.0 + sin((0.1 * j15))));
    }
    #pragma pargrad map
    for (i20 = n - 1; i20 >= 0; i20 -= 1) {
        y[i20] = hypot((sqrtf(1.0f + (float)((x[n - 1 - i20]) * (x[n - 1 - i20]))) * (0.1 * i7)), 0.5 + cbrt(2.0 + sin((((double)i20 / n) - (s13 / (1.0 + s13 * s13))))) * cbrt(2.0 + sin((((double)i20 / n) - (s13 / (1.0 + s13 * s13))))));
    }
    double ret = tanh(((fmax(fmax(atan((0.1 * k11)), rt[0][0] - 0.25), (RG_SQ((x[2 * (n - 1) + 0])) - (0.36 - (rt[0][m - 1]))) - 0.25) + s13) + 0.1 * (a[n - 1][m - 1])));
    free(tm1);
    return ret;
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
