/* uncompilable output (random tester seed 2800144 on 0a5b727): a scan
 * whose iteration declares a local array (la15), fused (rewrite/fuse.c)
 * with the map computing its terms, a slice of the same body that
 * declares the array too: the fused loop declared both copies in one C
 * block (`redefinition of 'la15'`). A map's statements that declare
 * arrays now get a block of their own in the fused loop. */
/* pargrad_gen 2800144 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real_t;

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))

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

static double rg_pm(double a, double b) {
    return a + b + a * b;
}

static double rg_pmi(double z, double b) {
    return (z - b) / (1.0 + b);
}

#pragma pargrad declare op(rg_pm_op, double, rg_pm, 0.0) commutative inverse(rg_pmi)

void f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *u) {
    double *tm1 = rg_xmalloc(sizeof(double) * n * m);
    int t3, j13, i17;
    double pt11, pt14;
    for (t3 = 2 - 1; t3 >= 0; t3--) {
    }
    if (0.5) {
    } else {
        double s9 = p + 0.5;
        #pragma pargrad reduce(min : s9)
        for (int i10 = 0; i10 < n; i10 = i10 + 1) {
            pt11 = 0.5;
            if (0.5) {
                double c12 = 0.5 * x[0];
                #pragma pargrad scan(c12)
                for (j13 = 0; j13 < m; j13++) {
                    pt14 = 0.5;
                    double la15[3] = {0};
                    c12 = rg_pm(0.2 * tanh(((0.5 ? (la15[i10 % 3]) : 0.5))), c12);
                    tm1[i10 * m + j13] = c12 * (0.5);
                }
            } else {
            }
        }
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp, p, u) out(u)

