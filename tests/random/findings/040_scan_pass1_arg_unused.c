/* uncompilable output (random tester seed 260271 on 9162a65, shrunk): an
 * arg-max reduce inside the terms of a scan's adjoint, whose two passes
 * are fused (rewrite/emit_scan.c). Pass 1 emits only what the terms need;
 * the reduce's index, read by the iterations in pass 2, was an unused
 * variable there (gcc -Werror=unused-variable: `s5_at`). Pass 1 now marks
 * it (void). */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define DATA_TYPE double

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))

double f(int n, int m, const double *x, const double *w, const rg_pt *sp, double *y) {
    int i4, j6;
    double pt7, pt15;
    double v3 = 0.5;
    #pragma pargrad scan(affine : y)
    for (i4 = 1; i4 - 1 < n - 1; ++i4) {
        double s5 = -1.0e3;
        #pragma pargrad reduce(max : s5)
        for (j6 = 0; j6 < m; j6++) {
            pt7 = 0.5;
            s5 = fmax(s5, (-0.21 * pt7 + ((w[(i4 + 1) % n]) * v3)));
        }
        y[i4] = y[i4 - 1] * (0.6 + 0.3 * sin((RG_LERP(0.5, (((0.5 < 0.215) ? 0.5 : s5)), 0.25)))) - 0.5 * (0.5);
    }
    if (0.5) {
        double hb9[5];
        #pragma pargrad histogram(max : hb9)
        for (i4 = 0; i4 < n; i4++) {
            int k12 = (i4 * 1 + 0) % 5;
            hb9[(i4 * 2 + 1) % 5] = fmax(((0.5 ? 0.5 : (0.1 * k12))), hb9[(i4 * 2 + 1) % 5]);
        }
        double hs11 = 0.0;
        for (int q13 = 0; q13 < 5; q13++)
            hs11 += hb9[q13] * (q13 % 3 + 1);
        #pragma pargrad scatter
        for (int i14 = 0; i14 < n; i14 = i14 + 1) {
            pt15 = 0.5;
            float f16 = (float)(0.5);
            y[(i14 + 2) % n] = (f16 + pt15);
        }
        return (0.5 + 0.1 * tanh(hs11));
    } else {
        double la17[3] = {0.5};
        return la17[1];
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp) out(y, return)
