/* Campaign seed 107677 (CUDA backend): two sequential loops, each run in a
 * one-thread kernel, whose carried sums' results later kernels read (a
 * reduce's initial value): each result is its carried scalar's C variable
 * after the loop, named in its kernel's scope, so both frame fields took
 * the same name (g++: redeclaration of 'f_b_frame::ts10_4'). */
/* pargrad_gen 107677 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>


static void *rg_xmalloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p)
        abort();
    return p;
}

typedef struct {
    double a, b;
} rg_af;

static rg_af rg_afc(rg_af u, rg_af v) {
    rg_af r;
    r.a = v.a * u.a;
    r.b = v.a * u.b + v.b;
    return r;
}

#pragma pargrad declare op(rg_af_op, rg_af, rg_afc, {1.0, 0.0})

double f(int n, int m, const double *x, double *u, double *y) {
    double *tm1 = rg_xmalloc(sizeof(double) * n * m);
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    {
        int la4, lb5;
        for (la4 = 0; la4 < n; la4++)
            for (lb5 = 0; lb5 <= la4; lb5++)
                u[lb5] = 0.5 * u[lb5] + 0.25 * tanh(0.5);
    }
    double wv6 = 0.5;
    int wk7 = 0;
    #pragma pargrad while bound(4)
    while (wk7 < 2 + (n + 0) % 3) {
        wv6 = 0.5 * wv6 + 0.25 * tanh(0.5 + 0.1 * wk7);
        wk7++;
        if (wk7 > n + 1)
            break;
    }
    double *tr9 = malloc(sizeof(double) * (size_t)4 * (size_t)n);
    double ts10 = 0.0;
    for (int k12 = 0; k12 < 4 * n; k12++)
        ts10 += sin(tr9[k12]) * tr9[k12];
    #pragma pargrad reduce(+ : ts10)
    for (int k12 = 0; k12 < 4 * n; k12++)
        ts10 += tr9[k12] * (0.5 + 0.125 * (k12 % 3));
    double sa14[2], sb15[2];
    double v16 = 0.0;
    for (int t17 = 0; t17 < 3; t17++) {
        for (int t18 = 0; t18 < 2; t18++)
            sa14[t18] = (fmin((u[n / 2]), ts10 + 0.25)) * (0.5 + 0.25 * t18) - 0.1 * t17;
        for (int t18 = 0; t18 < 2; t18++)
            sb15[t18] = sa14[t18] * (0.5);
        int k20 = 0;
        for (int t18 = 0; t18 < 2; t18++)
            for (int t19 = t18 + 1; t19 < 2; t19++) {
                sb15[t19] += (0.25 + 0.125 * k20) * sa14[t18];
                k20++;
            }
        for (int t18 = 0; t18 < 2; t18++)
            v16 += 0.25 * tanh(sb15[t18]) + 0.125 * sa14[t18] * sa14[t18];
    }
    double ret = 0.5;
    free(tm1);
    free(tm2);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, u) out(u, y, return)
