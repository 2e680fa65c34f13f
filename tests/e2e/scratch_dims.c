/* A scratch array the caller passes with dimensions computed from the
 * parameters (a layer's activations with a ghost column, act[F][m + 1]):
 * pargrad keeps the adjoint of such an array itself, laid out as the
 * declaration says. */
#include <math.h>

void layer(int F, int m, const double *w, const double *in, double act[F][m + 1], double *out) {
    for (int f = 0; f < F; f++) {
        act[f][m] = 0.0; /* the ghost column */
        for (int y = 0; y < m; y++)
            act[f][y] = tanh(w[f] * in[y]);
    }
    for (int f = 0; f < F; f++) {
        double s = 0.0;
        for (int y = 0; y < m; y++)
            s += act[f][y] * act[f][y + 1];
        out[f] = s;
    }
}

#pragma pargrad reverse(layer) wrt(w, in) out(out)
