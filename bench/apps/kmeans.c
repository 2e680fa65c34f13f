/* Application benchmark k-means (BENCH.md applications): the cost of a
 * clustering,
 *     cost(C) = sum_i min_c ||x_i - C_c||^2,
 * over n points x (n x d, row-major) and k centres C (k x d, row-major),
 * differentiated wrt the centres (the points are data). Written as one
 * writes the assignment step of Lloyd's algorithm in OpenMP: the points in
 * parallel with a reduction of the cost, a row pointer per point and per
 * centre, the nearest centre found by a running minimum, the squared
 * distance a simd reduction over the coordinates.
 *
 * Generated: double kmeans_b(int k, int n, int d, const double *x,
 *                            const double *C, double *C_b, double seed);
 * (C_b incremented with seed * dcost/dC; returns the cost.) The gradient
 * is -2 seed sum_{i: a(i) = c} (x_i - C_c) for centre c, a(i) the nearest
 * centre of point i (the first one on a tie).
 * tests/e2e/kmeans_app.c is this file (a link), checked against finite differences
 * there. */
#include <math.h>

double kmeans(int k, int n, int d, const double *x, const double *C) {
    double cost = 0.0;
#pragma pargrad reduce(+ : cost)
#pragma omp parallel for reduction(+ : cost) schedule(static)
    for (int i = 0; i < n; i++) {
        const double *xi = x + (long)i * d;
        double best = INFINITY;
#pragma pargrad reduce(min : best)
        for (int c = 0; c < k; c++) {
            const double *Cc = C + (long)c * d;
            double dist = 0.0;
#pragma pargrad reduce(+ : dist)
#pragma omp simd reduction(+ : dist)
            for (int j = 0; j < d; j++) {
                double diff = xi[j] - Cc[j];
                dist += diff * diff;
            }
            if (dist < best)
                best = dist;
        }
        cost += best;
    }
    return cost;
}

#pragma pargrad reverse(kmeans) wrt(C)
