/* expect: 22:17: also runs 'bi = q': pargrad follows only the update there */
/* k-means' assignment as often written: the nearest centre's distance in a
 * min reduce, its index set in the same if. The index of the minimum is
 * not followed; the message says so (it once said the if "reads the
 * reduction variable"), and its hint works (tests/e2e/kmeans.c: the
 * update alone; the loop without the pragma: a sequential loop). */
#include <math.h>

double nearest(int n, int k, int d, const double *x, const double *c) {
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int i = 0; i < n; i++) {
        double best = INFINITY;
        int bi = 0;
#pragma pargrad reduce(min : best)
        for (int q = 0; q < k; q++) {
            double dist = 0.0;
            for (int j = 0; j < d; j++)
                dist += (x[i * d + j] - c[q * d + j]) * (x[i * d + j] - c[q * d + j]);
            if (dist < best) {
                best = dist;
                bi = q;
            }
        }
        loss += sqrt(best) + 0.5 * c[bi * d];
    }
    return loss;
}

#pragma pargrad reverse(nearest) wrt(c)
