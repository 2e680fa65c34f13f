/* uncompilable output (random tester seed 6430596 on d2d940a, shrunk): a
 * map of 4 iterations run as vector lanes (rewrite/emit_lanes.c) whose
 * first run of per-lane values was all inlined into a later lane loop;
 * the first loop still declared the lane's index, then unused (gcc
 * -Werror=unused-variable: `t10_iter`). The index counts as read only by
 * the statements a lane loop emits, and a run with nothing to emit gets
 * no loop. */
/* pargrad_gen 6430596 */
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
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static void *rg_xmalloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p)
        abort();
    return p;
}

void f(int n, int m, const double *x, const double *w, const rg_pt *sp, double *u) {
    double *tm1 = rg_xmalloc(sizeof(double) * n * m);
    int t6, i11, i12;
    for (int t4 = 0; t4 < 2; t4++) {
        if (0.5) {
            free(tm1);
            return;
        }
    }
    double T7 = 0.70, dt8 = 0.25;
    for (t6 = 0; t6 < T7 / dt8; t6++) {
        double v9 = 0.5;
        for (int t10 = 4 - 1; t10 >= 0; t10--) {
            #pragma pargrad map
            for (i11 = 1; i11 - 1 < n - 1 - 1; ++i11) {
                tm1[i11] = 0.5 * u[i11] + 0.25 * (u[i11 - 1] + u[i11 + 1]) * tanh(0.5);
            }
            #pragma pargrad map
            for (i12 = 1; i12 + 1 < n - 1 + 1; i12++) {
                u[i12] = tm1[i12];
            }
        }
        double wv13 = 0.5;
        int wk14 = 0;
        while (wk14 < 2 + (n + t6) % 3) {
            wv13 = 0.5 * wv13 + 0.25 * tanh(v9 + 0.1 * wk14);
            wk14++;
        }
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp, u) out(u)
