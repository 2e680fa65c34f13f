/* Campaign seed 107722 (CUDA backend): a local array the host allocates,
 * declared again in the block that re-runs the forward statements: the
 * block's allocation renamed the array for good, so the function's end
 * freed the block's (out of scope: 'mx25_2' was not declared) and leaked
 * its own. */
/* pargrad_gen 107722 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <omp.h>
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

static void rg_ptmix(rg_pt *v, double e) {
    v->lo = 0.5 * v->lo + 0.25 * tanh(e);
    v->hi -= 0.25 * v->lo;
}

static double rg_lse(double a, double b) {
    double m = a > b ? a : b;
    if (m == -INFINITY)
        return m;
    return m + log(exp(a - m) + exp(b - m));
}

static double rg_lsub(double z, double b) {
    return z + log1p(-exp(b - z));
}

typedef struct {
    double a, b;
} rg_pr;

static rg_pr rg_prc(rg_pr u, rg_pr v) {
    return (rg_pr){u.a + v.a + u.b * v.b, u.b + v.b};
}

#pragma pargrad declare op(rg_lse_gen, double, rg_lse, -INFINITY) commutative
#pragma pargrad declare op(rg_pr_op, rg_pr, rg_prc, {0.0, 0.0}) commutative

double f(int n, int m, const double *x, const double *w, double *y) {
    double buf1[64];
    int i11;
    for (int t3 = 0; t3 < n; t3 += 1) {
        rg_pr c4 = {0.0, 0.0};
        #pragma pargrad scan(rg_pr_op : c4)
        for (int i5 = 0; i5 < n; i5 += 1) {
            buf1[i5] = 0.1 * c4.b + 0.5;
        }
    }
    double mx25[4] = {0.0};
    for (int t26 = 0; t26 < m; t26++) {
        const double cw28 = 0.5 + 0.25 * tanh(0.5 + 0.125 * t26);
        for (int t27 = 0; t27 < 4; t27++)
            mx25[t27] += cw28 * x[(t26 * 4 + t27) % (n * m)] * (0.5 + 0.125 * t27);
    }
    double v29 = 0.0;
    for (int t27 = 0; t27 < 4; t27++)
        v29 += (0.25 + 0.125 * t27) * mx25[t27];
    #pragma pargrad map
    for (i11 = 1; i11 < n - 1; i11++) {
        double hb33[5];
        double hr36 = 0.0;
        for (int q37 = 0; q37 < 5; q37++)
            hr36 += hb33[q37] * hb33[q37];
        #pragma pargrad histogram(rg_lse_gen : hb33)
        for (int i38 = n - 1; i38 >= 0; i38--) {
            const int kb39 = (i38 * 7 + 0) % 1 * 5;
            for (int j40 = 0; j40 < 5; j40++) {
                hb33[kb39 + j40] = rg_lse((buf1[n - 1]), hb33[kb39 + j40]);
            }
        }
    }
    const double a42 = 0.5 * (v29) + x[(0) * m];
    double s43 = 0.0;
    for (int j44 = 0; j44 < m; j44++)
        s43 += sin(a42 * x[(0) * m + j44]) + 0.5 * x[(0) * m + j44];
    y[0] = tanh(s43) + 0.5 * a42;
    return 0.5;
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
