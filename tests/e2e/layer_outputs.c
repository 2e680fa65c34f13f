/* A dense layer's helper filling its outputs in a loop over n_out, the
 * caller reading them after (a policy's one logit per step): GCC's
 * -Wmaybe-uninitialized took the reads in the gradient's outlined
 * OpenMP functions for reads of elements no trip wrote (out[0] after
 * o < n_out), and the output did not build with -Werror; the primal
 * builds clean. */
#include <math.h>

typedef struct {
    int n_in, n_out;
} Layer;

static void dense(const Layer *L, const double *W, const double *x, double *y) {
    for (int o = 0; o < L->n_out; o++) {
        double s = 0.0;
        for (int i = 0; i < L->n_in; i++)
            s += W[o * L->n_in + i] * x[i];
        y[o] = s;
    }
}

double policy_value(int T, const Layer *val, const double *obs, const double *W) {
    double tot = 0.0;
#pragma pargrad reduce(+ : tot)
    for (int t = 0; t < T; t++) {
        double out[1];
        dense(val, W, obs + t * val->n_in, out);
        tot += tanh(out[0]);
    }
    return tot;
}

#pragma pargrad reverse(policy_value) wrt(W, obs)
