/* uncompilable output (random tester seed 2702024 on fa44735): a scan in
 * a loop whose adjoint fused with the map after it; renaming gave that map
 * an index of its own, which the fused region bound from the block's
 * counter (`const long k_1 = k;`) although the map's body no longer read
 * it (its accesses had become scalars): -Wunused-variable under -Werror.
 * The binding is now printed only where the body reads the index. */
/* pargrad_gen 2702024 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))

static double rg_ptval(rg_pt v, double t) {
    return v.lo * t + 0.5 * v.hi + 0.1 * v.tag;
}

static void rg_blend(double *dst, double v) {
    *dst = 0.5 * *dst + 0.25 * tanh(v);
}

void f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *y) {
    int i3;
    float f1 = (float)((0.5 * hypot((x[n - 1]), 0.5 + 0.36 * 0.36)));
    double c2 = 0.0;
    #pragma pargrad scan(+ : c2)
    for (i3 = 0; i3 < n; i3++) {
        double r4 = ((*(w + (i3))));
        double *rp5 = &r4;
        *rp5 = 0.5 * *rp5 + 0.25 * tanh(exp(tanh((RG_MIN((sp[(sp[n - 1 - i3].tag + (n - 1 - i3)) % n].hi), f1 + 0.25)))));
        y[i3] = sin(c2) + (rg_ptval(sp[i3], 0.5));
        c2 += exp(tanh(p));
    }
    double s6 = p + 0.5;
    #pragma pargrad reduce(min : s6)
    for (int i7 = 0; i7 <= n - 1; i7++) {
        double r8 = ((float)(-1.14));
        rg_blend(&r8, atan((1.32 * hypot((0.25 * i7), 0.5 + atan(c2) * atan(c2)) + (x[(i7 ^ 1) % n]))));
        r8 += log1p(pow(1.5 + cos(r8), 1.5) * pow(1.5 + cos(r8), 1.5));
        if (((0.5 * tan(0.7 * tanh((x[n - 1])))) + p) < s6) s6 = ((0.5 * tan(0.7 * tanh((x[n - 1])))) + p);
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp, p) out(y)
