/* ADOL-C peer of the k-means benchmarks (bench/apps/kmeans.c): the cost
 * sum_i min_c ||x_i - C_c||^2 written with adouble, taped afresh at every
 * call (the nearest centre is found by comparisons of the data) and
 * differentiated by one reverse sweep; see adolc_peer.h. Exports the
 * generated gradient's signature as kmeans_adolc_b (the driver's
 * -DPGB_PEER_ADOLC): C_b incremented with seed * dcost/dC, returns the cost.
 * Serial. The tape holds about 3 d + 3 operations per point and centre:
 * kmeans_1024_10000_256 (8e9) is over PGB_ADOLC_MAX_OPS and skipped. */
#include "adolc_peer.h"

#include <cmath>

extern "C" double kmeans_adolc_b(int k, int n, int d, const double *x, const double *C, double *C_b,
                                 double seed) {
    const int kd = k * d;
    pgb_adolc_trace_on((double)n * k * (3.0 * d + 3.0) + 2.0 * kd);
    double f;
    {
        adouble *aC = new adouble[kd];
        for (int e = 0; e < kd; e++)
            aC[e] <<= C[e];
        adouble cost = 0.0;
        for (int i = 0; i < n; i++) {
            const double *xi = x + (long)i * d;
            adouble best = INFINITY;
            for (int c = 0; c < k; c++) {
                const adouble *Cc = aC + (long)c * d;
                adouble dist = 0.0;
                for (int j = 0; j < d; j++) {
                    adouble diff = xi[j] - Cc[j];
                    dist += diff * diff;
                }
                if (dist < best)
                    best = dist;
            }
            cost += best;
        }
        cost >>= f;
        delete[] aC;
    }
    pgb_adolc_trace_off();
    double *g = new double[kd];
    pgb_adolc_gradient(kd, C, seed, g);
    for (int e = 0; e < kd; e++)
        C_b[e] += g[e];
    delete[] g;
    return f;
}
