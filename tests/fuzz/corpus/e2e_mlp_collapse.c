/* Regression (trust issue): a 2-layer perceptron whose hidden layer is a map
 * nested in a map. The adjoint of X (X_b[i*D + j] += ..., summed over the
 * hidden units k) is race-free per sample i only: the nest must not be
 * collapsed, or (i, k1) and (i, k2) update X_b[i*D + j] on two threads.
 * X is N x D, W1 D x H, w2 H. */
#include <math.h>
#include <stdlib.h>

enum { D = 5, H = 3001 };

double mlp(int N, const double *X, const double *W1, const double *w2) {
    double *Z = malloc(N * H * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < N; i++) {
#pragma pargrad map
        for (int k = 0; k < H; k++) {
            double a = 0.0;
#pragma pargrad reduce(+ : a)
            for (int j = 0; j < D; j++)
                a += X[i * D + j] * W1[j * H + k];
            Z[i * H + k] = tanh(a);
        }
    }
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int i = 0; i < N; i++) {
        double o = 0.0;
#pragma pargrad reduce(+ : o)
        for (int k = 0; k < H; k++)
            o += Z[i * H + k] * w2[k];
        loss += (o - 0.5) * (o - 0.5);
    }
    free(Z);
    return loss;
}

#pragma pargrad reverse(mlp) wrt(X)
