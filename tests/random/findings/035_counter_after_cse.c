/* internal error (random tester seed 1541747 on 779f77c and later,
 * shrunk): a scan(*) counting down from n - 1 in a time loop, after an
 * initialiser that also computes n - 1. The optimiser replaced the
 * scan's own n - 1 by the earlier one everywhere but in the record of
 * the user's counter attached to the scan's index (the scan's maps carry
 * it on the statement defining i, not on a loop), which kept naming the
 * dropped temporary; the extent of y_b, bounded through that counter,
 * then used it ("ir verify: use of a variable not in scope"). Counters
 * are now rewritten wherever they are attached. */
/* pargrad_gen 1541747 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define fp double

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

static void rg_ptmix(rg_pt *v, double e) {
    v->lo = 0.5 * v->lo + 0.25 * tanh(e);
    v->hi -= 0.25 * v->lo;
}

static unsigned rg_step(unsigned *st) {
    *st = *st * 1664525u + 1013904223u;
    return (*st >> 8) & 0xffu;
}

static double h1(const double *v, int k) {
}
double f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    int ia3[3] = {0, n / 2, n - 1};
    (void)ia3;
    int t4, i5, j7, i14, i49, i57, i59;
    if (0.5) {
        double ret = 0.5;
        free(tm1);
        free(tm2);
        return ret;
    } else {
        for (i49 = 0; i49 < 2; i49++) {
            double c56 = 1.0;
            #pragma pargrad scan(* : c56)
            for (i57 = n - 1; i57 > 0 - 1; --i57) {
                c56 = c56 * (1.0 + 0.2 * tanh((0.5 / (1.0 + y[i57] * y[i57]))));
            }
        }
        double ret = 0.5;
        free(tm1);
        free(tm2);
        return ret;
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp) out(y, return)
