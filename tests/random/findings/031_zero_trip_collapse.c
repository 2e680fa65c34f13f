/* uncompilable (random tester seed 1400691 of the campaign on 910f81a,
 * reduced by the campaign): a pointer-swapping loop whose step count is
 * the constant 0 (`t12 < 0`, as a macro N of 0 gives) inside a loop with a
 * floating bound. Saving what the nest overwrites is a map nest, emitted
 * with collapse(2); clang computes the collapsed trip count by dividing by
 * the inner loop's, and -Wdivision-by-zero rejects the output under
 * -Werror. An inner loop that never runs is no longer collapsed. */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

static double *rg_new_vec(int k) {
    return (double *)malloc(sizeof(double) * (size_t)k);
}

static void *rg_xmalloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p)
        abort();
    return p;
}

void f(int n, int m, const double *x, const double *w, const rg_pt *sp, double *u, double *y) {
    if (n <= 1)
        return;
    double *tm1 = rg_xmalloc(sizeof(double) * n * m);
    double *tm2 = rg_new_vec(n * m);
    double buf3[64];
    int t12, j20;
    double T9 = 1.00, dt10 = 0.25;
    for (int t8 = 0; t8 < T9 / dt10; t8++) {
        double *pc15 = u, *pn16 = buf3, *ps17;
        for (t12 = 0; t12 < 0; t12 += 1) {
            pn16[n - 1] = pc15[n - 1];
            ps17 = pc15;
            pn16 = ps17;
        }
    }
}

#pragma pargrad reverse(f) wrt(x, w, sp, u) out(u, y)
