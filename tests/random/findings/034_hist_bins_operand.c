/* uncompilable (random tester seed 1540044 on 5c2cf98, shrunk): a +
 * histogram into a malloc'ed array of n * m elements, in a time loop. The
 * map's header in the output reads the number of bins (to choose
 * per-thread copies of the bins or atomics), but the passes over the IR
 * did not see that operand, so the temporary holding n * m went as unused
 * ("'t46' undeclared"). The map's header now visits it. */
/* pargrad_gen 1540044 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real;

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

static double rg_ptval(rg_pt v, double t) {
    return v.lo * t + 0.5 * v.hi + 0.1 * v.tag;
}

static void rg_blend(double *dst, double v) {
    *dst = 0.5 * *dst + 0.25 * tanh(v);
}

static unsigned rg_step(unsigned *st) {
    *st = *st * 1664525u + 1013904223u;
    return (*st >> 8) & 0xffu;
}

double f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *u, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf4[64];
    int i8, i17, j21, i22;
    unsigned st13 = (unsigned)(n * 7 + 1);
    int k14 = (int)(rg_step(&st13) % 5u);
    for (int t15 = 0; t15 < (int)2.7 + 1; t15++) {
        if (0.5) {
            #pragma pargrad histogram(+ : tm3)
            for (i22 = n - 1; i22 >= 0; i22 -= 1) {
                tm3[(i22 * 7 + 2) % n] = tm3[(i22 * 7 + 2) % n] + (0.5);
            }
        } else {
        }
    }
    double ret = 0.5;
    free(tm2);
    free(tm3);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, w, sp, p, u) out(u, y, return)
