/* a tester limit, not a pargrad bug (random tester seed 8700589): a min
 * reduce over sin of a large argument (about 1.5e4: tm2^4 with tm2 =
 * sqrtf(1.0f + (float)(u * u)) and u up to 11). The campaign's finite differences come from
 * the program's double twin (the float casts written as double), whose
 * return value differs from the float program's by 3e-4 (1.208334 against
 * 1.208003): float rounding of sqrtf, squared twice, moves the sine's
 * argument by some 1e-3 radians. pargrad's x_b (d ret / d x[n/2] = 1 / (1 + r^2),
 * which depends only on the value r) matches the float program, not the
 * twin. driver.h now checks the twin against the float program before
 * differentiating and calls such a program unusable (exit 3). */
/* pargrad_gen 8700589 */
/* the helpers of prog.c */
#ifndef PROG_HELPERS_H
#define PROG_HELPERS_H

#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>


typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

static const double ctab5[6] = {-0.68, -0.48, -0.04, 0.58, 0.86, 0.06};
static const double cs6 = -0.90;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static void *rg_xmalloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p)
        abort();
    return p;
}

static void rg_ptmix(rg_pt *v, double e) {
    v->lo = 0.5 * v->lo + 0.25 * tanh(e);
    v->hi -= 0.25 * v->lo;
}

static void rg_blend(double *dst, double v) {
    *dst = 0.5 * *dst + 0.25 * tanh(v);
}

#endif

double f(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm1 = rg_xmalloc(sizeof(double) * n * m);
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    int t10, j12, i23;
    double T8 = 0.30, dt9 = 0.10;
    for (int t7 = 0; t7 < T8 / dt9; ++t7) {
        for (t10 = 0; t10 < 9 % 5; t10++) {
            #pragma pargrad histogram(+ : u)
            for (int i11 = 0; i11 < n; i11++) {
                u[(i11 * 3 + 3) % n] = u[(i11 * 3 + 3) % n] + (sqrt(1.0 + (cs6 / (1.0 + ctab5[3] * ctab5[3])) * (cs6 / (1.0 + ctab5[3] * ctab5[3]))));
            }
            if (((*(u + (n - 1)))))
                break;
        }
    }
    #pragma pargrad map
    for (int i17 = 0; i17 != n; i17++) {
        double v18 = sqrtf(1.0f + (float)((u[(i17 + 1) % n]) * (u[(i17 + 1) % n])));
        double *pv19 = &tm2[i17];
        pv19[0] = v18;
    }
    double s22 = 1.0e3;
    #pragma pargrad reduce(min : s22)
    for (i23 = n - 1; i23 > 0 - 1; --i23) {
        s22 = (sin((RG_SQ(hypot(0.5, 0.5 + tm2[i23] * tm2[i23])) - sqrtf(1.0f + (float)(u[i23] * u[i23])))) < s22) ? sin((RG_SQ(hypot(0.5, 0.5 + tm2[i23] * tm2[i23])) - sqrtf(1.0f + (float)(u[i23] * u[i23])))) : s22;
    }
    double ret = atan(((x[n / 2]) + s22));
    free(tm1);
    free(tm2);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, y, return)
