/* Histograms inside a time loop, their bins zeroed at the start of each
 * step and then summed into, as EM and k-means iterations write them
 * (soft k-means' numerators: a K x d table every point adds into). The
 * bins are killed each step: nothing saves them (a tape of one value per
 * update, n * K * d doubles per step, ran a helper's soft k-means at 8.8
 * times its primal and 122 MB). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

double bin_steps(int n, int k, const int *bin, const double *x, double *c, int steps) {
    double *h = malloc(sizeof(double) * k);
    for (int s = 0; s < steps; s++) {
        memset(h, 0, sizeof(double) * k);
#pragma pargrad histogram(+ : h)
        for (int i = 0; i < n; i++)
            h[bin[i]] += x[i] * c[bin[i]];
#pragma pargrad map
        for (int j = 0; j < k; j++)
            c[j] = h[j] * h[j] / (1.0 + h[j] * h[j]) + 0.5;
    }
    double r = 0.0;
    for (int j = 0; j < k; j++)
        r += c[j] * (1.0 + 0.1 * j);
    free(h);
    return r;
}

double soft_kmeans(int n, int k, int d, const double *X, double *mu, int iters) {
    double *num = malloc(sizeof(double) * k * d), *den = malloc(sizeof(double) * k);
    double *resp = malloc(sizeof(double) * n * k);
    for (int it = 0; it < iters; it++) {
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            double m = -1e300, z = 0.0;
            for (int c = 0; c < k; c++) {
                double d2 = 0.0;
                for (int j = 0; j < d; j++)
                    d2 += (X[i * d + j] - mu[c * d + j]) * (X[i * d + j] - mu[c * d + j]);
                resp[i * k + c] = -d2;
                m = fmax(m, -d2);
            }
            for (int c = 0; c < k; c++) {
                resp[i * k + c] = exp(resp[i * k + c] - m);
                z += resp[i * k + c];
            }
            for (int c = 0; c < k; c++)
                resp[i * k + c] /= z;
        }
        memset(num, 0, sizeof(double) * k * d);
        memset(den, 0, sizeof(double) * k);
#pragma pargrad histogram(+ : num)
        for (int i = 0; i < n; i++)
            for (int c = 0; c < k; c++)
                for (int j = 0; j < d; j++)
                    num[c * d + j] += resp[i * k + c] * X[i * d + j];
#pragma pargrad histogram(+ : den)
        for (int i = 0; i < n; i++)
            for (int c = 0; c < k; c++)
                den[c] += resp[i * k + c];
#pragma pargrad map
        for (int c = 0; c < k; c++)
            for (int j = 0; j < d; j++)
                mu[c * d + j] = num[c * d + j] / (den[c] + 1e-3);
    }
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int q = 0; q < k * d; q++)
        loss += mu[q] * mu[q];
    free(num), free(den), free(resp);
    return loss;
}

#pragma pargrad reverse(bin_steps) wrt(x, c) out(return, c)
#pragma pargrad reverse(soft_kmeans) wrt(X, mu) out(return, mu)
