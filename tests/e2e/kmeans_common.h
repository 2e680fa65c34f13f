/* Shared by kmeans_check.c and kmeans_x_check.c: random data without ties and
 * the closed-form gradient (each point pulls on its nearest centre). */
#ifndef KMEANS_COMMON_H
#define KMEANS_COMMON_H

#include "gradcheck.h"

enum { KM_N = 80, KM_K = 5, KM_D = 3 };

static inline double km_dist(const double *x, const double *c, int i, int q) {
    double s = 0.0;
    for (int j = 0; j < KM_D; j++) {
        double t = x[i * KM_D + j] - c[q * KM_D + j];
        s += t * t;
    }
    return s;
}

/* Fills x and c; requires every point's nearest centre to be unique with a
 * margin far larger than the finite-difference steps. Returns the cost and
 * the expected gradients (either may be NULL). */
static inline double km_setup(double *x, double *c, double *ex_x, double *ex_c) {
    gc_fill(x, KM_N * KM_D, -2.0, 2.0);
    gc_fill(c, KM_K * KM_D, -2.0, 2.0);
    double cost = 0.0;
    int ties = 0;
    int used[KM_K] = {0};
    if (ex_x)
        gc_zero(ex_x, KM_N * KM_D);
    if (ex_c)
        gc_zero(ex_c, KM_K * KM_D);
    for (int i = 0; i < KM_N; i++) {
        int a = 0;
        for (int q = 1; q < KM_K; q++)
            if (km_dist(x, c, i, q) < km_dist(x, c, i, a))
                a = q;
        for (int q = 0; q < KM_K; q++)
            if (q != a && km_dist(x, c, i, q) - km_dist(x, c, i, a) < 1e-3)
                ties++;
        used[a] = 1;
        cost += km_dist(x, c, i, a);
        for (int j = 0; j < KM_D; j++) {
            double t = x[i * KM_D + j] - c[a * KM_D + j];
            if (ex_x)
                ex_x[i * KM_D + j] += 2.0 * t;
            if (ex_c)
                ex_c[a * KM_D + j] -= 2.0 * t;
        }
    }
    gc_require(ties == 0, "k-means data has near ties (change the seed)");
    int nused = 0;
    for (int q = 0; q < KM_K; q++)
        nused += used[q];
    gc_require(nused >= 3, "k-means data uses fewer than 3 centres (change the seed)");
    return cost;
}

#endif
