/* k-means cost as in kmeans.c, with the min-reduce written with fmin, and
 * differentiated with respect to both the points and the centres. */
#include <math.h>

double kmeans_cost_x(int n, int k, int d, const double *x, const double *c) {
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
            best = fmin(best, dist);
        }
        cost += best;
    }
    return cost;
}

#pragma pargrad reverse(kmeans_cost_x) wrt(x, c)
