/* k-means cost: a +-reduce over points of a min-reduce over clusters (written
 * as `if (dist < best) best = dist;`) of a +-reduce over dimensions. wrt the
 * centres only; kmeans_x.c differentiates wrt the points too. */
#include <math.h>

double kmeans_cost(int n, int k, int d, const double *x, const double *c) {
    double cost = 0.0;
#pragma pargrad reduce(+ : cost)
    for (int i = 0; i < n; i++) {
        double best = INFINITY;
#pragma pargrad reduce(min : best)
        for (int q = 0; q < k; q++) {
            double dist = 0.0;
#pragma pargrad reduce(+ : dist)
            for (int j = 0; j < d; j++) {
                double diff = x[i * d + j] - c[q * d + j];
                dist += diff * diff;
            }
            if (dist < best)
                best = dist;
        }
        cost += best;
    }
    return cost;
}

#pragma pargrad reverse(kmeans_cost) wrt(c)
