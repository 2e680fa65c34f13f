/* Weights every sample reads, held the ways ML code holds them: a C99
 * matrix parameter W[K][D], rows of a known length (*V)[D], and an array
 * a struct points to (L->w). Their adjoints are summed by every iteration
 * of the loop over samples: each thread adds into partial sums of its
 * own, added in once at the end, not atomically into the shared array
 * (as a flat `const double *w` has been: helpers' planar flows and a
 * LayerNorm block ran slower on two threads than on one). */
#include <math.h>

typedef struct {
    int k, d;
    const double *w;    /* k rows of d */
    const double *bias; /* k */
} Linear;

double vla_loss(int n, int k, int d, const double *x, const double W[k][d]) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
    for (int s = 0; s < n; s++) {
        double acc = 0.0;
        for (int r = 0; r < k; r++) {
            double z = 0.0;
            for (int j = 0; j < d; j++)
                z += W[r][j] * x[s * d + j];
            acc += tanh(z);
        }
        total += acc * acc;
    }
    return total;
}

double rows_loss(int n, int d, const double *x, const double (*V)[8]) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
    for (int s = 0; s < n; s++) {
        const int r = s % d;
        double z = 0.0;
        for (int j = 0; j < 8; j++)
            z += V[r][j] * x[s * 8 + j];
        total += log1p(z * z);
    }
    return total;
}

void linear_tanh(int n, const Linear *L, const double *x, double *y) {
#pragma pargrad map
    for (int s = 0; s < n; s++) {
        double best = -1e300;
        for (int r = 0; r < L->k; r++) {
            double z = L->bias[r];
            for (int j = 0; j < L->d; j++)
                z += L->w[r * L->d + j] * x[s * L->d + j];
            best = fmax(best, tanh(z) + 0.01 * r);
        }
        y[s] = best;
    }
}

#pragma pargrad reverse(vla_loss) wrt(W)
#pragma pargrad reverse(rows_loss) wrt(V)
#pragma pargrad reverse(linear_tanh) wrt(L) out(y)
